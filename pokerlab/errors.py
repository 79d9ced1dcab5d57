"""The base of every error pokerlab raises for bad input, bad files or an unusable environment.

Each precise error (``CardError``, ``RangeError``, ``EquityError``,
``IllegalActionError``, ``PHHError``, ``TableError``...) is a
:class:`PokerlabError` and a ``ValueError``; the command line reports any
``PokerlabError`` as one line with exit status 2. Anything else escaping
pokerlab is a bug.

>>> from pokerlab.evaluator.cards import CardError
>>> issubclass(CardError, PokerlabError) and issubclass(CardError, ValueError)
True
"""

from __future__ import annotations


class PokerlabError(Exception):
    """Bad input, a bad file or an unusable environment; the message says which and why.

    Catch it to handle every error pokerlab raises on purpose:

    >>> import pokerlab
    >>> try:
    ...     pokerlab.evaluate("As Ks Qs Js")
    ... except pokerlab.PokerlabError as error:
    ...     print(type(error).__name__)
    CardError
    """


class InputError(PokerlabError, ValueError):
    """A value pokerlab cannot use, when no more precise error fits (players out of range, an empty selection).

    >>> from pokerlab import schemas
    >>> schemas.load("play")
    Traceback (most recent call last):
    ...
    pokerlab.errors.InputError: no JSON schema for 'play'; the commands with --json are ...
    """
