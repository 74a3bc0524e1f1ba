"""A game of Mackenzie Norman's card gunfight through Discord: three gangs and a Director, hands seen by their
owners alone, cards played face up for a figure, the Joker window that waits on every opponent alike (MN 73-78),
close combat with cards out of sight (MN 146-159), the town's face-down cards, a restart mid-turn, the
aftermath; and a sweep of every public output of the game for a card not yet revealed (MN = line of the
text)."""

from __future__ import annotations

import random
import re

from bot.glue.replies import markdown
from bot.rules.core.cards import Card
from bot.rules.norman.ruleset import NORMAN
from bot.rules.norman.state import MOVE_RANKS, SHOOT_RANKS, STARTING_SUITS, NormanState

from tests.rules import scripted
from tests.rules.norman.table import hidden

from .conftest import make_bot
from .helpers import end_game, png, refused, text_of, words_of
from .sweep import Seeds, Sweep, log_of, named
from .test_timers import hours, posted


class Dice(scripted.Dice):
    """D6s that fall in the cycle given (a hit, then the True Grit roll ...); shuffles stay seeded. Written by
    the test rather than drawn from the turn's seal (see ScriptedDirector)."""

    def __init__(self, *faces: int) -> None:
        random.Random.__init__(self, 7)
        self.cycle, self.at = faces, 0

    def randint(self, a: int, b: int) -> int:
        if (a, b) != (1, 6) or not self.cycle:
            return super().randint(a, b)
        self.at += 1
        return self.cycle[(self.at - 1) % len(self.cycle)]


async def stored(scene) -> NormanState:
    row = await scene.db().load_game(scene.guild.id, scene.channel.id)
    assert row.ruleset == "norman"
    return NORMAN.load(row.state)


async def three_gangs(scene) -> dict[int, object]:
    """dora directs; pete's Kid (a pistol) and Ann (a rifle), polly's Joe (two pistols), the stranger's Cy (a
    shotgun), the men with a stick of Dynamite each; the town's Saloon, Bank and Jail hold Doc, a Money card
    and nobody."""
    started = await scene.dora.slash(scene.channel, "game start", ruleset="norman")
    assert "Mackenzie Norman's card gunfight" in text_of(started)
    players = {scene.pete.id: scene.pete, scene.polly.id: scene.polly, scene.stranger.id: scene.stranger}
    for player in players.values():
        joined = text_of(await player.slash(scene.channel, "game join"))
        assert any(suit in joined for suit in ("Spades", "Clubs", "Diamonds", "Hearts")), joined
    casts = ((scene.pete, "Kid", "man", {"pistols": 1, "dynamite": 1}),
             (scene.pete, "Ann", "woman", {"long": "rifle"}),
             (scene.polly, "Joe", "man", {"pistols": 2, "dynamite": 1}),
             (scene.stranger, "Cy", "man", {"long": "shotgun", "skills": "Sneak", "dynamite": 1}))
    for player, name, type, options in casts:
        cast = await player.slash(scene.channel, "gunfight cast", name=name, type=type, **options)
        assert f"{name}** joins the cast" in text_of(cast), text_of(cast)
    for name, type, options in (("Doc", "man", {"pistols": 1}), ("Gold", "money", {})):
        added = await scene.dora.slash(scene.channel, "gunfight stock", name=name, type=type, **options)
        assert added.response.ephemeral and name in text_of(added)
    town = await scene.dora.slash(scene.channel, "gunfight town", buildings="Saloon, Bank, Jail")
    assert "The town: Saloon, Bank, Jail; 2 cards face down." in text_of(town)
    return players


def secrets(state: NormanState) -> tuple[set[str], set[str]]:
    """What a gunfight hides, the cards by their codes."""
    cards, names = hidden(state)
    return {card.code for card in cards}, names


def piles(state: NormanState) -> dict[str, set[str]]:
    """What a gunfight hides from some player, by pile: the deck's cards (by code) and the town's (by name)."""
    cards, names = hidden(state)
    return {"norman": {card.code for card in cards}, "town": names}


def sweep_of(scene) -> Sweep:
    return Sweep(scene.channel, lambda: stored(scene), secrets, lambda state: {card.code for card in state.cards()},
                 Seeds(lambda: log_of(scene), piles))


async def look(sweep: Sweep) -> NormanState:
    """The stored game, its public messages so far swept, and the data its board and `/deck`'s picture of the
    played cards are drawn from too."""
    state = await sweep.look()
    board = NORMAN.board(state)
    sweep.check("\n".join([board.title, board.footer, *(w for r in board.rows for w in (r.name, r.kind, *r.words)),
                           *(f"{k} {v}" for r in board.rows for k, v in r.badges)]), "the board")
    played = NORMAN.deck(state)
    sweep.check("\n".join([*map(markdown, played.lines), *(str(Card.parse(face)) for face in played.faces)]),
                "/deck's picture")
    return state


def hits(*dice: int) -> Dice:
    """Every shot hits (a 6) and its True Grit roll fails (a 2: Shot down for a man on foot, MN 174-201)."""
    return Dice(*(dice or (6, 2)))


