"""The stud equity bot's estimate: the equity engine's Monte Carlo against the bot's own Python sampler, same budget.

Run from the repository root::

    python benchmarks/stud_bot.py [--decisions 20] [--budget 0.05]

For each spot (a hand played to a street by checking and calling, seeded), the seat to act estimates its
share of the pot ``--decisions`` times with ``--budget`` seconds each, through
``stud_play.stud_equity`` (the engine, what the bot uses for stud, stud hi/lo and razz) and through
``stud_play._sampled_share`` (the Python loop it used before, kept for other declarations). Printed: the
median CPU ms of a decision, the spread (standard deviation) of the estimates, their mean, and a
reference from one long engine run (400,000 deals). Nothing here is a pass/fail test.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from pokerlab.simulate.bots import stud_play
from pokerlab.simulate.bots.view import SeatView
from pokerlab.simulate.equity.stud import stud_equity
from pokerlab.simulate.game import State, razz, seven_card_stud, seven_card_stud_hilo

SPOTS = [  # (name, variant, players, street reached, seed)
    ("stud hi/lo, 4 players, third street", seven_card_stud_hilo(), 4, 0, 3),
    ("stud, 6 players, fifth street", seven_card_stud(), 6, 2, 5),
    ("razz, heads-up, sixth street", razz(), 2, 3, 7),
    ("stud hi/lo, 8 players, seventh (community card)", seven_card_stud_hilo(), 8, 4, 4),
]


def spot_view(variant, players: int, street: int, seed: int) -> SeatView:
    """The seat to act once everyone has brought in, checked or called up to ``street``."""
    hand = State(variant, [100] * players, seed=seed)
    while hand.phase == "bet" and hand.street < street:
        if hand.can_bring_in():
            hand.bring_in()
        else:
            hand.check_or_call()
    return SeatView(hand)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=20)
    parser.add_argument("--budget", type=float, default=0.05)
    args = parser.parse_args()
    print(f"{'spot':<50}{'sampler':<10}{'ms':>7}{'spread':>9}{'mean':>9}{'reference':>11}")
    for name, variant, players, street, seed in SPOTS:
        view = spot_view(variant, players, street, seed)
        game = stud_play.ENGINE_GAMES[(view.ranking, view.low_half)]
        known = [list(view.hole), *(list(view.up_cards(s)) for s in view.opponents)]
        ref = stud_equity(known, community=list(view.board), game=game, method="mc", trials=400_000, seed=1)
        stud_play.stud_equity(view, 0.0, random.Random(0))  # kernels compiled or loaded outside the timing
        for label, estimate in [("engine", stud_play.stud_equity), ("python", stud_play._sampled_share)]:
            values, cpu = [], []
            for k in range(args.decisions):
                start = time.process_time()
                values.append(estimate(view, args.budget, random.Random(k)))
                cpu.append(time.process_time() - start)
            print(
                f"{name:<50}{label:<10}{1000 * statistics.median(cpu):>7.1f}{statistics.stdev(values):>9.4f}"
                f"{statistics.mean(values):>9.4f}{ref.players[0].equity:>11.4f}"
            )


if __name__ == "__main__":
    main()
