"""Omaha Monte Carlo when the hero's cards block the opponents' ranges: CPU time of one block (16,384 deals).

Run from the repository root::

    python benchmarks/omaha_blocked.py [--rounds 5] [--sizes 4,5,6]

The spot is the equity bot's worst: hi/lo, the hero holding two aces and a deuce (``AsAd2c3h``, plus
``5d`` and ``6s`` for five and six cards) against two opponents on ``A2**`` (widened to the hand size),
before the flop and on ``Kd7h8s``. "fits %" is the share of deals drawn from the whole ranges that deal
no card twice (numpy sampling, whatever the engine does with it); "rejected" is the engine's count of
deals thrown away per deal kept (blank when the engine does not report it). "ms" is the best CPU time
of the rounds for ``omaha_equity(..., method="mc", trials=1, threads=1)``, ranges already parsed (a
first call outside the timing), so it is what each of a bot decision's calls pays; "bot ms" is the same
for the six-card equity bot's ``omaha_seat_equity`` at budget 0 (one block). Nothing here is a pass/fail
test.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

from pokerlab.evaluator.cards import cards_to_mask, parse_cards
from pokerlab.simulate.equity.omaha import omaha_equity
from pokerlab.simulate.ranges.omaha import parse_omaha_range

HEROES = {4: "AsAd2c3h", 5: "AsAd2c3h5d", 6: "AsAd2c3h5d6s"}
FLOP = "Kd7h8s"


def fits(hero: str, pattern: str, h: int, board: str | None, draws: int = 200_000) -> float:
    """The share of two picks from the whole range (board out) that share no card with each other or the hero."""
    combos = parse_omaha_range(pattern, h, cards_to_mask(parse_cards(board)) if board else 0).combos
    keys = np.zeros(len(combos), dtype=np.int64)
    for x in range(h):
        keys |= np.int64(1) << combos[:, x].astype(np.int64)
    rng = np.random.default_rng(0)
    a, b = keys[rng.integers(len(keys), size=draws)], keys[rng.integers(len(keys), size=draws)]
    held = cards_to_mask(parse_cards(hero))
    return float(((((a | b) & held) == 0) & ((a & b) == 0)).mean())


def cpu_ms(call, rounds: int) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        call()
        best = min(best, time.process_time() - start)
    return best * 1000


def bot_view():
    """The six-card hi/lo spot as the equity bot sees it: two raisers (A2**** each) before the big blind."""
    from pokerlab.simulate.bots.view import SeatView
    from pokerlab.simulate.game import State, omaha

    hero = parse_cards(HEROES[6])
    rest = [c for c in range(52) if c not in hero]
    deck = [hero[i // 3] if i % 3 == 1 else rest.pop() for i in range(18)] + rest
    hand = State(omaha(hole_cards=6, hilo=True), [200, 200, 200], button=0, deck=deck)
    hand.bet_or_raise(7)
    hand.bet_or_raise(hand.bet_or_raise_range()[0])
    return SeatView(hand)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--sizes", default="4,5,6", help="hole sizes, comma separated")
    args = parser.parse_args()
    print(f"{'hero':<14}{'range':<9}{'board':<8}{'fits %':>8}{'rejected':>10}{'ms':>9}")
    for h in (int(s) for s in args.sizes.split(",")):
        hero, pattern = HEROES[h], "A2" + "*" * (h - 2)
        for board in (None, FLOP):
            players = [hero, pattern, pattern]

            def call(players=players, board=board):
                return omaha_equity(players, board=board, game="omaha-hilo", method="mc", trials=1, seed=1, threads=1)

            result = call()
            rejected = getattr(result, "rejected", None)
            per_kept = "" if rejected is None else f"{rejected / result.trials:.1f}"
            share = 100 * fits(hero, pattern, h, board)
            print(
                f"{hero:<14}{pattern:<9}{board or '-':<8}{share:>8.1f}{per_kept:>10}{cpu_ms(call, args.rounds):>9.1f}"
            )
    if "6" in args.sizes.split(","):
        from pokerlab.simulate.bots.omaha_play import omaha_seat_equity

        view = bot_view()
        decide = lambda: omaha_seat_equity(view, 0.0, random.Random(1))  # noqa: E731
        decide()
        print(f"bot ms (six cards, one block): {cpu_ms(decide, args.rounds):.1f}")


if __name__ == "__main__":
    main()
