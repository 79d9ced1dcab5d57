"""A folder replay's fast path: a one-hand ``.phh`` file of no-limit hold'em confirmed ok from its text alone.

Most hands of a real dataset are plain ring-game hands (the public dataset's Pluribus hands: six players, blinds,
every stack known, whole chips). For such a text, :func:`certainly_ok` reads the fields it knows with a few
regular expressions and plays the actions over flat lists (stacks, bets, who acted at which level), with every
rule the engine checks for them: whose turn it is, the minimum and maximum raise, short all-ins that do not reopen
the betting, uncalled bets returned, the board dealt before it is recorded, side pots, the showdown's hands and the
odd chips. It answers True only when the hand is certainly ok: finished, legal, its winner known and its recorded
``finishing_stacks`` and ``winnings`` equal to the replay's. Anything else (another game, a field or an action it
does not read, a rule broken, a result that differs, a rake, cards nobody saw at a showdown) is False, and the
engine replays the hand and gives the verdict and the reasons: the fast path never writes an error of its own.
It imports nothing of the engine, so a folder of such hands replays without loading it.

>>> text = '''variant = 'NT'
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [100, 100, 100]
... actions = ['d dh p1 AsAh', 'd dh p2 7c2d', 'd dh p3 KdKh', 'p3 cbr 6', 'p1 f', 'p2 f']
... finishing_stacks = [99, 98, 103]'''
>>> certainly_ok(text), certainly_ok(text.replace("103", "104"))
(True, False)
"""

from __future__ import annotations

import os
import stat

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

# Cards as numbers (rank * 4 + suit, the deuce 0 and the ace 12) by their two characters, and players by
# their number: dictionary look-ups, no regular expression (compiling them was a tenth of a small folder's run).
_CARD = {r + s: k * 4 + j for k, r in enumerate("23456789TJQKA") for j, s in enumerate("cdhs")}
_SEAT = {str(k + 1): k for k in range(10)}
#: The cards of the board action that follows each count of board cards dealt: the flop, the turn, the river.
_BOARD_LOTS = {0: 3, 3: 1, 4: 1}
#: ``_CLOCKWISE[n][seat]``: the players after ``seat`` round an n-handed table, ending with it (-1: the last seat's,
#: from the first player on).
_CLOCKWISE = {n: [tuple((seat + k) % n for k in range(1, n + 1)) for seat in range(n)] for n in range(3, 11)}


def certainly_ok(text: str) -> bool:
    """Whether the one-hand PHH ``text`` replays ok for certain (see the module); False: the engine must say.

    >>> certainly_ok("variant = 'FT'")
    False
    """
    fields = _fields(text)
    if fields is None:
        return False
    hand = _Hand.of(fields)
    return hand is not None and hand.replays_ok()


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


def _whole(item: str) -> int | None:
    """A TOML integer written plainly (no sign, no leading zero, no underscore), below 10**15, or None."""
    if not (item.isascii() and item.isdigit()) or len(item) > 15 or (item[0] == "0" and item != "0"):
        return None
    return int(item)


def _number(item: str) -> tuple[int, int] | None:
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


def _amounts(value: str | None) -> tuple[list[int], int] | None:
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
    numbers = [_number(item) for item in inner.split(", ")]
    if None in numbers:
        return None
    places = max(own for _, own in numbers)  # type: ignore[misc]
    return _chips(numbers, places), places  # type: ignore[arg-type]


def _chips(amounts: list[tuple[int, int]], places: int) -> list[int]:
    """Amounts ``(units, places)`` in units of ``10**-places`` (the hand's finest amount: the engine's chips)."""
    return [units * 10 ** (places - own) if own != places else units for units, own in amounts]


def _scaled(amounts: tuple[list[int], int], places: int) -> list[int]:
    """An array's amounts (:func:`_amounts`) in units of ``10**-places``."""
    units, own = amounts
    return units if own == places else [unit * 10 ** (places - own) for unit in units]


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


def _cards(text: str) -> tuple[int, ...] | None:
    """Card numbers of a run of cards such as ``AsKd``, or None.

    >>> _cards("As2c"), _cards("As2"), _cards("as2c"), _cards("")
    ((51, 0), None, None, None)
    """
    if not text or len(text) % 2:
        return None
    cards = tuple([_CARD.get(text[k : k + 2], -1) for k in range(0, len(text), 2)])
    return None if -1 in cards else cards


