"""The contract of a campaign, met by every registered ruleset and High Noon: `/campaign start ruleset:`, its
first adventure played and ended, the next adventure of the same ruleset; where the ruleset keeps a roster, a
character enrolled in one adventure is cast again, as its player's, in the next."""

from __future__ import annotations

import pytest

from tests.bot.helpers import end_game, refused, text_of

from .driving import PLAYERS, Play, public

pytestmark = pytest.mark.asyncio(loop_scope="module")
"""Every contract of the module plays in the module's one Discord (see conftest.py)."""

ROSTERS: dict[str, tuple[str, str, str]] = {
    "qotd": ("campaign add", "campaign cast", "character"),
    "dracula": ("dracula enrol", "dracula recast", "model"),
    "norman": ("gunfight enrol", "gunfight recast", "figure"),
}
"""How each ruleset that keeps a campaign roster puts a character on it and casts it again: its two commands and
their option naming the character (no ruleset object declares a roster yet)."""


async def test_campaign_start_and_show_name_the_ruleset_it_plays_and_it_is_stored(scene, key):
    play = Play(scene, key)
    started = public(await scene.dora.slash(scene.channel, "campaign start", name="Dodge", ruleset=key))
    [campaign] = await scene.db().campaigns(scene.guild.id)
    assert (campaign.name, campaign.ruleset, campaign.director_id) == ("Dodge", key, scene.dora.id)
    shown = text_of(await scene.stranger.slash(scene.channel, "campaign show", campaign="Dodge"))
    assert "Dodge" in shown and play.ruleset.title in shown, shown
    assert f"It plays {play.ruleset.title}." in started, started


async def test_campaign_show_tells_how_to_fill_the_roster_only_with_the_rulesets_own_command(scene, key):
    public(await scene.dora.slash(scene.channel, "campaign start", name="Dodge", ruleset=key))
    shown = text_of(await scene.stranger.slash(scene.channel, "campaign show", campaign="Dodge"))
    told = {enrol for enrol, _, _ in ROSTERS.values() if f"`/{enrol}`" in shown}
    assert told == ({ROSTERS[key][0]} if key in ROSTERS else set()), shown


async def test_a_campaigns_adventures_play_its_ruleset_and_its_roster_carries_a_character_over(scene, key):
    play = Play(scene, key)
    public(await scene.dora.slash(scene.channel, "campaign start", name="Dodge", ruleset=key))
    [campaign] = await scene.db().campaigns(scene.guild.id)
    await play.seated_and_cast(campaign=str(campaign.id))
    row = await scene.db().load_game(scene.guild.id, scene.channel.id)
    assert (row.ruleset, row.campaign_id) == (key, campaign.id)
    enrol, recast, option = ROSTERS.get(key, ("", "", ""))
    if enrol:
        public(await scene.pete.slash(scene.channel, enrol, **{option: "Kid"}))
        assert [(r.name, r.owner_id) for r in await scene.db().roster(campaign.id)] == [("Kid", scene.pete.id)]
        shown = await scene.stranger.slash(scene.channel, "campaign show", campaign="Dodge")
        assert "**Kid**" in text_of(shown) and "**Ann**" not in text_of(shown), text_of(shown)
    ended = await end_game(scene.dora, scene.channel)
    assert not ended.response.ephemeral and await play.state() is None

    other = [k for k in ("qotd", "duel") if k != key][0]
    refused(await scene.dora.slash(scene.channel, "game start", ruleset=other, campaign=str(campaign.id)),
            f"plays {play.ruleset.title}")
    public(await scene.dora.slash(scene.channel, "game start", campaign=str(campaign.id)))
    row = await scene.db().load_game(scene.guild.id, scene.channel.id)
    assert (row.ruleset, row.campaign_id) == (key, campaign.id)
    public(await scene.pete.slash(scene.channel, "game join"))
    if enrol:
        public(await scene.pete.slash(scene.channel, recast, **{option: "Kid"}))
        assert [(c.name, c.owner) for c in (await play.state()).characters.values()] == [("Kid", scene.pete.id)]
    else:
        await play.cast("pete", PLAYERS["pete"])
