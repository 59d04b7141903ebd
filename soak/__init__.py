"""The soak: many matches of every game through a bot that is killed and restarted, then checked.

``python -m soak`` (``make soak``) runs it; ``tests/soak`` runs a short one in CI. A bot child
process (``python -m soak.child``) runs the services on a SQLite file and takes commands as JSON
lines; a second child runs the real discord.py against the fake Discord of ``tests/fakediscord``
for a share of the matches. The parent (``soak.run``) plays random legal moves mixed with
illegal, malformed, out-of-turn and duplicate commands, SIGKILLs the children at random moments
and restarts them, and at the end checks the databases (``soak.checks``) and prints the figures.
Everything is bounded (matches, moves, seconds) and stays on 127.0.0.1.
"""
