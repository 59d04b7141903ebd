"""Storage: the repository interface the services use, and its SQLite implementation."""

from bot.storage.models import MatchRow, NewMatch, RatingRow, SeatRow, Status, TimerRow, UserRow
from bot.storage.repository import Repository, StaleWriteError
from bot.storage.sqlite import SqliteRepository

__all__ = [
    "MatchRow",
    "NewMatch",
    "RatingRow",
    "Repository",
    "SeatRow",
    "SqliteRepository",
    "StaleWriteError",
    "Status",
    "TimerRow",
    "UserRow",
]
