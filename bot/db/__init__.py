"""Storage: the only package that imports SQLAlchemy. The bot uses :class:`Database` and its units of work."""

from .repository import (AlarmRow, CampaignExists, CampaignRow, Database, DatabaseUnavailable, GameExists, GameRow,
                         LogRow, RosterName, RosterRow, ServerRow, StaleGame, UnitOfWork)

__all__ = ["AlarmRow", "CampaignExists", "CampaignRow", "Database", "DatabaseUnavailable", "GameExists", "GameRow",
           "LogRow", "RosterName", "RosterRow", "ServerRow", "StaleGame", "UnitOfWork"]
