"""The fast path's reader: a one-hand no-limit hold'em ``.phh`` text read into flat lists, without the TOML reader.

:func:`read_hand` reads the fields :mod:`.fast_replay` plays by, with string slices and dictionary look-ups, into a
:class:`FlatHand`: the blinds, the stacks and the recorded results in the hand's finest unit (the engine's chips),
each player's hole cards, the board, and the actions as flat moves. A text of any other shape (another game, a
field or an action it does not read, cards it cannot place) is None: the engine reads it and gives the reasons.

>>> hand = read_hand('''variant = 'NT'
... antes = [0, 0, 0]
... blinds_or_straddles = [0.50, 1, 0]
... min_bet = 1
... starting_stacks = [100, 100, 100]
... actions = ['d dh p1 AsAh', 'd dh p2 7c2d', 'd dh p3 KdKh', 'p3 cbr 3', 'p1 f', 'p2 f']''')
>>> hand.small, hand.big, hand.stacks, hand.moves
(50, 100, [10000, 10000, 10000], [(2, 'cbr', 3, 0), (0, 'f', 0, 0), (1, 'f', 0, 0)])
"""

from __future__ import annotations

import os
import stat
from typing import TypeVar

#: The fields this path plays by; a hand with any other field goes to the engine (which may warn about it).
FIELDS = frozenset(
    ("variant", "ante_trimming_status", "antes", "blinds_or_straddles", "min_bet", "starting_stacks", "actions",
     "finishing_stacks", "winnings", "players", "seats")
)  # fmt: skip
#: Fields of the PHH standard that only describe the hand, each of the TOML type the reader checks.
STRING_FIELDS = frozenset(
    ("author", "event", "url", "venue", "address", "city", "region", "postal_code", "country", "time_zone",
     "time_zone_abbreviation", "currency", "currency_symbol")
)  # fmt: skip
INTEGER_FIELDS = frozenset(("day", "month", "year", "level"))
STRING_OR_INTEGER_FIELDS = frozenset(("hand", "table"))
_KNOWN = FIELDS | STRING_FIELDS | INTEGER_FIELDS | STRING_OR_INTEGER_FIELDS
#: The most decimal places an amount may have here (cents and finer); more go to the engine.
MOST_PLACES = 4
#: A one-hand file larger than this is left to the reader, which reads long files line by line.
MOST_BYTES = 1 << 16

#: Card numbers (rank * 4 + suit, the deuce 0 and the ace 12).
Cards = tuple[int, ...]
#: An amount as written: (units, decimal places); ``2.50`` is (250, 2).
Written = tuple[int, int]
#: The amounts of an array in units of its finest amount, and that amount's decimal places.
Amounts = tuple[list[int], int]
#: One action as read: (verb, player (the dealer's board: -1), units, places (a bet's amount), cards or None).
Action = tuple[str, int, int, int, "Cards | None"]
#: One move to play: (player, verb, amount, places): the board (-1, "db", cards dealt, 0); a fold or a call
#: (player, verb, 0, 0); a bet or raise (player, "cbr", units, places); a showdown decision (player, "sm", 1 when
#: shown and 0 when mucked, 0).
Move = tuple[int, str, int, int]
#: A game this path plays: the blinds as written, the starting stacks and the most decimal places of the two.
Game = tuple[list[Written], Amounts, int]
GameKey = tuple["str | None", "str | None", "str | None", "str | None", "str | None", "str | None"]
#: What the actions give a hand: the hole cards, (the moves, the board, whether a decision was a muck), the places.
_ReadActions = tuple[list["Cards | None"], tuple[list[Move], list[int], bool], int]

# Cards as numbers by their two characters, and players by their number: dictionary look-ups, no regular
# expression (compiling them was a tenth of a small folder's run).
_CARD = {r + s: k * 4 + j for k, r in enumerate("23456789TJQKA") for j, s in enumerate("cdhs")}
_SEAT = {str(k + 1): k for k in range(10)}
#: The cards of the board action that follows each count of board cards dealt: the flop, the turn, the river.
_BOARD_LOTS = {0: 3, 3: 1, 4: 1}
#: ``seats`` as written for a table in its own order (p1 in seat 1...), by the number of players.
_SEATS = {n: "[" + ", ".join(str(k) for k in range(1, n + 1)) + "]" for n in range(3, 11)}

