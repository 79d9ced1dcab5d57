"""The deck a replay deals from, stacked so the engine deals exactly the recorded cards.

Burns and cards nobody saw (``??``) are filled with cards the record does not name. A card dealt twice, or
not in the game's deck, is the fault of the action that deals it.
"""

from __future__ import annotations

from itertools import chain, filterfalse

from pokerlab.evaluator.cards import deck_ids
from pokerlab.simulate.game.cards import names
from pokerlab.simulate.game.declarations import Variant

from .actions import ActionProblem, ParsedAction
from .codes import PHHError
from .stud_deck import choose_up_stand_ins, reveal_shown_stud


def stack_deck(state_variant: Variant, parsed: list[ParsedAction], n: int) -> tuple[list[int], list[int]]:
    """(deck in dealing order, cards expected after the stub runs out) from the recorded cards."""
    holes, hole_from, later, later_from, draws, shows = _recorded_deals(state_variant, parsed, n)
    if draws:
        _reveal_discarded(parsed, holes, hole_from, later, later_from)
    if shows:
        _reveal_shown(parsed, shows, holes, hole_from, later, later_from, draws)
        if not draws:
            _check_shown(shows, holes)
    if not any(holes):  # no hole cards recorded at all: everyone got cards nobody saw (pokerkit deals "??")
        holes = [[None] * state_variant.hole_cards for _ in range(n)]
        hole_from = [[None] * state_variant.hole_cards for _ in range(n)]
    if set(map(len, holes)) != {state_variant.hole_cards}:
        raise PHHError(
            f"every player must be dealt {state_variant.hole_cards} hole cards before the first action", field="actions"
        )
    # Round by round, seat by seat: zip deals the k-th cards of every seat together (no loop in Python).
    sequence: list[int | None | str] = list(chain.from_iterable(zip(*holes)))
    sequence += later
    size = state_variant.deck_size
    ids = deck_ids(size)  # the short deck's are 16..51
    known = [c for c in sequence if type(c) is int]
    seen = set(known)
    if len(seen) != len(known) or (known and (max(known) >= ids.stop or min(known) < ids.start)):
        # find the action at fault, for its error
        _check_dealt(sequence, list(chain.from_iterable(zip(*hole_from))) + later_from, size)
    # The cards are checked above in one pass through a set (the action at fault is looked for only when
    # one is wrong), and burns and unseen cards take the unused cards through an iterator, not list.pop(0):
    # 25.5 -> 21.5 ms per 1,000 of the bench's hands (CPU time).
    spare = list(filterfalse(seen.__contains__, ids))
    fill = iter(spare)
    deck = [item if type(item) is int else next(fill, -1) for item in sequence]
    if len(sequence) <= size:  # the spare cards covered every gap: the whole deck, the rest in order after it
        deck += fill
        return deck, []
    spare = list(fill)
    top = [c for c in deck[:size] if c >= 0]
    if len(top) + len(spare) == size:
        top += spare  # the whole deck in order: nothing left for the engine to shuffle
    return top, [c for c in deck[size:] if c >= 0]


def _recorded_deals(
    state_variant: Variant, parsed: list[ParsedAction], n: int
) -> tuple[
    list[list[int | None]],
    list[list[ParsedAction | None]],
    list[int | None | str],
    list[ParsedAction | None],
    bool,
    list[ParsedAction],
]:
    """The dealer's recorded cards: each player's hole cards and the board and draw cards after them, in
    dealing order ("burn" marks a burn), each with the action that dealt it. A draw's cards go to its discard.
    Then whether anyone draws (discards), and the showdown actions that name cards, in order."""
    holes: list[list[int | None]] = [[] for _ in range(n)]
    hole_from: list[list[ParsedAction | None]] = [[] for _ in range(n)]  # the action that dealt each hole card
    later: list[int | None | str] = []  # board/draw cards in dealing order; "burn" marks a burn
    later_from: list[ParsedAction | None] = []
    board_streets = [s for s in state_variant.streets if s.board]
    boards_seen = 0
    pending: dict[int, ParsedAction] = {}  # player -> the discard still waiting for its cards
    started = draws = False
    shows: list[ParsedAction] = []
    for p in parsed:
        if p.actor != "d":
            started = True
            verb = p.verb
            if verb == "sm":
                if p.cards:
                    shows.append(p)
            elif verb == "sd":
                draws = True
                if p.cards:
                    pending[p.seat] = p
            continue
        cards = p.cards or []
        if p.verb == "db":
            if boards_seen < len(board_streets):
                burns = board_streets[boards_seen].burn
                later.extend(["burn"] * burns)
                later_from.extend([None] * burns)
            boards_seen += 1
            later.extend(cards)
            later_from.extend([p] * len(cards))
        elif not started and not pending:
            holes[p.seat].extend(cards)
            hole_from[p.seat].extend([p] * len(cards))
        else:
            discard = pending.pop(p.seat, None)
            if discard is None or len(discard.cards or []) != len(cards):
                thrown = 0 if discard is None else len(discard.cards or [])
                raise ActionProblem(p, f"the dealer deals {len(cards)} card(s), but the player discarded {thrown}")
            discard.replacement = cards
            later.extend(cards)
            later_from.extend([p] * len(cards))
    return holes, hole_from, later, later_from, draws, shows


