"""ICM: both models against brute forces of their definitions, the properties every valuation has, Monte Carlo
against the exact answer, and bad input refused with one line."""

from __future__ import annotations

import itertools
import json
import math
from fractions import Fraction

import numpy as np
import pytest

from pokerlab.simulate.equity.options import MAX_TRIALS
from pokerlab.simulate.tournament import TournamentError, icm
from pokerlab.simulate.tournament.icm import (
    EXACT_PLAYERS,
    harville_exact,
    harville_rows,
    harville_sparse,
    weitzman_exact,
)


def harville_by_orders(stacks, payouts):
    """Malmuth-Harville from its definition: every finishing order, each the product of the chance of each
    place given the places before it (a stack's share of the chips not yet placed); exact fractions."""
    n = len(stacks)
    exact = [Fraction(s) for s in stacks]
    equity = [Fraction(0)] * n
    for order in itertools.permutations(range(n)):
        chance, left = Fraction(1), sum(exact)
        for player in order:
            chance *= exact[player] / left
            left -= exact[player]
        for place, player in enumerate(order[: len(payouts)]):
            equity[player] += chance * Fraction(payouts[place])
    return [float(x) for x in equity]


def weitzman_by_orders(stacks, payouts):
    """Malmuth-Weitzman from its definition, step by step over every order of busts: of the players left, the
    next busts with probability inversely proportional to his current stack, and his chips are shared
    equally among the players left (the stacks are carried along, not derived from the set busted)."""
    n = len(stacks)
    equity = [Fraction(0)] * n

    def walk(current: dict[int, Fraction], chance: Fraction) -> None:
        place = len(current)
        inverse = {j: 1 / stack for j, stack in current.items()}
        weight = sum(inverse.values())
        for j in current:
            p = chance * inverse[j] / weight
            if place <= len(payouts):
                equity[j] += p * Fraction(payouts[place - 1])
            if place > 1:
                share = current[j] / (place - 1)
                walk({k: v + share for k, v in current.items() if k != j}, p)

    walk({j: Fraction(s) for j, s in enumerate(stacks)}, Fraction(1))
    return [float(x) for x in equity]


FIELDS = [
    ([5000, 3000, 2000], [50, 30, 20]),
    ([1, 2, 3, 4], [60, 40]),
    ([7, 1, 1, 3, 9], [50, 25, 15, 10]),
    ([100, 250, 40, 40, 75, 300], [40, 25, 15, 10, 6, 4]),
    ([13, 2, 8, 8, 21, 5, 1], [1]),
]


@pytest.mark.parametrize(("stacks", "payouts"), FIELDS)
def test_harville_matches_the_brute_force_over_finishing_orders(stacks, payouts):
    assert icm(stacks, payouts).equities == pytest.approx(harville_by_orders(stacks, payouts), rel=1e-12)


@pytest.mark.parametrize(("stacks", "payouts"), FIELDS)
def test_weitzman_matches_the_brute_force_of_its_definition(stacks, payouts):
    got = icm(stacks, payouts, model="weitzman").equities
    assert got == pytest.approx(weitzman_by_orders(stacks, payouts), rel=1e-12)


def test_the_models_differ_and_weitzman_favours_short_stacks():
    harville = icm([5000, 3000, 2000], [50, 30, 20]).equities
    weitzman = icm([5000, 3000, 2000], [50, 30, 20], model="weitzman").equities
    assert weitzman[2] > harville[2] and weitzman[0] < harville[0]


def test_the_sparse_programme_agrees_with_the_dense_one():
    rng = np.random.default_rng(5)
    stacks = rng.integers(1, 100, 12).astype(float)
    payouts = np.array([50.0, 30, 20])
    assert harville_sparse(stacks, payouts).tolist() == pytest.approx(icm(stacks, payouts).equities, rel=1e-12)


@pytest.mark.parametrize("n,rows", [(3, 40), (6, 40), (9, 40), (12, 600)])  # 12 x 600: more rows than a pass
def test_fields_computed_together_are_each_the_field_alone_to_the_bit(n, rows):
    rng = np.random.default_rng(n)
    stacks = rng.integers(1, 10_000, (rows, n)).astype(float)
    payouts = np.sort(rng.random(rng.integers(1, n + 1)))[::-1]
    together = harville_rows(stacks, payouts)
    assert all(together[r].tolist() == harville_exact(stacks[r], payouts).tolist() for r in range(rows))


