"""Time the exact 169-hand preflop-versus-random table: local threads against two local Dask workers.

Run from the repository root (Dask needed for the last rows)::

    python benchmarks/preflop_table_speed.py [--repeat 3] [--json]

Every run is checked against the shipped table's checksum. The Dask rows use
a LocalCluster of two worker processes with one thread each, started before
timing; "first" includes the workers' first import of the kernels.
"""

from __future__ import annotations

import argparse
import json
import platform
import time

from pokerlab.simulate.precomputed import load_preflop_table, preflop_vs_random


def _time(repeat: int, **options) -> list[float]:
    shipped = load_preflop_table().checksum()
    seconds = []
    for _ in range(repeat):
        start = time.perf_counter()
        table = preflop_vs_random(**options)
        seconds.append(time.perf_counter() - start)
        if table.checksum() != shipped:
            raise SystemExit(f"wrong table with {options}")
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    preflop_vs_random(threads=1, shards=1024)  # compile / load the numba caches outside the timings
    rows: dict[str, list[float]] = {"1 local thread": _time(args.repeat, threads=1)}
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        rows["2 local threads"] = _time(args.repeat, threads=2)
        print("dask not installed: no Dask rows")
    else:
        with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
            with Client(cluster) as client:
                rows["2 Dask workers (first)"] = _time(1, client=client)
                rows["2 local threads"], rows["2 Dask workers"] = [], []
                for _ in range(args.repeat):  # alternate, so both see the same machine load
                    rows["2 local threads"] += _time(1, threads=2)
                    rows["2 Dask workers"] += _time(1, client=client)
    if args.json:
        print(json.dumps({"machine": platform.processor() or platform.machine(), "seconds": rows}, indent=1))
        return
    print(f"{'':26}  best s  all runs (s)")
    for name, seconds in rows.items():
        print(f"{name:26}  {min(seconds):6.2f}  {' '.join(f'{s:.2f}' for s in seconds)}")


if __name__ == "__main__":
    main()