async def answer_all(scene, sweep: Sweep, players, message, cancel: int | None = None) -> object:
    """Every opponent the window waits on answers with its buttons, each alike: Let it stand, or (``cancel``,
    a player) Cancel with a Joker. Returns the last answer, which closes the window."""
    state = await look(sweep)
    last = None
    while state.window:
        user = state.window.waiting[0]
        label = "Cancel with a Joker" if user == cancel else "Let it stand"
        last = await players[user].click(message, label=label)
        assert not last.response.ephemeral, text_of(last)
        [mine] = last.followups
        state = await look(sweep)
        assert mine.ephemeral and ("let the play stand" if user != cancel else "Joker lies face down" if state.window
                                   else "Joker is played: every answer is in") in mine.content
        if state.window:
            assert f"Answers in: {len(state.window.answers)} of" in text_of(last)
            assert "Joker" not in text_of(last).replace("cancel it with a Joker", "")
    return last


def figures_of(state: NormanState, user: int) -> list:
    return [f for f in state.characters.values() if f.owner == user and f.standing and not f.activated]


def enemies_of(state: NormanState, user: int) -> list:
    return [f for f in state.characters.values() if f.standing and state.enemies(user, f.owner)]


WEAPON = {"Kid": ("pistol", 5), "Ann": ("rifle", 10), "Joe": ("pistols", 5), "Cy": ("shotgun", 0)}


async def player_turn(scene, sweep: Sweep, players, cancel: bool = False) -> bool:
    """The player whose turn it is shoots with each figure holding a Shoot card for it, or moves it with a move
    card; every window is answered (``cancel``: the first opponent holding a Joker cancels with it, once); then
    the player `/draw`s to pass the turn. Returns whether a Joker cancelled."""
    state = await look(sweep)
    user = state.player
    for figure in figures_of(state, user):
        state = await look(sweep)
        hand = state.seats[user].hand
        shots = [c for c in hand if c.rank in SHOOT_RANKS]
        moves = [c for c in hand if c.rank in MOVE_RANKS]
        enemies = enemies_of(state, user)
        if not enemies or state.stopped:
            break
        if shots:
            weapon, inches = WEAPON[figure.name]
            played = await players[user].slash(scene.channel, "gunfight shoot", cards=shots[0].code, weapon=weapon,
                                               target=enemies[0].name, range=inches, figure=figure.name)
            assert f"{figure.name} plays {shots[0]} to shoot the {weapon}" in text_of(played), text_of(played)
        elif moves:
            played = await players[user].slash(scene.channel, "gunfight move", card=moves[0].code,
                                               figure=figure.name)
            assert f"{figure.name} plays {moves[0]} to move" in text_of(played), text_of(played)
        else:
            continue
        [window] = played.followups
        assert png(await window.attachments[0].read())                   # the cards played, face up
        waiting = (await look(sweep)).window.waiting
        assert all(f"<@{other}>" in window.content for other in waiting) and f"{len(waiting)} to answer" in \
            window.content
        holder = next((u for u in waiting if cancel and any(c.is_joker for c in state.seats[u].hand)), None)
        closed = await answer_all(scene, sweep, players, window.message, holder)
        if holder is not None:
            assert "Joker cancels" in text_of(closed), text_of(closed)
            cancel = False
    state = await look(sweep)
    if state.player == user and len({state.side(f.owner) for f in state.characters.values() if f.standing}) > 1:
        passed = await players[user].slash(scene.channel, "draw")
        assert not passed.response.ephemeral, text_of(passed)
    return not cancel


