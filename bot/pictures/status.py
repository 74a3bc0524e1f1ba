"""The status board: one row a character with cards, state, weapons, mount and armour, then one row a vehicle
with its VDV, speed, damage and who is aboard; pages of them."""

from __future__ import annotations

from dataclasses import dataclass

from bot.rules.core.cards import RED_SUITS, SUIT_SYMBOLS, Card
from bot.rules.qotd.dv import VDV
from bot.rules.qotd.state import Carried, Character, QotdState, Vehicle, WeaponCondition
from bot.rules.qotd.vehicles import KINDS, aboard_text, vehicle_words
from bot.rules.qotd.weapons import WEAPONS, Reload
from bot.pictures.sprites import TINY, Look, card_face
from bot.pictures.theme import BLACK, GOLD, INK, MUTED, PAPER_SHADE, RED, RUST, SANS, Box, Canvas, Colour, font, name_font

ROWS_PER_COLUMN = 12
COLUMNS = 2
"""Beyond one column of rows the board wraps into two; beyond two it goes on to another page."""
PER_PAGE = ROWS_PER_COLUMN * COLUMNS
ONE_COLUMN_WIDTH = 560
TWO_COLUMN_WIDTH = 820
HEADER = 40
GUTTER = 10
ROW_HEIGHT = 60
ROW_GAP = 4
CARD_STEP = TINY.width + 3
CARD_INSET = 8
"""The cards stand this far in from the right of a row, and the name stops this far before them."""
NAME_SIZE = 17
TEXT_SIZE = 13
GRAVE = frozenset({"casualty", "passed out", "KO'd for the rest of the action", "Fled", "destroyed", "immobilized"})
"""State words shown in red."""


@dataclass(frozen=True)
class StatusRow:
    """One character's row and a box for each of its cards (a vehicle's row has none)."""

    key: str
    box: Box
    cards: tuple[Box, ...]


@dataclass(frozen=True)
class StatusPage:
    """One image of the board."""

    size: tuple[int, int]
    rows: tuple[StatusRow, ...]


