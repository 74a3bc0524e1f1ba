"""Rules engine speed: resolutions per second for an action test (with its chart lookup) and for a
full shooting pipeline, with the dice drawn from a phase's seal as the bot draws them (an HMAC a die),
beside the `d20` dice library rolling 2d10kh1 in the same run.

    .venv/bin/python bench/engine.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import d20

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.rules.core.fair import PhaseDice, Seal  # noqa: E402
from bot.rules.core.replay import Context  # noqa: E402
from bot.rules.core.replay import KEEP  # noqa: E402
from bot.rules.qotd.actions import decide, perform  # noqa: E402
from bot.rules.qotd.casting import CharacterType  # noqa: E402
from bot.rules.qotd.charts import CHARTS  # noqa: E402
from bot.rules.qotd.rolls import Situation, Test, action_roll  # noqa: E402
from bot.rules.qotd.shooting import ShotRequest  # noqa: E402
from bot.rules.qotd.state import Carried, Character, QotdState  # noqa: E402


def rates(works: list, seconds: float, rounds: int = 9) -> list[float]:
    """Calls per second of each of ``works``, the best of ``rounds`` timed rounds of about ``seconds`` /
    ``rounds`` each; the rounds take turns, so that what else the machine does weighs on each alike."""
    best = [0.0] * len(works)
    for _ in range(rounds):
        for n, work in enumerate(works):
            calls, start = 0, time.perf_counter()
            deadline = start + seconds / rounds
            while time.perf_counter() < deadline:
                for _ in range(200):
                    work()
                calls += 200
            best[n] = max(best[n], calls / (time.perf_counter() - start))
    return best


def table(rng: random.Random) -> QotdState:
    """A game of ten with no re-roll rights of their own (no Lucky, Cut! turned off)."""
    state = QotdState()
    state.settings.cuts_per_character = 0
    for i in range(10):
        kind = CharacterType.SUPPORTING if i < 2 else CharacterType.HERO
        state.add(Character(f"c{i}", f"C{i}", i % 3, kind, "ordinary",
                            weapons=[Carried("single_action_revolver", loaded=6)]), rng)
    state.seal = Seal(1, 1, rng.randbytes(32).hex())
    state.shuffle(PhaseDice(state.seal))
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement, over its rounds")
    seconds = parser.parse_args().seconds
    state = table(random.Random(1))
    rng = PhaseDice(state.seal)
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

    baseline, test_rate, shot_rate = rates([lambda: d20.roll("2d10kh1"), action_test, shooting], seconds)
    print(f"d20 roll 2d10kh1          {baseline:>10,.0f} /s   (baseline)")
    print(f"action test + chart       {test_rate:>10,.0f} /s   {test_rate / baseline:5.2f}x the baseline "
          "(goal: at least 1x)")
    print(f"full shooting pipeline    {shot_rate:>10,.0f} /s   {baseline / shot_rate:5.2f}x the baseline's time "
          "(goal: within 5x)")


if __name__ == "__main__":
    main()