@pytest.mark.parametrize("model", ["harville", "weitzman"])
@pytest.mark.parametrize("seed", range(4))
def test_properties(model, seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 11))
    stacks = rng.integers(1, 10_000, n).tolist()
    payouts = sorted(rng.integers(0, 1000, int(rng.integers(1, n + 1))).tolist(), reverse=True)
    payouts[0] += 1
    equities = icm(stacks, payouts, model=model).equities
    assert math.fsum(equities) == pytest.approx(sum(payouts), rel=1e-12)  # the pool, all of it
    ranked = sorted(range(n), key=lambda i: stacks[i])
    assert all(equities[a] <= equities[b] + 1e-9 for a, b in itertools.pairwise(ranked))  # more chips, more money
    assert all(payouts[-1] * (len(payouts) == n) - 1e-9 <= e <= payouts[0] + 1e-9 for e in equities)


@pytest.mark.parametrize("model", ["harville", "weitzman"])
def test_equal_stacks_share_equally(model):
    for n in (2, 5, 9):
        equities = icm([1500] * n, [50, 30, 20][:n], model=model).equities
        assert equities == pytest.approx([sum([50, 30, 20][:n]) / n] * n, rel=1e-12)


@pytest.mark.parametrize("model", ["harville", "weitzman"])
def test_a_player_with_almost_every_chip_takes_first_prize(model):
    equities = icm([1e12, 1, 1, 1], [50, 30, 20], model=model).equities
    assert equities[0] == pytest.approx(50, abs=1e-6)
    assert icm([5], [70, 30][:1], model=model).equities == (70.0,)  # the last player holds every chip


def test_twenty_players_exactly_under_a_second():
    rng = np.random.default_rng(1)
    stacks = rng.integers(1000, 20_000, 20).tolist()
    payouts = sorted(rng.integers(1, 1000, 20).tolist(), reverse=True)
    for model in ("harville", "weitzman"):
        result = icm(stacks, payouts, model=model)
        assert result.method == "exact" and len(stacks) == EXACT_PLAYERS
        assert result.seconds < 1.0, (model, result.seconds)
        assert math.fsum(result.equities) == pytest.approx(sum(payouts), rel=1e-12)


@pytest.mark.parametrize("model", ["harville", "weitzman"])
def test_monte_carlo_agrees_with_the_exact_answer_within_its_error(model):
    stacks, payouts = [7, 1, 1, 3, 9, 4], [50, 25, 15, 10]
    exact = icm(stacks, payouts, model=model).equities
    sampled = icm(stacks, payouts, model=model, method="mc", trials=200_000, seed=11)
    assert sampled.method == "mc" and sampled.trials == 200_000 and sampled.seed == 11
    assert all(abs(s - e) < 5 * err for s, e, err in zip(sampled.equities, exact, sampled.stderrs))
    assert math.fsum(sampled.equities) == pytest.approx(sum(payouts), rel=1e-12)  # every finish pays all
    again = icm(stacks, payouts, model=model, method="mc", trials=200_000, seed=11)
    assert again.equities == sampled.equities


def test_large_fields_are_sampled_unless_few_places_pay():
    stacks = list(range(1, 31))
    assert icm(stacks, [50, 30, 20]).method == "exact"  # 466 sets placed before third
    sampled = icm(stacks, list(range(30, 0, -1)), trials=20_000, seed=2)
    assert sampled.method == "mc" and sampled.stderrs is not None
    assert icm(stacks, [50, 30, 20], model="weitzman", trials=20_000, seed=2).method == "mc"


@pytest.mark.parametrize(
    ("stacks", "payouts", "kwargs", "message"),
    [
        ([5000, -1], [1], {}, "stack 2 is -1.0: every stack must be positive"),
        ([5000, 0], [1], {}, "stack 2 is 0.0: every stack must be positive"),
        ([], [1], {}, "no stacks: give one a player"),
        ([1, 2], [5, 3, 2], {}, "3 payouts for 2 players: at most one payout a player"),
        ([1, 2], [5, -3], {}, "payout 2 is -3.0: payouts cannot be negative"),
        ([1, 2], [3, 5], {}, "payout 2 (5.0) is above payout 1 (3.0): list the places from first down"),
        ([1, 2], [0, 0], {}, "the payouts sum to 0: there is no prize to share"),
        ([1, 2], [], {}, "no payouts: give the prize of first place at least"),
        ([1, "x"], [1], {}, "stack 2 is 'x': not a number"),
        ([1, float("nan")], [1], {}, "stack 2 is nan: not a finite number"),
        ([1, 2], [1], {"model": "chen"}, "unknown model 'chen': harville or weitzman"),
        (list(range(1, 23)), [1] * 22, {"method": "exact"}, "22 players are too many for the exact harville"),
    ],
)
def test_bad_input_is_refused_with_one_line(stacks, payouts, kwargs, message):
    with pytest.raises(TournamentError) as caught:
        icm(stacks, payouts, **kwargs)
    assert str(caught.value).startswith(message) and "\n" not in str(caught.value)


