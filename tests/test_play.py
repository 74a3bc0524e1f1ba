"""Offline play: `python -m bot play` runs the real bot in SimCord from lines typed at a prompt."""

import io
import logging
import random
import re
import shlex
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path

import pytest
import simcord
from discord import app_commands

from bot.app.launch import make_bot, open_database
from bot.app.play import OFFLINE_PACE, Console, players_problem
from tests.bot.arena import leaves
from bot.app.cli import build_parser
from bot.app.play import main as offline_main
from bot.app.play import play as offline
from bot.app.settings import Settings

README = Path(__file__).resolve().parents[1] / "README.md"

SCRIPT = """\
/game start
pete: /game join
pete: /cast add name:"Doc Holliday" type:hero personality:brave
pete: /cast weapon character:"Doc Holliday" weapon:single_action_revolver
/cast add name:Ike type:minor personality:rash
/deal
/draw
/status
/cast show character:Nobody
quit
"""


def play(folder: Path, script: str, *options: str) -> subprocess.CompletedProcess:
    """One run of ``python -m bot play`` on the database, pictures and buttons kept in ``folder``."""
    env = {"DATABASE_URL": f"sqlite+aiosqlite:///{folder / 'play.db'}", "PATH": "/usr/bin:/bin",
           "PYTHONPATH": str(README.parent)}                   # this checkout's bot, whatever the venv installed
    out = subprocess.run([sys.executable, "-m", "bot", "play", "--players", "dora,pete", "--images",
                          str(folder / "images"), "--buttons", str(folder / "buttons.json"), *options],
                         input=script, capture_output=True, text=True, timeout=120, env=env, cwd=folder)
    assert out.returncode == 0, out.stderr
    assert out.stderr == "", out.stderr           # no library's start-up notes, no migration's lines, no traceback
    return out


def test_a_newcomer_plays_offline_from_the_terminal(tmp_path):
    text = play(tmp_path, SCRIPT, "--seed", "3").stdout
    assert "cameras are rolling" in text
    assert "pete joins the game with ♥ hearts" in text
    assert "A♥ K♥ Q♥ J♥" in text
    assert "Phase 1: the pack of 7 cards is shuffled" in text
    assert "There is no character called **Nobody** in this game. (only you see this)" in text
    saved = sorted(p.name for p in (tmp_path / "images").iterdir())
    assert any(name.endswith("deck.png") for name in saved) and any(name.endswith("status.png") for name in saved)
    assert all((tmp_path / "images" / name).read_bytes().startswith(b"\x89PNG") for name in saved)


BURT = ["/game start ruleset:burt", "pete: /game join",
        'pete: /burt cast name:Doc type:gunslinger weapons:"pistol .45"',
        "/burt cast name:Ike type:cowboy weapons:rifle", "/deal"]
DOC, IKE = "@pete, Doc acts.", "@dora, Ike acts."
BURT_ACTIONS = {DOC: "pete: /burt act action:draw", IKE: "/burt fire target:Doc distance:20",
                "**EVENT**: draw a random event card.": '/burt event text:"A stagecoach rattles through."'}
"""What is typed when a card comes up, once each: Doc draws his pistol, then Ike fires at him (Ike's card before
Doc has acted is turned past), and the Director tells the EVENT."""
MOST_DRAWS = 40
"""Cards turned at most before the test gives up: a deck of four cards shows each in a few turns."""


class Typist:
    """The input of ``python -m bot play``: the lines of :meth:`typed`, each read once the bot has answered the
    line before, so that what is typed next may follow what was ``shown``."""

    def __init__(self) -> None:
        self.shown = io.StringIO()
        self.lines = self.typed()

    async def play(self, folder: Path, seed: int) -> str:
        """Play offline from this input, the database, pictures and buttons kept in ``folder``: what was shown."""
        settings = replace(Settings(database_url=f"sqlite+aiosqlite:///{folder / 'play.db'}"),
                           commands_per_minute=OFFLINE_PACE)
        await offline(settings, ["dora", "pete"], folder / "images", folder / "buttons.json", seed, self, self.shown)
        return self.shown.getvalue()

    def isatty(self) -> bool:
        return False

    def readline(self) -> str:
        line = next(self.lines, None)
        return "" if line is None else line + "\n"

    def typed(self) -> Iterator[str]:
        raise NotImplementedError


