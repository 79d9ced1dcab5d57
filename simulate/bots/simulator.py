"""Bots play each other for many hands: results per seat in big blinds (or antes) per 100 hands, with a 95 % CI.

Every hand starts with the same stacks (a cash game topped up each hand), so hands are independent
samples; the button moves one seat each hand. A pot nobody opened (draw games) carries to the next
deal with a fresh ante.

>>> from pokerlab.simulate.game import no_limit_holdem
>>> result = simulate_bots(no_limit_holdem(1, 2), ["station", "tight"], hands=50, seed=1)
>>> [seat.name for seat in result.seats], result.hands, result.unit_name
(['station', 'tight'], 50, 'big blinds')
>>> abs(sum(seat.chips for seat in result.seats) + result.carried) < 1e-9
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ...errors import InputError
from ..distributed import run_shards
from ..equity.options import MAX_SEED
from ..game.declarations import Variant
from ..game.errors import IllegalActionError
from ..game.phases import DONE
from ..game.state import State
from ..histories import HandHistory, dumps, history_from_state
from .equity_player import EquityBot
from .players import CallingStation, RandomBot, RuleBot
from .view import Action, Bot, SeatView, apply_action, passive_default

#: The bots by name, as :func:`make_bot` and the command line's ``--bots`` take them.
BOT_NAMES = ("random", "station", "tight", "loose", "equity")
SHARD_HANDS = 2_000  # hands per shard when a simulation runs on a Dask cluster


def make_bot(spec: str, seed: int | None = None) -> Bot:
    """A bot from its name: random, station, tight, loose, equity (``equity:0.01`` sets the seconds per decision).

    >>> make_bot("loose", seed=1).name
    'loose'
    >>> [make_bot(name, seed=1).name for name in BOT_NAMES]
    ['random', 'station', 'tight', 'loose', 'equity']
    """
    name, _, arg = spec.strip().lower().partition(":")
    if arg and name != "equity":
        raise InputError(f"bot {spec!r}: only the equity bot takes an option (equity:SECONDS)")
    if name == "random":
        return RandomBot(seed)
    if name in ("station", "calling-station", "caller"):
        return CallingStation()
    if name in ("tight", "loose"):
        return RuleBot(name, seed)
    if name == "equity":
        try:
            budget = float(arg) if arg else 0.05
        except ValueError:
            raise InputError(f"equity bot: {arg!r} is not a number of seconds") from None
        return EquityBot(budget, seed)
    raise InputError(f"unknown bot {spec!r}; choose from {', '.join(BOT_NAMES)} (equity:SECONDS)")


def seat_names(specs: Sequence[str]) -> list[str]:
    """Unique labels for seats: repeated bot names get ``-2``, ``-3``...

    >>> seat_names(["tight", "loose", "tight"])
    ['tight', 'loose', 'tight-2']
    """
    seen: dict[str, int] = {}
    out = []
    for spec in specs:
        seen[spec] = seen.get(spec, 0) + 1
        out.append(spec if seen[spec] == 1 else f"{spec}-{seen[spec]}")
    return out


@dataclass
class SeatResult:
    """One seat's results: chips won in total, and per 100 hands in units (big blinds or antes) with a 95 % CI.

    >>> SeatResult("tight", chips=120, per_100=60.0, ci95=30.5)
    SeatResult(name='tight', chips=120, per_100=60.0, ci95=30.5, illegal=0)
    """

    name: str
    chips: int
    per_100: float
    ci95: float
    illegal: int = 0


@dataclass
class SimulationResult:
    """A simulation's results and speed.

    >>> from pokerlab.simulate.game import no_limit_holdem
    >>> result = simulate_bots(no_limit_holdem(1, 2), ["station", "random"], hands=20, seed=3)
    >>> result.hands, result.unit_name, sum(seat.chips for seat in result.seats)  # chips only change hands
    (20, 'big blinds', 0)
    >>> print(result.table().splitlines()[0])
    seat  bot        bb/100    95% CI  chips
    """

    game: str
    hands: int
    players: int
    unit: int
    unit_name: str
    seconds: float
    seed: int | None
    seats: list[SeatResult]
    carried: int = 0

    @property
    def hands_per_second(self) -> float:
        """Hands played per second of wall time."""
        return self.hands / self.seconds if self.seconds > 0 else float("inf")

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        data = {k: v for k, v in asdict(self).items() if k != "seats"}
        data["hands_per_second"] = round(self.hands_per_second, 1)
        data["seats"] = [asdict(s) for s in self.seats]
        return data

    def table(self) -> str:
        """Aligned text: one row per seat."""
        unit = "bb/100" if self.unit_name == "big blinds" else "antes/100"
        rows = [("seat", "bot", unit, "95% CI", "chips")]
        for k, seat in enumerate(self.seats, start=1):
            rows.append((str(k), seat.name, f"{seat.per_100:+.2f}", f"±{seat.ci95:.2f}", f"{seat.chips:+d}"))
        widths = [max(len(r[i]) for r in rows) for i in range(5)]
        lines = [
            "  ".join(c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))) for r in rows
        ]
        lines.insert(1, "  ".join("-" * w for w in widths))
        return "\n".join(lines)


def unit_of(variant: Variant) -> tuple[int, str]:
    """The unit results are counted in: the big blind, else the ante, else the small bet.

    >>> from pokerlab.simulate.game import five_card_draw
    >>> unit_of(five_card_draw(ante=1, small_bet=2))
    (1, 'antes')
    """
    if variant.forced.big_blind:
        return variant.forced.big_blind, "big blinds"
    if variant.forced.ante:
        return variant.forced.ante, "antes"
    return variant.betting.small_bet, "small bets"


def play_hand(state: State, bots: Sequence[Bot], illegal: list[int] | None = None) -> State:
    """Let ``bots`` (one per seat) play ``state`` to the end. An illegal move is replaced by check/fold and counted.

    >>> from pokerlab.simulate.game import no_limit_holdem
    >>> play_hand(State(no_limit_holdem(), [50, 50], seed=1), [CallingStation(), CallingStation()]).phase
    'done'
    """
    while state.phase != DONE:
        seat = state.actor
        assert seat is not None  # a hand not done has a player to act
        view = SeatView(state)
        try:
            action = bots[seat](view)
            apply_action(state, action)
        except (IllegalActionError, TypeError, ValueError):
            if illegal is not None:
                illegal[seat] += 1
            apply_action(state, passive_default(view))
    return state


def simulate_bots(  # noqa: PLR0913  (public API: the run's documented keywords)
    variant: Variant,
    bots: Sequence[str | Bot],
    hands: int,
    *,
    stack: int | None = None,
    seed: int | None = 0,
    phh_out: str | Path | None = None,
    hands_per_file: int = 1000,
    progress: Callable[[int, int], None] | None = None,
    client: Any = None,
    shard_hands: int = SHARD_HANDS,
) -> SimulationResult:
    """Play ``hands`` hands between ``bots`` (names or callables, one per seat; 2..max players).

    ``stack``: chips each seat starts every hand with (default 100 units). ``phh_out``: a folder to
    write every hand to, as ``.phhs`` files of ``hands_per_file`` hands. ``progress(done, total)``
    is called every 1 % or so. ``client``: a ``dask.distributed`` client; the hands are then played
    in shards of ``shard_hands`` on its workers (see :func:`simulate_sharded`).

    >>> from pokerlab.simulate.game import no_limit_holdem
    >>> def run():
    ...     return simulate_bots(no_limit_holdem(1, 2), ["tight", "loose"], hands=50, stack=200, seed=1)
    >>> result = run()
    >>> [seat.name for seat in result.seats], result.hands
    (['tight', 'loose'], 50)
    >>> result.seats == run().seats  # the same seed plays the same hands
    True
    """
    if client is not None:
        if phh_out is not None:
            raise InputError("hand histories are written locally: run without a scheduler to use phh_out")

        def fraction_done(fraction: float) -> None:
            if progress is not None:
                progress(round(fraction * hands), hands)

        return simulate_sharded(
            variant, bots, hands, stack=stack, seed=seed, client=client, shard_hands=shard_hands, progress=fraction_done
        )
    check_run(hands, stack, seed)
    start = time.perf_counter()
    names, sums, squares, illegal, carried = _play(variant, bots, hands, stack, seed, phh_out, hands_per_file, progress)
    seconds = time.perf_counter() - start
    return _summary(variant, names, hands, _Tallies(sums, squares, illegal, carried), seconds, seed)


def _play(
    variant: Variant,
    bots: Sequence[str | Bot],
    hands: int,
    stack: int | None,
    seed: int | None,
    phh_out: str | Path | None = None,
    hands_per_file: int = 1000,
    progress: Callable[[int, int], object] | None = None,
) -> tuple[list[str], list[float], list[float], list[int], int]:
    """Play the hands; per seat the chips won, their sum of squares and illegal moves, and the pot carried out."""
    n = _check_players(variant, bots)
    rng = random.Random(seed)
    names = seat_names([b if isinstance(b, str) else getattr(b, "name", "bot") for b in bots])
    players = [make_bot(b, rng.randrange(1 << 30)) if isinstance(b, str) else b for b in bots]
    stack = stack or _default_stack(variant)
    folder = Path(phh_out) if phh_out is not None else None
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
    batch: list[HandHistory] = []
    sums = [0.0] * n
    squares = [0.0] * n
    illegal = [0] * n
    carried, antes_due = 0, True
    step = max(1, hands // 100)
    for number in range(hands):
        state = State(
            variant, [stack] * n, button=number % n, seed=rng.randrange(1 << 62), carried_pot=carried, antes=antes_due
        )
        play_hand(state, players, illegal)
        net = state.net
        for seat in range(n):
            sums[seat] += net[seat]
            squares[seat] += net[seat] * net[seat]
        carried = state.carry_out
        antes_due = True
        if folder is not None:
            batch.append(history_from_state(state, players=names, hand=number + 1))
            if len(batch) == hands_per_file or number + 1 == hands:
                _write_batch(folder, batch, number + 1 - len(batch) + 1)
                batch = []
        if progress is not None and ((number + 1) % step == 0 or number + 1 == hands):
            progress(number + 1, hands)
    return names, sums, squares, illegal, carried


MAX_HANDS = 10**9
MAX_STACK = 10**12


def _whole_in(value: Any, name: str, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InputError(f"{name} must be a whole number from {low} to {high:,}, got {value!r}")


def check_run(hands: Any, stack: Any = None, seed: Any = None) -> None:
    """ValueError unless ``hands`` is 1..10**9, ``stack`` None or 1..10**12, ``seed`` None or 0..2**64-1.

    >>> check_run(10, None, -1)
    Traceback (most recent call last):
    ...
    pokerlab.errors.InputError: seed must be a whole number from 0 to 18,446,744,073,709,551,615, got -1
    """
    _whole_in(hands, "hands", 1, MAX_HANDS)
    if stack is not None:
        _whole_in(stack, "stack", 1, MAX_STACK)
    if seed is not None:
        _whole_in(seed, "seed", 0, MAX_SEED)


def _check_players(variant: Variant, bots: Sequence[object]) -> int:
    n = len(bots)
    if not variant.min_players <= n <= variant.max_players:
        raise InputError(f"{variant.name} takes {variant.min_players} to {variant.max_players} players, got {n}")
    return n


def _default_stack(variant: Variant) -> int:
    return 100 * max(unit_of(variant)[0], variant.betting.small_bet)


@dataclass(frozen=True)
class _Tallies:
    """What a run counted: per seat the chips won, the sum of their squares and the illegal moves; the pot carried
    out of the last hand."""

    sums: Sequence[float]
    squares: Sequence[float]
    illegal: Sequence[float]
    carried: float


def _summary(
    variant: Variant, names: Sequence[str], hands: int, tallies: _Tallies, seconds: float, seed: int | None
) -> SimulationResult:
    unit, unit_name = unit_of(variant)
    sums, squares, illegal = tallies.sums, tallies.squares, tallies.illegal
    seats = []
    for seat in range(len(names)):
        mean = sums[seat] / hands
        var = max(squares[seat] / hands - mean * mean, 0.0) * hands / max(hands - 1, 1)
        ci = 1.96 * math.sqrt(var / hands)
        seats.append(SeatResult(names[seat], int(sums[seat]), 100 * mean / unit, 100 * ci / unit, int(illegal[seat])))
    carried = int(tallies.carried)
    return SimulationResult(variant.name, hands, len(names), unit, unit_name, seconds, seed, seats, carried)


def _simulation_shard(variant: Variant, bots: tuple[str, ...], hands: int, stack: int, seed: int) -> np.ndarray:
    """One shard: rows per seat [chips won, sum of their squares, illegal moves], then [pot carried out, 0, 0]."""
    _, sums, squares, illegal, carried = _play(variant, list(bots), hands, stack, seed)
    return np.array([*zip(sums, squares, illegal), (carried, 0, 0)], dtype=np.float64)


def simulate_sharded(  # noqa: PLR0913  (public API: the run's documented keywords)
    variant: Variant,
    bots: Sequence[str | Bot],
    hands: int,
    *,
    stack: int | None = None,
    seed: int | None = 0,
    client: Any = None,
    threads: int | None = None,
    shard_hands: int = SHARD_HANDS,
    progress: Callable[[float], None] | None = None,
) -> SimulationResult:
    """Play ``hands`` hands in shards of ``shard_hands``: shard ``i`` is its own session seeded from (seed, i).

    The result depends only on the seed and the shard plan, not on where the shards ran: on a Dask
    ``client``'s workers or, without one, on ``threads`` local threads. Bots are given by name.

    >>> from pokerlab.simulate.game import no_limit_holdem
    >>> r = simulate_sharded(no_limit_holdem(1, 2), ["station", "tight"], 60, seed=1, shard_hands=25)
    >>> r.hands, abs(sum(s.chips for s in r.seats) + r.carried) < 1e-9
    (60, True)
    """
    check_run(hands, stack, seed)
    given = [b for b in bots if isinstance(b, str)]
    if len(given) != len(bots):
        raise InputError("sharded simulations take bots by name (callables cannot be shipped to workers)")
    n = _check_players(variant, given)
    stack = stack or _default_stack(variant)
    base = random.Random(seed).getrandbits(62) if seed is not None else random.getrandbits(62)
    plan = []
    for index, first in enumerate(range(0, hands, shard_hands)):
        shard_seed = random.Random(base * 1_000_003 + index).getrandbits(62)
        plan.append((variant, tuple(given), min(shard_hands, hands - first), stack, shard_seed))
    start = time.perf_counter()
    results = run_shards(_simulation_shard, plan, client=client, threads=threads, progress=progress)
    total = sum(results)
    names = seat_names(given)
    seconds = time.perf_counter() - start
    tallies = _Tallies(total[:n, 0], total[:n, 1], total[:n, 2], total[n, 0])
    return _summary(variant, names, hands, tallies, seconds, seed)


def _write_batch(folder: Path, batch: list[HandHistory], first: int) -> Path:

    path = folder / f"hands-{first:07d}.phhs"
    text = "\n".join(f"[{first + k}]\n{dumps(hand)}" for k, hand in enumerate(batch))
    path.write_text(text, encoding="utf-8")
    return path


__all__ = [
    "Action",
    "SeatResult",
    "SimulationResult",
    "make_bot",
    "play_hand",
    "seat_names",
    "simulate_bots",
    "simulate_sharded",
]
