"""The hand-history row of ``pokerlab bench``: PHH files replayed per second, pokerlab against pokerkit.

Both libraries get the same files: online-style cash hands in dollars and cents (blinds 0.50/1, stacks
in cents, hole cards nobody saw except at showdowns), dealt and played at random by pokerlab's engine,
written once (untimed) to a temporary folder. A timed run reads every file and replays every hand:
pokerlab's :func:`~pokerlab.simulate.histories.dataset.iter_results` (parse, replay with every rule
checked, compare the recorded results), pokerkit's ``HandHistory.load_all`` and a walk through each
hand's states. Each library's final stacks are checked against pokerlab's.

>>> from pokerlab.simulate.bench.cases import BenchConfig
>>> folder = write_dataset(BenchConfig.named("tiny"))
>>> len(list(folder.glob("*.phhs"))), sum(1 for f in folder.glob("*.phhs") for line in open(f) if line[:1] == "[")
(2, 40)
"""

# Imports inside functions: a case's library loads only when its case is built, so a bench of some cases
# (--only) never loads the others'.
from __future__ import annotations

import atexit
import random
import shutil
import tempfile
import warnings
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from typing import Any

from .cases import BenchConfig, Case, Contender, Hands

PLAYERS = 6
FILES = 2


def _cents(value: int) -> Decimal:
    return Decimal(value).scaleb(-2)