def _card_boxes(character: Character, box: Box) -> tuple[Box, ...]:
    """The character's cards at the right of its row, overlapping when there are many."""
    count = len(character.cards)
    room = (box[2] - box[0]) * 2 // 5
    step = CARD_STEP if count <= 1 else min(CARD_STEP, (room - TINY.width) // (count - 1))
    left = box[2] - CARD_INSET - TINY.width - step * (count - 1)
    top = box[1] + 5
    return tuple((left + i * step, top, left + i * step + TINY.width, top + TINY.height) for i in range(count))


def pages_of(count: int) -> list[tuple[tuple[int, int], list[Box]]]:
    """The size of each page of a board of ``count`` rows, and the box of each row on it (one column of rows
    up to :data:`ROWS_PER_COLUMN`, then two; :data:`PER_PAGE` rows a page)."""
    columns = 1 if count <= ROWS_PER_COLUMN else COLUMNS
    width = ONE_COLUMN_WIDTH if columns == 1 else TWO_COLUMN_WIDTH
    column_width = (width - (columns + 1) * GUTTER) // columns
    pages = []
    for start in range(0, max(1, count), PER_PAGE):
        chunk = min(PER_PAGE, count - start)
        rows_per_column = max(1, -(-chunk // columns))
        boxes = []
        for index in range(chunk):
            column, line = divmod(index, rows_per_column)
            x = GUTTER + column * (column_width + GUTTER)
            y = HEADER + GUTTER + line * (ROW_HEIGHT + ROW_GAP)
            boxes.append((x, y, x + column_width, y + ROW_HEIGHT))
        height = HEADER + 2 * GUTTER + rows_per_column * (ROW_HEIGHT + ROW_GAP) - ROW_GAP
        pages.append(((width, height), boxes))
    return pages


def status_layout(state: QotdState) -> list[StatusPage]:
    """The geometry of every page of the board for this state: the characters, then the vehicles."""
    keys = [*state.characters, *state.vehicles]
    pages = []
    for number, (size, boxes) in enumerate(pages_of(len(keys))):
        rows = []
        for key, box in zip(keys[number * PER_PAGE:], boxes):
            character = state.characters.get(key)
            rows.append(StatusRow(key, box, _card_boxes(character, box) if character else ()))
        pages.append(StatusPage(size, tuple(rows)))
    return pages


def weapon_words(carried: Carried) -> tuple[str, Colour]:
    """A weapon with its ammunition state: "Derringer 1/2", "Colt loaded", "Colt empty", "Colt jammed"; trouble in
    rust. Shots are counted only where the rules count them: a revolving or repeating arm is reloaded when a 1 is
    thrown, not when its shots are spent (1462-1466), so it is loaded or not (ruling 582)."""
    weapon = WEAPONS[carried.weapon]
    if carried.condition is not WeaponCondition.READY:
        return f"{weapon.name} {carried.condition.value}", RUST
    if not weapon.shots:
        return weapon.name, INK
    if weapon.reload is Reload.ON_ONES and carried.loaded:
        return f"{weapon.name} loaded", INK
    if not carried.loaded:
        return f"{weapon.name} empty", RUST
    return f"{weapon.name} {carried.loaded}/{weapon.shots}", INK


def gear(character: Character) -> list[tuple[str, Colour]]:
    """Weapons, mount, armour and a beast's wounds, as coloured words."""
    runs = [weapon_words(c) for c in character.weapons]
    if character.mount:
        mount = character.mount
        words = f"{mount.kind} {mount.hits}/{mount.stamina} hits"
        words += " collapsed" if mount.collapsed else " bolting" if mount.bolting else ""
        runs.append((words, RUST if mount.collapsed or mount.bolting else INK))
    if character.armour != "none":
        armour = character.armour
        runs.append((armour if "armour" in armour else f"{armour} armour", INK))
    if character.shield:
        runs.append(("shield", INK))
    if character.is_beast:
        runs.append((f"{character.wounds} wounds, {character.attack_dice} attack dice", INK))
    return runs or [("unarmed", MUTED)]


def suit_of(state: QotdState, character: Character) -> tuple[str, int]:
    """The suit (and pack) the character's cards come from."""
    if character.cards:
        return character.cards[0].suit, character.cards[0].pack
    seat = state.seats.get(character.owner)
    return seat.suits[0] if seat and seat.suits else ("spades", 1)


def _look(state: QotdState, character: Character, card: Card) -> Look:
    if card in character.lost:
        return Look.LOST
    if card in character.stunned:
        return Look.STUNNED
    return Look.OUT if card in state.deck.out else Look.PLAIN


def luck_words(state: QotdState, character: Character) -> list[tuple[str, Colour]]:
    """A Lucky character's re-rolls left this game (none left in rust)."""
    if not character.has("lucky"):
        return []
    left = max(0, state.settings.lucky_rerolls - character.lucky_used)
    return [(f"Lucky: {left} re-roll{'s' * (left != 1)} left", INK if left else RUST)]


def _draw_row(canvas: Canvas, state: QotdState, row: StatusRow, owners: dict[int, str], acting: bool) -> None:
    """One character: suit pip, name, type, owner and state; weapons, mount and armour; the cards."""
    character = state.characters[row.key]
    x0, y0, x1, y1 = row.box
    canvas.box((x0, y0, x1 - 1, y1 - 1), fill=PAPER_SHADE, outline=GOLD if acting else None, width=2, radius=6)
    for card, box in zip(character.cards, row.cards):
        canvas.stamp(card_face(card, TINY, _look(state, character, card)), *box[:2])
    suit, pack = suit_of(state, character)
    canvas.text((x0 + 13, y0 + 21), SUIT_SYMBOLS[suit], font(SANS, 18), RED if suit in RED_SUITS else BLACK,
                on=PAPER_SHADE, anchor="ms")
    if pack > 1:
        canvas.text((x0 + 20, y0 + 10), str(pack), font(SANS, 9), MUTED, on=PAPER_SHADE)
    left, right = x0 + 28, (row.cards[0][0] if row.cards else x1) - CARD_INSET
    canvas.write(left, y0 + 21, character.name, name_font(character.name, NAME_SIZE), INK, right - left, PAPER_SHADE)
    small = font(SANS, TEXT_SIZE)
    who = [(character.type.title, MUTED)] + ([(owners[character.owner], MUTED)] if character.owner in owners else [])
    words = [(w, RED if w in GRAVE else INK) for w in character.state_words]
    canvas.write_runs(left, y0 + 38, who + words + luck_words(state, character), small, right, PAPER_SHADE)
    canvas.write_runs(left, y0 + 55, gear(character), small, x1 - CARD_INSET, PAPER_SHADE)


def _draw_vehicle(canvas: Canvas, state: QotdState, vehicle: Vehicle, box: Box, owners: dict[int, str]) -> None:
    """One vehicle: a wheel, its name, kind, VDV, owner, speed and damage; who is aboard."""
    x0, y0, x1, y1 = box
    canvas.box((x0, y0, x1 - 1, y1 - 1), fill=PAPER_SHADE, radius=6)
    hub_x, hub_y = x0 + 13, y0 + 15
    canvas.box((hub_x - 8, hub_y - 8, hub_x + 8, hub_y + 8), outline=RUST if vehicle.destroyed else INK, width=2,
               radius=8)
    for dx, dy in ((8, 0), (0, 8), (6, 6), (6, -6)):
        canvas.line((hub_x - dx, hub_y - dy, hub_x + dx, hub_y + dy), INK)
    left, right = x0 + 28, x1 - CARD_INSET
    canvas.write(left, y0 + 21, vehicle.name, name_font(vehicle.name, NAME_SIZE), INK, right - left, PAPER_SHADE)
    small = font(SANS, TEXT_SIZE)
    who = [(f"{KINDS[vehicle.kind].name}, VDV {VDV[vehicle.construction]}", MUTED)]
    who += [(owners[vehicle.owner], MUTED)] if vehicle.owner in owners else []
    words = [(w, RED if w in GRAVE else RUST if w.startswith("movement") else INK) for w in vehicle_words(vehicle)]
    canvas.write_runs(left, y0 + 38, who + words, small, right, PAPER_SHADE)
    canvas.write(left, y0 + 55, aboard_text(state, vehicle), small, INK if vehicle.aboard else MUTED, right - left,
                 PAPER_SHADE)


def _render_page(state: QotdState, pages: list[StatusPage], index: int, owners: dict[int, str]) -> bytes:
    page = pages[index]
    deck = state.deck
    acting = state.acting
    card = deck.current
    aside = f"{card} is up: {acting.name if acting else 'nobody'}" if card else "no card up"
    title = f"Phase {deck.phase}" if deck.phase else "Before the deal"
    if len(pages) > 1:
        title += f" · page {index + 1}/{len(pages)}"
    canvas = Canvas(*page.size)
    canvas.header(HEADER, title, aside)
    for row in page.rows:
        if row.key in state.vehicles:
            _draw_vehicle(canvas, state, state.vehicles[row.key], row.box, owners)
        else:
            _draw_row(canvas, state, row, owners, acting is not None and row.key == acting.key)
    if not page.rows:
        canvas.write(GUTTER + 4, HEADER + 32, "No one in the cast yet.", font(SANS, 15), MUTED)
    return canvas.png()


def render_status_pages(state: QotdState, owners: dict[int, str] | None = None, most: int | None = None
                        ) -> list[bytes]:
    """The pages of the status board as PNG bytes (a page holds 24 characters), the first ``most`` if given."""
    pages = status_layout(state)
    return [_render_page(state, pages, index, owners or {}) for index in range(len(pages))[:most]]


def render_status(state: QotdState, owners: dict[int, str] | None = None) -> bytes:
    """The first page of the status board as PNG bytes (see :func:`render_status_pages` for the rest)."""
    return _render_page(state, status_layout(state), 0, owners or {})
