"""Game-engine speed: six random-acting players of no-limit hold'em, deal to payout, side by side.

    python benchmarks/game_speed.py [--hands N] [--rounds R] [--json] [--breakdown]

Contenders, run interleaved (each round runs every contender once on the same hands, the same seed
every round). The fastest round of each counts (best of R): the work never changes, so a slower
round only measures the other processes of a shared machine; the median is reported beside it.
Rounds are timed in CPU time of this process (every engine runs on one thread): wall time would
count the waits for a core the neighbours hold.

- pokerlab ``State`` (pure Python) driven by ``random_action``;
- pokerlab ``fast_nlhe`` (numba kernel, same rules and policy, cross-checked against ``State`` by
  ``tests/simulate/game/test_game_fast_nlhe.py``); its one-off compile is reported apart;
- pokerkit ``NoLimitTexasHoldem`` with every dealer step automated;
- pokerfast ``FastHand`` (its 6-max no-limit engine).

The pokerlab ``State`` and pokerkit loops are those of ``pokerlab bench --only game-nlhe``
(``pokerlab.simulate.bench.games``): the same table, policy and seeds. Every engine plays the same
policy: with a free check, check or bet; facing a bet, fold, call or raise; amounts uniform over the
legal range. Blinds 1/2 (pokerfast: 100/200), 100 big blinds
each, evaluation included. ``--hands N`` is the per-round count of the pure-Python engines;
pokerkit plays N/10 (a sample large enough that its mix of hand lengths matches) and the numba path 50 N.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the checkout, when not installed

NLHE = "game-nlhe"  # the row of `pokerlab bench` whose table, policy and engines' loops this script shares
PLAYERS = 6
BIG_BLINDS = 100


def pokerlab_state(hands: int, seed: int) -> None:
    """Hands through the main engine (``pokerlab.simulate.game.State``), as ``pokerlab bench`` plays them."""
    from pokerlab.simulate.bench.games import GAMES, play_pokerlab

    play_pokerlab(GAMES[NLHE], hands, seed)


def pokerlab_fast(hands: int, seed: int) -> None:
    """Hands through the numba fast path."""
    from pokerlab.simulate.game.fast_nlhe import simulate_random_nlhe

    simulate_random_nlhe(hands, players=PLAYERS, stack=2 * BIG_BLINDS, small_blind=1, big_blind=2, seed=seed)


def pokerkit_hands(hands: int, seed: int) -> None:
    """Hands through pokerkit's NoLimitTexasHoldem, all dealer steps automated, as ``pokerlab bench`` plays them."""
    from pokerlab.simulate.bench.games import GAMES, play_pokerkit

    play_pokerkit(GAMES[NLHE], hands, seed)


def pokerfast_hands(hands: int, seed: int) -> None:
    """Hands through pokerfast's FastHand (its amounts are chips added, not raise-to totals)."""
    from pokerfast import FastHand

    rng = random.Random(seed)
    stack = 200 * BIG_BLINDS
    for _ in range(hands):
        hand = FastHand(player_count=PLAYERS, small_blind=100, big_blind=200, min_stack=stack, max_stack=stack, rng=rng)
        while not hand.done:
            space = hand.get_action_space()
            choices = ["check"] if "check" in space else ["fold", "call"]
            if "min_bet" in space:
                choices.append("raise")
            choice = choices[rng.randrange(len(choices))]
            if choice == "raise":
                hand.bet_or_raise(rng.randint(space["min_bet"], space["max_bet"]))
            else:
                getattr(hand, choice)()


def available(module: str) -> bool:
    """Whether a peer package imports."""
    try:
        __import__(module)
    except ImportError:
        return False
    return True


