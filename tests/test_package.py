"""The installed face of pokerlab: one package, light to import, every public name reachable."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import pokerlab

ROOT = Path(__file__).resolve().parents[1]


def _fresh(code: str, cwd: Path) -> str:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run([sys.executable, "-c", code], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_evaluating_a_hand_does_not_import_numba(tmp_path):
    code = "import sys, pokerlab; print(pokerlab.evaluate('As Ks Qs Js Ts'), 'numba' in sys.modules)"
    assert _fresh(code, tmp_path) == f"{pokerlab.evaluate('As Ks Qs Js Ts')} False"


def test_evaluating_a_hand_does_not_import_numpy(tmp_path):
    """The per-call evaluator reads its tables as memoryviews: numpy's import is most of a CLI call's start-up."""
    code = (
        "import sys, pokerlab; from pokerlab import evaluator as e; "
        "v = [e.evaluate('As Ks Qs Js Ts'), e.evaluate('7s 5h 4d 3c 2s', rules='deuce-seven'), "
        "e.evaluate('AsKsQdJd | Ts9s2c', rules='omaha-hilo'), e.describe(e.evaluate('KhKdKc3s3h'))]; "
        "print(v, 'numpy' in sys.modules)"
    )
    assert _fresh(code, tmp_path).endswith(" False")


def test_equity_works_from_outside_the_repository(tmp_path):
    out = _fresh("import pokerlab; print(round(pokerlab.equity(['AsAh', 'KsKh']).players[0].equity, 6))", tmp_path)
    assert out == "0.826366"


@pytest.mark.parametrize("name", pokerlab.__all__)
def test_every_public_name_resolves(name):
    assert getattr(pokerlab, name) is not None
    assert name in dir(pokerlab)


def test_type_checkers_see_every_lazy_name():
    """The `if TYPE_CHECKING:` imports must list what `__getattr__` serves, or mypy users see `Any`."""
    import ast

    tree = ast.parse((ROOT / "pokerlab" / "__init__.py").read_text())
    block = next(n for n in tree.body if isinstance(n, ast.If) and getattr(n.test, "id", "") == "TYPE_CHECKING")
    imported = {alias.name for node in block.body if isinstance(node, ast.ImportFrom) for alias in node.names}
    assert imported == set(pokerlab.__all__) - {"__version__", "PokerlabError"}
    # `name as name`: an explicit re-export, which mypy --strict requires of a package's names
    assert all(
        alias.asname == alias.name for node in block.body if isinstance(node, ast.ImportFrom) for alias in node.names
    )


def test_an_unknown_name_is_an_attribute_error():
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        pokerlab.nope  # noqa: B018


def test_python_dash_m_pokerlab_runs_the_command_line(tmp_path):
    out = _fresh(
        "import runpy, sys; sys.argv = ['pokerlab', 'eval', 'As Ks Qs Js Ts']; "
        "runpy.run_module('pokerlab', run_name='__main__')",
        tmp_path,
    )
    assert "Royal flush" in out


def test_the_repository_installs_only_the_pokerlab_package():
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        import tomli as tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert {name.split(".")[0] for name in config["packages"]} == {"pokerlab"}
    assert config["package-dir"] == {
        "pokerlab": "pokerlab",
        "pokerlab.evaluator": "evaluator",
        "pokerlab.simulate": "simulate",
    }
    listed = set(config["packages"])
    for top in ("evaluator", "simulate"):
        for init in (ROOT / top).rglob("__init__.py"):
            package = ".".join(("pokerlab", *init.parent.relative_to(ROOT).parts))
            assert package in listed, f"{package} is missing from pyproject's packages"


@pytest.mark.parametrize(
    "cards",
    ["As Ks Qs Js Ts", ["As", "Ks", "Qs", "Js", "Ts"], [51, 47, 43, 39, 35], ("As", "Ks", "Qs", "Js", "Ts")],
)
def test_cards_in_every_form_a_user_would_try(cards):
    import numpy as np

    assert pokerlab.describe(pokerlab.evaluate(cards)) == "Royal flush"
    assert pokerlab.evaluate(np.array([51, 47, 43, 39, 35])) == pokerlab.evaluate(cards)


def test_a_bad_card_in_a_list_of_strings_is_named():
    with pytest.raises(pokerlab.CardError, match="'Xs' at position 2"):
        pokerlab.evaluate(["As", "Xs", "Qs", "Js", "Ts"])
