"""Omaha equity when the players' cards block each other's ranges: the hands dropped before sampling, the law of
the deals Monte Carlo keeps, agreement with exact enumeration, and the error for a spot no deal fits."""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np
import pytest
from click.testing import CliRunner
from numba import njit
from scipy.stats import chi2

from pokerlab.evaluator.cards import cards_to_mask, parse_cards
from pokerlab.simulate.cli.main import main
from pokerlab.simulate.equity import omaha, omaha_kernels
from pokerlab.simulate.equity.engine import EquityError
from pokerlab.simulate.equity.omaha import omaha_equity
from pokerlab.simulate.equity.pot_stats import STAT_SHARE
from pokerlab.simulate.equity.rng_kernels import seeded_state
from pokerlab.simulate.equity.sampling import BLOCK_TRIALS, run_blocks
from pokerlab.simulate.ranges.omaha import parse_omaha_range

HERO = "AsAd2c3h"


def mask(cards: str) -> int:
    return cards_to_mask(parse_cards(cards))


def blocked(players: list[str], board: str = "") -> tuple[list[np.ndarray], list[int]]:
    removed = mask(board) if board else 0
    ranges = omaha._parse_players(players, 4, removed)
    return omaha._without_blocked(ranges, players, 4, removed, omaha_kernels)


def test_hands_holding_a_card_another_player_must_hold_are_dropped_until_nothing_changes():
    # Less the hero's As Ad 2c, AA2K keeps Ah Ac in every hand; only then do A*2* hands with Ah or Ac go too.
    players = [HERO, "AA2K", "A*2*, KQJT"]
    parts, forced = blocked(players)
    assert forced[0] == mask(HERO) and forced[1] == mask("AhAc") and forced[2] == 0
    for text, part, out in [("AA2K", parts[1], mask(HERO)), ("A*2*, KQJT", parts[2], mask(HERO + "AhAc"))]:
        expected = [row for row in parse_omaha_range(text).combos.tolist() if not sum(1 << c for c in row) & out]
        assert part.tolist() == expected and len(expected) > 0
    assert len(parts[1]) == 3 * 4  # a deuce of three, a king of four
    assert all(not {51, 50, 49, 48} & set(row) for row in parts[2].tolist())  # no ace is left for player 3


def test_a_card_every_hand_of_a_range_holds_blocks_the_others():
    parts, forced = blocked(["AsKs**", "A***", "random"], board="2c7d9h")
    assert forced[:2] == [mask("AsKs"), 0] and forced[2] == 0
    assert not any(51 in row or 47 in row for row in parts[1].tolist())  # As is player 1's: no A*** hand has it
    assert len(parts[1]) == len(parse_omaha_range("A***", 4, mask("2c7d9hAsKs")))
    assert len(parts[2]) == 0  # a random player is dealt from the cards left, never listed


@pytest.mark.parametrize("method", ["exact", "mc", "auto"])
def test_a_range_the_other_hands_empty_is_named(method):
    with pytest.raises(EquityError, match=r"^player 3: every hand of 'A\*\*\*' holds a card another player must "
                       r"hold \(player 1: As Ad 3h 2c; player 2: Ah Ac\)$"):  # fmt: skip
        omaha_equity([HERO, "AA2K", "A***"], method=method, trials=1000, seed=1)
    with pytest.raises(EquityError, match=r"^players 2 and 3 must both hold As \(every hand of 'AsK\*\*' and of "):
        omaha_equity(["random", "AsK**", "AsAh**"], board="7c8d9h", method=method, trials=1000, seed=1)


def test_the_command_line_names_the_empty_range_in_one_line():
    result = CliRunner().invoke(main, ["equity", "--game", "omaha", HERO, "AA2K", "A***"])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        "error: player 3: every hand of 'A***' holds a card another player must hold (player 1: As Ad 3h 2c; "
        "player 2: Ah Ac)"
    ]