class UntilAllIsPlayed(Typist):
    """What is typed at ``python -m bot play``: BURT, then ``/draw`` again and again, answering each card of
    BURT_ACTIONS as it comes up, until all three are played (MOST_DRAWS at most); then ``/status`` and
    ``/deck``. Keeps the cards turned in the turn last played, and a picture's kind for each command."""

    def __init__(self) -> None:
        super().__init__()
        self.draws = 0
        self.done: list[str] = []
        self.turned: list[str] = []
        self.pictures: list[str] = []

    def typed(self) -> Iterator[str]:
        yield from BURT
        while len(self.done) < len(BURT_ACTIONS) and self.draws < MOST_DRAWS:
            self.draws += 1
            seen = len(self.shown.getvalue())
            yield "/draw"
            self.pictures.append("turn")
            came = self.shown.getvalue()[seen:]
            if "The deck is shuffled" in came:
                self.turned = []
            self.turned.append(next((name for name in ("Doc", "Ike", "EVENT", "STOP") if f"**{name}**" in came), "?"))
            card = next((card for card in BURT_ACTIONS if card in came), None)
            if card is None or card in self.done or (card == IKE and DOC not in self.done):
                continue
            self.done.append(card)
            yield BURT_ACTIONS[card]
            self.pictures.append("roll")
        self.pictures += ["status", "deck"]
        yield from ("/status", "/deck", "quit")


@pytest.mark.parametrize("seed", [75, 3, 7])
async def test_a_game_of_steve_burts_rules_plays_offline(tmp_path, caplog, seed):
    """SB 133-145, 197-385: the deck with its EVENT card, a card's actions, a shot with its modifiers; whatever
    the seed, cards are turned until each has been played."""
    typed = UntilAllIsPlayed()
    text = await typed.play(tmp_path, seed)
    lines = text.splitlines()
    assert typed.draws < MOST_DRAWS and len(typed.done) == len(BURT_ACTIONS), text[-3000:]
    assert typed.done.index(DOC) < typed.done.index(IKE)
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]
    for line in ("== Steve Burt's Wild West Skirmish — the cameras are rolling ==",
                 "Players join with `/game join`, then cast with `/burt cast`. The Director deals the first turn "
                 "with `/deal`.",
                 "pete joins the game with 4 initiative points.",
                 "The deck is shuffled: 2 character cards, STOP and EVENT.",
                 "@pete, Doc acts.", "-- What changed: • Doc's pistol .45 is drawn.", "@dora, Ike acts.",
                 "== Ike fires a rifle .45 at Doc ==", "Short range 5 · Snapshot -1",
                 "**EVENT**: draw a random event card. The text lists none: the Director says what happens "
                 "(`/burt event`), or turns the next card (`/draw`).",
                 "== EVENT: A stagecoach rattles through. ==",
                 f"Turned: {', '.join(typed.turned)}."):
        assert line in lines, line
    saved = sorted(p.name for p in (tmp_path / "images").iterdir())
    assert saved == [f"{n:03}-{kind}.png" for n, kind in enumerate(typed.pictures, 1)]


def readme_example() -> tuple[list[str], list[str], list[str]]:
    """The README's offline example: the options its command gives, the lines typed, and the lines shown."""
    section = README.read_text().split("## Try it now, offline", 1)[1].split("\n## ", 1)[0]
    command = re.search(r"```sh\n(.*?)\n```", section, re.S)[1]
    options = shlex.split(command.split("-m bot play", 1)[1])
    transcript = re.search(r"```text\n(.*?)\n```", section, re.S)[1].splitlines()
    typed = [line.removeprefix("dora> ") for line in transcript if line.startswith("dora> ")]
    shown = [line for line in transcript if not line.startswith("dora> ")]
    return options, typed, shown


