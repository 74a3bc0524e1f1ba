"""What an action returns (kept in the rules core, shared by every ruleset)."""

from ..core.results import Resolution

__all__ = ["Resolution"]
