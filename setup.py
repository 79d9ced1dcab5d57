"""Builds the Cython extension and installs tables/ as package data ``pokerlab/evaluator/_tables``.

The folders evaluator/ and simulate/ install as ``pokerlab.evaluator`` and
``pokerlab.simulate`` (``package_dir`` in pyproject.toml). All metadata lives
in pyproject.toml.
"""

from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).parent


class BuildPyWithTables(build_py):
    """Copy tables/*.npy and the manifest into the built evaluator package."""

    def run(self):
        super().run()
        target = Path(self.build_lib) / "pokerlab" / "evaluator" / "_tables"
        target.mkdir(parents=True, exist_ok=True)
        for path in sorted((HERE / "tables").iterdir()):
            if path.suffix in (".npy", ".json"):
                self.copy_file(str(path), str(target / path.name))


extensions = [
    Extension(
        "pokerlab.evaluator._fast",
        ["evaluator/_fast.pyx"],
        extra_compile_args=["-O3"],
    ),
    Extension(
        "pokerlab.evaluator._omaha",
        ["evaluator/_omaha.pyx"],
        extra_compile_args=["-O3"],
    ),
]

setup(
    ext_modules=cythonize(extensions, language_level=3),
    cmdclass={"build_py": BuildPyWithTables},
)
