"""The one error of the hand-history readers and writers: :class:`PHHError`, a line naming the file, hand and field."""

from __future__ import annotations

from pokerlab.errors import PokerlabError


class PHHError(PokerlabError, ValueError):
    """A hand history that does not follow PHH (or pokerlab's extension): where, and what is wrong.

    The one error every PHH reader raises for a bad file: a bad value, a wrong type, ``nan``, ``inf``
    outside a starting stack (PHH's unknown stack), a truncated or not-TOML file, nesting too deep.
    ``str()`` is one line naming the file, the hand and the field when known, then the ``reason``:

    >>> str(PHHError("must hold whole numbers of chips, got nan", field="finishing_stacks", hand="3", file="a.phhs"))
    'a.phhs: hand [3]: finishing_stacks: must hold whole numbers of chips, got nan'

    A subclass of ValueError, so the command line reports it as ``error: ...`` with exit status 2.
    """

    def __init__(
        self,
        reason: str,
        *,
        field: str | None = None,
        hand: str | None = None,
        file: str | None = None,
        malformed: bool = False,
    ) -> None:
        super().__init__(reason)
        self.reason = " ".join(str(reason).split()) or "bad hand history"  # always one line
        self.field, self.hand, self.file = field, hand, file
        self.malformed = malformed  # a value of the wrong type or range (not just a game pokerlab cannot play)

    def located(self, *, field: str | None = None, hand: str | None = None, file: str | None = None) -> PHHError:
        """The same error with the location parts it does not know yet filled in."""
        return PHHError(
            self.reason,
            field=self.field or field,
            hand=self.hand or hand,
            file=self.file or file,
            malformed=self.malformed,
        ).with_traceback(self.__traceback__)

    def __str__(self) -> str:
        parts = [] if self.file is None else [str(self.file)]
        if self.hand is not None:
            parts.append(f"hand [{self.hand}]")
        if self.field is not None:
            parts.append(self.field)
        return ": ".join([*parts, self.reason])
