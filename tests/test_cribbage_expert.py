"""The Cribbage expert (``pegger``): its tables, its inference, its endgame and its play.

- the shipped discard table is the advisor's count less suits, for every hand it is asked for;
- inference weighs an opponent's hand by how well its discard fits and by the pegs it passed up;
- the endgame solver is the pegging solver when the target is out of reach, and plays for the
  win when it is not;
- the board table and the shows after the play count in the order of the game;
- the bot never sees hidden cards, repeats itself for a seed, checks its settings, and is the
  ``expert`` level with ``hard`` still the rules bot.
"""

from __future__ import annotations

import random
from itertools import combinations

import numpy as np
import pytest

import cardtable
from cardtable.bots.levels import make_bot
from cardtable.cards import parse_cards
from cardtable.errors import OptionError
from cardtable.games.cribbage.analysis import discard_advice
from cardtable.games.cribbage.board import after_play, deal_value, show_value, win_points
from cardtable.games.cribbage.bot import LEVELS
from cardtable.games.cribbage.discard_table import (
    DISCARD_PAIRS,
    discard_regrets,
    hand_index,
    rank_discard_values,
    table_values,
)
from cardtable.games.cribbage.endgame import endgame_values, toy_finish
from cardtable.games.cribbage.expert import CribbageExpertBot
from cardtable.games.cribbage.inference import (
    _column,
    _distinct,
    _draw_arrays,
    _missed_rows,
    held_only,
    likeliest_holdings,
    missed_pegs,
    opponent_deals,
    past_plays,
)
from cardtable.games.cribbage.solver import play_values
from cardtable.seat_view import SeatView
from test_search_bots import positions, replay, twin