#: Parsed games and actions by their text: a dataset repeats its game and stacks, and its actions, hand after hand
#: (bounded: cleared when full). The ``_UNREAD`` values, given to ``get``, tell a text not read yet from one
#: read as None.
_GAMES: dict[GameKey, Game | None] = {}
_ACTIONS: dict[str, Action | None] = {}
_MEMO_SIZE = 1 << 14
_UNREAD_GAME: Game = ([], ([], 0), 0)
_UNREAD: Action = ("", -1, 0, 0, None)

_Key = TypeVar("_Key")
_Value = TypeVar("_Value")


class FlatHand:
    """A record this path plays: its amounts in the hand's chips (units of ``10**-places``), each player's hole
    cards (None: not seen), the board, the moves (:data:`Move`), and whether a showdown decision was a muck."""

    __slots__ = ("n", "small", "big", "stacks", "holes", "moves", "board", "finishing", "winnings", "places", "mucks")

    def __init__(
        self,
        blinds: tuple[int, int],
        stacks: list[int],
        holes: list[Cards | None],
        play: tuple[list[Move], list[int], bool],
        results: tuple[list[int] | None, list[int] | None],
        places: int,
    ) -> None:
        self.n = len(stacks)
        self.small, self.big = blinds
        self.stacks = stacks
        self.holes = holes
        self.moves, self.board, self.mucks = play
        self.finishing, self.winnings = results
        self.places = places


def read_small(path: str) -> str | None:
    """The text of a regular file of at most :data:`MOST_BYTES`, UTF-8 without a NUL byte; None for any other
    (the reader then reads it, and refuses it with its reasons).

    >>> read_small("/dev/null") is None
    True
    """
    try:
        handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError:
        return None
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode) or info.st_size > MOST_BYTES:
            return None
        data = os.read(handle, info.st_size + 1)
    except OSError:
        return None
    finally:
        os.close(handle)
    if len(data) > info.st_size or b"\0" in data or b"\r" in data:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def read_hand(text: str) -> FlatHand | None:
    """The hand of a one-hand PHH ``text``, or None when a field or an action is of a shape this path does not read.

    >>> read_hand("variant = 'FT'") is None
    True
    """
    fields = _fields(text)
    if fields is None:
        return None
    get = fields.get
    key = (get("variant"), get("ante_trimming_status"), get("antes"), get("blinds_or_straddles"), get("min_bet"),
           get("starting_stacks"))  # fmt: skip
    game = _GAMES.get(key, _UNREAD_GAME)
    if game is _UNREAD_GAME:
        game = _remember(_GAMES, key, _game(*key))
    if game is None or not _described(fields):
        return None
    blinds, stacks, places = game
    n = len(stacks[0])
    results = _results(fields, n)
    names, seats = get("players"), get("seats")
    if results is None or names is not None and len(_strings(names) or ()) != n:
        return None
    if seats is not None and seats != _SEATS[n]:
        return None  # only the table's own order, which the engine reads as no seats at all
    actions = _strings(get("actions"))
    read = None if actions is None else _read_actions(actions, n)
    if read is None:
        return None
    holes, play, bet_places = read
    places = max(places, results[2], bet_places)  # the record's finest amount: the engine's chip
    small, big = _chips(blinds, places)
    chips = _scaled(stacks, places)
    # Positive blinds, the small one below the big one (min_bet), every stack deeper than its blind: the forced
    # bets this path posts as the engine does.
    if not 0 < small < big or chips[0] <= small or chips[1] <= big or min(chips) <= 0:
        return None
    finishing, winnings = (None if result is None else _scaled(result, places) for result in results[:2])
    return FlatHand((small, big), chips, holes, play, (finishing, winnings), places)