class _Hand:
    """A record this path plays: its numbers, and the actions as (player, verb, amount or cards)."""

    __slots__ = ("n", "small", "big", "stacks", "holes", "moves", "board", "finishing", "winnings", "places", "mucks")

    @classmethod
    def of(cls, fields: dict[str, str]) -> _Hand | None:
        """The hand of ``fields``, or None when a field is of a shape this path does not read."""
        get = fields.get
        key = (get("variant"), get("ante_trimming_status"), get("antes"), get("blinds_or_straddles"), get("min_bet"),
               get("starting_stacks"))  # fmt: skip
        game = _GAMES.get(key, False)  # a dataset repeats its game and stacks hand after hand
        if game is False:
            game = _remember(_GAMES, key, _game(*key))
        if game is None or not _described(fields):
            return None
        blinds, stacks, places = game
        n = len(stacks[0])
        results: list[tuple[list[int], int] | None] = [None, None]
        for k, name in enumerate(("finishing_stacks", "winnings")):
            if name in fields:
                recorded = results[k] = _amounts(fields[name])
                if recorded is None or len(recorded[0]) != n:
                    return None
                places = max(places, recorded[1])
        names, seats = get("players"), get("seats")
        if names is not None and len(_strings(names) or ()) != n or seats is not None and seats != _SEATS[n]:
            return None  # seats: only the table's own order, which the engine reads as no seats at all
        hand = cls()
        hand.n = n
        actions = _strings(get("actions"))
        if actions is None or not hand._read_actions(actions):
            return None
        hand.places = places = max(places, hand.places)  # the record's finest amount: the engine's chip
        hand.small, hand.big = _chips(blinds, places)
        hand.stacks = _scaled(stacks, places)
        hand.finishing = None if results[0] is None else _scaled(results[0], places)
        hand.winnings = None if results[1] is None else _scaled(results[1], places)
        # Positive blinds, the small one below the big one (min_bet), every stack deeper than its blind: the
        # forced bets this path posts as the engine does.
        stacks = hand.stacks
        if not 0 < hand.small < hand.big or stacks[0] <= hand.small or stacks[1] <= hand.big or min(stacks) <= 0:
            return None
        return hand

    def _read_actions(self, actions: list[str]) -> bool:
        """The record's deals and moves; False for an action this path does not read, or cards it cannot place."""
        n = self.n
        holes = _holes(actions, n)
        if holes is None:
            return False
        moves: list[tuple[int, str, int]] = []
        board: list[int] = []
        shown: dict[int, tuple[int, ...]] = {}
        places = 0  # the bets' most decimal places
        decisions = 0  # showdown decisions, shows and mucks
        memo = _ACTIONS
        for text in actions[n:]:
            action = memo.get(text, False)
            if action is False:
                action = _remember(memo, text, _action(text))
            if action is None or action[1] >= n or action[0] == "dh":
                return False  # a deal after the first move is the engine's to judge
            verb, player, what = action
            if verb == "db":
                # The flop, the turn and the river, one action each: the engine burns a card before each board
                # action's cards, so cards dealt in other lots would be burnt or dealt where the record says not.
                if len(board) not in _BOARD_LOTS or len(what) != _BOARD_LOTS[len(board)]:  # type: ignore[arg-type]
                    return False
                board += what  # type: ignore[arg-type]
                moves.append((-1, verb, len(what)))  # type: ignore[arg-type]
            elif verb != "sm":
                if verb == "cbr" and what[1] > places:  # type: ignore[index]
                    places = what[1]  # type: ignore[index]
                moves.append((player, verb, what))  # type: ignore[arg-type]
            elif player in shown or (player, verb, False) in moves or not _fits(holes[player], what):
                return False  # a second decision (the engine keeps the last), or cards it was not dealt
            else:
                if what is not None:
                    shown[player] = what  # type: ignore[assignment]
                decisions += 1
                moves.append((player, verb, what is not None))
        known = [holes[k] or shown.get(k) for k in range(n)]
        named = [c for cards in known if cards for c in cards] + board
        if len(set(named)) != len(named):
            return False  # a card dealt twice: the engine names the action at fault
        self.holes, self.moves, self.board, self.places = known, moves, board, places
        self.mucks = decisions > len(shown)
        return True

    def replays_ok(self) -> bool:
        """Play the moves; True when the hand ends legally with the recorded results."""
        return _Table(self).play()


