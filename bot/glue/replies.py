"""What the channel sees: embeds for rolls and cards, sent with images, never pinging by accident."""

from __future__ import annotations

import asyncio
import functools
import io
import logging
import unicodedata
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterable, Sequence

import discord

from bot.glue.errors import ReplyFailed
from bot.pictures.pool import paint
from bot.rules.core.dice import Keep
from bot.rules.core.replay import Reading, modified
from bot.rules.core.ruleset import Ruleset, State
from bot.rules.core.results import Resolution
from bot.rules.core.words import Bold, Code, Command, Name, Part, Player, Words

log = logging.getLogger("director.replies")

COLOUR = discord.Colour.from_rgb(176, 112, 48)
CONTENT_LIMIT = 2000
TITLE_LIMIT = 256
DESCRIPTION_LIMIT = 4096
FIELDS_LIMIT = 25
FIELD_NAME_LIMIT = 256
FIELD_LIMIT = 1024
FOOTER_LIMIT = 2048
AUTHOR_LIMIT = 256
EMBEDS_TOTAL_LIMIT = 6000
EMBEDS_LIMIT = 10
MAX_FILES = 10
"""Discord's limit of files on one message."""
UPLOAD_LIMIT = 10 * 2**20
"""Discord's limit of the bytes uploaded with one message (a server without boosts)."""
ROWS_LIMIT = 5
CUSTOM_ID_LIMIT = 100
"""Discord's limits on what one message holds; a message over any of them is refused whole."""
REPLY_TRIES = 3
RETRY_SECONDS = 1.0
"""A refused reply is tried again after this many seconds, then twice as many."""
LEFT_OUT = "… ({n} lines left out)"