async def test_a_whole_gunfight_with_a_restart_and_nothing_secret_in_public(scene, db_url):
    players = await three_gangs(scene)
    sweep = sweep_of(scene)
    await scene.dora.slash(scene.channel, "game settings", deadline_hours=30)
    scene.env.bot.rng = hits()
    dealt = await scene.dora.slash(scene.channel, "deal")
    assert "Turn 1" in text_of(dealt) and "is dealt 5 cards" in text_of(dealt)
    state = await look(sweep)
    for user, player in players.items():                                   # each hand seen by its owner alone
        mine = await player.click(dealt.response.message, label="My hand")
        cards = {str(c) for c in state.seats[user].hand}
        others = {str(c) for u, seat in state.seats.items() if u != user for c in seat.hand} - cards
        assert mine.response.ephemeral and all(card in text_of(mine) for card in cards)
        assert not any(card in text_of(mine) for card in others)
        assert png(await mine.response.attachments[0].read())

    user = state.player                                                     # a restart mid-turn, the window open
    figure = figures_of(state, user)[0]
    move = next(c for c in state.seats[user].hand if c.rank in MOVE_RANKS)
    played = await players[user].slash(scene.channel, "gunfight move", card=move.code, figure=figure.name)
    [window] = played.followups
    first, second = (await look(sweep)).window.waiting
    await players[first].click(window.message, label="Let it stand")
    fresh = make_bot(db_url, seed=11)
    await scene.env.restart_bot(fresh)
    fresh.rng = hits()
    closed = await players[second].click(window.message, label="Let it stand")   # the buttons outlive the restart
    assert f"{figure.name} moves up to {int(move.rank)}\"" in text_of(closed), text_of(closed)
    [spent] = [m for m in scene.channel.history() if m.id == window.message.id]
    assert not spent.components                                            # the last answer took the buttons away
    await players[user].slash(scene.channel, "draw")

    state = await look(sweep)                                               # a window nobody answers
    user = state.player
    figure = figures_of(state, user)[0]
    move = next(c for c in state.seats[user].hand if c.rank in MOVE_RANKS)
    played = await players[user].slash(scene.channel, "gunfight move", card=move.code, figure=figure.name)
    waiting = (await look(sweep)).window.waiting
    await hours(scene, 13)
    [reminder] = posted(scene, "a reminder")
    assert all(f"<@{other}>" in reminder.content for other in waiting), reminder.content
    await hours(scene, 20)
    [deadline] = posted(scene, "The deadline passed")
    assert f"{figure.name} moves up to" in words_of(deadline), words_of(deadline)
    assert (await look(sweep)).window is None
    refused(await players[waiting[0]].click(played.followups[0].message, label="Let it stand"),
            "every answer to that play is in")
    await players[user].slash(scene.channel, "draw")

    await catch_up_sees_no_other_hand(scene, sweep, players)

    cancelled = False
    for _ in range(30):                                                     # on to the end of the gunfight
        state = await look(sweep)
        if NORMAN.waiting_on(state, scene.dora.id).reason == "aftermath":
            break
        if state.player is None:
            await scene.dora.slash(scene.channel, "deal")
            continue
        cancelled |= await player_turn(scene, sweep, players, cancel=not cancelled)
    assert cancelled
    refused(await scene.pete.slash(scene.channel, "gunfight aftermath"), "only a director")
    after = await scene.dora.slash(scene.channel, "gunfight aftermath")
    assert "After the gunfight" in text_of(after)
    assert (await look(sweep)).over

    for command in ("status", "deck"):
        sweep.check(text_of(await scene.pete.slash(scene.channel, command)), f"/{command}")
    sweep.check(text_of(await scene.pete.slash(scene.channel, "log recent")), "/log recent", history=True)
    export = await scene.pete.slash(scene.channel, "log export")
    sweep.check((await export.response.attachments[0].read()).decode(), "the log export", history=True)
    state = await look(sweep)
    assert sweep.messages > 30
    ended = text_of(await end_game(scene.dora, scene.channel))          # the summary: MN 162-203, 226
    sweep.check(ended, "the end-of-game summary")
    assert "wrap" in ended and "**Shot down, fled or dead**" in ended
    for figure in state.characters.values():
        assert (f"**{figure.name}**: {figure.status}" in ended) is not figure.standing, figure.name
    assert re.search(r"\*\*Who did what\*\*\n\*\*\w+\*\*: \d+ plays?", ended), ended


async def catch_up_sees_no_other_hand(scene, sweep: Sweep, players) -> None:
    """Each player's `/catchup`, for their eyes alone: what happened since their last action, whose turn it is,
    the board, and no card hidden from them (another's hand, the deck, the town's face-down cards)."""
    for user, player in players.items():
        caught = await player.slash(scene.channel, "catchup")
        state = await look(sweep)
        shown = text_of(caught)
        assert caught.response.ephemeral and "since your last action" in shown and "Whose turn" in shown, shown
        assert png(await caught.response.attachments[0].read())
        codes, names = sweep.hidden
        assert not named(shown) & (codes - {card.code for card in state.seats[user].hand}), shown
        assert not any(name in shown for name in names), shown


async def turn_with(scene, players, ranks: frozenset[str]) -> NormanState:
    """/draw on (the player whose turn it is passing) until that player holds a card of ``ranks``."""
    for _ in range(12):
        state = await stored(scene)
        if any(c.rank in ranks for c in state.seats[state.player].hand):
            return state
        await players[state.player].slash(scene.channel, "draw")
    raise AssertionError("no such card was dealt")


async def test_close_combat_cards_lie_out_of_sight_and_show_together(scene):
    """MN 146-159: the attacker's Shoot cards out of sight, the defender's back from the hand's menu, both
    shown together in a picture of the played cards; each card a strike at 5,6, then True Grit."""
    players = await three_gangs(scene)
    sweep = sweep_of(scene)
    scene.env.bot.rng = hits(6, 6, 2, 5, 2)
    await scene.dora.slash(scene.channel, "deal")
    state = await turn_with(scene, players, SHOOT_RANKS)
    user = state.player
    attacker = figures_of(state, user)[0]
    defender = enemies_of(state, user)[0]
    card = next(c for c in state.seats[user].hand if c.rank in SHOOT_RANKS)
    attacked = await players[user].slash(scene.channel, "gunfight contact", target=defender.name, cards=card.code,
                                         figure=attacker.name)
    assert f"{attacker.name} attacks {defender.name} in contact with 1 card(s) out of sight" in text_of(attacked)
    assert str(card) not in text_of(attacked)
    [call] = attacked.followups
    assert f"<@{defender.owner}>, **{defender.name}** strikes back" in call.content
    await look(sweep)
    refused(await players[defender.owner].slash(scene.channel, "gunfight defend", cards=card.code),
            f"do not hold the {card}")
    hand = await players[defender.owner].click(call.message, label="My hand")
    assert hand.response.ephemeral and f"{defender.name} strikes back" in text_of(hand)
    state = await look(sweep)
    back = [c for c in state.seats[defender.owner].hand if c.rank in SHOOT_RANKS]
    if back:
        shown = await players[defender.owner].select(hand.response.message, [back[0].code])
    else:
        shown = await players[defender.owner].slash(scene.channel, "gunfight defend")
    words = text_of(shown)
    assert f"Revealed: {attacker.name} {card}; {defender.name} {back[0] if back else 'nothing'}." in words, words
    assert f"{attacker.name} strikes {defender.name} (1)" in words and f"True Grit of {defender.name}" in words
    if back:
        assert png(await shown.response.attachments[0].read())           # the played cards, side by side
    state = await look(sweep)
    assert state.contact is None and defender.key in state.characters[attacker.key].contact


