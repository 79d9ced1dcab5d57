"""Push-or-fold with ICM at a final table: heads-up agreement, ICM properties, best responses by brute force."""

import numpy as np
import pytest

from pokerlab.simulate.tournament import TournamentError, pushfold
from pokerlab.simulate.tournament.pushfold_icm import SeatStrategy, _check, _Game, _Solver, icm_after, pushfold_icm


def test_two_players_winner_take_all_is_the_chip_ev_game():
    r = pushfold_icm([1000, 1000], [1], (50, 100), iterations=400)
    h = pushfold(10)
    assert r.ev[0] == pytest.approx(0.5 + h.value / 20, abs=1e-4)
    push, call = np.array(r.seats[0].play), np.array(r.seats[1].play)
    for mine, theirs in ((push, np.array(h.push)), (call, np.array(h.call))):
        pure = (theirs == 0) | (theirs == 1)
        off = np.abs(mine[pure] - theirs[pure])
        assert off.max() < 0.15 and (off > 0.02).sum() <= 3  # a class next to indifference converges slowly
    assert max(r.gains) < 1e-5


def test_equities_sum_to_the_pool_and_premiums_are_played():
    r = pushfold_icm([3000, 2000, 1000], [50, 30, 20], (50, 100), ante=10, deals=3000, iterations=150, seed=3)
    assert sum(r.ev) == pytest.approx(100)
    assert r.seats[0].frequency("AA") > 0.99
    assert all(s.frequency("AA") > 0.95 for s in r.seats)
    assert r.ev_error > 0


def test_seed_gives_one_result():
    a = pushfold_icm([2000] * 3, [60, 40], (50, 100), deals=500, iterations=30, seed=7)
    b = pushfold_icm([2000] * 3, [60, 40], (50, 100), deals=500, iterations=30, seed=7)
    assert a.ev == b.ev and a.seats[2].play == b.seats[2].play


def test_best_response_gains_match_brute_force():
    spot = _check([2500, 1500, 2000], [50, 30, 20], (50, 100), 0)
    game = _Game(spot, 400, np.random.default_rng(5))
    solver = _Solver(game)
    solver.run(40)
    play, ev, gains = solver.report()
    ones = np.ones(len(game.weight))
    for seat in range(3):
        # brute force: every pure choice per class and decision of this seat, one decision and class at a time
        best = {node: play[node].copy() for node in play}
        for node in [n for n in play if n[0] == seat]:
            for c in range(169):
                values = []
                for choice in (0.0, 1.0):
                    trial = dict(best)
                    trial[node] = best[node].copy()
                    trial[node][c] = choice
                    values.append((solver.walk(0, 0, ones, trial, False)[seat] * game.weight).sum())
                best[node][c] = float(np.argmax(values))
        brute = (solver.walk(0, 0, ones, best, False)[seat] * game.weight).sum() - ev[seat]
        assert gains[seat] == pytest.approx(brute, abs=1e-9)


def test_busted_players_take_the_last_places():
    values = icm_after(np.array([0.0, 0.0, 6.0]), np.array([4.0, 2.0, 1.0]), np.array([5.0, 3.0, 2.0]))
    assert values.tolist() == [3.0, 2.0, 5.0]


@pytest.mark.parametrize(
    "stacks,payouts,blinds",
    [([100, 100, 100], [50, 30, 20], (50, 100)), ([-5, 100, 100], [1], (1, 2)), ([100] * 10, [1], (1, 2))],
)
def test_bad_spots_are_refused(stacks, payouts, blinds):
    with pytest.raises(TournamentError):
        pushfold_icm(stacks, payouts, blinds)


def test_decision_summaries_add_up_and_progress_is_reported():
    done = []
    spot = ([2500, 1500, 2000], [50, 30, 20], (50, 100))
    r = pushfold_icm(*spot, deals=800, iterations=25, seed=2, progress=done.append)
    assert done[-1] == 1.0 and len(done) == 25 and done == sorted(done)
    opener, first_caller = r.seats[0].summary(), r.seats[1].summary()
    assert opener["reached"] == pytest.approx(1.0) and opener["ev"] == pytest.approx(r.ev[0], abs=1e-9)
    assert first_caller["reached"] == pytest.approx(opener["plays"])  # seat 1 faces every push
    # seat 2 faces the push alone when seat 1 folds, after seat 1 when he calls: together, every push
    alone, after = (s.summary()["reached"] for s in r.seats[2:])
    assert alone + after == pytest.approx(opener["plays"])
    assert r.seats[0].to_dict()["range"] == r.seats[0].range_text() != ""
    with pytest.raises(TournamentError, match="no reach probabilities"):
        SeatStrategy(0, (), ("AA",), (1.0,), (1.0,), (1.0,)).summary()


def _settled_by_order(stacks, posted, involved, order):
    """The reference: final stacks of an all-in of ``involved`` ranked by ``order`` (tied groups, best first),
    pot by pot from the smallest commitment up, each pot to the best group of the players who reach it."""
    put = list(posted)
    cap = sorted(stacks[i] for i in involved)[-2]
    for i in involved:
        put[i] = min(stacks[i], cap)
    final = [s - p for s, p in zip(stacks, put)]
    low = 0.0
    for level in sorted({put[i] for i in involved}):
        pot = sum(min(max(p, low), level) - low for p in put)
        reaching = [i for i in involved if put[i] >= level]
        winners = next(w for w in ([i for i in g if i in reaching] for g in order) if w)
        for i in winners:
            final[i] += pot / len(winners)
        low = level
    return final


def test_layers_and_settlements_follow_every_order():
    import itertools

    spot = _check([900, 700, 700, 400, 300], [50, 30, 20], (50, 100), 10)
    stacks, posted = spot.stacks.tolist(), spot.posted.tolist()
    involved = [0, 1, 2, 4]
    for order in itertools.permutations(involved):
        for groups in ([[p] for p in order], [list(order[:2]), list(order[2:])]):  # strict, and with ties
            got = spot.showdown(involved, groups).tolist()
            assert got == pytest.approx(_settled_by_order(stacks, posted, involved, groups), abs=1e-9)


def test_each_deal_pays_what_its_own_showdown_pays():
    spot = _check([900, 700, 650, 400, 300], [50, 30, 20], (50, 100), 10)
    game = _Game(spot, 300, np.random.default_rng(2))
    stacks, posted = spot.stacks.tolist(), spot.posted.tolist()
    start = spot.stacks.astype(float)
    for mask in (0b1011, 0b1111, 0b0111, 0b1100):
        involved = [0] + [k for k in range(1, 5) if mask >> (k - 1) & 1]
        for deal in range(0, 300, 7):
            ranks = game.ranks[deal, involved]
            order = [[p for p, r in zip(involved, ranks) if r == top] for top in sorted(set(ranks), reverse=True)]
            final = np.array(_settled_by_order(stacks, posted, involved, order))
            expected = icm_after(final, start, spot.pay)
            assert game.payoff[mask][:, deal].tolist() == pytest.approx(expected.tolist(), abs=1e-9)
