"""Fonts, text cut to fit, the palette the pictures are saved on, and the canvas that draws on it."""

import io
import time
import zlib

import pytest
from PIL import Image, ImageDraw

from bot.pictures import theme
from bot.pictures.theme import (BOLD, CREAM, DISPLAY, ELLIPSIS, FONTS, INK, PAPER, PAPER_SHADE, RED, SANS, WOOD, Canvas,
                              clean, fit, font, name_font, palette, wrap)


def test_fonts_and_their_licences_are_in_the_assets():
    for name in (DISPLAY, SANS, BOLD):
        assert font(name, 20).getlength("Phase 3") > 0
    assert "SIL Open Font License" in (FONTS / "Rye-OFL.txt").read_text()
    assert "Bitstream Vera" in (FONTS / "DejaVu-LICENSE.txt").read_text()
    assert font(SANS, 20) is font(SANS, 20)


@pytest.mark.parametrize("name, face", [("Doc Holliday", DISPLAY), ("José Ramírez", DISPLAY), ("Иван", BOLD),
                                        ("李小龙", BOLD), ("محمد", BOLD), ("Cowboy 🤠", BOLD), ("Zoë\u0301", BOLD)])
def test_names_the_display_face_lacks_are_drawn_in_the_sans(name, face):
    assert name_font(name, 24).path.endswith(face)


@pytest.mark.parametrize("text", ["x" * 5000, "W" * 200, "محمد بن عبد الله " * 30, "🤠" * 500, "a\u0301" * 900])
@pytest.mark.parametrize("width", [40, 300, 1000])
def test_fit_cuts_with_an_ellipsis_to_the_width(text, width):
    face = font(BOLD, 24)
    start = time.perf_counter()
    cut = fit(text, face, width)
    assert time.perf_counter() - start < 0.05
    assert cut.endswith(ELLIPSIS) and theme.length(cut, face) <= width
    assert len(cut) > 1 or theme.length(text[0] + ELLIPSIS, face) > width


def test_fit_leaves_a_text_that_fits_alone_and_keeps_it_on_one_line():
    face = font(SANS, 18)
    assert fit("Doc Holliday", face, 500) == "Doc Holliday"
    assert fit("two\nlines\tand\x00nul", face, 500) == "two lines and nul"
    assert fit("anything", face, 1) == ""


def test_stacks_of_combining_marks_are_cut_to_two():
    assert clean("Z" + "\u0301\u0316\u0327\u0352" * 5 + "a") == "Z\u0301\u0316a"
    assert clean("José") == "José"


def test_wrap_breaks_between_words_and_cuts_the_last_line():
    face = font(SANS, 18)
    lines = wrap("A-OK - Keep Calm and Carry On! " * 4, face, 200, 2)
    assert len(lines) == 2 and lines[-1].endswith(ELLIPSIS)
    assert all(face.getlength(line) <= 200 for line in lines)
    assert wrap("Gotcha!", face, 200, 2) == ("Gotcha!",)


def test_every_theme_colour_survives_the_palette():
    named = [value for key, value in vars(theme).items()
             if key.isupper() and isinstance(value, tuple) and len(value) == 3]
    canvas = Canvas(len(named), 1)
    for x, colour in enumerate(named):
        canvas.box((x, 0, x, 0), fill=colour)
    back = Image.open(io.BytesIO(canvas.png())).convert("RGB")
    assert [back.getpixel((x, 0)) for x in range(len(named))] == named


def test_a_picture_is_saved_as_a_png_any_reader_opens_with_every_pixel_and_the_palette_as_drawn():
    """The pictures' own PNG writer (ISA-L's deflate) against Pillow's reading, and its own saving."""
    canvas = Canvas(520, 436)
    canvas.box((10, 10, 300, 200), fill=WOOD, outline=INK, width=3)
    canvas.text((20, 300), "Doc Holliday shoots Ike: 2D10 [8, 5]", font(BOLD, 15), RED, on=PAPER)
    data = canvas.png()
    read = Image.open(io.BytesIO(data))
    assert read.format == "PNG" and read.mode == "P" and read.size == (520, 436)
    assert read.tobytes() == canvas.image.tobytes() and read.getpalette() == canvas.image.getpalette()
    pillows = io.BytesIO()
    canvas.image.save(pillows, "PNG")
    assert Image.open(pillows).convert("RGB").tobytes() == read.convert("RGB").tobytes()