def test_the_readme_example_runs_and_ends_as_the_readme_shows(tmp_path):
    options, typed, shown = readme_example()
    assert typed[-1] == "pete: click Keep" and "Buttons: " in shown[-3]
    out = play(tmp_path, "\n".join(typed) + "\n", *options).stdout.splitlines()
    position = 0
    for line in shown:                      # every line the README shows, in the README's order
        assert line in out[position:], f"the README shows {line!r}, the run does not (after line {position})"
        position = out.index(line, position) + 1
    tail = out[out.index(shown[-3]):]
    assert not any(line.startswith(("Discord refuses", "No button", "There is no button")) for line in out)
    assert not any(line.startswith("Buttons: ") for line in tail[1:]), "the roll still waits after Keep"


MISTAKES = """\
/game start
pete: /game join
pete: /cast add name:Doc type:hero
pete: /cast add name:Doc type:sheriff personality:brave
pete: /cast add name:Doc type:hero personality:brave horse:yes
pete: /cast add name:Doc type:? personality:brave
pete: /cast add name:Doc type:hero personality:brav?
pete: /cast add name:Doc type:hero personality:Brave
pete: /cast weapon character:Doc weapon:shotgun?
pete: /cast weapon character:Doc weapon:shotgun
pete: /cast weapon character:Doc weapon:"sawn-off SHOTGUN"
/cast beast name:Grey animal:wolf
/cast beast name:Ben animal:bear
/cast add name:Ike type:minor personality:rash
/deal
/draw
pete: /shoot shooter:Doc target:Ike paces:0
pete: /shoot shooter:Doc target:Ike paces:?
pete: /shoot shooter:Doc target:Ike paces:eight
pete: /shoot shooter:Doc target:Ike paces:8 weapon:"Sawn-off shotgun"
pete: click Kep
click Keep
/log recent
/status
"""


def test_what_discord_would_refuse_gets_one_line_and_the_session_goes_on(tmp_path):
    out = play(tmp_path, MISTAKES, "--seed", "210").stdout
    lines = out.splitlines()
    for refusal in ("Discord refuses that: Command 'cast add' requires option 'personality'.",
                    "Discord refuses that: Option 'type' of 'cast add' only allows ['hero', 'main', 'supporting', "
                    "'minor'], got 'sheriff'.",
                    "/cast add has no option horse; it has name, type, personality, player.",
                    "Discord refuses that: Option 'paces' of 'shoot' must be ≥ 1, got 0.",
                    "Discord refuses that: paces takes a number, not 'eight'.",
                    "No button 'Kep'; the buttons are [Cut! — lose your next card] | [Keep]"):
        assert refusal in lines, refusal
    assert lines[lines.index("type takes:") + 1:lines.index("type takes:") + 5] == [
        "  hero", "  main", "  supporting", "  minor"]
    assert "  brave  (Brave — Made of stern stuff)" in lines
    assert "paces: a whole number from 1 to 500 (optional): Range in paces (on a map: measured)" in lines
    offered = lines[lines.index("weapon takes:") + 1:]
    assert "  sawn_off  (Sawn-off shotgun (12 paces, normal impact))" in offered[:6]
    assert "**shotgun** could be any of: Le-Mat shotgun barrel (`le_mat_shotgun`); Sawn-off shotgun (`sawn_off`)" in out
    assert "**Doc** carries a Sawn-off shotgun." in lines                  # the book's name, in any case
    assert "Dogs or similar up to wolf size · played by @dora" in lines     # wolf
    assert "Carnivorous mammals up to horse size e.g. Grizzly bears · played by @dora" in lines   # bear
    assert "== Doc shoots at Ike with a Sawn-off shotgun (deliberate, 8 paces) ==" in lines
    assert "Buttons: [Cut! — lose your next card] | [Keep]" in lines
    assert lines[-4:-2] == ["== Phase 1 — A♥ is up ==", "4 in the cast, 4 standing."]   # the last line ran
    assert "<@" not in out and "<t:" not in out
    assert re.search(r"^\*\*#\d+\*\* \d\d:\d\d UTC @pete · join", out, re.M), "/log recent shows its times as times"


