"""The rules engine stays free of discord, sqlalchemy and PIL."""

import subprocess
import sys


def test_importing_the_rules_loads_no_discord_sqlalchemy_or_pil():
    code = ("import sys, pkgutil, importlib, bot.rules\n"
            "for m in pkgutil.walk_packages(bot.rules.__path__, 'bot.rules.'):\n"
            "    importlib.import_module(m.name)\n"
            "bad = sorted(n for n in sys.modules if n.split('.')[0] in ('discord', 'sqlalchemy', 'PIL'))\n"
            "print(','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
