"""Ratings and their update: OpenSkill's Plackett-Luce model (Weng and Lin, 2011), which ranks
any number of sides of any size, ties allowed.

A rating is a belief about a player's skill: its mean ``mu`` and its uncertainty ``sigma``; it
is shown and sorted by its *ordinal*, ``mu - 3 sigma`` (0 for a newcomer), a figure the player
is very likely above. A side's skill is the sum of its players'; after a game each side moves
by how far its place beat or missed what the ratings expected, and each player on it takes a
share of the side's change in proportion to their variance (partners with equal uncertainty
move alike; a newcomer moves more than the veteran beside them).

>>> changes = rate(Outcome(sides=((0,), (1,)), scores=(121, 90)), ["ann", "bot:expert"], {})
>>> changes["ann"].after.ordinal > 0 > changes["bot:expert"].after.ordinal
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from cardtable.errors import CardtableError
from cardtable.ratings.outcome import Outcome, placings

__all__ = ["MODEL", "NEW", "Change", "Rating", "rate"]

#: The model with OpenSkill's defaults: mu 25, sigma 25/3, beta 25/6, and tau 25/300 (each
#: game adds a little uncertainty first, so that a rating can follow a player who improves).
MODEL = PlackettLuce()


@dataclass(frozen=True)
class Rating:
    """A player's rating in one game."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The figure shown and sorted by: ``mu - 3 sigma``.

        >>> round(NEW.ordinal, 9)
        0.0
        """
        return self.mu - 3 * self.sigma


#: A newcomer's rating.
NEW = Rating(MODEL.mu, MODEL.sigma)


@dataclass(frozen=True)
class Change:
    """What one game did to one player's rating: before and after, the place of their side
    (1 the best), and whether that was a win (first, with some side below it)."""

    before: Rating
    after: Rating
    place: int
    won: bool


def rate(
    outcome: Outcome,
    players: Sequence[str],
    ratings: Mapping[str, Rating],
    only: Collection[str] | None = None,
) -> dict[str, Change]:
    """Each rated player's change after the game ``outcome``: ``players`` names the rating of
    each seat (a person's id, a bot's ``bot:SPEC``), ``ratings`` holds the ratings known (a
    player missing from it is new). With ``only``, only those players change (the others play
    as they are rated, unchanged).

    A player on several seats (two bots of one kind) plays each with their rating but is not
    updated: their game was partly against themselves.

    >>> outcome = Outcome(sides=((0,), (1,), (2,)), scores=(3, 1, 2), lower_wins=True)
    >>> changes = rate(outcome, ["a", "b", "c"], {})
    >>> [changes[p].place for p in "abc"], [changes[p].won for p in "abc"]
    ([3, 1, 2], [False, True, False])
    """
    if len(players) != len(outcome.scores):
        raise CardtableError(
            f"{len(players)} players were named for a game of {len(outcome.scores)} seats"
        )
    seated = Counter(players)
    teams = [
        [MODEL.rating(*_mu_sigma(ratings.get(players[s], NEW))) for s in side]
        for side in outcome.sides
    ]
    places = placings(outcome)
    after = MODEL.rate(teams, ranks=[float(p) for p in places])
    top = min(places)
    someone_below = any(p > top for p in places)
    changes: dict[str, Change] = {}
    for i, side in enumerate(outcome.sides):
        for j, seat in enumerate(side):
            player = players[seat]
            if seated[player] > 1 or (only is not None and player not in only):
                continue
            new = after[i][j]
            changes[player] = Change(
                before=ratings.get(player, NEW),
                after=Rating(float(new.mu), float(new.sigma)),
                place=places[i],
                won=places[i] == top and someone_below,
            )
    return changes


def _mu_sigma(rating: Rating) -> tuple[float, float]:
    return rating.mu, rating.sigma
