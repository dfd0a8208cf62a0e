"""Krypkasino: the game (registered as ``krypkasino``), its card values and capture search.

>>> from cardtable.cards import parse_cards
>>> points_of(parse_cards("10D 2S AS AH KS 7C"))
9
"""

from cardtable.games.krypkasino.bot import LEVELS, KrypkasinoRulesBot
from cardtable.games.krypkasino.captures import Captures, captures, points_of, rank_code
from cardtable.games.krypkasino.codec import KrypkasinoCodec
from cardtable.games.krypkasino.expert import KrypkasinoSearchBot
from cardtable.games.krypkasino.game import KrypkasinoGame, KrypkasinoState, teams_of
from cardtable.games.krypkasino.search import SEARCH
from cardtable.games.krypkasino.twin import krypkasino_twin
from cardtable.games.krypkasino.valued import KrypkasinoValuedBot
from cardtable.random_bot import may_blunder
from cardtable.registry import register

__all__ = [
    "Captures",
    "KrypkasinoGame",
    "KrypkasinoState",
    "captures",
    "points_of",
    "rank_code",
    "teams_of",
]

register(
    KrypkasinoGame,
    bots={
        "rules": may_blunder(KrypkasinoRulesBot),
        "search": KrypkasinoSearchBot,
        "valued": KrypkasinoValuedBot,
    },
    levels=LEVELS,
    search=SEARCH,
    codec=KrypkasinoCodec,
    twin=krypkasino_twin,
)