def as_cents(hand: Any) -> Any:
    """A no-limit hold'em hand with every amount in dollars and cents (chips are cents), hole cards hidden but
    at showdowns, as online records have them.

    >>> from pokerlab.simulate.histories import HandHistory
    >>> hand = HandHistory("NT", [0, 0], [50, 100], [900, 1000], ["d dh p1 AsAh", "d dh p2 KsKh", "p1 cbr 250",
    ...     "p2 f"], min_bet=100, optional={"finishing_stacks": [1000, 900], "winnings": [350, 0], "hand": 7})
    >>> cents = as_cents(hand)
    >>> cents.starting_stacks, cents.optional["winnings"]
    ([Decimal('9.00'), Decimal('10.00')], [Decimal('3.50'), Decimal('0.00')])
    >>> cents.actions
    ['d dh p1 ????', 'd dh p2 ????', 'p1 cbr 2.50', 'p2 f']
    """
    from pokerlab.simulate.histories import HandHistory

    shown = {a.split()[0] for a in hand.actions if " sm " in a}
    actions = []
    for action in hand.actions:
        words = action.split()
        if words[:2] == ["d", "dh"] and words[2] not in shown:
            action = f"d dh {words[2]} " + "??" * (len(words[3]) // 2)
        elif len(words) == 3 and words[1] == "cbr":
            action = f"{words[0]} cbr {_cents(int(words[2]))}"
        actions.append(action)
    optional = {
        "finishing_stacks": [_cents(s) for s in hand.optional["finishing_stacks"]],
        "winnings": [_cents(w) for w in hand.optional["winnings"]],
        "hand": hand.optional["hand"],
        "currency_symbol": "$",
    }
    return HandHistory(
        "NT",
        [_cents(a) for a in hand.antes],
        [_cents(b) for b in hand.blinds_or_straddles],
        [_cents(s) for s in hand.starting_stacks],
        actions,
        min_bet=_cents(hand.min_bet),
        optional=optional,
    )


@lru_cache(maxsize=4)
def write_dataset(config: BenchConfig) -> Path:
    """The bench's PHH files (``config.phh_hands`` hands over two ``.phhs`` files) in a temporary folder."""
    from pokerlab.simulate.game import State, no_limit_holdem
    from pokerlab.simulate.game.random_play import play_random_hand
    from pokerlab.simulate.histories import dumps_all, history_from_state

    rng = random.Random(config.seed)
    variant = no_limit_holdem(50, 100)
    hands = []
    for number in range(config.phh_hands):
        stacks = [rng.randrange(4_000, 30_000) for _ in range(PLAYERS)]
        state = play_random_hand(State(variant, stacks, button=number % PLAYERS, seed=rng.randrange(1 << 62)), rng)
        hands.append(as_cents(history_from_state(state, hand=number + 1)))
    folder = Path(tempfile.mkdtemp(prefix="pokerlab-bench-phh-"))
    atexit.register(shutil.rmtree, folder, True)
    per_file = -(-len(hands) // FILES)
    for k in range(FILES):
        (folder / f"cash-{k + 1}.phhs").write_text(dumps_all(hands[k * per_file : (k + 1) * per_file]))
    return folder


def _files(config: BenchConfig) -> list[Path]:
    return sorted(write_dataset(config).glob("*.phhs"))


def pokerlab_replay(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """pokerlab: every file read and every hand replayed and checked, one at a time."""
    from pokerlab.simulate.histories import iter_results

    files = _files(config)
    last: dict[str, list[Any]] = {}

    def run() -> None:
        stacks = []
        for path in files:
            for _, result in iter_results(path):
                stacks.append(None if isinstance(result, Exception) or not result.ok else result.stacks)
        last["v"] = stacks

    return Contender("iter_results(path) for each file (read, replay, check)", run, lambda: last["v"], config.phh_hands)


def pokerkit_replay(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """pokerkit: ``HandHistory.load_all`` on each file and every state of every hand."""
    from pokerkit import HandHistory

    files = _files(config)
    last: dict[str, list[Any]] = {}

    def run() -> None:
        stacks = []
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # it warns about every field it does not know, hand after hand
            for path in files:
                with open(path, "rb") as handle:
                    for history in HandHistory.load_all(handle):
                        *_, state = history  # every state of the hand, the last one kept
                        stacks.append([Decimal(s) for s in state.stacks])
        last["v"] = stacks

    return Contender("for state in HandHistory.load_all(file): ...", run, lambda: last["v"], config.phh_hands)


def _unit(stacks: list[Any]) -> Decimal:
    """The smallest amount the hand is recorded in: a chip (whole amounts) or a cent (``Decimal("9.50")``)."""
    places = [-int(s.as_tuple().exponent) for s in stacks if isinstance(s, Decimal)]
    return Decimal(1).scaleb(-max(places, default=0))


def _odd_chips_only(mine: list[Any] | None, theirs: list[Any]) -> bool:
    """The same money in all, no stack off by two units (chips, or cents) or more: a split pot's odd chips
    shared otherwise (pokerkit divides odd cents into fractions of a cent, a third of a cent included)."""
    if mine is None:
        return False
    unit = _unit(mine)
    return abs(sum(mine) - sum(theirs)) < unit and all(abs(a - b) < 2 * unit for a, b in zip(mine, theirs))


def _check_counts(counts: dict[str, int], hands: list[Any]) -> tuple[bool, str]:
    """A run that keeps only counts (worker processes) must count every hand pokerlab replayed, all ok.

    >>> _check_counts({"hands": 2, "ok": 2, "failed_files": 0}, [[1], [2]])
    (True, 'all 2 hands ok, as in one process')
    >>> _check_counts({"hands": 2, "ok": 1, "failed_files": 0}, [[1], [2]])
    (False, '1 of 2 hands ok, 0 files failed (one process: 2 hands, all ok)')
    """
    ok = counts["hands"] == counts["ok"] == len(hands) and not counts["failed_files"]
    if ok:
        return True, f"all {len(hands):,} hands ok, as in one process"
    described = f"{counts['ok']:,} of {counts['hands']:,} hands ok, {counts['failed_files']:,} files failed"
    return False, described + f" (one process: {len(hands):,} hands, all ok)"


def check_replay(result: Any, reference: Any) -> tuple[bool, str]:
    """pokerlab's replay must find every hand ok; a peer must end every hand with pokerlab's stacks.

    The one difference allowed: how a split pot's odd chip (or cent) is shared. pokerlab gives it to the
    winner nearest the button's left (docs/rules.md 4.9), pokerkit 0.7.7 splits an odd cent into half cents
    or gives the odd chip to another winner (docs/rules.md 12.6).

    >>> check_replay([[Decimal("1.00")]], None)
    (True, 'all 1 hands ok')
    >>> check_replay([[Decimal("1.005"), Decimal("0.995")]], [[Decimal("1.01"), Decimal("0.99")]])
    (True, "final stacks equal pokerlab's on 0 of 1 hands, 1 more but for a split pot's odd chips")
    >>> check_replay([[17, 17, 16]], [[18, 16, 16]])
    (True, "final stacks equal pokerlab's on 0 of 1 hands, 1 more but for a split pot's odd chips")
    >>> check_replay([[17, 17, 16]], [[19, 15, 16]])
    (False, "final stacks equal pokerlab's on 0 of 1 hands")
    """
    if isinstance(result, dict):
        return _check_counts(result, reference)
    if reference is None:
        bad = sum(1 for stacks in result if stacks is None)
        return not bad, f"all {len(result):,} hands ok" if not bad else f"{bad:,} hands NOT ok"
    same = sum(1 for mine, theirs in zip(reference, result) if mine == theirs)
    odd = sum(1 for mine, theirs in zip(reference, result) if mine != theirs and _odd_chips_only(mine, theirs))
    ok = same + odd == len(reference) == len(result)
    more = f", {odd:,} more but for a split pot's odd chips" if odd else ""
    return ok, f"final stacks equal pokerlab's on {same:,} of {len(reference):,} hands{more}"
