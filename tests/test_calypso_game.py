"""Calypso rules: the trick examples of RULES.md 1.7 under every trick rule, legality, the
building examples 37-42 of RULES.md 1.12 and the scoring, all through real deals."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

import cardtable
from calypso_deals import NONE, PACK_SIZE, SUITS, Deal, build_pack, new
from cardtable.cards import card_str
from cardtable.engine import Move
from cardtable.errors import IllegalMoveError, OptionError
from cardtable.games.calypso import CalypsoState, calypso_points
from cardtable.games.calypso.game import SUIT_CHOICES
from invariants import twin_refusals

# Default personal suits: seat 0 spades, 1 clubs, 2 hearts, 3 diamonds.
OWN = {0: "S", 1: "C", 2: "H", 3: "D"}


def play_trick(state: CalypsoState, cards: Sequence[str]) -> dict[str, object]:
    """Play the cards in turn and return the data of the trick event (with its winner)."""
    for card in cards:
        state.apply(f"play {card}")
    trick = [e for e in state.events if e.type == "trick"][-1]
    return {"winner": trick.seat, **trick.data}


# RULES.md 1.7: North (seat 0) leads; the expected winner under variants A, B, C (D = B).
TABLE = [
    (1, ["2S", "3S", "4S", "5S"], 0, 0, 0),
    (2, ["2S", "3S", "2H", "5S"], 2, 0, 2),
    (3, ["2S", "3S", "2H", "3D"], 3, 3, 3),
    (4, ["2C", "3C", "5C", "4C"], 2, 2, 2),
    (5, ["2C", "3C", "5C", "5C"], 2, 2, 2),
    (6, ["2C", "3C", "2H", "4C"], 2, 2, 2),
    (7, ["2C", "3C", "5H", "2D"], 2, 2, 3),
    (8, ["2H", "3C", "4H", "5H"], 1, 1, 1),
    (9, ["2H", "3C", "5H", "3D"], 1, 1, 3),
]


def table_deal(cards: Sequence[str]) -> tuple[list[list[str]], list[str]]:
    """Hands for one row: each seat's card first; a seat that does not follow holds no card of
    the suit led (and fillers never hold the seat's own suit, so no one trumps by accident)."""
    led = cards[0][-1]
    avoid = [led + OWN[s] for s in range(4)]
    return [[c] for c in cards], avoid


@pytest.mark.parametrize(("row", "cards", "a", "b", "c"), TABLE)
@pytest.mark.parametrize("rule", ["standard", "lead-ranks", "last-trump", "all-fours"])
def test_rules_1_7_trick_examples(
    rule: str, row: int, cards: list[str], a: int, b: int, c: int
) -> None:
    hands, avoid = table_deal(cards)
    state = new((hands, avoid), trick_rule=rule)
    trick = play_trick(state, cards)
    expected = {"standard": a, "lead-ranks": b, "last-trump": c, "all-fours": b}[rule]
    assert trick["winner"] == expected, f"row {row} under {rule}"
    assert trick["cards"] == cards
    assert state.to_move == expected  # the winner leads the next trick


@pytest.mark.parametrize(
    ("rule", "row", "reason"),
    [
        ("standard", 1, "led-trump"),
        ("standard", 2, "trump-in"),
        ("lead-ranks", 2, "first-equal-trump"),
        ("standard", 3, "highest-trump"),
        ("standard", 4, "highest"),
        ("standard", 5, "first-equal"),
        ("standard", 7, "highest-trump"),
        ("last-trump", 7, "last-trump"),
        ("standard", 9, "first-equal-trump"),
        ("last-trump", 9, "last-trump"),
        ("lead-ranks", 3, "highest-trump"),
    ],
)
def test_trick_reasons(rule: str, row: int, reason: str) -> None:
    cards = TABLE[row - 1][1]
    hands, avoid = table_deal(cards)
    trick = play_trick(new((hands, avoid), trick_rule=rule), cards)
    assert trick["reason"] == reason


def test_trick_event_is_told_with_its_reason() -> None:
    state = new(table_deal(TABLE[1][1]))
    play_trick(state, TABLE[1][1])
    lines = [state.game.describe(e) for e in state.events if e.type == "trick"]
    assert lines == ["Seat 2 wins the trick (2S 3S 2H 5S): trumps in"]


def test_must_follow_suit() -> None:
    # Seat 1 holds two spades: on a spade lead only those two faces are legal.
    state = new(([["KS"], ["9S", "4S", "AC", "AH"], [], []], ("", "S", "", "")))
    state.apply("play KS")
    assert [m.text for m in state.legal_moves()] == ["play 9S", "play 4S"]
    with pytest.raises(IllegalMoveError, match="S was led and you hold S: follow suit"):
        state.apply("play AC")
    assert [m.text for m in state.legal_moves()] == ["play 9S", "play 4S"]


def test_void_player_may_play_anything_and_is_marked() -> None:
    state = new(([["KS"], ["AC", "AH", "2D"], [], []], ("", "S", "", "")))
    state.apply("play KS")
    legal = {m.text for m in state.legal_moves()}
    assert {"play AC", "play AH", "play 2D"} <= legal and len(legal) == len(
        set(state.observation(1)["hand"])
    )
    state.apply("play AH")
    assert state.observation(3)["voids"] == [[], ["S"], [], []]


def test_following_your_own_suit_led_by_another_is_not_a_trump() -> None:
    # RULES.md 1.5: North leads hearts; South (hearts) follows with a higher heart, East trumps.
    cards = ["2H", "3C", "4H", "5H"]
    state = new(([[c] for c in cards], ("H", "H", "S", "S")))
    assert play_trick(state, cards)["winner"] == 1


def test_all_fours_allows_trumping_while_able_to_follow() -> None:
    hands = [["KS"], ["9S", "4S", "AC", "2H"], [], []]
    classic = new((hands, ("", "SC", "", "")))
    classic.apply("play KS")
    assert [m.text for m in classic.legal_moves()] == ["play 9S", "play 4S"]
    allfours = new((hands, ("", "SC", "", "")), trick_rule="all-fours")
    allfours.apply("play KS")
    # Seat 1's own suit is clubs: the spades and the clubs are legal, not the heart.
    assert [m.text for m in allfours.legal_moves()] == ["play AC", "play 9S", "play 4S"]
    with pytest.raises(IllegalMoveError, match="follow suit or play your own suit"):
        allfours.apply("play 2H")
    allfours.apply("play AC")
    # Trumping while holding spades shows no void.
    assert allfours.observation(0)["voids"][1] == []
    allfours.apply(allfours.legal_moves()[0])
    allfours.apply(allfours.legal_moves()[0])
    assert [e for e in allfours.events if e.type == "trick"][-1].seat == 1


def test_all_fours_gives_no_extra_choice_when_your_own_suit_is_led() -> None:
    # Seat 0 (spades) leads a club: seat 1 (clubs) must follow with his clubs only.
    deal = ([["5C"], ["9C", "4C", "AS", "2H"], [], []], ("", "C", "", ""))
    state = new(deal, trick_rule="all-fours")
    state.apply("play 5C")
    assert [m.text for m in state.legal_moves()] == ["play 9C", "play 4C"]


def test_duplicate_faces_give_one_move() -> None:
    state = new(([["KS", "KS", "2C"], [], [], []], NONE))
    legal = [m.text for m in state.legal_moves()]
    assert legal.count("play KS") == 1
    state.apply("play KS")
    assert state.observation(0)["hand"].count("KS") == 1


# ----------------------------------------------------------------- building (RULES.md 1.12)


def test_vector_37_a_duplicate_goes_to_the_pile() -> None:
    # Trick 1: North (spades) leads AS, East JS, South (no spades) 5D, West 3S: North's led
    # trump stands and his calypso is {3, J, A}; 5D goes to the pile.
    # Trick 2: North leads 5S, East 9S, South trumps in with 2H and wins, West JS: 5 and 9 join
    # North's calypso, the second J goes to the pile, 2H starts South's calypso.
    state = new(([["AS", "5S"], ["JS", "9S"], ["5D", "2H"], ["3S", "JS"]], ("", "", "S", "")))
    first = play_trick(state, ["AS", "JS", "5D", "3S"])
    assert (first["winner"], first["reason"]) == (0, "led-trump")
    assert state.observation(1)["calypsos"] == [["AS", "JS", "3S"], [], [], []]
    second = play_trick(state, ["5S", "9S", "2H", "JS"])
    assert (second["winner"], second["reason"]) == (2, "trump-in")
    obs = state.observation(3)
    assert obs["calypsos"] == [["AS", "JS", "9S", "5S", "3S"], [], ["2H"], []]
    assert obs["pile_sizes"] == [1, 0, 1, 0]
    assert obs["points"] == [5 * 20 + 10, 0, 20 + 10, 0]
    lays = [(e.seat, e.data["card"], e.data["count"]) for e in state.events if e.type == "lay"]
    # The winner's side lays its cards winner first: South's 2H, then North's 5S and 9S.
    assert lays == [
        (0, "AS", 1),
        (0, "JS", 2),
        (0, "3S", 3),
        (2, "2H", 1),
        (0, "5S", 4),
        (0, "9S", 5),
    ]


# Deal 1 for vectors 38-40: North leads his twelve spades A..2 without the K and wins each with
# his led trump (nobody else holds a spade, a heart or his own suit, so no calypso but
# North's grows); his calypso then lacks only the K.
TWELVE = ["AS", "QS", "JS", "10S", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"]
DEAL1: Deal = ([TWELVE, [], [], []], ("S", "SCH", "SH", "SDH"))


def lacking_the_king(deal2: Deal) -> CalypsoState:
    state = new(DEAL1, deal2)
    for card in TWELVE:
        state.apply(f"play {card}")
        for _ in range(3):
            state.apply(state.legal_moves()[0])
        trick = [e for e in state.events if e.type == "trick"][-1].data
        assert trick["reason"] == "led-trump"
    assert state.observation(0)["calypsos"][0] == TWELVE
    while state.observation(0)["deal"] == 1:
        state.apply(state.legal_moves()[0])
    assert state.to_move == 1  # deal 2: seat 0 deals, seat 1 leads
    return state


def test_vector_38_the_rest_of_the_trick_starts_the_next_calypso() -> None:
    # Deal 2: East leads 2S, South 7S, West (no spades) 3C, North KS wins with the highest.
    state = lacking_the_king(([["KS"], ["2S"], ["7S"], ["3C"]], ("", "", "", "S")))
    trick = play_trick(state, ["2S", "7S", "3C", "KS"])
    assert (trick["winner"], trick["reason"]) == (0, "highest")
    obs = state.observation(2)
    assert obs["completed"] == [1, 0, 0, 0]
    assert obs["calypsos"][0] == ["7S", "2S"]
    done = [e for e in state.events if e.type == "calypso"]
    assert [(e.seat, e.data["number"]) for e in done] == [(0, 1)]
    assert state.game.describe(done[0]) == "Seat 0 completes calypso number 1!"


def test_vector_39_a_second_king_starts_the_next_calypso_too() -> None:
    # Deal 2: East leads 2S, South KS, West 7S, North KS: South's first K wins (equal cards).
    state = lacking_the_king(([["KS"], ["2S"], ["KS"], ["7S"]], NONE))
    pile_before = state.observation(0)["pile_sizes"]
    trick = play_trick(state, ["2S", "KS", "7S", "KS"])
    assert (trick["winner"], trick["reason"]) == (2, "first-equal")
    obs = state.observation(0)
    assert obs["completed"][0] == 1
    assert obs["calypsos"][0] == ["KS", "7S", "2S"]
    assert obs["pile_sizes"] == pile_before


def test_vector_40_a_piled_duplicate_never_comes_back() -> None:
    # Deal 2, trick A: East leads 2S, South (no spades) trumps with AH, West (no spades) trumps
    # lower with 5D, North (no spades, no hearts) 6C: South wins; the 2S is a duplicate for
    # North and goes to the pile. Trick B: South leads 3H, West 4H, North 4C, East KS: South's
    # led trump stands and the K completes North's calypso, which stays empty after it.
    deal2: Deal = ([["6C", "4C"], ["2S", "KS"], ["AH", "3H"], ["5D", "4H"]], ("SH", "H", "S", "S"))
    state = lacking_the_king(deal2)
    piles = state.observation(0)["pile_sizes"]
    a = play_trick(state, ["2S", "AH", "5D", "6C"])
    assert (a["winner"], a["reason"]) == (2, "highest-trump")
    obs = state.observation(0)
    assert obs["pile_sizes"][2] == piles[2] + 3  # 2S, 5D, 6C
    b = play_trick(state, ["3H", "4H", "4C", "KS"])
    assert (b["winner"], b["reason"]) == (2, "led-trump")
    obs = state.observation(0)
    assert obs["completed"][0] == 1
    assert obs["calypsos"][0] == []
    assert obs["calypsos"][2] == ["AH", "4H", "3H"]
    assert obs["pile_sizes"][2] == piles[2] + 4  # and 4C


def test_vector_42_scoring() -> None:
    x = calypso_points(2, 5, 40)
    y = calypso_points(1, 0, 30)
    assert (x, y, x + y) == (1750, 800, 2550)
    assert [calypso_points(k, 0, 0) for k in range(5)] == [0, 500, 1250, 2250, 3250]


def test_a_whole_game_scores_what_the_table_shows() -> None:
    state = cardtable.load("calypso").new_state(seed=11)
    while not state.is_over:
        state.apply(state.legal_moves()[0])
    result = state.result
    assert result is not None
    seats = result["rounds"][0]["seats"]
    obs = state.observation(0)
    for s in range(4):
        row = seats[s]
        assert row["calypsos"] == obs["completed"][s]
        assert row["in_progress"] == len(obs["calypsos"][s])
        assert row["pile"] == obs["pile_sizes"][s]
        assert row["points"] == calypso_points(row["calypsos"], row["in_progress"], row["pile"])
    sides = [seats[0]["points"] + seats[2]["points"], seats[1]["points"] + seats[3]["points"]]
    assert result["sides"] == sides
    assert state.scores == [sides[0], sides[1], sides[0], sides[1]]
    assert result["cards"] == 208
    assert result["winners"] == ([0, 2] if sides[0] > sides[1] else [1, 3])


def test_rounds_add_up_and_each_reshuffles() -> None:
    state = cardtable.load("calypso", rounds=2).new_state(seed=4)
    hands = []
    while not state.is_over:
        obs = state.observation(0)
        if len(obs["hand"]) == 13 and not obs["trick"] and obs["deal"] == 1:
            hands.append(obs["hand"])
        state.apply(state.legal_moves()[-1])
    result = state.result
    assert result is not None
    rounds = result["rounds"]
    assert [r["round"] for r in rounds] == [1, 2]
    assert result["sides"] == [
        rounds[0]["sides"][0] + rounds[1]["sides"][0],
        rounds[0]["sides"][1] + rounds[1]["sides"][1],
    ]
    assert len(hands) == 2 and hands[0] != hands[1]
    deals = [(e.data["round"], e.data["deal"], e.seat) for e in state.events if e.type == "deal"]
    # Seat 3 deals first; the deal passes left and goes on round the table in round 2.
    assert deals == [
        (1, 1, 3),
        (1, 2, 0),
        (1, 3, 1),
        (1, 4, 2),
        (2, 1, 3),
        (2, 2, 0),
        (2, 3, 1),
        (2, 4, 2),
    ]


def test_equal_totals_are_a_draw() -> None:
    # Seed 28 with everyone always playing the first legal card ends 1630 to 1630.
    state = cardtable.load("calypso").new_state(seed=28)
    while not state.is_over:
        state.apply(state.legal_moves()[0])
    result = state.result
    assert result is not None
    assert (result["sides"], result["draw"], result["winners"]) == (
        [1630, 1630],
        True,
        [0, 1, 2, 3],
    )
    assert state.game.describe(state.events[-1]) == "Game over: a draw at 1630 each"


def test_suits_option_changes_the_personal_trumps() -> None:
    game = cardtable.load("calypso", suits="hdsc")
    assert game.options["suits"] == "hdsc"
    state = game.new_state(seed=1)
    assert state.observation(0)["suits"] == ["H", "D", "S", "C"]
    with pytest.raises(OptionError, match="suits"):
        cardtable.load("calypso", suits="SHCD")  # spades and hearts would be opponents
    # Every choice pairs spades with hearts and clubs with diamonds across the table.
    assert len(set(SUIT_CHOICES)) == 8
    for choice in SUIT_CHOICES:
        assert {choice[0], choice[2]} in ({"s", "h"}, {"c", "d"})
        assert {choice[1], choice[3]} in ({"s", "h"}, {"c", "d"})


def test_bad_options_are_refused_clearly() -> None:
    with pytest.raises(OptionError, match="trick_rule"):
        cardtable.load("calypso", trick_rule="bga")
    with pytest.raises(OptionError, match="rounds"):
        cardtable.load("calypso", rounds=5)


def test_malformed_and_wrong_moves() -> None:
    state = cardtable.load("calypso").new_state(seed=1)
    before = state.observation(0)
    with pytest.raises(IllegalMoveError, match="malformed move 'play 1X'"):
        state.apply("play 1X")
    with pytest.raises(IllegalMoveError, match="malformed move 'discard 5H'"):
        state.apply("discard 5H")
    missing = next(f for f in PACK_SIZE if f not in before["hand"])
    with pytest.raises(IllegalMoveError, match=f"{missing} is not in your hand"):
        state.apply(f"play {missing}")
    assert state.observation(0) == before and state.history == []


def test_the_deal_gives_thirteen_each_from_the_dealers_left() -> None:
    pack = build_pack(([["AS"], ["2S"], ["3S"], ["4S"]], NONE))
    state = cardtable.load("calypso").new_state(decks=[pack])
    for seat in range(4):
        assert state.observation(seat)["hand"] == sorted_hand(pack[seat:52:4])
    obs = state.observation(0)
    assert obs["hand_sizes"] == [13] * 4 and obs["undealt"] == 156 and obs["dealer"] == 3


def sorted_hand(cards: Sequence[str]) -> list[str]:
    order = {s: i for i, s in enumerate(SUITS)}
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    return sorted(cards, key=lambda c: (order[c[-1]], -ranks.index(c[:-1])))


# --------------------------------------------------------------------------- refusals leak nothing


def test_refusals_name_only_what_the_mover_may_see() -> None:
    pack = list(range(208))
    random.Random(5).shuffle(pack)
    # The first deal gives seat k the cards pack[k::4] of the top 52 (dealer seat 3).
    x = pack[1]  # seat 1's
    # seat 2's, of the same suit: so both seats may follow suit alike
    y = next(c for c in pack[2:52:4] if c % 52 != x % 52 and c & 3 == x & 3)
    probes = [Move("play", (f,)) for f in range(52)]
    probes += [Move("discard", (0,)), Move("play", (0, 1)), Move("pass"), Move("play", (60,))]
    calypso = cardtable.load("calypso")
    compared = twin_refusals(
        calypso, pack, x, y, probes, holders={1, 2}, going=lambda s: True, plies=40
    )
    assert compared >= 15
    state = cardtable.load("calypso").new_state(decks=[pack])
    refusal = state.refusal(Move("play", (x % 52,)))
    assert refusal == f"{card_str(x)} is not in your hand"
