"""Storage: the repository interface the services use, and its SQLite implementation."""

from bot.storage.models import (
    MatchRow,
    NewMatch,
    RatingRow,
    RatingUpdate,
    SeatRow,
    Status,
    TimerRow,
    UserRow,
)
from bot.storage.repository import (
    DamagedRecordError,
    DatabaseTooNewError,
    DatabaseUnusableError,
    Repository,
    SeatRefusedError,
    StaleWriteError,
    StorageBusyError,
    StorageError,
    StorageFullError,
    StorageIOError,
)
from bot.storage.sqlite import SqliteRepository

__all__ = [
    "DamagedRecordError",
    "DatabaseTooNewError",
    "DatabaseUnusableError",
    "MatchRow",
    "NewMatch",
    "RatingRow",
    "RatingUpdate",
    "Repository",
    "SeatRefusedError",
    "SeatRow",
    "SqliteRepository",
    "StaleWriteError",
    "Status",
    "StorageBusyError",
    "StorageError",
    "StorageFullError",
    "StorageIOError",
    "TimerRow",
    "UserRow",
]
