"""The contract of a campaign, met by every registered ruleset and High Noon: `/campaign start ruleset:`, its
first adventure played and ended, the next adventure of the same ruleset; where the ruleset keeps a roster (it
declares :class:`~bot.rules.core.ruleset.Campaign`), a character put on it with `/campaign add` in one adventure is
cast again with `/campaign cast`, as its player's, in the next."""

from __future__ import annotations

import pytest

from bot.rules.core.ruleset import Campaign
from tests.bot.helpers import end_game, refused, text_of

from .driving import PLAYERS, Play, public

pytestmark = pytest.mark.asyncio(loop_scope="module")
"""Every contract of the module plays in the module's one Discord (see conftest.py)."""

async def test_campaign_start_and_show_name_the_ruleset_it_plays_and_it_is_stored(scene, key):
    play = Play(scene, key)
    started = public(await scene.dora.slash(scene.channel, "campaign start", name="Dodge", ruleset=key))
    [campaign] = await scene.db().campaigns(scene.guild.id)
    assert (campaign.name, campaign.ruleset, campaign.director_id) == ("Dodge", key, scene.dora.id)
    shown = text_of(await scene.stranger.slash(scene.channel, "campaign show", campaign="Dodge"))
    assert "Dodge" in shown and play.ruleset.title in shown, shown
    assert f"It plays {play.ruleset.title}." in started, started


async def test_campaign_show_tells_how_to_fill_the_roster_only_with_the_rulesets_own_command(scene, key):
    """`/campaign add` only where the ruleset keeps a roster; elsewhere that it keeps none."""
    play = Play(scene, key)
    started = public(await scene.dora.slash(scene.channel, "campaign start", name="Dodge", ruleset=key))
    shown = text_of(await scene.stranger.slash(scene.channel, "campaign show", campaign="Dodge"))
    keeps = isinstance(play.ruleset, Campaign)
    assert ("`/campaign add`" in shown, "`/campaign add`" in started) == (keeps, keeps), (shown, started)
    assert keeps or f"{play.ruleset.title} keeps no roster" in shown, shown


async def test_a_campaigns_adventures_play_its_ruleset_and_its_roster_carries_a_character_over(scene, key):
    play = Play(scene, key)
    public(await scene.dora.slash(scene.channel, "campaign start", name="Dodge", ruleset=key))
    [campaign] = await scene.db().campaigns(scene.guild.id)
    await play.seated_and_cast(campaign=str(campaign.id))
    row = await scene.db().load_game(scene.guild.id, scene.channel.id)
    assert (row.ruleset, row.campaign_id) == (key, campaign.id)
    keeps = isinstance(play.ruleset, Campaign)
    if keeps:
        public(await scene.pete.slash(scene.channel, "campaign add", character="Kid"))
        assert [(r.name, r.owner_id) for r in await scene.db().roster(campaign.id)] == [("Kid", scene.pete.id)]
        shown = await scene.stranger.slash(scene.channel, "campaign show", campaign="Dodge")
        assert "**Kid**" in text_of(shown) and "**Ann**" not in text_of(shown), text_of(shown)
    else:
        refused(await scene.pete.slash(scene.channel, "campaign add", character="Kid"), "keeps no roster")
        assert await scene.db().roster(campaign.id) == []
    ended = await end_game(scene.dora, scene.channel)
    assert not ended.response.ephemeral and await play.state() is None

    other = [k for k in ("qotd", "duel") if k != key][0]
    refused(await scene.dora.slash(scene.channel, "game start", ruleset=other, campaign=str(campaign.id)),
            f"plays {play.ruleset.title}")
    public(await scene.dora.slash(scene.channel, "game start", campaign=str(campaign.id)))
    row = await scene.db().load_game(scene.guild.id, scene.channel.id)
    assert (row.ruleset, row.campaign_id) == (key, campaign.id)
    public(await scene.pete.slash(scene.channel, "game join"))
    if keeps:
        public(await scene.pete.slash(scene.channel, "campaign cast", character="Kid"))
        assert [(c.name, c.owner) for c in (await play.state()).characters.values()] == [("Kid", scene.pete.id)]
    else:
        await play.cast("pete", PLAYERS["pete"])
