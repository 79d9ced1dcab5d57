"""Stud equity: exact against a brute force over every deal, Monte Carlo against exact, invariants, errors, pokerkit.

The brute force deals every player's missing cards from the unseen deck in
every way (itertools), one community card on seventh street when the deck is
short (docs/rules.md 13.5), ranks each seven-card hand with the independent
references (``tests/reference.py`` for the high hand, ``tests/reference_variants.py``
for ace-to-five) and splits the pot by the rules: the high half and the
eight-or-better low half, each shared by tied players; no low, the high takes all.
"""

from __future__ import annotations

import itertools
import math
from functools import cache

import pytest
from reference import parse, reference_key as high_key
from reference_variants import reference_key as variant_key

from pokerlab.errors import InputError, PokerlabError
from pokerlab.simulate.equity.stud import StudEquityResult, stud_equity

STATS = ("equity", "win", "tie", "low_win", "low_tie", "scoop", "quarter")


@cache
def _keys(hand: tuple[int, ...], game: str) -> tuple[tuple, tuple | None]:
    """(main key, qualifying low key or None) of seven cards: larger is better."""
    low = variant_key(hand, "ace-five")
    if game == "razz":
        return low, None
    # An ace-five key is (-pairing, -top rank, ...), the ace counting 0: eight or better is unpaired, top <= 7.
    qualifies = game == "stud-hilo" and low[0] == 0 and -low[1] <= 7
    return high_key(hand), low if qualifies else None


def _deals(pool: list[int], wants: list[int]):
    """Every way to give player p ``wants[p]`` cards of ``pool``, no card twice."""
    if not wants:
        yield []
        return
    for first in itertools.combinations(pool, wants[0]):
        rest = [c for c in pool if c not in first]
        for others in _deals(rest, wants[1:]):
            yield [list(first), *others]


def brute_force(players: list[str], game: str, dead: str = "") -> dict:
    """Per player: the STATS fractions, plus "deals", "no_low" and "community", over every deal."""
    hands = [parse(p) for p in players]
    used = {c for h in hands for c in h} | set(parse(dead) if dead else [])
    pool = [c for c in range(52) if c not in used]
    wants = [7 - len(h) for h in hands]
    shared_cards: list[list[int]] = [[]]
    if sum(wants) > len(pool):
        wants = [w - 1 for w in wants]
        shared_cards = [[c] for c in pool]
    n = len(hands)
    totals = {k: [0.0] * n for k in STATS}
    deals = no_low = 0
    for shared in shared_cards:
        rest = [c for c in pool if c not in shared]
        for dealt in _deals(rest, wants):
            keys = [_keys(tuple(sorted(h + d + shared)), game) for h, d in zip(hands, dealt)]
            best = max(k[0] for k in keys)
            lows = [k[1] for k in keys if k[1] is not None]
            best_low = max(lows) if lows else None
            n_high = sum(k[0] == best for k in keys)
            n_low = sum(k[1] == best_low for k in keys) if best_low is not None else 0
            for p, (main, low) in enumerate(keys):
                share = 0.0
                if main == best:
                    share += (0.5 if best_low is not None else 1.0) / n_high
                    totals["win" if n_high == 1 else "tie"][p] += 1
                if best_low is not None and low == best_low:
                    share += 0.5 / n_low
                    totals["low_win" if n_low == 1 else "low_tie"][p] += 1
                totals["equity"][p] += share
                totals["scoop"][p] += share == 1.0
                totals["quarter"][p] += share == 0.25
            deals += 1
            no_low += best_low is None
    out = {k: [v / deals for v in vals] for k, vals in totals.items()}
    out.update(deals=deals, no_low=no_low / deals, community=bool(shared_cards[0]))
    return out


def assert_matches(result: StudEquityResult, expected: dict, hilo: bool) -> None:
    assert result.deals == expected["deals"]
    assert result.community == expected["community"]
    for p, player in enumerate(result.players):
        for stat in STATS:
            value = getattr(player, stat)
            if not hilo and stat in ("low_win", "low_tie", "scoop", "quarter"):
                assert value is None
                continue
            assert value == pytest.approx(expected[stat][p], abs=1e-12), (p, stat)
    if hilo:
        assert result.no_low == pytest.approx(expected["no_low"], abs=1e-12)
    else:
        assert result.no_low is None