def _fields(text: str) -> dict[str, str] | None:
    """Each ``name = value`` line's value text, or None when a line is anything else (a table, a comment, another
    spacing...): only the fields this path knows, each once (a repeated key is a TOML error). An array written one
    item a line, as pokerlab writes actions (``[``, then ``  "item",`` lines, then ``]``), is joined into one line.

    >>> _fields('actions = [\\n  "p1 f",\\n  "p2 cc",\\n]\\nhand = 3\\n')
    {'actions': '["p1 f", "p2 cc"]', 'hand': '3'}
    """
    fields: dict[str, str] = {}
    lines = iter(text.split("\n"))
    for line in lines:
        if not line:
            continue
        name, sep, value = line.partition(" = ")
        if not sep or name in fields or name not in _KNOWN:
            return None
        if value == "[":
            items = []
            for item in lines:
                if item == "]":
                    break
                if item[:2] != "  " or item[-1:] != "," or item[2:3] == " ":
                    return None
                items.append(item[2:-1])
            else:
                return None  # the array never closes
            value = "[" + ", ".join(items) + "]"
        fields[name] = value
    return fields


def _remember(memo: dict[_Key, _Value], key: _Key, value: _Value) -> _Value:
    if len(memo) >= _MEMO_SIZE:
        memo.clear()
    memo[key] = value
    return value


def _game(
    variant: str | None,
    trimming: str | None,
    antes_text: str | None,
    blinds_text: str | None,
    min_bet: str | None,
    stacks_text: str | None,
) -> Game | None:
    """The blinds (as written), the starting stacks (:func:`_amounts`) and the most decimal places of a game this
    path plays, or None: no-limit hold'em for three to ten players, no antes, a small and a big blind, a big blind
    of min_bet, no straddle."""
    if variant not in ("'NT'", '"NT"') or trimming not in (None, "true", "false"):
        return None
    stacks, antes, blinds = _amounts(stacks_text), _amounts(antes_text), _amounts(blinds_text)
    big = None if min_bet is None else _number(min_bet)
    if stacks is None or antes is None or blinds is None or big is None:
        return None
    n = len(stacks[0])
    if not 3 <= n <= 10 or len(antes[0]) != n or len(blinds[0]) != n or any(antes[0]) or any(blinds[0][2:]):
        return None
    places = max(antes[1], blinds[1], big[1], stacks[1])
    small_blind, big_blind = _scaled(blinds, places)[:2]
    if big_blind != _chips([big], places)[0]:
        return None
    return [(small_blind, places), (big_blind, places)], stacks, places


def _amounts(value: str | None) -> Amounts | None:
    """The amounts of a one-line TOML array written ``[1, 2.50, 3]``, in units of its finest amount, and that
    amount's decimal places; None for any other writing.

    >>> _amounts("[1, 2.50, 3]"), _amounts("[100, 50]"), _amounts("[1, -2]")
    (([100, 250, 300], 2), ([100, 50], 0), None)
    """
    if value is None or value[:1] != "[" or value[-1:] != "]":
        return None
    inner = value[1:-1]
    if "." not in inner:  # whole numbers (most records): written back as read, or not plain TOML integers
        try:
            whole = [int(item) for item in inner.split(", ")]
        except ValueError:
            return None
        if ", ".join(map(str, whole)) != inner or min(whole) < 0 or max(whole) >= 10**15:
            return None
        return whole, 0
    numbers = []
    for item in inner.split(", "):
        number = _number(item)
        if number is None:
            return None
        numbers.append(number)
    places = max(own for _, own in numbers)
    return _chips(numbers, places), places


