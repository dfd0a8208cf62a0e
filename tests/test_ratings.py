"""The ratings' update on constructed results (no server): who rises, who shares, who loses."""

from __future__ import annotations

import pytest

import cardtable
from cardtable.errors import CardtableError
from cardtable.ratings import NEW, Outcome, Rating, placings, rate

TEAMS = Outcome(sides=((0, 2), (1, 3)), scores=(10, 4, 10, 4))
PEOPLE = ["ann", "bob", "cy", "dee"]


def _r(rating: Rating) -> tuple[float, float]:
    return round(rating.mu, 6), round(rating.sigma, 6)


def test_a_team_that_keeps_winning_rises() -> None:
    ratings: dict[str, Rating] = {}
    ordinals = []
    for _game in range(5):
        changes = rate(TEAMS, PEOPLE, ratings)
        ratings.update({p: c.after for p, c in changes.items()})
        ordinals.append(round(ratings["ann"].ordinal, 6))
    assert ordinals == [2.430407, 4.358306, 5.898148, 7.151699, 8.194114]
    assert _r(ratings["ann"]) == (31.313494, 7.70646)
    assert _r(ratings["bob"]) == (18.686506, 7.70646)
    assert ratings["ann"] == ratings["cy"] and ratings["bob"] == ratings["dee"]


def test_partners_share_the_change_by_their_uncertainty() -> None:
    known = {"ann": Rating(30.0, 3.0), "cy": Rating(25.0, 8.0)}
    changes = rate(TEAMS, PEOPLE, known)
    gain_ann = changes["ann"].after.mu - 30.0
    gain_cy = changes["cy"].after.mu - 25.0
    assert (round(gain_ann, 6), round(gain_cy, 6)) == (0.241492, 1.716139)
    # Each takes the side's change in proportion to their variance (after OpenSkill's tau).
    tau2 = (25 / 300) ** 2
    assert gain_ann / gain_cy == pytest.approx((9 + tau2) / (64 + tau2), rel=1e-12)
    # Newcomers on one side move alike, to the last digit.
    assert changes["bob"] == changes["dee"]
    assert _r(changes["bob"].after) == (23.137886, 8.11626)


def test_a_leaver_is_last_whatever_the_score() -> None:
    outcome = Outcome(sides=((0,), (1,)), scores=(121, 40), leavers=frozenset({0}))
    assert placings(outcome) == [2, 1]
    changes = rate(outcome, ["ann", "bob"], {}, only={"ann"})
    assert list(changes) == ["ann"]
    assert _r(changes["ann"].after) == (22.364611, 8.065901)
    assert (changes["ann"].place, changes["ann"].won) == (2, False)


def test_a_leavers_side_goes_last_and_the_rest_keep_their_order() -> None:
    outcome = Outcome(sides=((0,), (1,), (2,), (3,)), scores=(9, 1, 5, 5), leavers=frozenset({1}))
    assert placings(outcome) == [1, 4, 2, 2]


def test_ties_share_a_place_and_the_lowest_wins_where_it_should() -> None:
    outcome = Outcome(sides=((0,), (1,), (2,)), scores=(7, 3, 7), lower_wins=True)
    assert placings(outcome) == [2, 1, 2]
    changes = rate(outcome, ["a", "b", "c"], {})
    assert changes["a"].after == changes["c"].after
    assert [changes[p].won for p in "abc"] == [False, True, False]
    # A draw of every side is nobody's win, and leaves equal ratings equal.
    draw = rate(Outcome(sides=((0, 2), (1, 3)), scores=(5, 5, 5, 5)), PEOPLE, {})
    assert {c.won for c in draw.values()} == {False}
    assert _r(draw["ann"].after) == (25.0, _r(draw["bob"].after)[1])


def test_only_the_named_change_and_a_game_rated_for_nobody_changes_nothing() -> None:
    assert rate(TEAMS, PEOPLE, {}, only=()) == {}
    changes = rate(TEAMS, PEOPLE, {}, only={"bob"})
    assert list(changes) == ["bob"]


def test_one_player_on_two_seats_is_not_updated() -> None:
    changes = rate(TEAMS, ["bot:expert", "ann", "bot:expert", "bob"], {})
    assert sorted(changes) == ["ann", "bob"]


def test_the_update_is_deterministic() -> None:
    ratings = {"ann": Rating(27.5, 6.1), "bob": Rating(22.0, 7.3)}
    first = rate(TEAMS, PEOPLE, ratings)
    assert all(rate(TEAMS, PEOPLE, dict(ratings)) == first for _ in range(3))
    assert first["cy"].before == NEW


def test_bad_sides_and_players_are_refused_clearly() -> None:
    with pytest.raises(CardtableError, match=r"must hold every seat from 0 to 3 once"):
        Outcome(sides=((0, 1), (1, 3)), scores=(1, 2, 3, 4))
    with pytest.raises(CardtableError, match=r"leavers \[5\] are not seats"):
        Outcome(sides=((0,), (1,)), scores=(1, 2), leavers=frozenset({5}))
    with pytest.raises(CardtableError, match="3 players were named for a game of 4 seats"):
        rate(TEAMS, PEOPLE[:3], {})


@pytest.mark.parametrize(
    ("game", "options", "sides"),
    [
        ("calypso", {}, [[0, 2], [1, 3]]),
        ("kloepper", {}, [[0], [1], [2], [3]]),
        ("krypkasino", {"players": 4, "teams": "pairs"}, [[0, 2], [1, 3]]),
        ("krypkasino", {"players": 3}, [[0], [1], [2]]),
        ("cribbage", {"players": 4}, [[0, 2], [1, 3]]),
        ("cribbage", {}, [[0], [1]]),
    ],
)
def test_each_game_names_its_sides(game: str, options: dict[str, object], sides: object) -> None:
    assert cardtable.load(game, **options).new_state(seed=3).sides() == sides
