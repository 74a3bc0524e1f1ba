"""Discord extensions, one per feature. Each command: check, call the rules, store in one unit of work, render, reply."""

EXTENSIONS = ("cogs.game", "cogs.cast", "cogs.deck", "cogs.rolls", "cogs.battlefield", "cogs.burt", "cogs.shootist",
              "cogs.hands", "cogs.dracula", "cogs.gunfight",
              "cogs.status", "cogs.history", "cogs.catchup", "cogs.campaign", "cogs.timers", "cogs.help")