def _reveal_discarded(
    parsed: list[ParsedAction],
    holes: list[list[int | None]],
    hole_from: list[list[ParsedAction | None]],
    later: list[int | None | str],
    later_from: list[ParsedAction | None],
) -> None:
    """A seen discard of a card the record never deals the player was one of its unseen cards: the latest one
    dealt to it before the discard that no earlier unseen discard threw (a draw's ``????`` replacements, then a
    ``Qc??`` discard, say)."""
    named = {c for hole in holes for c in hole if c is not None} | {c for c in later if type(c) is int}
    if all(c is None or c in named for p in parsed if p.verb == "sd" for c in p.cards or ()):
        return  # the usual record: every seen discard was dealt where the record says
    slots: dict[int, list[int]] = {}  # a replacement deal (by id) -> its places in ``later``
    for k, source in enumerate(later_from):
        if source is not None:
            slots.setdefault(id(source), []).append(k)
    unseen: list[list[tuple[str, int]]] = [[("hole", k) for k, c in enumerate(hole) if c is None] for hole in holes]
    for p in parsed:
        if p.actor == "d" and p.verb == "dh" and id(p) in slots:
            unseen[p.seat].extend(("later", k) for k in slots[id(p)] if later[k] is None)
        elif p.verb == "sd" and p.cards:
            del unseen[p.seat][: list(p.cards).count(None)]  # the unseen discards throw the first unseen cards
            for card in p.cards:
                if card is not None and card not in named and unseen[p.seat]:
                    where, k = unseen[p.seat].pop()
                    if where == "hole":
                        holes[p.seat][k], hole_from[p.seat][k] = card, p
                    else:
                        later[k] = card
                    named.add(card)


def _reveal_shown(
    parsed: list[ParsedAction],
    shows: list[ParsedAction],
    holes: list[list[int | None]],
    hole_from: list[list[ParsedAction | None]],
    later: list[int | None | str],
    later_from: list[ParsedAction | None],
    draws: bool,
) -> None:
    """Shown cards (``shows``: the showdown actions that name cards) reveal unknown cards: each ``??`` dealt takes
    the next shown card not already dealt.

    In a draw game the hand shown is the one after the draws: the unseen hole cards its unseen discards threw
    are not in it, so the shown cards fill the unseen hole cards the player kept, then its unseen replacements.
    """
    dealt_later = {c for c in later if type(c) is int}
    for p in shows:
        hole = holes[p.seat]
        known = [c for c in p.cards or () if c is not None and c not in hole and c not in dealt_later]
        if not known:
            continue
        thrown = (
            sum((q.cards or ()).count(None) for q in parsed if q.verb == "sd" and q.player == p.player) if draws else 0
        )
        kept = max(0, hole.count(None) - thrown)
        for k, card in enumerate(hole):
            if card is None and known and kept:
                hole[k], kept = known.pop(0), kept - 1
                hole_from[p.seat][k] = p
        for k, item in enumerate(later):
            source = later_from[k]
            if item is None and known and source is not None and source.player == p.player:
                later[k] = known.pop(0)
                dealt_later.add(later[k])  # type: ignore[arg-type]


