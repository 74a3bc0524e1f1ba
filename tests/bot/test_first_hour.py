"""The first hour of a new group (issue 18, play): whose card is up, the joker's mark, /quickdraw's weapon,
ending a game and reading it afterwards, consequences in the log, the DV line, and /deck's count."""

import json

from bot.rules.core.dice import Luck
from tests.storage.helpers import rows
from tests.rules.scripted import Dice

from .conftest import make_bot
from .helpers import card_up, channel_view, end_game, png, refused, stored_game, text_of, words_of


async def game(scene):
    return await stored_game(scene.db(), scene.guild.id, scene.channel.id)


async def log_texts(scene) -> list[tuple[str, str]]:
    return (await channel_view(scene.env, scene.guild.id, scene.channel)).log


async def test_a_player_acting_out_of_turn_is_refused_and_a_director_may_allow_it_logged_as_such(scene):
    await scene.mid_phase(scene.channel)                                   # Kid's card is up
    before, log = await game(scene), await log_texts(scene)
    scene.env.bot.rng = Dice(6, 6)
    result = await scene.polly.slash(scene.channel, "test", character="Wyatt Earp", chart="task")
    refused(result, "Wyatt Earp's card is not up (Kid's is)", "a Director's call")
    assert (await game(scene)).to_json() == before.to_json() and await log_texts(scene) == log

    # what the book allows off turn needs no leave: a courage test the situation calls for
    result = await scene.polly.slash(scene.channel, "test", character="Wyatt Earp", chart="courage")
    assert not result.response.ephemeral and "out of turn" not in text_of(result)
    assert (await log_texts(scene))[-1] == ("test", "Wyatt Earp: Taking a Courage Test")

    scene.env.bot.rng = Dice(6, 6)
    result = await scene.dora.slash(scene.channel, "test", character="Wyatt Earp", chart="task")
    assert not result.response.ephemeral
    assert result.response.content.startswith(
        "Out of turn, by the Director's leave: Wyatt Earp's card is not up (Kid's is).")
    assert "Wyatt Earp: Wanting to complete a task" in text_of(result)
    kind, text = (await log_texts(scene))[-1]
    assert kind == "test" and text.endswith("(out of turn, by the Director's leave)")
    shown = text_of(await scene.pete.slash(scene.channel, "log recent", n=1))
    assert "out of turn, by the Director's leave" in shown


async def draw_until_black_marked(scene):
    """/draw until the card up carries the black joker's mark; returns that character's key."""
    for _ in range(80):
        await scene.dora.slash(scene.channel, "draw")
        state = await game(scene)
        if state.acting is not None and state.acting.luck is Luck.BLACK:
            return state.acting.key
    raise AssertionError("no black joker marked a card")


async def test_the_black_jokers_mark_falls_on_the_marked_characters_own_roll_not_on_a_hit_on_them(scene):
    await scene.game()
    for player, name in ((scene.pete, "Doc"), (scene.polly, "Billy")):
        await player.slash(scene.channel, "cast add", name=name, type="minor", personality="ordinary")
        await player.slash(scene.channel, "cast weapon", character=name, weapon="single_action_revolver")
    scene.env.bot.rng = Dice()
    await scene.dora.slash(scene.channel, "deal")
    marked = await draw_until_black_marked(scene)
    other = {"doc": "Billy", "billy": "Doc"}[marked]
    # the other shoots the marked one, by the Director's leave: Wanting to Shoot 9, to hit 9, effect 10
    # (a Graze at 10, then a courage test: 6)
    scene.env.bot.rng = Dice(9, 9, 10, 6)
    result = await scene.dora.slash(scene.channel, "shoot", shooter=other, target=marked, paces=6)
    shown = text_of(result)
    assert scene.env.bot.rng.faces == [] and "joker" not in shown
    assert "**Effect of the hit** — " in shown and "1D10: [10] → **10** (10)" in shown and "**Graze**" in shown
    assert (await game(scene)).characters[marked].luck is Luck.BLACK
    # the marked one's own first roll is the mishap: a 1, whatever the die says
    scene.env.bot.rng = Dice(8)
    result = await scene.dora.slash(scene.channel, "test", character=marked, chart="task")
    assert "1D10: [8] → counts as 1 (black joker) → **1** (1)" in text_of(result)
    assert (await game(scene)).characters[marked].luck is None