def test_after_a_restart_the_waiting_roll_is_settled_and_pictures_are_numbered_on(tmp_path):
    first = play(tmp_path, MISTAKES.split("pete: click Kep")[0], "--seed", "210").stdout
    assert first.rstrip().endswith("Buttons: [Cut! — lose your next card] | [Keep]")
    pictures = sorted(p.name for p in (tmp_path / "images").iterdir())
    assert pictures == ["001-deck.png", "002-turn.png", "003-roll.png"]

    second = play(tmp_path, "pete: click Keep\npete: click Keep\n/status\n").stdout.splitlines()
    assert second[1:3] == ["From the last session:", "@pete, re-roll or keep?"]
    kept = second.index("== Doc shoots at Ike with a Sawn-off shotgun (deliberate, 8 paces) ==", 3)
    assert "[image saved: " + str(tmp_path / "images" / "004-roll.png") + "]" in second[kept:]
    assert "There is no button to press." in second                    # the roll is decided: no button left
    assert "[image saved: " + str(tmp_path / "images" / "005-status.png") + "]" in second
    assert all((tmp_path / "images" / name).read_bytes().startswith(b"\x89PNG")
               for name in ("001-deck.png", "004-roll.png", "005-status.png"))

    third = play(tmp_path, "pete: click Keep\n").stdout
    assert "From the last session" not in third and "There is no button to press." in third


@asynccontextmanager
async def offline_console(folder: Path, seed: int | None = None, mistakes: bool = False,
                          players: tuple[str, ...] = ("dora", "pete")) -> AsyncIterator[Console]:
    """The console of ``python -m bot play`` for ``players``, in process, on a database in ``folder`` (the dice
    seeded with ``seed``); what it shows is in its ``out``. Any error the bot logs fails the test, unless the
    lines typed are ``mistakes`` (refused with the error logged)."""
    settings = Settings(database_url=f"sqlite+aiosqlite:///{folder / 'play.db'}")
    database = open_database(settings)
    rng = random.Random(seed) if seed is not None else None
    try:
        async with simcord.run(make_bot(settings, database, rng=rng, sync_on_start=True, shard_count=1),
                               check_errors=not mistakes) as env:
            yield Console(env, list(players), folder, folder / "buttons.json", io.StringIO())
    finally:
        await database.dispose()


async def shown(console: Console, *lines: str) -> list[str]:
    """What the console shows for ``lines`` typed one after the other."""
    start = len(console.out.getvalue())
    for line in lines:
        await console.handle(line)
    return console.out.getvalue()[start:].splitlines()


async def test_tab_completes_commands_options_and_the_values_the_bot_offers(tmp_path):
    async with offline_console(tmp_path) as console:
        await console.handle("/game start")
        await console.handle("pete: /game join")
        await console.handle("pete: /cast add name:Doc type:hero personality:brave")
        assert await console.completions("pe") == ["pete:"]
        assert await console.completions("/ca") == ["/campaign", "/cast", "/catchup"]
        assert await console.completions("pete: /cast we") == ["weapon"]
        assert await console.completions("/cast weapon weapon:x ch") == ["character:"]
        assert await console.completions("/cast add name:Ike type:m") == ["type:main", "type:minor"]
        assert await console.completions("pete: /cast weapon character:D") == ["character:doc"]
        assert await console.completions("/cast weapon character:doc weapon:sawn") == ["weapon:sawn_off"]
        assert "weapon:sawn_off" in await console.completions("/cast weapon weapon:shotgun")
        assert await console.completions("/shoot paces:") == []


def test_offline_play_keeps_no_pace_on_the_one_person_typing(tmp_path):
    """Past the 30 commands a minute a member may send on a server, a piped session goes on."""
    script = "/game start\n" + "/roll dice:1d10\n" * 40 + "/status\nquit\n"
    text = play(tmp_path, script, "--seed", "3").stdout
    assert "Easy there" not in text
    assert text.count("1d10") >= 40


SHOOTOUT = ["/game start ruleset:shootist", "pete: /game join", "pete: /shootist cast name:Kid shoot:D12 dodge:D4",
            "/shootist cast name:Ike shoot:D12 dodge:D4", "/deal"]
AN_ACTION = ["/shootist shoot target:Kid hexes:0", "/shootist shoot target:Ike hexes:0", "/shootist reload", "/draw"]
"""A game of Shootist at one table: dora (directing, and playing Ike) takes each turn's action for whoever
acts, Kid or Ike; one of the two shots is refused (nobody shoots at himself), and so is a reload of a gun not
empty."""
MOST_ACTIONS = 60
"""Actions taken at most before the test gives up: two D12 shooters against D4 dodges end it in a few turns."""
KID_OR_IKE = r"(Kid|Ike)"