RANK = [c // 4 + 1 for c in range(52)]


def test_the_table_is_the_advisors_count_without_suits() -> None:
    # Four suits and no jack: no flush or nobs can come into the kept hand.
    hand = parse_cards("2H 3D 4C 5S 9H KD")
    ranks = tuple(sorted(RANK[c] for c in hand))
    table = table_values(ranks)
    for option in discard_advice(hand, dealer=True):
        i, j = sorted(ranks.index(RANK[c]) for c in option.discard)
        assert table[DISCARD_PAIRS.index((i, j))][0] == round(option.hand_ev, 3)
    for ranks6 in [(1, 1, 5, 5, 10, 13), (3, 4, 5, 6, 7, 8), (11, 11, 11, 11, 13, 13)]:
        exact = [(round(h, 3), round(c, 3)) for h, c in rank_discard_values(ranks6)]
        assert table_values(ranks6) == exact


def test_regrets_are_zero_for_the_best_discard_by_role() -> None:
    # 5 5 7 8 Q K: the pone splits its 7 8 (8 and K away); the dealer lays 7 8 in its own crib.
    ranks = (5, 5, 7, 8, 12, 13)
    assert DISCARD_PAIRS[int(discard_regrets(ranks, dealer=False).argmin())] == (3, 5)
    assert DISCARD_PAIRS[int(discard_regrets(ranks, dealer=True).argmin())] == (2, 3)


def test_inference_favours_hands_whose_discard_was_good() -> None:
    seen = parse_cards("AH 2D 3C 4S 6H 7D QC")  # our six and the starter
    rng = random.Random(4)
    deals = opponent_deals(seen, [], 4, -1, True, 400, 4, 5.0, rng)
    assert sum(deals.values()) == pytest.approx(1.0)
    mass_good = 0.0
    for (held, thrown), weight in deals.items():
        six = tuple(sorted((*held, *thrown)))
        i = six.index(thrown[0])
        j = i + 1 if thrown[0] == thrown[1] else six.index(thrown[1])
        if discard_regrets(six, dealer=True)[DISCARD_PAIRS.index((i, j))] < 0.5:
            mass_good += weight
    assert mass_good > 0.9


def test_the_pegs_an_opponent_passed_up_count_against_a_hand() -> None:
    ten, six, nine, five = parse_cards("10H 6S 9D 5C")
    plays = past_plays([(0, ten), (1, six), (0, nine), (1, five)], 1)
    assert plays == [((10,), 10, 6, (5,)), ((10, 6, 9), 25, 5, ())]
    # Holding a 5 (played later) at 10, it could have made fifteen: two points passed up.
    assert missed_pegs(plays, ()) == 2
    assert missed_pegs(plays[1:], (6,)) == 2  # a 6 on 25 makes 31
    assert missed_pegs(plays[1:], (13,)) == 0


def test_the_endgame_is_the_pegging_solver_far_from_the_target() -> None:
    rng = random.Random(2)
    for _ in range(60):
        cards = rng.sample(range(52), 8)
        mine = tuple(sorted(RANK[c] for c in cards[:4]))
        theirs = tuple(sorted(RANK[c] for c in cards[4:]))
        values = endgame_values(
            mine, theirs, 0, (), 0, 0, lambda m, t: float(m - t), 10_000, "none"
        )
        assert values == {r: float(v) for r, v in play_values(mine, theirs, 0, ()).items()}


def test_the_endgame_plays_for_the_win() -> None:
    def finish(mine: int, theirs: int) -> float:
        return toy_finish(mine, theirs, 121)

    # At 120 against 115 the ten wins; the eight gives away fewer pegs but lets them out.
    assert play_values((8, 10, 10), (5, 8, 8), 0, ()) == {8: -5, 10: -6}
    values = endgame_values((8, 10, 10), (5, 8, 8), 0, (), 120, 115, finish, 121, "none")
    assert values == {8: 0.0, 10: 1.0}


def test_the_board_counts_in_the_order_of_the_game() -> None:
    assert win_points(121, 59, "acc") == 3 and win_points(61, 30, "acc") == 2
    # The pone counts first: 119 + 2 wins before the dealer's 20.
    assert after_play(119, 110, 2, 20, pone=True, target=121, skunk="none") == 1.0
    assert after_play(110, 119, 20, 2, pone=False, target=121, skunk="none") == -1.0
    # Both short: the value of the next deal, with the roles swapped.
    value = after_play(100, 90, 5, 5, pone=True, target=121, skunk="none")
    assert value == -deal_value(95, 105, 121, "none")
    assert deal_value(110, 100, 121, "none") > deal_value(100, 100, 121, "none")
    # A skunk threat is worth more than a plain loss.
    assert deal_value(40, 115, 121, "acc") < deal_value(40, 115, 121, "none")


def test_a_show_is_worth_more_when_it_reaches_the_target() -> None:
    # The pone at 110 against 112 counts first: 11 points win unless the dealer pegs out.
    sure = show_value({11: 1.0}, 110, 112, True, 121, "none")
    short = show_value({10: 1.0}, 110, 112, True, 121, "none")
    assert sure - short > 0.3
    # Feeding the dealer's crib costs the pone.
    assert show_value({8: 1.0}, 100, 100, True, 121, "none", their_shift=2.0) < show_value(
        {8: 1.0}, 100, 100, True, 121, "none"
    )
    # A mixture is the mean of its parts.
    both = show_value({4: 0.5, 8: 0.5}, 100, 100, False, 121, "acc")
    parts = [show_value({v: 1.0}, 100, 100, False, 121, "acc") for v in (4, 8)]
    assert both == pytest.approx(sum(parts) / 2)


def test_the_expert_can_lay_away_to_the_board() -> None:
    # Seat 0, the pone, at 109 against 111: the dealer will likely count out first, so it keeps
    # the hand most likely to reach 12 (2 J J K) where the advisor keeps the best mean (2 6 J J).
    state = cardtable.load("cribbage").new_state(seed=0)
    raw: object = state
    raw.pegs = [109, 111]  # type: ignore[attr-defined]
    view = SeatView(state, 0)
    assert view.observation()["hand"] == ["2C", "6S", "8C", "JH", "JS", "KC"]
    assert CribbageExpertBot(1).choose(view).text == "discard 8C KC"
    assert CribbageExpertBot(1, board_discards=60).choose(view).text == "discard 6S 8C"


def test_batched_draws_are_consistent_and_find_their_rows() -> None:
    # Every hand drawn at once holds unseen cards worth more than the go's limit, and each
    # (hand, discard) is found at the row and column the one-by-one lookup gives.
    seen = parse_cards("AH 2H 3H 4H 6H 7H 8H 9H 10H JH QH KH 5D 9S")
    unseen = [c for c in range(52) if c not in set(seen)]
    played = [RANK[c] for c in parse_cards("5D 9S")]
    base, discards, rows, cols = _draw_arrays(unseen, played, 2, 6, 300, 3, random.Random(4))
    kept = list(zip(map(tuple, base.tolist()), map(tuple, discards.tolist()), strict=True))
    assert len(kept) == len(rows) == len(cols) == 900
    unseen_ranks = [RANK[c] for c in unseen]
    for (held, thrown), row, col in zip(kept, rows.tolist(), cols.tolist(), strict=True):
        assert len(held) == 2 and all(min(r, 10) > 6 for r in held)
        six = tuple(sorted([*played, *held, *thrown]))
        assert all(six.count(r) <= unseen_ranks.count(r) + played.count(r) for r in six)
        assert row == hand_index(six) and col == _column(six, *thrown)
    with pytest.raises(ValueError, match="3 cards to draw from 2"):
        _draw_arrays([0, 1, 40, 44], [], 3, 9, 5, 1, random.Random(1))


def test_floyds_sampling_draws_every_subset_alike() -> None:
    # All 20 subsets of three of six, 200,000 rows: each within four standard errors of 10,000.
    rows = _distinct(np.random.default_rng(3), 6, 200_000, 3)
    counts: dict[tuple[int, ...], int] = {}
    for row in rows.tolist():
        assert len(set(row)) == 3
        key = tuple(sorted(row))
        counts[key] = counts.get(key, 0) + 1
    assert sorted(counts) == sorted(combinations(range(6), 3))
    assert all(
        abs(n - 10_000) < 4 * (200_000 * (1 / 20) * (19 / 20)) ** 0.5 for n in counts.values()
    )


def test_batched_draws_deal_every_hand_alike() -> None:
    # beta = 0: every discard as likely, so a hand's weight is how often it was drawn. Each
    # rank's share of the held cards must be its share of the 39 unseen cards, within four
    # standard errors (20,000 hands of four).
    seen = parse_cards("5H 5D 5C JS 4S 6H KD 2C 9D 9H 3S 7C 8H")
    deals = opponent_deals(seen, [], 4, -1, True, 20000, 1, 0.0, random.Random(2), batch=True)
    unseen = [RANK[c] for c in range(52) if c not in set(seen)]
    share = {r: 0.0 for r in range(1, 14)}
    for held, weight in held_only(deals).items():
        for r in held:
            share[r] += weight / 4
    for r in range(1, 14):
        p = unseen.count(r) / len(unseen)
        assert abs(share[r] - p) < 4 * (p * (1 - p) / 80000) ** 0.5


def test_the_likeliest_holdings_weighed_in_arrays_are_the_dicts() -> None:
    # The same draws weighed two ways: in arrays to the likeliest held ranks, and through the
    # (held, discard) dict summed by held ranks; the same hands, the same weights.
    rng = random.Random(6)
    for n in range(60):
        cards = rng.sample(range(52), 13)
        seen, opp_played = cards[: 7 + n % 4], cards[7 : 7 + n % 4]
        seen = [*cards[:7], *opp_played]
        held = 4 - len(opp_played)
        plays = [((), 0, RANK[c], ()) for c in opp_played[:1]]
        args = (seen, opp_played, held, -1, bool(n % 2), 150, 1 + n % 3, 1.0)
        top = likeliest_holdings(*args, random.Random(n), most=20, plays=plays, gamma=1.0)
        deals = opponent_deals(*args, random.Random(n), plays=plays, gamma=1.0, batch=True)
        every = held_only(deals)
        total = sum(w for _, w in sorted(every.items(), key=lambda i: (-i[1], i[0]))[:20])
        assert len(top) == min(20, len(every))
        for held_ranks, weight in top:
            assert weight == pytest.approx(every[held_ranks] / total, rel=1e-9)
        assert [w for _, w in top] == sorted((w for _, w in top), reverse=True)


def test_missed_pegs_of_many_hands_at_once_are_each_hands() -> None:
    rng = random.Random(3)
    for _ in range(500):
        plays = []
        for _ in range(rng.randrange(1, 4)):
            run = tuple(rng.randrange(1, 14) for _ in range(rng.randrange(0, 3)))
            count = sum(min(r, 10) for r in run)
            rank = rng.randrange(1, 14)
            if count + min(rank, 10) <= 31:
                later = tuple(rng.randrange(1, 14) for _ in range(rng.randrange(0, 3)))
                plays.append((run, count, rank, later))
        k = rng.randrange(0, 4)
        held = [tuple(sorted(rng.randrange(1, 14) for _ in range(k))) for _ in range(5)]
        rows = np.array(held, dtype=np.int64).reshape(5, k)
        assert _missed_rows(plays, rows).tolist() == [missed_pegs(plays, h) for h in held]
    # Four fives in the count: no hand holds a fifth, and none is asked about.
    assert _missed_rows([((5, 5, 5, 5), 20, 9, ())], np.array([[9], [11]])).tolist() == [0, 0]


@pytest.mark.parametrize("batch", [0, 1])
def test_the_expert_never_sees_hidden_cards(batch: int) -> None:
    for n, (deck, history) in enumerate(positions("cribbage", 4)):
        real = replay("cribbage", deck, history)
        assert real is not None and real.to_move is not None
        seat = real.to_move
        other = twin("cribbage", deck, history, seat, random.Random(n))
        a = CribbageExpertBot(n, draws=30, batch=batch)
        b = CribbageExpertBot(n, draws=30, batch=batch)
        assert a.choose(SeatView(real, seat)) is b.choose(SeatView(other, seat))
        assert a.last_report == b.last_report


def test_the_expert_plays_to_the_board() -> None:
    state = cardtable.load("cribbage").new_state(seed=3)
    while state.observation(0)["phase"] != "play":
        state.apply(state.legal_moves()[0])
    raw: object = state
    raw.pegs = [118, 100]  # type: ignore[attr-defined]
    seat = state.to_move
    assert seat is not None
    bot = CribbageExpertBot(seed=1, draws=20, board=60, board_worlds=5)
    move = bot.choose(SeatView(state, seat))
    assert move in state.legal_moves()
    # Values in game points: within [-1, 1] as a single game has no skunks.
    assert all(-1.0 <= value <= 1.0 for _, value, _ in bot.last_report)
    assert {n for _, _, n in bot.last_report} == {5}


@pytest.mark.parametrize(
    "settings",
    [
        {"draws": 0},
        {"beta": -1.0},
        {"gamma": "x"},
        {"solve": 0},
        {"board": 121},
        {"board_discards": -1},
        {"batch": 2},
    ],
)
def test_the_expert_checks_its_settings(settings: dict[str, object]) -> None:
    with pytest.raises(OptionError):
        CribbageExpertBot(1, **settings)  # type: ignore[arg-type]


def test_the_levels_keep_the_rules_bot_as_hard() -> None:
    assert LEVELS["hard"] == ("rules", {})
    assert LEVELS["expert"] == ("pegger", {})
    assert make_bot("cribbage", "expert").name == "pegger"
    assert make_bot("cribbage", "hard").name == "rules"


def test_discard_pairs_are_the_combinations_of_six() -> None:
    assert tuple(combinations(range(6), 2)) == DISCARD_PAIRS
