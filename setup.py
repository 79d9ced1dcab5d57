"""Builds the optional Cython extensions and installs tables/ as package data ``pokerlab/evaluator/_tables``.

The folders evaluator/ and simulate/ install as ``pokerlab.evaluator`` and
``pokerlab.simulate`` (``package_dir`` in pyproject.toml). All metadata lives
in pyproject.toml.

The extensions (the per-call evaluator: ``_fast`` for hold'em-style hands,
``_omaha`` for Omaha) are optional: without a working C compiler the install
goes on, says so in one line, and the evaluator ranks one hand at a time in
pure Python over the same tables (same answers, slower per call).
"""

import sys
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


class BuildPyWithTables(build_py):
    """Copy tables/*.npy and the manifest into the built evaluator package."""

    def run(self):
        super().run()
        target = Path(self.build_lib) / "pokerlab" / "evaluator" / "_tables"
        target.mkdir(parents=True, exist_ok=True)
        for path in sorted((HERE / "tables").iterdir()):
            if path.suffix in (".npy", ".json"):
                self.copy_file(str(path), str(target / path.name))


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