# Small spots: dead cards shrink the deck so that the Python brute force stays quick.
SPOTS = [
    # heads-up on sixth street
    (["AsAh Kd 7c 2s 3h", "QcQd 9h 9c 4d 5s"], ""),
    # heads-up on fifth street, a deck of 22 unseen cards
    (["As2s 3d 8h 8c", "4c5c 6c 7h Jd"], "2c 2d 2h 3c 3h 3s 4d 4h 4s 5d 5h 5s 6d 6h 6s 7c 7d 7s 9c 9d"),
    # three-way on sixth street
    (["Ah2h 3h 9s 9d Kc", "7c6c 5d 4s Qh Qd", "TsJs Qs Ks 2d 2c"], "8c 8d 8h 8s Ac Ad As 3c 3d 4c 4d 5c 5h 6d 6h"),
    # different streets: a full hand of seven against an opponent's three up cards (four cards to come)
    (["AsAh Kd 7c 2s 3h 8d", "Qc 9h 9c"], "2c 2d 2h 3c 3d 3s 4c 4d 4h 4s 5c 5d 5h 5s 6c 6d 6h 6s 7d 7h 7s Tc Td"),
]


@pytest.mark.parametrize("game", ["stud", "stud-hilo", "razz"])
@pytest.mark.parametrize(("players", "dead"), SPOTS)
def test_exact_equals_brute_force_over_every_deal(players, dead, game):
    result = stud_equity(players, dead or None, game=game, method="exact")
    assert result.method == "exact"
    assert_matches(result, brute_force(players, game, dead), game == "stud-hilo")


@pytest.mark.parametrize("game", ["stud", "stud-hilo", "razz"])
def test_short_deck_deals_one_community_card_like_the_brute_force(game):
    # Eight players on sixth street: 48 cards known, 4 unseen for 8 seventh-street cards, so one shared card.
    players = ["AsAh Kd 6s 3d 4d", "QcQd 9h 7d 3h 4h", "2c3c4c Jc Jd 2h", "KsQsJs Ad 3s 4s",
               "8s8h8d 9c Kc Kh", "5c6c7s 5d 5s 6h", "TcThTd Ac Ts 2d", "9d6d7h 2s 7c 9s"]  # fmt: skip
    result = stud_equity(players, game=game)
    assert result.community and result.method == "exact"
    assert_matches(result, brute_force(players, game), game == "stud-hilo")


def test_short_deck_with_mixed_streets_uses_the_community_card():
    # Four unseen cards, five wanted (one by player 1, four by player 2): the last card is shared.
    players = ["AsAh Kd 7c 2s 3h", "Qd 9h 9c"]
    keep = set(parse("".join(players) + "Ac Ad 8h 8s"))
    names = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    dead = " ".join(names[c] for c in range(52) if c not in keep)
    result = stud_equity(players, dead, game="stud-hilo")
    assert result.community and result.deals == 4  # the shared card; player 2 gets the three others
    assert_matches(result, brute_force(players, "stud-hilo", dead), hilo=True)


# Seventh street from a short deck, the community card out (Jh): the hero's six cards against an opponent's four up
# cards; the dead cards leave nine unseen, so the opponent's two down cards are C(9, 2) = 36 deals.
DEALT = (["AsAh Kd 7c 2s 3h", "Qd 9h 9c 4d"], "Jh",
         "2c 2d 2h 3c 3d 3s 4c 4h 4s 5c 5d 5h 5s 6c 6d 6h 6s 7d 7h 7s 8c 8d 8h 8s Tc Td Th Ts Jc Js Ks Kc")  # fmt: skip


@pytest.mark.parametrize("game", ["stud", "stud-hilo", "razz"])
def test_a_dealt_community_card_plays_in_every_hand_like_the_brute_force(game):
    players, card, dead = DEALT
    result = stud_equity(players, dead, community=card, game=game, method="exact")
    expected = brute_force([f"{p} {card}" for p in players], game, dead)  # the card in both hands, dealt once
    assert not expected["community"] and expected["deals"] == math.comb(9, 2)
    assert_matches(result, {**expected, "community": True}, game == "stud-hilo")
    assert [p.cards for p in result.players] == [6, 4] and result.players[0].hand == "As Ah Kd 7c 2s 3h"
    mc = stud_equity(players, dead, community=card, game=game, method="mc", trials=100_000, seed=3, threads=1)
    assert mc.community
    for m, e in zip(mc.players, result.players):
        assert abs(m.equity - e.equity) < 4.5 * m.stderr + 1e-9