@pytest.mark.parametrize("text, face, fill, ground", [
    ("Doc Holliday", font(DISPLAY, 26), INK, PAPER), ("18 turned · 3 to come", font(BOLD, 15), CREAM, WOOD),
    ("KO'd for the rest of the action", font(SANS, 13), RED, PAPER_SHADE), ("José Ramírez", font(DISPLAY, 17), INK,
                                                                             PAPER_SHADE)])
def test_text_looks_as_pillow_draws_it_on_its_ground(text, face, fill, ground):
    expected = Image.new("RGB", (300, 40), ground)
    ImageDraw.Draw(expected).text((10, 30), text, font=face, fill=fill, anchor="ls")
    expected = expected.quantize(palette=palette(), dither=Image.Dither.NONE).convert("RGB")
    canvas = Canvas(300, 40)
    canvas.box((0, 0, 299, 39), fill=ground)
    canvas.text((10, 30), text, face, fill, on=ground)
    canvas.text((10, 30), text, face, fill, on=ground)  # the second time from the cache, the same pixels
    drawn = Image.open(io.BytesIO(canvas.png())).convert("RGB")
    assert drawn.tobytes() == expected.tobytes()


MARKS = (("line", (0, 0, 9, -13), RED, 3), ("ellipse", (-9, -9, 9, 9), PAPER, INK, 2),
         ("box", (-30, 11, 30, 27), PAPER_SHADE, WOOD, 1), ("line", (-9, -9, 9, 9), RED, 2),
         ("text", (0, 24), "Doc 4", font(BOLD, 13), INK, PAPER_SHADE, "ms"))


@pytest.mark.parametrize("x, y", [(100, 80), (101, 77), (3, 5), (197, 150), (-4, 60)])
def test_a_sketch_stamped_leaves_the_pixels_its_marks_drawn_there_would(x, y):
    """A sketch is drawn once and stamped wherever it comes again (a map's tokens): the same pixels as each
    mark drawn in its place, on any ground, and cut off at the picture's edges alike."""
    drawn, stamped = Canvas(200, 160), Canvas(200, 160)
    for canvas in (drawn, stamped):
        canvas.box((0, 0, 200, 80), fill=WOOD)
    for kind, xy, *how in MARKS:
        if kind == "text":
            drawn.text((xy[0] + x, xy[1] + y), how[0], *how[1:3], on=how[3], anchor=how[4])
        else:
            getattr(drawn, kind)((xy[0] + x, xy[1] + y, xy[2] + x, xy[3] + y), *how)
    stamped.stamp(theme.sketch(MARKS), x, y)
    assert stamped.image.tobytes() == drawn.image.tobytes()


def test_adler_joined_is_the_checksum_of_the_data_joined():
    pieces = [b"", b"\0" * 70000, bytes(range(256)) * 300, b"\xff" * 5555, b"PNG"]
    for first in pieces:
        for second in pieces:
            assert theme._adler_joined(zlib.adler32(first), zlib.adler32(second), len(second)) == \
                zlib.adler32(first + second)


def test_a_picture_drawn_on_a_backdrop_is_saved_as_a_png_of_its_pixels():
    """Only the bands of rows that differ from the backdrop are compressed again; the PNG reads back as the
    picture, whichever bands changed."""
    ground = Canvas(120, 100)
    ground.box((10, 10, 110, 90), fill=WOOD)
    backdrop = theme.Backdrop(ground.image)
    for box in [(0, 0, 0, 0), (5, 5, 20, 20), (0, 40, 119, 41), (30, 90, 60, 99)]:
        canvas = backdrop.canvas()
        canvas.box(box, fill=RED)
        image = Image.open(io.BytesIO(backdrop.png(canvas.image)))
        assert image.convert("RGB").tobytes() == canvas.image.convert("RGB").tobytes()
    assert backdrop.image.tobytes() == ground.image.tobytes()          # its copies were drawn on, not it
