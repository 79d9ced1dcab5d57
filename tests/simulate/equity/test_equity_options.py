"""The per-game equity calls take the run keywords as one list, :class:`EquityOptions`, and pass them on unchanged."""

from __future__ import annotations

import inspect

import pytest

from pokerlab.simulate.equity.api import equity
from pokerlab.simulate.equity.draw import draw_equity
from pokerlab.simulate.equity.engine import equity as holdem_equity
from pokerlab.simulate.equity.omaha import omaha_equity
from pokerlab.simulate.equity.options import EquityOptions
from pokerlab.simulate.equity.short_deck import short_deck_equity
from pokerlab.simulate.equity.stud import stud_equity

WRAPPERS = [holdem_equity, omaha_equity, stud_equity, short_deck_equity, draw_equity]
RUN = {"method": "mc", "trials": 4_000, "seed": 7, "threads": 1}


def test_the_options_are_keywords_of_the_entry_with_its_defaults():
    entry = inspect.signature(equity).parameters
    for name in EquityOptions.__annotations__:
        assert entry[name].kind is inspect.Parameter.KEYWORD_ONLY, name


@pytest.mark.parametrize("wrapper", WRAPPERS, ids=lambda f: f.__module__.rsplit(".", 1)[-1])
def test_each_game_takes_the_run_keywords_as_one_list(wrapper):
    parameters = inspect.signature(wrapper).parameters
    assert not set(EquityOptions.__annotations__) & set(parameters)
    assert parameters["options"].kind is inspect.Parameter.VAR_KEYWORD


@pytest.mark.parametrize(
    ("wrapper", "args", "game"),
    [
        (holdem_equity, (["AsAh", "KdKc"],), "holdem"),
        (omaha_equity, (["AsAhKsKh", "random"],), "omaha"),
        (stud_equity, (["2c3d 4h", "KcKd Kh"],), "stud"),
        (short_deck_equity, (["Ah Kh", "Qc Qd"],), "short-deck"),
    ],
    ids=["holdem", "omaha", "stud", "short-deck"],
)
def test_the_run_keywords_reach_the_entry(wrapper, args, game):
    seen = []
    got = wrapper(*args, progress=seen.append, **RUN)
    want = equity(*args, game=game, **RUN)
    assert (got.trials, got.seed) == (want.trials, want.seed) == (RUN["trials"], RUN["seed"])
    assert [p.equity for p in got.players] == [p.equity for p in want.players]
    assert seen and seen[-1] == 1.0


def test_the_draw_run_keywords_reach_the_entry():
    players = ["Ac 2d 3h Kh/Kh", "5c 4d 2h Ks/Ks"]
    got = draw_equity(players, "badugi", **RUN)
    want = equity(players, game="draw-badugi", **RUN)
    assert (got.trials, got.seed, got.method) == (want.trials, want.seed, "mc")
    assert [p.equity for p in got.players] == [p.equity for p in want.players]


@pytest.mark.parametrize("wrapper", WRAPPERS, ids=lambda f: f.__module__.rsplit(".", 1)[-1])
@pytest.mark.parametrize("keyword", ["client", "use_tables", "house_rules", "game", "bogus"])
def test_a_keyword_the_game_does_not_take_is_refused_by_name(wrapper, keyword):
    if keyword in inspect.signature(wrapper).parameters:
        return  # the game's own keyword, tested with the game
    with pytest.raises(TypeError, match=f"{wrapper.__name__}\\(\\) got an unexpected keyword argument '{keyword}'"):
        wrapper(["AsAh", "KdKc"], **{keyword: None})
