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
from cardtable.engine import JSON, Event, Move
from cardtable.i18n import (
    N_,
    _,
    card_word,
    cards_word,
    join_and,
    move_words,
    names_in_use,
    ngettext,
    seat_word,
    seats_word,
)

__all__ = [
    "RESULT_NAMES",
    "describe_event",
    "describe_move",
    "materialize",
    "prompt",
    "result_name",
]

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
    """Seats listed in words: ``0 and 2``, or inside ``using_names`` ``Ann and Cat``."""
    if names_in_use():
        return join_and(seat_word(s) for s in seats)
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
    """One line for an event in the current language, as the plain log and ``replay`` print it;
    inside :func:`~cardtable.i18n.using_names` with players' names and suit symbols.

    >>> from cardtable.i18n import using_names
    >>> event = Event("call", 3, {"ace": "AH"})
    >>> describe_event(event)
    'Seat 3 holds both black queens and calls AH: its holder is his secret partner'
    >>> with using_names(["Ann", "Bob", "Cat", "Dan"]):
    ...     describe_event(event)
    'Dan holds both black queens and calls A♥: its holder is his secret partner'
    """
    d: Mapping[str, Any] = event.data
    seat = event.seat
    kind = event.type
    player = seat_word(seat, start=True) if seat is not None else ""
    if kind == "deal":
        return _("Deal {deal}: {dealer} deals").format(
            deal=d["deal"], dealer=seat_word(d["dealer"])
        )
    if kind == "hand":
        return _("{player} is dealt {cards}").format(player=player, cards=cards_word(d["cards"]))
    if kind == "call":
        return _(
            "{player} holds both black queens and calls {ace}: its holder is his secret partner"
        ).format(player=player, ace=card_word(d["ace"]))
    if kind == "no call":
        return _("{player}: no call").format(player=player)
    if kind == "alone":
        return _("{player} holds both black queens and plays alone, unannounced").format(
            player=player
        )
    if kind == "role":
        role = d["role"]
        if role == "alone":
            return _("{player} plays alone against the three others").format(player=player)
        if role == "opponents":
            return _("{player} is an opponent of the queens team").format(player=player)
        if d.get("partner") is not None:
            return _("{player} is on the queens team with {partner}").format(
                player=player, partner=seat_word(d["partner"])
            )
        return _("{player} is on the queens team; the partner is still hidden").format(
            player=player
        )
    if kind == "knock":
        if d.get("alone"):
            return _("{player} knocks alone: he claims every trick").format(player=player)
        return _("{player} knocks: the queens team claims every trick").format(player=player)
    if kind == "knock-off":
        return _("{player} knocks off: the opponents claim every trick").format(player=player)
    if kind == "no knock-off":
        return _("{player} does not knock off").format(player=player)
    if kind == "play":
        if d.get("reveals"):
            return _("{player} plays {card} and is on the queens team").format(
                player=player, card=card_word(d["card"])
            )
        return _("{player} plays {card}").format(player=player, card=card_word(d["card"]))
    if kind == "trick":
        return ngettext(
            "Trick {trick}: {player} takes {cards} ({points} card point)",
            "Trick {trick}: {player} takes {cards} ({points} card points)",
            int(d["points"]),
        ).format(
            trick=d["trick"],
            player=seat_word(seat) if seat is not None else "",
            cards=cards_word(d["cards"]),
            points=d["points"],
        )
    if kind == "deal score":
        return _(
            "Deal {deal}: the queens team ({queens}) took {points} card points in {tricks} "
            "tricks; {result}: {who} +{award}; scores {scores}"
        ).format(
            deal=d["deal"],
            queens=_seats(d["queens"]),
            points=d["card_points"],
            tricks=d["tricks"],
            result=result_name(str(d["result"])),
            who=seats_word(d["winners"]),
            award=d["points"],
            scores="-".join(str(p) for p in d["scores"]),
        )
    if kind == "score":
        return _("{player}: +{points} ({result}), total {total}").format(
            player=player,
            points=d["points"],
            result=result_name(str(d["reason"])),
            total=d["total"],
        )
    if kind == "game over":
        seats = d["winners"]
        return ngettext(
            "Game over: {players} wins, {scores}",
            "Game over: {players} share the win, {scores}",
            len(seats),
        ).format(players=seats_word(seats), scores="-".join(str(p) for p in d["scores"]))
    return kind


def _cards(cards: Any) -> str:
    return cards_word(cards) if cards else _("(none)")


