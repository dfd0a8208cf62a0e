"""What a person is asked to do, in words, from their seat's observation (any game).

>>> import cardtable
>>> state = cardtable.load("cribbage").new_state(seed=1)
>>> print(prompt(state.game.name, state.observation(0)))
Your hand: 2H 4C 7S 9S JC QD. Lay away two cards to seat 1's crib (e.g. discard 2H 4C).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from cardtable.i18n import _

__all__ = ["prompt"]

Obs = Mapping[str, Any]


def _cards(cards: Any) -> str:
    return " ".join(str(c) for c in cards) if cards else _("(none)")


def _example(obs: Obs) -> str:
    legal = obs.get("legal_moves") or []
    return str(legal[0]) if legal else ""


def _cribbage(obs: Obs) -> str:
    phase = obs.get("phase")
    seat, dealer = obs.get("seat"), obs.get("dealer")
    hand = _cards(obs.get("hand"))
    if phase == "discard":
        own = seat == dealer
        if obs.get("players") == 2:
            ask = (
                _("Lay away two cards to your crib")
                if own
                else _("Lay away two cards to seat {seat}'s crib")
            )
        else:
            ask = (
                _("Lay away one card to your crib")
                if own
                else _("Lay away one card to seat {seat}'s crib")
            )
        return _("Your hand: {hand}. {ask} (e.g. {example}).").format(
            hand=hand, ask=ask.format(seat=dealer), example=_example(obs)
        )
    if phase == "play":
        count_cards = obs.get("count_cards") or []
        count = obs.get("count", 0)
        on_table = f" ({_cards(count_cards)})" if count_cards else ""
        return _(
            "Your hand: {hand}. The count is {count}{on_table}; play a card (e.g. {example})."
        ).format(hand=hand, count=count, on_table=on_table, example=_example(obs))
    if phase == "claim":
        shown = (obs.get("shown") or [{}])[-1]
        what = _("crib") if shown.get("what") == "crib" else _("hand")
        return _(
            "Your {what}: {cards} with the starter {starter}. Claim its points (claim N)."
        ).format(what=what, cards=_cards(shown.get("cards")), starter=obs.get("starter"))
    if phase == "muggins":
        return _("The claim missed points: call muggins to take them, or pass.")
    return _("Your move (type moves to list them).")


def _generic(obs: Obs) -> str:
    hand = obs.get("hand")
    head = _("Your hand: {hand}. ").format(hand=_cards(hand)) if hand is not None else ""
    return head + _("Your move (type moves to list them).")


def _calypso(obs: Obs) -> str:
    from cardtable.games.calypso.text import prompt as calypso_prompt

    return calypso_prompt(dict(obs))


def _kloepper(obs: Obs) -> str:
    from cardtable.games.kloepper.text import prompt as kloepper_prompt

    return kloepper_prompt(obs)


def _krypkasino(obs: Obs) -> str:
    from cardtable.games.krypkasino.text import prompt as krypkasino_prompt

    return krypkasino_prompt(obs)


_PROMPTS: dict[str, Callable[[Obs], str]] = {
    "calypso": _calypso,
    "cribbage": _cribbage,
    "kloepper": _kloepper,
    "krypkasino": _krypkasino,
}


def prompt(game: str, obs: Obs) -> str:
    """One line telling the seat of ``obs`` what it must do now."""
    return _PROMPTS.get(game, _generic)(obs)
