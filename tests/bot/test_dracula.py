"""A game of Dracula's America through Discord: three posses and a Director, hands seen by their owners
alone and played face down from the "My hand" button's menu, the flip, Activations, shooting and fighting with
their re-roll buttons, the NPC and Recovery Phases, a restart mid-turn; and a sweep of every public output of
the game for a card not yet revealed."""

from __future__ import annotations

import random
import re

from bot.rules.core.cards import Card
from tests.rules.scripted import Dice
from bot.rules.dracula.ruleset import DRACULA
from bot.rules.dracula.state import DraculaState

from .conftest import make_bot
from .helpers import end_game, png, refused, text_of, words_of
from .sweep import CARD, Seeds, code_of, log_of
from .test_timers import hours, posted


class Faces(Dice):
    """Dice that fall as the test says, any number of sides; shuffles stay seeded. A scripted
    :class:`~tests.rules.scripted.Dice`, so the bot rolls them rather than the turn's seal."""

    def __init__(self, *faces: int) -> None:
        super().__init__(*faces)
        self.seed(7)

    def randint(self, a: int, b: int) -> int:
        return self.faces.pop(0) if self.faces else random.Random.randint(self, a, b)


async def stored(scene) -> DraculaState:
    row = await scene.db().load_game(scene.guild.id, scene.channel.id)
    assert row.ruleset == "dracula"
    return DRACULA.load(row.state)


async def three_posses(scene) -> None:
    """dora directs; pete's Abe (Hero Boss) and Art, polly's Bo (Veteran Boss) and Bud, the stranger's Cy."""
    started = await scene.dora.slash(scene.channel, "game start", ruleset="dracula")
    assert "Dracula's America" in text_of(started)
    for player in (scene.pete, scene.polly, scene.stranger):
        assert "a deck of their own" in text_of(await player.slash(scene.channel, "game join"))
    casts = ((scene.pete, "Abe", "hero", {"boss": True, "weapons": "Pistol, Rifle"}),
             (scene.pete, "Art", "novice", {"weapons": "Shotgun"}),
             (scene.polly, "Bo", "veteran", {"boss": True, "weapons": "Sixgun"}),
             (scene.polly, "Bud", "novice", {"weapons": "Carbine"}),
             (scene.stranger, "Cy", "veteran", {"weapons": "Pistol", "skills": "Tough"}))
    for player, name, type, options in casts:
        cast = await player.slash(scene.channel, "dracula cast", name=name, type=type, **options)
        assert f"{name}** joins the cast" in text_of(cast), text_of(cast)
    await scene.dora.slash(scene.channel, "dracula cast", name="Wolf", type="supernatural", rank="veteran")
    refused(await scene.dora.slash(scene.channel, "dracula cast", name="Doc", type="hero"), "/game join")


async def test_hands_are_seen_by_their_owners_alone_and_flipped_together(scene):
    await three_posses(scene)
    dealt = await scene.dora.slash(scene.channel, "deal")
    assert "Turn 1 — the Draw Phase" in text_of(dealt)
    state = await stored(scene)
    wolf = state.characters["wolf"]
    assert (wolf.owner, wolf.title()) == (scene.dora.id, "Supernatural Creature (Veteran)")
    hands = {user: [str(c) for c in posse.cards.hand] for user, posse in state.seats.items()}
    assert [len(h) for h in hands.values()] == [2, 2, 1]
    mine = await scene.pete.click(dealt.response.message, label="My hand")
    assert mine.response.ephemeral and all(card in text_of(mine) for card in hands[scene.pete.id])
    assert not any(card in text_of(mine) for card in hands[scene.polly.id] if card not in hands[scene.pete.id])
    assert "Every hand" in text_of(await scene.dora.slash(scene.channel, "hand"))    # a Director with no seat
    helped = await scene.pete.slash(scene.channel, "help")
    assert helped.response.ephemeral and "This channel plays Dracula's America: `/deal` is the Draw Phase" in \
        text_of(helped) and "`/hand` Your hand, seen by you alone" in text_of(helped)
    assert "`/dracula shoot` A Shoot Action" in text_of(helped)
    played = await scene.pete.select(mine.response.message, [state.seats[scene.pete.id].cards.hand[0].code])
    assert not played.response.ephemeral and "Abe's Posse plays a card face down; 1 still to play." in text_of(played)
    assert hands[scene.pete.id][0] not in text_of(played)
    polly = await scene.polly.slash(scene.channel, "hand")
    flipped = await scene.polly.select(polly.response.message, [state.seats[scene.polly.id].cards.hand[1].code])
    assert "every card is down" in text_of(flipped)
    assert png(await flipped.response.attachments[0].read())          # the played cards, with their posses
    assert hands[scene.pete.id][0] in text_of(flipped) and hands[scene.polly.id][1] in text_of(flipped)


