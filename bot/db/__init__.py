"""Storage: the only package that imports SQLAlchemy. The bot uses :class:`Database` and its units of work."""

from .repository import (Database, DatabaseUnavailable, GameExists, GameRow, LogRow, ServerRow, StaleGame,
                         TimerRow, UnitOfWork)

__all__ = ["Database", "DatabaseUnavailable", "GameExists", "GameRow", "LogRow", "ServerRow", "StaleGame",
           "TimerRow", "UnitOfWork"]
