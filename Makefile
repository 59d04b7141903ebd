# Scheids: `make run` starts the bot (the local console without a Discord token), `make test` runs everything.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
# Two installs: what the bot needs (make run), and on top of it the test and lint tools and the
# embedded PostgreSQL the tests start (make test and the rest).
RUN_STAMP := $(VENV)/.installed-run
STAMP := $(VENV)/.installed
ARGS ?=

.PHONY: run test lint bench bench-load bench-ai soak fuzz clean

$(RUN_STAMP): pyproject.toml
	@echo "scheids: installing what the bot needs into $(VENV) (once)…"
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e .
	touch $(RUN_STAMP)

$(STAMP): $(RUN_STAMP)
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# make run ARGS="--lang nl --db data/other.sqlite3" (python -m bot --help lists them)
run: $(RUN_STAMP)
	$(PY) -m bot $(ARGS)

# Style and types first (ruff, then mypy; fail fast), then both cores: the engines' 1,000-game
# playouts dominate the run. worksteal: a worker that runs dry takes half of the other's queue
# (with the default "load" one worker ran the last long tests alone for 20 minutes).
test: lint
	$(PY) -m pytest -n auto --dist worksteal engines render bot tests

# mypy holds every engine to engines/core/contract.py (each engine.py declares itself against it).
lint: $(STAMP)
	$(VENV)/bin/ruff check engines render bot
	$(PY) -m mypy engines render bot

bench: $(STAMP)
	$(PY) -m bench

# Sustained moves/s of real bot processes under a steady arrival of moves (bounded: rate steps of
# LOAD_STEP_SECONDS each, up to LOAD_RATES); see bench/load.py for the settings.
bench-load: $(STAMP)
	$(PY) -m bench.load

# The computer's strength per game and level (win rates with Wilson intervals, time per move):
# bounded by default, e.g. make bench-ai AI_GAMES=40 AI_MAX_MOVES=400 AI_SLUGS=militakiri
# (AI_FIRST_GAME=40 then plays 40 more seeded games, not the same ones again); Axis & Allies also
# prints its rows per side and its board counts (transports loaded, amphibious assaults, aircraft
# lost, capitals fallen) and its seconds, posts, decisions and evaluations per power turn, e.g.
# make bench-ai AI_SLUGS=axis_allies AI_PAIRS=hard-normal AI_GAMES=40 AI_MAX_ROUNDS=8 (AI_PLAN=0: one order at a time;
# a round limit lifts the move cap). Each game is printed on stderr as it ends; kill -USR1 stops the
# run with the tables of the games finished.
bench-ai: $(STAMP)
	$(PY) -m bench.ai

# The coverage fuzzer (tests/engines/conformance/fuzz.py) beyond its CI slice: FUZZ_GAMES games of
# each engine (default per engine: Axis & Allies 500 of 10 rounds with raids, 2 and 5 players in
# turn), the turn's end searched at every step, on FUZZ_JOBS processes; prints the coverage table
# and every freeze, exit 1 on a freeze or a kind or branch never reached. Bounded, stops by itself:
# make fuzz FUZZ_SLUGS=axis_allies FUZZ_GAMES=40 (FUZZ_FIRST=40 plays the next 40). An Axis & Allies
# game of 10 rounds (some 1,200 moves, each followed by a search for the turn's end) takes some
# 20-30 s, so the default 500 take one and a half to two hours on two cores; make soak plays 60.
FUZZ_JOBS ?= 2
fuzz: $(STAMP)
	FUZZ_JOBS=$(FUZZ_JOBS) $(PY) -m tests.engines.conformance.fuzz

# Longer random playouts than CI runs, the deadlines killed after every write of their path
# (tests/bot/test_deadline_crash.py), a slice of the fuzz (SOAK_FUZZ_GAMES of each engine), then
# the soak with kills (python -m soak; the figures as a table, exit 1 when a check fails):
# make soak GAMES=20000 SOAK_FUZZ_GAMES=100 SOAK_MATCHES=40 SOAK_SECONDS=300
GAMES ?= 10000
SOAK_FUZZ_GAMES ?= 60
SOAK_MATCHES ?= 20
SOAK_SECONDS ?= 120
soak: $(STAMP)
	SCHEIDS_PLAYOUTS=$(GAMES) $(PY) -m pytest tests -k playout
	SCHEIDS_DEADLINE_KILLS=all $(PY) -m pytest -n 2 tests/bot/test_deadline_crash.py
	FUZZ_GAMES=$(SOAK_FUZZ_GAMES) FUZZ_JOBS=$(FUZZ_JOBS) $(PY) -m tests.engines.conformance.fuzz
	SOAK_MATCHES=$(SOAK_MATCHES) SOAK_SECONDS=$(SOAK_SECONDS) $(PY) -m soak

clean:
	rm -rf $(VENV) out .pytest_cache
