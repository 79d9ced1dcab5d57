"""Seat orders of a table, stored once per table size: the engine walks them at every action.

>>> clockwise(4)[1]
(2, 3, 0, 1)
"""

from __future__ import annotations

#: ``CLOCKWISE[n][seat]``: the seats of an n-handed table clockwise after ``seat``, ending with it
#: (filled by :func:`clockwise` for every table size a state is dealt at).
CLOCKWISE: dict[int, tuple[tuple[int, ...], ...]] = {}


def clockwise(n: int) -> tuple[tuple[int, ...], ...]:
    """The clockwise orders of an n-handed table, one per seat, kept in :data:`CLOCKWISE`.

    A stored tuple walked with ``for`` saves the modulo and the range of ``(seat + k) % n`` per seat.

    >>> clockwise(3)[2]
    (0, 1, 2)
    """
    orders = CLOCKWISE.get(n)
    if orders is None:
        orders = CLOCKWISE[n] = tuple(tuple((seat + k) % n for k in range(1, n + 1)) for seat in range(n))
    return orders
