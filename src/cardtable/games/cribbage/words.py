"""Cribbage events: built from the game's compact log, and told in English words.

Each point scored becomes a ``score`` event with a ``reason`` (fifteen, thirty-one, pair, pair
royal, double pair royal, run, flush, nobs, his heels, go, last card, claim, muggins), the
traditional ``call`` ("fifteen two", "run of 4"), the cards involved and the side's new total.

>>> from cardtable.engine import Event
>>> describe_event(Event("score", 1, {"points": 2, "reason": "fifteen", "call": "fifteen two",
...                                   "total": 17, "cards": ["5H", "10S"]}))
'Seat 1: fifteen two (5H 10S), 17'
"""

from __future__ import annotations

from typing import Any

from cardtable.cards import card_str
from cardtable.engine import JSON, Event
from cardtable.games.cribbage.scoring import breakdown, peg_points

__all__ = ["call", "describe_event", "materialize"]

_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight")


def _names(cards: Any) -> list[str]:
    return [card_str(c) for c in cards]


def call(reason: str, points: int) -> str:
    """The traditional words for a score.

    >>> call("fifteen", 2), call("run", 4), call("pair royal", 6), call("his heels", 2)
    ('fifteen two', 'run of 4', 'pair royal for six', 'his heels')
    """
    if reason == "fifteen":
        return "fifteen two"
    if reason == "run":
        return f"run of {points}"
    if reason == "flush":
        return f"flush of {points}"
    if reason == "nobs":
        return "his nobs"
    if reason in ("his heels", "go", "last card"):
        return reason
    if reason == "claim":
        return f"claims {points}"
    if reason == "muggins":
        return f"muggins for {points}"
    word = _NUMBER_WORDS[points] if points < len(_NUMBER_WORDS) else str(points)
    return f"{reason} for {word}"


def _score(seat: int, points: int, reason: str, cards: Any, total: int, phase: str) -> Event:
    return Event(
        "score",
        seat,
        {
            "points": points,
            "reason": reason,
            "call": call(reason, points),
            "cards": _names(cards),
            "total": total,
            "phase": phase,
        },
    )


def _peg_cards(reason: str, points: int, cards: tuple[int, ...]) -> tuple[int, ...]:
    if reason in ("fifteen", "thirty-one"):
        return cards
    if reason == "run":
        return cards[-points:]
    return cards[-{2: 2, 6: 3, 12: 4}[points] :]


def materialize(entry: tuple[Any, ...], target: int) -> list[Event]:
    """The public and private events of one log entry."""
    kind = entry[0]
    if kind == "play":
        _, seat, card, count = entry
        return [Event("play", seat, {"card": card_str(card), "count": count})]
    if kind == "peg":
        _, seat, cards, count, before = entry
        out = []
        total = before
        for reason, points in peg_points([c // 4 + 1 for c in cards], count):
            if total >= target:
                break  # the game ended on the previous item: nothing more is scored
            total = min(target, total + points)
            out.append(
                _score(seat, points, reason, _peg_cards(reason, points, cards), total, "play")
            )
        return out
    if kind == "score":
        _, seat, points, reason, cards, total = entry
        phase = (
            "deal"
            if reason == "his heels"
            else "show"
            if reason in ("claim", "muggins")
            else "play"
        )
        return [_score(seat, points, reason, cards, total, phase)]
    if kind == "go":
        return [Event("go", entry[1], {})]
    if kind == "reset":
        return [Event("reset", entry[1], {"count": 0})]
    if kind == "deal":
        _, game_no, deal_no, dealer, dealt = entry
        # The dealt cards went one at a time round the table from the dealer's left.
        n = len(dealt) // (6 if len(dealt) == 12 else 5)
        out = [Event("deal", dealer, {"game": game_no, "deal": deal_no, "dealer": dealer})]
        for seat in range(n):
            cards = _names(sorted(dealt[(seat - dealer - 1) % n :: n]))
            out.append(Event("hand", seat, {"cards": cards}, visible_to=(seat,)))
        return out
    if kind == "discard":
        _, seat, cards = entry
        return [
            Event("discard", seat, {"count": len(cards)}),
            Event("discard-cards", seat, {"cards": _names(cards)}, visible_to=(seat,)),
        ]
    if kind == "starter":
        _, dealer, card = entry
        return [Event("starter", dealer, {"card": card_str(card)})]
    if kind == "show":
        _, seat, what, cards, starter, worth, before = entry
        combos = breakdown(cards, starter, what == "crib")
        data: dict[str, JSON] = {
            "what": what,
            "cards": _names(cards),
            "starter": card_str(starter),
            "points": worth,
            "breakdown": [
                {"kind": c.kind, "points": c.points, "cards": _names(c.cards)} for c in combos
            ],
        }
        out = [Event("show", seat, data)]
        if before is not None:
            total = before
            for combo in combos:
                if total >= target:
                    break  # the game ended on the previous combination
                total = min(target, total + combo.points)
                out.append(_score(seat, combo.points, combo.kind, combo.cards, total, "show"))
        return out
    if kind == "claim":
        _, seat, what, claimed = entry
        return [Event("claim", seat, {"what": what, "points": claimed})]
    if kind == "game over":
        summary = dict(entry[1])
        return [Event("game over", None, summary)]
    raise ValueError(f"unknown log entry {kind!r}")


def describe_event(event: Event) -> str:
    """One line of English for an event, as the plain log and ``replay`` print it."""
    d = event.data
    who = f"Seat {event.seat}"
    kind = event.type
    if kind == "deal":
        return f"Game {d['game']}, deal {d['deal']}: seat {d['dealer']} deals"
    if kind == "hand":
        return f"{who} is dealt {' '.join(d['cards'])}"
    if kind == "discard":
        return f"{who} lays away {d['count']} card{'s' if d['count'] != 1 else ''}"
    if kind == "discard-cards":
        return f"{who} lays away {' '.join(d['cards'])}"
    if kind == "starter":
        return f"Starter: {d['card']}"
    if kind == "play":
        return f"{who} plays {d['card']}, count {d['count']}"
    if kind == "go":
        return f"{who}: go"
    if kind == "reset":
        return f"The count starts again; seat {event.seat} leads"
    if kind == "score":
        cards = f" ({' '.join(d['cards'])})" if d["cards"] else ""
        return f"{who}: {d['call']}{cards}, {d['total']}"
    if kind == "show":
        return f"{who} shows {d['what']} {' '.join(d['cards'])} + {d['starter']}: {d['points']}"
    if kind == "claim":
        return f"{who} claims {d['points']} for the {d['what']}"
    if kind == "game over":
        winners = " and ".join(str(s) for s in d["winners"])
        who = f"Seats {winners} win" if len(d["winners"]) > 1 else f"Seat {winners} wins"
        pegs = "-".join(str(p) for p in d["pegs"])
        return f"Game {d['game']} over: {who} ({d['kind']}, {d['points']}), {pegs}"
    return kind