@pytest.mark.parametrize("game", ["stud", "stud-hilo", "razz"])
def test_a_short_deck_averages_the_results_of_each_community_card(game):
    # Before the community card comes, each of the unseen cards is it with equal chance (one deal each here).
    players = ["AsAh Kd 6s 3d 4d", "QcQd 9h 7d 3h 4h", "2c3c4c Jc Jd 2h", "KsQsJs Ad 3s 4s",
               "8s8h8d 9c Kc Kh", "5c6c7s 5d 5s 6h", "TcThTd Ac Ts 2d", "9d6d7h 2s 7c 9s"]  # fmt: skip
    undealt = stud_equity(players, game=game)
    unseen = ["5h", "8c", "Jh", "Qh"]
    dealt = [stud_equity(players, community=card, game=game) for card in unseen]
    assert undealt.community and all(r.community and r.deals == 1 for r in dealt)
    for p, player in enumerate(undealt.players):
        for stat in ("equity", "win", "tie"):
            mean = sum(getattr(r.players[p], stat) for r in dealt) / len(dealt)
            assert getattr(player, stat) == pytest.approx(mean, abs=1e-12), (p, stat)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"community": "JhJc"}, "the community card is one card (seventh street from a short deck), got 2"),
        ({"community": "As"}, "As is both held by player 1 and the community card"),
        ({"community": "2c"}, "2c is both dead and the community card"),
        ({"community": "Jh", "players": ["AsAh Kd 7c 2s 3h Qh", "Qd 9h 9c 4d"]},
         "player 1 has 7 cards; with a community card out a player holds at most six"),
        ({"community": "Jh", "players": ["AsAh Kd 7c 2s 3h", "Qd"], "dead": DEALT[2] + " Ad Ac 9d 9s Qc Qs 9h 9c 4d"},
         "the 3 unseen cards cannot give every player six cards of their own (5 needed)"),
        ({"community": "Zz"}, "community card: "),
    ],
)  # fmt: skip
def test_a_bad_community_card_is_refused_with_the_reason(kwargs, message):
    players, _, dead = DEALT
    with pytest.raises(PokerlabError) as info:
        stud_equity(kwargs.pop("players", players), kwargs.pop("dead", dead), **kwargs)
    assert isinstance(info.value, InputError | ValueError) and message in str(info.value)


@pytest.mark.parametrize("game", ["stud", "stud-hilo", "razz"])
def test_monte_carlo_is_within_a_few_standard_errors_of_exact(game):
    players = ["As2s 3d 8h", "4c5c 6c 7h"]  # fourth street heads-up: 1.4e8 deals, too many for a brute force
    mc = stud_equity(players, game=game, method="mc", trials=300_000, seed=11, threads=2)
    exact = stud_equity(players, game=game)
    assert exact.method == "exact"  # auto enumerates fourth street heads-up
    for m, e in zip(mc.players, exact.players):
        assert m.stderr is not None and 0 < m.stderr < 2e-3
        assert abs(m.equity - e.equity) < 4.5 * m.stderr + 1e-9
        assert abs(m.win - e.win) < 4.5 * math.sqrt(e.win * (1 - e.win) / mc.trials) + 1e-9
    assert mc.trials >= 300_000 and mc.seed == 11


def test_monte_carlo_same_seed_same_result_whatever_threads():
    players = ["As2s 3d", "4c5c 6c", "KdKh Qs"]
    one = stud_equity(players, game="stud-hilo", method="mc", trials=40_000, seed=5, threads=1)
    two = stud_equity(players, game="stud-hilo", method="mc", trials=40_000, seed=5, threads=2)
    assert one.players == two.players and one.no_low == two.no_low
    other = stud_equity(players, game="stud-hilo", method="mc", trials=40_000, seed=6, threads=1)
    assert other.players != one.players


def test_monte_carlo_stops_at_the_stderr_target():
    r = stud_equity(["AsAh Kd", "QcQd 9h"], method="mc", stderr=2e-3, seed=1)
    assert r.stderr is not None and r.stderr <= 2e-3
    assert r.trials < 1_000_000


@pytest.mark.parametrize("game", ["stud", "stud-hilo", "razz"])
def test_shares_sum_to_one_and_hilo_halves_add_up(game):
    r = stud_equity(["As2s 3d 8h 9d Jc", "4c5c 6c 7h Th Js", "KdKh Qs Jh Ad 2h"], game=game)
    assert sum(p.equity for p in r.players) == pytest.approx(1.0)
    # Every deal's high is won alone or tied: the win shares plus the tie shares cover every deal.
    assert sum(p.win for p in r.players) <= 1.0 + 1e-12
    if game == "stud-hilo":
        assert r.no_low is not None
        assert sum(p.low_win for p in r.players) + r.no_low <= 1.0 + 1e-12
        for p in r.players:
            assert p.scoop <= p.win + 1e-12  # a scoop wins the high alone