async def test_quickdraw_draws_the_weapon_named_from_the_shooters_own(scene):
    await scene.game()
    await scene.pete.slash(scene.channel, "cast add", name="Doc", type="minor", personality="ordinary")
    for weapon in ("double_barrelled", "single_action_revolver"):
        await scene.pete.slash(scene.channel, "cast weapon", character="Doc", weapon=weapon)
    await scene.dora.slash(scene.channel, "cast add", name="Ike", type="minor", personality="rash")
    choices = await scene.pete.autocomplete(scene.channel, "quickdraw", "weapon", "", shooter="Doc")
    assert [c["value"] for c in choices] == ["double_barrelled", "single_action_revolver"]
    # Shoot that Smoke Wagon! (7), a hasty shot: to hit 9, effect 9
    scene.env.bot.rng = Dice(7, 9, 9, 9)
    result = await scene.pete.slash(scene.channel, "quickdraw", shooter="Doc", target="Ike", paces=10,
                                    weapon="single_action_revolver")
    assert "Doc draws on Ike with a Single action revolver" in text_of(result)
    [(text,)] = await rows(scene.db(), "SELECT text FROM log WHERE kind = 'quickdraw'")
    assert text == "Doc draws on Ike with a Single action revolver"
    choices = await scene.pete.autocomplete(scene.channel, "quickdraw", "weapon", "revol", shooter="doc")
    assert [c["value"] for c in choices] == ["single_action_revolver"]


async def kid_spends_the_black_mark(scene):
    """Mid-phase, Kid's card is up and carries the black joker's mark: a task, Kid's first roll, takes the
    mishap (a 1 whatever the die), so that the next rolls are read as they fall."""
    await scene.mid_phase(scene.channel)
    assert (await game(scene)).characters["kid"].luck is Luck.BLACK
    scene.env.bot.rng = Dice(6)
    result = await scene.pete.slash(scene.channel, "test", character="Kid", chart="task")
    assert "counts as 1 (black joker)" in text_of(result) and (await game(scene)).characters["kid"].luck is None


async def a_shootout_with_a_casualty(scene):
    """Kid (pete, a derringer of one shot left) shoots Frank (dora's, a Minor Character) down, the derringer
    emptied; Kid's card is up."""
    await kid_spends_the_black_mark(scene)
    scene.env.bot.rng = Dice(7, 8, 3)
    await scene.dora.slash(scene.channel, "cast add", name="Frank", type="minor", personality="ordinary")
    return await scene.pete.slash(scene.channel, "shoot", shooter="Kid", target="Frank", paces=6)


async def test_the_log_tells_who_went_down_when_and_what_was_emptied(scene):
    shot = await a_shootout_with_a_casualty(scene)
    assert "Frank is a casualty" in text_of(shot)
    shown = text_of(await scene.polly.slash(scene.channel, "log recent", n=2))
    assert "⇒ Frank loses" in shown and "⇒ Frank is a casualty." in shown and "⇒ The Derringer is empty." in shown
    result = await scene.polly.slash(scene.channel, "log export")
    document = (await result.response.attachments[0].read()).decode()
    assert "| what changed | seals |" in document
    [last] = [line for line in document.splitlines() if "| shoot |" in line and "Frank" in line]
    assert last.endswith("| The Derringer is empty.; Frank loses Q♣ (lethal hit, for good).; Frank is a casualty. "
                         "|  |")                                          # the shot made and revealed no seal