def clip(text: str, limit: int, left_out: str = LEFT_OUT) -> str:
    """Text fitted to a Discord limit without cutting a word: whole lines are kept from the start and from the
    end (the end first, where the news is), the lines between said to be left out with ``left_out`` (its
    ``{n}``, how many); a single line too long is cut after a word, with an ellipsis."""
    if len(text) <= limit:
        return text
    lines = text.split("\n")
    if len(lines) > 1:
        note = left_out.format(n=len(lines))
        room = limit - len(note) - 2
        tail: list[str] = []
        used = 0
        while lines and used + len(lines[-1]) + 1 <= room // 2:
            used += len(lines[-1]) + 1
            tail.insert(0, lines.pop())
        head: list[str] = []
        while lines and used + len(lines[0]) + 1 <= room:
            used += len(lines[0]) + 1
            head.append(lines.pop(0))
        if head or tail:
            return "\n".join([*head, left_out.format(n=len(lines)), *tail])
        text = lines[0]
    cut = text[:limit - 1]
    word = cut.rsplit(None, 1)[0] if " " in cut[limit // 2:] else cut
    return word.rstrip(" ,;:") + "…"


HIDDEN = ("Cc", "Cf")
"""Unicode categories of control and format characters: invisible, or turning text right to left."""


def visible(text: str) -> str:
    """What a user sees of the text: without control and format characters, spaces collapsed."""
    return " ".join("".join(ch for ch in text if unicodedata.category(ch) not in HIDDEN).split())


SAFE_KEPT = 4096
"""User-given texts :func:`safe` keeps written out: the cast's names recur in almost every message."""


@functools.lru_cache(maxsize=SAFE_KEPT)
def safe(text: str) -> str:
    """A user-given name as plain text: no markdown, no mentions, nothing hidden or turned right to left."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(visible(text)))


def markdown(line: str | Words) -> str:
    """A line the rules said, as Discord text: a name as plain text, a player as a mention, a command or text to
    type in code, bold in bold (see :mod:`bot.rules.core.words`); a line of text as it is."""
    if isinstance(line, str):
        return line
    return "".join(map(written, line.parts))


def written(part: Part) -> str:
    """One piece of :class:`~bot.rules.core.words.Words` as Discord text."""
    if isinstance(part, Name):
        return safe(part.text)
    if isinstance(part, Player):
        return f"<@{part.user}>"
    if isinstance(part, Command):
        return f"`/{part.text}`"
    if isinstance(part, Code):
        return f"`{part.text}`"
    if isinstance(part, Bold):
        return f"**{written(part.part)}**"
    return part


def name_of(state: State, key: str) -> str:
    character = state.characters.get(key) or getattr(state, "vehicles", {}).get(key)
    return safe(character.name) if character else key


def describe(reading: Reading, state: State, rules: Ruleset) -> str:
    """One reading of a roll of a game of ``rules`` in words: who rolled what, what counted (with its band, where
    the ruleset reads dice in :attr:`~bot.rules.core.ruleset.Ruleset.bands`; a pool of dice read whole, where it
    does not), the column of a grid chart read as the ruleset tells it, or the number read against, and the
    outcome."""
    lines = [f"**{reading.label}** — {name_of(state, reading.roller)}, {safe(reading.dice_reason)}"]  # may quote a user
    if reading.first is not None:
        lines.append(f"first roll {markdown(reading.first.shown())}; {reading.reroll}")
    band = f" ({reading.band.value})" if rules.bands else ""
    pooled = reading.roll.dice.keep is Keep.ALL and not rules.bands                      # the outcome counts them
    shown = markdown(reading.roll.shown())
    lines.append(shown if pooled else f"{shown} → **{reading.roll.value}**{band}")
    if reading.column is not None:
        lines.append(rules.column_line(reading))
    elif reading.base is not None:
        lines.append(safe(modified(reading)))
    lines.append(f"**{reading.outcome.title}** {reading.outcome.effect}")
    return "\n".join(lines)


def resolution_embed(state: State, resolution: Resolution, rules: Ruleset) -> discord.Embed:
    """A roll's whole story in a game of ``rules``: every reading, every change, and the decision waiting, if
    any."""
    embed = discord.Embed(title=clip(safe(resolution.headline), 256), colour=COLOUR)
    body = "\n\n".join(describe(r, state, rules) for r in resolution.readings) or "No roll was needed."
    embed.description = clip(body, DESCRIPTION_LIMIT)
    if resolution.changes:
        embed.add_field(name="What changed", value=clip("\n".join(f"• {safe(c)}" for c in resolution.changes),
                                                        FIELD_LIMIT), inline=False)
    if resolution.decision:
        roller = name_of(state, resolution.decision.roller)
        embed.add_field(name="Re-roll?", value=f"{roller} may re-roll {resolution.decision.reading.label}, "
                                               "or keep it.", inline=False)
    return embed


def render_soon(draw: Callable[..., bytes], *args: object) -> asyncio.Future[bytes]:
    """Start drawing now, in a picture worker (:mod:`bot.pictures.pool`); await it with :func:`picture`."""
    return paint(draw, *args)


async def picture(drawing: asyncio.Future[bytes]) -> bytes | None:
    """The picture once drawn; a drawing failure (or one not drawn in time: the picture workers give it up, ruling
    490) is logged and the reply goes without it."""
    try:
        return await drawing
    except Exception:
        log.exception("could not draw a picture")
        return None


async def render(draw: Callable[..., bytes], *args: object) -> bytes | None:
    """Draw a picture off the event loop (see :func:`picture`)."""
    return await picture(render_soon(draw, *args))


class Kept:
    """Pictures that recur all game, drawn once by a worker and then kept here (the least recently used
    go past ``size``), so that showing one again costs nothing."""

    def __init__(self, draw: Callable[..., bytes], size: int) -> None:
        self.draw = draw
        self.size = size
        self._kept: OrderedDict[tuple, bytes] = OrderedDict()

    async def __call__(self, *args: object) -> bytes | None:
        if args in self._kept:
            self._kept.move_to_end(args)
            return self._kept[args]
        image = await render(self.draw, *args)
        if image is not None:
            self._kept[args] = image
            if len(self._kept) > self.size:
                self._kept.popitem(last=False)
        return image


SHOWN_ENTRY = "director.shown_entry"
"""Key of ``Interaction.extras``: the (game id, entry number) of the log entry the reply shows."""


def attached(filename: str, image: bytes | None = None, pages: Sequence[bytes] = ()) -> list[tuple[str, bytes]]:
    """A message's files: its picture (``image``, or the ``pages`` of one), named ``filename``, then
    ``<stem>-2.<extension>`` ..., as many as a message takes."""
    pictures = [*([] if image is None else [image]), *pages][:MAX_FILES]
    stem, _, extension = filename.rpartition(".")
    return [(filename if n == 1 else f"{stem}-{n}.{extension}", picture) for n, picture in enumerate(pictures, 1)]


Shown = tuple[discord.Embed, str, bytes | None]
"""A further embed of a message and its own picture: the embed, the picture's file name, and its bytes (None
when it could not be drawn: the embed goes without)."""


def showing(embed: discord.Embed | None, attachments: Sequence[tuple[str, bytes]], more: Sequence[Shown] = ()
            ) -> tuple[list[discord.Embed] | None, list[tuple[str, bytes]]]:
    """A message's embeds and files: ``embed`` shows the first of ``attachments``, each of ``more`` its own
    picture, attached after them."""
    if embed is not None and attachments:
        embed.set_image(url=f"attachment://{attachments[0][0]}")
    files = list(attachments)
    for extra, name, image in more:
        if image is not None:
            extra.set_image(url=f"attachment://{name}")
            files.append((name, image))
    embeds = [*([] if embed is None else [embed]), *(extra for extra, _, _ in more)]
    return embeds or None, files


async def send(interaction: discord.Interaction, *, content: str = "", embed: discord.Embed | None = None,
               image: bytes | None = None, filename: str = "image.png", pages: Sequence[bytes] = (),
               more: Sequence[Shown] = (), view: discord.ui.View | None = None, ping: Sequence[int] = (),
               ephemeral: bool = False) -> discord.Message | None:
    """Answer the interaction (or, if it expired, post in its channel; an ``ephemeral`` answer, only for the
    user, is then dropped). Pings only the users named.

    The embed shows ``image``, or the first of ``pages``, the others attached after it; the embeds of ``more``
    follow it in the same message, each with its picture. Discord's passing errors (5xx, 429) are retried; a
    reply Discord still refuses raises ReplyFailed. A reply showing a log entry (see :data:`SHOWN_ENTRY`) is
    remembered as the entry's message.
    """
    message = await _retried(lambda kwargs: _deliver(interaction, {**kwargs, "ephemeral": ephemeral}),
                             f"the reply to interaction {interaction.id}",
                             content, *showing(embed, attached(filename, image, pages), more), view, ping)
    shown = interaction.extras.get(SHOWN_ENTRY)
    if message is not None and shown is not None:
        interaction.client.remember_message(*shown, message.id)
    return message


async def post(channel: discord.abc.Messageable, *, content: str = "", embed: discord.Embed | None = None,
               image: bytes | None = None, filename: str = "image.png", pages: Sequence[bytes] = (),
               view: discord.ui.View | None = None, ping: Sequence[int] = ()) -> discord.Message:
    """Post in a channel, unasked (a reminder, a deadline), as :func:`send` answers."""
    return await _retried(lambda kwargs: channel.send(**kwargs), f"a post in channel {getattr(channel, 'id', '?')}",
                          content, *showing(embed, attached(filename, image, pages)), view, ping)


def files_of(attachments: Sequence[tuple[str, bytes]]) -> list[discord.File]:
    """The files to upload, new each time (a file is read once)."""
    return [discord.File(io.BytesIO(data), filename=name) for name, data in attachments]


def fit_embed(embed: discord.Embed, room: int = EMBEDS_TOTAL_LIMIT) -> discord.Embed:
    """An embed within Discord's limits, its texts ``room`` characters at most in all: the fields past the
    25th are named in the last one, and long texts lose whole lines (see :func:`clip`), the description
    first, then the fields' values from the last. An embed within them, as most are, is itself."""
    if _within(embed, room):
        return embed
    data = embed.to_dict()
    fields = data.get("fields", [])
    if len(fields) > FIELDS_LIMIT:
        rest = fields[FIELDS_LIMIT - 1:]
        fields[FIELDS_LIMIT - 1:] = [{"name": f"… and {len(rest)} more", "inline": False,
                                      "value": ", ".join(field["name"] for field in rest)}]
    texts = [(data, "title", TITLE_LIMIT), (data, "description", DESCRIPTION_LIMIT),
             *((field, key, limit) for field in fields for key, limit in (("name", FIELD_NAME_LIMIT),
                                                                           ("value", FIELD_LIMIT))),
             (data.get("footer", {}), "text", FOOTER_LIMIT), (data.get("author", {}), "name", AUTHOR_LIMIT)]
    for part, key, limit in texts:
        if part.get(key):
            part[key] = clip(part[key], limit)
    over = sum(len(part.get(key) or "") for part, key, _ in texts) - room
    for part, key in [(data, "description"), *((field, "value") for field in reversed(fields))]:
        if over <= 0:
            break
        if part.get(key):
            before = len(part[key])
            part[key] = clip(part[key], max(before - over, 1)) if before - over >= 40 else "…"
            over -= before - len(part[key])
    return discord.Embed.from_dict(data)


