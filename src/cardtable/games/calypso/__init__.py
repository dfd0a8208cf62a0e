"""Calypso: the game (registered as ``calypso``), its trick rules and its sampled worlds.

>>> from cardtable.cards import parse_card
>>> trick = [parse_card(c) for c in ("2C", "3C", "5H", "2D")]
>>> trick_winner(trick, (0, 1, 2, 3), (3, 0, 2, 1), STANDARD)  # RULES.md 1.7, row 7
(2, 'highest-trump')
"""

from cardtable.games.calypso.bot import LEVELS, CalypsoRulesBot
from cardtable.games.calypso.codec import CalypsoCodec
from cardtable.games.calypso.expert import CalypsoSearchBot
from cardtable.games.calypso.game import (
    CALYPSO_POINTS,
    CalypsoGame,
    CalypsoState,
    calypso_points,
)
from cardtable.games.calypso.search import SEARCH
from cardtable.games.calypso.tricks import (
    ALL_FOURS,
    LAST_TRUMP,
    LEAD_RANKS,
    RULE_NAMES,
    STANDARD,
    trick_winner,
)
from cardtable.games.calypso.twin import calypso_twin
from cardtable.games.calypso.valued import CalypsoValuedBot
from cardtable.games.calypso.vocabulary import vocabulary
from cardtable.random_bot import may_blunder
from cardtable.registry import register

__all__ = [
    "ALL_FOURS",
    "CALYPSO_POINTS",
    "LAST_TRUMP",
    "LEAD_RANKS",
    "RULE_NAMES",
    "STANDARD",
    "CalypsoGame",
    "CalypsoState",
    "calypso_points",
    "trick_winner",
]

register(
    CalypsoGame,
    bots={
        "rules": may_blunder(CalypsoRulesBot),
        "search": CalypsoSearchBot,
        "valued": CalypsoValuedBot,
    },
    levels=LEVELS,
    search=SEARCH,
    codec=CalypsoCodec,
    vocabulary=vocabulary,
    twin=calypso_twin,
)
