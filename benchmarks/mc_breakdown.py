"""Where a Monte Carlo deal's time goes: the one-stream kernel cut down stage by stage (CPU time).

Run from the repository root::

    python benchmarks/mc_breakdown.py [--rounds 30] [--deals 200000]

Each stage is :func:`pokerlab.simulate.equity.mc_kernels.mc_blocks`'s loop
stopped after one more step, built from the kernel's own helpers, so the
difference between two rows is what that step costs:

1. draws: the xoshiro256** draws a deal makes, and nothing else;
2. picks: plus each ranged player's combo (a digit of the deal's draw or an alias pick,
   rejection when two share a card);
3. deal: plus the "any two cards" players' pairs and the board, keys summed;
4. evaluate: plus every player's hand value and the best of them;
5. kernel: ``mc_blocks`` itself (plus the winners' mask and its count).

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
from numba.cpython.unsafe.numbers import trailing_zeros

from pokerlab.evaluator.api import high_tables
from pokerlab.simulate.equity import engine, holdem_mc, mc_kernels
from pokerlab.simulate.equity.mc_kernels import (
    deal_bounds,
    deal_plan,
    draw_below,
    free_pair,
    mul_wide,
    next_random,
    nth_bit,
    pair_patterns,
    seven_value,
)

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
        fold = n_picked > 0 and uniform[picked[0]]
        first, threshold, extra, extra_thresholds = deal_bounds(
            range_len[picked[0]] if fold else 1, n_left, n_dealt, n_board_left
        )
        bound_pick, bound_p0, bound_p1 = first[0], first[1], first[2]
        bound_b0, bound_b1, bound_b2 = first[3], first[4], first[5]
        d0, d1 = dealt[0], dealt[1]
        patterns = pair_patterns()
        n_players = range_start.shape[0]
        board_cards = np.uint64(0)  # preflop spots only: no board card
        s0, s1, s2, s3 = state[0], state[1], state[2], state[3]
        sink = np.uint64(0)  # everything a stage computes ends here, so none of it is optimised away
        done = 0
        while done < n_trials:
            if stage == 0:
                for _ in range(1 + n_picked - np.int64(fold) + max(n_dealt - 2, 0)):
                    r, s0, s1, s2, s3 = next_random(s0, s1, s2, s3)
                    sink ^= r
                done += 1
                continue
            used = fixed_mask
            ok = True
            f, s0, s1, s2, s3 = next_random(s0, s1, s2, s3)
            for q in range(n_picked):
                p = picked[q]
                lo = range_start[p]
                if q == 0 and fold:
                    r, f = mul_wide(f, bound_pick)
                    a = lo + np.int64(r)
                else:
                    r, s0, s1, s2, s3 = next_random(s0, s1, s2, s3)
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
                for _ in range(max(n_dealt - 2, 0)):  # the further players' draws, without their cards
                    r, s0, s1, s2, s3 = next_random(s0, s1, s2, s3)
                    sink ^= r
                sink += used ^ hole_key[n_players - 1] ^ f
                done += 1
                continue
            # written out again on purpose: mc_blocks' dealing, step for step, cut into the stages timed alone
            free = ~used & mc_kernels.ALL_CARDS
            f, s0, s1, s2, s3 = next_random(s0, s1, s2, s3)
            if n_dealt > 0:
                r, f = mul_wide(f, bound_p0)
                pair, pk = free_pair(r, free, patterns, card_keys)
                free ^= pair
                hole_key[d0] = pk
                hole_cards[d0] = pair
            if n_dealt > 1:
                r, f = mul_wide(f, bound_p1)
                pair, pk = free_pair(r, free, patterns, card_keys)
                free ^= pair
                hole_key[d1] = pk
                hole_cards[d1] = pair
            key = board_key
            cards = board_cards
            if n_board_left >= 2:
                r, f = mul_wide(f, bound_b0)
                pair, pk = free_pair(r, free, patterns, card_keys)
                free ^= pair
                key += pk
                cards |= pair
            if n_board_left >= 4:
                r, f = mul_wide(f, bound_b1)
                pair, pk = free_pair(r, free, patterns, card_keys)
                free ^= pair
                key += pk
                cards |= pair
            if n_board_left & 1:
                r, f = mul_wide(f, bound_b2)
                bit = nth_bit(r, free)
                free ^= bit
                key += card_keys[trailing_zeros(bit)]
                cards |= bit
            if f < threshold:
                continue
            for q in range(2, n_dealt):
                r, s0, s1, s2, s3 = draw_below(extra[q - 2], extra_thresholds[q - 2], s0, s1, s2, s3)
                pair, pk = free_pair(r, free, patterns, card_keys)
                free ^= pair
                hole_key[dealt[q]] = pk
                hole_cards[dealt[q]] = pair
            if stage == 2:
                sink += key ^ cards ^ hole_key[n_players - 1] ^ hole_cards[0]
                done += 1
                continue
            best = np.int64(0)
            for p in range(n_players):
                v = seven_value(key + hole_key[p], cards | hole_cards[p], tables.rank7_offsets, tables.rank7_values,
                           tables.flush_values)  # fmt: skip
                best = max(best, v)
            sink += np.uint64(best)
            done += 1
        return sink

    return run


def spot_inputs(players: list[str]) -> tuple[tuple, tuple]:
    parsed, board_ids, _, _, dead_mask = engine.prepare_spot(players, None, None)
    return holdem_mc.mc_inputs(parsed, board_ids, dead_mask)


def breakdown(players: list[str], deals: int, rounds: int, kernels: dict) -> dict[str, list[float]]:
    """CPU seconds of each stage (and the whole kernel) over ``deals`` deals, ``rounds`` times in turn."""
    ranges, board = spot_inputs(players)
    tables = high_tables()
    state = mc_kernels.seed_streams(np.uint64(1), 1)[0]  # stages go on from where the last call left it
    counts = np.zeros(1 << len(players), dtype=np.int64)
    calls: dict[str, Callable[[], object]] = {
        name: functools.partial(k, state, deals, ranges, board, tables) for name, k in kernels.items()
    }
    block_counts = np.zeros((1, len(counts)), dtype=np.int64)
    seeds = np.ones(1, dtype=np.uint64)
    calls["kernel"] = functools.partial(mc_kernels.mc_blocks, seeds, deals, ranges, board, tables, block_counts)
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
