"""Draw and badugi Monte Carlo on the shared sampler: block seeds, the standard-error stop, threads and progress."""

from __future__ import annotations

import pytest

from pokerlab.simulate.equity import equity
from pokerlab.simulate.equity.draw import draw_equity
from pokerlab.simulate.equity.options import DEFAULT_STDERR, EquityError
from pokerlab.simulate.equity.sampling import BLOCK_TRIALS

DRAW = ["Ah Kh Qh Jh 3c/3c", "9s 9d 5c 4h 2d/5c 4h 2d", "7c 7d 8s 2h 3h/8s 2h 3h"]
BADUGI = ["Ac 2d 3h Kh/Kh", "5c 4d 2h Ks/Ks", "6s 7c 8d 9h/"]
SPOTS = [(DRAW, "high"), (BADUGI, "badugi"), (["7h 5d 4c 3s Kh/Kh", "9s 8d 6c 4h 2d/9s"], "deuce-seven-joker")]
#: Spots whose joint draws are few enough to enumerate in a blink.
SMALL = [(DRAW[:2], "high"), (BADUGI, "badugi"), (["7h 5d 4c 3s Kh/Kh", "9s 8d 6c 4h 2d/9s"], "deuce-seven-joker")]


@pytest.mark.parametrize(("players", "rules"), SPOTS)
def test_a_seed_gives_one_answer_whatever_the_threads(players, rules):
    runs = [
        draw_equity(players, rules, method="mc", trials=3 * BLOCK_TRIALS + 17, seed=11, threads=t) for t in (1, 2, 3)
    ]
    first = runs[0]
    assert first.trials == 3 * BLOCK_TRIALS + 17 and first.seed == 11 and first.method == "mc"
    for run in runs[1:]:
        assert [(p.wins, p.ties, p.equity, p.stderr) for p in run.players] == [
            (p.wins, p.ties, p.equity, p.stderr) for p in first.players
        ]
    assert [r.threads for r in runs] == [1, 2, 3]


@pytest.mark.parametrize(("players", "rules"), SMALL)
def test_monte_carlo_agrees_with_the_exact_answer(players, rules):
    exact = draw_equity(players, rules, method="exact")
    mc = draw_equity(players, rules, method="mc", trials=200_000, seed=3, threads=2)
    assert abs(sum(p.equity for p in mc.players) - 1.0) < 1e-12
    for e, m in zip(exact.players, mc.players):
        assert m.stderr is not None and abs(e.equity - m.equity) < 5 * m.stderr + 1e-9
        assert abs(m.win - m.wins / mc.trials) < 1e-15 and abs(m.tie - m.ties / mc.trials) < 1e-15


def test_the_standard_error_stops_the_run():
    result = draw_equity(BADUGI, "badugi", method="mc", stderr=2e-3, seed=1, threads=1)
    assert result.stderr is not None and result.stderr <= 2e-3
    assert result.trials < 1_000_000  # stopped by the target, near what it needs (about 45,000 deals)
    default = draw_equity(DRAW, method="mc", seed=1, threads=1)  # no trials: the default target
    assert default.stderr <= DEFAULT_STDERR


def test_trials_and_a_target_together_stop_at_the_first():
    result = draw_equity(BADUGI, "badugi", method="mc", trials=40_000, stderr=1e-6 * 2, seed=1, threads=1)
    assert result.trials == 40_000


def test_progress_reaches_one():
    seen: list[float] = []
    draw_equity(DRAW, method="mc", trials=5 * BLOCK_TRIALS, seed=2, threads=2, progress=seen.append)
    assert seen and seen[-1] == 1.0 and seen == sorted(seen)
    seen.clear()
    draw_equity(DRAW[:2], method="exact", progress=seen.append)
    assert seen == [1.0]


def test_the_one_entry_passes_stderr_threads_and_progress_on():
    seen: list[float] = []
    result = equity(BADUGI, game="badugi", method="mc", stderr=3e-3, seed=4, threads=2, progress=seen.append)
    assert result.game == "draw-badugi" and result.threads == 2 and result.stderr <= 3e-3 and seen[-1] == 1.0


def test_too_few_deals_give_no_standard_error():
    result = draw_equity(DRAW, method="mc", trials=50, seed=1, threads=1)
    assert result.stderr is None and all(p.stderr is None for p in result.players)
    assert result.to_dict()["stderr"] is None


@pytest.mark.parametrize(
    ("option", "value", "words"),
    [("stderr", 0.0, "stderr must be a fraction"), ("threads", 0, "threads must be"), ("trials", 0, "trials must")],
)
def test_bad_options_are_refused(option, value, words):
    with pytest.raises(EquityError, match=words):
        draw_equity(DRAW, method="mc", **{option: value})


def test_ctrl_c_keeps_the_rounds_finished():
    from pokerlab.simulate.equity.options import EquityInterrupted

    def interrupt(fraction: float) -> None:
        raise KeyboardInterrupt

    with pytest.raises(EquityInterrupted) as stop:
        draw_equity(BADUGI, "badugi", method="mc", trials=10 * BLOCK_TRIALS, seed=1, threads=1, progress=interrupt)
    partial = stop.value.partial
    assert partial is not None and partial.trials == 2 * BLOCK_TRIALS  # the first round: two blocks
    assert abs(sum(p.equity for p in partial.players) - 1.0) < 1e-12
