"""PHH for Omaha: the standard's codes (PO, FO/8), pokerlab's extension (PO/8, 5 and 6 hole cards), round trips,
and pokerkit's replay to the same finishing stacks."""

from __future__ import annotations

import pytest
from phh_helpers import check_pokerkit_stacks, check_round_trip, random_hands, replay_what_pokerkit_writes

from pokerlab.simulate.game import FIXED_LIMIT, POT_LIMIT, State, fixed_limit_omaha_hilo, omaha, pot_limit_omaha
from pokerlab.simulate.histories.codes import PHHError, phh_fields, variant_from_phh

STANDARD = {"PO": pot_limit_omaha(1, 2), "FO/8": fixed_limit_omaha_hilo(1, 2)}
EXTENDED = {
    "PO/8": omaha(POT_LIMIT, 1, 2, hilo=True),
    "FO": omaha(FIXED_LIMIT, 1, 2),
    "PO-5": omaha(POT_LIMIT, 1, 2, hole_cards=5),
    "PO/8-6": omaha(POT_LIMIT, 1, 2, hole_cards=6, hilo=True),
}


def test_standard_omaha_codes_and_fields():
    code, fields, extras = phh_fields(STANDARD["PO"], 3)
    assert (code, fields, extras) == ("PO", {"antes": [0, 0, 0], "blinds_or_straddles": [1, 2, 0], "min_bet": 2}, {})
    code, fields, extras = phh_fields(STANDARD["FO/8"], 3)
    assert code == "FO/8" and fields["small_bet"] == 2 and fields["big_bet"] == 4
    # Our fixed limit counts the big blind as the first bet (a restriction of the standard game).
    assert extras == {"_blind_counts_as_bet": True}
    for variant in STANDARD.values():
        assert variant_from_phh(*phh_fields(variant, 3)) == variant


@pytest.mark.parametrize("key", list(EXTENDED))
def test_extension_codes_rebuild_the_same_game(key):
    variant = EXTENDED[key]
    code, fields, extras = phh_fields(variant, 4)
    assert code == key.split("-")[0]
    assert extras.get("_hole_cards", 4) == variant.hole_cards
    assert variant_from_phh(code, fields, extras) == variant


def test_hole_card_count_is_checked():
    fields = {"antes": [0, 0], "blinds_or_straddles": [1, 2], "min_bet": 2}
    with pytest.raises(PHHError, match="between 4 and 6"):
        variant_from_phh("PO", fields, {"_hole_cards": 7})
    with pytest.raises(PHHError, match="only Omaha takes a hole-card count"):
        variant_from_phh("NT", fields, {"_hole_cards": 4})


@pytest.mark.parametrize("variant", [*STANDARD.values(), *EXTENDED.values()], ids=[*STANDARD, *EXTENDED])
def test_omaha_round_trips_write_read_replay_identical(variant):
    for hand in random_hands(variant, 40, (2, 10)):
        check_round_trip(hand)


def _short_raise_raised_again(hand: State) -> bool:
    """Whether a fixed-limit all-in raise short of a full bet was raised again by a player who had already acted.

    Our half-bet rule (docs/rules.md 10) lets an all-in of half a bet or more reopen the betting; pokerkit
    refuses any raise over a short all-in from a player who already acted ("Short all-in cannot be raised").
    """
    betting = hand.variant.betting
    if betting.kind != FIXED_LIMIT:
        return False
    level, street, short, acted = hand.variant.forced.big_blind, 0, False, set()
    for entry in hand.history:
        if entry[0] == "board":
            level, street, short, acted = 0, street + 1, False, set()
        elif entry[0] in ("bet", "raise"):
            if short and entry[1] in acted:
                return True
            unit = betting.unit(hand.variant.streets[street].big_bet)
            short = short or entry[2] - level < unit
            level = entry[2]
            acted.add(entry[1])
        elif entry[0] in ("call", "check"):
            acted.add(entry[1])
    return False


@pytest.mark.parametrize("code", list(STANDARD))
def test_pokerkit_replays_our_omaha_hands_to_the_same_stacks(code):
    # A short all-in raised again: a rule pokerkit reads differently (docs/rules.md 10).
    hands = check_pokerkit_stacks(random_hands(STANDARD[code], 200, (2, 6), salt=1), skip=_short_raise_raised_again)
    showdowns = sum(hand.ended_by == "showdown" for hand in hands)
    splits = sum(any(len(pot.winners) > 1 for pot in hand.pots) for hand in hands)
    assert showdowns >= 30 and splits >= (3 if code == "FO/8" else 1)  # showdowns and split pots, not only folds


@pytest.mark.parametrize("code", list(STANDARD))
def test_we_replay_the_omaha_hands_pokerkit_writes(code):
    import pokerkit

    hands = random_hands(STANDARD[code], 40, (2, 6), salt=2)
    assert replay_what_pokerkit_writes(pokerkit, hands, skip=_short_raise_raised_again) >= 30