class UntilTheEnd(Typist):
    """What is typed at ``python -m bot play``: SHOOTOUT, then AN_ACTION again and again until the Draw says the
    game is over (MOST_ACTIONS at most), then its end."""

    def __init__(self) -> None:
        super().__init__()
        self.actions = 0

    def typed(self) -> Iterator[str]:
        yield from SHOOTOUT
        while "== The game is over ==" not in self.shown.getvalue() and self.actions < MOST_ACTIONS:
            self.actions += 1
            yield from AN_ACTION
        yield from ("/status", "/game end", "click End the game", "quit")


@pytest.mark.parametrize("seed", [4, 9])
async def test_a_game_of_shootist_plays_offline_to_its_end(tmp_path, caplog, seed):
    """Whatever the seed, the game is played turn after turn until the Draw says it is over (SH 3, 40-61)."""
    typed = UntilTheEnd()
    text = await typed.play(tmp_path, seed)
    assert typed.actions < MOST_ACTIONS, text[-3000:]
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]
    assert "== Shootist — the cameras are rolling ==" in text
    assert "then cast with `/shootist cast`" in text
    assert re.search(r"Draw order: (Ike, Kid|Kid, Ike)\.", text)
    assert re.search(rf"== {KID_OR_IKE} shoots at {KID_OR_IKE} with his Colt Revolver ==", text)
    assert re.search(rf"{KID_OR_IKE} cannot shoot at himself\.", text)
    assert re.search(rf"• (Only {KID_OR_IKE} is|Nobody is) left standing: the game is over\.", text)
    assert "== The game is over ==" in text and "That's a wrap!" in text
    saved = sorted(p.name for p in (tmp_path / "images").iterdir())
    assert saved[0] == "001-turn.png" and any(n.endswith("roll.png") for n in saved) and saved[-1].endswith(
        "status.png")


def test_a_hand_is_seen_and_a_card_played_face_down_offline(tmp_path):
    script = """\
/game start ruleset:dracula
pete: /game join
dora: /game join
pete: /dracula cast name:Abe type:hero boss:True weapons:Pistol
/dracula cast name:Bo type:veteran boss:True weapons:Sixgun
/deal
pete: click "My hand"
pete: select XX
quit
"""
    out = play(tmp_path, script, "--seed", "3").stdout
    assert "== Your hand (only you see this) ==" in out and "Menu (select VALUE): " in out
    assert "No choice 'XX'; the menu offers " in out
    menu = out.split("Menu (select VALUE): ")[1].splitlines()[0]
    first = menu.split(" ")[0]
    out = play(tmp_path, f'as pete\n/hand\nselect {first}\nquit\n').stdout
    assert "Abe's Posse plays a card face down; 1 still to play." in out


GUNFIGHT = """\
/game start ruleset:norman
pete: /game join
dora: /game join
pete: /gunfight cast name:Kid type:man pistols:1
dora: /gunfight cast name:Joe type:man long:rifle
/gunfight stock name:Doc type:man pistols:1
/gunfight town buildings:"Saloon, Bank"
/deal
pete: /hand
pete: /gunfight move card:4S
dora: click "Let it stand"
pete: /draw
dora: /gunfight shoot cards:AH weapon:rifle target:Kid range:10
pete: click "Cancel with a Joker"
pete: click "Let it stand"
/deck
/gunfight aftermath
quit
"""


def test_a_gunfight_plays_offline_with_its_joker_window(tmp_path):
    """Mackenzie Norman's card gunfight from the terminal: the hand, a play, the window's buttons answered (a
    player with no Joker is told so alone), the played cards of the turn, the aftermath."""
    out = play(tmp_path, GUNFIGHT, "--seed", "41").stdout
    assert "== Mackenzie Norman's card gunfight — the cameras are rolling ==" in out
    assert "Doc** goes into the stock, face down: only you saw it. (only you see this)" in out
    assert "In your hand: 3♠, 10♠, 4♠, K♥, 7♦." in out and "== Kid plays 4♠ to move ==" in out
    assert "@dora — 1 to answer: cancel with a Joker, or let it stand." in out
    assert "003-played.png]\nButtons: [Let it stand] | [Cancel with a Joker]" in out
    assert "You let the play stand. (only you see this)" in out and '• Kid moves up to 4".' in out
    assert "You hold no Joker. (only you see this)" in out and "== Joe plays A♥ to shoot the rifle ==" in out
    assert "1. Kid: **4♠**\n2. Joe: **A♥**" in out and "== After the gunfight ==" in out
    saved = sorted(p.name for p in (tmp_path / "images").iterdir())
    assert saved[:3] == ["001-hand.png", "002-roll.png", "003-played.png"] and "008-deck.png" in saved


