"""Axis & Allies, 2nd edition (classic): work in progress; see docs/games/axis_allies.md."""