#: Parsed games and actions by their text (bounded: cleared when full).
_GAMES: dict[tuple, tuple | None] = {}
_ACTIONS: dict[str, tuple | None] = {}
_MEMO_SIZE = 1 << 14


def _remember(memo: dict, key: object, value: object) -> object:
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
) -> tuple[list[tuple[int, int]], tuple[list[int], int], int] | None:
    """The blinds (as ``(units, places)``), the starting stacks (:func:`_amounts`) and the most decimal places of a
    game this path plays, or None: no-limit hold'em for three to ten players, no antes, a small and a big blind, a
    big blind of min_bet, no straddle."""
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


#: ``seats`` as written for a table in its own order (p1 in seat 1...), by the number of players.
_SEATS = {n: "[" + ", ".join(str(k) for k in range(1, n + 1)) + "]" for n in range(3, 11)}


def _holes(actions: list[str], n: int) -> list[tuple[int, ...] | None] | None:
    """Each player's two hole cards (None: not seen) from the record's first ``n`` actions, which must deal them
    to p1, p2... in turn; None for any other start."""
    holes: list[tuple[int, ...] | None] = []
    for text in actions[:n]:
        deal = _deal(text) if text[:6] == "d dh p" else None  # seldom repeated: read without the memo
        if deal is None or deal[1] != len(holes):
            return None
        holes.append(deal[2])  # type: ignore[arg-type]
    return holes if len(holes) == n else None


def _fits(dealt: tuple[int, ...] | None, shown: object) -> bool:
    """Whether a showdown's cards (None: a muck) agree with the player's recorded hole cards."""
    return shown is None or dealt is None or dealt == shown


def _deal(text: str) -> tuple[str, int, object] | None:
    """:func:`_action` of a hole-card deal written ``d dh p1 AsKd`` (or ``????``), in a few slices.

    >>> _deal("d dh p10 ????"), _deal("d dh p2 AsKd"), _deal("d dh p2 AsK"), _deal("d dh p2 As Kd")
    (('dh', 9, None), ('dh', 1, (51, 45)), None, None)
    """
    seat = _SEAT.get(text[6:-5])
    if seat is None or text[-5] != " ":
        return None
    cards = text[-4:]
    if cards == "????":
        return "dh", seat, None
    first, second = _CARD.get(cards[:2]), _CARD.get(cards[2:])
    return None if first is None or second is None else ("dh", seat, (first, second))


def _action(text: str) -> tuple[str, int, object] | None:
    """``(verb, player, cards or amount)`` of one action this path reads (the dealer's board: player -1), or None.

    >>> _action("d dh p2 AsKd"), _action("p3 cbr 2.50"), _action("p1 sm"), _action("p1 cbr 01")
    (('dh', 1, (51, 45)), ('cbr', 2, (250, 2)), ('sm', 0, None), None)
    """
    if text[:5] == "d db ":
        cards = _cards(text[5:])
        return None if cards is None else ("db", -1, cards)
    if text[:6] == "d dh p":
        return _deal(text)
    player, _, move = text.partition(" ")
    seat = _SEAT.get(player[1:]) if player[:1] == "p" else None
    if seat is None:
        return None
    if move == "f" or move == "cc":
        return move, seat, 0
    if move == "sm":
        return "sm", seat, None  # a muck
    verb, _, what = move.partition(" ")
    if verb == "cbr" and (amount := _number(what)) is not None:
        return verb, seat, amount  # (units, places): chips once the hand's finest amount is known
    if verb == "sm" and (cards := _cards(what)) is not None and len(cards) == 2:
        return verb, seat, cards
    return None