def test_swapping_players_or_suits_permutes_the_result():
    a = stud_equity(["AsAh Kd 7c 2s", "QcQd 9h 9c 4d"], game="stud-hilo")
    b = stud_equity(["QcQd 9h 9c 4d", "AsAh Kd 7c 2s"], game="stud-hilo")
    assert a.players[0].equity == pytest.approx(b.players[1].equity, abs=1e-12)
    assert a.players[1].scoop == pytest.approx(b.players[0].scoop, abs=1e-12)
    # Spades <-> clubs, hearts <-> diamonds: every hand's value is the same.
    c = stud_equity(["AcAd Kh 7s 2c", "QsQh 9d 9s 4h"], game="stud-hilo")
    assert [p.equity for p in c.players] == pytest.approx([p.equity for p in a.players], abs=1e-12)


def test_identical_hands_split_evenly():
    r = stud_equity(["AsKs 7d 2c", "AhKh 7c 2d"], game="razz")
    assert r.players[0].equity == pytest.approx(r.players[1].equity, abs=1e-12)


def test_seven_cards_each_is_a_showdown():
    r = stud_equity(["AsAh Kd 7c 2s 3h Qs", "QcQd 9h 9c 4d 5s 6c"])
    assert r.deals == 1 and r.players[1].equity == 1.0 and r.players[1].win == 1.0  # queens up beat aces


def test_auto_takes_monte_carlo_when_exact_is_too_big():
    r = stud_equity(["AsAh Kd", "QcQd 9h", "2c3c 4c"], trials=20_000, seed=2)
    assert r.method == "mc" and r.trials == 20_000  # exactly the trials asked: the last block is short


def test_progress_is_reported_up_to_one():
    for method in ("exact", "mc"):
        seen: list[float] = []
        stud_equity(["AsAh Kd 7c 2s", "QcQd 9h 9c 4d"], method=method, trials=40_000, seed=1, progress=seen.append)
        assert seen and seen[-1] == 1.0 and seen == sorted(seen)


def test_to_dict_is_json_ready():
    import json

    d = stud_equity(["AsAh Kd 7c 2s 3h", "QcQd 9h 9c 4d 5s"], game="stud-hilo").to_dict()
    assert json.loads(json.dumps(d)) == d
    assert d["game"] == "stud-hilo" and d["deals"] == 1560 and d["community"] is False
    assert set(d["players"][0]) == {"hand", "combos", "cards", "equity", "win", "tie", "low_win", "low_tie", "scoop",
                                    "quarter", "stderr"}  # fmt: skip


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": ["AsAh Kd", "AsQd 9h"]}, "players 1 and 2 both hold As"),
        ({"players": ["AsAh Kd", "QcQd 9h"], "dead": "Kd"}, "Kd is both held by player 1 and dead"),
        ({"players": ["AsAh Kd", "QcQd 9h"], "dead": "2c2c"}, "duplicate card '2c'"),
        ({"players": ["AsAh Kd 2c 3c 4c 5c 6c", "QcQd 9h"]}, "player 1 has 8 cards"),
        ({"players": ["AsAh Kd", ""]}, "player 2 has 0 cards"),
        ({"players": ["AsAh Kd", "QcQd Xh"]}, "player 2: "),
        ({"players": ["AsAh Kd"]}, "2 to 8 players, got 1"),
        ({"players": "AsAh Kd"}, "2 to 8 players, got 1"),
        ({"players": [f"{r}c" for r in "23456789T"]}, "2 to 8 players, got 9"),
        ({"players": ["AsAh Kd", "QcQd 9h"], "game": "holdem"}, "unknown stud game 'holdem'; choose stud, stud-hilo"),
        ({"players": ["AsAh Kd", "QcQd 9h"], "method": "fast"}, "method must be"),
        ({"players": ["AsAh Kd", "QcQd 9h"], "trials": 0}, "trials must be"),
        ({"players": ["AsAh Kd", "QcQd 9h"], "seed": -1}, "seed must be"),
        ({"players": ["AsAh Kd", "QcQd 9h"], "stderr": 2.0}, "stderr must be"),
        ({"players": ["AsAh Kd", "QcQd 9h"], "progress": 3}, "progress must be a function"),
        ({"players": ["As", "Ks", "Qs", "Js", "Ts", "9s", "8s", "7s"], "method": "exact"}, "use Monte Carlo"),
        # 4 unseen cards, 10 wanted: even a shared seventh card leaves 9 own cards to deal.
        ({"players": ["AsAh", "KsKh"], "dead": " ".join(f"{r}{s}" for r in "23456789TJQ" for s in "cdhs")},
         "the 4 unseen cards cannot give every player seven cards (10 needed), even with one community card"),
    ],
)  # fmt: skip
def test_bad_input_is_refused_with_the_reason(kwargs, message):
    with pytest.raises(PokerlabError) as info:
        stud_equity(**kwargs)
    assert isinstance(info.value, InputError | ValueError)
    assert message in str(info.value)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("game", ["stud", "stud-hilo", "razz"])
