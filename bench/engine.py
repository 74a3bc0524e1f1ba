"""Rules engine speed: resolutions per second for an action test (with its chart lookup) and for a
full shooting pipeline, beside the `d20` dice library rolling 2d10kh1 in the same run.

    .venv/bin/python bench/engine.py [--seconds 2]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import d20

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.rules.core.replay import Context  # noqa: E402
from bot.rules.core.replay import KEEP  # noqa: E402
from bot.rules.qotd.actions import decide, perform  # noqa: E402
from bot.rules.qotd.casting import CharacterType  # noqa: E402
from bot.rules.qotd.charts import CHARTS  # noqa: E402
from bot.rules.qotd.rolls import Situation, Test, action_roll  # noqa: E402
from bot.rules.qotd.shooting import ShotRequest  # noqa: E402
from bot.rules.qotd.state import Carried, Character, GameState  # noqa: E402


def rate(work, seconds: float) -> float:
    """Calls per second of ``work``, best of three timed rounds of about ``seconds`` / 3."""
    best = 0.0
    for _ in range(3):
        calls, start = 0, time.perf_counter()
        deadline = start + seconds / 3
        while time.perf_counter() < deadline:
            for _ in range(200):
                work()
            calls += 200
        best = max(best, calls / (time.perf_counter() - start))
    return best


def table(rng: random.Random) -> GameState:
    """A game of ten with no re-roll rights of their own (no Lucky, Cut! turned off)."""
    state = GameState()
    state.settings.cuts_per_character = 0
    for i in range(10):
        kind = CharacterType.SUPPORTING if i < 2 else CharacterType.HERO
        state.add(Character(f"c{i}", f"C{i}", i % 3, kind, "ordinary",
                            weapons=[Carried("single_action_revolver", loaded=6)]), rng)
    state.shuffle(rng)
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    seconds = parser.parse_args().seconds
    rng = random.Random(1)
    state = table(rng)
    hero = state.characters["c2"]
    courage = CHARTS["courage"]
    situation = Situation(Test.COURAGE)

    def action_test() -> None:
        action_roll(state, Context(rng), hero, courage, situation)

    request = ShotRequest("c0", "c1", paces=8)

    def shooting() -> None:
        _, result = perform(state, request, rng)
        while result.decision:            # a Got Them! re-roll is offered: keep it
            _, result = decide(state, KEEP, rng)

    baseline = rate(lambda: d20.roll("2d10kh1"), seconds)
    test_rate = rate(action_test, seconds)
    shot_rate = rate(shooting, seconds)
    print(f"d20 roll 2d10kh1          {baseline:>10,.0f} /s   (baseline)")
    print(f"action test + chart       {test_rate:>10,.0f} /s   {test_rate / baseline:5.2f}x the baseline "
          "(goal: at least 1x)")
    print(f"full shooting pipeline    {shot_rate:>10,.0f} /s   {baseline / shot_rate:5.2f}x the baseline's time "
          "(goal: within 5x)")


if __name__ == "__main__":
    main()
