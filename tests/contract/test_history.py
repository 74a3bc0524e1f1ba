"""The contract of the game's history, met by every registered ruleset and High Noon: `/log recent`, `/log
export` whose data `python -m bot verify` checks (bot.rules.verify), and `/verify`, during the game and once it ended
(a free `/roll` included)."""

from __future__ import annotations

import pytest

from bot.rules.core import serial
from bot.rules.core.fair import Seal
from bot.rules.verify import verify_text
from tests.bot.helpers import end_game, text_of

from .driving import Play, public

pytestmark = pytest.mark.asyncio(loop_scope="module")
"""Every contract of the module plays in the module's one Discord (see conftest.py)."""


async def played_a_turn(play: Play) -> None:
    """The game seated and cast, a turn dealt and drawn (hidden cards played where the ruleset holds hands)."""
    await play.seated_and_cast()
    public(await play.scene.dora.slash(play.channel, "deal"))
    await play.play_hands()
    public(await play.scene.dora.slash(play.channel, "draw"))


async def exported(play: Play) -> str:
    """The text of `/log export`'s file, asked for by a stranger to the game."""
    export = await play.scene.stranger.slash(play.channel, "log export")
    public(export)
    [attachment] = export.response.attachments
    return (await attachment.read()).decode()


async def test_log_recent_shows_the_last_entries_stored(scene, key):
    play = Play(scene, key)
    await played_a_turn(play)
    log = await play.log()
    recent = public(await scene.stranger.slash(scene.channel, "log recent", n=3))
    for kind, text in log[-3:]:
        assert f"· {kind} — {text.replace('**', '').splitlines()[0][:30]}" in recent, (text, recent)
    assert recent.count("\n**#") == 3, recent


async def test_no_seed_still_secret_shows_in_the_channel_the_log_or_the_export(scene, key):
    play = Play(scene, key)
    await played_a_turn(play)
    row = await scene.db().load_game(scene.guild.id, scene.channel.id)
    seal = serial.from_json(Seal, row.state["seal"])
    secrets = [seal.root, *(seal.seed_of(name) for name in seal.committed if name not in seal.revealed)]
    assert seal.root and len(secrets) >= 2
    shown = [repr((m.content, m.embeds)) for m in scene.env.backend.messages[scene.channel.id].values()]
    shown += [public(await scene.stranger.slash(scene.channel, "log recent", n=50)), await exported(play)]
    assert not [secret for secret in secrets if any(secret in text for text in shown)]


async def test_the_export_and_verify_check_during_the_game_and_every_check_passes_once_it_ended(scene, key):
    play = Play(scene, key)
    await played_a_turn(play)
    during = verify_text(await exported(play))
    assert during.status != "fails", str(during)
    checked = await scene.stranger.slash(scene.channel, "verify")
    assert "FAILS" not in text_of(checked), text_of(checked)
    rolled = public(await scene.pete.slash(scene.channel, "roll", sides=6))
    assert rolled.startswith("pete rolls for a free roll: 1D6: [") and (await play.log())[-1][0] == "roll"
    await end_game(scene.dora, scene.channel)
    verdict = verify_text(await exported(play))
    assert verdict.status == "matches", str(verdict)
    assert verdict.seals >= 1 and not verdict.unchained
    checked = await scene.stranger.slash(scene.channel, "verify")
    assert checked.response.embeds[0].title == "Fair play: every check passes", text_of(checked)