def _number(item: str) -> Written | None:
    """An amount as (units, decimal places): ``12`` is (12, 0), ``0.50`` is (50, 2); None for any other writing
    (an exponent, a sign, more than :data:`MOST_PLACES` places...).

    >>> _number("0.50"), _number("12"), _number("1e3"), _number("01.5")
    ((50, 2), (12, 0), None, None)
    """
    whole, dot, fraction = item.partition(".")
    if not dot:
        number = _whole(item)
        return None if number is None else (number, 0)
    if _whole(whole) is None or not 0 < len(fraction) <= MOST_PLACES or not (fraction.isascii() and fraction.isdigit()):
        return None
    return int(whole + fraction), len(fraction)


def _whole(item: str) -> int | None:
    """A TOML integer written plainly (no sign, no leading zero, no underscore), below 10**15, or None."""
    if not (item.isascii() and item.isdigit()) or len(item) > 15 or (item[0] == "0" and item != "0"):
        return None
    return int(item)


def _chips(amounts: list[Written], places: int) -> list[int]:
    """Amounts ``(units, places)`` in units of ``10**-places`` (the hand's finest amount: the engine's chips)."""
    return [units * 10 ** (places - own) if own != places else units for units, own in amounts]


def _scaled(amounts: Amounts, places: int) -> list[int]:
    """An array's amounts (:func:`_amounts`) in units of ``10**-places``."""
    units, own = amounts
    return units if own == places else [unit * 10 ** (places - own) for unit in units]


def _described(fields: dict[str, str]) -> bool:
    """Whether the fields that only describe the hand are of the types the reader accepts."""
    for name, value in fields.items():
        if name in FIELDS:
            continue
        if name not in STRING_FIELDS and _whole(value) is not None:
            continue  # an integer where one may be (a hand number, a day...)
        if name in INTEGER_FIELDS or len(_strings(f"[{value}]") or ()) != 1:
            return False
    return True


def _strings(value: str | None) -> list[str] | None:
    """The strings of a one-line TOML array written ``['a', 'b']`` (or with double quotes), or None: no escape, no
    control character, one quote throughout."""
    if value is None or len(value) < 2 or value[0] != "[" or value[-1] != "]":
        return None
    inner = value[1:-1]
    if not inner:
        return []
    quote = inner[0]
    if quote not in "'\"" or len(inner) < 2 or inner[-1] != quote:
        return None
    items = inner[1:-1].split(f"{quote}, {quote}")
    for item in items:
        if quote in item or "\\" in item and quote == '"' or not item.isprintable():
            return None
    return items


def _results(fields: dict[str, str], n: int) -> tuple[Amounts | None, Amounts | None, int] | None:
    """The recorded ``finishing_stacks`` and ``winnings`` (None: not recorded) and their most decimal places; None
    when one is not n plain amounts."""
    read: list[Amounts | None] = [None, None]
    places = 0
    for k, name in enumerate(("finishing_stacks", "winnings")):
        if name in fields:
            recorded = read[k] = _amounts(fields[name])
            if recorded is None or len(recorded[0]) != n:
                return None
            places = max(places, recorded[1])
    return read[0], read[1], places


def _read_actions(actions: list[str], n: int) -> _ReadActions | None:
    """Each player's hole cards (dealt or shown), the moves, the board and whether a showdown decision was a muck,
    and the bets' most decimal places; None for an action this path does not read, or cards it cannot place."""
    holes = _holes(actions, n)
    if holes is None:
        return None
    moves: list[Move] = []
    board: list[int] = []
    shown: dict[int, Cards] = {}
    places = 0
    decisions = 0  # showdown decisions, shows and mucks
    memo = _ACTIONS
    for text in actions[n:]:
        action = memo.get(text, _UNREAD)
        if action is _UNREAD:
            action = _remember(memo, text, _action(text))
        if action is None or action[1] >= n or action[0] == "dh":
            return None  # a deal after the first move is the engine's to judge
        verb, player, units, own, cards = action
        if verb == "db":
            # The flop, the turn and the river, one action each: the engine burns a card before each board
            # action's cards, so cards dealt in other lots would be burnt or dealt where the record says not.
            if cards is None or _BOARD_LOTS.get(len(board)) != len(cards):
                return None
            board += cards
            moves.append((-1, verb, len(cards), 0))
        elif verb != "sm":
            places = own if own > places else places
            moves.append((player, verb, units, own))
        elif player in shown or (player, verb, 0, 0) in moves or not _fits(holes[player], cards):
            return None  # a second decision (the engine keeps the last), or cards it was not dealt
        else:
            if cards is not None:
                shown[player] = cards
            decisions += 1
            moves.append((player, verb, 0 if cards is None else 1, 0))
    known = [holes[k] or shown.get(k) for k in range(n)]
    named = [c for cards in known if cards for c in cards] + board
    if len(set(named)) != len(named):
        return None  # a card dealt twice: the engine names the action at fault
    return known, (moves, board, decisions > len(shown)), places


