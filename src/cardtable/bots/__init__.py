"""Bots: players that see a game only through one seat's view (:class:`SeatView`).

A bot has a ``name`` and ``choose(view) -> Move``; :func:`make_bot` gives a bot for a game by
name or by level, and :func:`choose_for` asks one for the move of the seat to act. The generic
bots live here (random, the search bots, the arena); each game's own bots live in its folder
(``games/<name>/bot.py``) and come here through the game's registry entry.

>>> import cardtable
>>> state = cardtable.load("cribbage").new_state(seed=2)
>>> bots = [make_bot("cribbage", "rules", seed=0), make_bot("cribbage", "random", seed=1)]
>>> while not state.is_over:
...     state.apply(choose_for(bots[state.to_move], state))
>>> max(state.scores)
121
"""

from __future__ import annotations

from cardtable.bot_protocol import Bot, BotFactory, choose_for
from cardtable.bots.levels import (
    DEFAULT_LEVELS,
    HINT_LEVEL,
    LEVELS,
    bot_names,
    describe_level,
    hint_bot,
    level_bot,
    make_bot,
    register_bot,
)
from cardtable.bots.search import IsmctsBot, PimcBot
from cardtable.random_bot import Blundering, RandomBot
from cardtable.seat_view import SeatView

__all__ = [
    "DEFAULT_LEVELS",
    "HINT_LEVEL",
    "LEVELS",
    "Blundering",
    "Bot",
    "BotFactory",
    "IsmctsBot",
    "PimcBot",
    "RandomBot",
    "SeatView",
    "bot_names",
    "choose_for",
    "describe_level",
    "hint_bot",
    "level_bot",
    "make_bot",
    "register_bot",
]
