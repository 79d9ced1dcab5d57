"""A finished replay's outcome: the final stacks, the rake, and the checks against the recorded results.

When the record cannot tell who won (cards nobody saw at a showdown), the recorded results are the outcome,
checked only for being one some award of the pot could give.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from typing import Any

from pokerlab.simulate.game.events import PLAYER_ACTION_TYPES, Call
from pokerlab.simulate.game.state import State

from .actions import ParsedAction
from .hand import HandHistory
from .money import from_chips, to_chips, unknown_at
from .rake import NO_MORE_THAN_10_PERCENT as NO_MORE_THAN_10_PERCENT, RakeLimit
from .record import phh_winnings
from .results import ReplayResult


def named_cards(parsed: list[ParsedAction]) -> set[int]:
    """Every card the record names (dealt, drawn or shown): the engine's other cards are stand-ins."""
    seen: set[int | None] = set()
    for p in parsed:
        if p.cards:
            seen.update(p.cards)
        if p.replacement:
            seen.update(p.replacement)
    seen.discard(None)  # one discard, not a test per card
    return seen  # type: ignore[return-value]  # None is out


def _unknown_reason(
    state: State, parsed: list[ParsedAction], names_: list[str], player_of: dict[int, int], guessed: AbstractSet[int]
) -> str | None:
    """Why the record cannot tell who won a contested pot (a contender's cards or the board unseen, or which seen
    cards it threw for unseen discards), or None."""
    if state.ended_by != "showdown":
        return None
    seen = named_cards(parsed)
    if not seen.issuperset(state.board):
        return "the board was not recorded to the end"
    for pot in state.pots:
        contenders = [s for s in pot.eligible if not state.mucked[s]]
        if len(contenders) < 2:
            continue
        for seat in contenders:
            if not seen.issuperset(state.hole[seat]):
                return f"{names_[player_of[seat]]}'s cards at the showdown are unknown"
            if seat in guessed and not _shows_its_hand(parsed, player_of[seat], state.hole[seat]):
                return f"{names_[player_of[seat]]}'s unseen discards leave its hand at the showdown unknown"
    return None


def _shows_its_hand(parsed: list[ParsedAction], player: int, hole: list[int]) -> bool:
    """Whether the record shows exactly the cards the engine's hand of ``player`` holds."""
    for p in parsed:
        shown = [c for c in p.cards or () if c is not None]
        if p.verb == "sm" and p.player == player and len(shown) == len(p.cards or ()) and sorted(shown) == sorted(hole):
            return True
    return False


def check_outcome(
    result: ReplayResult,
    state: State,
    history: HandHistory,
    parsed: list[ParsedAction],
    seat_of: list[int],
    player_of: dict[int, int],
    rake_limit: RakeLimit,
    guessed: AbstractSet[int] = frozenset(),
) -> None:
    """Final stacks and the checks against the recorded results (which are the outcome when the replay cannot be).

    Recorded winnings short of the replayed ones are the rake when ``rake_limit`` allows it; winnings that
    are all zero are not recorded (``result.winnings_missing``), not a pot raked whole. A player whose
    starting stack is unknown (``inf``) has an unknown finishing stack (None); a result that depends on it
    (its last action a call that may have been all-in for less) is an unknown outcome, not a guess."""
    places = result.places
    unknown = set(unknown_at(history.starting_stacks))
    by_seat = phh_winnings(state)
    won = [by_seat[seat] for seat in seat_of]
    stacks = [state.stacks[seat] for seat in seat_of]
    recorded_w = history.optional.get("winnings")
    w_chips = None if recorded_w is None else [to_chips(v, places) for v in recorded_w]
    reason = _unknown_reason(state, parsed, result.names, player_of, guessed) or _stack_reason(
        state, seat_of, unknown, result
    )
    if reason is not None:
        result.unknown_outcome = reason
        _recorded_outcome(result, state, history, seat_of, unknown, stacks, won, w_chips)
        return
    rake = 0
    if w_chips is not None and w_chips != won and not any(w_chips) and any(won):
        result.winnings_missing = True  # all zero: not recorded, not a pot raked whole
        w_chips = None
    if w_chips is not None and w_chips != won:
        taken = [p - w for p, w in zip(won, w_chips)]
        if _is_rake(taken, w_chips, won, rake_limit, places):
            # Winnings are recorded after the house's cut (PHH): the difference is the rake.
            rake = sum(taken)
            stacks = [s - t for s, t in zip(stacks, taken)]
            won = w_chips
    result.rake = from_chips(rake, places)
    if unknown or places:
        result.stacks = [None if k in unknown else from_chips(c, places) for k, c in enumerate(stacks)]
    else:
        result.stacks = list(stacks)  # whole chips, every stack known: the chips are the amounts
    result._awarded = (player_of, won)
    # Each recorded result against the replay's (the replay's amounts made only for the fields recorded).
    recorded = history.optional.get("finishing_stacks")
    if recorded is not None:
        recorded = result.expected = _masked(recorded, unknown)
        result.checks["finishing_stacks"] = (recorded, result.stacks)
    recorded = history.optional.get("winnings")
    if recorded is not None and not result.winnings_missing:
        result.checks["winnings"] = (recorded, [from_chips(c, places) for c in won])
    recorded = history.user.get("_carry_out")
    if recorded is not None:
        result.checks["_carry_out"] = (recorded, from_chips(state.carry_out, places))