async def dealt_with_sixes(scene, read):
    """Deal with every die a 6; the game as ``read()`` gives it, the player whose turn it is, the town's buildings
    by the name of their card, and that player's first figure."""
    scene.env.bot.rng = hits(6)
    await scene.dora.slash(scene.channel, "deal")
    state = await read()
    user = state.player
    town = {place.card.name: place.name for place in state.town if place.card}
    return state, user, town, figures_of(state, user)[0]


async def test_a_buildings_card_is_seen_by_the_player_who_looks_alone(scene):
    """MN 208-224: the stock cards lie face down in the town; a figure at a door looks (the player alone is
    told), takes Money or Persuades on a 6."""
    players = await three_gangs(scene)
    sweep = sweep_of(scene)
    _, user, town, figure = await dealt_with_sixes(scene, lambda: look(sweep))
    peeked = await players[user].slash(scene.channel, "gunfight peek", building=town["Doc"], figure=figure.name)
    assert f"{figure.name} looks at the card of the {town['Doc']}" in text_of(peeked)
    [told] = peeked.followups
    assert told.ephemeral and "**Doc**" in told.content
    await look(sweep)
    hand = await players[user].slash(scene.channel, "hand")
    assert f"The card of the {town['Doc']}: Doc." in text_of(hand) and "Uses: " in text_of(hand)
    other = next(u for u in players if u != user)
    refused(await players[other].slash(scene.channel, "gunfight persuade", building=town["Doc"],
                                       figure=figure.name), "not yours")
    persuaded = await players[user].slash(scene.channel, "gunfight persuade", building=town["Doc"],
                                          figure=figure.name)
    assert "Doc joins" in text_of(persuaded), text_of(persuaded)
    state = await look(sweep)
    assert state.characters["Doc"].owner == user and state.characters["Doc"].ally


async def test_what_is_not_allowed_is_refused_to_its_user_alone_and_changes_nothing(scene):
    players = await three_gangs(scene)
    helped = await scene.pete.slash(scene.channel, "help")
    assert helped.response.ephemeral and "This channel plays Mackenzie Norman's card gunfight: Each player holds" \
        in text_of(helped) and "`/gunfight contact` Close combat: your Shoot cards out of sight" in text_of(helped)
    refused(await scene.pete.slash(scene.channel, "gunfight settings", setting="hand", value="6"),
            "only a director")
    settings = await scene.dora.slash(scene.channel, "gunfight settings", setting="hand", value="6")
    assert "hand: 6" in text_of(settings) and (await stored(scene)).settings.hand == 6
    refused(await scene.dora.slash(scene.channel, "gunfight settings", setting="order", value="sideways"),
            "rotate, random")
    refused(await scene.pete.slash(scene.channel, "gunfight cast", name="Al", type="man", skills="Juggling"),
            "The skills are")
    refused(await scene.pete.slash(scene.channel, "gunfight stock", name="Bart", type="man"), "only a director")
    await scene.dora.slash(scene.channel, "deal")
    state = await stored(scene)
    user = state.player
    player, other = players[user], next(p for u, p in players.items() if u != user)
    mine = figures_of(state, user)[0]
    theirs = enemies_of(state, user)[0]
    missing = next(c for c in state.deck.to_come if c.rank in MOVE_RANKS)
    before = (await scene.db().load_game(scene.guild.id, scene.channel.id)).state
    for who, command, options, words in (
            (other, "gunfight move", {"card": "5H", "figure": mine.name}, "not yours"),
            (scene.dora, "gunfight move", {"card": "5H", "figure": mine.name}, "not yours"),
            (player, "gunfight move", {"card": missing.code, "figure": mine.name}, f"do not hold the {missing}"),
            (player, "gunfight move", {"card": "ZZ", "figure": mine.name}, "is not a card"),
            (player, "gunfight shoot", {"cards": "KH", "weapon": "pistol", "target": "Nobody", "range": 5,
                                        "figure": mine.name}, "no character called"),
            (player, "gunfight move", {"card": "5H", "figure": "Wyatt"}, "no character called"),
            (player, "gunfight contact", {"target": theirs.name, "cards": missing.code, "figure": theirs.name},
             "not yours"),
            (other, "gunfight swap", {"card": "5H"}, "cheatin' rat"),
            (other, "gunfight defend", {}, "no close combat"),
            (player, "gunfight peek", {"building": "Church", "figure": mine.name}, "no building"),
            (player, "gunfight aftermath", {}, "only a director")):
        refused(await who.slash(scene.channel, command, **options), words)
    assert (await scene.db().load_game(scene.guild.id, scene.channel.id)).state == before
    every = await scene.deputy.slash(scene.channel, "hand")     # a Director with no seat sees every hand
    assert every.response.ephemeral and "Every hand" in text_of(every), text_of(every)
    assert all(str(card) in text_of(every) for seat in state.seats.values() for card in seat.hand)

    move = next(c for c in state.seats[user].hand if c.rank in MOVE_RANKS)   # a play taken back by the Director
    await player.slash(scene.channel, "gunfight move", card=move.code, figure=mine.name)
    refused(await player.slash(scene.channel, "undo"), "only a director")
    undone = await scene.dora.slash(scene.channel, "undo")
    assert "Undone" in text_of(undone) and f"{mine.name} plays {move}" in text_of(undone), text_of(undone)
    assert (await scene.db().load_game(scene.guild.id, scene.channel.id)).state == before

    saloon = scene.guild.create_text_channel("old-saloon")
    await scene.dora.slash(saloon, "game start")
    await scene.pete.slash(saloon, "game join")
    refused(await scene.pete.slash(saloon, "gunfight move", card="5H"), "This channel plays Quick on the Draw")
    refused(await scene.pete.slash(saloon, "gunfight peek", building="Bank"), "This channel plays Quick on the Draw")