FLIPPED = re.compile(r"(\w+)'s Posse: \**((?:10|[2-9AKQJ])[♥♠♣♦]|(?:Red|Black) Joker)\**")
"""A flip line's posse and card, as the channel, the log and its export show it."""


class Sweep:
    """Every (posse, card) the game has flipped so far, read from the stored game after each command, the check
    that the deck's and board's data (what their pictures are drawn from) hold no other card, and that no seed the
    log has revealed orders a card still hidden (:class:`~tests.bot.sweep.Seeds`)."""

    def __init__(self, scene) -> None:
        self.scene = scene
        self.revealed: set[tuple[str, str]] = set()
        self.seeds = Seeds(lambda: log_of(scene), piles)

    async def look(self) -> DraculaState:
        state = await stored(self.scene)
        await self.seeds.look(state)
        for user, card in zip(state.order, state.flipped):
            self.revealed.add((posse_name(state, user), str(card)))
        deck = DRACULA.deck(state)
        assert set(deck.faces) == {c.code for c in state.flipped}
        board = DRACULA.board(state)
        shown = " ".join([board.title, board.footer, *(w for r in board.rows for w in (*r.words, r.name, r.kind)),
                          *(v for r in board.rows for _, v in r.badges)])
        assert not CARD.search(shown), shown
        return state

    def check(self, text: str, where: str) -> None:
        """Every card a public text names is on a flip line and was flipped by that posse; every card code
        (a log entry's "turned") is of a card flipped."""
        codes = {code_of(card) for _, card in self.revealed}
        for line in text.splitlines():
            for posse, card in FLIPPED.findall(line):
                assert (posse, card) in self.revealed, f"{where} names {card} of {posse}'s unflipped: {line!r}"
            assert not CARD.search(FLIPPED.sub("", line)), f"{where} names a card outside a flip: {line!r}"
            if "turned:" in line:
                turned = line.split("turned:")[1].strip(" |").split()
                assert set(turned) <= codes, f"{where} turns a card not flipped: {line!r}"


def piles(state: DraculaState) -> dict[str, set[str]]:
    """What each posse's deck hides from some player, by pile (``posse-<user id>``): its Deck, Hand and face-down
    card, by code."""
    return {f"posse-{user}": {card.code for card in posse.cards.to_come + posse.cards.hand
                              + ([posse.cards.face_down] if posse.cards.face_down else [])}
            for user, posse in state.seats.items()}


def posse_name(state: DraculaState, user: int) -> str:
    models = sorted(state.models(user), key=lambda m: not m.boss)
    return models[0].name


async def play_round(scene, sweep: Sweep, players: dict[int, object]) -> str:
    """Every player the game waits on plays the first card of their hand; returns the flip's words."""
    state = await sweep.look()
    last = ""
    for user in list(state.seats):
        state = await sweep.look()
        if user not in [*DRACULA.waiting_on(state, scene.dora.id).users] or state.phase.name != "PLAY":
            continue
        hand = await players[user].slash(scene.channel, "hand")
        code = state.seats[user].cards.hand[0].code
        assert str(Card.parse(code)) in text_of(hand) and hand.response.ephemeral
        played = await players[user].select(hand.response.message, [code])
        assert not played.response.ephemeral, text_of(played)
        last = text_of(played)
    return last


async def keep_all(scene, result, players) -> None:
    """Keep every roll that waits for a re-roll decision."""
    while result.response.components:
        state = await stored(scene)
        if not state.pending:
            return
        owner = state.characters[state.pending["roller"]].owner
        result = await (players.get(owner) or scene.dora).click(result.response.message, label="Keep")


async def activations(scene, sweep: Sweep, players: dict[int, object]) -> None:
    """/draw through the order: each posse Activates its first ready model Solo, which Shoots at the first enemy
    standing; a posse with nobody ready Passes."""
    while True:
        state = await sweep.look()
        if state.phase.name != "ACTIVATIONS":
            return
        drawn = await scene.dora.slash(scene.channel, "draw")
        assert not drawn.response.ephemeral, text_of(drawn)
        state = await sweep.look()
        user = state.acting
        if user is None or state.activation is not None:
            continue
        ready = [m for m in state.models(user) if m.on_table and not m.done and m.standing]
        if not ready:
            continue
        player = players[user]
        activated = await player.slash(scene.channel, "dracula activate", kind="solo", model=ready[0].name)
        assert "Activate (Solo)" in text_of(activated), text_of(activated)
        enemies = [m for m in state.characters.values() if m.owner != user and m.standing and not m.npc]
        if enemies and ready[0].weapons:
            shot = await player.slash(scene.channel, "dracula shoot", target=enemies[0].name,
                                      weapon=ready[0].weapons[0].weapon, range="short")
            assert not shot.response.ephemeral, text_of(shot)
            await keep_all(scene, shot, players)


