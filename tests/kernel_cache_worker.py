"""Run in a fresh process by test_kernel_cache: every kernel family in a given order, results as JSON.

Usage: python kernel_cache_worker.py ORDER_SEED  (prints {job: digest} on stdout)
"""

import hashlib
import json
import random
import sys

import numpy as np


def _digest(array: np.ndarray) -> str:
    return hashlib.sha256(np.ascontiguousarray(array).tobytes()).hexdigest()[:16]


def _rows(k: int, deck: int = 52, n: int = 3000) -> np.ndarray:
    from pokerlab.evaluator.cards import deck_ids  # the short deck's ids are 16..51

    rng = np.random.default_rng(k * 1000 + deck)
    ids = np.array(deck_ids(deck))
    return np.stack([rng.permutation(ids)[:k] for _ in range(n)]).astype(np.uint8)


def _batch(k: int, parallel: bool, rules: str | None = None, deck: int = 52):
    def job():
        from pokerlab.evaluator import evaluate_batch

        return _digest(evaluate_batch(_rows(k, deck), rules=rules, parallel=parallel))

    return job


def _equity(*args, **kwargs):
    def job():
        from pokerlab.simulate.equity.engine import equity

        result = equity(*args, **kwargs).to_dict()
        return [(p["wins"], p["ties"], round(p["equity"], 9)) for p in result["players"]]

    return job


def _enumerate(n: int, parallel: bool):
    def job():
        from pokerlab.evaluator import enumerate_values

        return _digest(enumerate_values(n, parallel=parallel))

    return job


def _draw():
    from pokerlab.simulate.draw import draw_odds

    return draw_odds("Jh Jd 9c 6s 2h", discard="9c 6s 2h").to_dict()


def _nlhe():
    from pokerlab.simulate.game.fast_nlhe import simulate_random_nlhe

    return _digest(simulate_random_nlhe(200, players=3, seed=5).nets)


def _precomputed():
    from pokerlab.simulate.precomputed.preflop import preflop_shard

    return _digest(preflop_shard(0, 4096))


def jobs() -> dict:
    from pokerlab.evaluator import RULESETS

    out = {}
    for k in (5, 6, 7):
        for parallel in (False, True):
            out[f"batch{k}{'p' if parallel else ''}"] = _batch(k, parallel)
    for name, rules in RULESETS.items():
        deck = rules.deck_size
        for k in rules.hand_sizes:
            out[f"{name}{k}"] = _batch(k, len(out) % 2 == 0, name, deck)
    out["enum5"] = _enumerate(5, False)
    out["enum6p"] = _enumerate(6, True)
    out["exact_pre"] = _equity(["AsAh", "KsKh"], method="exact", use_tables=False)
    out["exact_pre3"] = _equity(["AK", "QQ", "random"], board="2c3d4h", method="exact", use_tables=False)
    out["exact_flop"] = _equity(["AhKh", "random"], board="Qh7h2c", method="exact")
    out["exact_turn"] = _equity(["AhKh", "QQ,JJ"], board="Qh7h2c5d", method="exact")
    out["mc"] = _equity(["AsAh", "random", "random"], method="mc", trials=20_000, seed=3, threads=2)
    out["draw"] = _draw
    out["nlhe"] = _nlhe
    out["precomputed"] = _precomputed
    return out


if __name__ == "__main__":
    all_jobs = jobs()
    names = sorted(all_jobs)
    random.Random(int(sys.argv[1])).shuffle(names)
    print(json.dumps({name: all_jobs[name]() for name in names}, default=str))
