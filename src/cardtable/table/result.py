"""A finished game's result in one line of words, the same for every face: the plain line mode,
the full-screen table, the replays, the server's view and the terminal client.

Seats are written by :func:`cardtable.i18n.seat_word`: inside
:func:`~cardtable.i18n.using_names` they are the players' names, outside they stay seat
numbers (the plain mode, where a person types moves by seat and notation).

>>> result_words([1], [98, 121], "")
'Result: seat 1 wins (seat 0 98, seat 1 121)'
>>> from cardtable.i18n import using_names
>>> with using_names(["Ann", "Bob", "Cy", "Dee"]):
...     result_words([0, 2], [5, 3, 5, 3], "as partners")
'Result: Ann and Cy win, as partners (Ann 5, Bob 3, Cy 5, Dee 3)'
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine import State
from cardtable.i18n import _, join_and, names_in_use, seat_word, seats_word

__all__ = ["headline_words", "result_words", "state_result_words"]


def _seats(seats: Sequence[int], together: bool) -> str:
    """Several seats in words: joined by "and" where they win ``together`` (partners, a team),
    else listed. The plain mode keeps its one word for them all (``seats 0 and 2``)."""
    if names_in_use():
        words = [seat_word(s) for s in seats]
        return join_and(words) if together else ", ".join(words)
    numbers = [str(s) for s in seats]
    listed = join_and(numbers) if together else ", ".join(numbers)
    return _("seats {seats}").format(seats=listed)


def result_words(winners: Sequence[int], scores: Sequence[int], note: str) -> str:
    """The result line: who won (the ``note`` of :meth:`~cardtable.engine.State.result_note`
    says how: the partnership, a skunk), then every seat's final score.

    >>> result_words([0, 1], [60, 60], "")
    'Result: seats 0, 1 share the win (seat 0 60, seat 1 60)'
    >>> from cardtable.i18n import using_language
    >>> with using_language("ja"):
    ...     result_words([1], [98, 121], ""), result_words([0, 2], [5, 3, 5, 3], "組で")
    ('結果: 席1の勝ち (席0 98, 席1 121)', '結果: 席0と2の勝ち、組で (席0 5, 席1 3, 席2 5, 席3 3)')
    """
    listed = ", ".join(
        _("{seat} {score}").format(seat=seat_word(s), score=v) for s, v in enumerate(scores)
    )
    if len(winners) == 1:
        who = _("{name} wins").format(name=seat_word(winners[0]))
    elif note:  # partners, a team: they win together
        who = _("{names} win").format(names=_seats(winners, together=True))
    else:
        who = _("{names} share the win").format(names=_seats(winners, together=False))
    if note:
        return _("Result: {who}, {note} ({seats})").format(who=who, note=note, seats=listed)
    return _("Result: {who} ({seats})").format(who=who, seats=listed)


def state_result_words(state: State) -> str:
    """The result line of a finished ``state`` (its winners, scores and note).

    >>> import cardtable
    >>> state = cardtable.load("cribbage", target=61).new_state(seed=0)
    >>> while not state.is_over:
    ...     state.apply(state.legal_moves()[0])
    >>> state_result_words(state)
    'Result: seat 1 wins (seat 0 38, seat 1 61)'
    """
    return result_words(state.outcome() or [], state.scores, state.result_note())


def headline_words(winners: Sequence[int], seat: int | None) -> str:
    """The end of a game in a few words, as the viewer at ``seat`` (None: a spectator) reads
    it, over the result line: the end screen's headline.

    >>> from cardtable.i18n import using_names
    >>> with using_names(["Ann", "Bob", "Cy", "Dee"]):
    ...     [headline_words([0, 2], 0), headline_words([0], 0), headline_words([1, 3], 0),
    ...      headline_words([1, 3], None), headline_words([2], None), headline_words([], 1)]
    ['You and Cy win', 'You win', 'You lose', 'Bob and Dee win', 'Cy wins', 'Nobody wins']
    """
    if not winners:
        return _("Nobody wins")
    if seat is not None:
        if seat not in winners:
            return _("You lose")
        partners = [w for w in winners if w != seat]
        if partners:
            return _("You and {names} win").format(names=seats_word(partners))
        return _("You win")
    if len(winners) == 1:
        return _("{name} wins").format(name=seat_word(winners[0], start=True))
    return _("{names} win").format(names=seats_word(winners, start=True))