def test_pokerkit_hand_classes_split_every_deal_the_same(game):
    # pokerkit's own hand types on every deal of a small spot: the same pot shares as ours, deal by deal summed.
    import pokerkit as pk

    types = {"stud": (pk.StandardHighHand,), "stud-hilo": (pk.StandardHighHand, pk.EightOrBetterLowHand),
             "razz": (pk.RegularLowHand,)}[game]  # fmt: skip
    players, _ = SPOTS[0]
    hands = [parse(p) for p in players]
    used = {c for h in hands for c in h}
    pool = [c for c in range(52) if c not in used]
    names = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    totals = [0.0] * len(hands)
    deals = 0
    for dealt in _deals(pool, [7 - len(h) for h in hands]):
        cards = ["".join(names[c] for c in h + d) for h, d in zip(hands, dealt)]
        shares = [0.0] * len(hands)
        halves = 0
        for kind in types:
            made = [kind.from_game_or_none(c, "") for c in cards]
            best = max((m for m in made if m is not None), default=None)
            if best is None:
                continue
            halves += 1
            winners = [i for i, m in enumerate(made) if m == best]
            for i in winners:
                shares[i] += 1 / len(winners)
        for i in range(len(hands)):
            totals[i] += shares[i] / halves
        deals += 1
    ours = stud_equity(players, game=game, method="exact")
    assert ours.deals == deals
    assert [p.equity for p in ours.players] == pytest.approx([t / deals for t in totals], abs=1e-12)


@pytest.mark.parametrize("game", ["stud", "stud-hilo", "razz"])
def test_pokerkit_calculate_equities_agrees_within_its_sampling_error(game):
    import pokerkit as pk

    types = {"stud": (pk.StandardHighHand,), "stud-hilo": (pk.StandardHighHand, pk.EightOrBetterLowHand),
             "razz": (pk.RegularLowHand,)}[game]  # fmt: skip
    players, dead = ["As2s 3d 8h 8c Kh", "4c5c 6c 7h Jd Qs"], "9c 9d Ts"
    ours = stud_equity(players, dead, game=game, method="exact")
    deck = [c for c in pk.Deck.STANDARD if c not in set(pk.Card.parse(dead))]
    holes = [[list(pk.Card.parse(p.replace(" ", "")))] for p in players]
    samples = 1_000
    theirs = pk.calculate_equities(holes, [], 7, 0, deck, types, sample_count=samples)
    for mine, their in zip(ours.players, theirs):
        sigma = max(math.sqrt(mine.equity * (1 - mine.equity) / samples), 1e-3)
        assert abs(mine.equity - their) < 5 * sigma


def test_exact_is_the_same_whatever_threads():
    players = ["As2s 3d 8h 9d", "4c5c 6c 7h Th"]
    one = stud_equity(players, game="stud-hilo", method="exact", threads=1)
    two = stud_equity(players, game="stud-hilo", method="exact", threads=2)
    assert one.players == two.players and one.no_low == two.no_low and one.deals == two.deals


def test_pokerkit_deals_the_community_card_as_a_one_card_board():
    # pokerkit expresses the short deck as six hole cards each and a one-card board shared by all.
    import pokerkit as pk

    players = ["AsAh Kd 6s 3d 4d", "QcQd 9h 7d 3h 4h", "2c3c4c Jc Jd 2h", "KsQsJs Ad 3s 4s",
               "8s8h8d 9c Kc Kh", "5c6c7s 5d 5s 6h", "TcThTd Ac Ts 2d", "9d6d7h 2s 7c 9s"]  # fmt: skip
    ours = stud_equity(players, game="stud-hilo")
    assert ours.community
    holes = [[list(pk.Card.parse(p.replace(" ", "")))] for p in players]
    samples = 400
    theirs = pk.calculate_equities(holes, [], 6, 1, pk.Deck.STANDARD, (pk.StandardHighHand, pk.EightOrBetterLowHand),
                                   sample_count=samples)  # fmt: skip
    for mine, their in zip(ours.players, theirs):
        sigma = max(math.sqrt(mine.equity * (1 - mine.equity) / samples), 1e-3)
        assert abs(mine.equity - their) < 5 * sigma
