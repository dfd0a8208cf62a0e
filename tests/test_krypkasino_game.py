"""Krypkasino played through real deals: every capture, tabbe and scoring vector of RULES.md
2.9, the deal table of 2.5, court cards, the end of a hand, teams and the options (section 5).

Deals come from explicit packs (top card first): :func:`make_pack` lays the wanted hands and
table cards out in dealing order and fills the rest of the 104 cards with the unused ones.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import Any

import pytest

import cardtable
from cardtable.cards import card_str, parse_card, parse_cards
from cardtable.engine import Move, State
from cardtable.errors import IllegalMoveError, OptionError
from cardtable.games.krypkasino import captures, points_of, rank_code
from cardtable.games.krypkasino.captures import clear_cache
from cardtable.games.krypkasino.game import DEALS, KrypkasinoState
from cardtable.games.krypkasino.moves import play_take
from invariants import twin_refusals

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
ALL_FACES = tuple(r + s for r in RANKS for s in "CDHS")


def make_pack(
    hands: list[str], table: str, stock: str = "", dealer: int | None = None
) -> list[str]:
    """A 104-card pack: ``hands`` by seat (the first round's packet first), then ``table``
    (the first round's table cards first), then ``stock`` on top of the unused cards."""
    n = len(hands)
    h1, t1, h2, t2 = DEALS[n]
    first = (n - 1 if dealer is None else dealer) + 1
    split = [h.split() for h in hands]
    tab = table.split()
    assert all(len(h) == h1 + h2 for h in split), split
    assert len(tab) == t1 + t2, tab
    top: list[str] = []
    for k in range(n):
        top += split[(first + k) % n][:h1]
    top += tab[:t1]
    for k in range(n):
        top += split[(first + k) % n][h1:]
    top += tab[t1:]
    top += stock.split()
    left = Counter({f: 2 for f in ALL_FACES})
    left.subtract(card_str(parse_card(c)) for c in top)
    assert all(v >= 0 for v in left.values()), left
    rest = [f for f in ALL_FACES for _ in range(left[f])]
    return top + rest


def deal(hands: list[str], table: str, stock: str = "", **options: Any) -> KrypkasinoState:
    options.setdefault("players", len(hands))
    game = cardtable.load("krypkasino", **options)
    dealer = game.options["dealer"]
    assert isinstance(dealer, int)
    state = game.new_state(decks=[make_pack(hands, table, stock, dealer)])
    assert isinstance(state, KrypkasinoState)
    return state


def texts(state: State) -> list[str]:
    return [m.text for m in state.legal_moves()]


def obs(state: State, seat: int = 0) -> dict[str, Any]:
    return state.observation(seat)


def pile(state: State, seat: int) -> list[str]:
    return list(obs(state)["captured"][seat])


# --------------------------------------------------------------------------- values


def test_scoring_vector_18_and_the_42_points_of_two_packs() -> None:
    assert points_of(parse_cards("10D 2S AS AH KS 7C")) == 9
    assert points_of(range(104)) == 42
    per_face = {f: points_of([parse_card(f)]) for f in ALL_FACES}
    assert per_face["10D"] == 3 and per_face["2S"] == 2 and per_face["AS"] == 2
    assert per_face["AH"] == per_face["AD"] == per_face["AC"] == 1
    assert [per_face[r + "S"] for r in RANKS[2:]] == [1] * 11
    assert sum(per_face.values()) == 21


WORST_TABLES = [
    "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C AD AH",  # twelve cards, ten values
    "AC AD 2C 2D 3C 3D 4C 4D 5C 5D 6C 6D",  # twelve cards, every low value twice
    "AC AD AH 2C 2D 2H 3C 3D 3H 4C 4D 4H 5C 5D 5H 6C",  # sixteen
    "AC AD AH AS 2C 2D 2H 2S 3C 3D 3H 3S 4C 4D 4H 4S 5C 5D 5H 5S",  # twenty
]


def test_capture_search_on_the_worst_tables() -> None:
    clear_cache()
    start = time.perf_counter()
    for text in WORST_TABLES:
        table = rank_code(parse_cards(text))
        for value in range(2, 15):
            found = captures(value, table)
            assert found.takes, (text, value)  # every value 2..14 is a sum of low cards
    assert time.perf_counter() - start < 2.0  # about 0.1 s on a slow machine
    found = captures(14, rank_code(parse_cards(WORST_TABLES[0])))
    assert not found.sweeps  # 1+2+...+10+1+1 = 57 is no multiple of 14
    assert all(sum(r * k for r, k in t) % 14 == 0 for t in found.takes)
    low = rank_code(parse_cards(WORST_TABLES[1]))  # 42 in all: 6, 7 and 14 sweep it
    assert [v for v in range(2, 15) if captures(v, low).sweeps] == [6, 7, 14]
    aces = rank_code(parse_cards("AC AD AH AS AC AD AH AS"))
    assert captures(14, aces).takes == ()  # eight aces make only 8
    assert captures(2, aces).takes == (((1, 8),),) and captures(2, aces).sweeps
    assert captures(3, aces).takes == (((1, 6),),)  # two groups of three; two aces stay


# --------------------------------------------------------------------------- vectors of 2.9


def test_vector_1_seven_takes_seven_without_a_sweep() -> None:
    state = deal(["7S 2D 3D 4H 4D 6C", "9C 9D 9H 10S 10C 10H"], "7D 2C KC KD")
    assert obs(state)["table"] == ["7D", "2C"] and obs(state)["set_aside"] == ["KC", "KD"]
    assert "play 7S" in texts(state)
    state.apply("play 7S")
    assert pile(state, 0) == ["7D", "7S"]
    assert obs(state)["table"] == ["2C"]
    assert obs(state)["tabbe_points"] == [0, 0]


def test_vector_1_as_a_sweep_and_vector_15_the_dealer_assists() -> None:
    state = deal(["7S 2D 3D 4H 4D 6C", "9C 9D 9H 10S 10C 10H"], "7D QC KC KD")
    assert texts(state) == ["play 7S"]  # the only card that sweeps must sweep
    state.apply("play 7S")
    assert obs(state)["tabbe_points"] == [5, -5]  # seat 1 dealt: it assists the first play
    assert obs(state)["tabbes"] == [1, 0]
    events = [e for e in state.events if e.type == "tabbe"]
    assert [(e.seat, e.data["points"], e.data["assistant"], e.data["double"]) for e in events] == [
        (0, 5, 1, False)
    ]


def test_vector_2_queen_takes_queen() -> None:
    state = deal(["QC 3D 4H 4D 5C 6C", "QH 9D 9H 10S 10C 10H"], "2C KC KD JD")
    state.apply("play QC")  # court cards of the first deal were set aside; this one creeps
    assert obs(state)["table"] == ["2C", "QC"]
    state.apply("play QH")
    assert pile(state, 1) == ["QC", "QH"] and obs(state)["table"] == ["2C"]


def test_vector_3_an_ace_from_the_hand_does_not_take_a_table_ace() -> None:
    state = deal(["AH 2D 3D 4H 4D 8C", "7D 9D 9H 10S 10C 10H"], "AC 5C KC KD")
    state.apply("play AH")
    assert obs(state)["table"] == ["AC", "5C", "AH"]
    assert not any(obs(state)["captured"])
    # On the table the crept ace is worth 1: 1 + 5 + 1 = 7 sweeps.
    assert texts(state) == ["play 7D"]
    state.apply("play 7D")
    assert pile(state, 1) == ["AC", "AH", "5C", "7D"]
    assert obs(state)["tabbe_points"] == [-5, 5]


def test_vector_4_queen_takes_one_three_three_five() -> None:
    state = deal(["QD 2D 2H 4H 4D 8C", "9C 9D 9H 10S 10C 10H"], "AC 3H 3S 5D")
    assert texts(state) == ["play QD"]
    state.apply("play QD")
    assert pile(state, 0) == ["AC", "3H", "3S", "5D", "QD"]
    assert obs(state)["tabbe_points"] == [5, -5]
    # The sweeper's penalty: AC 1, 3S 1, and the tabbe 5.
    assert obs(state)["hand_points"] == [7, -5]


def test_vector_5_jack_takes_three_groups() -> None:
    state = deal(
        ["JD 5C 2D 2H 4H 4D", "3C 9D 9H 10S 10C JS"], "8D 6H KC KD"
    )  # seat 0 creeps JD and 5C, seat 1 creeps 3C, then seat 1's JS takes everything
    state.apply("play JD")
    state.apply("play 3C")
    state.apply("play 5C")
    assert obs(state)["table"] == ["8D", "6H", "JD", "3C", "5C"]
    assert texts(state) == ["play JS"]
    state.apply("play JS")
    assert pile(state, 1) == ["3C", "5C", "6H", "8D", "JD", "JS"]
    assert obs(state)["tabbe_points"] == [-5, 5]


def test_vector_6_nine_takes_six_and_one_three_of_the_players_choice() -> None:
    state = deal(["9H 2D 2H 4H 4D 5C", "9C 9D 10D 10S 10C 10H"], "3C 3D 6S KC")
    nines = [t for t in texts(state) if t.startswith("play 9H")]
    assert nines == ["play 9H take 3C 6S", "play 9H take 3D 6S"]
    before = obs(state)
    with pytest.raises(IllegalMoveError, match="9H can capture in more than one way"):
        state.apply("play 9H")
    assert obs(state) == before
    state.apply("play 9H take 6S 3D")  # any order of the captured cards
    assert pile(state, 0) == ["3D", "6S", "9H"] and obs(state)["table"] == ["3C"]
    assert state.history == ["play 9H take 3D 6S"]


def test_vector_8_ace_takes_king_and_ace() -> None:
    state = deal(["KC 2D 2H 4H 4D 5C", "AH 9D 10D 10S 10C 10H"], "AD QC QD QH")
    state.apply("play KC")
    assert obs(state)["table"] == ["AD", "KC"]
    assert texts(state) == ["play AH"]
    state.apply("play AH")
    assert pile(state, 1) == ["AD", "AH", "KC"]
    assert obs(state)["tabbe_points"] == [-5, 5]


def test_vector_9_seven_must_take_both_sevens() -> None:
    state = deal(["QS 2D 2H 4H 4D 5C", "7D 9D 10D 10S 10C 10H"], "7H 7C KC KD")
    state.apply("play QS")
    assert obs(state)["table"] == ["7H", "7C", "QS"]
    assert "play 7D" in texts(state)
    with pytest.raises(IllegalMoveError, match="7D cannot take 7C"):
        state.apply("play 7D take 7C")
    state.apply("play 7D")
    assert pile(state, 1) == ["7C", "7D", "7H"] and obs(state)["table"] == ["QS"]
    assert obs(state)["tabbe_points"] == [0, 0]


def test_vector_12_the_card_that_sweeps_must_be_played() -> None:
    state = deal(["9H 5C 2C 2D 6C 6D", "9C 9D 10D 10S 10C 10H"], "4S 5D KC KD")
    assert texts(state) == ["play 9H"]
    assert obs(state)["must_sweep"] is True
    before = obs(state)
    with pytest.raises(IllegalMoveError, match=r"so you must sweep$"):
        state.apply("play 5C")
    assert obs(state) == before
    state.apply("play 9H")
    assert obs(state)["tabbe_points"] == [5, -5]


def test_vector_13_twin_dubbeltabbe_or_plain_tabbe() -> None:
    hands = ["8H 8C 2C 2D 3C 3D", "9C 9D 10D 10S 10C 10H"]
    state = deal(hands, "8H QC KC KD")
    assert texts(state) == ["play 8C", "play 8H"]
    twin = state.clone()
    twin.apply("play 8H")
    assert obs(twin)["tabbe_points"] == [10, -10]
    assert [e.data["double"] for e in twin.events if e.type == "tabbe"] == [True]
    state.apply("play 8C")
    assert obs(state)["tabbe_points"] == [5, -5]


def test_vector_14_dubbeltabbe_after_another_players_capture() -> None:
    # Four players: seat 0 creeps 2C, seat 1's 6H takes 4C + 2C, seat 2's 7D takes its twin.
    hands = ["2C 3D 3H 5S 5H", "6H 9D 9H 10S 10C", "7D 8C 8D 8H 9C", "10D 10H 2D 2H 3C"]
    state = deal(hands, "7D 4C KC KD")
    state.apply("play 2C")
    state.apply("play 6H")
    assert obs(state)["table"] == ["7D"]
    assert texts(state) == ["play 7D"]
    state.apply("play 7D")
    assert obs(state)["tabbe_points"] == [0, -10, 10, 0]
    places = state.card_places()
    assert sorted(places["pile 2"]) == [25, 25 + 52]  # both sevens of diamonds, one per pack


def test_an_ace_never_makes_a_dubbeltabbe() -> None:
    state = deal(["AH 2D 2H 4H 4D 5C", "9C 9D 10D 10S 10C 10H"], "AH QC KC KD")
    state.apply("play AH")  # 14 from the hand against 1 on the table: it creeps
    assert obs(state)["table"] == ["AH", "AH"]


def test_most_cards_keeps_only_the_largest_maximal_takes() -> None:
    hands = ["10H 2D 2H 4H 4D 9C", "9D 9H 10D 10S 10C JC"]
    state = deal(hands, "2C 3C 5C 8C")
    tens = [t for t in texts(state) if t.startswith("play 10H")]
    assert tens == ["play 10H take 2C 3C 5C", "play 10H take 2C 8C"]
    strict = deal(hands, "2C 3C 5C 8C", capture="most-cards")
    assert [t for t in texts(strict) if t.startswith("play 10H")] == ["play 10H"]
    long_form = strict.game.parse_move("play 10H take 5C 3C 2C")
    assert strict.refusal(long_form) is None
    strict.apply("play 10H take 2C 3C 5C")  # the long form of the only capture is accepted
    assert strict.history == ["play 10H"]
    assert obs(strict)["table"] == ["8C"]


def test_identical_faces_give_one_move_each() -> None:
    state = deal(["8H 8H 2C 2D 3C 3D", "9C 9D 10D 10S 10C 10H"], "5C 6C KC KD")
    assert obs(state)["hand"] == ["2C", "2D", "3C", "3D", "8H", "8H"]
    assert len(texts(state)) == len(set(texts(state))) == 5
    state.apply("play 8H")
    assert obs(state)["hand"] == ["2C", "2D", "3C", "3D", "8H"]
    assert state.card_places()["table"][-1] == parse_card("8H")  # the first copy went first


# --------------------------------------------------------------------------- deals, courts, end


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_deal_table_vector_22(players: int) -> None:
    h1, t1, h2, t2 = DEALS[players]
    expected = {2: (6, 4, 88, 11), 3: (5, 5, 84, 7), 4: (5, 4, 80, 5), 5: (4, 4, 80, 4)}
    expected[6] = (5, 2, 72, 3)
    hand, table, stock, extra = expected[players]
    assert (h1 + h2, t1 + t2) == (hand, table)
    state = cardtable.load("krypkasino", players=players).new_state(seed=players)
    o = obs(state)
    assert o["hand_sizes"] == [hand] * players
    assert len(o["table"]) + len(o["set_aside"]) == table
    assert (o["stock"], o["extra_deals_left"]) == (stock, extra)
    assert o["to_move"] == 0 and o["dealer"] == players - 1
    # Play out the first round: the same dealer deals 4 each, and play starts at his left.
    for _ in range(hand * players):
        state.apply(state.legal_moves()[0])
    o = obs(state)
    assert o["hand_sizes"] == [4] * players
    assert (o["stock"], o["extra_deals_left"]) == (stock - 4 * players, extra - 1)
    assert o["dealer"] == players - 1 and o["to_move"] == 0
    assert not any(card_str(parse_card(c))[0] in "JQK" for c in o["table"])


def test_the_deal_order_packets_then_table() -> None:
    # Two players, dealer seat 1: seat 0 gets 3, seat 1 gets 3, 2 to the table, and again.
    pack = [card_str(c % 52) for c in range(104)]  # AC AD AH AS 2C ... in order, twice
    state = cardtable.load("krypkasino", players=2).new_state(decks=[pack])
    o0, o1 = obs(state, 0), obs(state, 1)
    assert o0["hand"] == ["AC", "AD", "AH", "3C", "3D", "3H"]
    assert o1["hand"] == ["AS", "2C", "2D", "3S", "4C", "4D"]
    assert o0["table"] == ["2H", "2S", "4H", "4S"]


def test_court_cards_go_to_the_last_capturer_before_an_extra_deal() -> None:
    hands = ["JC 7C 2D 2H 4H 4D", "5D 9D 9H 10S 10C 10H"]
    state = deal(hands, "2C 3C KC KD", stock="AC AD AH AS 6C 6D 6H 6S")
    state.apply("play JC")  # creeps: court cards on the table stay until the extra deal
    state.apply("play 5D")  # takes 2C + 3C, leaving JC
    assert obs(state)["table"] == ["JC"] and obs(state)["last_capturer"] == 1
    while obs(state)["stock"] == 88:
        capturer = state.last_capturer
        courts = [c for c in obs(state)["table"] if c[0] in "JQK"]
        state.apply(state.legal_moves()[0])
    o = obs(state)
    assert not any(c[0] in "JQK" for c in o["table"])
    assert o["set_aside"] == ["KC", "KD"]
    assert obs(state, 0)["hand"] == ["AC", "AD", "6C", "6D"]  # two and two from the stock
    assert obs(state, 1)["hand"] == ["AH", "AS", "6H", "6S"]
    swept = [(e.data["to"], e.data["cards"]) for e in state.events if e.type == "courts"]
    assert swept == ([(capturer, courts)] if courts else [])
    assert all(c in o["captured"][capturer] for c in courts)


def test_court_cards_join_the_set_aside_ones_when_nobody_has_captured() -> None:
    # A whole round without a capture is all but impossible in a real deal (the table's sums
    # soon cover every value), so the position is set up by hand at the end of the round.
    state = deal(["JC 2C 2D 2H 3C 3D", "4C 4D 4H 6C 6D 6H"], "9C 9D KC KD")
    jack, nine = parse_card("JC"), parse_card("9C")
    state.hands = [[], []]
    state.table = [nine, jack]
    state.code = rank_code(state.table)
    state.last_capturer = -1
    state._extra_deal()
    o = obs(state)
    assert o["table"] == ["9C"] and o["set_aside"] == ["KC", "KD", "JC"]
    assert o["hand_sizes"] == [4, 4] and o["to_move"] == 0
    assert [(e.data["to"], e.data["cards"]) for e in state.events if e.type == "courts"] == [
        (None, ["JC"])
    ]
    assert state.game.describe(state.events[-4]) == "The court cards JC on the table are set aside"


def test_a_hand_without_any_capture_goes_to_the_dealer() -> None:
    # As above, set up by hand: the last card is played and nobody has captured.
    state = deal(["JC 2C 2D 2H 3C 3D", "4C 4D 4H 6C 6D 6H"], "9C 9D KC KD", deals=1)
    state.hands = [[], []]
    state.stock = []
    state.last_capturer = -1
    state._end_hand()
    assert state.is_over and state.result is not None
    assert obs(state)["captured"][1] == ["9C", "9D", "KC", "KD"]  # seat 1 dealt
    assert state.result["hands"] == [[0, 0]]
    (left,) = [e for e in state.events if e.type == "leftover"]
    assert left.seat == 1


def test_leftover_cards_and_set_aside_go_to_the_last_capturer_at_the_end() -> None:
    for seed in range(5):
        state = cardtable.load("krypkasino", players=2, deals=1).new_state(seed=seed)
        rng = random.Random(seed)
        while True:
            moves = state.legal_moves()
            table_before = obs(state)["table"]
            aside = obs(state)["set_aside"]
            state.apply(moves[int(rng.random() * len(moves))])
            if state.is_over:
                break
        plays = [e for e in state.events if e.type == "play"]
        capturer = next(e.seat for e in reversed(plays) if e.data["captured"])
        final = plays[-1]
        left_table = [c for c in table_before if c not in final.data["captured"]]
        if final.data["krypa"]:
            left_table.append(final.data["card"])
        (left,) = [e for e in state.events if e.type == "leftover"]
        assert left.seat == capturer
        assert sorted(left.data["cards"]) == sorted(left_table)
        assert left.data["set_aside"] == aside
        assert sum(state.result["hands"][0]) == 42  # type: ignore[index]


def test_the_game_lasts_deals_hands_and_the_lowest_total_wins() -> None:
    state = cardtable.load("krypkasino", players=3).new_state(seed=8)
    dealers: list[int] = []
    rng = random.Random(1)
    while not state.is_over:
        if not dealers or obs(state)["dealer"] != dealers[-1]:
            dealers.append(obs(state)["dealer"])
        moves = state.legal_moves()
        state.apply(moves[int(rng.random() * len(moves))])
    result = state.result
    assert result is not None
    assert dealers == [2, 0, 1]
    assert len(result["hands"]) == 3
    assert all(sum(h) == 42 for h in result["hands"])
    assert result["scores"] == [sum(h[s] for h in result["hands"]) for s in range(3)]
    best = min(result["scores"])
    assert result["winners"] == [s for s in range(3) if result["scores"][s] == best]
    with pytest.raises(IllegalMoveError, match="the game is over"):
        state.apply("play 5H")


def test_teams_add_their_scores() -> None:
    state = cardtable.load("krypkasino", players=4, teams="pairs", deals=1).new_state(seed=3)
    rng = random.Random(3)
    while not state.is_over:
        moves = state.legal_moves()
        state.apply(moves[int(rng.random() * len(moves))])
    totals = state.result["totals"]  # type: ignore[index]
    assert state.scores == [totals[0] + totals[2], totals[1] + totals[3]] * 2
    six = cardtable.load("krypkasino", players=6, teams="threes")
    assert obs(six.new_state(seed=1))["teams"] == [0, 1, 0, 1, 0, 1]
    assert obs(cardtable.load("krypkasino", players=6, teams="pairs").new_state(seed=1))[
        "teams"
    ] == [0, 1, 2, 0, 1, 2]


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 3, "teams": "pairs"}, "pairs need 4 or 6 players"),
        ({"players": 4, "teams": "threes"}, "threes need 6 players"),
        ({"players": 7}, "option 'players' does not allow 7; allowed: a whole number from 2"),
        ({"players": 4, "dealer": 4}, "allowed: a seat from 0 to 3"),
        ({"capture": "most"}, "allowed: any-maximal, most-cards"),
        ({"teams": "trios"}, "allowed: none, pairs, threes"),
    ],
)
def test_bad_options_are_refused_clearly(options: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        cardtable.load("krypkasino", **options)


def test_defaults() -> None:
    game = cardtable.load("krypkasino")
    assert game.options == {
        "players": 4,
        "teams": "none",
        "capture": "any-maximal",
        "deals": 4,
        "dealer": 3,
    }
    assert game.num_players == 4


def test_bad_moves_are_refused_with_the_reason_and_change_nothing() -> None:
    state = deal(["9H 2D 2H 4H 4D 5C", "9C 9D 10D 10S 10C 10H"], "3C 3D 6S KC")
    before = (obs(state), len(state.events), list(state.history))
    cases = [
        ("play 1X", "malformed card '1X'"),
        ("discard 9H", "malformed move 'discard 9H'"),
        ("play KS", "KS is not in your hand"),
        ("play 2D take 3C", r"2D captures nothing on this table; it creeps \(play 2D\)"),
        ("play 9H take 3C", "9H cannot take 3C: the captured cards must form groups worth 9"),
        ("play 9H take", "name the captured cards after take"),
        ("", "empty move"),
    ]
    for text, message in cases:
        with pytest.raises(IllegalMoveError, match=message):
            state.apply(text)
        assert (obs(state), len(state.events), list(state.history)) == before
    assert state.refusal(cardtable.load("krypkasino").parse_move("play 9H")) == (
        "9H can capture in more than one way; name the cards it takes (play 9H take C C...)"
    )


def test_events_and_their_words() -> None:
    state = deal(["QD 2D 2H 4H 4D 8C", "9C 9D 9H 10S 10C 10H"], "AC 3H 3S 5D")
    state.apply("play QD")
    lines = [state.game.describe(e) for e in state.events_for(0)]
    assert lines == [
        "Hand 1: seat 1 deals; table AC 3H 3S 5D, set aside –, 88 cards in the stock",
        "Seat 0 is dealt 2D 2H 4D 4H 8C QD",
        "Seat 0 plays QD and takes AC 3H 3S 5D",
        "Seat 0: tabbe +5, seat 1 -5",
    ]
    assert [e.type for e in state.events_for(1)][1] == "hand"
    assert state.events_for(None)[1].type == "play"


# --------------------------------------------------------------------------- refusals leak nothing


def test_refusals_name_only_what_the_mover_may_see() -> None:
    pack = list(range(104))
    random.Random(4).shuffle(pack)
    state = cardtable.load("krypkasino", players=4).new_state(decks=[pack])
    assert isinstance(state, KrypkasinoState)
    # The twins swap a card of seat 1 with one of seat 2 of the same rank (so they play alike).
    x, y = next(
        (a, b)
        for a in state.hands[1]
        for b in state.hands[2]
        if a % 52 // 4 == b % 52 // 4 and a % 52 != b % 52
    )
    table = [c % 52 for c in state.table]
    probes = [Move("play", (f,)) for f in range(52)]
    probes += [play_take(f, (t,)) for f in (x % 52, y % 52, *range(0, 52, 5)) for t in table]
    probes += [play_take(f, (x % 52,)) for f in range(0, 52, 3)]
    probes += [Move("discard", (0,)), Move("play", ()), Move("play", (60,)), Move("pass")]

    def first_hand(state: State) -> bool:
        return bool(state.observation(None)["hand_number"] == 1)

    game = cardtable.load("krypkasino", players=4)
    assert twin_refusals(game, pack, x, y, probes, holders={1, 2}, going=first_hand) >= 8
