"""Storage: the only package that imports SQLAlchemy. The bot uses :class:`Database` and its units of work."""

from .repository import (AlarmRow, Database, DatabaseUnavailable, GameExists, GameRow, LogRow, ServerRow, StaleGame,
                         UnitOfWork)

__all__ = ["AlarmRow", "Database", "DatabaseUnavailable", "GameExists", "GameRow", "LogRow", "ServerRow", "StaleGame",
           "UnitOfWork"]
