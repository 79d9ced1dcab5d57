"""How far a record's winnings may fall short of the pot and still be the house's rake (a module of its own: a
folder's replay takes it as an option without loading the engine).

>>> NO_MORE_THAN_10_PERCENT.fraction
0.1
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .money import Amount


@dataclass(frozen=True)
class RakeLimit:
    """How much of a pot a record's winnings may fall short by and still be read as the rake.

    ``fraction`` of the pot (default 10 %), and at most ``cap`` in the recorded unit when given.

    >>> RakeLimit().allows(9, 100, 0), RakeLimit().allows(11, 100, 0), RakeLimit(cap=5).allows(9, 100, 0)
    (True, False, False)
    """

    fraction: float = 0.10
    cap: Amount | None = None

    def allows(self, rake: int, pot: int, places: int) -> bool:
        """Whether ``rake`` chips out of a ``pot`` of chips is within the limit."""
        if rake > self.fraction * pot:
            return False
        return self.cap is None or rake <= Decimal(self.cap).scaleb(places)


#: The default :class:`RakeLimit`: at most a tenth of the pot, with no cap.
NO_MORE_THAN_10_PERCENT = RakeLimit()
