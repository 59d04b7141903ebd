"""Each game's ``Knowledge``, found by slug (every engine package has an ``ai.py``)."""

from __future__ import annotations

import importlib
from functools import cache

from engines.ai.base import Knowledge


@cache
def knowledge_for(game: str) -> Knowledge:
    return importlib.import_module(f"engines.{game}.ai").KNOWLEDGE
