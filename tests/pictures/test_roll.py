"""The roll card, read back pixel by pixel from hand-built resolutions of real rolls."""

import dataclasses

import pytest

from bot.pictures.roll import (BANDS, DICE_RIGHT, HEADLINE, LINE, MAX_CHANGES, ROW, WIDTH, card_title, notes,
                               render_roll, roll_layout)
from bot.pictures.theme import EDGE, ELLIPSIS, FACE, GOLD, INK, MARGIN, MUTED, PAPER_SHADE, WOOD
from bot.rules.core.actions import Request, perform
from bot.rules.core.pictures import RollCard
from bot.rules.core.ruleset import RULESETS
from bot.rules.dracula.ruleset import DRACULA
from bot.rules.norman.ruleset import NORMAN
from bot.rules.qotd.ruleset import QOTD
from bot.rules.qotd.samples import sample_resolution
from bot.rules.shootist.ruleset import SHOOTIST
from bot.rules.dracula.actions import RecoveryRequest
from bot.rules.dracula.state import Phase
from bot.rules.qotd.shooting import ShotRequest
from bot.rules.core.charts import Outcome
from bot.rules.core.dice import Dice, Keep, Luck, Roll
from bot.rules.core.replay import Decision, Reading, Right
from bot.rules.core.results import Resolution

from tests.rules.dracula.game import Faces, two_posses
from tests.rules.scripted import Dice as ScriptedDice
from tests.rules.test_actions import MAIN, game, keeping, person

from .pixels import count, picture


def card(resolution: Resolution, bands: bool = True) -> RollCard:
    """Quick on the Draw's card of the roll (its DV lines), with or without its bands."""
    return dataclasses.replace(QOTD.picture_of_roll(resolution), bands=bands)


def reading(roll: Roll, **extra) -> Reading:
    return Reading(extra.pop("label", "Test"), "c0", "Hero", roll, Outcome(extra.pop("title", "Done"), ""), **extra)


