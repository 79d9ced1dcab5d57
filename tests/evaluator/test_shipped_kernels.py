"""Prebuilt (shipped) kernels: loaded when they fit this host and these sources, rebuilt otherwise, never loaded then.

Each case builds a shipped folder the way a release wheel does (a kernel compiled with numba's CPU set to
the portable one, copied under its shipped key), breaks one thing about it, and runs the kernel in a fresh
process with an empty user cache: a fitting entry is loaded (nothing compiles), a mismatched one is
compiled again (numba's compile event fires) and the answer is the same either way.
"""

from __future__ import annotations

import json
import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pokerlab.evaluator.kernel_cache import PORTABLE_CPU, PORTABLE_CPUS, portable_entry_fits

TRIPLE = "x86_64-unknown-linux-gnu"
V3 = PORTABLE_CPUS["x86-64-v3"]

# A small kernel of pokerlab's own packages: what it compiled, what it loaded from the shipped folder, its answer.
PROBE = """
import json
from pokerlab import compiles
compiled = []
compiles.add_listener(compiled.append)
from pokerlab.evaluator.kernel_cache import cache_dir, shipped_key
from pokerlab.simulate.equity.rng_kernels import seeded_state
state = seeded_state(12345)
print(json.dumps({"compiled": compiled, "shipped": compiles.shipped_loads(), "answer": repr(state),
                  "cache_dir": str(cache_dir()), "shipped_key": shipped_key()}))
"""


def test_a_generic_entry_fits_every_host_of_its_triple():
    assert portable_entry_fits((TRIPLE, "generic", ""), TRIPLE, frozenset())


@pytest.mark.parametrize(
    ("magic", "host_features", "why"),
    [
        ((TRIPLE, "znver5", ""), frozenset({"avx2", "avx512f"}), "a named CPU, not a portable one"),
        (("aarch64-unknown-linux-gnu", "generic", ""), frozenset(), "another triple"),
        ((TRIPLE, "generic", "+avx512f,+avx2"), frozenset({"avx2"}), "a feature the host lacks"),
        ((TRIPLE, "x86-64-v3", ""), V3 - {"avx2"}, "a level the host does not reach"),
        ((TRIPLE, "generic"), frozenset(), "not numba's magic tuple"),
        (None, frozenset(), "not a tuple at all"),
    ],
)
def test_a_mismatched_entry_does_not_fit(magic, host_features, why):
    assert not portable_entry_fits(magic, TRIPLE, host_features), why


def test_a_level_fits_a_host_with_its_features():
    assert portable_entry_fits((TRIPLE, "x86-64-v3", "+avx2"), TRIPLE, V3)


