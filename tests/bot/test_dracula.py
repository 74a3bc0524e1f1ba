"""A game of Dracula's America through Discord: three posses and a Director, hands seen by their owners
alone and played face down from the "My hand" button's menu, the flip, Activations, shooting and fighting with
their re-roll buttons, the NPC and Recovery Phases, a restart mid-turn; and a sweep of every public output of
the game for a card not yet revealed."""

from __future__ import annotations

import random

from bot.rules.core.cards import Card
from bot.rules.dracula.ruleset import DRACULA
from bot.rules.dracula.state import DraculaState

from .helpers import refused, text_of


class Faces(random.Random):
    """Dice that fall as the test says, any number of sides; shuffles stay seeded."""

    def __init__(self, *faces: int) -> None:
        super().__init__(7)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        return self.faces.pop(0) if self.faces else super().randint(a, b)


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


async def test_hands_are_seen_by_their_owners_alone_and_flipped_together(scene):
    await three_posses(scene)
    dealt = await scene.dora.slash(scene.channel, "deal")
    assert "Turn 1 — the Draw Phase" in text_of(dealt)
    state = await stored(scene)
    hands = {user: [str(c) for c in posse.cards.hand] for user, posse in state.seats.items()}
    assert [len(h) for h in hands.values()] == [2, 2, 1]
    mine = await scene.pete.click(dealt.response.message, label="My hand")
    assert mine.response.ephemeral and all(card in text_of(mine) for card in hands[scene.pete.id])
    assert not any(card in text_of(mine) for card in hands[scene.polly.id] if card not in hands[scene.pete.id])
    refused(await scene.dora.slash(scene.channel, "hand"), "no hand")
    played = await scene.pete.select(mine.response.message, [state.seats[scene.pete.id].cards.hand[0].code])
    assert not played.response.ephemeral and "Abe's Posse plays a card face down; 1 still to play." in text_of(played)
    assert hands[scene.pete.id][0] not in text_of(played)
    polly = await scene.polly.slash(scene.channel, "hand")
    flipped = await scene.polly.select(polly.response.message, [state.seats[scene.polly.id].cards.hand[1].code])
    assert "every card is down" in text_of(flipped)
    assert hands[scene.pete.id][0] in text_of(flipped) and hands[scene.polly.id][1] in text_of(flipped)
