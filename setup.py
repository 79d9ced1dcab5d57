"""Builds the optional Cython extensions and installs tables/ as package data ``pokerlab/evaluator/_tables``.

The folders evaluator/ and simulate/ install as ``pokerlab.evaluator`` and
``pokerlab.simulate`` (``package_dir`` in pyproject.toml). All metadata lives
in pyproject.toml.

Every wheel (``pip install .``, ``python -m build``) also compiles every numba kernel at build time for a
portable CPU and ships it in the package as ``pokerlab/_kernels`` (docs/kernel-cache.md), so that a first
run compiles nothing; the build environment gets numpy, numba and platformdirs from ``[build-system]``.
An editable install (``pip install -e .``) does not, nor any build with ``POKERLAB_PREBUILD_KERNELS=0``.

The extensions (the per-call evaluator: ``_fast`` for hold'em-style hands,
``_omaha`` for Omaha) are optional: without a working C compiler the install
goes on, says so in one line, and the evaluator ranks one hand at a time in
pure Python over the same tables (same answers, slower per call).
"""

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py
from setuptools.errors import CCompilerError, CompileError, ExecError, LinkError, PlatformError

HERE = Path(__file__).parent
#: What building without a compiler costs, measured on the per-call evaluator (benchmarks/percall_fallback.py).
SKIPPED = (
    "pokerlab: no working C compiler ({reason}); the compiled per-call evaluator was skipped: every answer is "
    "the same, but ranking one hand at a time runs in pure Python, about 50x slower (Omaha about 120x); "
    "batch ranking and equity (numba) are not affected"
)


PREBUILD_ENV = "POKERLAB_PREBUILD_KERNELS"
#: Run in the built package (build_lib first on PYTHONPATH) for a portable CPU: compile every kernel into a scratch
#: cache, then print where it went and the shipped key it is installed under.
PREBUILD = (
    "import pokerlab, sys; from pathlib import Path; "
    "assert Path(pokerlab.__file__).resolve().is_relative_to(Path(sys.argv[1]).resolve()), pokerlab.__file__; "
    "from pokerlab.simulate.kernel_warm import warm_kernels; warm_kernels(); "
    "import os; from pokerlab.evaluator.kernel_cache import cache_dir, shipped_key, PORTABLE_CPU; "
    'assert PORTABLE_CPU == os.environ["NUMBA_CPU_NAME"], PORTABLE_CPU; '
    "print(cache_dir()); print(shipped_key())"
)


def prebuild_wanted(editable: bool) -> bool:
    """Whether this build compiles the kernels: every wheel but an editable one, unless
    ``POKERLAB_PREBUILD_KERNELS=0`` turns it off."""
    return not editable and os.environ.get(PREBUILD_ENV, "").strip().lower() not in ("0", "no", "false", "off")


def _import_path(build_lib: Path) -> list[str]:
    """The built package first, then this build's own import folders (pip's isolated build environment
    included), without the source tree or any other folder holding a ``pokerlab`` package."""
    folders = [str(build_lib)]
    for entry in sys.path:
        folder = Path(entry or ".").resolve()
        if folder.is_dir() and folder != HERE.resolve() and not (folder / "pokerlab").exists():
            folders.append(str(folder))
    return folders


def prebuild_kernels(build_lib: Path) -> None:
    """Compile every kernel of the built package for the portable CPU into ``pokerlab/_kernels/<shipped key>``."""
    with tempfile.TemporaryDirectory(prefix="pokerlab-prebuild-") as scratch:
        env = {k: v for k, v in os.environ.items() if k != PREBUILD_ENV}
        # -S and the import folders by hand: no .pth file runs, so an editable pokerlab cannot shadow the built one.
        env.update(
            PYTHONPATH=os.pathsep.join(_import_path(build_lib)),
            POKERLAB_CACHE_DIR=scratch,
            POKERLAB_SHIPPED_KERNELS="off",
            NUMBA_CPU_NAME="generic",  # kernel_cache.PORTABLE_CPU; LLVM's baseline for the platform
            NUMBA_CPU_FEATURES="",
        )
        print("pokerlab: compiling every kernel for a portable CPU, so that no first run waits for it", file=sys.stderr)
        done = subprocess.run(
            [sys.executable, "-S", "-c", PREBUILD, str(build_lib)], env=env, cwd=scratch, capture_output=True, text=True
        )
        if done.returncode != 0:
            raise SystemExit(
                f"pokerlab: the kernels could not be prebuilt ({PREBUILD_ENV}=0 builds without them; a build "
                f"without isolation needs pokerlab's dependencies):\n{done.stderr[-2000:]}"
            )
        compiled, key = done.stdout.split()[-2:]
        target = build_lib / "pokerlab" / "_kernels"
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(compiled, target / key, ignore=shutil.ignore_patterns("*.tmp.*"))
        files = sum(1 for _ in (target / key).rglob("*.nbc"))
        print(f"pokerlab: prebuilt {files} kernels for a portable CPU into {target / key}", file=sys.stderr)


class BuildPyWithTables(build_py):
    """Copy tables/*.npy and the manifest into the built evaluator package; prebuild the kernels of a wheel."""

    def run(self):
        super().run()
        target = Path(self.build_lib) / "pokerlab" / "evaluator" / "_tables"
        target.mkdir(parents=True, exist_ok=True)
        for path in sorted((HERE / "tables").iterdir()):
            if path.suffix in (".npy", ".json"):
                self.copy_file(str(path), str(target / path.name))
        if prebuild_wanted(editable=bool(getattr(self, "editable_mode", False))):
            prebuild_kernels(Path(self.build_lib).resolve())


class OptionalBuildExt(build_ext):
    """Build the extensions if a compiler works; otherwise say so once and install without them."""

    _said = False

    def run(self):
        try:
            super().run()
        except (PlatformError, ExecError, OSError) as exc:  # no compiler configured at all
            self._skip(exc)

    def build_extension(self, ext):
        try:
            super().build_extension(ext)
        except (CCompilerError, CompileError, LinkError, ExecError, OSError) as exc:
            self._skip(exc)

    def _skip(self, exc):
        if not OptionalBuildExt._said:
            OptionalBuildExt._said = True
            reason = " ".join(str(exc).split())[:160] or type(exc).__name__
            print(SKIPPED.format(reason=reason), file=sys.stderr)


extensions = [
    Extension("pokerlab.evaluator._fast", ["evaluator/_fast.pyx"], extra_compile_args=["-O3"]),
    Extension("pokerlab.evaluator._omaha", ["evaluator/_omaha.pyx"], extra_compile_args=["-O3"]),
]

setup(
    # include_path: the extensions cimport evaluator/_core.pxd as a top-level name (the source tree has no
    # pokerlab/evaluator/ folder for a package-relative cimport to find).
    ext_modules=cythonize(extensions, language_level=3, include_path=[str(HERE / "evaluator")]),
    cmdclass={"build_py": BuildPyWithTables, "build_ext": OptionalBuildExt},
)