async def test_dynamite_a_dud_picked_up_money_taken_home_and_a_skill_bought(scene):
    """MN 141-145: a stick thrown with a Shoot card, a dud on a 1 picked up again; MN 22-26, 225-227: a Money
    card taken and brought home buys a skill after the gunfight."""
    players = await three_gangs(scene)
    sweep = sweep_of(scene)
    scene.env.bot.rng = hits(1)
    await scene.dora.slash(scene.channel, "deal")
    state = await turn_with(scene, players, SHOOT_RANKS)
    user = state.player
    thrower = next(f for f in figures_of(state, user) if f.dynamite)
    card = next(c for c in state.seats[user].hand if c.rank in SHOOT_RANKS)
    thrown = await players[user].slash(scene.channel, "gunfight dynamite", card=card.code,
                                       targets=enemies_of(state, user)[0].name, figure=thrower.name)
    assert f"{thrower.name} plays {card} to throw Dynamite" in text_of(thrown)
    closed = await answer_all(scene, sweep, players, thrown.followups[0].message)
    assert "Dynamite fuse" in text_of(closed) and "A dud: it lies where it landed" in text_of(closed)
    picked = await players[user].slash(scene.channel, "gunfight pickup")
    assert f"{thrower.name} picks up a dud stick of Dynamite" in text_of(picked)
    state = await look(sweep)
    bank = next(place.name for place in state.town if place.card and place.card.name == "Gold")
    taken = await players[user].slash(scene.channel, "gunfight take", building=bank)
    assert f"{thrower.name} takes a Money card." in text_of(taken)
    assert (await look(sweep)).characters[thrower.key].dynamite == 1
    scene.env.bot.rng = hits(6)
    home = await scene.dora.slash(scene.channel, "gunfight aftermath")
    assert f"{thrower.name} brings 1 Money card(s) home." in text_of(home)
    bought = await players[user].slash(scene.channel, "gunfight skill", figure=thrower.name, skill="Shoot")
    assert f"{thrower.name} takes Shoot for two notches of the gang's Money" in text_of(bought)
    refused(await players[user].slash(scene.channel, "gunfight skill", figure=thrower.name, skill="Shoot"),
            "no skill due")
    assert (await look(sweep)).characters[thrower.key].skills == {**thrower.skills,
                                                                   "Shoot": thrower.skills.get("Shoot", 0) + 1}