def _within(embed: discord.Embed, room: int) -> bool:
    """Whether an embed is within Discord's limits as it is, ``room`` characters at most in all."""
    texts = [(embed.title, TITLE_LIMIT), (embed.description, DESCRIPTION_LIMIT), (embed.footer.text, FOOTER_LIMIT),
             (embed.author.name, AUTHOR_LIMIT),
             *((text, limit) for field in embed.fields
               for text, limit in ((field.name, FIELD_NAME_LIMIT), (field.value, FIELD_LIMIT)))]
    lengths = [(len(text or ""), limit) for text, limit in texts]
    return (len(embed.fields) <= FIELDS_LIMIT and all(length <= limit for length, limit in lengths)
            and sum(length for length, _ in lengths) <= room)


def fit_files(attachments: Sequence[tuple[str, bytes]]) -> tuple[list[tuple[str, bytes]], int]:
    """The files a message can take: 10 at most, 10 MiB in all, in order; and how many were left out."""
    kept, size = [], 0
    for name, data in attachments[:MAX_FILES]:
        if size + len(data) <= UPLOAD_LIMIT:
            kept.append((name, data))
            size += len(data)
    return kept, len(attachments) - len(kept)


def fit_view(view: discord.ui.View | None) -> discord.ui.View | None:
    """The buttons and menus a message can take: 5 rows, each custom id 100 characters at most. An item
    past them is left out, and logged: the bot's own buttons are made to fit."""
    if view is None:
        return None
    for item in list(view.children):
        custom_id = getattr(item, "custom_id", None) or ""
        if len(custom_id) > CUSTOM_ID_LIMIT or (item.row or 0) >= ROWS_LIMIT:
            log.error("a component past Discord's limits is left out: %r", custom_id[:120])
            view.remove_item(item)
    return view


