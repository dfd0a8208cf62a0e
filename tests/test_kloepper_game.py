"""Kloepper rules: the RULES.md 3.9 vectors through real deals, the call, knocks, scoring rows,
the end of the game, hidden partnerships and bad input."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardtable
from cardtable.cards import parse_card
from cardtable.engine import Move, State
from cardtable.errors import CardtableError, IllegalMoveError, OptionError
from cardtable.games.kloepper import DEFAULT_TABLE, result_key, scoring_table
from cardtable.games.kloepper.tables import PACK, POINTS, TRUMPS
from cardtable.i18n import using_language
from invariants import twin_refusals


def deck(*hands: str) -> list[str]:
    """The pack that deals these hands to seats 0..3 (dealer seat 3: 3 and 3 from seat 0)."""
    h = [x.split() for x in hands]
    return [c for k in (0, 3) for seat in range(4) for c in h[seat][k : k + 3]]


def new(*hands: str, **options: object) -> State:
    return cardtable.load("kloepper", **options).new_state(decks=[deck(*hands)])


def declare_all(state: State, first: str = "pass") -> None:
    state.apply(first)
    for _ in range(3):
        state.apply("pass")


def legal(state: State) -> list[str]:
    return [m.text for m in state.legal_moves()]


def plays(state: State) -> list[str]:
    return [m.text for m in state.legal_moves() if m.verb == "play"]


def play_out(state: State) -> None:
    """Finish the current deal, each seat playing its highest legal card (hand order)."""
    deal = state.observation(0)["deal_number"]
    while not state.is_over and state.observation(0)["deal_number"] == deal:
        moves = [m for m in state.legal_moves() if m.verb == "play"] or state.legal_moves()
        state.apply(moves[0])


def deal_score(state: State) -> dict[str, object]:
    return dict(next(e for e in reversed(state.events) if e.type == "deal score").data)


# Vector 1 and 2 of RULES.md 3.9: seat 2 holds no heart in the first deal.
V1 = ("AH QC 9C 10C KC 9S", "10H QS AC AS 10S KS", "JH JC JS JD AD 10D", "KH QH 9H KD QD 9D")
V2 = ("AH QC 9C 10C KC 9S", "10H QS AC AS 10S KS", "9H JH JC JS JD AD", "KH QH 10D KD QD 9D")


def test_the_pack_its_points_and_its_trumps() -> None:
    assert len(PACK) == 24
    assert sum(POINTS[c] for c in PACK) == 120  # vector 16
    by_suit = {
        "trumps": sum(POINTS[c] for c in TRUMPS),
        "hearts": sum(POINTS[c] for c in PACK if c % 4 == 2 and c not in TRUMPS),
        "spades": sum(POINTS[c] for c in PACK if c % 4 == 3 and c not in TRUMPS),
        "clubs": sum(POINTS[c] for c in PACK if c % 4 == 0 and c not in TRUMPS),
    }
    assert by_suit == {"trumps": 42, "hearts": 28, "spades": 25, "clubs": 25}


def test_vector_1_a_jack_trumps_a_heart_trick() -> None:
    state = new(*V1)
    declare_all(state)
    state.apply("play AH")
    assert plays(state) == ["play 10H"]  # QS is a trump, not a spade, and 10H must follow
    state.apply("play 10H")
    assert plays(state) == ["play JC", "play JS", "play JH", "play JD", "play AD", "play 10D"]
    state.apply("play JH")
    assert plays(state) == ["play KH", "play QH", "play 9H"]
    state.apply("play KH")
    trick = [e for e in state.events if e.type == "trick"][-1]
    assert trick.seat == 2 and trick.data["points"] == 27
    assert state.observation(0)["card_points"] == [0, 0, 27, 0]
    assert state.to_move == 2 and state.observation(0)["voids"][2] == ["hearts"]


def test_vector_2_the_ace_wins_a_plain_trick() -> None:
    state = new(*V2)
    declare_all(state)
    state.apply_all(["play AH", "play 10H", "play 9H", "play KH"])
    trick = [e for e in state.events if e.type == "trick"][-1]
    assert trick.seat == 0 and trick.data["points"] == 25
    assert trick.data["cards"] == ["AH", "10H", "9H", "KH"]


def test_vector_9_no_plain_spade_means_any_card() -> None:
    hands = ("AS QC 9D 10D KD QD", "QS JS AH 9C KH 10C", "10S KS 9S JC JH JD", "AD AC KC QH 9H 10H")
    state = new(*hands)
    declare_all(state)
    state.apply("play AS")
    assert sorted(plays(state)) == sorted(f"play {c}" for c in hands[1].split())
    # Seat 2 holds plain spades: it must follow with them, and its jacks are trumps.
    state.apply("play QS")
    assert plays(state) == ["play 10S", "play KS", "play 9S"]


def test_a_trump_lead_must_be_followed_with_the_black_queen_or_a_jack() -> None:
    hands = ("JD QC 10D KD QD 9D", "AS QS JS AH 9C 10C", "10S KS 9S JC JH KH", "AD AC KC QH 9H 10H")
    state = new(*hands)
    declare_all(state)
    state.apply("play JD")
    assert plays(state) == ["play QS", "play JS"]
    with pytest.raises(IllegalMoveError) as err:
        state.apply("play AS")
    assert str(err.value).endswith("you must follow trumps (JD was led)")
    assert state.to_move == 1 and len(state.history) == 5


def test_the_call_refuses_an_ace_held_and_makes_the_holder_a_secret_partner() -> None:
    hands = ("QC QS AH 9D 10D KD", "AC 10C KC 9C 9H 9S", "AS 10S KS JC JS JH", "JD AD QD 10H KH QH")
    state = new(*hands)
    assert legal(state) == ["call AC", "call AS", "alone"]
    before = state.observation(0)
    with pytest.raises(IllegalMoveError) as err:
        state.apply("call AH")
    assert "you hold AH; call an ace you do not hold" in str(err.value)
    with pytest.raises(IllegalMoveError) as err:
        state.apply("call AD")
    assert "only AC, AS or AH may be called, not AD" in str(err.value)
    assert state.observation(0) == before and state.history == []
    declare_all(state, "call AS")
    obs = {s: state.observation(s) for s in range(4)}
    assert obs[0]["roles"] == ["queens", None, None, None]
    assert obs[2]["roles"] == ["queens", "opponents", "queens", "opponents"]
    assert obs[2]["partner"] == 0
    assert obs[1]["roles"] == ["queens", "opponents", None, None]
    assert obs[3]["roles"] == ["queens", None, None, "opponents"]
    assert obs[0]["call"] == "AS" and obs[0]["caller"] == 0
    private = [e.data for e in state.events_for(2) if e.type == "role"]
    assert private == [{"role": "queens", "partner": 0}]
    # The called ace, once played, shows the partner to everyone.
    state.apply_all(["play QC", "play 9H", "play JC", "play JD"])  # seat 0 wins with QC
    state.apply("play 9D")
    state.apply_all(["play 9C", "play JS", "play AD"])  # seat 2 wins with JS
    state.apply("play AS")
    assert state.observation(1)["roles"] == ["queens", "opponents", "queens", "opponents"]
    assert state.observation(1)["partner"] == 3


def test_holding_all_three_aces_forces_playing_alone() -> None:
    hands = ("QC QS AC AS AH 9D", "10C KC 9C 9H 9S 10D", "10S KS JC JS JH KD", "JD AD QD 10H KH QH")
    state = new(*hands)
    assert legal(state) == ["alone"]
    with pytest.raises(IllegalMoveError) as err:
        state.apply("call AC")
    assert "you hold all three aces that may be called, so you play alone" in str(err.value)
    state.apply("alone")
    # Everyone else only passes, and sees just "no call".
    assert legal(state) == ["pass"]
    with pytest.raises(IllegalMoveError) as err:
        state.apply("alone")
    assert "only the holder of both black queens calls or plays alone; pass" in str(err.value)
    state.apply_all(["pass", "pass", "pass"])
    public = [e.type for e in state.events_for(1)]
    assert "alone" not in public and public.count("no call") == 4
    assert state.observation(0)["roles"] == ["alone", "opponents", "opponents", "opponents"]
    assert state.observation(1)["roles"] == [None, "opponents", None, None]


def test_an_ordinary_deal_scores_the_queens_team_by_card_points() -> None:
    # Queens split between seats 0 and 1; no knock: they take every card point.
    hands = ("QC JC JS JH JD AD", "QS 10D KD QD 9D 9H", "AC 10C KC 9C AH 10H", "KH QH AS 10S KS 9S")
    state = new(*hands)
    declare_all(state)
    play_out(state)
    score = deal_score(state)
    assert score["queens"] == [0, 1] and score["card_points"] == 120 and score["tricks"] == 6
    assert score["result"] == "win-all" and state.scores == [6, 6, 0, 0]


def test_knock_made_and_knock_off_failed() -> None:
    hands = ("QC JC JS JH JD AD", "QS 10D KD QD 9D 9H", "AC 10C KC 9C AH 10H", "KH QH AS 10S KS 9S")
    state = new(*hands)
    declare_all(state)
    assert legal(state)[-1] == "knock"
    state.apply("knock")
    assert state.to_move == 1 and legal(state) == ["pass"]  # the partner may only pass
    state.apply("pass")
    assert legal(state) == ["knock-off", "pass"]
    state.apply_all(["pass", "pass"])
    assert state.to_move == 0 and "knock" not in legal(state)
    play_out(state)
    assert deal_score(state)["result"] == "knock" and state.scores == [12, 12, 0, 0]

    state = new(*hands)
    declare_all(state)
    state.apply_all(["knock", "pass", "knock-off"])
    assert state.to_move == 0
    assert state.observation(1)["roles"] == ["queens", "queens", "opponents", "opponents"]
    play_out(state)
    assert deal_score(state)["result"] == "knock-off-failed" and state.scores == [24, 24, 0, 0]


def test_knock_failed() -> None:
    hands = ("QC JD QD 9C 9H 9S", "QS 9D AC 10C KC KS", "JC JS JH AD 10D KD", "AH 10H KH QH AS 10S")
    state = new(*hands)
    declare_all(state)
    state.apply_all(["play QC", "play QS", "play JC", "play AH"])
    assert legal(state)[-1] == "knock"  # just before leading to the second trick
    state.apply_all(["knock", "pass", "pass", "pass"])
    play_out(state)
    score = deal_score(state)
    assert score["result"] == "knock-failed" and score["winners"] == [2, 3]
    assert state.scores == [0, 0, 6, 6]


def test_knocking_is_refused_after_the_second_lead_and_to_opponents() -> None:
    hands = ("QC JD QD 9C 9H 9S", "QS 9D AC 10C KC KS", "JC JS JH AD 10D KD", "AH 10H KH QH AS 10S")
    state = new(*hands)
    declare_all(state)
    state.apply("play QC")
    assert "knock" in legal(state)
    state.apply("play QS")
    with pytest.raises(IllegalMoveError) as err:
        state.apply("knock")
    assert "only the queens team may knock, and you are not on it" in str(err.value)
    state.apply_all(["play JC", "play AH", "play JD"])
    state.apply("play 9D")  # seat 1, queens team, plays to the second trick
    with pytest.raises(IllegalMoveError) as err:
        state.apply("knock")
    assert "only the queens team may knock" in str(err.value)
    state.apply_all(["play JS", "play AS"])
    assert state.to_move == 2 and "knock" not in legal(state)


def test_lone_knock_made_ends_the_game_at_30() -> None:
    hands = ("QC QS JC JS JH JD", "AD 10D KD QD 9D AC", "10C KC 9C AH 10H KH", "QH 9H AS 10S KS 9S")
    state = new(*hands)
    declare_all(state, "alone")
    state.apply("knock")
    assert state.to_move == 0  # nobody is asked: no knock-off against a lone player
    assert state.observation(2)["roles"] == ["alone", "opponents", "opponents", "opponents"]
    play_out(state)
    assert deal_score(state)["result"] == "lone-knock"
    assert state.is_over and state.scores == [30, 0, 0, 0]
    assert state.result == {"winners": [0], "scores": [30, 0, 0, 0], "deals": 1}


def test_lone_knock_failed_gives_a_shared_win() -> None:
    hands = ("QC QS JC JS JH 9C", "JD AD 10D KD QD 9D", "AC 10C KC AH 10H KH", "QH 9H AS 10S KS 9S")
    state = new(*hands)
    declare_all(state, "alone")
    state.apply("knock")
    play_out(state)
    score = deal_score(state)
    assert score["result"] == "lone-knock-failed" and score["tricks"] == 5
    assert state.is_over and state.scores == [0, 30, 30, 30]
    assert state.result is not None and state.result["winners"] == [1, 2, 3]
    assert state.events[-1].type == "game over"
    assert cardtable.load("kloepper").describe(state.events[-1]) == (
        "Game over: seats 1 and 2 and 3 share the win, 0-30-30-30"
    )


def test_lone_play_without_a_knock_scores_the_lone_row() -> None:
    hands = ("QC QS JC JS JH 9C", "JD AD 10D KD QD 9D", "AC 10C KC AH 10H KH", "QH 9H AS 10S KS 9S")
    state = new(*hands)
    declare_all(state, "alone")
    play_out(state)
    score = deal_score(state)
    # The lone player takes five tricks (19 + 24 + 27 + 27 + 19); seat 1 trumps the last, 9C,
    # with 9D (4 points with KH).
    assert score["tricks"] == 5 and score["card_points"] == 116
    assert score["result"] == "lone-win-high" and state.scores == [12, 0, 0, 0]


@pytest.mark.parametrize(
    ("args", "row"),
    [
        ((61, 3, False, False, False), "win"),
        ((90, 5, False, False, False), "win"),
        ((91, 5, False, False, False), "win-high"),
        ((120, 5, False, False, False), "win-high"),
        ((120, 6, False, False, False), "win-all"),
        ((60, 4, False, False, False), "lose"),
        ((31, 2, False, False, False), "lose"),
        ((30, 2, False, False, False), "lose-high"),
        ((0, 1, False, False, False), "lose-high"),
        ((0, 0, False, False, False), "lose-all"),
        ((70, 3, True, False, False), "lone-win"),
        ((95, 5, True, False, False), "lone-win-high"),
        ((120, 6, True, False, False), "lone-win-all"),
        ((45, 3, True, False, False), "lone-lose"),
        ((20, 1, True, False, False), "lone-lose-high"),
        ((0, 0, True, False, False), "lone-lose-all"),
        ((120, 6, False, True, False), "knock"),
        ((119, 5, False, True, False), "knock-failed"),
        ((0, 0, False, True, True), "knock-off"),
        ((10, 1, False, True, True), "knock-off-failed"),
        ((120, 6, True, True, False), "lone-knock"),
        ((100, 5, True, True, False), "lone-knock-failed"),
    ],
)
def test_each_row_of_the_scoring_table(args: tuple[int, int, bool, bool, bool], row: str) -> None:
    assert result_key(*args) == row


def test_the_default_table_is_section_5() -> None:
    assert DEFAULT_TABLE == {
        "win": 2, "win-high": 4, "win-all": 6, "lose": 2, "lose-high": 4, "lose-all": 6,
        "lone-win": 6, "lone-win-high": 12, "lone-win-all": 18,
        "lone-lose": 2, "lone-lose-high": 4, "lone-lose-all": 6,
        "knock": 12, "knock-failed": 6, "knock-off": 24, "knock-off-failed": 24,
        "lone-knock": 30, "lone-knock-failed": 30,
    }  # fmt: skip


def test_a_clubs_own_table_and_target() -> None:
    hands = ("QC JC JS JH JD AD", "QS 10D KD QD 9D 9H", "AC 10C KC 9C AH 10H", "KH QH AS 10S KS 9S")
    state = new(*hands, scoring="knock=20", target=20)
    declare_all(state)
    state.apply_all(["knock", "pass", "pass", "pass"])
    play_out(state)
    assert state.is_over and state.scores == [20, 20, 0, 0]
    assert state.result is not None and state.result["winners"] == [0, 1]
    assert scoring_table("win=3, lose=1")["win"] == 3


def test_bad_options_and_packs_are_refused_clearly() -> None:
    with pytest.raises(OptionError) as err_opt:
        cardtable.load("kloepper", scoring="nock=3")
    assert "unknown row 'nock'" in str(err_opt.value) and "knock-off-failed" in str(err_opt.value)
    with pytest.raises(OptionError) as err_opt:
        cardtable.load("kloepper", target=0)
    assert "option 'target' does not allow 0" in str(err_opt.value)
    with pytest.raises(OptionError) as err_opt:
        cardtable.load("kloepper", players=3)
    assert "unknown option 'players' for kloepper" in str(err_opt.value)
    game = cardtable.load("kloepper")
    with pytest.raises(CardtableError) as err:
        game.new_state(decks=[["2C", *deck(*V1)[1:]]])
    assert str(err.value) == (
        "pack 0: a Kloepper pack is a permutation of the 24 cards 9 10 J Q K A of each suit "
        "(9C 9D 9H 9S 10C ... AS), each once"
    )
    with pytest.raises(CardtableError) as err:
        game.new_state(decks=[["ZZ", *deck(*V1)[1:]]])
    assert str(err.value).startswith("pack 0: malformed card 'ZZ'")
    state = new(*V1)
    with pytest.raises(IllegalMoveError) as err_move:
        state.apply("play 2C")
    assert "2C is not in the Kloepper pack" in str(err_move.value)
    with pytest.raises(IllegalMoveError) as err_move:
        state.apply("bid 3")
    assert "malformed move 'bid 3'" in str(err_move.value)


def test_the_first_dealer_and_rotation() -> None:
    state = cardtable.load("kloepper", dealer=1).new_state(seed=4)
    assert state.observation(0)["dealer"] == 1 and state.to_move == 2
    while state.observation(0)["deal_number"] == 1:
        moves = state.legal_moves()
        state.apply(moves[0])
    assert state.observation(0)["dealer"] == 2 and state.to_move == 3


def test_japanese_words() -> None:
    state = new(*V1)
    declare_all(state)
    game = state.game
    with using_language("ja"):
        lines = [game.describe(e) for e in state.events_for(0)]
        with pytest.raises(IllegalMoveError) as err:
            state.apply("play 9H")
    assert lines[1] == "席0の手札: QC 10C KC 9C AH 9S"
    assert "9H は手札にありません" in str(err.value)
    assert parse_card("9H") not in state.hands[0]  # type: ignore[attr-defined]


# --------------------------------------------------------------------------- refusals leak nothing


def test_refusals_name_only_what_the_mover_may_see() -> None:
    pack = list(PACK)
    random.Random(2).shuffle(pack)
    # Seat k is dealt pack[3k : 3k + 3] and pack[12 + 3k : 15 + 3k] (dealer seat 3). The twins
    # swap a plain card of seat 1 with one of seat 2 of the same suit, neither an ace.
    seat1 = pack[3:6] + pack[15:18]
    seat2 = pack[6:9] + pack[18:21]
    aces = {parse_card(a) for a in ("AC", "AH", "AS")}
    x, y = next(
        (a, b) for a in seat1 for b in seat2 if a % 4 == b % 4 and not {a, b} & {*TRUMPS, *aces}
    )
    probes = [Move("play", (c,)) for c in range(52)] + [Move("call", (c,)) for c in aces]
    probes += [Move("call", (parse_card("AD"),))] + [Move(v) for v in ("alone", "pass", "knock")]
    probes += [Move("knock-off"), Move("play", ()), Move("frobnicate")]

    def first_deal(state: State) -> bool:
        return bool(state.observation(None)["deal_number"] == 1)

    kloepper = cardtable.load("kloepper")
    assert twin_refusals(kloepper, pack, x, y, probes, holders={1, 2}, going=first_deal) >= 10


# --------------------------------------------------------------------------- tables that end

#: The rows no deal can score: the queens team (or the lone player) always holds the queen of
#: clubs, the highest trump, and so always takes at least the trick it falls to.
NEVER = ("lose-all", "lone-lose-all", "knock-off")


def table_spec(table: dict[str, int]) -> str:
    return ", ".join(f"{row}={points}" for row, points in table.items())


def test_a_table_that_scores_nothing_is_refused() -> None:
    zero = dict.fromkeys(DEFAULT_TABLE, 0)
    with pytest.raises(OptionError) as info:
        cardtable.load("kloepper", scoring=table_spec(zero))
    message = str(info.value)
    assert message.startswith("option 'scoring': no deal can score")
    assert "the game would never end" in message


def test_a_table_that_scores_only_impossible_rows_is_refused() -> None:
    table = dict.fromkeys(DEFAULT_TABLE, 0) | dict.fromkeys(NEVER, 5)
    with pytest.raises(OptionError) as info:
        scoring_table(table_spec(table))
    message = str(info.value)
    assert "never end" in message
    # Why: the rows that cannot happen are named, with the reason.
    assert all(row in message for row in NEVER) and "queen of clubs" in message


@settings(max_examples=200, deadline=None, derandomize=True)
@given(scoring=st.sets(st.sampled_from(list(DEFAULT_TABLE))), points=st.integers(1, 999))
def test_a_table_is_accepted_exactly_when_a_possible_row_scores(
    scoring: set[str], points: int
) -> None:
    table = {row: points if row in scoring else 0 for row in DEFAULT_TABLE}
    if scoring - set(NEVER):
        assert scoring_table(table_spec(table)) == table
    else:
        with pytest.raises(OptionError, match="never end"):
            cardtable.load("kloepper", scoring=table_spec(table))


def random_game(state: State, seed: int, limit: int) -> list[str]:
    """Play on at random (preferring to play alone, knock and knock off, the rare rows) until
    the game ends or ``limit`` moves; the rows the deals scored."""
    rng = random.Random(seed)
    for _ in range(limit):
        if state.is_over:
            break
        moves = state.legal_moves()
        bold = [m for m in moves if m.verb in ("alone", "knock", "knock-off")]
        state.apply(rng.choice(bold if bold and rng.random() < 0.5 else moves))
    return [str(e.data["result"]) for e in state.events if e.type == "deal score"]


def test_a_table_with_one_possible_row_ends_a_random_game() -> None:
    table = dict.fromkeys(DEFAULT_TABLE, 0) | {"win": 1}
    state = cardtable.load("kloepper", scoring=table_spec(table)).new_state(seed=4)
    rows = random_game(state, 4, 200_000)
    assert state.is_over and max(state.scores) == 30
    assert rows.count("win") >= 15


def test_the_impossible_rows_never_happen() -> None:
    ones = table_spec(dict.fromkeys(DEFAULT_TABLE, 1))
    state = cardtable.load("kloepper", scoring=ones, target=200).new_state(seed=8)
    rows = random_game(state, 8, 200_000)
    assert state.is_over and len(rows) > 300
    assert not set(rows) & set(NEVER)
    assert {"lone-win", "knock-failed", "knock-off-failed", "lone-knock-failed"} <= set(rows)
