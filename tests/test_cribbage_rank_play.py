"""The rules bot's pegging in ranks (games/cribbage/rank_play.py) plays as the bot itself."""

from __future__ import annotations

import random

import cardtable
from cardtable.bots.levels import make_bot
from cardtable.cards import parse_card, parse_cards
from cardtable.games.cribbage.bot import CribbageRulesBot
from cardtable.games.cribbage.rank_play import play_deal, rank_scores, reply_threat_ranks
from cardtable.games.cribbage.sampling import go_limits
from cardtable.games.cribbage.tables import RANK
from cardtable.seat_view import SeatView

_FULL = [0] + [4] * 13


def test_every_play_of_the_rules_bot_is_a_best_rank_of_the_rank_scores() -> None:
    checked = 0
    for seed in range(12):
        state = cardtable.load("cribbage").new_state(seed=seed)
        bots = [make_bot("cribbage", "rules", seed=seed), make_bot("cribbage", "rules", seed=seed)]
        while not state.is_over and state.observation(0)["deal_number"] <= 3:
            seat = state.to_move
            assert seat is not None
            view = SeatView(state, seat)
            obs = view.observation()
            move = bots[seat].choose(view)
            ranks = {RANK[m.cards[0]] for m in state.legal_moves()}
            if obs["phase"] == "play" and len(ranks) > 1:
                hand = parse_cards(obs["hand"])
                played = [parse_cards(p) for p in obs["played"]]
                line = parse_cards(obs["count_cards"])
                plays = CribbageRulesBot._plays(view, played, line)
                limits = go_limits(2, plays, obs["hand_sizes"], obs["count"], seat)
                seen = {*hand, *parse_cards(obs["laid_away"]), parse_card(obs["starter"])}
                seen.update(c for p in played for c in p)
                unseen = [0] * 14
                for c in set(range(52)) - seen:
                    unseen[RANK[c]] += 1
                scores = rank_scores(
                    sorted(RANK[c] for c in hand),
                    tuple(RANK[c] for c in line),
                    unseen,
                    obs["hand_sizes"][1 - seat],
                    limits[1 - seat],
                )
                assert set(scores) == ranks
                assert scores[RANK[move.cards[0]]] >= max(scores.values()) - 1e-9, obs
                checked += 1
            state.apply(move)
    assert checked > 150


def test_the_reply_threat_counts_as_the_bot_counts_cards() -> None:
    pool = parse_cards("10C 10D 10H JC JD QC KC KD 2C 3C")
    by_rank = [0] * 14
    for c in pool:
        by_rank[RANK[c]] += 1
    # The bot's own doctest: 1.956 a lone 5 may expect to give away.
    assert round(reply_threat_ranks((5,), by_rank, 2), 3) == 1.956


def test_a_deal_pegs_fifteen_two_and_the_last_card() -> None:
    # The pone leads its only card, a ten; the dealer's 5 makes fifteen, then the last card.
    assert play_deal((10,), (5,), _FULL, _FULL, random.Random(0)) == (0, 3)
    # Two each, both play out: 10 (pone), 5 for fifteen-two (dealer), 10 to 25, 6 to 31 for two.
    assert play_deal((10, 10), (5, 6), _FULL, _FULL, random.Random(0)) == (0, 4)
