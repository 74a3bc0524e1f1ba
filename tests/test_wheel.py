"""The package as ``pip install .`` makes it: a wheel installed into a fresh venv at the versions constraints.txt
pins (as the Docker image installs it), run from an empty folder."""

import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

from setuptools import find_packages

from bot.pictures import gallery

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
SHIPPED = ("pyproject.toml", "README.md", "constraints.txt", "bot", "cogs")


def test_the_packages_are_found_not_listed():
    """setuptools finds the packages, so that a new ruleset's (``bot.rules.<key>``, ``cogs.rulesets``) ships with no
    edit to pyproject.toml; the wheel test below checks what it found."""
    assert PYPROJECT["tool"]["setuptools"]["packages"] == {"find": {"include": ["bot*", "cogs*"]}}


def run(*command: str | Path, cwd: Path) -> subprocess.CompletedProcess:
    done = subprocess.run([str(part) for part in command], cwd=cwd, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"{command}: {done.stderr}"
    return done


def test_an_installed_wheel_draws_the_gallery_in_an_empty_folder_and_has_no_simulator(tmp_path):
    source = tmp_path / "source"
    source.mkdir()
    for name in SHIPPED:                  # a copy, so that the build leaves nothing in the checkout
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(ROOT / name, source / name)
    run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", tmp_path / "dist", source, cwd=tmp_path)
    wheel = next((tmp_path / "dist").glob("director_bot-*.whl"))
    shipped = {name.rpartition("/")[0].replace("/", ".") for name in zipfile.ZipFile(wheel).namelist()
               if name.endswith("/__init__.py")}
    assert shipped == set(find_packages(str(ROOT), include=["bot*", "cogs*"])), "a package of the checkout is not shipped"
    run(sys.executable, "-m", "venv", "--without-pip", tmp_path / "venv", cwd=tmp_path)   # filled by this pip:
    pip = (sys.executable, "-m", "pip", "--python", tmp_path / "venv" / "bin" / "python")  # a venv's own costs 8 s
    run(*pip, "install", "-q", "--no-compile", "-c", source / "constraints.txt", wheel, cwd=tmp_path)  # compiled on use
    installed = run(*pip, "freeze", "--exclude", "director-bot", cwd=tmp_path).stdout.splitlines()
    pinned = [line for line in (ROOT / "constraints.txt").read_text().splitlines() if not line.startswith("#")]
    assert installed == pinned, "constraints.txt pins other versions than the wheel installs, or not all"

    empty = tmp_path / "somewhere"
    empty.mkdir()
    drawn = run(tmp_path / "venv" / "bin" / "director", "gallery", cwd=empty)
    pictures = sorted((empty / "gallery").iterdir())
    assert [p.name for p in pictures] == ["burt-roll.png", "burt-turn.png", "deck.png", "flip.png", "gunfight.png",
                                          "hand.png", "map.png", "roll.png", "status.png", "turn.png"], drawn.stdout
    gallery.main([str(tmp_path / "checkout")])            # the same pictures drawn by the checkout
    for picture in pictures:
        assert picture.read_bytes().startswith(b"\x89PNG\r\n\x1a\n"), picture.name
        assert picture.read_bytes() == (tmp_path / "checkout" / picture.name).read_bytes(), picture.name

    play = subprocess.run([tmp_path / "venv" / "bin" / "director", "play"], cwd=empty, capture_output=True,
                          text=True, timeout=120)
    assert (play.returncode, play.stderr) == (
        2, 'director: Offline play needs SimCord, the simulated Discord: pip install "director-bot[play]"\n')
    assert list(empty.iterdir()) == [empty / "gallery"]
