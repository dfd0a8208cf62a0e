"""Calypso events: built from the game's compact log, and told in words (English, Japanese).

Event data is for machines and always English; :func:`describe_event` tells an event in the
current language.

>>> from cardtable.engine import Event
>>> from cardtable.i18n import using_language
>>> event = Event("trick", 2, {"cards": ["2S", "3S", "2H", "5S"], "seats": [0, 1, 2, 3],
...                            "reason": "trump-in"})
>>> describe_event(event)
'Seat 2 wins the trick (2S 3S 2H 5S): trumps in'
>>> with using_language("ja"):
...     describe_event(event)
'席2がトリックを取る (2S 3S 2H 5S): 切り札で割り込み'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardtable.cards import SUIT_LETTERS, card_str, cards_str
from cardtable.engine import JSON, Event, Move
from cardtable.games.calypso.tables import SORT_KEY
from cardtable.games.calypso.tricks import REASONS
from cardtable.i18n import (
    N_,
    _,
    card_word,
    cards_word,
    move_words,
    names_in_use,
    ngettext,
    seat_word,
    seats_word,
    suit_name,
)

__all__ = [
    "describe_event",
    "describe_move",
    "materialize",
    "prompt",
    "reason_words",
    "rule_words",
]

_WHY = {
    "led-trump": N_("led trump stands"),
    "trump-in": N_("trumps in"),
    "highest-trump": N_("highest trump"),
    "first-equal-trump": N_("first of equal trumps"),
    "last-trump": N_("last to trump in"),
    "highest": N_("highest card of the suit led"),
    "first-equal": N_("first of equal cards"),
}
assert set(_WHY) == set(REASONS)


def reason_words(reason: str) -> str:
    """Why a trick was won, in the current language.

    >>> reason_words("led-trump")
    'led trump stands'
    """
    return _(_WHY.get(reason, reason))


def _sort(cards: Any) -> list[int]:
    return sorted(cards, key=SORT_KEY.__getitem__)


def materialize(entry: tuple[Any, ...]) -> list[Event]:
    """The public and private events of one log entry."""
    kind = entry[0]
    if kind == "play":
        _, seat, card = entry
        return [Event("play", seat, {"card": card_str(card)})]
    if kind == "trick":
        _, winner, cards, seats, reason = entry
        data: dict[str, JSON] = {
            "cards": cards_str(cards),
            "seats": list(seats),
            "reason": reason,
            "why": _WHY[reason],  # data: always English
        }
        return [Event("trick", winner, data)]
    if kind == "lay":
        _, seat, card, count = entry
        return [Event("lay", seat, {"card": card_str(card), "count": count})]
    if kind == "calypso":
        return [Event("calypso", entry[1], {"number": entry[2]})]
    if kind == "pile":
        _, seat, added, size = entry
        return [Event("pile", seat, {"count": added, "size": size})]
    if kind == "deal":
        _, round_no, deal_no, dealer, dealt = entry
        out = [Event("deal", dealer, {"round": round_no, "deal": deal_no, "dealer": dealer})]
        for seat in range(4):
            cards = cards_str(_sort(dealt[(seat - dealer - 1) % 4 :: 4]))
            out.append(Event("hand", seat, {"cards": cards}, visible_to=(seat,)))
        return out
    if kind == "round over":
        return [Event("round over", None, dict(entry[1]))]
    if kind == "game over":
        totals = entry[1]
        winners = (
            [0, 1, 2, 3] if totals[0] == totals[1] else [0, 2] if totals[0] > totals[1] else [1, 3]
        )
        return [Event("game over", None, {"sides": list(totals), "winners": winners})]
    raise ValueError(f"unknown log entry {kind!r}")


def describe_event(event: Event) -> str:
    """One line for an event in the current language, as the plain log and ``replay`` print it;
    inside :func:`~cardtable.i18n.using_names` with players' names and suit symbols.

    >>> from cardtable.i18n import using_names
    >>> event = Event("lay", 1, {"card": "KD", "count": 12})
    >>> describe_event(event)
    'Seat 1 lays KD on the calypso (12 of 13)'
    >>> with using_names(["Ann", "Bob", "Cat", "Dan"]):
    ...     describe_event(event)
    'Bob lays K♦ on the calypso (12 of 13)'
    """
    d = event.data
    seat = event.seat
    kind = event.type
    player = seat_word(seat, start=True) if seat is not None else ""
    if kind == "deal":
        return _("Round {round}, deal {deal}: {dealer} deals").format(
            round=d["round"], deal=d["deal"], dealer=seat_word(d["dealer"])
        )
    if kind == "hand":
        return _("{player} is dealt {cards}").format(player=player, cards=cards_word(d["cards"]))
    if kind == "play":
        return _("{player} plays {card}").format(player=player, card=card_word(d["card"]))
    if kind == "trick":
        return _("{player} wins the trick ({cards}): {why}").format(
            player=player, cards=cards_word(d["cards"]), why=reason_words(str(d["reason"]))
        )
    if kind == "lay":
        return _("{player} lays {card} on the calypso ({count} of 13)").format(
            player=player, card=card_word(d["card"]), count=d["count"]
        )
    if kind == "calypso":
        return _("{player} completes calypso number {number}!").format(
            player=player, number=d["number"]
        )
    if kind == "pile":
        return ngettext(
            "{count} card to {player}'s trick pile ({size} there)",
            "{count} cards to {player}'s trick pile ({size} there)",
            d["count"],
        ).format(
            count=d["count"], player=seat_word(seat) if seat is not None else "", size=d["size"]
        )
    if kind == "round over":
        sides = d["sides"]
        totals = d["totals"]
        if names_in_use():
            return _(
                "Round {round} over: {first} score {a}, {second} score {b} (totals {ta} to {tb})"
            ).format(
                round=d["round"],
                first=seats_word(_SIDES[0]),
                second=seats_word(_SIDES[1]),
                a=sides[0],
                b=sides[1],
                ta=totals[0],
                tb=totals[1],
            )
        return _(
            "Round {round} over: seats 0+2 score {a}, seats 1+3 score {b} (totals {ta} to {tb})"
        ).format(round=d["round"], a=sides[0], b=sides[1], ta=totals[0], tb=totals[1])
    if kind == "game over":
        a, b = d["sides"]
        if a == b:
            return _("Game over: a draw at {points} each").format(points=a)
        if names_in_use():
            side = _SIDES[0] if a > b else _SIDES[1]
            return _("Game over: {players} win, {a} to {b}").format(
                players=seats_word(side), a=max(a, b), b=min(a, b)
            )
        if a > b:
            return _("Game over: seats 0 and 2 win, {a} to {b}").format(a=a, b=b)
        return _("Game over: seats 1 and 3 win, {a} to {b}").format(a=b, b=a)
    return kind


#: The seats of each partnership.
_SIDES = ((0, 2), (1, 3))


#: The names of the trick rules, for the table and the menu.
RULE_WORDS = {
    "standard": N_("standard (any trump-in beats a led trump)"),
    "lead-ranks": N_("lead-ranks (a led trump competes by rank)"),
    "last-trump": N_("last-trump (the last trump-in wins)"),
    "all-fours": N_("all-fours (you may trump while able to follow)"),
}


def rule_words(rule: str) -> str:
    """The trick rule in the current language.

    >>> rule_words("last-trump")
    'last-trump (the last trump-in wins)'
    """
    return _(RULE_WORDS.get(rule, rule))


def prompt(obs: Mapping[str, Any]) -> str:
    """What the seat of ``obs`` must do now, in one line (with an example of the notation to
    type, but in :func:`~cardtable.i18n.using_names`, where no one types).

    >>> import cardtable
    >>> from cardtable.i18n import using_names
    >>> obs = cardtable.load("calypso").new_state(seed=1).observation(0)
    >>> print(prompt(obs))
    Your hand: 10C 7C AD 2D AH KH 7H 5H 2H 7S 5S 3S 2S. You lead (any card, e.g. play 10C).
    >>> with using_names(["Ann", "Bob", "Cat", "Dan"]):
    ...     print(prompt(obs))
    You lead (any card).

    With names (a face, which shows the hand itself) the line leaves the hand out.
    """
    words = names_in_use()
    hand = cards_word(obs.get("hand") or [])
    legal = obs.get("legal_moves") or []
    example = move_words(str(legal[0])) if legal else ""
    led = obs.get("led")
    if led is None:
        if words:
            return _("You lead (any card).")
        return _("Your hand: {hand}. You lead (any card, e.g. {example}).").format(
            hand=hand, example=example
        )
    cards = cards_word(t["card"] for t in obs.get("trick") or [])
    if obs.get("trick_rule") == "all-fours":
        ask = (
            _("Trick: {cards}. Follow {suit} if you can, or play your own suit.")
            if words
            else _(
                "Your hand: {hand}. Trick: {cards}. Follow {suit} if you can, or play your own "
                "suit (e.g. {example})."
            )
        )
    elif words:
        ask = _("Trick: {cards}. Follow {suit} if you can.")
    else:
        ask = _("Your hand: {hand}. Trick: {cards}. Follow {suit} if you can (e.g. {example}).")
    return ask.format(hand=hand, cards=cards, suit=suit_words(led), example=example)


def describe_move(move: Move) -> str:
    """A legal move as a list shows it: its notation (the verb in the current language), or
    inside :func:`~cardtable.i18n.using_names` a sentence.

    >>> from cardtable.games.calypso.moves import parse_move
    >>> from cardtable.i18n import using_names
    >>> describe_move(parse_move("play KD"))
    'play KD'
    >>> with using_names(["Ann", "Bob", "Cat", "Dan"]):
    ...     describe_move(parse_move("play KD"))
    'Play K♦'
    """
    if not names_in_use() or move.verb != "play" or not move.cards:
        return move_words(move.text)
    return _("Play {card}").format(card=card_word(move.cards[0]))


def suit_words(letter: object) -> str:
    """A suit letter of the observation (``D``) as the suit's name in the current language
    (``diamonds``); anything else as it is.

    >>> suit_words("D")
    'diamonds'
    """
    if isinstance(letter, str) and letter in SUIT_LETTERS:
        return suit_name(SUIT_LETTERS.index(letter))
    return str(letter)