async def test_a_whole_game_with_a_restart_and_nothing_secret_in_public(scene, db_url):
    await three_posses(scene)
    players = {scene.pete.id: scene.pete, scene.polly.id: scene.polly, scene.stranger.id: scene.stranger}
    sweep = Sweep(scene)
    await scene.dora.slash(scene.channel, "game settings", deadline_hours=30)
    dealt = await scene.dora.slash(scene.channel, "deal")
    state = await sweep.look()
    assert sorted(DRACULA.waiting_on(state, scene.dora.id).users) == sorted([scene.pete.id, scene.polly.id])

    first = await scene.pete.click(dealt.response.message, label="My hand")
    await scene.pete.select(first.response.message, [state.seats[scene.pete.id].cards.hand[0].code])
    undone = await scene.dora.slash(scene.channel, "undo")                 # a face-down play taken back
    assert "Undone" in text_of(undone) and (await stored(scene)).seats[scene.pete.id].cards.face_down is None
    first = await scene.pete.click(dealt.response.message, label="My hand")
    await scene.pete.select(first.response.message, [state.seats[scene.pete.id].cards.hand[1].code])

    fresh = make_bot(db_url, seed=11)                                       # a restart mid-turn
    await scene.env.restart_bot(fresh)
    fresh.rng = Faces()
    hand = await scene.polly.click(dealt.response.message, label="My hand")  # the button outlives the restart
    assert hand.response.ephemeral and "Your hand" in text_of(hand)
    flipped = await scene.polly.select(hand.response.message, [state.seats[scene.polly.id].cards.hand[0].code])
    assert "every card is down" in text_of(flipped)
    await sweep.look()
    await activations(scene, sweep, players)
    for _ in range(6):                                                      # the rest of the Action Phase
        state = await sweep.look()
        if state.phase.name == "NPC":
            break
        await play_round(scene, sweep, players)
        await activations(scene, sweep, players)
    state = await sweep.look()
    assert state.phase.name == "NPC" and all(not p.cards.hand for p in state.seats.values())
    refused(await scene.pete.slash(scene.channel, "dracula recovery"), "only a director")
    recovered = await scene.dora.slash(scene.channel, "dracula recovery")
    await keep_all(scene, recovered, players)
    assert (await sweep.look()).phase.name == "RECOVERY"

    await scene.dora.slash(scene.channel, "deal")                         # turn 2: a player is absent
    state = await sweep.look()
    waited = DRACULA.waiting_on(state, scene.dora.id).users
    await hours(scene, 13)
    [reminder] = posted(scene, "a reminder")
    assert all(f"<@{user}>" in reminder.content for user in waited)
    await hours(scene, 20)
    [deadline] = posted(scene, "The deadline passed")
    assert "plays a random card face down" in deadline.content or "plays a random card face down" in words_of(deadline)
    state = await sweep.look()
    assert state.phase.name == "ACTIVATIONS"

    for user, player in players.items():                                    # each player's catch-up: no other hand
        caught = await player.slash(scene.channel, "catchup")
        shown = text_of(caught)
        assert caught.response.ephemeral and "since your last action" in shown and "Whose turn" in shown, shown
        assert png(await caught.response.attachments[0].read())
        sweep.check(shown, "/catchup")
    for command in ("status", "deck", "log recent"):
        sweep.check(text_of(await scene.pete.slash(scene.channel, command)), f"/{command}")
    export = await scene.pete.slash(scene.channel, "log export")
    sweep.check((await export.response.attachments[0].read()).decode(), "the log export")
    state = await stored(scene)
    ended = text_of(await end_game(scene.dora, scene.channel))          # the summary, swept with the rest below
    assert "wrap" in ended and "**Downed, Casualties and Bottled Out**" in ended
    for model in state.characters.values():
        assert (f"**{model.name}**: {model.condition.value}" in ended) is not model.standing, model.name
    assert re.search(r"\*\*Who did what\*\*\n\*\*\w+\*\*: \d+ Shoot Actions?", ended), ended
    public = [m for m in scene.channel.history() if not getattr(m, "flags", None) or not m.flags.ephemeral]
    assert len(public) > 30
    for message in public:
        sweep.check(words_of(message), f"message {message.id}")
        for row in message.components:
            for item in getattr(row, "children", [row]):
                assert not CARD.search(getattr(item, "label", "") or ""), item


