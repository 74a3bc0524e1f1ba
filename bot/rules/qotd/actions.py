"""Quick on the Draw's actions run on the rules core's machine (see :mod:`bot.rules.core.actions`)."""

from ..core.actions import KEEP, Request, Story, action, begin, decide, pending_request, perform

__all__ = ["KEEP", "Request", "Story", "action", "begin", "decide", "pending_request", "perform"]
