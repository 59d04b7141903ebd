"""The engine contract shared by every game (see docs/architecture.md, "The engine contract")."""

from engines.core.contract import ChanceSpec, Engine, Outcome, Result, Seat
from engines.core.errors import (
    AmbiguousMoveError,
    EngineError,
    IllegalMoveError,
    InvalidMoveError,
    MoveError,
)

__all__ = [
    "AmbiguousMoveError",
    "ChanceSpec",
    "Engine",
    "EngineError",
    "IllegalMoveError",
    "InvalidMoveError",
    "MoveError",
    "Outcome",
    "Result",
    "Seat",
]