async def test_what_is_not_allowed_is_refused_to_its_user_alone(scene):
    await three_posses(scene)
    refused(await scene.pete.slash(scene.channel, "dracula settings", multiple_enemies="-1"), "only a director")
    settings = await scene.dora.slash(scene.channel, "dracula settings", multiple_enemies="-1", absent_play="none")
    assert "Multiple enemies: -1 a Die; at a play's deadline: no card" in text_of(settings)
    assert (await stored(scene)).settings.multiple_enemies == -1
    refused(await scene.pete.slash(scene.channel, "dracula cast", name="Al", type="novice", weapons="Laser"),
            "no weapon 'Laser'")
    refused(await scene.pete.slash(scene.channel, "dracula cast", name="Al", type="novice", boss=True),
            "one boss")
    dealt = await scene.dora.slash(scene.channel, "deal")
    state = await stored(scene)
    hand = await scene.pete.click(dealt.response.message, label="My hand")
    code = state.seats[scene.pete.id].cards.hand[0].code
    await scene.pete.select(hand.response.message, [code])
    refused(await scene.pete.select(hand.response.message, [state.seats[scene.pete.id].cards.hand[1].code]),
            "already played")
    refused(await scene.polly.slash(scene.channel, "dracula activate", kind="solo", model="Bo"),
            "not your activation")
    refused(await scene.pete.slash(scene.channel, "draw"), "only a director")
    assert (await stored(scene)).seats[scene.pete.id].cards.face_down.code == code

    saloon = scene.guild.create_text_channel("old-saloon")
    await scene.dora.slash(saloon, "game start")
    await scene.pete.slash(saloon, "game join")
    refused(await scene.pete.slash(saloon, "hand"), "not played from hidden hands")
    refused(await scene.pete.slash(saloon, "dracula activate", kind="pass"), "This channel plays Quick on the Draw")


async def test_a_shot_reads_its_dice_pool_and_the_save_as_the_text_does(scene):
    """DA 103-120 and 145-150 in the channel: the pool with its modifiers, Successes, the Save, the Damage."""
    await three_posses(scene)
    await scene.dora.slash(scene.channel, "deal")
    players = {scene.pete.id: scene.pete, scene.polly.id: scene.polly}
    state = await stored(scene)
    for user in (scene.pete.id, scene.polly.id):
        hand = await players[user].slash(scene.channel, "hand")
        await players[user].select(hand.response.message, [state.seats[user].cards.hand[0].code])
    drawn = await scene.dora.slash(scene.channel, "draw")
    state = await stored(scene)
    shooter = next(m for m in state.models(state.acting) if m.boss)
    target = next(m for m in state.characters.values() if m.boss and m.owner != state.acting)
    assert drawn.response.content == f"<@{state.acting}>, {shooter.name} acts."
    player = players[state.acting]
    await player.slash(scene.channel, "dracula activate", kind="solo", model=shooter.name)
    scene.env.bot.rng = Faces(7, 5, 2, 1, 3)
    shot = await player.slash(scene.channel, "dracula shoot", target=target.name, weapon=shooter.weapons[0].weapon,
                              range="short")
    lines = text_of(shot).splitlines()
    assert f"**Shooting Test** — {shooter.name}, 3 Dice, Target at Short Range +1: 4D{shooter.grit}, " \
           "5+ a Success" in lines
    assert f"4D{shooter.grit} all can score: [**7**, **5**, **2**, **1**]" in lines and "**2 Successes** " in lines
    assert f"**Save of {target.name}** — {target.name}, one Grit Die (D{target.grit}), Save on 6+" in lines
    assert f"1D{target.grit}: [3] → **3**" in lines and "**Failed by 3** One Grit Die: 6 or more saves." in lines
    assert f"What changed: • {target.name} is Downed." in lines
    assert (await stored(scene)).characters[target.key].condition.name == "DOWNED"


async def test_who_may_do_what_in_a_game_of_dracula(scene):
    """A player commands their own models on their own card; a Director any model, on the card up; only a
    Director runs the Recovery Phase and changes the settings; a member with no seat has no hand."""
    await three_posses(scene)
    await scene.dora.slash(scene.channel, "deal")
    state = await stored(scene)
    players = {scene.pete.id: scene.pete, scene.polly.id: scene.polly}
    for user in players:
        hand = await players[user].slash(scene.channel, "hand")
        await players[user].select(hand.response.message, [state.seats[user].cards.hand[0].code])
    await scene.dora.slash(scene.channel, "draw")
    state = await stored(scene)
    acting, other = state.acting, next(u for u in players if u != state.acting)
    mine = next(m for m in state.models(acting) if m.boss)
    theirs = next(m for m in state.models(other) if m.boss)
    refused(await players[other].slash(scene.channel, "dracula activate", kind="solo", model=theirs.name),
            "not your activation")
    by_director = await scene.deputy.slash(scene.channel, "dracula activate", kind="solo", model=mine.name)
    assert f"**{mine.name}** Activate (Solo)." in text_of(by_director)
    refused(await players[other].slash(scene.channel, "dracula move", model=mine.name), "not yours to play")
    moved = await players[acting].slash(scene.channel, "dracula move")
    assert f"{mine.name}: Move" in text_of(moved)
    resting = next(m for m in state.models(acting) if not m.boss)
    refused(await players[acting].slash(scene.channel, "dracula move", model=resting.name), "no action left")
    refused(await players[acting].slash(scene.channel, "dracula recovery"), "only a director")
    refused(await scene.dora.slash(scene.channel, "dracula recovery"), "follows the NPC Phase")
    refused(await scene.stranger.slash(scene.channel, "dracula settings", jokers=0), "only a director")
    refused(await scene.dora.slash(scene.channel, "dracula settings", jokers=0), "too late")