def measure(hands: int, rounds: int) -> dict[str, dict[str, float]]:
    """Hands per second of every contender: best and median of interleaved rounds that replay the same hands."""
    contenders: list[tuple[str, Callable[[int, int], None], int]] = [
        ("pokerlab State (pure Python)", pokerlab_state, hands),
        ("pokerlab fast_nlhe (numba)", pokerlab_fast, 50 * hands),
    ]
    if available("pokerkit"):
        contenders.append(("pokerkit NoLimitTexasHoldem", pokerkit_hands, max(20, hands // 10)))
    if available("pokerfast"):
        contenders.append(("pokerfast FastHand", pokerfast_hands, hands))
    start = time.perf_counter()
    pokerlab_fast(10, 0)  # compile (or load the cache) before timing
    compile_seconds = time.perf_counter() - start
    rates: dict[str, list[float]] = {name: [] for name, _, _ in contenders}
    for _ in range(rounds):
        for name, run, count in contenders:
            start = time.process_time()
            run(count, 1000)
            rates[name].append(count / (time.process_time() - start))
    report = {
        name: {"hands_per_s": max(values), "median_hands_per_s": statistics.median(values), "hands_per_round": count}
        for (name, _, count), values in zip(contenders, rates.values())
    }
    base = report.get("pokerkit NoLimitTexasHoldem", {}).get("hands_per_s")
    for entry in report.values():
        entry["x_pokerkit"] = entry["hands_per_s"] / base if base else float("nan")
    report["fast_nlhe compile/load seconds"] = {"seconds": compile_seconds}
    return report


def breakdown(hands: int, rounds: int) -> dict[str, float]:
    """Where a ``State`` hand's time goes, in CPU microseconds (best of interleaved rounds), beside pokerkit's."""
    from pokerlab.simulate.bench.games import GAMES, play_pokerlab
    from pokerlab.simulate.game import State
    from pokerlab.simulate.game.cards import new_deck

    variant = GAMES[NLHE].pokerlab_variant()
    stacks = [2 * BIG_BLINDS] * PLAYERS

    def decisions() -> float:
        return play_pokerlab(GAMES[NLHE], hands, 1000).decisions / hands

    def deals_only(count: int, seed: int) -> None:  # State() alone: checks, deck, blinds, hole cards
        rng = random.Random(seed)
        for h in range(count):
            State(variant, stacks, button=h % PLAYERS, seed=rng.getrandbits(62))

    def decks_only(count: int, seed: int) -> None:  # the seeded shuffle alone
        rng = random.Random(seed)
        for _ in range(count):
            new_deck(52, rng.getrandbits(62))

    parts: list[tuple[str, Callable[[int, int], None], int]] = [
        ("pokerkit hand", pokerkit_hands, max(20, hands // 10)),
        ("State hand", pokerlab_state, hands),
        ("State() alone", deals_only, hands),
        ("deck alone", decks_only, hands),
    ]
    best = {name: float("inf") for name, _, _ in parts}
    for _ in range(rounds):
        for name, run, count in parts:
            start = time.process_time()
            run(count, 1000)
            best[name] = min(best[name], (time.process_time() - start) / count * 1e6)
    per_hand = decisions()
    best["decisions per hand"] = per_hand
    best["us per decision (after the deal)"] = (best["State hand"] - best["State() alone"]) / per_hand
    best["us per hand for 50x pokerkit"] = best["pokerkit hand"] / 50
    return best


def main(argv: list[str] | None = None) -> None:
    """Run the benchmark and print a table (or JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands per round for the pure-Python engines")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (the best counts)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--breakdown", action="store_true", help="where a State hand's time goes (CPU us)")
    args = parser.parse_args(argv)
    warnings.simplefilter("ignore")  # pokerkit warns on every pointless fold it is asked about
    data = breakdown(args.hands, args.rounds) if args.breakdown else measure(args.hands, args.rounds)
    if args.json:
        print(json.dumps(data, indent=2))
    elif args.breakdown:
        print(f"CPU microseconds, best of {args.rounds} rounds (State() alone: checks, deck, blinds, hole cards)")
        for name, value in data.items():
            print(f"  {name:34s} {value:>10,.1f}")
    else:
        _print_table(data, args.rounds)


def _print_table(report: dict[str, dict[str, float]], rounds: int) -> None:
    print(f"6-max no-limit hold'em, random legal actions, {BIG_BLINDS} big blinds, best of {rounds} rounds")
    for name, entry in report.items():
        if "hands_per_s" in entry:
            rate, median, ratio = entry["hands_per_s"], entry["median_hands_per_s"], entry["x_pokerkit"]
            print(f"  {name:32s} {rate:>12,.0f} hands/s  {ratio:>8.1f}x pokerkit  (median {median:,.0f})")
        else:
            print(f"  {name:32s} {entry['seconds']:>12.2f} s")


if __name__ == "__main__":
    main()
