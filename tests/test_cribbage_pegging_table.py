"""The pegging table, the advisor's pegging and win-chance columns, and the expert's ``pegs``."""

from __future__ import annotations

import random
from importlib.resources import files
from itertools import combinations

import pytest

import cardtable
from cardtable.bots.levels import make_bot
from cardtable.cards import cards_str, parse_cards
from cardtable.errors import CardError, OptionError
from cardtable.games.cribbage.analysis import advice_rows, discard_advice
from cardtable.games.cribbage.board import mean_pegs
from cardtable.games.cribbage.discard_win import win_chance
from cardtable.games.cribbage.expert import CribbageExpertBot
from cardtable.games.cribbage.pegging_table import (
    PEGGING_FILE,
    kept_hands,
    kept_index,
    pegging_ev,
    pegging_sd,
)

_HAND = parse_cards("5H 5D 5C JS 4S 6H")


def test_the_table_reads_known_hands_exactly() -> None:
    # Low pairs peg well for the pone; three fives and a six lead into fifteens.
    assert pegging_ev((3, 2, 3, 2), dealer=False) == 1.493
    assert pegging_ev((5, 5, 5, 6), dealer=False) == -3.884
    assert pegging_ev((3, 6, 7, 7), dealer=True) == 2.889
    assert pegging_sd((3, 6, 7, 7), dealer=True)[1] == 1200
    assert len(kept_hands()) == 1820 and kept_index((13, 13, 13, 13)) == 1819


def test_the_table_is_small_and_agrees_with_the_board_tables_rules_pegging() -> None:
    raw = files("cardtable.games.cribbage").joinpath("data", PEGGING_FILE).read_bytes()
    assert len(raw) < 2_000_000
    # The board table's rules-against-rules play: the dealer nets about 1.23 pegs a deal.
    pone, dealer = mean_pegs()
    assert round(dealer - pone, 2) == 1.23
    # The hands the advisor keeps, over 300 random deals, net about that in the table too
    # (its opponents keep the advisor's hands as well), which the two simulations share.
    rng = random.Random(0)
    hands = [rng.sample(range(52), 6) for _ in range(300)]
    as_dealer = sum(discard_advice(h, dealer=True)[0].pegs for h in hands) / len(hands)
    as_pone = sum(discard_advice(h, dealer=False)[0].pegs for h in hands) / len(hands)
    assert (round(as_dealer, 3), round(as_pone, 3)) == (1.176, -1.225)


def test_bad_kept_hands_scores_and_targets_are_refused() -> None:
    with pytest.raises(CardError, match="four ranks from 1 to 13"):
        kept_index((1, 2, 3))
    with pytest.raises(CardError, match="two scores"):
        discard_advice(_HAND, True, scores=(1, 2, 3))
    with pytest.raises(CardError, match="targets"):
        discard_advice(_HAND, True, scores=(1, 2), target=100)
    with pytest.raises(CardError, match="from 0 to 120, not 121"):
        win_chance(_HAND, _HAND[:4], True, 3.9, 0.0, 0.0, 121, 0, 121)


def test_each_advisor_row_gains_its_pegging_and_its_chance_to_win() -> None:
    options = discard_advice(_HAND, dealer=True, scores=(100, 110))
    best = options[0]
    assert cards_str(best.keep) == ["5H", "5D", "4S", "6H"]
    assert best.pegs == pegging_ev((4, 5, 5, 6), dealer=True) == 2.402
    assert round(best.win or 0.0, 3) == 0.588
    # Without the scores there is no chance to win, and the order is the show points'.
    plain = discard_advice(_HAND, dealer=True)
    assert [o.win for o in plain] == [None] * 15
    assert [o.discard for o in plain] == [o.discard for o in options]
    # Ten points ahead instead of behind, the same dealer nearly always wins.
    ahead = discard_advice(_HAND, dealer=True, scores=(110, 100))[0]
    assert round(ahead.win or 0.0, 3) == 0.979


def test_the_advice_rows_carry_pegging_and_win_columns() -> None:
    game = cardtable.load("cribbage")
    state = game.new_state(seed=1)
    rows = advice_rows(state.observation(0))
    assert rows is not None
    assert [(r["pegs"], r["win"]) for r in rows[:2]] == [(-1.72, 0.361), (-1.75, 0.345)]
    shape = game.advice_columns()
    assert shape is not None
    assert [c[1:] for c in shape[1][-2:]] == [("Pegging", "signed"), ("Win chance", "percent")]
    # A target the board table lacks has no chance to win.
    obs = dict(state.observation(0), target=31)
    assert {r["win"] for r in advice_rows(obs) or []} == {None}


def test_the_expert_lays_away_for_the_pegging_with_pegs_set() -> None:
    with pytest.raises(OptionError, match="'pegs'"):
        CribbageExpertBot(pegs=-1)
    # As the dealer the advisor lays away 3 4 (8.09 net); J K keeps 3 4 7 9, which pegs 1.52
    # more and nets 0.96 less, so with the pegging counted it is the better discard.
    hand = parse_cards("3D 4H JC KS 9D 7C")
    game = cardtable.load("cribbage")
    legal = [game.parse_move("discard " + " ".join(cards_str(p))) for p in combinations(hand, 2)]
    obs = {"hand": cards_str(hand), "dealer": 1, "players": 2, "scores": [0, 0], "target": 121}
    plain = CribbageExpertBot(seed=1)._discard(obs, 1, legal)
    assert sorted(cards_str(plain.cards)) == ["3D", "4H"]
    bot = CribbageExpertBot(seed=1, pegs=1)
    chosen = bot._discard(obs, 1, legal)
    assert sorted(cards_str(chosen.cards)) == ["JC", "KS"]
    # Its report gives every discard's value in points, best first, over the table's deals.
    assert len(bot.last_report) == 15 and bot.last_report[0][2] == 1200
    assert round(bot.last_report[0][1], 2) == round(7.13 + 1.66, 2)
    # A level string reaches the setting.
    assert make_bot("cribbage", "pegger:pegs=0.5", seed=1).pegs == 0.5  # type: ignore[attr-defined]