def test_the_kept_die_is_dark_with_a_gold_rim_and_a_first_roll_is_faded():
    resolution = sample_resolution()
    layout = roll_layout(card(resolution))
    image = picture(render_roll(card(resolution)))
    assert image.size == layout.size and image.width == WIDTH
    for row in layout.rows:
        for die in row.dice:
            x0, y0, x1, y1 = die.box
            fill, rim = image.getpixel((x0 + 5, (y0 + y1) // 2)), image.getpixel(((x0 + x1) // 2, y0 + 1))
            if die.faded:
                assert fill not in (WOOD, FACE) and rim not in (GOLD, EDGE)
            else:
                assert (fill, rim) == ((WOOD, GOLD) if die.kept else (FACE, EDGE))


def test_a_re_rolled_first_roll_stands_faded_before_the_arrow():
    resolution = sample_resolution()
    for read, row in zip(resolution.readings, roll_layout(card(resolution)).rows):
        faded = [d for d in row.dice if d.faded]
        assert [d.value for d in faded] == list(read.first.faces if read.first else ())
        assert bool(row.arrow) == bool(faded)
        assert all(d.box[2] < row.arrow for d in faded)
        assert all(d.box[0] > row.arrow for d in row.dice if not d.faded)


def test_the_band_the_roll_fell_in_is_lit():
    resolution = sample_resolution()
    image = picture(render_roll(card(resolution)))
    for read, row in zip(resolution.readings, roll_layout(card(resolution)).rows):
        x = row.strip[0]
        for band, width, colour in BANDS:
            assert image.getpixel((x + 3, row.strip[1] + 3)) == (colour if band is read.band else PAPER_SHADE)
            x += width


def test_without_bands_no_strip_is_drawn_and_the_outcome_takes_its_place():
    """Another ruleset's dice (a pool of Successes, a single Save die) are not read in Quick on the Draw's bands."""
    resolution = sample_resolution()
    with_bands, without = (picture(render_roll(card(resolution, bands))) for bands in (True, False))
    for banded, row in zip(roll_layout(card(resolution)).rows, roll_layout(card(resolution, bands=False)).rows):
        assert row.strip[2] == row.strip[0] == banded.strip[0]
        strip = banded.strip
        assert count(with_bands, strip, PAPER_SHADE) and not count(without, strip, PAPER_SHADE)
        assert count(without, (row.strip[0], row.strip[1] - 12, row.strip[0] + 60, row.strip[3] + 12), INK)


def test_a_long_headline_is_shown_in_full_on_two_lines():
    resolution = sample_resolution()
    layout = roll_layout(card(resolution))
    assert len(layout.headline) == 2 and " ".join(layout.headline) == resolution.headline
    second = HEADLINE + LINE
    assert count(picture(render_roll(card(resolution))), (MARGIN, second - 12, WIDTH - MARGIN, second), INK) > 50
    assert layout.rows[0].top > second


def test_notes_give_the_dv_column_adjustments_re_roll_and_joker():
    effect = reading(Roll(Dice(1), (4,)), column=2, adjustments=(("in cover", 1), ("short range", -1)),
                     base=("armoured", 2))
    assert notes(effect, QOTD.column_line(effect)) == "DV 2 (armoured) + 1 (in cover) − 1 (short range) = 2"
    on_a_vehicle = reading(Roll(Dice(1), (4,)), column=3, chart="effect_on_vehicles",
                           adjustments=(("Hit by small arms", 1),), base=("Normal Armour or Robust Construction", 2))
    assert notes(on_a_vehicle, QOTD.column_line(on_a_vehicle)) == "VDV 2 (Normal Armour or Robust Construction) + 1 (Hit by small arms) = 3"
    rerolled = reading(Roll(Dice(2), (9, 3)), first=Roll(Dice(2), (1, 2), Luck.BLACK), reroll="Cut!")
    assert notes(rerolled) == "first roll re-rolled with Cut! · black joker: read as 1"
    assert notes(reading(Roll(Dice(1), (1,), ones_ignored=True))) == "1s read as 2"
    assert notes(reading(Roll(Dice(1), (5,)))) == ""


def test_a_long_dv_line_wraps_and_is_shown_whole_adding_up():
    adjustments = (("Shot while evading or in dense or hard cover or lying prone", 2),
                   ("Hit by a Light Impact weapon or an improvised weapon", 1))
    effect = reading(Roll(Dice(1), (9,)), column=4, adjustments=adjustments, base=("armoured", 2))
    layout = roll_layout(card(Resolution("shoot", "Kid shoots at Frank", "kid", "frank", (effect,))))
    [row] = layout.rows
    assert len(row.notes) == 3 and " ".join(row.notes) == notes(effect, QOTD.column_line(effect))  # nothing cut off
    assert row.notes[-1].endswith("read in the 3+ column")
    image = picture(render_roll(card(Resolution("shoot", "Kid shoots at Frank", "kid", "frank", (effect,)))))
    last = row.top + ROW + 6 + 2 * LINE
    assert count(image, (MARGIN, last - 12, WIDTH - MARGIN, last + 3), MUTED) > 30
    assert layout.size[1] > last


def test_many_dice_stay_in_their_column():
    many = Dice(12, Keep.ALL)
    resolution = Resolution("shoot", "A hail of lead", "c0", readings=(
        reading(Roll(many, tuple(range(1, 13))), first=Roll(many, (10,) * 12), reroll="Lucky"),))
    layout = roll_layout(card(resolution))
    assert len(layout.rows[0].dice) == 24
    assert all(d.box[0] >= MARGIN and d.box[2] <= DICE_RIGHT for d in layout.rows[0].dice)
    picture(render_roll(card(resolution)))


@pytest.mark.parametrize("text", ["x" * 5000, "Let’s get out of here! " * 50, "دعنا نخرج من هنا " * 40])
def test_long_labels_titles_and_headlines_keep_the_width(text):
    resolution = Resolution("test", text, "c0", readings=(reading(Roll(Dice(2), (5, 6)), label=text, title=text),),
                            changes=(text,) * 3)
    assert picture(render_roll(card(resolution))).width == WIDTH


def test_changes_are_listed_and_a_waiting_decision_comes_last():
    read = reading(Roll(Dice(2), (2, 3)))
    decision = Decision(0, "c0", (Right("lucky", "Lucky"), Right("cut", "Cut!")), read)
    resolution = Resolution("shoot", "Doc shoots", "c0", readings=(read,),
                            changes=tuple(f"change {i}" for i in range(20)), decision=decision)
    layout = roll_layout(card(resolution))
    assert len(layout.changes) == MAX_CHANGES + 1
    assert layout.changes[-2] == f"… and {20 - MAX_CHANGES + 1} more"
    assert layout.changes[-1] == "Waiting: re-roll Test (Lucky, Cut!) or keep it"
    assert picture(render_roll(card(resolution))).size == layout.size


def test_a_resolution_without_readings_still_draws():
    assert picture(render_roll(card(Resolution("draw", "K♥ is turned", "c0")))).width == WIDTH


def engine_shot():
    """A shot played by Quick on the Draw's engine: every reading's reason spells its dice out again."""
    state = game(person("doc", MAIN), person("kid", MAIN, owner=2))
    return keeping(state, ShotRequest("doc", "kid", paces=6), ScriptedDice(7, 3, 9, 2, 5, 6, 4, 3))[1]


def test_a_readings_dice_and_reason_are_said_once_and_whole_beside_its_label():
    resolution = engine_shot()
    assert all("2D10 take best" in read.dice_reason for read in resolution.readings)
    for row in roll_layout(card(resolution)).rows:
        assert row.subtitle == "2D10 take best · Main Character"


def test_a_subtitle_too_long_for_beside_the_label_leads_the_notes_uncut():
    long = reading(Roll(Dice(2, Keep.BEST), (3, 8)), label="Wanting to Shoot or Move and shoot at the far window")
    long = Reading(long.label, long.roller, "Supporting Character, in the open, poor visibility", long.roll,
                   long.outcome, long.chart)
    [row] = roll_layout(card(Resolution("shoot", "A long look", "c0", "", (long,)))).rows
    assert row.subtitle == ""
    assert row.notes[0].startswith("2D10 take best · Supporting Character, in the open")
    assert not any(line.endswith(ELLIPSIS) for line in row.notes)


def requests(of=Request):
    """Every kind of request of every ruleset."""
    found = []
    for sub in of.__subclasses__():
        found += [sub] if isinstance(sub.__dict__.get("kind"), str) else []
        found += requests(sub)
    return found


def test_every_cards_heading_is_in_words_without_its_rulesets_key():
    """Dracula's cards were headed "Dracula-shoot": every kind of request has a heading in words."""
    assert {NORMAN.key, SHOOTIST.key, "dracula", "burt"} <= {r.kind.partition("-")[0] for r in requests()}
    for request in requests():
        title = card_title(Resolution(request.kind, "", "", title=request.title))
        assert title and title[0].isupper() and "-" not in title and "_" not in title, request.kind
        assert not any(title.lower().startswith(key) for key in RULESETS), request.kind


def test_dracula_s_cards_are_headed_as_the_text_names_its_actions_and_phases():
    """DA 80, 97, 121: a Shoot Action, a Fight Action, the Recovery Phase."""
    state = two_posses()
    state.phase = Phase.NPC
    _, resolution = perform(state, RecoveryRequest(), Faces())
    assert card_title(resolution) == "Recovery Phase"
    assert card_title(Resolution("dracula-shoot", "", "", title="Shoot Action")) == "Shoot Action"


def test_the_recovery_phases_card_says_what_the_phase_did_with_nobody_downed():
    state = two_posses()
    state.phase = Phase.NPC
    _, resolution = perform(state, RecoveryRequest(), Faces())
    layout = roll_layout(DRACULA.picture_of_roll(resolution))
    assert layout.rows == () and layout.changes == resolution.changes and len(layout.changes) == 2
    image = picture(render_roll(DRACULA.picture_of_roll(resolution)))
    assert count(image, (0, layout.changes_top, image.width, image.height), INK) > 200