@njit
def kept_deals(seed, n, combos, offsets, counts, dead_mask, h):  # pragma: no cover - numba
    """The first ``n`` deals Monte Carlo keeps (no card twice), one row of every player's cards each."""
    players = counts.shape[0]
    hands = np.empty((players, h), dtype=np.uint8)
    is_random = np.zeros(players, dtype=np.bool_)
    out = np.empty((n, players * h), dtype=np.uint8)
    state = seeded_state(seed)
    got = 0
    while got < n:
        state, used, ok = omaha_kernels.deal_ranged(state, combos, offsets, counts, is_random, dead_mask, hands)
        if ok:
            for p in range(players):
                for x in range(h):
                    out[got, p * h + x] = hands[p, x]
            got += 1
    return out


def deal_counts(parts: list[np.ndarray], seed: int, n: int) -> Counter:
    stacked = np.ascontiguousarray(np.concatenate(parts))
    offsets = np.cumsum([0] + [len(p) for p in parts[:-1]]).astype(np.int64)
    counts = np.array([len(p) for p in parts], dtype=np.int64)
    rows = kept_deals(np.uint64(seed), n, stacked, offsets, counts, np.int64(0), 4)
    return Counter(map(bytes, rows))


def test_dropping_blocked_hands_keeps_the_law_of_the_kept_deals():
    # Two A2KK ranges behind AsAd2c3h: 96 hands each, 36 without the hero's cards; 72 deals fit.
    players = [HERO, "A2KK", "A2KK"]
    whole = [r.combos for r in omaha._parse_players(players, 4, 0)]
    parts, _ = blocked(players)
    assert [len(p) for p in whole] == [1, 96, 96] and [len(p) for p in parts] == [1, 36, 36]
    fits = {
        bytes(np.concatenate([whole[0][0], a, b]))
        for a, b in itertools.product(whole[1], whole[2])
        if len({*whole[0][0].tolist(), *a.tolist(), *b.tolist()}) == 12
    }
    assert len(fits) == 72
    n = 72 * 300
    for tables, seed in [(whole, 1), (parts, 2)]:  # each against the law: every deal that fits equally likely
        counts = deal_counts(tables, seed, n)
        assert set(counts) == fits
        observed = np.array([counts[d] for d in sorted(fits)])
        statistic = ((observed - n / 72) ** 2 / (n / 72)).sum()
        assert chi2.sf(statistic, 71) > 1e-3, statistic
    a, b = deal_counts(whole, 3, n), deal_counts(parts, 4, n)  # and against each other
    table = np.array([[a[d] for d in sorted(fits)], [b[d] for d in sorted(fits)]])
    expected = table.sum(axis=0) / 2
    statistic = ((table - expected) ** 2 / expected).sum()
    assert chi2.sf(statistic, 71) > 1e-3, statistic


@pytest.mark.parametrize("game", ["omaha", "omaha-hilo"])
def test_monte_carlo_agrees_with_exact_on_a_blocked_spot(game):
    players = [HERO, "A2KQ", "A2KQ"]  # each range 256 hands, 96 without the hero's cards
    exact = omaha_equity(players, board="7h8d9s", game=game, method="exact")
    mc = omaha_equity(players, board="7h8d9s", game=game, method="mc", trials=100_000, seed=7, threads=1)
    for e, m in zip(exact.players, mc.players):
        assert abs(e.equity - m.equity) < 4 * m.stderr
    assert [p.combos for p in mc.players] == [1, 256, 256]  # the range's hands, not the ones left to deal
    # 18 of 96 x 96 pairs fit: about 4.3 deals thrown away per kept one (unfiltered, 37).
    assert 0 < mc.rejected < 6 * mc.trials and mc.to_dict()["rejected"] == mc.rejected
    again = omaha_equity(players, board="7h8d9s", game=game, method="mc", trials=100_000, seed=7, threads=2)
    assert [p.equity for p in again.players] == [p.equity for p in mc.players] and again.rejected == mc.rejected


def test_unblocked_spots_reject_nothing():
    result = omaha_equity([HERO, "KK**", "random"], method="mc", trials=1, seed=1)
    assert result.rejected == 0  # one ranged opponent: nothing left to collide with once the hero's cards are out


