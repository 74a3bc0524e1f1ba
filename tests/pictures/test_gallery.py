"""The gallery writes each ruleset's sample pictures, from real games."""

from bot.glue.replies import markdown
from bot.pictures import gallery
from bot.rules.burt.ruleset import BURT
from bot.rules.burt.samples import sample_resolution
from bot.rules.norman.ruleset import NORMAN
from bot.rules.norman.samples import sample_gunfight
from bot.rules.qotd.samples import sample_game

from .pixels import picture


def test_the_gallery_writes_one_picture_of_each_kind(tmp_path, capsys):
    assert gallery.main([str(tmp_path)]) == 0
    for name in ("turn.png", "deck.png", "status.png", "roll.png", "map.png", "burt-turn.png", "burt-roll.png",
                 "hand.png", "flip.png", "gunfight.png"):
        picture((tmp_path / name).read_bytes())
    assert "deck.png" in capsys.readouterr().out


def test_the_sample_game_is_a_sound_game_mid_phase():
    state = sample_game()
    state.check()
    assert state.deck.phase == 2 and len(state.deck.turned) == 20 and state.deck.to_come and state.deck.out


def test_the_burt_shot_of_the_gallery_is_the_engines():
    resolution = sample_resolution(BURT)
    assert [(r.label, r.roll.value, r.outcome.title) for r in resolution.readings] == [
        ("To hit", 9, "Hit"), ("Hit: the .45 row", 6, "Serious"), ("Shock", 2, "Falls over stunned")]
    assert resolution.readings[0].adjustments == (("Gunslinger's shooting skill", 2), ("Target cantering", -2),
                                                  ("Snapshot", -1), ("Target only 75% visible (knees and up)", -1))


def test_the_gunfight_of_the_gallery_is_the_engines():
    """MN 73-86: a move that stands, then a Shoot card an opponent cancels with a Joker, captioned with its suit."""
    shown = sample_gunfight(NORMAN)
    assert shown.captions == ("Kid", "Ann", "Diamonds") and shown.faces[-1] == "BJ"
    assert list(map(markdown, shown.lines[:3])) == ["1. Kid: **3♦**", "2. Ann: **A♦**", "3. Diamonds: **Black Joker**"]
