#!/usr/bin/env python3
"""Are the computer players pitched right? A beginner against each level.

A simulated beginner (knows only very common words of up to 4 letters, needs
5-9 s to spot one, sometimes gets it wrong) plays one round against one robot
of each level, over many seeded deals, with the same clock the app uses: a card
every ``--pace`` seconds, a 15 s last call. The baseline is the same beginner
against a copy of itself (a fair game is won about half the time).

    python benchmarks/bench_bots.py [--games 40] [--lang en] [--pace 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from myword_edu.myword.bots import PROFILES, Bot, Level, LevelProfile  # noqa: E402
from myword_edu.myword.cards import shuffled, standard_deck  # noqa: E402
from myword_edu.core.errors import BadWordError  # noqa: E402
from myword_edu.lexicon.wordlist import load_lexicon  # noqa: E402
from myword_edu.myword.round import Round  # noqa: E402
from myword_edu.myword.solver import words_on_table  # noqa: E402

BEGINNER = LevelProfile(min_zipf=4.5, max_letters=4, reaction=(5.0, 9.0), per_letter=0.8, mistake_rate=0.1, prefers_long=False)
LAST_CALL = 15.0


def play(seed: int, lang: str, pace: float, rival: LevelProfile) -> dict[str, int]:
    lexicon = load_lexicon(lang)
    student = Bot("Student", Level.EASY, seed=f"s{seed}")
    student.profile = BEGINNER
    robot = Bot("Robot", Level.EASY, seed=f"r{seed}")
    robot.profile = rival
    agents = [student, robot]
    rnd = Round([a.player for a in agents], shuffled(standard_deck(lang), seed), lexicon)
    now, next_deal, end_at = 0.0, 0.0, None
    plans: dict[str, tuple] = {}
    while not rnd.is_over:
        if end_at is not None and now >= end_at:
            rnd.finish()
            break
        possible = {}
        for agent in agents:
            plan = plans.get(agent.name)
            if plan is not None and agent.still_good(plan[0], rnd.table):
                continue
            if agent.min_cards not in possible:
                possible[agent.min_cards] = words_on_table(rnd.table, lexicon, min_cards=agent.min_cards, max_letters=8)
            call = agent.plan(rnd.table, lexicon, possible=possible[agent.min_cards])
            if call is None:
                plans.pop(agent.name, None)
            else:
                plans[agent.name] = (call, now + call.delay)
        due = [(at, name) for name, (_, at) in plans.items()]
        candidates = [t for t in (next_deal if rnd.cards_left else None, end_at, min(due)[0] if due else None) if t is not None]
        if not candidates:
            break
        now = min(candidates)
        if due and min(due)[0] == now:
            name = min(due)[1]
            call, _ = plans.pop(name)
            try:
                rnd.claim(name, call.word)
            except BadWordError:
                pass
        elif rnd.cards_left and now == next_deal:
            rnd.deal()
            next_deal = now + pace
            if not rnd.cards_left:
                end_at = now + LAST_CALL
    return rnd.scores


def match(games: int, lang: str, pace: float, rival: LevelProfile) -> tuple[float, float, float]:
    wins, student_points, robot_points = 0.0, [], []
    for seed in range(games):
        scores = play(seed, lang, pace, rival)
        student_points.append(scores["Student"])
        robot_points.append(scores["Robot"])
        wins += 1.0 if scores["Student"] > scores["Robot"] else 0.5 if scores["Student"] == scores["Robot"] else 0.0
    return wins / games, statistics.median(student_points), statistics.median(robot_points)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--lang", default="en")
    parser.add_argument("--pace", type=float, default=3.0)
    args = parser.parse_args()
    print(f"## A beginner against one robot, {args.lang}, a card every {args.pace:g} s, {args.games} rounds each")
    base, sp, rp = match(args.games, args.lang, args.pace, replace(BEGINNER))
    print(f"baseline (beginner vs beginner): beginner wins {base:5.0%}  (median cards {sp:.0f} vs {rp:.0f})")
    for level in Level:
        share, sp, rp = match(args.games, args.lang, args.pace, PROFILES[level])
        print(
            f"vs {level.value:6s} robot: beginner wins {share:5.0%}  (median cards {sp:.0f} vs {rp:.0f}), "
            f"ratio to baseline {share / base:4.2f}"
        )


if __name__ == "__main__":
    main()
