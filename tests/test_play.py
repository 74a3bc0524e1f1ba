"""Offline play: `python -m bot play` runs the real bot in SimCord from lines typed at a prompt."""

import subprocess
import sys

SCRIPT = """\
/game start
pete: /game join
pete: /cast add name:"Doc Holliday" type:hero personality:brave
pete: /cast weapon character:"Doc Holliday" weapon:single_action_revolver
/cast add name:Ike type:minor personality:rash
/deal
/draw
/status
/cast show character:Nobody
quit
"""


def test_a_newcomer_plays_offline_from_the_terminal(tmp_path):
    env = {"DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'play.db'}", "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-m", "bot", "play", "--players", "dora,pete", "--seed", "3",
                          "--images", str(tmp_path / "images")],
                         input=SCRIPT, capture_output=True, text=True, timeout=120, env=env)
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "cameras are rolling" in text
    assert "pete joins the game with ♥ hearts" in text
    assert "A♥ K♥ Q♥ J♥" in text
    assert "Phase 1: the pack of 7 cards is shuffled" in text
    assert "There is no character called **Nobody** in this game. (only you see this)" in text
    saved = sorted(p.name for p in (tmp_path / "images").iterdir())
    assert any(name.endswith("deck.png") for name in saved) and any(name.endswith("status.png") for name in saved)
    assert all((tmp_path / "images" / name).read_bytes().startswith(b"\x89PNG") for name in saved)