async def test_the_dv_line_starts_from_the_basic_dv_of_the_armour_and_adds_up(scene):
    await kid_spends_the_black_mark(scene)
    await scene.dora.slash(scene.channel, "cast add", name="Frank", type="minor", personality="ordinary")
    await scene.dora.slash(scene.channel, "cast armour", character="Frank", armour="armour")
    scene.env.bot.rng = Dice(7, 8, 9)                  # Wanting to Shoot, to hit, effect
    result = await scene.pete.slash(scene.channel, "shoot", shooter="Kid", target="Frank", paces=6, cover="hard")
    assert scene.env.bot.rng.faces == []
    assert "DV 2 (armoured) + 2 (Shot while evading or in dense or hard cover or lying prone) + 1 (Hit by a Light " \
           "Impact weapon or an improvised weapon) = 5, past the chart's edge: read in the 3+ column" in text_of(result)
    [(data,)] = await rows(scene.db(), "SELECT data FROM log WHERE kind = 'shoot' ORDER BY seq DESC LIMIT 1")
    effect = json.loads(data)["resolution"]["readings"][-1]
    assert effect["base"] == ["armoured", 2] and effect["column"] == 4


async def test_ending_a_game_asks_a_director_then_sums_it_up_and_leaves_it_readable(scene):
    await a_shootout_with_a_casualty(scene)
    asked = await scene.dora.slash(scene.channel, "game end")
    assert "End the game in this channel after 1 phase?" in asked.response.content
    labels = [c["label"] for row in asked.response.components for c in row["components"]]
    assert labels == ["End the game", "Cancel"]

    refused(await scene.pete.click(asked.response.message, label="End the game"), "only a director")
    cancelled = await scene.dora.click(asked.response.message, label="Cancel")
    assert "the game goes on" in cancelled.response.content
    assert await game(scene) is not None and (await log_texts(scene))[-1][0] == "shoot"

    ended = await end_game(scene.deputy, scene.channel)                   # the server's Director role
    shown = text_of(ended)
    assert "That's a wrap! The game ends after 1 phase." in shown
    assert "**Frank**: casualty" in shown and "**Ike**: casualty" in shown
    # Kid shot Ike and Frank down and fought Doc Holliday (two stunning hits, one card back since)
    assert "**Kid**: 2 shots, 1 fight, 3 hits" in shown and "**Doc Holliday**: lost 9♥ (stunned)" in shown
    assert "**Frank**: lost Q♣ (for good)" in shown
    assert await game(scene) is None
    [(status, kind)] = await rows(scene.db(), "SELECT g.status, l.kind FROM games g JOIN log l ON l.game_id = g.id "
                                              "WHERE l.seq = g.last_seq")
    assert (status, kind) == ("ended", "end")

    recent = await scene.pete.slash(scene.channel, "log recent", n=2)
    assert "This game has ended" in recent.response.content and "The game ends." in text_of(recent)
    export = await scene.polly.slash(scene.channel, "log export")
    assert "This game has ended" in export.response.content
    assert "| end | The game ends. |" in (await export.response.attachments[0].read()).decode()
    status = await scene.stranger.slash(scene.channel, "status")
    assert "This game has ended" in status.response.content and png(await status.response.attachments[0].read())
    assert status.response.embeds[0].title.startswith("Ended — Phase 1")
    refused(await scene.pete.slash(scene.channel, "shoot", shooter="Kid", target="Ike", paces=6), "no game")


async def test_deck_counts_cards_and_jokers_apart_as_its_picture_does(scene):
    await scene.mid_phase(scene.channel)
    for _ in range(20):
        state = await game(scene)
        if state.deck.jokers_seen:
            break
        await scene.dora.slash(scene.channel, "draw")
    deck = (await game(scene)).deck
    jokers = len(deck.jokers_seen)
    assert jokers
    cards = len(deck.turned) - jokers
    result = await scene.polly.slash(scene.channel, "deck")
    assert words_of(result.response).splitlines()[2].startswith(
        f"{cards} card{'s' * (cards != 1)} turned and {jokers} joker{'s' * (jokers > 1)}, {len(deck.to_come)} to come.")


def joker_before(state, key: str) -> bool:
    """Whether a joker, after a card that is not one, comes right before one of ``key``'s cards still to come."""
    pack = state.deck.to_come
    mine = set(state.characters[key].cards)
    return any(card.is_joker and pack[i + 1] in mine and (i == 0 or not pack[i - 1].is_joker)
               for i, card in enumerate(pack[:-1]))


