"""Cribbage events: built from the game's compact log, and told in words (English, Japanese).

Each point scored becomes a ``score`` event with a ``reason`` (fifteen, thirty-one, pair, pair
royal, double pair royal, run, flush, nobs, his heels, go, last card, claim, muggins), the
traditional ``call`` ("fifteen two", "run of 4"), the cards involved and the side's new total.
Event data is for machines and always English; :func:`describe_event` tells an event in the
current language (:mod:`cardtable.i18n`), from the data's ``reason`` and ``points``.

>>> from cardtable.engine import Event
>>> from cardtable.i18n import using_language
>>> event = Event("score", 1, {"points": 2, "reason": "fifteen", "call": "fifteen two",
...                            "total": 17, "cards": ["5H", "10S"]})
>>> describe_event(event)
'Seat 1: fifteen two (5H 10S), total 17'
>>> with using_language("ja"):
...     describe_event(event)
'席1: フィフティーン2点 (5H 10S)、計17点'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from cardtable.cards import card_str, cards_str
from cardtable.engine import JSON, Event, Move
from cardtable.games.cribbage.moves import MAX_CLAIM
from cardtable.games.cribbage.scoring import breakdown, peg_points
from cardtable.games.cribbage.tables import DECKS, VALUE, Deck
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
)

__all__ = ["call", "describe_event", "describe_move", "materialize", "prompt", "reason_name"]

# The name of every score reason (and show combination kind), marked for translation.
_REASONS = {
    "fifteen": N_("fifteen"),
    "thirty-one": N_("thirty-one"),
    "limit": N_("count limit"),
    "pair": N_("pair"),
    "pair royal": N_("pair royal"),
    "double pair royal": N_("double pair royal"),
    "run": N_("run"),
    "flush": N_("flush"),
    "nobs": N_("nobs"),
    "his heels": N_("his heels"),
    "go": N_("go"),
    "last card": N_("last card"),
    "claim": N_("claim"),
    "muggins": N_("muggins"),
}
# The traditional call of a score, by reason (``{points}``: the points scored) ...
_CALLS = {
    "fifteen": N_("fifteen two"),
    "run": N_("run of {points}"),
    "flush": N_("flush of {points}"),
    "nobs": N_("his nobs"),
    "his heels": N_("his heels"),
    "go": N_("go"),
    "last card": N_("last card"),
    "claim": N_("claims {points}"),
    "muggins": N_("muggins for {points}"),
}
# ... or by reason and points, where English says the number in words.
_CALLS_FOR = {
    ("pair", 2): N_("pair for two"),
    ("thirty-one", 2): N_("thirty-one for two"),
    ("limit", 2): N_("count limit for two"),
    ("pair royal", 6): N_("pair royal for six"),
    ("double pair royal", 12): N_("double pair royal for 12"),
}
_GAME_KINDS = {
    "win": N_("win"),
    "skunk": N_("skunk"),
    "double skunk": N_("double skunk"),
    "lurch": N_("lurch"),
    "draw": N_("draw"),
}


def game_kind_name(kind: str) -> str:
    """How a game was won (``win``, ``skunk``, ``double skunk``, ``lurch``; ``draw``: the
    tiny deck's one deal ended level), in words."""
    return _(_GAME_KINDS.get(kind, kind))


def reason_name(reason: str) -> str:
    """The name of a score reason or show combination (``Combo.kind``), in the current language.

    >>> reason_name("pair royal"), reason_name("nobs")
    ('pair royal', 'nobs')
    """
    return _(_REASONS.get(reason, reason))


def _call(reason: str, points: int, translate: Callable[[str], str]) -> str:
    template = _CALLS_FOR.get((reason, points)) or _CALLS.get(reason)
    if template is None:
        return translate(N_("{reason} for {points}")).format(
            reason=translate(_REASONS.get(reason, reason)), points=points
        )
    return translate(template).format(points=points)


def call(reason: str, points: int) -> str:
    """The traditional words for a score, in the current language (events keep the English).

    >>> call("fifteen", 2), call("run", 4), call("pair royal", 6), call("his heels", 2)
    ('fifteen two', 'run of 4', 'pair royal for six', 'his heels')
    """
    return _call(reason, points, _)


def _score(seat: int, points: int, reason: str, cards: Any, total: int, phase: str) -> Event:
    return Event(
        "score",
        seat,
        {
            "points": points,
            "reason": reason,
            "call": _call(reason, points, N_),  # data: always English
            "cards": cards_str(cards),
            "total": total,
            "phase": phase,
        },
    )


def _peg_cards(reason: str, points: int, cards: tuple[int, ...]) -> tuple[int, ...]:
    if reason in ("fifteen", "thirty-one", "limit"):
        return cards
    if reason == "run":
        return cards[-points:]
    return cards[-{2: 2, 6: 3, 12: 4}[points] :]


def _counted(
    what: str, cards: Any, starter: int, worth: int, whole_flush: bool = False
) -> dict[str, JSON]:
    return {
        "what": what,
        "cards": cards_str(cards),
        "starter": card_str(starter),
        "points": worth,
        "breakdown": [
            {"kind": c.kind, "points": c.points, "cards": cards_str(c.cards)}
            for c in breakdown(cards, starter, what == "crib", whole_flush)
        ],
    }


_STANDARD = DECKS["standard"]


def materialize(entry: tuple[Any, ...], target: int, deck: Deck = _STANDARD) -> list[Event]:
    """The public and private events of one log entry (``deck``: the ``deck`` option's)."""
    kind = entry[0]
    if kind == "play":
        _, seat, card, count = entry
        return [Event("play", seat, {"card": card_str(card), "count": count})]
    if kind == "peg":
        _, seat, cards, count, before = entry
        out = []
        total = before
        for reason, points in peg_points([c // 4 + 1 for c in cards], count, deck.limit):
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
        n = 2 if len(dealt) == 2 * deck.hand else len(dealt) // 5
        out = [Event("deal", dealer, {"game": game_no, "deal": deal_no, "dealer": dealer})]
        for seat in range(n):
            cards = cards_str(sorted(dealt[(seat - dealer - 1) % n :: n]))
            out.append(Event("hand", seat, {"cards": cards}, visible_to=(seat,)))
        return out
    if kind == "discard":
        _, seat, cards = entry
        return [
            Event("discard", seat, {"count": len(cards)}),
            Event("discard-cards", seat, {"cards": cards_str(cards)}, visible_to=(seat,)),
        ]
    if kind == "starter":
        _, dealer, card = entry
        return [Event("starter", dealer, {"card": card_str(card)})]
    if kind == "show":
        _, seat, what, cards, starter, worth, before = entry
        if worth is None:
            # Muggins: the cards are laid out without their count; a "count" entry tells it.
            laid: dict[str, JSON] = {
                "what": what,
                "cards": cards_str(cards),
                "starter": card_str(starter),
            }
            return [Event("show", seat, laid)]
        data = _counted(what, cards, starter, worth, deck.whole_flush)
        out = [Event("show", seat, data)]
        if before is not None:
            total = before
            for combo in breakdown(cards, starter, what == "crib", deck.whole_flush):
                if total >= target:
                    break  # the game ended on the previous combination
                total = min(target, total + combo.points)
                out.append(_score(seat, combo.points, combo.kind, combo.cards, total, "show"))
        return out
    if kind == "count":
        _, seat, what, cards, starter, worth, claimed = entry
        counted = _counted(what, cards, starter, worth, deck.whole_flush)
        counted["claimed"] = claimed
        return [Event("count", seat, counted)]
    if kind == "claim":
        _, seat, what, claimed = entry
        return [Event("claim", seat, {"what": what, "points": claimed})]
    if kind == "game over":
        summary = dict(entry[1])
        return [Event("game over", None, summary)]
    raise ValueError(f"unknown log entry {kind!r}")


def describe_event(event: Event) -> str:
    """One line for an event in the current language, as the plain log and ``replay`` print it;
    inside :func:`~cardtable.i18n.using_names` with players' names and suit symbols.

    >>> from cardtable.i18n import using_names
    >>> event = Event("discard-cards", 0, {"cards": ["8D", "10D"]})
    >>> describe_event(event)
    'Seat 0 lays away 8D 10D'
    >>> with using_names(["Ann", "Bob"]):
    ...     describe_event(event)
    'Ann lays away 8♦ 10♦'
    """
    d = event.data
    seat = event.seat
    kind = event.type
    player = seat_word(seat, start=True) if seat is not None else ""
    within = seat_word(seat) if seat is not None else ""  # inside a sentence
    if kind == "deal":
        return _("Game {game}, deal {deal}: {dealer} deals").format(
            game=d["game"], deal=d["deal"], dealer=seat_word(d["dealer"])
        )
    if kind == "hand":
        return _("{player} is dealt {cards}").format(player=player, cards=cards_word(d["cards"]))
    if kind == "discard":
        return ngettext(
            "{player} lays away {count} card", "{player} lays away {count} cards", d["count"]
        ).format(player=player, count=d["count"])
    if kind == "discard-cards":
        return _("{player} lays away {cards}").format(player=player, cards=cards_word(d["cards"]))
    if kind == "starter":
        return _("Starter: {card}").format(card=card_word(d["card"]))
    if kind == "play":
        return _("{player} plays {card}, count {count}").format(
            player=player, card=card_word(d["card"]), count=d["count"]
        )
    if kind == "go":
        return _("{player}: go").format(player=player)
    if kind == "reset":
        return _("The count starts again; {player} leads").format(player=within)
    if kind == "score":
        cards = f" ({cards_word(d['cards'])})" if d["cards"] else ""
        reason, points = d.get("reason"), d.get("points")
        said = call(reason, points) if isinstance(points, int) and reason else d.get("call", "")
        return _("{player}: {call}{cards}, total {total}").format(
            player=player, call=said, cards=cards, total=d["total"]
        )
    if kind == "show":
        crib = d["what"] == "crib"
        if "points" not in d:  # muggins: laid out, to be claimed
            line = (
                _("{player} shows crib {cards} + {starter}")
                if crib
                else _("{player} shows hand {cards} + {starter}")
            )
        elif crib:
            line = _("{player} shows crib {cards} + {starter}: {points}")
        else:
            line = _("{player} shows hand {cards} + {starter}: {points}")
        return line.format(
            player=player,
            cards=cards_word(d["cards"]),
            starter=card_word(d["starter"]),
            points=d.get("points"),
        )
    if kind == "count":
        if d["what"] == "crib":
            line = _("{player}'s crib counts {points} (claimed {claimed})")
        else:
            line = _("{player}'s hand counts {points} (claimed {claimed})")
        return line.format(player=player, points=d["points"], claimed=d["claimed"])
    if kind == "claim":
        if d["what"] == "crib":
            line = _("{player} claims {points} for the crib")
        else:
            line = _("{player} claims {points} for the hand")
        return line.format(player=player, points=d["points"])
    if kind == "game over":
        seats = d["winners"]
        outcome = str(d["kind"])
        winners = ngettext("{players} wins", "{players} win", len(seats)).format(
            players=seats_word(seats, start=True)
        )
        return _("Game {game} over: {winners} ({kind}, {points}), {pegs}").format(
            game=d["game"],
            winners=winners,
            kind=game_kind_name(outcome),
            points=d["points"],
            pegs="-".join(str(p) for p in d["pegs"]),
        )
    return kind


def _cards(cards: Any) -> str:
    return cards_word(cards) if cards else _("(none)")


def _example(obs: Mapping[str, Any]) -> str:
    legal = obs.get("legal_moves") or []
    return move_words(str(legal[0])) if legal else ""


def prompt(obs: Mapping[str, Any]) -> str:
    """One line telling the seat of a Cribbage observation what it must do now (with an example
    of the notation to type, but in :func:`~cardtable.i18n.using_names`, where no one types).

    >>> import cardtable
    >>> from cardtable.i18n import using_names
    >>> state = cardtable.load("cribbage").new_state(seed=1)
    >>> print(prompt(state.observation(0)))
    Your hand: 2H 4C 7S 9S JC QD. Lay away two cards to seat 1's crib (e.g. discard 2H 4C).
    >>> with using_names(["Ann", "Bob"]):
    ...     print(prompt(state.observation(0)))
    Lay away two cards to Bob's crib.

    With names (a face, which shows the hand itself) the line leaves the hand out.
    """
    words = names_in_use()
    phase = obs.get("phase")
    seat, dealer = obs.get("seat"), obs.get("dealer")
    hand = _cards(obs.get("hand"))
    if phase == "discard":
        own = seat == dealer
        if obs.get("players") == 2:
            ask = (
                _("Lay away two cards to your crib")
                if own
                else _("Lay away two cards to {player}'s crib")
            )
        else:
            ask = (
                _("Lay away one card to your crib")
                if own
                else _("Lay away one card to {player}'s crib")
            )
        ask = ask.format(player=seat_word(dealer) if isinstance(dealer, int) else "")
        if words:
            return _("{ask}.").format(ask=ask)
        return _("Your hand: {hand}. {ask} (e.g. {example}).").format(
            hand=hand, ask=ask, example=_example(obs)
        )
    if phase == "play":
        count_cards = obs.get("count_cards") or []
        count = obs.get("count", 0)
        on_table = f" ({_cards(count_cards)})" if count_cards else ""
        if words:
            return _("The count is {count}{on_table}; play a card.").format(
                count=count, on_table=on_table
            )
        return _(
            "Your hand: {hand}. The count is {count}{on_table}; play a card (e.g. {example})."
        ).format(hand=hand, count=count, on_table=on_table, example=_example(obs))
    if phase == "claim":
        shown = (obs.get("shown") or [{}])[-1]
        what = _("crib") if shown.get("what") == "crib" else _("hand")
        line = (
            _("Your {what}: {cards} with the starter {starter}. Claim its points (0 to {most}).")
            if words
            else _(
                "Your {what}: {cards} with the starter {starter}. "
                "Claim its points (claim 0 to {most})."
            )
        )
        starter = obs.get("starter")
        return line.format(
            what=what,
            cards=_cards(shown.get("cards")),
            starter=card_word(starter) if isinstance(starter, str) else starter,
            most=MAX_CLAIM,
        )
    if phase == "muggins":
        owner = (obs.get("shown") or [{}])[-1].get("seat")
        return _(
            "{player} claims {claimed}. Call muggins to take any points missed, or pass."
        ).format(
            player=seat_word(owner, start=True) if isinstance(owner, int) else "",
            claimed=obs.get("claimed"),
        )
    return _("Your move.") if words else _("Your move (type moves to list them).")


def describe_move(move: Move, mover: int, dealer: int, count: int) -> str:
    """A legal move as a list shows it: its notation (verbs in the current language), or inside
    :func:`~cardtable.i18n.using_names` a sentence (``count``: the count before a play).

    >>> from cardtable.games.cribbage.moves import parse_move
    >>> from cardtable.i18n import using_names
    >>> describe_move(parse_move("discard 7H 8H"), 0, 1, 0)
    'discard 7H 8H'
    >>> with using_names(["Ann", "Bob"]):
    ...     describe_move(parse_move("discard 7H 8H"), 0, 1, 0)
    ...     describe_move(parse_move("play 5C"), 0, 1, 10)
    "Lay away 7♥ 8♥ to Bob's crib"
    'Play 5♣ (count 15)'
    >>> from cardtable.i18n import using_language
    >>> with using_language("ja"), using_names(["Ann", "Bob"]):
    ...     describe_move(parse_move("discard 2H 4C"), 0, 1, 0)
    '2♥ 4♣をBobのクリブに捨てる'
    """
    if not names_in_use():
        return move_words(move.text)
    verb = move.verb
    if verb == "discard":
        line = (
            _("Lay away {cards} to your crib")
            if mover == dealer
            else _("Lay away {cards} to {player}'s crib")
        )
        return line.format(cards=cards_word(move.cards), player=seat_word(dealer))
    if verb == "play":
        card = move.cards[0]
        return _("Play {card} (count {count})").format(
            card=card_word(card), count=count + VALUE[card % 52]
        )
    if verb == "claim":
        points = move.number or 0
        return ngettext("Claim {points} point", "Claim {points} points", points).format(
            points=points
        )
    if verb == "muggins":
        return _("Call muggins")
    return _("Pass")