def fitted(content: str = "", embeds: Sequence[discord.Embed] | None = None,
           attachments: Sequence[tuple[str, bytes]] | None = None, view: discord.ui.View | None = None, *,
           edit: bool = False) -> dict:
    """The one place every message of the bot passes, to be sent or edited: ``content``, ``embeds``,
    ``attachments`` (name, bytes) and ``view`` fitted to Discord's limits, as keyword arguments to send it
    (or, with ``edit``, to edit it: the embeds and attachments given, None leaving the message's as they
    are, and the view, None taking it away). Nothing is cut mid-word, and whatever is left out is said."""
    files, left_out = fit_files(attachments or ())
    if left_out:
        content = "\n".join(filter(None, (content, f"({left_out} of the files did not fit in Discord's "
                                                     f"{MAX_FILES} files and {UPLOAD_LIMIT >> 20} MiB)")))
    kwargs: dict = {"content": clip(content, CONTENT_LIMIT) or None}
    if embeds is not None:
        if len(embeds) > EMBEDS_LIMIT:
            log.error("a message of %d embeds keeps the first %d", len(embeds), EMBEDS_LIMIT)
        room = EMBEDS_TOTAL_LIMIT // max(min(len(embeds), EMBEDS_LIMIT), 1)
        kwargs["embeds"] = [fit_embed(embed, room) for embed in embeds[:EMBEDS_LIMIT]]
        for embed in kwargs["embeds"]:
            image = embed.image.url or ""
            if image.startswith("attachment://") and image.removeprefix("attachment://") not in dict(files):
                embed.set_image(url=None)
    if attachments is not None:
        kwargs["attachments" if edit else "files"] = files_of(files)
    if view is not None or edit:
        kwargs["view"] = fit_view(view)
    return kwargs