def test_kept_deals_weigh_each_hand_by_the_hands_it_leaves_the_others():
    # Behind the hero, an A2KK for player 2 leaves player 3 (A2KK or A2QQ) 14 hands and an A2KQ leaves 12, so of
    # the 36 x 14 + 96 x 12 deals that fit, 504 / 1656 give player 2 two kings. Redrawing only the clashing
    # player would give 36 / 132 (player 2's own share of kings): the whole deal must be drawn again.
    players = [HERO, "A2KK, A2KQ", "A2KK, A2QQ"]
    parts, _ = blocked(players)
    assert [len(p) for p in parts] == [1, 36 + 96, 36 + 36]
    n = 40_000
    counts = deal_counts(parts, 5, n)
    assert len(counts) == 36 * 14 + 96 * 12
    kings = sum(k for deal, k in counts.items() if sum(c >> 2 == 11 for c in deal[4:8]) == 2)
    share, expected = kings / n, 504 / 1656
    assert abs(share - expected) < 4 * (expected * (1 - expected) / n) ** 0.5, share


@pytest.mark.parametrize("game", ["omaha", "omaha-hilo"])
def test_exact_enumeration_lists_the_same_deals_with_or_without_the_blocked_hands(game):
    from pokerlab.evaluator.omaha import omaha_tables

    players, board = [HERO, "A2K*", "KQ**ds"], "7h8d9sTc4d"
    result = omaha_equity(players, board=board, game=game, method="exact")
    whole = [np.ascontiguousarray(r.combos) for r in omaha._parse_players(players, 4, mask(board))]
    deals = omaha._list_deals(whole)  # the whole ranges: pairs that share a card are left out here instead
    stats, boards, _ = omaha_kernels.exact_deals(
        np.concatenate(whole), np.cumsum([0] + [len(c) for c in whole[:-1]]).astype(np.int64), deals,
        np.array(parse_cards(board), dtype=np.uint8), np.int64(mask(board)), game == "omaha-hilo", omaha_tables(),
    )  # fmt: skip
    assert result.boards == boards
    for p, player in enumerate(result.players):
        assert player.equity == pytest.approx(stats[p, STAT_SHARE] / boards, abs=1e-12)


@njit
def sequential_deals(seed, n, combos, row_masks, offsets, counts, dead_mask, h):  # pragma: no cover - numba
    """``n`` deals dealt player by player, one row of every player's cards each, and their weights."""
    players = counts.shape[0]
    hands = np.empty((players, h), dtype=np.uint8)
    is_random = np.zeros(players, dtype=np.bool_)
    out = np.empty((n, players * h), dtype=np.uint8)
    weights = np.empty(n)
    state = seeded_state(seed)
    for i in range(n):
        state, _, w = omaha_kernels.deal_sequential(
            state, row_masks, offsets, counts, is_random, dead_mask, combos, hands
        )
        weights[i] = w
        for p in range(players):
            for x in range(h):
                out[i, p * h + x] = hands[p, x]
    return out, weights


def weighted_deals(parts: list[np.ndarray], seed: int, n: int) -> tuple[list[bytes], np.ndarray]:
    stacked = np.ascontiguousarray(np.concatenate(parts))
    row_masks = np.bitwise_or.reduce(np.left_shift(1, stacked.astype(np.int64)), axis=1)
    offsets = np.cumsum([0] + [len(p) for p in parts[:-1]]).astype(np.int64)
    counts = np.array([len(p) for p in parts], dtype=np.int64)
    rows, weights = sequential_deals(np.uint64(seed), n, stacked, row_masks, offsets, counts, np.int64(0), 4)
    return list(map(bytes, rows)), weights


