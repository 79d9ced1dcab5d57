"""ICM: both models against brute forces of their definitions, the properties every valuation has, Monte Carlo
against the exact answer, and bad input refused with one line."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest

from pokerlab.simulate.tournament import TournamentError, icm
from pokerlab.simulate.tournament.icm import EXACT_PLAYERS, harville_exact, harville_rows, harville_sparse


def harville_by_orders(stacks, payouts):
    """Malmuth-Harville from its definition: every finishing order, each the product of the chance of each
    place given the places before it (a stack's share of the chips not yet placed); exact fractions."""
    n = len(stacks)
    total = sum(stacks)
    equity = [Fraction(0)] * n
    for order in itertools.permutations(range(n)):
        chance, left = Fraction(1), Fraction(total)
        for player in order:
            chance *= Fraction(stacks[player]) / left
            left -= stacks[player]
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