async def test_a_campaign_carries_notches_and_a_skill_to_the_next_gunfight_and_the_dead_stay_dead(scene):
    """MN 225-254 over a campaign of two gunfights: a figure that Shoots Down an enemy keeps its notch, and the
    skill the gang's Money bought (MN 22-26: the Money card left on the table goes to the side still standing);
    the enemy the aftermath killed is dead, and cannot be cast again; bad input changes nothing."""
    boot_hill = scene.guild.create_text_channel("boot-hill")
    started = await scene.dora.slash(scene.channel, "campaign start", name="Tombstone", ruleset="norman")
    assert "It plays Mackenzie Norman's card gunfight." in text_of(started)
    adventure = await scene.dora.slash(scene.channel, "game start", campaign="Tombstone")
    assert "`/campaign cast` brings its roster back, `/campaign add` puts new characters on it." in text_of(adventure)
    players = {scene.pete.id: scene.pete, scene.polly.id: scene.polly}
    for player, name in ((scene.pete, "Kid"), (scene.polly, "Joe")):
        await player.slash(scene.channel, "game join")
        await player.slash(scene.channel, "gunfight cast", name=name, type="man", pistols=1)
    await scene.dora.slash(scene.channel, "gunfight stock", name="Gold", type="money")
    await scene.dora.slash(scene.channel, "gunfight town", buildings="Bank")
    refused(await scene.polly.slash(scene.channel, "gunfight enrol", figure="Kid"), "not yours to play")
    for player, name in ((scene.pete, "Kid"), (scene.polly, "Joe")):
        enrolled = await player.slash(scene.channel, "gunfight enrol", figure=name)
        assert f"**{name}** joins the roster of **Tombstone**" in text_of(enrolled), text_of(enrolled)
    refused(await scene.pete.slash(scene.channel, "gunfight enrol", figure="Kid"), "on the roster already")

    scene.env.bot.rng = hits()                             # the shot hits on a 6; True Grit 2: Shot down
    await scene.dora.slash(scene.channel, "deal")
    state = await turn_with(scene, players, SHOOT_RANKS)
    user = state.player
    [shooter] = figures_of(state, user)
    [victim] = enemies_of(state, user)
    card = next(c for c in state.seats[user].hand if c.rank in SHOOT_RANKS)
    shot = await players[user].slash(scene.channel, "gunfight shoot", cards=card.code, weapon="pistol",
                                     target=victim.name, range=5)
    await players[victim.owner].click(shot.followups[0].message, label="Let it stand")
    assert (await stored(scene)).characters[shooter.key].notches == 1
    refused(await scene.dora.slash(scene.channel, "game end"), "/gunfight aftermath")
    scene.env.bot.rng = hits(6)                            # the Shot down enemy dies on a 5,6 (MN 226)
    after = await scene.dora.slash(scene.channel, "gunfight aftermath")
    assert f"{victim.name} is dead and off to Boot Hill" in text_of(after), text_of(after)
    bought = await players[user].slash(scene.channel, "gunfight skill", figure=shooter.name, skill="Shoot")
    assert "for two notches of the gang's Money" in text_of(bought), text_of(bought)
    ended = await end_game(scene.dora, scene.channel)
    wrap = "\n".join(words_of(message) for message in ended.followups)
    assert "The aftermath — Tombstone" in wrap, wrap
    assert f"**{shooter.name}**: Man, value 3; Pistol; Shoot +1; 1 notch." in wrap, wrap
    assert f"**{victim.name}**: Man, value 2; Pistol; 0 notches — dead." in wrap, wrap
    shown = text_of(await scene.pete.slash(scene.channel, "campaign show", campaign="Tombstone"))
    assert f"~~**{victim.name}**~~" in shown and f"**{shooter.name}** (Man, value 3; Pistol; Shoot +1; 1 notch" \
        in shown, shown

    await scene.dora.slash(boot_hill, "game start", campaign="Tombstone")          # the second gunfight
    refused(await players[user].slash(boot_hill, "gunfight recast", figure=shooter.name), "join")
    for player in players.values():
        await player.slash(boot_hill, "game join")
    before = (await scene.db().load_game(scene.guild.id, boot_hill.id)).state
    for who, command, options, words in (
            (players[victim.owner], "gunfight recast", {"figure": victim.name}, "is dead"),
            (players[victim.owner], "gunfight recast", {"figure": shooter.name}, "not yours to play"),
            (players[user], "gunfight recast", {"figure": "Wyatt"}, "no character called"),
            (players[user], "gunfight amend", {"figure": shooter.name, "horse": True}, "only a director")):
        refused(await who.slash(boot_hill, command, **options), words)
    assert (await scene.db().load_game(scene.guild.id, boot_hill.id)).state == before
    recast = await players[user].slash(boot_hill, "gunfight recast", figure=shooter.name)
    assert f"**{shooter.name}** rides again: Man, value 3; Pistol; Shoot +1; 1 notch." in text_of(recast)
    refused(await players[user].slash(boot_hill, "gunfight recast", figure=shooter.name),
            f"{shooter.name} is in this adventure already")
    row = await scene.db().load_game(scene.guild.id, boot_hill.id)
    again = NORMAN.load(row.state).characters[shooter.key]
    assert (again.notches, again.skills, again.status) == (1, {"Shoot": 1}, "in play")
    amended = await scene.dora.slash(boot_hill, "gunfight amend", figure=victim.name, dead=False, horse=True)
    assert f"**{victim.name}** (Man, value 3; Pistol, Horse; 0 notches" in text_of(amended), text_of(amended)


async def test_an_undone_plays_window_does_not_answer_the_next_play(scene):
    """A Director's /undo takes a play back (its window's message, which Discord would not let the undo strike out,
    keeps its buttons); the next play is the gunfight's play of the same number, but the undone play's buttons name
    its log entry, never used again: pressed, they are refused and change nothing."""
    players = await three_gangs(scene)
    await scene.dora.slash(scene.channel, "deal")
    state = await stored(scene)
    user = state.player
    mine = figures_of(state, user)[0]
    move = next(c for c in state.seats[user].hand if c.rank in MOVE_RANKS)
    played = await players[user].slash(scene.channel, "gunfight move", card=move.code, figure=mine.name)
    [old] = played.followups
    scene.env.inject_error("PATCH", f"/channels/{scene.channel.id}/messages/{old.message.id}", status=403,
                           code=50001, message="Missing Access", times=None)   # the undo cannot strike it out
    await scene.dora.slash(scene.channel, "undo")
    again = await players[user].slash(scene.channel, "gunfight move", card=move.code, figure=mine.name)
    [new] = again.followups
    before = await stored(scene)
    assert before.window.number == 1 and before.window.play.cards == [move]    # the undone play's number
    opponent = before.window.waiting[0]
    pressed = await players[opponent].click(old.message, label="Let it stand")
    refused(pressed, "That play was undone")
    assert await stored(scene) == before
    stands = await players[opponent].click(new.message, label="Let it stand")
    assert "Answers in: 1 of 2" in text_of(stands), text_of(stands)


