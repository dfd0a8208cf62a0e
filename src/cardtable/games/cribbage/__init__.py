"""Cribbage: the game (registered as ``cribbage``), its scoring and its analysis.

>>> from cardtable.cards import parse_cards
>>> *hand, starter = parse_cards("5H 5D 5C JS 5S")
>>> score_hand(hand, starter)
29
"""

from cardtable.games.cribbage.analysis import DiscardOption, discard_advice, score_distribution
from cardtable.games.cribbage.bot import LEVELS, CribbageRulesBot
from cardtable.games.cribbage.codec import CribbageCodec
from cardtable.games.cribbage.expert import CribbageExpertBot, CribbageFastBot
from cardtable.games.cribbage.game import CribbageGame, CribbageState
from cardtable.games.cribbage.scoring import Combo, breakdown, describe, peg_points, score_hand
from cardtable.games.cribbage.search import SEARCH
from cardtable.games.cribbage.solver import CribbageSolverBot
from cardtable.games.cribbage.twin import cribbage_twin
from cardtable.games.cribbage.vocabulary import vocabulary
from cardtable.random_bot import may_blunder
from cardtable.registry import register

__all__ = [
    "Combo",
    "CribbageGame",
    "CribbageState",
    "DiscardOption",
    "breakdown",
    "describe",
    "discard_advice",
    "peg_points",
    "score_distribution",
    "score_hand",
]

register(
    CribbageGame,
    bots={
        "rules": may_blunder(CribbageRulesBot),
        "solver": CribbageSolverBot,
        "pegger": CribbageExpertBot,
        "pegger-fast": CribbageFastBot,
    },
    levels=LEVELS,
    search=SEARCH,
    codec=CribbageCodec,
    vocabulary=vocabulary,
    twin=cribbage_twin,
)
