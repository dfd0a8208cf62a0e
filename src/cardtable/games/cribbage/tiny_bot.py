"""The rules bot's play with the tiny deck (option ``deck="tiny"``): the full game's advisor
and pegging tables assume 52 cards, six a hand and a count to 31, so the tiny deal is judged
here by counting every way its few hidden cards can lie.

A discard is worth the kept card's mean show with each unseen starter and its mean pegging
against each unseen card the opponent may keep, plus (or, for the opponent's crib, minus) the
crib's mean show over every unseen card the opponent may lay and every starter; a play is
worth what it pegs at once.

>>> import cardtable
>>> from cardtable.seat_view import SeatView
>>> state = cardtable.load("cribbage", deck="tiny").new_state(
...     decks=[["4H", "5H", "6H", "6S", "4S", "5S"]])
>>> state.observation(0)["hand"], state.observation(0)["dealer"]
(['4H', '6H'], 1)
>>> tiny_choice(SeatView(state, 0), state.legal_moves())
Move('discard 4H')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.cards import parse_card, parse_cards
from cardtable.engine import Move
from cardtable.games.cribbage.scoring import peg_score, score_tiny
from cardtable.games.cribbage.tables import RANK, VALUE, Deck
from cardtable.seat_view import SeatView

__all__ = ["discard_values", "peg_net", "shown_worth", "tiny_choice", "tiny_deck"]


def tiny_deck(view: SeatView) -> Deck | None:
    """The view's deck when it is a one-deal tiny deck, else None."""
    deck = getattr(view.game, "deck", None)
    return deck if isinstance(deck, Deck) and deck.one_deal else None


def peg_net(mine: int, theirs: int, lead: bool, limit: int) -> int:
    """What one kept card pegs against the other player's one, less what that one pegs: the
    leader's card, then the other's if it fits under ``limit`` (reaching it scores 2 and ends
    the play, else the last card scores 1), or else a go for the leader and the last card for
    the other.

    >>> from cardtable.cards import parse_card
    >>> peg_net(parse_card("4H"), parse_card("6S"), True, 10)  # 6S makes 10 for 2
    -2
    >>> peg_net(parse_card("6H"), parse_card("5S"), True, 10)  # go 1 each
    0
    """
    first, second = (mine, theirs) if lead else (theirs, mine)
    total = VALUE[first] + VALUE[second]
    if total > limit:
        points = -1 + 1  # the leader's go, then the other's last card
    else:
        points = -peg_score([RANK[first], RANK[second]], total, limit) - (total != limit)
    return points if lead else -points


def discard_values(
    hand: Sequence[int], pack: Sequence[int], ours: bool, legal: Sequence[Move], limit: int = 10
) -> dict[Move, float]:
    """Each one-card discard's expected points: the hand kept with every unseen starter and
    pegging against every unseen card the other may keep (the non-dealer, not ``ours``, leads),
    and the crib (the discard, one unseen card from the other player, an unseen starter),
    counted for the seat when ``ours`` and against it otherwise.

    >>> from cardtable.cards import parse_cards
    >>> from cardtable.games.cribbage.moves import DISCARD1
    >>> pack = parse_cards("4H 4S 5H 5S 6H 6S")
    >>> hand = parse_cards("4H 6H")
    >>> values = discard_values(hand, pack, False, [DISCARD1[c] for c in hand])
    >>> {m.text: round(v, 3) for m, v in values.items()}
    {'discard 4H': -2.5, 'discard 6H': -3.75}
    """
    unseen = [c for c in pack if c not in hand]
    out: dict[Move, float] = {}
    for move in legal:
        keep = [c for c in hand if c not in move.cards]
        show = sum(score_tiny(keep, s) for s in unseen) / len(unseen)
        show += sum(peg_net(keep[0], o, not ours, limit) for o in unseen) / len(unseen)
        cribs = [
            score_tiny(sorted([*move.cards, other]), s)
            for other in unseen
            for s in unseen
            if s != other
        ]
        crib = sum(cribs) / len(cribs)
        out[move] = show + (crib if ours else -crib)
    return out


def tiny_choice(view: SeatView, legal: Sequence[Move]) -> Move:
    """The tiny deal's move for the view's seat: the best discard by :func:`discard_values`,
    the play that pegs most (the lowest card on a tie, which leaves the most room), a claim of
    the true count and muggins whenever points were missed."""
    deck = tiny_deck(view)
    assert deck is not None, "tiny_choice plays the tiny deck only"
    obs: dict[str, Any] = view.observation()
    phase = obs["phase"]
    seat = view.seat
    if phase == "discard":
        hand = parse_cards(obs["hand"])
        values = discard_values(hand, deck.pack, obs["dealer"] == seat, legal, deck.limit)
        return max(legal, key=lambda m: (values[m], -m.cards[0]))
    if phase == "play":
        count = int(obs["count"])
        ranks = [RANK[c] for c in parse_cards(obs["count_cards"])]

        def pegs(move: Move) -> tuple[int, int]:
            card = move.cards[0]
            return peg_score([*ranks, RANK[card]], count + VALUE[card], deck.limit), -card

        return max(legal, key=pegs)
    worth = shown_worth(obs)
    if phase == "claim":
        return next((m for m in legal if m.number == worth), legal[0])
    wanted = "muggins" if worth > (obs.get("claimed") or 0) else "pass"
    return next(m for m in legal if m.verb == wanted)


def shown_worth(obs: dict[str, Any]) -> int:
    """The tiny count of the hand or crib laid out last, from what every seat sees."""
    shown = (obs.get("shown") or [{}])[-1]
    if not shown.get("cards") or not obs.get("starter"):
        return 0
    return score_tiny(parse_cards(shown["cards"]), parse_card(obs["starter"]))