async def persuading_in(scene, channel, colour: str) -> tuple[str, str]:
    """A gunfight in ``channel`` between pete and polly: Kid, the figure of the player who plays first, and Joe, each
    with the Persuade skill (+1, public on the board); the Saloon's card is Doc, of the suit of the player who plays first (``colour`` "same") or of the other colour
    ("opposite"); that player's figure tries to Persuade him on a 3, which fails either way (3 + 1 + 1, 3 + 1 - 1).
    Returns what the channel reads of it, and its log."""
    await scene.dora.slash(channel, "game start", ruleset="norman")
    players = {scene.pete.id: scene.pete, scene.polly.id: scene.polly}
    for player in players.values():
        await player.slash(channel, "game join")
    seats = NORMAN.load((await scene.db().load_game(scene.guild.id, channel.id)).state).seats
    first = min(seats, key=lambda user: STARTING_SUITS.index(seats[user].suit))
    for user, name in ((first, "Kid"), (next(u for u in seats if u != first), "Joe")):
        await players[user].slash(channel, "gunfight cast", name=name, type="man", pistols=1, skills="Persuade")
    suit = seats[first].suit
    if colour == "opposite":
        suit = "spades" if suit in ("hearts", "diamonds") else "hearts"
    await scene.dora.slash(channel, "gunfight stock", name="Doc", type="man", suit=suit, pistols=1)
    await scene.dora.slash(channel, "gunfight town", buildings="Saloon")
    scene.env.bot.rng = Dice(3)
    await scene.dora.slash(channel, "deal")
    tried = await players[first].slash(channel, "gunfight persuade", building="Saloon")
    [told] = tried.followups
    assert told.ephemeral and "**Doc**" in told.content                 # the persuader alone is told the card
    log = text_of(await scene.stranger.slash(channel, "log recent"))
    return text_of(tried), log[log.index("tries to Persuade"):]


async def test_a_failed_persuade_tells_the_channel_nothing_of_the_cards_colour(scene):
    """MN 212-224: the building's card is known to the player who looked alone. The channel reads the die, the
    Persuade skill and the outcome; the card's +1 for the same suit or -1 for the other colour counts unseen, so
    a failure reads alike whatever the card (ruling 431)."""
    same = await persuading_in(scene, scene.channel, "same")
    opposite = await persuading_in(scene, scene.guild.create_text_channel("boot-hill"), "opposite")
    assert "rolled 3 · Persuade skill +1" in same[0] and "**Not persuaded**" in same[0], same[0]
    assert same == opposite
    for words in (*same, *opposite):
        assert "Persuasion" not in words and "-1" not in words and "+2" not in words, words


async def test_asking_a_buildings_card_unseen_for_what_it_is_not_only_looks(scene):
    """A player who has not looked at the Saloon's card asks to take Money there: no refusal names the card (it
    told the player the card unlooked, their figure's turn unspent, the channel none the wiser); the figure looks, as
    `/gunfight peek`, the player alone is told the card, and the channel reads the same words as for a look. Having
    looked, the same ask is refused (ruling 432)."""
    players = await three_gangs(scene)
    _, user, town, figure = await dealt_with_sixes(scene, lambda: stored(scene))
    taken = await players[user].slash(scene.channel, "gunfight take", building=town["Doc"], figure=figure.name)
    assert not taken.response.ephemeral and f"{figure.name} looks at the card of the {town['Doc']}" in text_of(taken)
    assert "Money" not in text_of(taken) and "Doc" not in text_of(taken), text_of(taken)
    [told] = taken.followups
    assert told.ephemeral and "**Doc**" in told.content
    after = await stored(scene)
    [saloon] = [place for place in after.town if place.name == town["Doc"]]
    assert after.characters[figure.key].activated and saloon.seen_by == [user] and saloon.card.name == "Doc"
    refused(await players[user].slash(scene.channel, "gunfight take", building=town["Doc"], figure=figure.name),
            "is no Money card")


async def test_a_spent_deck_is_shuffled_anew_and_no_seed_revealed_names_a_hand(scene):
    """Four players dealt 12 cards a turn under the seals' own dice: the second deal spends the deck and shuffles
    the discards anew, the third spends that one. At every step no public output names a hidden card and no seed
    the log has revealed orders a card still held or to come (issue 22)."""
    await scene.dora.slash(scene.channel, "game start", ruleset="norman")
    players = {}
    for player, name in ((scene.pete, "Kid"), (scene.polly, "Joe"), (scene.stranger, "Cy"), (scene.deputy, "Dee")):
        await player.slash(scene.channel, "game join")
        await player.slash(scene.channel, "gunfight cast", name=name, type="man", pistols=1)
        players[player.id] = player
    await scene.dora.slash(scene.channel, "gunfight settings", setting="hand", value="12")
    sweep = sweep_of(scene)
    await scene.dora.slash(scene.channel, "deal")
    state = await look(sweep)
    while state.turn < 4:
        passed = await players[state.player].slash(scene.channel, "draw")
        assert not passed.response.ephemeral, text_of(passed)
        state = await look(sweep)
    assert sweep.seeds.shuffles.keys() >= {"deck norman 1", "deck norman 2", "deck norman 3"}   # each its own seal