async def _retried(deliver: Callable[[dict], Awaitable[discord.Message | None]], what: str, content: str,
                   embeds: list[discord.Embed] | None, attachments: Sequence[tuple[str, bytes]],
                   view: discord.ui.View | None, ping: Sequence[int]) -> discord.Message | None:
    """A message delivered, pinging only the users in ``ping`` (its embeds and files from :func:`showing`).
    A message without an embed of the bot's shows no link previews either (its words may be a user's: a
    reason, a display name). Discord's passing errors (5xx, 429) are retried, and a message Discord still
    refuses raises ReplyFailed."""
    base = {"suppress_embeds": embeds is None,
            "allowed_mentions": discord.AllowedMentions(everyone=False, roles=False,
                                                       users=[discord.Object(u) for u in ping])}
    for attempt in range(1, REPLY_TRIES + 1):
        kwargs = {**base, **fitted(content, embeds, attachments or None, view)}
        try:
            return await deliver(kwargs)
        except discord.HTTPException as error:
            passing = error.status == 429 or error.status >= 500
            if not passing or attempt == REPLY_TRIES:
                raise ReplyFailed(f"Discord refused {what} ({error.status} {error.text or ''})") from error
            log.warning("Discord answered %s to %s; trying again", error.status, what)
            await asyncio.sleep(RETRY_SECONDS * attempt)
    raise AssertionError("unreachable")


async def _deliver(interaction: discord.Interaction, kwargs: dict) -> discord.Message | None:
    """One try at the reply: the interaction's response, its follow-up, or (expired) a post in the channel."""
    try:
        if not interaction.response.is_done():
            return (await interaction.response.send_message(**kwargs)).resource
        return await interaction.followup.send(wait=True, **kwargs)
    except discord.NotFound:
        channel = interaction.channel
        if kwargs.pop("ephemeral") or channel is None:
            log.warning("interaction %s expired; its answer (for the user alone, or with no channel) is dropped",
                        interaction.id)
            return None
        log.warning("interaction %s expired; posting in the channel instead", interaction.id)
        return await channel.send(**kwargs)


def pages(paragraphs: Iterable[str], limit: int = DESCRIPTION_LIMIT, joint: str = "\n\n") -> list[str]:
    """Paragraphs (lines, with ``joint`` a line break) packed into as few embed descriptions as fit."""
    out: list[str] = []
    for paragraph in paragraphs:
        paragraph = clip(paragraph, limit)
        if out and len(out[-1]) + len(joint) + len(paragraph) <= limit:
            out[-1] += joint + paragraph
        else:
            out.append(paragraph)
    return out