def _holes(actions: list[str], n: int) -> list[Cards | None] | None:
    """Each player's two hole cards (None: not seen) from the record's first ``n`` actions, which must deal them
    to p1, p2... in turn; None for any other start."""
    holes: list[Cards | None] = []
    for text in actions[:n]:
        deal = _deal(text) if text[:6] == "d dh p" else None  # seldom repeated: read without the memo
        if deal is None or deal[1] != len(holes):
            return None
        holes.append(deal[4])
    return holes if len(holes) == n else None


def _deal(text: str) -> Action | None:
    """:func:`_action` of a hole-card deal written ``d dh p1 AsKd`` (or ``????``), in a few slices.

    >>> _deal("d dh p10 ????"), _deal("d dh p2 AsKd"), _deal("d dh p2 AsK"), _deal("d dh p2 As Kd")
    (('dh', 9, 0, 0, None), ('dh', 1, 0, 0, (51, 45)), None, None)
    """
    seat = _SEAT.get(text[6:-5])
    if seat is None or text[-5] != " ":
        return None
    cards = text[-4:]
    if cards == "????":
        return "dh", seat, 0, 0, None
    first, second = _CARD.get(cards[:2]), _CARD.get(cards[2:])
    return None if first is None or second is None else ("dh", seat, 0, 0, (first, second))


def _action(text: str) -> Action | None:
    """One action this path reads (:data:`Action`), or None.

    >>> _action("d db AsKd2c"), _action("p3 cbr 2.50"), _action("p1 sm"), _action("p1 cbr 01")
    (('db', -1, 0, 0, (51, 45, 0)), ('cbr', 2, 250, 2, None), ('sm', 0, 0, 0, None), None)
    """
    if text[:5] == "d db ":
        cards = card_numbers(text[5:])
        return None if cards is None else ("db", -1, 0, 0, cards)
    if text[:6] == "d dh p":
        return _deal(text)
    player, _, move = text.partition(" ")
    seat = _SEAT.get(player[1:]) if player[:1] == "p" else None
    if seat is None:
        return None
    if move == "f" or move == "cc" or move == "sm":  # a fold, a call, a muck
        return move, seat, 0, 0, None
    verb, _, what = move.partition(" ")
    if verb == "cbr" and (amount := _number(what)) is not None:
        return verb, seat, *amount, None  # (units, places): chips once the hand's finest amount is known
    if verb == "sm" and (cards := card_numbers(what)) is not None and len(cards) == 2:
        return verb, seat, 0, 0, cards
    return None


def card_numbers(text: str) -> Cards | None:
    """Card numbers (rank * 4 + suit, the deuce 0 and the ace 12) of a run of cards such as ``AsKd``, or None.

    >>> card_numbers("As2c"), card_numbers("As2"), card_numbers("as2c"), card_numbers("")
    ((51, 0), None, None, None)
    """
    if not text or len(text) % 2:
        return None
    cards = tuple([_CARD.get(text[k : k + 2], -1) for k in range(0, len(text), 2)])
    return None if -1 in cards else cards


def _fits(dealt: Cards | None, shown: Cards | None) -> bool:
    """Whether a showdown's cards (None: a muck) agree with the player's recorded hole cards."""
    return shown is None or dealt is None or dealt == shown
