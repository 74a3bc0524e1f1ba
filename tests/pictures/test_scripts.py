"""Names in any script Discord allows are drawn legibly: each letter in a face that has it (the shipped fallbacks
for what the display face and DejaVu lack), never a font's missing-glyph box; and the map's labels keep clear of
each other and of the buildings' names."""

import itertools

import pytest
from PIL import Image

from bot.pictures import draw, render_board_pages, render_scene, theme
from bot.pictures.battlefield import building_names, place_labels
from bot.pictures.theme import BOLD, FONTS, SANS, font, name_font
from bot.rules.core.geometry import Rect
from bot.rules.core.pictures import Drawn, DrawOrder, NameCards
from bot.rules.qotd.battlefield import Area, Token
from bot.rules.qotd.board import board
from bot.rules.qotd.casting import CharacterType
from bot.rules.qotd.pictures import pack, scene
from bot.rules.qotd.samples import OWNERS, sample_battlefield, sample_game
from bot.rules.qotd.sets import ready

from .pixels import cast, picture

NAMES = ["Smiley Wu 吴", "José 🤠", "Иван Грозный", "محمد", "김민준", "さくら", "Ωμέγα", "राम", "ทองดี", "🐎🔫"]


def drawn(text, face):
    cover, _ = theme.mask(text, face)
    return cover.size, cover.tobytes()


def missing_glyph(face):
    """What Pillow itself draws in ``face`` for a character no font has: the face's .notdef box."""
    core, _ = face.getmask2("\U0010fffd", "L")
    return core.size, bytes(Image.Image()._new(core).tobytes()) if 0 not in core.size else b""


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("size", [13, 24])
def test_every_letter_of_a_name_is_drawn_and_is_not_the_missing_glyph_box(name, size):
    for face in (name_font(name, size), font(SANS, size)):
        box = missing_glyph(face)
        for letter in name.replace(" ", ""):
            size_drawn, pixels = drawn(letter, face)
            assert pixels.strip(b"\0"), (name, letter)
            assert (size_drawn, pixels) != box, (name, letter, face.path)


def test_the_fallback_fonts_and_their_licence_are_shipped():
    for name in theme.FALLBACKS:
        assert (FONTS / name).is_file()
    notes = (FONTS / "README.md").read_text()
    assert "Unifont" in notes and "SIL Open Font License" in notes


def test_a_character_no_font_has_is_written_as_its_code_point():
    assert theme.runs("a\U000e0041", font(BOLD, 20))[0][0] == "a\U000e0041"   # a tag joins the letter before
    assert "U+10FFFD" in "".join(piece for piece, _ in theme.runs("x\U0010fffd", font(BOLD, 20)))


def renamed(render, state, name):
    """A picture of ``state`` with the character whose card is up (else the first) called ``name``."""
    character = state.owner_of(state.deck.current) if state.deck.current else None
    (character or next(iter(state.characters.values()))).name = name
    return render(state)


PICTURES = {
    "status": lambda name: renamed(lambda s: render_board_pages(board(s), OWNERS)[0], sample_game(), name),
    "map": lambda name: renamed(lambda s: render_scene(scene(s)), sample_battlefield(), name),
    "deck": lambda name: renamed(lambda s: draw(pack(s)), sample_game(), name),
    "draws": lambda name: draw(DrawOrder("Draw", (Drawn(name.split()[-1], 8, (5,)), Drawn("Kid", 6, (3,))))),
    "burt": lambda name: draw(NameCards((name, "Ben Thompson"))),
}


@pytest.mark.parametrize("picture_of", PICTURES.values(), ids=PICTURES.keys())
@pytest.mark.parametrize("one, other", [("Smiley Wu 吴", "Smiley Wu 王"), ("José 🤠", "José 🐎")])
def test_each_picture_draws_the_letters_of_a_name_so_two_names_differ(picture_of, one, other):
    """Drawn as missing-glyph boxes, 吴 and 王 (or two emoji) would look the same: the pictures must differ."""
    first, second = picture(picture_of(one)), picture(picture_of(other))
    assert first.size == second.size and first.tobytes() != second.tobytes()


def boxes(state):
    shown = scene(state)
    image = picture(render_scene(shown))
    labels = place_labels(shown, image.width, image.height)
    return [(label.words, label.box) for label in labels] + list(building_names(shown.terrain))


def overlapping(placed):
    return [(a[0], b[0]) for a, b in itertools.combinations(placed, 2)
            if min(a[1][2], b[1][2]) > max(a[1][0], b[1][0]) and min(a[1][3], b[1][3]) > max(a[1][1], b[1][1])]


def test_the_sample_maps_labels_overlap_neither_each_other_nor_the_buildings_names():
    state = sample_battlefield()
    placed = boxes(state)
    assert len(placed) == len(state.characters) + 1 + len(building_names(scene(state).terrain))
    assert overlapping(placed) == []


def test_a_crowd_at_a_buildings_door_keeps_its_labels_apart():
    state, people = cast(*[CharacterType.MINOR] * 6, seed=3)
    state.battlefield = ready("prairie")
    state.battlefield.areas.append(Area("building", Rect(20, 10, 12, 8), name="Long Branch Saloon"))
    for index, person in enumerate(people):
        person.name = f"{person.name} 吴{index}"
        state.battlefield.place(Token(person.key, (24.0 + index % 3, 18.0 + index // 3)))
    placed = boxes(state)
    assert len(placed) == 7 and overlapping(placed) == []
