"""Storage: the only package that imports SQLAlchemy. The bot uses :class:`Database` and its units of work."""

from bot.storage.engine import OPENING_ERRORS, shown_url
from bot.storage.repository import (AlarmRow, CampaignExists, CampaignRow, Database, DatabaseUnavailable, GameExists, GameRow,
                         LogRow, RosterName, RosterRow, ServerRow, StaleGame, UnitOfWork)

__all__ = ["OPENING_ERRORS", "shown_url", "AlarmRow", "CampaignExists", "CampaignRow", "Database", "DatabaseUnavailable", "GameExists", "GameRow",
           "LogRow", "RosterName", "RosterRow", "ServerRow", "StaleGame", "UnitOfWork"]
