"""Oracle values of every Krypkasino play, for fitting the ``valued`` bot's option values.

``python bench/krypkasino_values.py --hands N [--seed S] [--rollouts R] [--jobs J]
--out FILE`` plays four-player hands of four ``rules`` bots (hand i dealt from seed S+i, bot
seeds as :func:`players`) and, at every decision with more than one distinct play, values each
play in the true deal (every hand and the stock as they are) by R play-outs of the ``rules`` bot
with 10% random cards, three deals of cards deep (as ``bench/krypkasino_regret.py`` judges):
the penalty points the mover's team gains, lower better. It writes one JSON line a hand:
``{"seed": s, "decisions": [[ply, {play key: value}], ...]}``, a play key being ``"face
taken-ranks"``. These values see every card; a bot may only learn from them what its own view
predicts of them (``bench/krypkasino_fit.py``).
"""

from __future__ import annotations

import random

import cardtable
from cardtable.bot_protocol import Bot
from cardtable.bots.levels import make_bot
from cardtable.engine import Move
from cardtable.games.krypkasino.captures import POINTS
from cardtable.games.krypkasino.expert import play_out
from cardtable.games.krypkasino.game import KrypkasinoState
from cardtable.games.krypkasino.lean import open_lean
from option_fit import replay, values_main


def players(seed: int) -> list[Bot]:
    """The four ``rules`` bots of hand ``seed``."""
    return [make_bot("krypkasino", "rules", seed=seed * 10 + s) for s in range(4)]


def play_key(state: KrypkasinoState, move: Move) -> str:
    """A play as its face and the ranks it takes (plays alike for points and the table)."""
    taken = sorted(c % 52 // 4 for c in state.move_takes(move))
    return f"{move.cards[0] % 52} {' '.join(map(str, taken))}".strip()


def taken_points(state: KrypkasinoState, move: Move) -> int:
    """The penalty points of the table cards ``move`` takes."""
    return sum(POINTS[c] for c in state.move_takes(move))


def hand_values(seed: int, rollouts: int) -> dict[str, object]:
    """Every decision of hand ``seed`` with a choice: its ply and each play's oracle value."""
    state = cardtable.load("krypkasino", players=4, deals=1).new_state(seed=seed)
    assert isinstance(state, KrypkasinoState)
    bots = players(seed)
    decisions: list[list[object]] = []
    for ply, view, _ in replay(state, bots):
        seat = view.seat
        # Of the moves taking the same ranks, the one taking the fewest points (the bots'
        # distinct plays).
        plays: dict[str, Move] = {}
        for m in state.legal_moves():
            k = play_key(state, m)
            known = plays.get(k)
            if known is None or taken_points(state, m) < taken_points(state, known):
                plays[k] = m
        if len(plays) > 1:
            base = open_lean(state)
            value: dict[str, float] = {}
            for k, move in plays.items():
                total = 0.0
                taken = tuple(c % 52 for c in state.move_takes(move))
                for r in range(rollouts):
                    world = base.copy()
                    world.play(move.cards[0] % 52, taken)
                    total += play_out(world, seat, 3, random.Random(seed * 1000 + r), 0.1)
                value[k] = round(total / rollouts, 4)
            decisions.append([ply, value])
    return {"seed": seed, "decisions": decisions}


def main() -> None:
    values_main(__doc__.splitlines()[0], hand_values, "hands", rollouts=24, chunk=4)


if __name__ == "__main__":
    main()
