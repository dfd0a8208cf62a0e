"""Kloepper: the game (registered as ``kloepper``), its scoring table and its worlds.

>>> import cardtable
>>> state = cardtable.load("kloepper").new_state(seed=2)
>>> state.to_move, len(state.observation(0)["hand"])
(0, 6)
"""

from cardtable.games.kloepper.bot import LEVELS, KloepperRulesBot
from cardtable.games.kloepper.codec import KloepperCodec
from cardtable.games.kloepper.expert import KloepperExpertBot
from cardtable.games.kloepper.game import KloepperGame, KloepperState, hand_order
from cardtable.games.kloepper.scoring import DEFAULT_TABLE, result_key, scoring_table
from cardtable.games.kloepper.search import RULES_VERBS, SEARCH
from cardtable.games.kloepper.text import describe_event, prompt
from cardtable.games.kloepper.twin import kloepper_twin
from cardtable.games.kloepper.valued import KloepperValuedBot
from cardtable.games.kloepper.vocabulary import vocabulary
from cardtable.random_bot import may_blunder
from cardtable.registry import register

__all__ = [
    "DEFAULT_TABLE",
    "KloepperGame",
    "KloepperState",
    "describe_event",
    "hand_order",
    "prompt",
    "result_key",
    "scoring_table",
]

register(
    KloepperGame,
    bots={
        "rules": may_blunder(KloepperRulesBot, RULES_VERBS),
        KloepperExpertBot.name: KloepperExpertBot,
        KloepperValuedBot.name: KloepperValuedBot,
    },
    levels=LEVELS,
    search=SEARCH,
    codec=KloepperCodec,
    vocabulary=vocabulary,
    twin=kloepper_twin,
)
