# Scheids: `make run` starts the bot (the local console without a Discord token), `make test` runs everything.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test lint bench bench-ai soak clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(PY) -m bot

# Style first (ruff, fails fast), then both cores: the engines' 1,000-game playouts dominate the run.
test: lint
	$(PY) -m pytest -n auto engines render bot tests

lint: $(STAMP)
	$(VENV)/bin/ruff check engines render bot

bench: $(STAMP)
	$(PY) -m bench

# The computer's strength per game and level (win rates with Wilson intervals, time per move):
# bounded by default, e.g. make bench-ai AI_GAMES=40 AI_MAX_MOVES=400 AI_SLUGS=militakiri
bench-ai: $(STAMP)
	$(PY) -m bench.ai

# Longer random playouts than CI runs, then the soak with kills (python -m soak; the figures as a
# table, exit 1 when a check fails): make soak GAMES=20000 SOAK_MATCHES=40 SOAK_SECONDS=300
GAMES ?= 10000
SOAK_MATCHES ?= 20
SOAK_SECONDS ?= 120
soak: $(STAMP)
	SCHEIDS_PLAYOUTS=$(GAMES) $(PY) -m pytest tests -k playout
	SOAK_MATCHES=$(SOAK_MATCHES) SOAK_SECONDS=$(SOAK_SECONDS) $(PY) -m soak

clean:
	rm -rf $(VENV) out .pytest_cache