def test_the_package_names_are_the_functions_whatever_was_imported_first():
    """Each function shares its module's name: importing a module must not replace the function in the package."""
    import importlib

    import pokerlab.simulate.tournament as tournament

    for name in ("icm", "pushfold", "pushfold_chart", "pushfold_icm"):
        importlib.import_module(f"pokerlab.simulate.tournament.{name}")
        assert callable(getattr(tournament, name)), name


# Decades the stacks of a field are drawn from: near one another, a 2**53 ratio and more, 1e10, and the extremes.
SPREADS = [(0, 3), (0, 10), (0, 20), (-300, 300), (2, 22), (-300, -290), (290, 300), (0, 17), (-5, 300), (-300, 5)]


def spread_fields(seed, count, players=None):
    """Random fields (stacks, payouts) whose stacks span the SPREADS, some of them equal, every place paid in half
    of them, 1 to n places in the others."""
    rng = np.random.default_rng(seed)
    fields = []
    for k in range(count):
        n = players or int(rng.integers(2, 6))
        low, high = SPREADS[k % len(SPREADS)]
        stacks = (rng.uniform(1, 10, n) * 10.0 ** rng.integers(low, high + 1, n)).tolist()
        if n > 2 and k % 3 == 0:
            stacks[1] = stacks[0]
        paid = n if k % 2 else int(rng.integers(1, n + 1))
        payouts = sorted(rng.uniform(0, 100, paid).tolist(), reverse=True)
        fields.append((stacks, payouts))
    return fields


def close_to(got, expected, pool):
    return max(abs(a - b) for a, b in zip(got, expected)) <= 1e-9 * pool


@pytest.mark.parametrize("seed", range(3))
def test_harville_is_exact_to_a_billionth_of_the_pool_whatever_the_stacks(seed):
    """Against exact rational arithmetic over every finishing order: the programme, the sparse programme and the
    fields computed together, stacks from 1e-300 to 1e300 (ratios past 2**53, and near 1e10)."""
    for stacks, payouts in spread_fields(seed, 24):
        expected, pool = harville_by_orders(stacks, payouts), sum(payouts)
        s, pay = np.array(stacks), np.array(payouts)
        assert close_to(icm(stacks, payouts).equities, expected, pool), (stacks, payouts)
        assert close_to(harville_exact(s, pay), expected, pool), (stacks, payouts)
        assert close_to(harville_sparse(s, pay), expected, pool), (stacks, payouts)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_fields_of_every_scale_computed_together_are_each_exact(players):
    fields = spread_fields(players, 20, players)
    payouts = fields[1][1]  # every place paid
    together = harville_rows(np.array([stacks for stacks, _ in fields]), np.array(payouts))
    for row, (stacks, _) in zip(together, fields):
        assert close_to(row, harville_by_orders(stacks, payouts), sum(payouts)), stacks


@pytest.mark.parametrize("seed", range(3))
def test_weitzman_is_exact_to_a_billionth_of_the_pool_whatever_the_stacks(seed):
    for stacks, payouts in spread_fields(10 + seed, 16):
        expected, pool = weitzman_by_orders(stacks, payouts), sum(payouts)
        assert close_to(icm(stacks, payouts, model="weitzman").equities, expected, pool), (stacks, payouts)
        assert close_to(weitzman_exact(np.array(stacks), np.array(payouts)), expected, pool), (stacks, payouts)