async def test_a_director_with_no_seat_sees_every_hand_and_nobody_else_does(scene):
    """A Director who holds no seat sees every Hand and face-down card, ephemerally and without a menu; a seated
    Director sees their own alone; a member with no seat who does not direct is refused; nothing public names
    a card (docs/rulings.md, Dracula's America: the remaining gaps)."""
    await scene.dora.slash(scene.channel, "game start", ruleset="dracula")
    for player, name in ((scene.pete, "Abe"), (scene.polly, "Bo"), (scene.deputy, "Dee")):
        await player.slash(scene.channel, "game join")
        await player.slash(scene.channel, "dracula cast", name=name, type="veteran", boss=True)
    dealt = await scene.dora.slash(scene.channel, "deal")
    state = await stored(scene)
    hand = await scene.pete.slash(scene.channel, "hand")
    await scene.pete.select(hand.response.message, [state.seats[scene.pete.id].cards.hand[0].code])
    state = await stored(scene)

    for seen in (await scene.dora.slash(scene.channel, "hand"),                  # the game's Director
                 await scene.boss.click(dealt.response.message, label="My hand")):  # a server manager
        assert seen.response.ephemeral and "Every hand (only you see this)" in text_of(seen)
        lines = text_of(seen).splitlines()
        for user, posse in state.seats.items():
            [line] = [line for line in lines if f"<@{user}>" in line]
            assert all(str(card) in line for card in posse.cards.hand), line
        [pete] = [line for line in lines if f"<@{scene.pete.id}>" in line]
        assert pete.endswith(f"face down: {state.seats[scene.pete.id].cards.face_down}.")
        assert not seen.response.components                        # nobody plays another's card
    own = await scene.deputy.slash(scene.channel, "hand")            # a Director who plays sees their own
    assert own.response.ephemeral and "Your hand" in text_of(own) and "<@" not in text_of(own)
    refused(await scene.stranger.slash(scene.channel, "hand"), "no hand")
    refused(await scene.stranger.click(dealt.response.message, label="My hand"), "no hand")
    public = [m for m in scene.channel.history() if not getattr(m, "flags", None) or not m.flags.ephemeral]
    assert all(not CARD.search(words_of(message)) for message in public)


