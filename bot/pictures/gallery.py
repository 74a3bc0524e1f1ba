"""Example pictures from real games: ``python -m bot.pictures.gallery [folder]`` writes each ruleset's samples.

Every ruleset found (:mod:`bot.rules.registry`) gives its own (:meth:`~bot.rules.core.ruleset.Ruleset.gallery`):
games played with the real engine from a seeded random source, so the pictures are the same every run.
"""

from __future__ import annotations

import sys
from pathlib import Path

from bot.rules.core.pictures import Picture
from bot.rules.registry import FOUND
from bot.pictures.drawing import draw

FOLDER = Path(__file__).resolve().parents[2] / "docs" / "gallery"


def samples() -> dict[str, Picture]:
    """Every ruleset's sample pictures, by file name."""
    return {name: picture for rules in FOUND for name, picture in rules.gallery().items()}


def main(argv: list[str] | None = None) -> int:
    """Write the samples (turn.png, deck.png, status.png, roll.png, map.png, burt-turn.png ...) to the folder named
    (default docs/gallery)."""
    argv = sys.argv[1:] if argv is None else argv
    folder = Path(argv[0]) if argv else FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    for name, picture in samples().items():
        data = draw(picture)
        (folder / name).write_bytes(data)
        print(f"{folder / name}: {len(data) // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
