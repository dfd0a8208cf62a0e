"""Kloepper events: built from the game's compact log, and told in words (English, Japanese).

Event data is for machines and always English; :func:`describe_event` tells an event in the
current language. Private events (a seat's hand, its secret "alone", the side it learns it is
on) carry ``visible_to``; the public ones never name a hidden card or a hidden partner.

>>> from cardtable.engine import Event
>>> from cardtable.i18n import using_language
>>> event = Event("trick", 2, {"trick": 1, "leader": 0, "cards": ["AH", "10H", "JH", "KH"],
...                            "points": 27})
>>> describe_event(event)
'Trick 1: seat 2 takes AH 10H JH KH (27 card points)'
>>> hand = Event("hand", 1, {"cards": ["QC", "AH"]}, visible_to=(1,))
>>> with using_language("ja"):
...     describe_event(hand)
'席1の手札: QC AH'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardtable.cards import card_str, cards_str
from cardtable.engine import JSON, Event
from cardtable.i18n import N_, _, join_and, move_words, ngettext

__all__ = ["RESULT_NAMES", "describe_event", "materialize", "prompt", "result_name"]

SEATS = 4

#: Each row of the scoring table in words.
RESULT_NAMES = {
    "win": N_("the queens team wins"),
    "win-high": N_("the queens team wins with 91 or more"),
    "win-all": N_("the queens team takes every trick"),
    "lose": N_("the opponents win"),
    "lose-high": N_("the opponents win, the queens team having 30 or less"),
    "lose-all": N_("the opponents take every trick"),
    "lone-win": N_("the lone player wins"),
    "lone-win-high": N_("the lone player wins with 91 or more"),
    "lone-win-all": N_("the lone player takes every trick"),
    "lone-lose": N_("the lone player loses"),
    "lone-lose-high": N_("the lone player loses with 30 or less"),
    "lone-lose-all": N_("the lone player takes no trick"),
    "knock": N_("the knock is made"),
    "knock-failed": N_("the knock fails"),
    "knock-off": N_("the knock-off is made"),
    "knock-off-failed": N_("the knock-off fails"),
    "lone-knock": N_("the lone knock is made"),
    "lone-knock-failed": N_("the lone knock fails"),
}


def result_name(key: str) -> str:
    """A scoring-table row in words, in the current language.

    >>> result_name("knock-off")
    'the knock-off is made'
    """
    return _(RESULT_NAMES.get(key, key))


def _seats(seats: Any) -> str:
    return join_and(str(s) for s in seats)


def materialize(entry: tuple[Any, ...]) -> list[Event]:
    """The public and private events of one log entry."""
    kind = entry[0]
    if kind == "play":
        _k, seat, card, trick_no, called = entry
        reveals = called or card_str(card) in ("QC", "QS")
        return [
            Event("play", seat, {"card": card_str(card), "trick": trick_no + 1, "reveals": reveals})
        ]
    if kind == "trick":
        _k, winner, trick_no, leader, cards, points = entry
        data: dict[str, JSON] = {
            "trick": trick_no + 1,
            "leader": leader,
            "cards": cards_str(cards),
            "points": points,
        }
        return [Event("trick", winner, data)]
    if kind == "deal":
        _k, deal_no, dealer, dealt = entry
        out = [Event("deal", dealer, {"deal": deal_no, "dealer": dealer})]
        for seat in range(SEATS):
            out.append(Event("hand", seat, {"cards": cards_str(dealt[seat])}, visible_to=(seat,)))
        return out
    if kind == "declare":
        _k, seat, verb, card = entry
        if verb == "call":
            return [Event("call", seat, {"ace": card_str(card)})]
        out = [Event("no call", seat, {})]
        if verb == "alone":
            out.append(Event("alone", seat, {}, visible_to=(seat,)))
        return out
    if kind == "roles":
        _k, team, alone, caller = entry
        out = []
        for seat in range(SEATS):
            role = ("alone" if alone else "queens") if team >> seat & 1 else "opponents"
            # Only the holder of the called ace knows his partner (the caller) from the start.
            partner = caller if role == "queens" and caller >= 0 and caller != seat else None
            out.append(Event("role", seat, {"role": role, "partner": partner}, visible_to=(seat,)))
        return out
    if kind == "knock":
        return [Event("knock", entry[1], {"alone": entry[2]})]
    if kind in ("knock-off", "no knock-off"):
        return [Event(kind, entry[1], {})]
    if kind == "deal over":
        _k, deal_no, team, alone, call, q_points, q_tricks, key, award, winners, totals = entry
        summary: dict[str, JSON] = {
            "deal": deal_no,
            "queens": [s for s in range(SEATS) if team >> s & 1],
            "alone": alone,
            "call": card_str(call) if call >= 0 else None,
            "card_points": q_points,
            "tricks": q_tricks,
            "result": key,
            "points": award,
            "winners": list(winners),
            "scores": list(totals),
        }
        # One "score" event per seat that scores, as every game gives them (the command line's
        # simulate adds them up).
        scored = [
            Event("score", s, {"points": award, "reason": key, "total": totals[s]}) for s in winners
        ]
        return [Event("deal score", None, summary), *scored]
    if kind == "game over":
        _k, leaders, totals = entry
        return [Event("game over", None, {"winners": list(leaders), "scores": list(totals)})]
    raise ValueError(f"unknown log entry {kind!r}")


def describe_event(event: Event) -> str:
    """One line for an event in the current language, as the plain log and ``replay`` print it.

    >>> describe_event(Event("call", 3, {"ace": "AH"}))
    'Seat 3 holds both black queens and calls AH: its holder is his secret partner'
    """
    d: Mapping[str, Any] = event.data
    seat = event.seat
    kind = event.type
    if kind == "deal":
        return _("Deal {deal}: seat {dealer} deals").format(deal=d["deal"], dealer=d["dealer"])
    if kind == "hand":
        return _("Seat {seat} is dealt {cards}").format(seat=seat, cards=" ".join(d["cards"]))
    if kind == "call":
        return _(
            "Seat {seat} holds both black queens and calls {ace}: its holder is his secret partner"
        ).format(seat=seat, ace=d["ace"])
    if kind == "no call":
        return _("Seat {seat}: no call").format(seat=seat)
    if kind == "alone":
        return _("Seat {seat} holds both black queens and plays alone, unannounced").format(
            seat=seat
        )
    if kind == "role":
        role = d["role"]
        if role == "alone":
            return _("Seat {seat} plays alone against the three others").format(seat=seat)
        if role == "opponents":
            return _("Seat {seat} is an opponent of the queens team").format(seat=seat)
        if d.get("partner") is not None:
            return _("Seat {seat} is on the queens team with seat {partner}").format(
                seat=seat, partner=d["partner"]
            )
        return _("Seat {seat} is on the queens team; the partner is still hidden").format(seat=seat)
    if kind == "knock":
        if d.get("alone"):
            return _("Seat {seat} knocks alone: he claims every trick").format(seat=seat)
        return _("Seat {seat} knocks: the queens team claims every trick").format(seat=seat)
    if kind == "knock-off":
        return _("Seat {seat} knocks off: the opponents claim every trick").format(seat=seat)
    if kind == "no knock-off":
        return _("Seat {seat} does not knock off").format(seat=seat)
    if kind == "play":
        if d.get("reveals"):
            return _("Seat {seat} plays {card} and is on the queens team").format(
                seat=seat, card=d["card"]
            )
        return _("Seat {seat} plays {card}").format(seat=seat, card=d["card"])
    if kind == "trick":
        return ngettext(
            "Trick {trick}: seat {seat} takes {cards} ({points} card point)",
            "Trick {trick}: seat {seat} takes {cards} ({points} card points)",
            int(d["points"]),
        ).format(trick=d["trick"], seat=seat, cards=" ".join(d["cards"]), points=d["points"])
    if kind == "deal score":
        winners = d["winners"]
        who = ngettext("seat {seats}", "seats {seats}", len(winners)).format(seats=_seats(winners))
        return _(
            "Deal {deal}: the queens team ({queens}) took {points} card points in {tricks} "
            "tricks; {result}: {who} +{award}; scores {scores}"
        ).format(
            deal=d["deal"],
            queens=_seats(d["queens"]),
            points=d["card_points"],
            tricks=d["tricks"],
            result=result_name(str(d["result"])),
            who=who,
            award=d["points"],
            scores="-".join(str(p) for p in d["scores"]),
        )
    if kind == "score":
        return _("Seat {seat}: +{points} ({result}), total {total}").format(
            seat=seat, points=d["points"], result=result_name(str(d["reason"])), total=d["total"]
        )
    if kind == "game over":
        seats = d["winners"]
        return ngettext(
            "Game over: seat {seats} wins, {scores}",
            "Game over: seats {seats} share the win, {scores}",
            len(seats),
        ).format(seats=_seats(seats), scores="-".join(str(p) for p in d["scores"]))
    return kind


def _cards(cards: Any) -> str:
    return " ".join(str(c) for c in cards) if cards else _("(none)")


def prompt(obs: Mapping[str, Any]) -> str:
    """One line telling the seat of a Kloepper observation what it must do now.

    >>> import cardtable
    >>> state = cardtable.load("kloepper").new_state(seed=1)
    >>> prompt(state.observation(0))
    'Your hand: 9D KC AH 10H QH AS. Declare: pass (only the holder of both black queens calls).'
    """
    phase = obs.get("phase")
    legal = obs.get("legal_moves") or []
    hand = _cards(obs.get("hand"))
    example = move_words(str(legal[0])) if legal else ""
    if phase == "declare":
        if any(str(m).startswith("call") for m in legal):
            return _(
                "Your hand: {hand}. You hold both black queens: call an ace you do not hold "
                "(e.g. {example}) or play alone (alone)."
            ).format(hand=hand, example=example)
        if "alone" in legal:
            return _(
                "Your hand: {hand}. You hold both black queens and all three aces: play alone "
                "(alone)."
            ).format(hand=hand)
        return _(
            "Your hand: {hand}. Declare: pass (only the holder of both black queens calls)."
        ).format(hand=hand)
    if phase == "knock-off":
        if "knock-off" in legal:
            return _(
                "Seat {seat} knocked. Knock off (knock-off) to claim every trick for your side, "
                "or pass."
            ).format(seat=obs.get("knocker"))
        return _("Seat {seat} knocked, and you are on that side: pass.").format(
            seat=obs.get("knocker")
        )
    if phase == "play":
        trick = obs.get("trick") or []
        number = obs.get("trick_number")
        plays = [str(m) for m in legal if str(m).startswith("play")]
        example = move_words(str(plays[0])) if plays else example
        if trick:
            line = _(
                "Your hand: {hand}. Trick {trick}: {cards} on the table; play a card "
                "(e.g. {example})."
            ).format(
                hand=hand,
                trick=number,
                cards=_cards([p["card"] for p in trick]),
                example=example,
            )
        else:
            line = _("Your hand: {hand}. Lead to trick {trick} (e.g. {example}).").format(
                hand=hand, trick=number, example=example
            )
        if "knock" in legal:
            line += " " + _("You may knock first (knock) to claim every trick.")
        return line
    return _("Your move (type moves to list them).")