async def test_a_lookout_reacts_in_the_enemys_activation_and_tests_are_rolled_when_due(scene):
    """DA 58, 194: a model on Lookout Reacts to an enemy's Action with a Reaction Test, then Shoots; DA 186: a
    Spotting Test; the settings where the text is silent (docs/rulings.md)."""
    await scene.dora.slash(scene.channel, "game start", ruleset="dracula")
    players = {scene.pete.id: scene.pete, scene.polly.id: scene.polly}
    for player, name in ((scene.pete, "Abe"), (scene.polly, "Bo")):
        await player.slash(scene.channel, "game join")
        await player.slash(scene.channel, "dracula cast", name=name, type="veteran", boss=True, weapons="Pistol")
    await scene.dora.slash(scene.channel, "deal")
    state = await stored(scene)
    for user, player in players.items():
        hand = await player.slash(scene.channel, "hand")
        await player.select(hand.response.message, [state.seats[user].cards.hand[0].code])
    await scene.dora.slash(scene.channel, "draw")
    state = await stored(scene)
    first, second = state.order
    watcher, mover = state.models(first)[0], state.models(second)[0]
    await players[first].slash(scene.channel, "dracula activate", kind="solo", model=watcher.name)
    assert f"{watcher.name} is on Lookout." in text_of(await players[first].slash(scene.channel, "dracula lookout"))
    refused(await players[first].slash(scene.channel, "dracula react", model=watcher.name), "an enemy's action")
    await scene.dora.slash(scene.channel, "draw")
    await players[second].slash(scene.channel, "dracula activate", kind="solo", model=mover.name)
    await players[second].slash(scene.channel, "dracula move")
    refused(await players[second].slash(scene.channel, "dracula react", model=watcher.name), "not yours to play")

    scene.env.bot.rng = Faces(8)
    reacted = await players[first].slash(scene.channel, "dracula react", model=watcher.name)
    assert not reacted.response.ephemeral
    assert f"**Reaction Test of {watcher.name}** — {watcher.name}, 1 Dice: 1D8, 5+ a Success" in text_of(reacted)
    assert f"{watcher.name} Reacts: one Action now (Move, Shoot or Fight)." in text_of(reacted)
    scene.env.bot.rng = Faces(1, 2, 3, 5)
    shot = await players[first].slash(scene.channel, "dracula shoot", target=mover.name, weapon="pistol")
    assert f"{watcher.name} shoots at {mover.name} with the Pistol" in text_of(shot)
    state = await stored(scene)
    assert state.activation.reactions == {watcher.key: 0} and state.activation.actions == {mover.key: 1}
    assert not state.characters[watcher.key].lookout and state.characters[watcher.key].done

    scene.env.bot.rng = Faces(2)
    spotted = await players[second].slash(scene.channel, "dracula test", model=mover.name, test="spotting")
    assert f"{mover.name} fails its Spotting Test." in text_of(spotted)
    refused(await players[first].slash(scene.channel, "dracula test", model=mover.name, test="nerve"),
            "not yours to play")
    settings = await scene.dora.slash(scene.channel, "dracula settings", test_dice=2, into_fight="forbidden")
    assert "Reaction, Spotting and Nerve Tests: 2 Dice; Shooting into a Fight: a Hawkeye only." in text_of(settings)
    refused(await players[second].slash(scene.channel, "dracula shoot", target=watcher.name, weapon="pistol",
                                        fight=mover.name), "the shooter not one")


async def test_the_npc_phase_deadline_rolls_the_recovery_phase(scene):
    """At the NPC Phase's deadline the NPCs not yet moved do nothing and the Recovery Phase is rolled, so the
    next turn can be dealt (docs/rulings.md); the reminder says so beforehand."""
    await scene.dora.slash(scene.channel, "game start", ruleset="dracula")
    for player, name in ((scene.pete, "Abe"), (scene.polly, "Bo")):
        await player.slash(scene.channel, "game join")
        await player.slash(scene.channel, "dracula cast", name=name, type="veteran", boss=True)
    await scene.dora.slash(scene.channel, "dracula settings", absent_play="none")
    await scene.dora.slash(scene.channel, "game settings", deadline_hours=30)
    await scene.dora.slash(scene.channel, "deal")
    await hours(scene, 31)                                       # nobody plays: the Action Phase ends
    assert (await stored(scene)).phase.name == "NPC"
    await hours(scene, 13)
    [reminder] = [m for m in posted(scene, "a reminder") if "the NPCs act" in m.content]
    assert "the NPC Phase ends and the Recovery Phase is rolled" in reminder.content
    await hours(scene, 20)
    [deadline] = [m for m in posted(scene, "The deadline passed") if "Recovery Phase" in words_of(m)]
    assert "The NPC Phase ends: the NPCs that have not acted do nothing." in words_of(deadline)
    state = await stored(scene)
    assert state.phase.name == "RECOVERY" and not any(m.done for m in state.characters.values())
    dealt = await scene.dora.slash(scene.channel, "deal")
    assert "Turn 2 — the Draw Phase" in text_of(dealt)