async def test_every_option_of_every_command_answers_a_question_mark(tmp_path):
    """`option:?` on each of the bot's options, in a game with a character cast: a list, or what it takes (free
    text, true or false, a player, a role, a file ...) and what it is for; never a crash."""
    async with offline_console(tmp_path) as console:
        await shown(console, "/game start", "pete: /game join", "pete: /cast add name:Doc type:hero personality:brave")
        asked = [(command, parameter) for command in leaves(console.env.bot.tree) for parameter in command.parameters]
        assert len(asked) > 300
        for command, parameter in asked:
            answer = await shown(console, f"pete: /{command.qualified_name} {parameter.name}:?")
            assert answer[0].startswith((f"{parameter.name} takes:", f"{parameter.name}: ")), (command.name, answer)
            if not answer[0].endswith(":"):                  # an option with no list says what it takes, in words
                assert len(answer[0]) > len(parameter.name) + 12, answer


async def test_an_option_with_no_list_tells_what_it_takes_and_what_it_is_for(tmp_path):
    async with offline_console(tmp_path) as console:
        assert await shown(console, "/cast add name:?", "/shoot aim:?", "/map upload file:?", "/game director member:?",
                           "/shootist cast name:?") == [
            "name: any text: The character's name",
            "aim: true or false (optional): Spend this turn aiming at the target, for an aimed shot later (no roll)",
            "file: a file: the path of one on this computer: A map as text (see the README) or as JSON",
            "member: a player: dora, pete: Who directs the game from now on",
            "name: any text of 1 to 40 characters: The shootist's name"]


async def test_a_line_that_names_nobody_an_option_a_command_lacks_and_escaped_markdown_read_plainly(tmp_path):
    async with offline_console(tmp_path, mistakes=True) as console:
        await shown(console, "/game start", "pete: /game join", "pete: /cast add name:Doc type:hero personality:brave",
                    "pete: /cast weapon character:Doc weapon:derringer", "/cast add name:Ike type:minor personality:rash",
                    "/deal", "/draw")
        assert await shown(console, "bob: /draw", "/draw extra:1") == [
            "No player called bob; players: dora, pete.", "/draw has no option extra; it takes none."]
        refused = await shown(console, "/shoot shooter:Doc target:Ike paces:8 shot:aimed")   # dora directs
        assert refused[0] == ("An aimed shot needs a turn spent aiming first: Doc has not aimed (`/shoot ... "
                              "aim:True`). (only you see this)")                  # rulebook refusals are escaped


async def test_a_button_is_pressed_by_the_start_of_its_label_in_any_case_with_a_hyphen_for_the_dash(tmp_path):
    async with offline_console(tmp_path, seed=210, mistakes=True) as console:
        await shown(console, *MISTAKES.split("pete: click Kep")[0].splitlines())
        assert console.out.getvalue().rstrip().endswith("Buttons: [Cut! — lose your next card] | [Keep]")
        assert await shown(console, "pete: click Kep") == [
            "No button 'Kep'; the buttons are [Cut! — lose your next card] | [Keep]"]
        cut = await shown(console, "pete: click cut! - LOSE")
        assert "== Doc shoots at Ike with a Sawn-off shotgun (deliberate, 8 paces) ==" in cut
        assert not any(line.startswith("Buttons: ") for line in cut)