class _Table:
    """The state of one hand: stacks, this round's bets, what each player put in, folds, levels, the showdown."""

    __slots__ = ("hand", "n", "stacks", "bets", "put", "folded", "acted", "level", "last_raise", "street", "actor",
                 "dealt", "ended", "returns", "raised", "aggressor", "auto", "queue", "shown", "mucked",
                 "decisions", "zeros", "unacted", "live")  # fmt: skip

    def __init__(self, hand: _Hand) -> None:
        n = self.n = hand.n
        self.hand = hand
        self.stacks = list(hand.stacks)
        self.bets = [0] * n
        self.put = [0] * n
        self.folded = [False] * n
        self.acted = [-1] * n  # the level a player last matched this round, -1 before it acts
        self.zeros, self.unacted = (0,) * n, (-1,) * n
        self.live = n  # players who have not folded
        self.returns: list[tuple[int, int]] = []
        self.raised: set[int] = set()
        self.ended = ""  # "fold", "showdown" (waiting for decisions while queue holds seats) or ""
        self.street = self.dealt = 0  # dealt: board cards dealt
        self.aggressor: int | None = None
        # Without a muck in the record the engine shows every hand at once (cards speak); with one it asks each
        # player in turn, and a player nobody else contests wins unshown.
        self.auto = not hand.mucks
        self.queue: list[int] = []
        self.shown: list[bool] = []
        self.mucked: list[int] = []  # in muck order
        self.decisions: dict[int, int] = {}
        for seat, blind in ((0, hand.small), (1, hand.big)):
            self.stacks[seat] -= blind
            self.bets[seat] = self.put[seat] = blind
        self.level = self.last_raise = hand.big
        self.actor = self._next_needing(2 % n - 1)  # from the big blind's left (the button is the last player)
        if self.actor is None:
            self._end_round()

    def _next_needing(self, after: int) -> int | None:
        """The first player after ``after`` who must act, as the engine looks for it; None: the round is over."""
        folded, stacks, bets, acted, level = self.folded, self.stacks, self.bets, self.acted, self.level
        others = None  # whether two players could still bet: asked only of a player who has not acted
        for seat in _CLOCKWISE[self.n][after]:
            if folded[seat] or stacks[seat] == 0:
                continue
            if bets[seat] < level:
                return seat
            if acted[seat] >= 0:
                continue
            if others is None:  # another player in with chips left, who could answer a bet
                others = False
                for other in _CLOCKWISE[self.n][seat]:
                    if other != seat and not folded[other] and stacks[other] > 0:
                        others = True
                        break
            if others:
                return seat
        return None

    def play(self) -> bool:
        """Every recorded move; True when the hand ends legally with the recorded results."""
        decisions: dict[int, int] = {}
        self.decisions = decisions
        board_seen = 0
        for player, verb, amount in self.hand.moves:
            if player < 0:  # the board, which must have been dealt
                board_seen += amount
                if board_seen > self.dealt:
                    return False
                continue
            if verb == "sm":
                if self.folded[player] or self.ended == "fold":
                    return False
                decisions[player] = amount
            elif self.actor != player or not self._bet(player, verb, amount):
                return False
            if self.queue:
                self._decide()
        return self.ended != "" and not self.queue and self._results_match()

    def _bet(self, player: int, verb: str, amount: int) -> bool:
        """A betting move of the player to act (the engine's fold, check_or_call, bet_or_raise); False when the
        engine refuses it."""
        if verb == "f":
            self.folded[player] = True
            self.live -= 1
        elif verb == "cc":
            bets, stacks, level = self.bets, self.stacks, self.level
            owed = level - bets[player]
            if owed > 0:
                if owed > stacks[player]:
                    owed = stacks[player]
                stacks[player] -= owed
                bets[player] += owed
                self.put[player] += owed
            self.acted[player] = level
        elif not self._raise(player, amount):
            return False
        if self.live == 1:  # everyone else folded: the last player wins without a showdown
            self._return_uncalled()
            self.ended = "fold"
            self.actor = None
        else:
            self.actor = self._next_needing(player)
            if self.actor is None:
                self._end_round()
        return True

    def _raise(self, seat: int, written: tuple[int, int]) -> bool:
        """A bet or raise to the ``written`` amount (:func:`_number`) of the player to act; False when the engine
        refuses the amount."""
        to, own = written
        if own != self.hand.places:
            to *= 10 ** (self.hand.places - own)
        low, high = self._raise_bounds(seat)
        if not low <= to <= high:
            return False
        level, unit = self.level, self.hand.big
        if to >= level + (self.last_raise if self.last_raise > unit else unit):  # a full raise reopens the betting
            self.last_raise = to - level
        amount = to - self.bets[seat]
        self.stacks[seat] -= amount
        self.bets[seat] = to
        self.put[seat] += amount
        self.level = self.acted[seat] = to
        self.raised.add(seat)
        self.aggressor = seat
        return True

    def _raise_bounds(self, seat: int) -> tuple[int, int]:
        """The engine's ``(min_to, max_to)`` for a no-limit bet or raise; (1, 0) when none is allowed."""
        bets, stacks, folded, level = self.bets, self.stacks, self.folded, self.level
        all_in_to = bets[seat] + stacks[seat]
        if all_in_to <= level:
            return 1, 0
        for other in _CLOCKWISE[self.n][seat]:  # the next player usually could: the loop mostly stops at once
            if other != seat and not folded[other] and bets[other] + stacks[other] > level:
                break
        else:
            return 1, 0  # nobody could call a raise
        acted = self.acted[seat]
        if acted >= 0 and level - acted < self.last_raise:
            return 1, 0  # only short all-ins since it acted: the betting is not reopened for it
        unit = self.hand.big
        min_to = level + (self.last_raise if self.last_raise > unit else unit)
        if all_in_to < min_to:
            return all_in_to, all_in_to
        return min_to, all_in_to

    def _return_uncalled(self) -> None:
        bets = self.bets
        top = max(bets)
        if top == 0 or bets.count(top) > 1:
            return
        seat = bets.index(top)
        excess = top - sorted(bets)[-2]
        self.stacks[seat] += excess
        bets[seat] -= excess
        self.put[seat] -= excess
        self.returns.append((seat, excess))

    def _end_round(self) -> None:
        """The round is over: the uncalled bet back, then the next street dealt and bet, or the showdown."""
        while True:
            self.actor = None
            self._return_uncalled()
            self.bets[:] = self.zeros  # in place: the play loop holds the lists
            self.level = self.last_raise = 0
            if self.street == 3:
                self._start_showdown()
                return
            self.street += 1
            self.dealt = 2 + self.street  # 3, 4, 5 board cards
            self.acted[:] = self.unacted
            self.actor = self._next_needing(-1)  # from the button's left
            if self.actor is not None:
                self.aggressor = None  # the engine forgets it only on a street someone bets
                return

    def _start_showdown(self) -> None:
        """The players still in, in the engine's order from the first to show; the all-in ones shown at once."""
        n, folded = self.n, self.folded
        self.ended = "showdown"
        first = self.aggressor
        if first is None or folded[first]:
            first = next(seat for seat in range(n) if not folded[seat])  # from the button's left
        order = [seat for seat in ((first + k) % n for k in range(n)) if not folded[seat]]
        self.shown = [False] * n
        for seat in order:
            if self.auto or self.stacks[seat] == 0:
                self.shown[seat] = True
        self.queue = [seat for seat in order if not self.shown[seat]]
        self._next_to_show()

    def _next_to_show(self) -> None:
        """Drop from the queue the players nobody else contests (they win unshown), as the engine does."""
        queue, pots, mucked = self.queue, _pots(self.put, self.folded), self.mucked
        while queue:
            seat = queue[0]
            if any(seat in eligible and any(o != seat and o not in mucked for o in eligible) for _, eligible in pots):
                return
            queue.pop(0)

    def _decide(self) -> None:
        """The recorded showdown decisions, as the engine asks for them."""
        queue, decisions = self.queue, self.decisions
        while queue and queue[0] in decisions:
            seat = queue.pop(0)
            if decisions.pop(seat):
                self.shown[seat] = True
            else:
                self.mucked.append(seat)
            self._next_to_show()

    def _results_match(self) -> bool:
        """The award (the engine's pots and odd chips) against the recorded finishing stacks and winnings."""
        hand = self.hand
        if self.ended == "fold":
            won = [0] * self.n
            won[self.folded.index(False)] = sum(self.put)
            stacks = [s + w for s, w in zip(self.stacks, won)]
            for seat, chips in self.returns:  # PHH keeps an uncalled blind in the pot its poster wins
                if seat not in self.raised:
                    won[seat] += chips
        else:
            award = self._showdown()
            if award is None:
                return False
            won = award
            stacks = [s + w for s, w in zip(self.stacks, won)]
        if hand.winnings is not None and hand.winnings != won:
            return False  # a rake, winnings not recorded or a mismatch: the engine says which
        return hand.finishing is None or hand.finishing == stacks

    def _showdown(self) -> list[int] | None:
        """Chips won by each player at the showdown; None when a contender's cards or the board are unknown."""
        hand, n, mucked = self.hand, self.n, self.mucked
        if len(hand.board) < 5:
            return None  # the board was not recorded to the end
        won = [0] * n
        for amount, eligible in _pots(self.put, self.folded):
            contenders = [seat for seat in eligible if seat not in mucked]
            if len(eligible) == 1 or len(contenders) == 1:
                won[contenders[0] if contenders else eligible[0]] += amount
                continue
            if not contenders:  # everyone eligible mucked: the last of them to muck takes it
                won[[seat for seat in mucked if seat in eligible][-1]] += amount
                continue
            values = {}
            for seat in contenders:
                cards = hand.holes[seat]
                if cards is None:
                    return None  # the record cannot tell who won: an unknown outcome
                values[seat] = hand_value([*cards, *hand.board])
            best = max(values.values())
            # Odd chips go one at a time to the winners from the button's (the last player's) left.
            winners = sorted(seat for seat in contenders if values[seat] == best)
            share, odd = divmod(amount, len(winners))
            for k, seat in enumerate(winners):
                won[seat] += share + (k < odd)
        return won