def prompt(obs: Mapping[str, Any]) -> str:
    """One line telling the seat of a Kloepper observation what it must do now (with the
    notation to type, but in :func:`~cardtable.i18n.using_names`, where no one types).

    >>> import cardtable
    >>> state = cardtable.load("kloepper").new_state(seed=1)
    >>> prompt(state.observation(0))
    'Your hand: 9D KC AH 10H QH AS. Declare: pass (only the holder of both black queens calls).'
    >>> from cardtable.i18n import using_names
    >>> with using_names(["Ann", "Bob", "Cat", "Dan"]):
    ...     prompt(state.observation(0))
    'Declare: pass (only the holder of both black queens calls).'

    With names (a face, which shows the hand itself) the line leaves the hand out.
    """
    words = names_in_use()
    phase = obs.get("phase")
    legal = obs.get("legal_moves") or []
    hand = _cards(obs.get("hand"))
    example = move_words(str(legal[0])) if legal else ""
    knocker = obs.get("knocker")
    if phase == "declare":
        if any(str(m).startswith("call") for m in legal):
            if words:
                return _("You hold both black queens: call an ace you do not hold or play alone.")
            return _(
                "Your hand: {hand}. You hold both black queens: call an ace you do not hold "
                "(e.g. {example}) or play alone (alone)."
            ).format(hand=hand, example=example)
        if "alone" in legal:
            if words:
                return _("You hold both black queens and all three aces: play alone.")
            return _(
                "Your hand: {hand}. You hold both black queens and all three aces: play alone "
                "(alone)."
            ).format(hand=hand)
        if words:
            return _("Declare: pass (only the holder of both black queens calls).")
        return _(
            "Your hand: {hand}. Declare: pass (only the holder of both black queens calls)."
        ).format(hand=hand)
    if phase == "knock-off":
        player = seat_word(knocker, start=True) if isinstance(knocker, int) else ""
        if "knock-off" in legal:
            if words:
                return _(
                    "{player} knocked. Knock off to claim every trick for your side, or pass."
                ).format(player=player)
            return _(
                "{player} knocked. Knock off (knock-off) to claim every trick for your side, "
                "or pass."
            ).format(player=player)
        return _("{player} knocked, and you are on that side: pass.").format(player=player)
    if phase == "play":
        trick = obs.get("trick") or []
        number = obs.get("trick_number")
        plays = [str(m) for m in legal if str(m).startswith("play")]
        example = move_words(str(plays[0])) if plays else example
        if trick and words:
            line = _("Trick {trick}: {cards} on the table; play a card.").format(
                trick=number, cards=_cards([p["card"] for p in trick])
            )
        elif trick:
            line = _(
                "Your hand: {hand}. Trick {trick}: {cards} on the table; play a card "
                "(e.g. {example})."
            ).format(
                hand=hand,
                trick=number,
                cards=_cards([p["card"] for p in trick]),
                example=example,
            )
        elif words:
            line = _("Lead to trick {trick}.").format(trick=number)
        else:
            line = _("Your hand: {hand}. Lead to trick {trick} (e.g. {example}).").format(
                hand=hand, trick=number, example=example
            )
        if "knock" in legal:
            line += " " + (
                _("You may knock first to claim every trick.")
                if words
                else _("You may knock first (knock) to claim every trick.")
            )
        return line
    return _("Your move.") if words else _("Your move (type moves to list them).")


def describe_move(move: Move) -> str:
    """A legal move as a list shows it: its notation (verbs in the current language), or inside
    :func:`~cardtable.i18n.using_names` a sentence.

    >>> from cardtable.games.kloepper.moves import parse_move
    >>> from cardtable.i18n import using_names
    >>> describe_move(parse_move("call AH"))
    'call AH'
    >>> with using_names(["Ann", "Bob", "Cat", "Dan"]):
    ...     describe_move(parse_move("call AH")), describe_move(parse_move("knock"))
    ('Call A♥: its holder is your secret partner', 'Knock: your side claims every trick')
    """
    if not names_in_use():
        return move_words(move.text)
    verb = move.verb
    if verb == "play":
        return _("Play {card}").format(card=card_word(move.cards[0]))
    if verb == "call":
        return _("Call {ace}: its holder is your secret partner").format(
            ace=card_word(move.cards[0])
        )
    if verb == "alone":
        return _("Play alone against the three others")
    if verb == "knock":
        return _("Knock: your side claims every trick")
    if verb == "knock-off":
        return _("Knock off: your side claims every trick")
    return _("Pass")
