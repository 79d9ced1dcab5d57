"""The fields of a hand in progress, typed once for the state and the parts that work on it.

:class:`pokerlab.simulate.game.state.State` holds every field (its ``__slots__``) and is built
from mixins (:mod:`.flow`, :mod:`.draw_showdown`, :mod:`.betting_actions`, :mod:`.stud`) that read
and write them; :mod:`.betting` reads them too. Declaring the fields here, in the base of them all,
gives each part the same types without importing the state module back (that was an import cycle, if only for typing).
The few state methods the parts call are declared for the type checker only.

>>> from pokerlab.simulate.game.state import State
>>> issubclass(State, HandFields), HandFields.__annotations__["stacks"]
(True, 'list[int]')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from .declarations import Variant
    from .events import Event
    from .pots import Pot


class HandFields:
    """The state's fields and their types (the state's own methods document what each one means)."""

    if not TYPE_CHECKING:
        # No instance dict at run time (State lists the slots). Hidden from mypy, which would otherwise
        # refuse the mixins' assignments as names missing from their own empty __slots__.
        __slots__ = ()

    variant: Variant
    n: int
    button: int
    seed: int
    automatic: bool
    auto_showdown: bool
    starting_stacks: list[int]
    stacks: list[int]
    bets: list[int]
    contributions: list[int]
    antes_paid: list[int]
    folded: list[bool]
    hole: list[list[int]]
    board: list[int]
    deck: list[int]
    deck_pos: int
    dead_cards: list[tuple[int, int]]  # (owner seat or -1 for burns, card): the reshuffle pool
    reshuffles: int
    reshuffle_order: Callable[[list[int]], Sequence[int]] | None  # State's hook: the order of a reshuffled stub
    carried_in: int
    pot_total: int
    phase: str
    street: int
    actor: int | None
    forced_queue: list[tuple[int, str, int]]  # (seat, kind, amount) still to post
    level: int
    full_level: int
    last_raise: int
    bets_made: int
    acted_at: list[int]
    last_aggressor: int | None
    last_caller: int | None
    opener: int | None
    opening_hand: list[int] | None
    draw_queue: list[int]
    shown: list[bool]
    mucked: list[bool]
    muck_order: list[int]
    show_queue: list[int]
    values: list[int | None]
    pots: list[Pot]
    payouts: list[int]
    carry_out: int
    ended_by: str | None
    history: list[Event]
    _memo_at: int  # the history length of the decision whose raise_bounds _memo_bounds holds
    _memo_bounds: tuple[int, int] | str

    if TYPE_CHECKING:  # defined by State and FlowMixin; declared for the parts that call them

        def left_of(self, seat: int) -> int: ...
        @property
        def in_hand(self) -> list[int]: ...
        @property
        def call_amount(self) -> int: ...
        def _after_bet_action(self, actor: int) -> None: ...
        def seat_at(self, position: int) -> int: ...
        def position_of(self, seat: int) -> int: ...
        def opening_refusal(self, seat: int) -> str | None: ...
        def _seat_refusal(self, seat: object) -> str | None: ...
        def _commit(self, seat: int, amount: int) -> None: ...
        def _start_betting(self) -> None: ...
        def _pots_now(self) -> list[Pot]: ...
        def _settle(self, won: list[int], carried_odd: int) -> None: ...
