"""Driving any ruleset's game through the shared commands as its users would, and reading what it stored."""

from __future__ import annotations

from dataclasses import dataclass

from bot.rules.core.ruleset import HiddenHands, Ruleset, State
from tests.bot.helpers import View, text_of
from tests.storage.helpers import rows

from .conftest import ruleset_of

PLAYERS = {"pete": "Kid", "polly": "Ann"}
"""Who casts whom in every contract: a character each."""


@dataclass
class Play:
    """One ruleset's game in the scene's #saloon, directed by dora."""

    scene: object
    key: str

    @property
    def ruleset(self) -> Ruleset:
        """The ruleset the game plays."""
        return ruleset_of(self.key)

    @property
    def channel(self):
        """The scene's #saloon, where the game is played."""
        return self.scene.channel

    @property
    def cast_command(self) -> str:
        """The command that casts a character (the ruleset's :attr:`~bot.rules.core.ruleset.Ruleset.cast_command`)."""
        return self.ruleset.cast_command

    @property
    def casting(self) -> dict[str, object]:
        """The options, besides ``name:``, that cast a plain fighting character of the ruleset."""
        return dict(self.ruleset.plain_cast)

    async def start(self, **options):
        """`/game start ruleset:` by dora; the reply, which must be public."""
        started = await self.scene.dora.slash(self.channel, "game start", ruleset=self.key, **options)
        public(started)
        return started

    async def cast(self, player: str, name: str):
        """``player`` casts ``name`` the ruleset's way; the reply, which must be public."""
        cast = await getattr(self.scene, player).slash(self.channel, self.cast_command, name=name,
                                                       **self.casting)
        assert not cast.response.ephemeral, f"{self.cast_command}: {cast.response.content}"
        return cast

    async def seated_and_cast(self, **start) -> None:
        """A started game in which pete and polly joined and cast a character each (see PLAYERS)."""
        await self.start(**start)
        for player, name in PLAYERS.items():
            public(await getattr(self.scene, player).slash(self.channel, "game join"))
            await self.cast(player, name)

    async def play_hands(self) -> None:
        """Where the ruleset's players hold hidden hands (:class:`HiddenHands`), each seated player the game waits
        on plays the first card they may, from `/hand`'s menu, as a player would before `/draw`."""
        if not isinstance(self.ruleset, HiddenHands):
            return
        actors = {self.scene.pete.id: self.scene.pete, self.scene.polly.id: self.scene.polly}
        for user, actor in actors.items():
            state = await self.state()
            wait = self.ruleset.waiting_on(state, self.scene.dora.id)
            private = self.ruleset.private(state, user)
            if wait is None or user not in wait.users or private is None or not private.playable:
                continue
            hand = await actor.slash(self.channel, "hand")
            assert hand.response.ephemeral, "a hand was shown to the channel"
            public(await actor.select(hand.response.message, [private.playable[0]]))

    async def state(self, channel=None) -> State | None:
        """The channel's game as the database holds it, loaded by its ruleset (None with no active game)."""
        row = await self.scene.db().load_game(self.scene.guild.id, (channel or self.channel).id)
        return ruleset_of(row.ruleset).load(row.state) if row else None

    async def view(self, channel=None) -> View:
        """The channel's game (as stored JSON), its Director, its log and the channel's public messages: what
        ``tests.bot.helpers.channel_view`` reads, for a game of any ruleset."""
        channel = channel or self.channel
        db, env = self.scene.db(), self.scene.env
        row = await db.load_game(self.scene.guild.id, channel.id)
        log = await rows(db, "SELECT kind, text FROM log WHERE game_id = :id ORDER BY seq", id=row.id) if row else []
        stored = sorted(env.backend.messages.get(channel.id, {}).values(), key=lambda m: m.id)
        shown = [(m.id, m.content, m.embeds, m.components, m.attachments, m.edited_timestamp)
                 for m in stored if not m.is_ephemeral]
        return View(row.state if row else None, row.director_id if row else None, log, shown)

    async def mirrored(self, table: str, columns: str) -> list[tuple]:
        """The game's rows of a table that mirrors its state (``players``, ``characters``), sorted."""
        row = await self.scene.db().load_game(self.scene.guild.id, self.channel.id)
        return sorted(await rows(self.scene.db(), f"SELECT {columns} FROM {table} WHERE game_id = :id", id=row.id))

    async def log(self) -> list[tuple[str, str]]:
        """The game's log entries as stored: (kind, text) each."""
        return (await self.view()).log


def public(result) -> str:
    """The words of a reply that must be public (for everyone in the channel)."""
    assert result.response is not None, "no reply at all"
    assert not result.response.ephemeral, f"refused: {result.response.content}"
    return text_of(result)
