"""One reader: ``read`` gives the same hands, labels, errors and warnings whatever the source (a path, a text, an
open text or binary file, a list of lines); ``load``/``loads`` read one hand as json's functions read one document."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from pokerlab.simulate.histories import PHHError, dumps, load, loads, read, reading

HAND = (
    'variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [0.50, 1]\nmin_bet = 1\nstarting_stacks = [50, 50]\n'
    'actions = ["d dh p1 AsAh", "d dh p2 7c2d", "p2 f"]\n'
)
GOOD = "[1]\n" + HAND + "[2]\n" + HAND.replace("[50, 50]", "[40, 60]")
BAD_FIRST = "[1]\n" + HAND.replace('"NT"', "7") + GOOD.replace("[1]", "[3]")


def _sources(text: str, tmp_path: Path) -> dict[str, object]:
    """Every kind of source read() takes, each holding ``text``."""
    path = tmp_path / "hands.phhs"
    path.write_text(text, encoding="utf-8")
    named = io.StringIO(text)
    named.name = str(path)  # type: ignore[misc]
    return {
        "Path": path,
        "str path": str(path),
        "text": text,
        "text file": named,
        "binary file": io.BytesIO(text.encode()),
        "lines": text.splitlines(keepends=True),
    }


def _seen(items) -> list:
    return [tuple(str(x) if isinstance(x, PHHError) else x for x in item) for item in items]


def test_every_kind_of_source_reads_the_same_hands(tmp_path):
    expected = [("1", loads(HAND)), ("2", loads(HAND.replace("[50, 50]", "[40, 60]")))]
    for kind, source in _sources(GOOD, tmp_path).items():
        assert list(read(source)) == expected, kind


def test_money_places_come_with_each_hand_when_asked(tmp_path):
    for kind, source in _sources(GOOD, tmp_path).items():
        assert [(label, places) for label, _, places in read(source, money_places=True)] == [("1", 2), ("2", 2)], kind


def test_a_bad_hand_stops_the_read_or_is_yielded_in_its_place(tmp_path):
    for kind, source in _sources(BAD_FIRST, tmp_path).items():
        with pytest.raises(PHHError, match="variant: must be a string") as caught:
            list(read(source))
        assert caught.value.hand == "1", kind
    for kind, source in _sources(BAD_FIRST, tmp_path).items():
        recovered = list(read(source, recover=True))
        assert [label for label, _ in recovered] == ["1", "3", "2"], kind
        assert isinstance(recovered[0][1], PHHError) and recovered[1][1] == loads(HAND), kind


def test_errors_name_the_file_a_path_or_a_named_file_comes_from(tmp_path):
    path = tmp_path / "hands.phhs"
    for kind in ("Path", "str path", "text file"):
        with pytest.raises(PHHError) as caught:
            list(read(_sources(BAD_FIRST, tmp_path)[kind]))
        assert str(caught.value).startswith(f"{path}: hand [1]: variant:"), kind
    with pytest.raises(PHHError) as caught:
        list(read(BAD_FIRST))
    assert str(caught.value).startswith("hand [1]: variant:")


def test_a_string_without_a_line_break_is_a_path():
    with pytest.raises(FileNotFoundError):
        list(read("no-such-file.phh"))


def test_a_file_whose_name_holds_a_line_break_replays_as_a_file(tmp_path):
    from pokerlab.simulate.histories.dataset import iter_results

    path = tmp_path / "two\nlines.phh"
    path.write_text(HAND, encoding="utf-8")
    assert [(label, result.status) for label, result in iter_results(str(path))] == [("1", "ok")]
    assert list(read(path)) == [("1", loads(HAND))]


def test_what_is_not_a_source_is_refused_by_type():
    with pytest.raises(TypeError, match="read\\(\\) takes a path, the text of a .phh/.phhs file, or an open file"):
        list(read(5))  # type: ignore[call-overload]


def test_a_binary_file_is_read_and_left_open():
    file = io.BytesIO(GOOD.encode())
    assert len(list(read(file))) == 2
    assert not file.closed
    with pytest.raises(PHHError, match="not UTF-8 text"):
        list(read(io.BytesIO(HAND.replace("Ann", "x").encode() + b"players = ['\xc5nn', 'Bob']\n")))


def test_an_open_file_is_read_a_hand_at_a_time_however_long_its_lines(monkeypatch):
    monkeypatch.setattr(reading, "MAX_HAND_CHARS", 1 << 12)
    endless = "[1]\n" + HAND + "[2]\n" + "#" * (1 << 16)
    for file in (io.StringIO(endless), io.BytesIO(endless.encode())):
        hands = read(file)
        assert next(hands)[0] == "1"
        with pytest.raises(PHHError, match="hand \\[2\\]: more than 4,096 characters"):
            next(hands)


def test_load_reads_one_hand_from_a_path_or_an_open_file_as_loads_does_from_its_text(tmp_path):
    path = tmp_path / "one.phh"
    path.write_text(HAND, encoding="utf-8")
    hand = loads(HAND)
    assert load(path) == load(str(path)) == load(io.StringIO(HAND)) == load(io.BytesIO(HAND.encode())) == hand
    assert loads(dumps(hand)) == hand


def test_load_refuses_an_open_file_longer_than_a_hand_without_reading_it_whole(monkeypatch):
    monkeypatch.setattr(reading, "MAX_HAND_CHARS", 1 << 12)
    long = HAND + "#" * (1 << 16)
    for file in (io.StringIO(long), io.BytesIO(long.encode())):
        with pytest.raises(PHHError, match="more than 4,096 characters, where a hand holds a few thousand"):
            load(file)
        assert file.tell() <= 4 * (1 << 12) + 1  # what was read: at most a hand's worth


def test_load_of_bytes_that_are_not_utf8_is_a_phh_error():
    with pytest.raises(PHHError, match="not UTF-8 text"):
        load(io.BytesIO(HAND.encode() + b"players = ['\xc5nn', 'Bob']\n"))
