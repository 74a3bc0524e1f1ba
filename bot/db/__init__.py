"""Storage: the only package that imports SQLAlchemy. The bot uses :class:`Database` and its units of work."""

from .repository import (CampaignExists, CampaignRow, Database, DatabaseUnavailable, GameExists, GameRow, LogRow,
                         RosterName, RosterRow, ServerRow, StaleGame, TimerRow, UnitOfWork)

__all__ = ["CampaignExists", "CampaignRow", "Database", "DatabaseUnavailable", "GameExists", "GameRow", "LogRow",
           "RosterName", "RosterRow", "ServerRow", "StaleGame", "TimerRow", "UnitOfWork"]
