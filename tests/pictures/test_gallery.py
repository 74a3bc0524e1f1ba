"""The gallery writes one picture of each kind from real games."""

from bot.pictures import gallery

from .pixels import picture


def test_the_gallery_writes_one_picture_of_each_kind(tmp_path, capsys):
    assert gallery.main([str(tmp_path)]) == 0
    for name in ("turn.png", "deck.png", "status.png", "roll.png", "map.png", "burt-turn.png", "burt-roll.png",
                 "hand.png", "flip.png", "gunfight.png"):
        picture((tmp_path / name).read_bytes())
    assert "deck.png" in capsys.readouterr().out


def test_the_sample_game_is_a_sound_game_mid_phase():
    state = gallery.sample_game()
    state.check()
    assert state.deck.phase == 2 and len(state.deck.turned) == 20 and state.deck.to_come and state.deck.out


def test_the_burt_shot_of_the_gallery_is_the_engines():
    resolution = gallery.sample_burt_resolution()
    assert [(r.label, r.roll.value, r.outcome.title) for r in resolution.readings] == [
        ("To hit", 9, "Hit"), ("Hit: the .45 row", 6, "Serious"), ("Shock", 2, "Falls over stunned")]
    assert resolution.readings[0].adjustments == (("Gunslinger's shooting skill", 2), ("Target cantering", -2),
                                                  ("Snapshot", -1), ("Target only 75% visible (knees and up)", -1))


def test_the_gunfight_of_the_gallery_is_the_engines():
    """MN 73-86: a move that stands, then a Shoot card an opponent cancels with a Joker, captioned with its suit."""
    shown = gallery.sample_gunfight()
    assert shown.captions == ("Kid", "Ann", "Diamonds") and shown.faces[-1] == "BJ"
    assert shown.lines[:3] == ["1. Kid: **3♦**", "2. Ann: **A♦**", "3. Diamonds: **Black Joker**"]
