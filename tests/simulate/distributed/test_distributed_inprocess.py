"""Sharded equity and tables on an in-process Dask cluster: the same answers as the local run."""

import distributed
import numpy as np
import pytest

from pokerlab.simulate.distributed import run_shards  # noqa: E402
from pokerlab.simulate.equity import engine as equity_module, holdem_sharded, outcomes  # noqa: E402
from pokerlab.simulate.equity.engine import equity  # noqa: E402
from pokerlab.simulate.precomputed.preflop import preflop_plan, preflop_shard  # noqa: E402


@pytest.fixture(scope="module")
def client():
    with distributed.Client(processes=False, n_workers=2, threads_per_worker=1, dashboard_address=None) as c:
        yield c


def _same(a, b):
    da, db = a.to_dict(), b.to_dict()
    for d in (da, db):
        d.pop("seconds"), d.pop("threads")
    return da == db


@pytest.mark.parametrize(
    ("players", "board"),
    [
        (["AsAh", "KsKh"], None),  # one deal: split by first board card
        (["AKs", "JJ", "22"], None),
        (["QQ+,AKs", "random"], "Qs7h2c"),  # many deals: shards of deals
        (["AsKs", "QhQd"], "2c3c4d5h"),
    ],
)
def test_exact_equity_on_dask_is_identical_to_the_local_run(client, players, board):
    local = equity(players, board=board, method="exact")
    remote = equity(players, board=board, method="exact", client=client)
    assert _same(local, remote)
    assert remote.threads == 2


def test_monte_carlo_on_dask_is_identical_to_the_local_run(client, monkeypatch):
    monkeypatch.setattr(holdem_sharded, "MC_SHARD_BLOCKS", 1)  # one block a shard: many shards
    a = equity(["QQ+,AKs", "random"], method="mc", trials=100_000, seed=7, client=client)
    b = equity(["QQ+,AKs", "random"], method="mc", trials=100_000, seed=7, client=client)
    c = equity(["QQ+,AKs", "random"], method="mc", trials=100_000, seed=8, client=client)
    assert a.trials == 100_000 and _same(a, b) and not _same(a, c)
    for threads in (1, 2, 3):
        local = equity(["QQ+,AKs", "random"], method="mc", trials=100_000, seed=7, threads=threads)
        assert [p.wins for p in local.players] == [p.wins for p in a.players]
    # The same plan run on local threads instead of Dask: the same counts.
    parsed, board_ids, _, _, dead_mask = equity_module.prepare_spot(["QQ+,AKs", "random"], None, None)
    counts, _, done, _ = equity_module.run_mc_sharded(parsed, board_ids, dead_mask, 100_000, None, 7, None, None, 2)
    assert done == 100_000
    assert a.players[0].wins == counts @ outcomes.outcome_shares(2)[0][:, 0]
    exact = equity(["QQ+,AKs", "random"], method="exact")
    assert abs(a.players[0].equity - exact.players[0].equity) < 5 * a.stderr


def test_monte_carlo_with_a_standard_error_target_stops_at_the_target(client):
    r = equity(["AA", "random"], method="mc", stderr=1e-3, seed=3, client=client)
    local = equity(["AA", "random"], method="mc", stderr=1e-3, seed=3)
    assert r.stderr <= 1e-3 and r.trials == local.trials
    assert [p.wins for p in r.players] == [p.wins for p in local.players]
    assert abs(r.players[0].equity - 0.8520) < 5e-3


def test_preflop_table_shards_on_dask_match_local_threads(client):
    shards = preflop_plan(256)[:6]
    remote = run_shards(preflop_shard, shards, client=client)
    local = run_shards(preflop_shard, shards, threads=2)
    assert all(np.array_equal(r, loc) for r, loc in zip(remote, local))
    assert sum(r.sum() for r in remote) > 0


def test_bot_simulation_on_dask_equals_the_same_shard_plan_on_local_threads(client):
    from pokerlab.simulate.bots.simulator import simulate_bots, simulate_sharded
    from pokerlab.simulate.game import no_limit_holdem

    variant = no_limit_holdem(1, 2)
    bots = ["tight", "loose", "station"]
    remote = simulate_bots(variant, bots, 300, seed=4, client=client, shard_hands=100)
    local = simulate_sharded(variant, bots, 300, seed=4, threads=2, shard_hands=100)
    timing = ("seconds", "hands_per_second")
    strip = [{k: v for k, v in r.to_dict().items() if k not in timing} for r in (remote, local)]
    assert strip[0] == strip[1]
    assert remote.hands == 300 and abs(sum(s.chips for s in remote.seats) + remote.carried) < 1e-9
    other = simulate_sharded(variant, bots, 300, seed=5, shard_hands=100)
    assert [s.chips for s in other.seats] != [s.chips for s in local.seats]
    with pytest.raises(ValueError, match="locally"):
        simulate_bots(variant, bots, 10, client=client, phh_out="x")
