"""Krypkasino events: built from the game's compact log, and told in words (English, Japanese).

Event data is for machines and always English card notation; :func:`describe_event` tells an
event in the current language, and :func:`prompt` tells a person what to do.

>>> from cardtable.engine import Event
>>> event = Event("play", 2, {"card": "QD", "captured": ["AC", "3H", "3S", "5D"], "krypa": False})
>>> describe_event(event)
'Seat 2 plays QD and takes AC 3H 3S 5D'
>>> describe_event(Event("tabbe", 1, {"points": 5, "assistant": 0, "double": False}))
'Seat 1: tabbe +5, seat 0 -5'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.cards import cards_str
from cardtable.engine import JSON, Event, Move
from cardtable.i18n import (
    _,
    card_word,
    cards_word,
    move_words,
    names_in_use,
    ngettext,
    seat_word,
    seats_word,
)

__all__ = ["describe_event", "describe_move", "materialize", "prompt"]


def _faces(cards: Sequence[int]) -> list[str]:
    return cards_str(cards)


def materialize(entry: tuple[Any, ...], players: int) -> list[Event]:
    """The public and private events of one log entry."""
    kind = entry[0]
    if kind == "play":
        _kind, seat, card, taken, tabbe, assistant = entry
        out = [
            Event(
                "play",
                seat,
                {"card": cards_str([card])[0], "captured": _faces(taken), "krypa": not taken},
            )
        ]
        if tabbe:
            out.append(
                Event(
                    "tabbe",
                    seat,
                    {"points": tabbe, "assistant": assistant, "double": tabbe == 10},
                )
            )
        return out
    if kind == "deal":
        _kind, hand_no, dealer, hands, table, aside, stock, extra = entry
        data: dict[str, JSON] = {
            "hand": hand_no,
            "dealer": dealer,
            "table": _faces(table),
            "set_aside": _faces(aside),
            "stock": stock,
            "extra_deals": extra,
        }
        out = [Event("deal", dealer, data)]
        for seat in range(players):
            out.append(Event("hand", seat, {"cards": _faces(hands[seat])}, visible_to=(seat,)))
        return out
    if kind == "extra":
        _kind, dealer, hands, stock, left = entry
        out = [Event("extra deal", dealer, {"stock": stock, "extra_deals_left": left})]
        for seat in range(players):
            out.append(Event("hand", seat, {"cards": _faces(hands[seat])}, visible_to=(seat,)))
        return out
    if kind == "courts":
        _kind, receiver, cards = entry
        to = receiver if receiver >= 0 else None
        return [Event("courts", to, {"cards": _faces(cards), "to": to})]
    if kind == "leftover":
        _kind, receiver, table, aside = entry
        return [Event("leftover", receiver, {"cards": _faces(table), "set_aside": _faces(aside)})]
    if kind == "hand over":
        _kind, hand_no, points, totals = entry
        # One score event a seat (the points of its pile and tabbes), as every game tells scores.
        out = [
            Event("score", seat, {"points": points[seat], "reason": "hand", "total": totals[seat]})
            for seat in range(players)
        ]
        out.append(Event("hand over", None, {"hand": hand_no, "points": points, "totals": totals}))
        return out
    if kind == "game over":
        return [Event("game over", None, dict(entry[1]))]
    raise ValueError(f"unknown log entry {kind!r}")


def _cards(cards: Any) -> str:
    return cards_word(cards) if cards else "–"


def _by_seat(values: Sequence[Any]) -> str:
    return ", ".join(
        _("{player} {score}").format(player=seat_word(s), score=v) for s, v in enumerate(values)
    )


def _winners(seats: Sequence[int]) -> str:
    if names_in_use():
        players = seats_word(seats, start=True)
    else:  # the plain mode lists the seat numbers as it always has
        players = ngettext("Seat {seats}", "Seats {seats}", len(seats)).format(
            seats=", ".join(str(s) for s in seats)
        )
    return ngettext("{players} wins", "{players} win", len(seats)).format(players=players)


def describe_event(event: Event) -> str:
    """One line for an event in the current language, as the plain log and ``replay`` print it;
    inside :func:`~cardtable.i18n.using_names` with players' names and suit symbols.

    >>> from cardtable.i18n import using_names
    >>> event = Event("play", 0, {"card": "5H", "captured": [], "krypa": True})
    >>> describe_event(event)
    'Seat 0 plays 5H; it creeps onto the table'
    >>> with using_names(["Ann", "Bob"]):
    ...     describe_event(event)
    'Ann plays 5♥; it creeps onto the table'
    """
    d: Mapping[str, Any] = event.data
    seat = event.seat
    kind = event.type
    player = seat_word(seat, start=True) if seat is not None else ""
    if kind == "deal":
        return _(
            "Hand {hand}: {dealer} deals; table {table}, set aside {aside}, "
            "{stock} cards in the stock"
        ).format(
            hand=d["hand"],
            dealer=seat_word(d["dealer"]),
            table=_cards(d["table"]),
            aside=_cards(d["set_aside"]),
            stock=d["stock"],
        )
    if kind == "hand":
        return _("{player} is dealt {cards}").format(player=player, cards=cards_word(d["cards"]))
    if kind == "extra deal":
        left = int(d["extra_deals_left"])
        if left == 0:
            return _("{dealer} deals four more cards to each player: the last deal").format(
                dealer=player
            )
        return ngettext(
            "{dealer} deals four more cards to each player ({left} more deal to come)",
            "{dealer} deals four more cards to each player ({left} more deals to come)",
            left,
        ).format(dealer=player, left=left)
    if kind == "courts":
        if d["to"] is None:
            return _("The court cards {cards} on the table are set aside").format(
                cards=_cards(d["cards"])
            )
        return _("The court cards {cards} on the table go to {player}").format(
            cards=_cards(d["cards"]), player=seat_word(d["to"])
        )
    if kind == "play":
        if d["krypa"]:
            return _("{player} plays {card}; it creeps onto the table").format(
                player=player, card=card_word(d["card"])
            )
        return _("{player} plays {card} and takes {cards}").format(
            player=player, card=card_word(d["card"]), cards=_cards(d["captured"])
        )
    if kind == "tabbe":
        line = (
            _("{player}: dubbeltabbe +{points}, {assistant} -{points}")
            if d["double"]
            else _("{player}: tabbe +{points}, {assistant} -{points}")
        )
        return line.format(player=player, points=d["points"], assistant=seat_word(d["assistant"]))
    if kind == "leftover":
        cards = [*d["cards"], *d["set_aside"]]
        return _("{player} takes the cards left: {cards}").format(
            player=player, cards=_cards(cards)
        )
    if kind == "score":
        return _("{player}: {points} penalty points in the hand, total {total}").format(
            player=player, points=d["points"], total=d["total"]
        )
    if kind == "hand over":
        return _("Hand {hand} over: {points}; totals {totals}").format(
            hand=d["hand"], points=_by_seat(d["points"]), totals=_by_seat(d["totals"])
        )
    if kind == "game over":
        return _("Game over: {winners} with the lowest total ({scores})").format(
            winners=_winners(d["winners"]), scores=_by_seat(d["scores"])
        )
    return kind


def prompt(obs: Mapping[str, Any]) -> str:
    """One line telling the seat of ``obs`` what it must do now (with an example of the notation
    to type, but in :func:`~cardtable.i18n.using_names`, where no one types).

    >>> import cardtable
    >>> from cardtable.i18n import using_names
    >>> state = cardtable.load("krypkasino", players=2).new_state(seed=1)
    >>> print(prompt(state.observation(0)))
    Your hand: AD 3S 4D 5D 7S 10C. Table: 5D 8S AH AH. Play a card (e.g. play AD).
    >>> with using_names(["Ann", "Bob"]):
    ...     print(prompt(state.observation(0)))
    Table: 5♦ 8♠ A♥ A♥. Play a card.

    With names (a face, which shows the hand itself) the line leaves the hand out.
    """
    hand = _cards(obs.get("hand"))
    table = _cards(obs.get("table"))
    legal = obs.get("legal_moves") or []
    example = move_words(str(legal[0])) if legal else ""
    words = names_in_use()
    if obs.get("to_move") != obs.get("seat"):
        if words:
            return _("Table: {table}.").format(table=table)
        return _("Your hand: {hand}. Table: {table}.").format(hand=hand, table=table)
    if obs.get("must_sweep"):
        if words:
            return _("Table: {table}. You can take the whole table, so you must sweep.").format(
                table=table
            )
        return _(
            "Your hand: {hand}. Table: {table}. You can take the whole table, so you must "
            "sweep (e.g. {example})."
        ).format(hand=hand, table=table, example=example)
    if words:
        return _("Table: {table}. Play a card.").format(table=table)
    return _("Your hand: {hand}. Table: {table}. Play a card (e.g. {example}).").format(
        hand=hand, table=table, example=example
    )


def describe_move(move: Move, taken: Sequence[int] | None) -> str:
    """A legal move as a list shows it: its notation (verbs in the current language; a ``play
    C`` that must capture names what it ``taken``), or inside
    :func:`~cardtable.i18n.using_names` a sentence.

    >>> from cardtable.games.krypkasino.moves import parse_move
    >>> from cardtable.i18n import using_names
    >>> describe_move(parse_move("play 10H"), [1, 6, 24, 37])
    'play 10H (takes AD 2H 7C 10D)'
    >>> with using_names(["Ann", "Bob"]):
    ...     describe_move(parse_move("play 10H"), [1, 6, 24, 37])
    ...     describe_move(parse_move("play 8C"), [])
    'Play 10♥, taking A♦ 2♥ 7♣ 10♦'
    'Play 8♣ onto the table'
    """
    if names_in_use():
        card = card_word(move.cards[0])
        if taken:
            return _("Play {card}, taking {cards}").format(card=card, cards=cards_word(taken))
        return _("Play {card} onto the table").format(card=card)
    # ``play C`` with a single capture takes cards its notation does not name.
    if not taken or len(move.cards) > 1:
        return move_words(move.text)
    return _("{move} (takes {cards})").format(move=move_words(move.text), cards=cards_word(taken))
