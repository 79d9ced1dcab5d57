"""Where a Monte Carlo deal's time goes: the one-stream kernel cut down stage by stage (CPU time).

Run from the repository root::

    python benchmarks/mc_breakdown.py [--rounds 30] [--deals 200000]

Each stage is :func:`pokerlab.simulate.equity.mc_kernels.mc_stream`'s loop
stopped after one more step, built from the kernel's own helpers, so the
difference between two rows is what that step costs:

1. draws: the xoshiro256** draws a deal makes, and nothing else;
2. picks: plus each ranged player's combo (alias pick, rejection when two share a card);
3. deal: plus the board and the "any two cards" players, card by card, keys summed;
4. evaluate: plus every player's hand value and the best of them;
5. kernel: ``mc_stream`` itself (plus the winners' mask and its count).

Times are per accepted deal, the best and the lower quartile of the rounds,
stages alternating within each round; CPU time of this thread
(``time.thread_time``), since wall time on a shared machine measures the
neighbours. Nothing here is a pass/fail test.
"""

from __future__ import annotations

import argparse
import functools
import time
from collections.abc import Callable

import numpy as np
from numba import njit
from pokerlab.evaluator.api import high_tables
from pokerlab.simulate.equity import engine, mc_kernels
from pokerlab.simulate.equity.mc_kernels import _deal_card, _next_random, _value, deal_plan

STAGES = ("draws", "picks", "deal", "evaluate")
SPOTS = (["AsAh", "random"], ["QQ+,AKs", "random", "random"])


def stage_kernel(stage: int):
    """The kernel's loop up to and including ``STAGES[stage]`` (a compile-time constant)."""

    @njit
    def run(state, n_trials, ranges, board, tables):  # pragma: no cover - numba
        combo_cards, alias_prob, alias_index, range_start, range_len = ranges
        board_key, _, _, n_board_left = board
        card_keys = tables.card_keys
        plan = deal_plan(ranges, board, card_keys)
        combo_mask, combo_key, uniform, hole_key, hole_cards = plan[:5]
        dealt, n_dealt, picked, n_picked, fixed_mask, n_left = plan[5:]
        n_players = range_start.shape[0]
        n_cards = n_board_left + 2 * n_dealt
        board_cards = np.uint64(0)  # preflop spots only: no board card
        s0, s1, s2, s3 = state[0], state[1], state[2], state[3]
        sink = np.uint64(0)  # everything a stage computes ends here, so none of it is optimised away
        done = 0
        while done < n_trials:
            if stage == 0:
                for _ in range(n_picked + (n_cards + 3) // 4):
                    r, s0, s1, s2, s3 = _next_random(s0, s1, s2, s3)
                    sink ^= r
                done += 1
                continue
            used = fixed_mask
            ok = True
            for q in range(n_picked):
                p = picked[q]
                lo = range_start[p]
                r, s0, s1, s2, s3 = _next_random(s0, s1, s2, s3)
                a = lo + np.int64(((r >> np.uint64(32)) * np.uint64(range_len[p])) >> np.uint64(32))
                if not uniform[p]:
                    if np.float64(r & np.uint64(0xFFFFFFFF)) * (1.0 / 4294967296.0) >= alias_prob[a]:
                        a = lo + alias_index[a]
                m = combo_mask[a]
                if used & m:
                    ok = False
                    break
                used |= m
                hole_key[p] = combo_key[a]
                hole_cards[p] = combo_mask[a]
            if not ok:
                continue
            if stage == 1:
                for _ in range((n_cards + 3) // 4):  # the card draws, without the cards
                    r, s0, s1, s2, s3 = _next_random(s0, s1, s2, s3)
                    sink ^= r
                sink += used ^ hole_key[n_players - 1]
                done += 1
                continue
            free = ~used & mc_kernels._ALL_CARDS
            bound = np.uint64(n_left)
            key = board_key
            cards = board_cards
            buf = np.uint64(0)
            for i in range(n_board_left):
                card, bit, buf, s0, s1, s2, s3 = _deal_card(i, buf, bound, free, s0, s1, s2, s3)
                free ^= bit
                key += card_keys[card]
                cards |= bit
                bound -= np.uint64(1)
            i = n_board_left
            for q in range(n_dealt):
                card, bit, buf, s0, s1, s2, s3 = _deal_card(i, buf, bound, free, s0, s1, s2, s3)
                free ^= bit
                hk = card_keys[card]
                card, bit2, buf, s0, s1, s2, s3 = _deal_card(i + 1, buf, bound - np.uint64(1), free, s0, s1, s2, s3)
                free ^= bit2
                hole_key[dealt[q]] = hk + card_keys[card]
                hole_cards[dealt[q]] = bit | bit2
                bound -= np.uint64(2)
                i += 2
            if stage == 2:
                sink += key ^ cards ^ hole_key[n_players - 1] ^ hole_cards[0]
                done += 1
                continue
            best = np.int64(0)
            for p in range(n_players):
                v = _value(key + hole_key[p], cards | hole_cards[p], tables.rank7_offsets, tables.rank7_values,
                           tables.flush_values)  # fmt: skip
                best = max(best, v)
            sink += np.uint64(best)
            done += 1
        return sink

    return run


def spot_inputs(players: list[str]) -> tuple[tuple, tuple]:
    parsed, board_ids, _, _, dead_mask = engine._prepare(players, None, None)
    return engine._mc_inputs(parsed, board_ids, dead_mask)


def breakdown(players: list[str], deals: int, rounds: int, kernels: dict) -> dict[str, list[float]]:
    """CPU seconds of each stage (and the whole kernel) over ``deals`` deals, ``rounds`` times in turn."""
    ranges, board = spot_inputs(players)
    tables = high_tables()
    state = mc_kernels.seed_streams(np.uint64(1), 1)[0]  # stages go on from where the last call left it
    counts = np.zeros(1 << len(players), dtype=np.int64)
    calls: dict[str, Callable[[], object]] = {
        name: functools.partial(k, state, deals, ranges, board, tables) for name, k in kernels.items()
    }
    calls["kernel"] = functools.partial(mc_kernels.mc_stream, state, deals, ranges, board, tables, counts)
    for call in calls.values():
        call()  # compile and warm
    times: dict[str, list[float]] = {name: [] for name in calls}
    for _ in range(rounds):
        for name, call in calls.items():
            start = time.thread_time()
            call()
            times[name].append(time.thread_time() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--deals", type=int, default=200_000)
    args = parser.parse_args()
    kernels = {name: stage_kernel(i) for i, name in enumerate(STAGES)}
    print(f"ns per accepted deal, CPU time, {args.deals:,} deals, {args.rounds} rounds (best / lower quartile)")
    for players in SPOTS:
        print(" vs ".join(players))
        previous = 0.0
        for name, s in breakdown(players, args.deals, args.rounds, kernels).items():
            s = sorted(s)
            best, quartile = s[0] / args.deals * 1e9, s[len(s) // 4] / args.deals * 1e9
            print(f"  {name:10s} {best:6.1f} / {quartile:6.1f}   step {best - previous:+6.1f}")
            previous = best


if __name__ == "__main__":
    main()