async def test_a_card_is_taken_as_the_hand_shows_it_and_the_hand_alone_is_offered(scene):
    """The hand shows `5♣`: that is accepted as it is, in either case, with `T` for a 10, as the code `5C` is;
    `card:` offers the asker's own cards and nothing of another player's hidden hand."""
    players = await three_gangs(scene)
    sweep = sweep_of(scene)
    state, user, _, figure = await dealt_with_sixes(scene, lambda: look(sweep))
    player = players[user]
    hand = state.seats[user].hand
    shown = text_of(await player.slash(scene.channel, "hand"))
    assert all(str(card) in shown for card in hand)

    offered = await player.autocomplete(scene.channel, "gunfight move", "card", "")
    assert sorted(c["value"] for c in offered) == sorted(card.code for card in hand)
    assert all(any(str(card) in c["name"] for card in hand) for c in offered)
    for other, seat in state.seats.items():        # each player is offered their own hand, and only that
        offered = await players[other].autocomplete(scene.channel, "gunfight move", "card", "")
        assert sorted(c["value"] for c in offered) == sorted(card.code for card in seat.hand)
    assert await scene.deputy.autocomplete(scene.channel, "gunfight move", "card", "") == []   # no seat, no hand

    more = await player.autocomplete(scene.channel, "gunfight shoot", "cards", f"{hand[0]} ")
    assert {c["value"] for c in more} == {f"{hand[0]} {card.code}" for card in hand[1:]}

    move = next(card for card in hand if card.rank in MOVE_RANKS)
    typed = str(move).lower().replace("10", "t")                    # "5♣" as shown, in lower case, T for 10
    played = await player.slash(scene.channel, "gunfight move", card=typed, figure=figure.name)
    assert f"{figure.name} plays {move} to move" in text_of(played), text_of(played)
    assert move not in (await look(sweep)).seats[user].hand


async def test_a_figures_weapons_are_on_its_card_in_cast_show_and_on_the_board(scene):
    """MN 29-44: pistols, a long arm and Dynamite are what a figure shoots with; its card, `/cast show` and the
    board say which it has, its skills beside them."""
    await three_gangs(scene)
    shown = text_of(await scene.polly.slash(scene.channel, "cast show", character="Joe"))
    assert "Kit: 2 pistols, Dynamite" in shown, shown
    shown = text_of(await scene.polly.slash(scene.channel, "cast show", character="Cy"))
    assert "Kit: Shotgun, Dynamite" in shown and "Sneak: +1" in shown, shown
    rows = {row.name: row for row in NORMAN.board(await stored(scene)).rows}
    assert [tuple(phrase.text for phrase in rows[name].gear) for name in ("Kid", "Ann")] == [
        ("Pistol", "Dynamite"), ("Rifle",)]


async def test_the_last_answer_a_joker_and_a_card_held_by_another_read_as_they_are(scene):
    """MN 73-78: the last answer in shows the Jokers at once, so the one who gave it is not told it lies face
    down; a card held by another player is "not held", whatever its rank."""
    await scene.dora.slash(scene.channel, "game start", ruleset="norman")
    players = {scene.pete.id: scene.pete, scene.polly.id: scene.polly}
    for player in players.values():
        await player.slash(scene.channel, "game join")
    await scene.pete.slash(scene.channel, "gunfight cast", name="Kid", type="man", pistols=1)
    await scene.polly.slash(scene.channel, "gunfight cast", name="Joe", type="man", pistols=1)
    await scene.dora.slash(scene.channel, "deal")
    for _ in range(40):                  # on until the one to play holds a move card and the other a Joker
        state = await stored(scene)
        if state.player is None:
            await scene.dora.slash(scene.channel, "deal")
            continue
        user = state.player
        other = next(u for u in players if u != user)
        if (any(c.rank in MOVE_RANKS for c in state.seats[user].hand)
                and any(c.is_joker for c in state.seats[other].hand)):
            break
        await players[user].slash(scene.channel, "draw")
    else:
        raise AssertionError("no deal gave one player a move card and the other a Joker")
    mine = next(f for f in state.characters.values() if f.owner == user)
    theirs = next(c for c in state.seats[other].hand if not c.is_joker and c.rank not in MOVE_RANKS)
    refused(await players[user].slash(scene.channel, "gunfight move", card=theirs.code, figure=mine.name),
            f"You do not hold the {theirs}")
    move = next(c for c in state.seats[user].hand if c.rank in MOVE_RANKS)
    played = await players[user].slash(scene.channel, "gunfight move", card=move.code, figure=mine.name)
    [window] = played.followups
    closed = await players[other].click(window.message, label="Cancel with a Joker")
    [mine_only] = closed.followups
    assert mine_only.ephemeral and "Your Joker is played: every answer is in" in mine_only.content
    assert "lies face down" not in mine_only.content and "Joker cancels" in text_of(closed)