def _check_shown(shows: list[ParsedAction], holes: list[list[int | None]]) -> None:
    """Without draws the cards a player shows (``shows``: the showdown actions that name cards) are cards it was
    dealt; a record that says otherwise is at fault."""
    for p in shows:
        if p.cards:
            dealt = holes[p.seat]
            if any(c is not None and c not in dealt for c in p.cards):
                dealt_text = names(c for c in dealt if c is not None) or "unseen cards"
                raise ActionProblem(p, f"{p.actor} shows cards it was not dealt (it was dealt {dealt_text})")


def _check_dealt(sequence: list[int | None | str], source: list[ParsedAction | None], size: int) -> None:
    """Raise for the first card of ``sequence`` (in dealing order) not in the deck or dealt twice, naming the
    action that dealt it (``source``). After the stub runs out (position ``size`` on) discards come back."""
    seen: dict[int, ParsedAction | None] = {}
    for position, item in enumerate(sequence):
        if type(item) is not int:
            continue
        card = item
        dealer = source[position]
        assert dealer is not None  # a card (not a burn or an unseen hole card) comes from an action
        if card not in deck_ids(size):
            raise ActionProblem(dealer, f"the card {names([card])} is not in this game's deck")
        if card in seen and position < size:
            first = seen[card]
            earlier = "" if first is None or first is dealer else f" (action {first.index + 1} {first.text!r} dealt it)"
            raise ActionProblem(dealer, f"the card {names([card])} is dealt twice{earlier}")
        seen[card] = dealer


def stack_stud_deck(variant: Variant, parsed: list[ParsedAction], n: int) -> tuple[list[int], list[int]]:
    """(deck in dealing order, []) of a stud hand: each street's cards to the players who get them, with the
    burns and the short deck's community card where the engine deals them (docs/rules.md 13.5). Unseen up cards
    get stand-ins that agree with the record's order of play (:mod:`.stud_deck`)."""
    holes: list[list[int | None]] = [[] for _ in range(n)]
    board: list[int | None] = []
    for p in parsed:
        if p.actor == "d" and p.verb == "dh":
            holes[p.player].extend(p.cards or [])  # type: ignore[index]
        elif p.actor == "d":
            board.extend(p.cards or [])
    size = variant.deck_size
    reveal_shown_stud(parsed, holes)
    if not any(p.verb == "sd" for p in parsed):
        _check_shown([p for p in parsed if p.verb == "sm" and p.cards], holes)
    if not any(holes):  # no hole cards recorded at all: everyone got cards nobody saw
        holes = [[None] * variant.hole_cards for _ in range(n)]
    choose_up_stand_ins(variant, parsed, holes)  # unseen up cards never decide the order of play
    sequence = _stud_dealing_order(variant, holes, board, n)
    known = [c for c in sequence if isinstance(c, int)]
    if len(set(known)) != len(known):
        twice = next(c for c in known if known.count(c) > 1)
        raise PHHError(f"the card {names([twice])} is dealt twice", field="actions")
    if any(c >= size for c in known):
        raise PHHError("a card is not in this game's deck", field="actions")
    taken = set(known)  # once: the set built again for each card of the deck was most of a stud hand's stacking
    spare = [c for c in range(size) if c not in taken]
    deck = [item if isinstance(item, int) else spare.pop(0) for item in sequence]
    return deck + spare, []


def _stud_dealing_order(
    variant: Variant, holes: list[list[int | None]], board: list[int | None], n: int
) -> list[int | None | str]:
    """The cards of a stud hand in the order the engine deals them, street by street, with ``"burn"`` where it
    burns one; after the last street anyone is dealt on, the short deck's community card (if recorded)."""
    size = variant.deck_size
    sequence: list[int | None | str] = []
    first = variant.streets[0].hole
    if any(len(h) < first for h in holes):
        raise PHHError(f"every player must be dealt {first} cards on the first street", field="actions")
    sequence += [holes[p][k] for k in range(first) for p in range(n)]
    position = first
    for street in variant.streets[1:]:
        getting = [p for p in range(n) if len(holes[p]) >= position + street.hole]
        if not getting:
            if board:  # the deck ran short: one community card
                if size - len(sequence) > 1 and street.burn:
                    sequence.append("burn")
                sequence.append(board[0])
            break
        left = size - len(sequence)
        if street.burn + street.hole * len(getting) <= left:
            sequence += ["burn"] * street.burn
        sequence += [holes[p][position + k] for k in range(street.hole) for p in getting]
        position += street.hole
    return sequence