def _probe(tmp_path: Path, name: str, **env: str) -> dict:
    cache = tmp_path / f"cache-{name}"
    full = {k: v for k, v in os.environ.items() if not k.startswith(("NUMBA_CPU", "POKERLAB_"))}
    full.update(POKERLAB_CACHE_DIR=str(cache), POKERLAB_NATIVE_BUILD="off", **env)
    done = subprocess.run(
        [sys.executable, "-c", PROBE], env=full, cwd=tmp_path, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def shipped(tmp_path_factory) -> tuple[Path, dict]:
    """A shipped folder holding the probe's kernel compiled for the portable CPU, and the native answer."""
    where = tmp_path_factory.mktemp("shipped")
    built = _probe(where, "build", NUMBA_CPU_NAME=PORTABLE_CPU, NUMBA_CPU_FEATURES="", POKERLAB_SHIPPED_KERNELS="off")
    assert built["compiled"], "the portable build compiled nothing"
    root = where / "shipped"
    shutil.copytree(built["cache_dir"], root / built["shipped_key"])
    native = _probe(where, "native", POKERLAB_SHIPPED_KERNELS="off")
    return root, native


def _copy(shipped: tuple[Path, dict], tmp_path: Path) -> tuple[Path, list[Path]]:
    root = tmp_path / "shipped"
    shutil.copytree(shipped[0], root)
    return root, sorted(root.rglob("*seeded_state*.nbi"))


def _rewrite_index(index: Path, change) -> None:
    """Rewrite one numba index file (numba's version, then the source stamp and the entries) through ``change``."""
    import numba  # noqa: F401  (the entries' signatures are numba types)

    with index.open("rb") as f:
        version = pickle.load(f)
        stamp, overloads = pickle.loads(f.read())
    version, stamp, overloads = change(version, stamp, overloads)
    with index.open("wb") as f:
        pickle.dump(version, f, protocol=-1)
        f.write(pickle.dumps((stamp, overloads), protocol=-1))


def test_a_fitting_shipped_entry_is_loaded_and_nothing_compiles(shipped, tmp_path):
    root, indexes = _copy(shipped, tmp_path)
    assert indexes
    loaded = _probe(tmp_path, "fits", POKERLAB_SHIPPED_KERNELS=str(root))
    assert loaded["compiled"] == [] and loaded["shipped"] == ["pokerlab.simulate.equity.rng_kernels.seeded_state"]
    assert loaded["answer"] == shipped[1]["answer"]


def _other_cpu(version, stamp, overloads):
    return (
        version,
        stamp,
        {(sig, (magic[0], "skylake-avx512", magic[2]), code): name for (sig, magic, code), name in overloads.items()},
    )


def _missing_feature(version, stamp, overloads):
    return (
        version,
        stamp,
        {(sig, (magic[0], magic[1], "+not-a-feature"), code): name for (sig, magic, code), name in overloads.items()},
    )


def _other_numba(version, stamp, overloads):
    return "0.1.0", stamp, overloads


def _changed_source(version, stamp, overloads):
    return version, b"\0" * len(stamp), overloads


def _other_bytecode(version, stamp, overloads):
    return version, stamp, {(sig, magic, ("0" * 64, code[1])): name for (sig, magic, code), name in overloads.items()}


@pytest.mark.parametrize(
    "change", [_other_cpu, _missing_feature, _other_numba, _changed_source, _other_bytecode], ids=lambda f: f.__name__
)
def test_a_mismatched_shipped_entry_is_compiled_again_never_loaded(shipped, tmp_path, change):
    root, indexes = _copy(shipped, tmp_path)
    for index in indexes:
        _rewrite_index(index, change)
    rebuilt = _probe(tmp_path, change.__name__, POKERLAB_SHIPPED_KERNELS=str(root))
    assert rebuilt["shipped"] == [] and rebuilt["compiled"], rebuilt
    assert rebuilt["answer"] == shipped[1]["answer"]


def test_entries_of_another_python_or_sources_are_not_looked_at(shipped, tmp_path):
    root, _ = _copy(shipped, tmp_path)
    (key,) = [p.name for p in root.iterdir()]
    other = key.replace(f"py{sys.version_info.major}{sys.version_info.minor}", "py39")
    (root / key).rename(root / other)
    rebuilt = _probe(tmp_path, "other-key", POKERLAB_SHIPPED_KERNELS=str(root))
    assert rebuilt["shipped"] == [] and rebuilt["compiled"]


def test_a_corrupt_shipped_index_is_compiled_again(shipped, tmp_path):
    root, indexes = _copy(shipped, tmp_path)
    for index in indexes:
        index.write_bytes(pickle.dumps(__import__("numba").__version__) + b"not a pickle")
    rebuilt = _probe(tmp_path, "corrupt", POKERLAB_SHIPPED_KERNELS=str(root))
    assert rebuilt["shipped"] == [] and rebuilt["compiled"] and rebuilt["answer"] == shipped[1]["answer"]


def test_turned_off_the_shipped_entries_are_not_loaded(shipped, tmp_path):
    root, _ = _copy(shipped, tmp_path)
    off = _probe(tmp_path, "off", POKERLAB_SHIPPED_KERNELS="off")
    assert off["shipped"] == [] and off["compiled"]
    # ...and what a shipped load leaves in the user's cache: nothing, so the native build takes over later.
    loaded = _probe(tmp_path, "fits-again", POKERLAB_SHIPPED_KERNELS=str(root))
    assert loaded["shipped"] and not list(Path(loaded["cache_dir"]).rglob("*.nbi"))