def test_players_are_one_word_each_once(tmp_path, capsys):
    assert players_problem(["ann", "bob smith"]) == "a name is one word without ':' or '/', not 'bob smith'"
    assert players_problem([]) == "name at least one player"
    assert players_problem(["ann", "bob"]) is None
    typed = build_parser().parse_args(["play", "--players", "a,A", "--images", str(tmp_path)])
    assert offline_main(Settings(database_url=f"sqlite+aiosqlite:///{tmp_path / 'play.db'}"), typed) == 2
    assert capsys.readouterr().err == "director: --players: 'A' is named twice (as 'a'): each player once\n"
    assert list(tmp_path.iterdir()) == []                                 # refused before anything is made


async def test_a_name_keeps_its_seat_whoever_else_plays_and_a_new_name_joins(tmp_path):
    async with offline_console(tmp_path) as console:
        await shown(console, "/game start", "pete: /game join")
    async with offline_console(tmp_path, mistakes=True, players=("sam", "pete")) as console:
        again = await shown(console, "/game join", "pete: /game join")
    assert "sam joins the game with ♠ spades." in again
    assert "You are already playing, with ♥ hearts. (only you see this)" in again        # pete, as before


async def test_a_long_list_says_how_many_more_it_holds_and_how_to_narrow_it(tmp_path):
    async with offline_console(tmp_path) as console:
        listed = await shown(console, "/cast weapon weapon:?")
        assert listed[0] == "weapon takes:" and len(listed) == 1 + 25 + 1
        assert listed[25] == "  … 38 more: type part of a name to narrow the list (weapon:TEXT? lists those whose " \
                             "name holds TEXT)"
        assert "  single_action_revolver  (Single action revolver (12 paces, normal impact))" in \
            await shown(console, "/cast weapon weapon:single?")
        assert await console.completions("/cast weapon weapon:") == [
            f"weapon:{line.split()[0]}" for line in listed[1:25]]        # Tab offers the weapons, not the count


async def test_shoot_offers_the_weapons_the_shooter_carries_first(tmp_path):
    async with offline_console(tmp_path) as console:
        await shown(console, "/game start", "pete: /game join", "pete: /cast add name:Doc type:hero personality:brave",
                    "pete: /cast weapon character:Doc weapon:sawn_off", "pete: /cast weapon character:Doc weapon:bow")
        listed = await shown(console, "pete: /shoot shooter:Doc weapon:?")
        assert listed[1:4] == ["  bow  (Bow (24 paces, light impact))",
                               "  sawn_off  (Sawn-off shotgun (12 paces, normal impact))",
                               "  automatic_pistol  (Automatic pistol (12 paces, normal impact))"]
        assert sum("sawn_off" in line for line in listed) == 1
        assert (await shown(console, "pete: /shoot weapon:?"))[1] == "  automatic_pistol  (Automatic pistol (12 " \
                                                                      "paces, normal impact))"   # no shooter known


async def test_dracula_shoot_offers_the_weapons_the_model_carries_first(tmp_path):
    async with offline_console(tmp_path) as console:
        await shown(console, "/game start ruleset:dracula", "pete: /game join",
                    'pete: /dracula cast name:Abe type:hero boss:True weapons:"Sixgun, Rifle"')
        listed = await shown(console, "pete: /dracula shoot shooter:Abe weapon:?")
        assert listed[1:4] == ["  rifle  (Rifle)", "  sixgun  (Sixgun)", "  bow  (Bow)"]
        assert sum("sixgun" in line for line in listed) == 1


def test_a_gunfight_card_is_offered_from_the_askers_hand_and_taken_as_the_hand_shows_it(tmp_path):
    """`card:?` lists the asker's own hand, as the hand shows it, and nobody else's; `card:4♠` plays the 4♠."""
    script = GUNFIGHT.replace("pete: /gunfight move card:4S\n", "pete: /gunfight move card:?\n"
                              "dora: /gunfight move card:?\npete: /gunfight move card:4♠\n")
    out = play(tmp_path, script, "--seed", "41").stdout
    pete = ("3♠", "10♠", "4♠", "K♥", "7♦")
    assert "In your hand: " + ", ".join(pete) + "." in out
    offered = out.split("card takes:")[1].split("\n\n")[0]
    assert sorted(line.split("(")[1].split(" ")[0] for line in offered.strip().splitlines()) == sorted(pete)
    theirs = out.split("card takes:")[2].split("\n\n")[0]
    assert not any(f"({card} " in theirs for card in pete)
    assert "== Kid plays 4♠ to move ==" in out