async def test_a_campaigns_roster_carries_a_model_amended_between_games(scene):
    """The text lists Ranks, Skills and Lasting Injuries but no experience (docs/rulings.md): a model put on the
    roster is cast again in the next game as the Director amended it; its Old Wound is rolled before the first
    Draw Phase (DA 214)."""
    await scene.dora.slash(scene.channel, "campaign start", name="Transylvania", ruleset="dracula")
    started = await scene.dora.slash(scene.channel, "game start", campaign="Transylvania")
    assert "`/campaign cast` brings its roster back, `/campaign add` puts new characters on it." in text_of(started)
    await scene.pete.slash(scene.channel, "game join")
    await scene.pete.slash(scene.channel, "dracula cast", name="Abe", type="veteran", boss=True, weapons="Pistol")
    refused(await scene.polly.slash(scene.channel, "dracula enrol", model="Abe"), "not yours to play")
    enrolled = await scene.pete.slash(scene.channel, "dracula enrol", model="Abe")
    assert "**Abe** joins the roster of **Transylvania**" in text_of(enrolled)
    refused(await scene.pete.slash(scene.channel, "dracula enrol", model="Abe"), "Abe is on the roster already")
    await end_game(scene.dora, scene.channel)

    refused(await scene.pete.slash(scene.channel, "dracula amend", model="Abe", rank="hero"), "only a director")
    refused(await scene.dora.slash(scene.channel, "dracula amend", model="Abe", injuries="Gout"), "no Lasting Injury")
    amended = await scene.dora.slash(scene.channel, "dracula amend", model="Abe", rank="hero", skills="deadeye",
                                     injuries="Old Wound")
    assert f"**Abe** (Hero Boss (D10); Pistol; Skills: Deadeye; Lasting Injuries: Old Wound, <@{scene.pete.id}>)." \
        in text_of(amended)
    shown = await scene.pete.slash(scene.channel, "campaign show", campaign="Transylvania")
    assert f"**Abe** (Hero Boss (D10); Pistol; Skills: Deadeye; Lasting Injuries: Old Wound, <@{scene.pete.id}>)" \
        in text_of(shown)

    await scene.dora.slash(scene.channel, "game start", campaign="Transylvania")
    refused(await scene.pete.slash(scene.channel, "dracula recast", model="Abe"), "join")
    await scene.pete.slash(scene.channel, "game join")
    recast = await scene.pete.slash(scene.channel, "dracula recast", model="Abe")
    assert "**Abe** rides again: Hero Boss (D10); Pistol; Skills: Deadeye; Lasting Injuries: Old Wound." in \
        text_of(recast)
    abe = (await stored(scene)).characters["abe"]
    assert (abe.rank, abe.boss, abe.skills, abe.injuries) == ("hero", True, ["Deadeye"], ["Old Wound"])
    scene.env.bot.rng = Faces(3)
    dealt = await scene.dora.slash(scene.channel, "deal")
    assert "**Abe**'s Old Wound: D10 [3], a Failure: Shaken" in text_of(dealt)
    assert (await stored(scene)).characters["abe"].condition.name == "SHAKEN"

    await scene.dora.slash(scene.channel, "dracula amend", model="Abe", dead=True)
    shown = await scene.dora.slash(scene.channel, "campaign show")
    assert "~~**Abe**~~" in text_of(shown) and "— dead" in text_of(shown)


def cards_of(state: DraculaState, user: int) -> list[str]:
    """A posse's Hand, as the bot names its cards."""
    return [str(card) for card in state.seats[user].cards.hand]


async def test_a_director_who_played_never_sees_every_hand_and_one_who_looked_never_plays(scene):
    """Issue 22's attack: a seated Director removes their model, `/game leave`s, asks for every hand as a Director
    with no seat, then `/undo`es back to the same seat and hand. Refused: a member who ever held a seat never sees
    every hand of the game, and one who looked (the log says so) never takes a seat, whatever /undo takes back,
    however they came to direct (ruling 430)."""
    await scene.dora.slash(scene.channel, "game start", ruleset="dracula")
    for player, name in ((scene.pete, "Abe"), (scene.dora, "Dee")):
        await player.slash(scene.channel, "game join")
        await player.slash(scene.channel, "dracula cast", name=name, type="veteran", boss=True)
    dealt = await scene.dora.slash(scene.channel, "deal")
    before = await stored(scene)
    secret = cards_of(before, scene.pete.id)
    seen = [await scene.dora.slash(scene.channel, "hand")]
    assert "Your hand" in text_of(seen[0]) and "<@" not in text_of(seen[0])
    await scene.dora.slash(scene.channel, "cast remove", character="Dee")
    left = await scene.dora.slash(scene.channel, "game leave")
    assert "dora leaves the game" in text_of(left) and scene.dora.id not in (await stored(scene)).seats
    for tried in (await scene.dora.slash(scene.channel, "hand"),
                  await scene.dora.click(dealt.response.message, label="My hand")):
        refused(tried, "You held a seat in this game", "never sees every hand")
        seen.append(tried)
    for _ in range(2):
        await scene.dora.slash(scene.channel, "undo")
    after = await stored(scene)
    assert cards_of(after, scene.dora.id) == cards_of(before, scene.dora.id)     # back in the seat, same hand
    assert after.characters["dee"].owner == scene.dora.id
    handed = await scene.dora.slash(scene.channel, "game director", member=scene.pete)   # a player made Director
    assert "now directs the game" in text_of(handed)
    seen.append(await scene.pete.slash(scene.channel, "hand"))
    assert "Your hand" in text_of(seen[-1]) and "Every hand" not in text_of(seen[-1])
    assert not any(card in text_of(reply) for reply in seen[:-1] for card in secret)

    looked = await scene.boss.slash(scene.channel, "hand")            # a server manager, never seated, umpires
    assert "Every hand" in text_of(looked) and all(card in text_of(looked) for card in secret)
    await scene.boss.slash(scene.channel, "hand")                      # logged once
    await scene.pete.slash(scene.channel, "undo")
    refused(await scene.boss.slash(scene.channel, "game join"), "You looked at every hand of this game")
    assert scene.boss.id not in (await stored(scene)).seats
    log = text_of(await scene.stranger.slash(scene.channel, "log recent"))
    assert log.count("boss looks at every hand, as a Director with no seat") == 1, log
    assert not CARD.search(log)


