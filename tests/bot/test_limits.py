"""Discord's limits on a message: every message the bot sends is fitted to them (bot.glue.replies.fitted),
each limit tried at its edge; and replies that used to go past them now reach the channel."""

import discord
import pytest
from simcord.components import validate_message_state

from bot.glue.replies import (AUTHOR_LIMIT, CONTENT_LIMIT, CUSTOM_ID_LIMIT, DESCRIPTION_LIMIT, EMBEDS_LIMIT,
                         EMBEDS_TOTAL_LIMIT, FIELD_LIMIT, FIELD_NAME_LIMIT, FIELDS_LIMIT, FOOTER_LIMIT, MAX_FILES,
                         TITLE_LIMIT, UPLOAD_LIMIT, clip, fitted)
from bot.rules.qotd.state import Condition, QotdState

from tests.storage.helpers import rows

from .conftest import make_bot
from .helpers import refused, stored_game, text_of


def words(n: int) -> str:
    """Text of exactly ``n`` characters, words of four letters and spaces."""
    return ("word " * (n // 5 + 1))[:n]


def lines(n: int) -> str:
    """Text of exactly ``n`` characters in numbered lines."""
    text = "\n".join(f"line {i:05} of the story" for i in range(n // 24 + 1))
    return text[:n]


def accepted(kwargs: dict) -> None:
    """The message as Discord's checks (SimCord's copy of them) and its file limits would take it."""
    embeds = [embed.to_dict() for embed in kwargs.get("embeds", [])]
    validate_message_state(kwargs.get("view").to_components() if kwargs.get("view") else [], flags=0,
                           content=kwargs.get("content"), embeds=embeds, require_nonempty=True)
    files = kwargs.get("files", [])
    assert len(files) <= MAX_FILES
    assert sum(len(file.fp.getvalue()) for file in files) <= UPLOAD_LIMIT


def embed_of(kwargs: dict) -> discord.Embed:
    [embed] = kwargs["embeds"]
    return embed


@pytest.mark.parametrize("limit", [CONTENT_LIMIT])
def test_content_at_the_limit_is_kept_and_past_it_loses_words_not_letters(limit):
    assert fitted(words(limit))["content"] == words(limit)
    over = fitted(words(limit + 1))
    accepted(over)
    assert over["content"].endswith("word…") and len(over["content"]) <= limit


@pytest.mark.parametrize(("part", "limit"), [("title", TITLE_LIMIT), ("description", DESCRIPTION_LIMIT),
                                             ("footer", FOOTER_LIMIT), ("author", AUTHOR_LIMIT)])
def test_each_embed_text_at_its_limit_is_kept_and_past_it_is_shortened(part, limit):
    def embed(n: int) -> discord.Embed:
        made = discord.Embed(title="T" if part != "title" else words(n), description=words(n) if part == "description"
                             else None)
        if part == "footer":
            made.set_footer(text=words(n))
        if part == "author":
            made.set_author(name=words(n))
        return made

    def text(made: discord.Embed) -> str:
        return {"title": made.title, "description": made.description, "footer": made.footer.text,
                "author": made.author.name}[part]
    assert text(embed_of(fitted(embeds=[embed(limit)]))) == words(limit)
    over = fitted(embeds=[embed(limit + 1)])
    accepted(over)
    assert text(embed_of(over)).endswith("…")


def test_a_long_description_keeps_its_first_and_last_lines_and_says_how_many_are_left_out():
    text = lines(DESCRIPTION_LIMIT + 1)
    shown = embed_of(fitted(embeds=[discord.Embed(description=text)])).description
    kept = shown.splitlines()
    assert kept[0] == text.splitlines()[0] and kept[-1] == text.splitlines()[-1]
    [note] = [line for line in kept if "left out" in line]
    assert int(note.split("(")[1].split()[0]) == len(text.splitlines()) - len(kept) + 1


def test_fields_name_value_and_count_at_their_limits():
    at = discord.Embed(title="Fields")
    for n in range(FIELDS_LIMIT):
        at.add_field(name=words(FIELD_NAME_LIMIT) if n == 0 else f"f{n}", value=words(FIELD_LIMIT) if n == 1 else "v")
    kept = embed_of(fitted(embeds=[at]))
    assert len(kept.fields) == FIELDS_LIMIT and kept.fields[0].name == words(FIELD_NAME_LIMIT)
    assert kept.fields[1].value == words(FIELD_LIMIT)

    over = discord.Embed(title="Fields")
    over.add_field(name=words(FIELD_NAME_LIMIT + 1), value=words(FIELD_LIMIT + 1))
    for n in range(1, FIELDS_LIMIT + 1):
        over.add_field(name=f"f{n}", value="v")
    sent = fitted(embeds=[over])
    accepted(sent)
    fields = embed_of(sent).fields
    assert len(fields) == FIELDS_LIMIT and fields[0].name.endswith("…") and fields[0].value.endswith("…")
    assert fields[-1].name == "… and 2 more" and fields[-1].value == f"f{FIELDS_LIMIT - 1}, f{FIELDS_LIMIT}"


def test_all_embeds_together_at_6000_are_kept_and_past_it_shortened():
    def two(total: int) -> list[discord.Embed]:
        return [discord.Embed(title="A", description=lines(total // 2 - 1)),
                discord.Embed(title="B", description=lines(total - total // 2 - 1))]
    kept = fitted(embeds=two(EMBEDS_TOTAL_LIMIT))["embeds"]
    assert [e.description for e in kept] == [e.description for e in two(EMBEDS_TOTAL_LIMIT)]
    over = fitted(embeds=two(EMBEDS_TOTAL_LIMIT + 2))
    accepted(over)
    assert all("left out" in e.description for e in over["embeds"])


def test_ten_embeds_are_kept_and_an_eleventh_is_not():
    assert len(fitted(embeds=[discord.Embed(title=str(n)) for n in range(EMBEDS_LIMIT)])["embeds"]) == EMBEDS_LIMIT
    over = fitted(embeds=[discord.Embed(title=str(n)) for n in range(EMBEDS_LIMIT + 1)])
    accepted(over)
    assert [e.title for e in over["embeds"]] == [str(n) for n in range(EMBEDS_LIMIT)]


def test_ten_files_of_ten_mib_are_kept_and_what_does_not_fit_is_said():
    tenth = UPLOAD_LIMIT // MAX_FILES
    files = [(f"p{n}.png", bytes(tenth)) for n in range(MAX_FILES)]
    assert len(fitted(attachments=files)["files"]) == MAX_FILES
    over = fitted("Pictures", attachments=[*files, ("p10.png", b"x")])
    accepted(over)
    assert len(over["files"]) == MAX_FILES and "1 of the files did not fit" in over["content"]
    heavy = fitted("Pictures", attachments=[("a.png", bytes(UPLOAD_LIMIT - 1)), ("b.png", bytes(2))])
    accepted(heavy)
    assert [f.filename for f in heavy["files"]] == ["a.png"] and "1 of the files" in heavy["content"]


def test_five_rows_of_five_buttons_and_custom_ids_of_100_are_kept():
    view = discord.ui.View()
    for n in range(25):
        view.add_item(discord.ui.Button(label=str(n), custom_id=f"{n:02}" + "x" * (CUSTOM_ID_LIMIT - 2)))
    sent = fitted("Choose", view=view)
    accepted(sent)
    rows = sent["view"].to_components()
    assert len(rows) == 5 and all(len(row["components"]) == 5 for row in rows)


def test_a_custom_id_past_100_is_left_out_and_the_message_still_goes(caplog):
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="fits", custom_id="k" * CUSTOM_ID_LIMIT))
    view.add_item(discord.ui.Button(label="too long", custom_id="k" * (CUSTOM_ID_LIMIT + 1)))
    sent = fitted("Choose", view=view)
    accepted(sent)
    assert [item.label for item in sent["view"].children] == ["fits"]
    assert "past Discord's limits" in caplog.text


def test_clip_cuts_a_single_long_word_only_when_it_must():
    assert clip("x" * 3000, CONTENT_LIMIT) == "x" * (CONTENT_LIMIT - 1) + "…"


async def holders_everywhere(scene, first: str | None = None) -> str:
    """A phase in which 14 Heroes with 40-letter names hold, their 56 cards to come, then the card of Kid,
    who does not hold (after the card of ``first``, cast too, if given); returns Kid's card."""
    await scene.game()
    for n in range(14):
        await scene.pete.slash(scene.channel, "cast add", name=f"Hero {n:02} of the Long and Dusty Trail Westward"[:40],
                               type="hero", personality="ordinary")
    for name in filter(None, ("Kid", first)):
        await scene.polly.slash(scene.channel, "cast add", name=name, type="minor", personality="ordinary")
    await scene.dora.slash(scene.channel, "deal")
    async with scene.db().unit(scene.guild.id, scene.channel.id) as uow:
        state = QotdState.from_json(uow.game.state)
        free = [state.characters[slug] for slug in ("kid", first and first.casefold()) if slug]
        for character in state.characters.values():
            if character not in free:
                character.conditions.add(Condition.HOLDING)
        held = [c for c in state.deck.to_come if not c.is_joker and all(c not in f.cards for f in free)]
        order = [*(f.cards[0] for f in free[1:]), *held, free[0].cards[0]]
        state.deck.to_come = [*order, *(c for c in state.deck.to_come if c not in order)]
        uow.save(state.to_json())
    return str(free[0].cards[0])


async def test_a_draw_past_holders_cards_shows_the_card_turned_and_who_acts(scene):
    kid_card = await holders_everywhere(scene)
    result = await scene.dora.slash(scene.channel, "draw")
    assert not result.response.ephemeral, result.response.content
    [embed] = result.response.embeds
    assert len(embed.description) <= DESCRIPTION_LIMIT
    shown = embed.description.splitlines()
    assert shown[-1] == f"{kid_card} — **Kid** acts"
    assert any("more lines: `/deck` shows the turn so far" in line for line in shown)
    assert result.response.content == f"<@{scene.polly.id}>, Kid acts."
    state = await stored_game(scene.db(), scene.guild.id, scene.channel.id)
    assert state.acting.key == "kid" and "Kid acts" in text_of(result)


async def cast(scene, actor, n: int, prefix: str = "Gun", **options):
    return [await actor.slash(scene.channel, "cast add", name=f"{prefix} {i}", type="minor",
                              personality="ordinary", **options) for i in range(n)]


async def test_the_cast_stops_at_the_servers_limits_for_a_game_and_for_a_player(scene):
    await scene.game()
    shown = text_of(await scene.boss.slash(scene.channel, "game settings", cast_limit=5, player_cast_limit=2))
    assert "Cast: 5 characters a game at most, 2 a player" in shown
    assert all(not r.response.ephemeral for r in await cast(scene, scene.pete, 2))
    before = await stored_game(scene.db(), scene.guild.id, scene.channel.id)
    refused((await cast(scene, scene.pete, 1, "Extra"))[0], "That player has 2 characters", "player_cast_limit")
    refused(await scene.dora.slash(scene.channel, "cast add", name="Pete's Third", type="minor",
                                   personality="ordinary", player=scene.pete), "That player has 2 characters")
    assert (await stored_game(scene.db(), scene.guild.id, scene.channel.id)).to_json() == before.to_json()
    assert all(not r.response.ephemeral for r in await cast(scene, scene.dora, 3, "Outlaw"))   # the Director's
    refused((await cast(scene, scene.polly, 1))[0], "The cast is full", "5 characters", "cast_limit")
    assert len((await stored_game(scene.db(), scene.guild.id, scene.channel.id)).characters) == 5


async def test_the_default_cast_of_60_is_reached_and_each_undo_snapshot_of_it_stays_small(scene):
    await scene.game()
    for actor, count in ((scene.pete, 20), (scene.polly, 20), (scene.dora, 20)):
        assert all(not r.response.ephemeral for r in await cast(scene, actor, count, actor.name))
    refused((await cast(scene, scene.dora, 1, "One Too Many"))[0], "The cast is full", "60 characters")
    [(largest,)] = await rows(scene.db(), "SELECT max(length(snapshot)) FROM log")
    assert largest < 4096


async def test_a_user_past_their_commands_a_minute_is_told_when_to_try_again(scene, db_url):
    await scene.env.restart_bot(make_bot(db_url, commands_per_minute=5))
    await scene.game()
    for _ in range(2):
        assert not (await scene.pete.slash(scene.channel, "roll")).response.ephemeral      # 3 of 5, join first
    assert (await scene.pete.autocomplete(scene.channel, "shoot", "target", "K")) is not None   # not counted
    assert not (await scene.pete.slash(scene.channel, "roll")).response.ephemeral
    assert not (await scene.pete.slash(scene.channel, "roll")).response.ephemeral      # the fifth
    log = await rows(scene.db(), "SELECT count(*) FROM log")
    sixth = await scene.pete.slash(scene.channel, "roll")
    refused(sixth, "5 commands from you within a minute", "Try again <t:")
    assert await rows(scene.db(), "SELECT count(*) FROM log") == log
    assert not (await scene.polly.slash(scene.channel, "roll")).response.ephemeral     # others play on
    await scene.env.advance_time(60)
    assert not (await scene.pete.slash(scene.channel, "roll")).response.ephemeral


async def test_a_deadline_past_holders_cards_tells_the_channel_the_card_turned_and_who_acts(scene):
    kid_card = await holders_everywhere(scene, first="Ike")
    await scene.dora.slash(scene.channel, "draw")                                       # Ike's card is up
    await scene.dora.slash(scene.channel, "game settings", reminder_hours=1, deadline_hours=2, deadline_action="skip")
    await scene.env.advance_time(3 * 3600)
    [notice] = [m for m in scene.channel.history() if m.interaction_metadata is None
                and m.content.startswith("⏰ The deadline passed")]
    assert notice.content.startswith("⏰ The deadline passed: **Ike** does not act")
    assert notice.content.endswith(f"<@{scene.polly.id}>, Kid acts.")
    [embed] = notice.embeds
    assert len(embed.description) <= DESCRIPTION_LIMIT
    assert embed.description.splitlines()[-1] == f"{kid_card} — **Kid** acts"
