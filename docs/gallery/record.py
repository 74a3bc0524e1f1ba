"""The README's pictures of the game record: two games played offline (the real bot in SimCord, commands typed
as in ``python -m bot play``), exported with /log export, and the record each gives opened in Chromium at a
step mid-game: Quick on the Draw on Main Street (record-map.png) and Mackenzie Norman's gunfight, whose hands
are dealt face down (record-hand.png). Needs SimCord and Playwright (``pip install -e ".[test]"``) and the
distribution's Chromium at /usr/bin/chromium.

    python docs/gallery/record.py [folder]
"""

from __future__ import annotations

import asyncio
import io
import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.glue.client import DirectorBot, open_database  # noqa: E402
from bot.app.play import OFFLINE_PACE, Console  # noqa: E402
from bot.record import RECORD_NAME  # noqa: E402
from bot.app.settings import Settings  # noqa: E402

FOLDER = Path(__file__).resolve().parent
CHROMIUM = "/usr/bin/chromium"
PLAYERS = ["dora", "pete", "polly"]

MAIN_STREET = ["/game start", "pete: /game join", "polly: /game join", "/map set ready_set:main_street",
               'pete: /cast add name:"Doc Holliday" type:hero personality:brave',
               'pete: /cast weapon character:"Doc Holliday" weapon:single_action_revolver',
               'pete: /place who:"Doc Holliday" at:10,20 facing:east',
               'polly: /cast add name:"Ike Clanton" type:supporting personality:ordinary',
               'polly: /cast weapon character:"Ike Clanton" weapon:single_action_revolver',
               'polly: /place who:"Ike Clanton" at:26,17 facing:west', "/deal"]
"""Quick on the Draw: Doc Holliday and Ike Clanton on Main Street; then each shoots as his card comes up."""
SHOOTERS = {"Doc Holliday": ("pete", "Ike Clanton"), "Ike Clanton": ("polly", "Doc Holliday")}

GUNFIGHT = ["/game start ruleset:norman", "pete: /game join", "pete: /gunfight cast name:Kid type:man pistols:1",
            "polly: /game join", "polly: /gunfight cast name:Joe type:man pistols:1", "/deal"]
"""Mackenzie Norman's gunfight: two hands of five dealt face down."""


async def played(folder: Path, seed: int, lines: list[str], shots: int = 0) -> Path:
    """A game played offline from ``lines`` (and ``shots`` cards of Quick on the Draw drawn and shot on), then
    /log export: the record it sends."""
    settings = Settings(discord_token="", database_url=f"sqlite+aiosqlite:///{folder / 'director.db'}",
                        commands_per_minute=OFFLINE_PACE)
    import simcord

    database = open_database(settings)
    bot = DirectorBot(settings, database, rng=random.Random(seed), sync_on_start=True, shard_count=1)
    said = io.StringIO()
    async with simcord.run(bot, check_errors=False) as env:
        env.settle_timeout = 300.0                 # real seconds: the export is written in a process of its own
        console = Console(env, PLAYERS, folder, folder / "buttons.json", said)
        for line in lines:
            await console.handle(line)
        for _ in range(shots):
            before = said.tell()
            await console.handle("/draw")
            drawn = said.getvalue()[before:]
            up = next((name for name in SHOOTERS if f"**{name}**" in drawn or f"{name} acts" in drawn), None)
            if up is not None:
                player, target = SHOOTERS[up]
                await console.handle(f'/shoot shooter:"{up}" target:"{target}"')
                await console.handle(f"{player}: click Keep")
        await console.handle("/log export")
    await database.dispose()
    return max(folder.glob(f"*-{RECORD_NAME}"))


def shoot(record: Path, picture: Path, step: int) -> None:
    """A picture of the record at entry ``step`` (from 1), its game checked."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        page = browser.new_page(viewport={"width": 1200, "height": 860})
        page.goto(record.as_uri())
        page.wait_for_selector("body[data-ready=yes]")
        page.click("#verify")
        page.wait_for_selector("#verdict[data-status]")
        page.keyboard.press("Home")
        for _ in range(step - 1):
            page.keyboard.press("ArrowRight")
        page.screenshot(path=str(picture))
        browser.close()
    print(f"{picture}: {picture.stat().st_size // 1024} KB")


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else FOLDER
    with tempfile.TemporaryDirectory() as scratch:
        street, hands = Path(scratch) / "street", Path(scratch) / "hands"
        street.mkdir()
        hands.mkdir()
        shoot(asyncio.run(played(street, 7, MAIN_STREET, shots=4)), folder / "record-map.png", 15)
        shoot(asyncio.run(played(hands, 5, GUNFIGHT)), folder / "record-hand.png", 6)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