async def test_every_hand_comes_whole_in_pages_however_many_posses_hold_cards(scene):
    """Dracula's America seats any number of posses: with more than one embed can hold, a Director with no seat
    still sees every posse's Hand and face-down card, each line whole, in as many ephemeral pages as it takes;
    none is dropped (it was clipped to fit Discord, and the posses past the clip went unsaid)."""
    await scene.dora.slash(scene.channel, "game start", ruleset="dracula")
    await scene.boss.slash(scene.channel, "game settings", cast_limit=150)
    posses = [scene.guild.add_member(scene.env.create_user(f"rider{n}")) for n in range(150)]
    for n, rider in enumerate(posses):                              # a Boss alone draws a Hand of 2 (DA 37)
        await rider.slash(scene.channel, "game join", pings=False)
        await rider.slash(scene.channel, "dracula cast", name=f"Boss {n}", type="hero", boss=True)
    await scene.dora.slash(scene.channel, "deal")
    state = await stored(scene)
    hand = await posses[7].slash(scene.channel, "hand")
    await posses[7].select(hand.response.message, [state.seats[posses[7].id].cards.hand[0].code])
    state = await stored(scene)

    seen = await scene.dora.slash(scene.channel, "hand")
    messages = [seen.response, *seen.followups]
    assert len(messages) > 1 and all(message.ephemeral for message in messages)
    titles = [message.embeds[0].title for message in messages]
    assert titles == [f"Every hand (only you see this) — {n} of {len(messages)}" for n in range(1, len(messages) + 1)]
    lines = [line for message in messages for line in message.embeds[0].description.splitlines()]
    assert all(len(message.embeds[0].description) <= 4096 for message in messages)
    assert len(lines) == len(state.seats) == 150
    for rider in posses:
        pile = state.seats[rider.id].cards
        down = f"; face down: {pile.face_down}" if pile.face_down else ""
        assert f"<@{rider.id}>: {', '.join(map(str, pile.hand))}{down}." in lines


async def test_the_kit_a_shot_needs_is_on_the_cast_card_in_cast_show_and_list_and_on_the_board(scene):
    """`/dracula shoot` takes a weapon the model carries: the cast card, `/cast show`, `/cast list` and the status
    board say which it carries, and its skills."""
    await three_posses(scene)
    cast = await scene.stranger.slash(scene.channel, "dracula cast", name="Dee", type="novice",
                                      weapons="Heavy Pistol, Shotgun", skills="Deadeye")
    assert "Kit: Heavy Pistol, Shotgun, Deadeye" in text_of(cast), text_of(cast)
    shown = await scene.pete.slash(scene.channel, "cast show", character="Cy")
    assert "Kit: Pistol, Tough" in text_of(shown), text_of(shown)
    listed = text_of(await scene.pete.slash(scene.channel, "cast list"))
    assert "**Abe**" in listed and "Pistol, Rifle" in listed.split("**Abe**")[1].split("\n")[0], listed
    rows = {row.name: row for row in DRACULA.board(await stored(scene)).rows}
    gear = {name: tuple(phrase.text for phrase in row.gear) for name, row in rows.items()}
    assert gear["Abe"] == ("Pistol", "Rifle") and gear["Dee"] == ("Heavy Pistol", "Shotgun", "Deadeye")
    assert gear["Wolf"] == ("unarmed",)


async def test_a_player_casting_an_npc_is_refused_at_once(scene):
    """DA 73-78: Innocent Bystanders and Supernatural Creatures act in the NPC Phase, in no posse: a player's
    `type:supernatural` is refused when cast (not later, when Activating it), and a Director casts it."""
    await scene.dora.slash(scene.channel, "game start", ruleset="dracula")
    await scene.pete.slash(scene.channel, "game join")
    for type in ("supernatural", "bystander"):
        refused(await scene.pete.slash(scene.channel, "dracula cast", name="Wolf", type=type),
                "Only a Director can cast a")
    words = text_of(await scene.pete.slash(scene.channel, "dracula cast", name="Wolf", type="supernatural"))
    assert "Supernatural models and Innocent Bystanders are NPCs" in words and "NPC Phase (DA 73-78)" in words
    assert (await stored(scene)).characters == {}
    cast = await scene.dora.slash(scene.channel, "dracula cast", name="Wolf", type="supernatural")
    assert "Wolf** joins the cast" in text_of(cast) and (await stored(scene)).characters["wolf"].npc