def _masked(values: list[Any], unknown: AbstractSet[int]) -> list[Any]:
    """Recorded amounts with the unknown players' entries None (an unknown stack's finishing stack is not checked)."""
    if not unknown:
        return list(values)
    return [None if k in unknown else v for k, v in enumerate(values)]


def _recorded_outcome(
    result: ReplayResult,
    state: State,
    history: HandHistory,
    seat_of: list[int],
    unknown: AbstractSet[int],
    stacks: list[int],
    won: list[int],
    w_chips: list[int] | None,
) -> None:
    """The outcome when the replay cannot tell it: the recorded finishing stacks, or the stacks before the award
    plus the recorded winnings, checked only for being an award of the pot (unknown stacks stay None)."""
    places = result.places
    recorded_f = history.optional.get("finishing_stacks")
    before = [s - w for s, w in zip(stacks, won)]  # stacks before the award
    outcome: list[int | None] | None = None
    if recorded_f is not None:
        outcome = [None if k in unknown else to_chips(v, places) for k, v in enumerate(recorded_f)]
        result.expected = _masked(recorded_f, unknown)
    elif w_chips is not None:
        outcome = [None if k in unknown else b + w for k, (b, w) in enumerate(zip(before, w_chips))]
    if recorded_f is not None and w_chips is not None:
        implied = [None if k in unknown else from_chips(b + w, places) for k, (b, w) in enumerate(zip(before, w_chips))]
        result.checks["finishing_stacks"] = (_masked(recorded_f, unknown), implied)
    result.stacks = None if outcome is None else [None if c is None else from_chips(c, places) for c in outcome]
    if outcome is not None:
        result.impossible = _impossible_outcome(before, outcome, sum(won), state, seat_of, result)


def _stack_reason(state: State, seat_of: list[int], unknown: AbstractSet[int], result: ReplayResult) -> str | None:
    """Why the result depends on an unknown stack, or None: a player whose stack is unknown ended its play with a
    call, which may have been all-in for less (PHH writes every call as ``cc``); any later action of its shows it
    had chips left."""
    for k in sorted(unknown):
        seat = seat_of[k]
        last = next((e for e in reversed(state.history) if isinstance(e, PLAYER_ACTION_TYPES) and e.seat == seat), None)
        if isinstance(last, Call) and last.amount > 0:
            amount = from_chips(last.amount, result.places)
            return f"{result.names[k]}'s stack is unknown: its last call, of {amount}, may have been all-in for less"
    return None


def _is_rake(taken: list[int], w_chips: list[int], won: list[int], limit: RakeLimit, places: int) -> bool:
    """Whether recorded winnings short of the replayed ones read as a rake: nobody got more, nobody who won
    nothing is recorded as winning, and the shortfall is within ``limit`` of the pot."""
    if any(t < 0 for t in taken) or any(w != 0 for w, p in zip(w_chips, won) if p == 0):
        return False
    return limit.allows(sum(taken), sum(won), places)


def _impossible_outcome(
    before: list[int], outcome: list[int | None], pot: int, state: State, seat_of: list[int], result: ReplayResult
) -> str | None:
    """Why a recorded result (when the cards cannot tell who won) is one no award of the pot could give, or None."""
    gains = [0 if after is None else after - had for after, had in zip(outcome, before)]  # unknown stacks: None
    for k, gain in enumerate(gains):
        if gain < 0:
            return f"finishing_stacks: {result.names[k]} ends with less than it held when the pot was awarded"
        if gain > 0 and state.folded[seat_of[k]]:
            return f"finishing_stacks: {result.names[k]} folded, yet the record gives it chips from the pot"
    if sum(gains) > pot:
        given, held = from_chips(sum(gains), result.places), from_chips(pot, result.places)
        return f"finishing_stacks: the record gives out {given}, more than the pot of {held}"
    return None
