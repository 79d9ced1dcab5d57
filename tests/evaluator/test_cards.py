"""Card ids, parsing, formatting and masks."""

import pytest
from hypothesis import given, strategies as st

from pokerlab.evaluator.cards import (
    CardError,
    card_id,
    card_str,
    cards_to_mask,
    format_cards,
    mask_to_cards,
    parse_card,
    parse_cards,
    to_card_ids,
)


def test_id_layout_is_four_times_rank_plus_suit():
    assert parse_card("2c") == 0
    assert parse_card("2d") == 1
    assert parse_card("2h") == 2
    assert parse_card("2s") == 3
    assert parse_card("3c") == 4
    assert parse_card("As") == 51
    assert card_id(12, 3) == 51


@pytest.mark.parametrize(
    "text",
    ["AsKh", "As Kh", "as kh", "AS KH", "As,Kh", " As  Kh "],
)
def test_spellings(text):
    assert parse_cards(text) == [51, 46]


def test_ten_is_t():
    assert parse_cards("10h 9h") == [34, 30]
    assert format_cards(parse_cards("10h")) == "Th"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("AsXh", ["'X'", "'Xh'", "position 2"]),
        ("AsKx", ["'x'", "'Kx'", "position 2"]),
        ("AsAs", ["duplicate", "'As'", "position 2", "position 1"]),
        ("AsK", ["incomplete", "'K'", "position 2"]),
        ("1h", ["'1'", "position 1"]),
    ],
)
def test_errors_name_token_and_position(text, words):
    with pytest.raises(CardError) as info:
        parse_cards(text)
    for word in words:
        assert word in str(info.value)
    assert isinstance(info.value, ValueError)


def test_count_check():
    with pytest.raises(CardError, match="expected 5 or 6 or 7 cards, got 2"):
        parse_cards("AsKs", count=(5, 6, 7))
    assert len(parse_cards("AsKsQsJsTs", count=5)) == 5


@pytest.mark.parametrize(
    ("ids", "words"),
    [
        ([0, 52], ["52", "position 2", "joker", "52-card deck"]),
        ([0, 54], ["54", "position 2", "out of range"]),
        ([-1], ["-1"]),
        ([3, 3], ["duplicate", "'2s'"]),
        ([1.5], ["1.5"]),
        (["x"], ["'x'"]),
    ],
)
def test_id_errors(ids, words):
    with pytest.raises(CardError) as info:
        to_card_ids(ids)
    for word in words:
        assert word in str(info.value)


def test_card_str_range():
    assert card_str(52) == card_str(53) == "Jk"
    with pytest.raises(CardError):
        card_str(54)


def test_jokers_parse_in_decks_that_hold_them():
    assert parse_cards("Jk As", deck_size=53) == [52, 51]
    assert parse_cards("jk JK 2c", deck_size=54) == [52, 53, 0]
    assert to_card_ids([52, 53], deck_size=54) == [52, 53]
    with pytest.raises(CardError, match="not in the 52-card deck"):
        parse_cards("As Jk")
    with pytest.raises(CardError, match="second joker at position 2: the 53-card deck has one joker"):
        parse_cards("Jk Jk", deck_size=53)
    with pytest.raises(CardError, match="third joker at position 3"):
        parse_cards("Jk Jk Jk", deck_size=54)
    with pytest.raises(CardError, match="card id 53 .* position 1"):
        to_card_ids([53], deck_size=53)


@given(st.lists(st.integers(0, 51), unique=True, max_size=10))
def test_round_trips(ids):
    assert parse_cards(format_cards(ids)) == ids
    assert parse_cards(format_cards(ids, " ")) == ids
    assert mask_to_cards(cards_to_mask(ids)) == sorted(ids)


def test_mask_bits():
    assert cards_to_mask("2c3c") == 0b10001
    assert mask_to_cards(1 << 52) == [52]
    with pytest.raises(CardError):
        mask_to_cards(1 << 54)