@pytest.mark.parametrize("model", ["harville", "weitzman"])
@pytest.mark.parametrize(
    ("stacks", "payouts", "expected"),
    [
        ([1e16, 1], [3, 2], [3, 2]),  # past 2**53: the short stack is second for sure
        ([100, 1e-300], [1, 0], [1, 0]),
        ([1e300, 1e-300], [2, 1], [2, 1]),
        ([1e308, 1e308], [1], [0.5, 0.5]),  # the chips sum past the largest float
        ([1e308, 1e308, 1e-290], [5, 3, 2], [4, 4, 2]),
    ],
)
def test_stacks_of_any_size_and_ratio_are_valued(model, stacks, payouts, expected):
    result = icm(stacks, payouts, model=model)
    assert result.equities == pytest.approx(expected, abs=1e-9 * sum(payouts))
    data = result.to_dict()
    assert math.fsum(p["chips_share"] for p in data["players"]) == pytest.approx(1.0, rel=1e-12)
    json.dumps(data, allow_nan=False)


@pytest.mark.parametrize("model", ["harville", "weitzman"])
@pytest.mark.parametrize("unit", [5e-324, 2.0**-1000, 2.0**1000])  # the smallest float, and powers of two
def test_the_equities_do_not_change_with_the_unit_of_the_chips(model, unit):
    stacks, payouts = [1, 1, 2, 5, 3], [5, 3, 1]
    scaled = icm([unit * s for s in stacks], payouts, model=model).equities
    assert scaled == pytest.approx(icm(stacks, payouts, model=model).equities, abs=1e-12)


@pytest.mark.parametrize("model", ["harville", "weitzman"])
def test_monte_carlo_of_stacks_and_prizes_of_any_size_is_finite_and_right(model):
    stacks, payouts = [1e300, 1e-300, 3e-300, 1e299, 5.0], [3e307, 2.5e307, 2e307, 1e307]  # near the largest pool
    exact = icm(stacks, payouts, model=model).equities
    sampled = icm(stacks, payouts, model=model, method="mc", trials=50_000, seed=3)
    assert all(math.isfinite(x) for x in sampled.equities + sampled.stderrs)
    assert all(abs(s - e) <= 5 * err + 1e-9 * e for s, e, err in zip(sampled.equities, exact, sampled.stderrs))
    assert math.fsum(sampled.equities) == pytest.approx(8.5e307, rel=1e-12)
    json.dumps(sampled.to_dict(), allow_nan=False)


def test_weitzman_sampling_agrees_with_the_exact_answer_in_a_larger_field():
    rng = np.random.default_rng(8)
    stacks = rng.integers(1, 10_000, 12).tolist()
    payouts = sorted(rng.integers(1, 100, 12).tolist(), reverse=True)
    exact = icm(stacks, payouts, model="weitzman").equities
    sampled = icm(stacks, payouts, model="weitzman", method="mc", trials=100_000, seed=5)
    assert all(abs(s - e) < 5 * err for s, e, err in zip(sampled.equities, exact, sampled.stderrs))


def test_a_long_run_reports_its_progress_as_it_goes():
    done = []
    icm(list(range(1, 101)), [50, 30, 20], model="weitzman", trials=60_000, seed=1, progress=done.append)
    assert len(done) >= 3 and done == sorted(done) and done[-1] == 1.0


@pytest.mark.parametrize(
    ("stacks", "payouts", "kwargs", "message"),
    [
        ([1, 1], [1e308, 1e308], {}, "the payouts sum past 8.99e+307 (half the largest float): give them in a"),
        ([1, 1], [2.0**1023, 2.0**980], {}, "the payouts sum past 8.99e+307 (half the largest float): give them in a"),
        ([1, 10**400], [1], {}, "stack 2 is past the largest number held (1.8e+308)"),
        ([1e308, 1e-300], [1], {}, "stack 1 (1e+308) is more than 2**2000 times stack 2 (1e-300): ICM cannot weigh"),
        ([1, 2], [1], {"trials": MAX_TRIALS + 1}, "trials is 100000000001: draw a whole number of finishes from 2 to"),
        ([1, 2], [1], {"trials": 10**20, "model": "weitzman"}, "trials is 100000000000000000000: draw a whole"),
        ([1, 2], [1], {"trials": 2.5}, "trials is 2.5: draw a whole number of finishes"),
        ([1, 2], [1], {"method": "mc", "seed": 2**64}, "seed is 18446744073709551616: give one from 0 to 2**64-1"),
        ([1, 2], [1], {"method": "mc", "seed": "7"}, "seed is '7': give one from 0 to 2**64-1"),
    ],
)
def test_numbers_out_of_reach_are_refused_with_one_line(stacks, payouts, kwargs, message):
    with pytest.raises(TournamentError) as caught:
        icm(stacks, payouts, **kwargs)
    assert str(caught.value).startswith(message) and "\n" not in str(caught.value), str(caught.value)