def test_deals_dealt_player_by_player_keep_the_law_through_their_weights():
    # The spot of the test above: 504 of the 1656 deals that fit give player 2 two kings. Dealt in turn, player
    # 2 draws from its 132 hands alike (36 / 132 kings), and the weights (14 or 12 hands left to player 3) bring
    # the share back to 504 / 1656; without them the count is off by about 15 standard errors.
    parts, _ = blocked([HERO, "A2KK, A2KQ", "A2KK, A2QQ"])
    n = 40_000
    deals, weights = weighted_deals(parts, 6, n)
    assert len(set(deals)) == 1656 and (weights > 0).all()
    kings = np.array([sum(c >> 2 == 11 for c in deal[4:8]) == 2 for deal in deals])
    expected = 504 / 1656
    bound = 4 * (expected * (1 - expected) / n) ** 0.5
    assert abs(weights[kings].sum() / weights.sum() - expected) < bound
    assert abs(kings.mean() - expected) > 3 * bound  # the check can fail: the unweighted share is 36 / 132
    # Each deal is drawn as often as the inverse of its weight says (a chi-square over the 1656 deals that fit),
    # so the weighted law gives every deal that fits the same probability.
    weight_of = dict(zip(deals, weights))
    counts = Counter(deals)
    inverse = np.array([1 / weight_of[d] for d in sorted(counts)])
    expected_counts = n * inverse / inverse.sum()
    observed = np.array([counts[d] for d in sorted(counts)])
    statistic = ((observed - expected_counts) ** 2 / expected_counts).sum()
    assert chi2.sf(statistic, 1655) > 1e-3, statistic


@pytest.mark.parametrize("game", ["omaha", "omaha-hilo"])
def test_weighted_monte_carlo_agrees_with_exact(game):
    players, board = [HERO, "A2KK, A2KQ", "A2KK, A2QQ"], "7h8d9s"
    exact = omaha_equity(players, board=board, game=game, method="exact")
    ranges = omaha._parse_players(players, 4, mask(board))
    parts, _ = omaha._without_blocked(ranges, players, 4, mask(board), omaha_kernels)
    spot = omaha._McSpot(
        combos=np.ascontiguousarray(np.concatenate(parts)),
        offsets=np.cumsum([0] + [len(p) for p in parts[:-1]]).astype(np.int64),
        counts=np.array([len(p) for p in parts], dtype=np.int64),
        is_random=np.zeros(3, dtype=np.bool_),
        h=4,
        board=np.array(parse_cards(board), dtype=np.uint8),
        dead=np.int64(mask(board)),
        hilo=game == "omaha-hilo",
        tables=omaha.omaha_tables(),
        threads=2,
        kernels=omaha_kernels,
    )
    tally = omaha._Weighted(spot)
    assert run_blocks(tally, seed=3, block_trials=BLOCK_TRIALS, limit=200_000, target=None)
    means, errors, no_low = tally.means()
    z = [(means[p, STAT_SHARE] - e.equity) / errors[p] for p, e in enumerate(exact.players)]
    assert chi2.sf(sum(x * x for x in z[:2]), 2) > 1e-3, z
    assert means[:, STAT_SHARE].sum() == pytest.approx(1.0)
    if game == "omaha-hilo":
        assert abs(no_low - exact.no_low) < 0.01


def test_ten_pattern_players_are_dealt_player_by_player():
    # Ten pairs of ranks hold 40 of the 52 cards: whole-deal redraws almost never fit, so the deal goes in turn.
    players = ["AA**", "KK**", "QQ**", "JJ**", "TT**", "99**", "88**", "77**", "66**", "55**"]
    one = omaha_equity(players, method="mc", trials=300_000, seed=4, threads=1)
    two = omaha_equity(players, method="mc", trials=300_000, seed=4, threads=2)
    assert [p.equity for p in one.players] == pytest.approx([p.equity for p in two.players], abs=1e-12)
    assert sum(p.equity for p in one.players) == pytest.approx(1.0)
    assert one.rejected is None and one.trials >= 300_000
    equities = [p.equity for p in one.players]
    assert equities[0] > equities[1] > equities[2] > 0.1 and all(0.05 < e for e in equities)
    assert all(0 < p.stderr < 0.005 for p in one.players)
