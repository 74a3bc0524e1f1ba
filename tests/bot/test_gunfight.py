"""A game of Mackenzie Norman's card gunfight through Discord: three gangs and a Director, hands seen by their
owners alone, cards played face up for a figure, the Joker window that waits on every opponent alike (MN 73-78),
close combat with cards out of sight (MN 146-159), the town's face-down cards, a restart mid-turn, the
aftermath; and a sweep of every public output of the game for a card not yet revealed (MN = line of the
text)."""

from __future__ import annotations

import random

from bot.rules.core.cards import Card
from bot.rules.norman.ruleset import NORMAN
from bot.rules.norman.state import SHOOT_RANKS, MOVE_RANKS, NormanState

from .conftest import make_bot
from .helpers import end_game, png, refused, text_of, words_of
from .sweep import Sweep
from .test_timers import hours, posted


class Dice(random.Random):
    """D6s that fall in the cycle given (a hit, then the True Grit roll ...); shuffles stay seeded."""

    def __init__(self, *faces: int) -> None:
        super().__init__(7)
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
    """dora directs; pete's Kid (a pistol) and Ann (a rifle), polly's Joe (two pistols, Dynamite), the stranger's
    Cy (a shotgun); the town's Saloon, Bank and Jail hold Doc, a Money card and nobody."""
    started = await scene.dora.slash(scene.channel, "game start", ruleset="norman")
    assert "Mackenzie Norman's card gunfight" in text_of(started)
    players = {scene.pete.id: scene.pete, scene.polly.id: scene.polly, scene.stranger.id: scene.stranger}
    for player in players.values():
        joined = text_of(await player.slash(scene.channel, "game join"))
        assert any(suit in joined for suit in ("Spades", "Clubs", "Diamonds", "Hearts")), joined
    casts = ((scene.pete, "Kid", "man", {"pistols": 1}), (scene.pete, "Ann", "woman", {"long": "rifle"}),
             (scene.polly, "Joe", "man", {"pistols": 2, "dynamite": 1}),
             (scene.stranger, "Cy", "man", {"long": "shotgun", "skills": "Sneak"}))
    for player, name, type, options in casts:
        cast = await player.slash(scene.channel, "gunfight cast", name=name, type=type, **options)
        assert f"{name}** joins the cast" in text_of(cast), text_of(cast)
    for name, type, options in (("Doc", "man", {"suit": "hearts", "pistols": 1}), ("Gold", "money", {})):
        added = await scene.dora.slash(scene.channel, "gunfight stock", name=name, type=type, **options)
        assert added.response.ephemeral and name in text_of(added)
    town = await scene.dora.slash(scene.channel, "gunfight town", buildings="Saloon, Bank, Jail")
    assert "The town: Saloon, Bank, Jail; 2 cards face down." in text_of(town)
    return players


def secrets(state: NormanState) -> tuple[set[str], set[str]]:
    """What a gunfight hides: the deck, the hands, the cards out of sight; the town's face-down cards."""
    cards = set(state.deck)
    for seat in state.seats.values():
        cards.update(seat.hand)
    if state.window:
        cards.update(state.window.jokers.values())
    if state.contact:
        cards.update(state.contact.attack + state.contact.defence)
    names = {place.card.name for place in state.town if place.card} | {card.name for card in state.stock}
    return {card.code for card in cards}, names


def sweep_of(scene) -> Sweep:
    return Sweep(scene.channel, lambda: stored(scene), secrets, lambda state: {card.code for card in state.cards()})


async def look(sweep: Sweep) -> NormanState:
    """The stored game, its public messages so far swept, and the data its board is drawn from too."""
    state = await sweep.look()
    board = NORMAN.board(state)
    sweep.check("\n".join([board.title, board.footer, *(w for r in board.rows for w in (r.name, r.kind, *r.words)),
                           *(f"{k} {v}" for r in board.rows for k, v in r.badges)]), "the board")
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
        assert mine.ephemeral and ("Joker lies face down" if user == cancel else "let the play stand") in mine.content
        state = await look(sweep)
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
    refused(await players[first].click(window.message, label="Let it stand"), "every answer to that play is in")
    await players[user].slash(scene.channel, "draw")

    state = await look(sweep)                                               # a window nobody answers
    user = state.player
    figure = figures_of(state, user)[0]
    move = next(c for c in state.seats[user].hand if c.rank in MOVE_RANKS)
    await players[user].slash(scene.channel, "gunfight move", card=move.code, figure=figure.name)
    waiting = (await look(sweep)).window.waiting
    await hours(scene, 13)
    [reminder] = posted(scene, "a reminder")
    assert all(f"<@{other}>" in reminder.content for other in waiting), reminder.content
    await hours(scene, 20)
    [deadline] = posted(scene, "The deadline passed")
    assert f"{figure.name} moves up to" in words_of(deadline), words_of(deadline)
    assert (await look(sweep)).window is None
    await players[user].slash(scene.channel, "draw")

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

    for command in ("status", "deck", "log recent"):
        sweep.check(text_of(await scene.pete.slash(scene.channel, command)), f"/{command}")
    export = await scene.pete.slash(scene.channel, "log export")
    sweep.check((await export.response.attachments[0].read()).decode(), "the log export")
    await look(sweep)
    assert sweep.messages > 30
    assert "wrap" in text_of(await end_game(scene.dora, scene.channel))