def _pots(put: list[int], folded: list[bool]) -> list[tuple[int, tuple[int, ...]]]:
    """The engine's pots: layers at each contribution, adjacent layers with the same contenders merged, money
    below every contender's level in the main pot."""
    n = len(put)
    contenders = tuple(k for k in range(n) if not folded[k])
    pots: list[list] = []
    previous = dead = 0
    for level in sorted(set(put)):
        if level <= 0:
            continue
        amount = sum((c if c < level else level) - previous for c in put if c > previous)
        eligible = tuple(k for k in contenders if put[k] >= level)
        if pots and (not eligible or pots[-1][1] == eligible):
            pots[-1][0] += amount
        elif eligible:
            pots.append([amount, eligible])
        else:
            dead += amount
        previous = level
    if dead:
        if pots and pots[0][1] == contenders:
            pots[0][0] += dead
        else:
            pots.insert(0, [dead, contenders])
    return [(amount, eligible) for amount, eligible in pots]


def hand_value(cards: list[int]) -> tuple[int, ...]:
    """The best five of 5 to 7 cards (rank * 4 + suit, deuce 0 to ace 12) as a tuple: higher is better, equal on
    a tie (category, then the ranks that decide).

    >>> hand_value(_cards("AsKsQsJsTs2c3d")) > hand_value(_cards("AhAdAcAs2c3d4h"))
    True
    >>> hand_value(_cards("As2d3c4h5s9c9d"))
    (4, 3)
    """
    ranks = sorted((c >> 2 for c in cards), reverse=True)
    by_suit: dict[int, list[int]] = {}
    for c in cards:
        by_suit.setdefault(c & 3, []).append(c >> 2)
    for suited in by_suit.values():
        if len(suited) >= 5:
            suited.sort(reverse=True)
            top = _straight_top(suited)
            return (8, top) if top is not None else (5, *suited[:5])
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(((count, r) for r, count in counts.items()), reverse=True)
    (most, first), second = groups[0], groups[1] if len(groups) > 1 else (0, -1)
    if most == 4:
        return (7, first, max(r for r in ranks if r != first))
    if most == 3 and second[0] >= 2:
        return (6, first, second[1])
    top = _straight_top(ranks)
    if top is not None:
        return (4, top)
    if most == 3:
        return (3, first, *[r for r in ranks if r != first][:2])
    if most == 2 and second[0] == 2:
        return (2, first, second[1], max(r for r in ranks if r != first and r != second[1]))
    if most == 2:
        return (1, first, *[r for r in ranks if r != first][:3])
    return (0, *ranks[:5])


def _straight_top(ranks: list[int]) -> int | None:
    """The top rank of the highest straight among ``ranks`` (the wheel's is the five, 3), or None."""
    present = set(ranks)
    for top in range(12, 3, -1):
        if top in present and top - 1 in present and top - 2 in present and top - 3 in present and top - 4 in present:
            return top
    if {12, 0, 1, 2, 3} <= present:
        return 3
    return None