async def test_a_jokers_mark_on_a_holders_card_passes_with_it_and_draw_says_so(scene):
    await scene.game()
    await scene.pete.slash(scene.channel, "cast add", name="Doc", type="hero", personality="ordinary")
    await scene.polly.slash(scene.channel, "cast add", name="Billy", type="minor", personality="ordinary")
    scene.env.bot.rng = Dice()
    await scene.dora.slash(scene.channel, "deal")
    for _ in range(80):                   # to a phase where Doc's card is up and a joker marks a later one
        await scene.dora.slash(scene.channel, "draw")
        state = await game(scene)
        if state.acting is not None and state.acting.key == "doc" and joker_before(state, "doc"):
            break
    else:
        raise AssertionError("no phase had a joker before one of Doc's later cards")
    await scene.pete.slash(scene.channel, "hold")
    for _ in range(8):                    # to the draw that turns the joker and then Doc's card
        lines = text_of(await scene.dora.slash(scene.channel, "draw")).splitlines()
        marked = [i for i, line in enumerate(lines)
                  if "Doc is holding; the card passes" in line and "Joker**" in lines[i - 1]]
        if marked:
            break
    assert marked, "no joker was turned right before one of Doc's cards"
    for passing in marked:                # both jokers may fall before Doc's cards in one draw
        colour = "red" if "Red Joker" in lines[passing - 1] else "black"
        assert lines[passing - 1].startswith(f"**{colour.capitalize()} Joker** — the next card is marked")
        assert lines[passing].endswith(f"Doc is holding; the card passes, and the {colour} joker's mark with it: "
                                       "it marked this card.")
    state = await game(scene)
    assert state.characters["doc"].luck is None
    if not any("Joker" in line for line in lines[passing:]):              # no other joker turned since
        assert state.acting is None or state.acting.luck is None


async def test_the_question_to_end_a_game_is_answered_after_a_restart(scene, db_url):
    await scene.game()
    asked = await scene.dora.slash(scene.channel, "game end")
    await scene.env.restart_bot(make_bot(db_url, seed=11))
    ended = await scene.dora.click(asked.response.message, label="End the game")
    assert "That's a wrap! The game ends after 0 phases." in text_of(ended)
    assert "None: everyone walks away." in text_of(ended) and "Nobody shot, fought or lost a card." in text_of(ended)
    assert await game(scene) is None
    public = (await channel_view(scene.env, scene.guild.id, scene.channel)).public
    [(_, _, _, components, _, _)] = [m for m in public if m[0] == asked.response.message.id]
    assert components == []                                     # the question's buttons are gone


async def test_a_holder_who_responds_in_time_then_acts_without_the_directors_leave(scene):
    await scene.game()
    await scene.pete.slash(scene.channel, "cast add", name="Doc", type="hero", personality="ordinary")
    await scene.polly.slash(scene.channel, "cast add", name="Billy", type="main", personality="ordinary")
    await scene.polly.slash(scene.channel, "cast weapon", character="Billy", weapon="single_action_revolver")
    await scene.dora.slash(scene.channel, "deal")
    for _ in range(80):                   # to a phase where Billy's card is up and one of Doc's comes later
        await scene.dora.slash(scene.channel, "draw")
        state = await game(scene)
        if state.acting is not None and state.acting.key == "billy" and \
                state.next_card_of(state.characters["doc"]) is not None:
            break
    else:
        raise AssertionError("no phase had one of Doc's cards after one of Billy's")
    held = await scene.polly.slash(scene.channel, "hold")
    assert not held.response.ephemeral, held.response.content
    await card_up(scene, "Doc")                                             # Billy is off his card
    scene.env.bot.rng = Dice(7, 7)                                          # I'm Ready!
    ready = await scene.polly.slash(scene.channel, "test", character="Billy", chart="respond_opportunity")
    assert not ready.response.ephemeral and "responds in time" in text_of(ready)
    scene.env.bot.rng = Dice(7, 7, 8, 8, 5, 5, 6, 6, 6, 6)
    shot = await scene.polly.slash(scene.channel, "shoot", shooter="Billy", target="Doc", paces=6)
    assert not shot.response.ephemeral, shot.response.content
    assert "out of turn" not in shot.response.content and "Billy shoots at Doc" in text_of(shot)
