"""Bad input gets a clear error and changes nothing: cards, options, moves, packs, records."""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Iterator
from itertools import combinations_with_replacement, islice
from pathlib import Path
from typing import Any, cast

import pytest

import cardtable
from cardtable.cards import card_str, parse_card
from cardtable.engine import Move, State
from cardtable.errors import (
    CardError,
    CardtableError,
    IllegalMoveError,
    OptionError,
    RecordError,
    UnknownGameError,
)

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
ALL_CARDS = tuple(r + s for r in RANKS for s in "CDHS")


def make_pack(hand0: str, hand1: str, starter: str) -> list[str]:
    """A two-player pack (dealer seat 1) dealing these six-card hands and starter."""
    h0, h1 = hand0.split(), hand1.split()
    top = [c for pair in zip(h0, h1, strict=True) for c in pair] + [starter]
    assert len(set(top)) == 13
    return top + [c for c in ALL_CARDS if c not in top]


# Seat 0 keeps KS 8S 2C 6C (lays away AD 3C); seat 1 keeps QH 9D 5D 7D (lays away 4S 6S).
HAND0 = "KS 8S 2C 6C AD 3C"
HAND1 = "QH 9D 5D 7D 4S 6S"


def deal() -> State:
    return cardtable.load("cribbage").new_state(decks=[make_pack(HAND0, HAND1, "AH")])


def in_play() -> State:
    state = deal()
    state.apply("discard AD 3C")
    state.apply("discard 4S 6S")
    return state


Snapshot = tuple[list[dict[str, Any]], list[str], dict[str, Any], int, list[int], int | None]


def snapshot(state: State) -> Snapshot:
    seats = state.game.num_players
    return (
        [copy.deepcopy(state.observation(s)) for s in range(seats)],
        list(state.history),
        copy.deepcopy(state.to_record()),
        len(state.events),
        list(state.scores),
        state.to_move,
    )


def refused(state: State, move: Any) -> str:
    """Apply a bad move: it must raise IllegalMoveError and leave the state as it was."""
    before = snapshot(state)
    with pytest.raises(IllegalMoveError) as info:
        state.apply(move)
    assert snapshot(state) == before
    # The state still plays on normally.
    clone = state.clone()
    if not clone.is_over:
        clone.apply(clone.legal_moves()[0])
    return str(info.value)


def no_moves_listed(message: str) -> bool:
    """A refusal never lists the legal moves: they would show the hand of the seat to move to
    whoever sent the move."""
    return "legal moves" not in message


# --------------------------------------------------------------------------- cards


@pytest.mark.parametrize("text", ["1H", "XH", "10", "", "10HH", None, "H10", "5 H", "11S"])
def test_malformed_cards_raise_card_error_showing_the_accepted_forms(text: Any) -> None:
    with pytest.raises(CardError) as info:
        parse_card(text)
    message = str(info.value)
    assert isinstance(info.value, CardtableError)
    assert isinstance(info.value, ValueError)
    assert repr(text) in message
    assert "10H, TH" in message
    assert "C D H S" in message


@pytest.mark.parametrize(
    ("text", "card"),
    [("10h", "10H"), ("TH", "10H"), ("10♥", "10H"), ("t♥", "10H"), ("as", "AS"), ("Q♠", "QS")],
)
def test_accepted_card_forms(text: str, card: str) -> None:
    assert card_str(parse_card(text)) == card


# --------------------------------------------------------------------------- games and options


def test_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(UnknownGameError) as info:
        cardtable.load("poker")
    assert "'poker'" in str(info.value)
    assert "cribbage" in str(info.value)


def test_unknown_option_names_the_allowed_options() -> None:
    with pytest.raises(OptionError) as info:
        cardtable.load("cribbage", colour=1)
    message = str(info.value)
    assert "'colour'" in message
    for name in ("players", "target", "skunk", "muggins", "games", "dealer"):
        assert name in message


@pytest.mark.parametrize(
    ("options", "allowed"),
    [
        ({"target": 100}, "allowed: 121, 61"),
        ({"target": "lots"}, "allowed: 121, 61"),
        ({"target": True}, "allowed: 121, 61"),
        ({"players": 5}, "allowed: 2, 3, 4"),
        ({"skunk": "maybe"}, "allowed: acc, hoyle, none"),
        ({"muggins": "perhaps"}, "allowed: off, on"),
        ({"muggins": 2}, "allowed: off, on"),
        ({"games": 0}, "allowed: a whole number from 1 to 99"),
        ({"games": 100}, "allowed: a whole number from 1 to 99"),
        ({"dealer": 2}, "allowed: a seat from 0 to 1"),
        ({"dealer": 3, "players": 3}, "allowed: a seat from 0 to 2"),
    ],
)
def test_bad_option_values_name_the_allowed_values(options: dict[str, Any], allowed: str) -> None:
    with pytest.raises(OptionError) as info:
        cardtable.load("cribbage", **options)
    message = str(info.value)
    assert allowed in message
    name = "dealer" if "dealer" in options else next(iter(options))
    assert f"option {name!r}" in message


def test_option_values_given_as_text_are_coerced() -> None:
    game = cardtable.load("cribbage", target="61", muggins="on", skunk=" Hoyle ", games="3")
    assert game.options["target"] == 61
    assert game.options["muggins"] is True
    assert game.options["skunk"] == "hoyle"
    assert game.options["games"] == 3
    assert cardtable.load("cribbage", muggins="off").options["muggins"] is False
    assert cardtable.load("cribbage", players="3").options["dealer"] == 2
    # The coerced target is the one the game plays to.
    state = game.new_state(seed=1)
    assert state.observation(0)["target"] == 61


# --------------------------------------------------------------------------- illegal moves


def test_wrong_verb_in_the_discard() -> None:
    state = deal()
    message = refused(state, "play KS")
    assert "lay away 2 cards" in message
    assert no_moves_listed(message)
    message = refused(state, "claim 3")
    assert "lay away 2 cards" in message
    assert no_moves_listed(message)


def test_discard_of_the_wrong_number_of_cards() -> None:
    state = deal()
    message = refused(state, "discard KS")
    assert "exactly 2" in message
    assert no_moves_listed(message)


def test_discard_of_a_card_not_in_hand() -> None:
    state = deal()
    message = refused(state, "discard KS 10C")
    assert "10C is not in your hand" in message
    assert no_moves_listed(message)


def test_wrong_verb_in_the_play() -> None:
    state = in_play()
    message = refused(state, "discard KS 8S")
    assert "it is the play" in message
    assert no_moves_listed(message)


def test_play_of_a_card_not_in_hand() -> None:
    state = in_play()
    message = refused(state, "play 10C")
    assert "10C is not in your hand" in message
    assert no_moves_listed(message)
    assert "seat 0" in message  # the seat that must act


def test_play_over_31() -> None:
    state = in_play()
    for card in ("KS", "QH", "8S"):  # 28; seat 1 says go, seat 0 plays on
        state.apply(f"play {card}")
    assert state.to_move == 0
    message = refused(state, "play 6C")
    assert "the count is 28" in message
    assert "34" in message and "over 31" in message
    assert (
        message == "illegal move 'play 6C' for seat 0: the count is 28; 6C would make 34, over 31"
    )


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("play", "malformed move 'play'"),
        ("play 5X", "'5X'"),
        ("discard 5H 5H", "the same card twice"),
        ("jump", "malformed move 'jump'"),
        ("", "empty move"),
        ("claim many", "malformed move 'claim many'"),
        ("claim 30", "a claim is 0 to 29"),
    ],
)
def test_malformed_moves_name_the_problem(text: str, problem: str) -> None:
    for state in (deal(), in_play()):
        message = refused(state, text)
        assert problem in message
        assert no_moves_listed(message)


def claiming() -> State:
    """A muggins game in which seat 0 must claim the points of his hand."""
    state = cardtable.load("cribbage", muggins=True).new_state(
        decks=[make_pack(HAND0, HAND1, "AH")]
    )
    state.apply("discard AD 3C")
    state.apply("discard 4S 6S")
    while state.observation(0)["phase"] == "play":
        state.apply(state.legal_moves()[0])
    assert (state.observation(0)["phase"], state.to_move) == ("claim", 0)
    return state


@pytest.mark.parametrize("phase", ["discard", "play", "claim"])
@pytest.mark.parametrize(
    "move",
    [
        Move("play"),
        Move("play", (parse_card("2C"), parse_card("6C"))),
        Move("discard"),
        Move("discard", (parse_card("KS"), parse_card("8S"), parse_card("2C"))),
        Move("claim"),
        Move("claim", (), 30),
        Move("muggins"),
        Move("pass"),
        Move("jump"),
    ],
    ids=str,
)
def test_hand_built_moves_that_are_not_legal_are_refused_cleanly(phase: str, move: Move) -> None:
    # Move objects skip the notation parser; malformed ones still get IllegalMoveError.
    state = {"discard": deal, "play": in_play, "claim": claiming}[phase]()
    message = refused(state, move)
    assert f"illegal move {move.text!r} for seat 0: " in message
    assert no_moves_listed(message)


def test_a_move_that_is_neither_text_nor_a_move() -> None:
    state = in_play()
    message = refused(state, cast(Any, 42))
    assert "42" in message


def test_moves_after_the_game_is_over() -> None:
    state = cardtable.load("cribbage", target=61).new_state(seed=4)
    rng = random.Random(4)
    while not state.is_over:
        state.apply(rng.choice(state.legal_moves()))
    assert state.legal_moves() == []
    for move in ("play 5H", "discard 5H 6H", "pass", Move("play", (parse_card("5H"),))):
        message = refused(state, move)
        assert "the game is over" in message
    message = refused(state, "jump")
    assert "the game is over" in message


def _words(message: str) -> set[str]:
    return set(re.findall(r"[0-9AJQKT]+[CDHS]", message))


def test_errors_do_not_reveal_who_holds_a_hidden_card() -> None:
    # Seat 0 names cards that seat 1 holds: the error must not say where they are, nor show any
    # other card seat 0 may not see.
    state = deal()
    hidden = set(HAND1.split())
    message = refused(state, "discard KS 9D")
    assert "9D is not in your hand" in message
    assert _words(message) - {"9D"} <= set(HAND0.split())
    assert "seat 1" not in message
    assert "held" not in message and "holds" not in message
    state = in_play()
    state.apply("play KS")
    state.apply("play QH")
    message = refused(state, "play 9D")
    assert "9D is not in your hand" in message
    assert "seat 1" not in message
    # Only seat 0's own cards (and the card he named) may appear.
    assert _words(message) - {"9D"} <= {"8S", "2C", "6C"}
    assert not (_words(message) & (hidden - {"9D"}))
    # The same for a card in the crib or in the undealt stock.
    for card in ("4S", "10C"):
        message = refused(state, f"play {card}")
        assert f"{card} is not in your hand" in message
        assert "crib" not in message and "stock" not in message and "seat 1" not in message


# --------------------------------------------------------------------------- explicit packs


def good_pack() -> list[str]:
    return make_pack(HAND0, HAND1, "AH")


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ("missing", "holds 51"),
        ("duplicate", "appears 2 times"),
        ("extra", "holds 53"),
        ("malformed", "malformed card '5X'"),
    ],
)
@pytest.mark.parametrize("index", [0, 1])
def test_bad_packs_name_the_pack(change: str, problem: str, index: int) -> None:
    bad = good_pack()
    if change == "missing":
        bad.remove("7C")
    elif change == "duplicate":
        bad[bad.index("7C")] = "KS"
    elif change == "extra":
        bad.append("KS")
    else:
        bad[20] = "5X"
    packs = [good_pack(), good_pack()]
    packs[index] = bad
    with pytest.raises(CardtableError) as info:
        cardtable.load("cribbage").new_state(decks=packs)
    message = str(info.value)
    assert message.startswith(f"pack {index}: ")
    assert problem in message


def test_bad_packs_of_card_ids_and_bad_pack_lists() -> None:
    ids = list(range(52))
    ids[5] = 6
    with pytest.raises(CardtableError, match=r"^pack 0: card ids must be a permutation"):
        cardtable.load("cribbage").new_state(decks=[ids])
    with pytest.raises(CardtableError, match="decks must be a list of packs"):
        cardtable.load("cribbage").new_state(decks=cast(Any, "5H 6H"))
    with pytest.raises(CardtableError, match="seed must be a whole number"):
        cardtable.load("cribbage").new_state(seed=cast(Any, "seven"))


# --------------------------------------------------------------------------- records


def short_record() -> dict[str, Any]:
    state = in_play()
    state.apply("play KS")
    record = state.to_record()
    assert record["moves"] == ["discard AD 3C", "discard 4S 6S", "play KS"]
    return record


def seed_record() -> dict[str, Any]:
    state = cardtable.load("cribbage").new_state(seed=9)
    rng = random.Random(9)
    for _ in range(8):
        state.apply(rng.choice(state.legal_moves()))
    return state.to_record()


def record_error(record: Any) -> str:
    with pytest.raises(RecordError) as info:
        cardtable.from_record(record)
    return str(info.value)


@pytest.mark.parametrize("record", [[], "record", None, 7])
def test_a_record_that_is_not_an_object(record: Any) -> None:
    assert "a record must be a JSON object" in record_error(record)


def test_record_wrong_format() -> None:
    record = seed_record()
    record["format"] = "cardtable-record/2"
    message = record_error(record)
    assert "'cardtable-record/2'" in message and "'cardtable-record/1'" in message
    del record["format"]
    assert "unsupported record format None" in record_error(record)


def test_record_unknown_game() -> None:
    record = seed_record()
    record["game"] = "poker"
    message = record_error(record)
    assert "'poker'" in message and "cribbage" in message
    record["game"] = 3
    assert "'game' must be a string" in record_error(record)


def test_record_unknown_option_and_bad_option_value() -> None:
    record = seed_record()
    record["options"] = {"colour": 1}
    message = record_error(record)
    assert "'colour'" in message and "players" in message
    record["options"] = {"target": 100}
    assert "allowed: 121, 61" in record_error(record)
    record["options"] = ["target", 61]
    assert "'options' must be a JSON object" in record_error(record)


def test_record_without_seed_or_decks() -> None:
    record = seed_record()
    del record["seed"]
    assert "needs a 'seed' or 'decks'" in record_error(record)
    record["decks"] = "5H"
    assert "'decks' must be a list" in record_error(record)
    bad = good_pack()
    bad[3] = "5X"
    record["decks"] = [bad]
    message = record_error(record)
    assert "pack 0" in message and "'5X'" in message


def test_record_moves_not_a_list() -> None:
    record = seed_record()
    record["moves"] = "discard 5H 6H"
    assert "'moves' must be a list" in record_error(record)


def test_record_move_not_a_string() -> None:
    record = short_record()
    record["moves"][2] = 5
    message = record_error(record)
    assert message.startswith("move 2: ")
    assert "not a move string" in message


@pytest.mark.parametrize("index", [0, 1, 2])
def test_record_illegal_move_names_its_index(index: int) -> None:
    record = short_record()
    record["moves"][index] = "play 10C"
    record["result"] = None
    message = record_error(record)
    assert message.startswith(f"move {index} ('play 10C'): ")
    assert "illegal move" in message


def test_record_malformed_move_names_its_index() -> None:
    record = short_record()
    record["moves"].append("jump")
    message = record_error(record)
    assert message.startswith("move 3 ('jump'): ")
    assert "malformed" in message


def test_record_result_that_does_not_match_the_replay() -> None:
    state = cardtable.load("cribbage", target=61).new_state(seed=2)
    rng = random.Random(2)
    while not state.is_over:
        state.apply(rng.choice(state.legal_moves()))
    record = state.to_record()
    assert record["result"] is not None
    record["result"] = dict(record["result"], winners=[1 - record["result"]["winners"][0]])
    assert "does not match the replay" in record_error(record)
    record = state.to_record()
    record["moves"] = record["moves"][:-1]  # one move short: the game is not over
    assert "does not match the replay" in record_error(record)


def test_record_unknown_top_level_field() -> None:
    record = seed_record()
    record["players"] = ["Ann", "Bob"]
    message = record_error(record)
    assert "unknown record field 'players'" in message
    assert "meta" in message  # the allowed fields are listed
    record = seed_record()
    record["meta"] = {"players": ["Ann", "Bob"]}
    assert cardtable.from_record(record).history == seed_record()["moves"]


def test_read_record_invalid_json_and_missing_file(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "cardtable-record/1", "game": ', encoding="utf-8")
    with pytest.raises(RecordError, match="is not valid JSON") as info:
        cardtable.read_record(broken)
    assert "broken.json" in str(info.value)
    assert "line 1" in str(info.value)
    missing = tmp_path / "missing.json"
    with pytest.raises(RecordError, match="cannot read record") as info:
        cardtable.read_record(missing)
    assert "missing.json" in str(info.value)
    listed = tmp_path / "list.json"
    listed.write_text("[1, 2]", encoding="utf-8")
    with pytest.raises(RecordError, match="a record must be a JSON object"):
        cardtable.read_record(listed)


def _finished(players: int, muggins: bool, seed: int) -> State:
    game = cardtable.load("cribbage", players=players, muggins=muggins, games=2, target=61)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_moves()))
    return state


@pytest.mark.parametrize(
    ("players", "muggins", "seed"), [(2, False, 1), (3, True, 2), (4, False, 3)]
)
def test_record_round_trip_through_json(players: int, muggins: bool, seed: int) -> None:
    state = _finished(players, muggins, seed)
    text = json.dumps(state.to_record())
    again = cardtable.from_record(json.loads(text))
    assert again.history == state.history
    assert again.scores == state.scores
    assert again.result == state.result
    assert again.result is not None
    assert [e.to_dict() for e in again.events] == [e.to_dict() for e in state.events]
    assert again.to_record() == state.to_record()


def test_record_round_trip_with_explicit_decks_and_files(tmp_path: Path) -> None:
    state = in_play()
    rng = random.Random(7)
    while not state.is_over:
        state.apply(rng.choice(state.legal_moves()))
    path = cardtable.write_record(state, tmp_path / "game.json", meta={"players": ["A", "B"]})
    loaded = cardtable.read_record(path)
    assert loaded.history == state.history
    assert loaded.result == state.result
    assert [e.to_dict() for e in loaded.events] == [e.to_dict() for e in state.events]
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["decks"] == [good_pack()]
    assert record["meta"] == {"players": ["A", "B"]}


# --------------------------------------------------------------------------- secrets


def test_a_move_out_of_turn_is_refused_naming_nothing_else() -> None:
    """Cribbage seed 4: seat 1 sends ``play 2S`` before seat 0 has laid away. The answer names
    neither seat 0's hand nor any legal move, only that it is not seat 1's turn."""
    state = cardtable.load("cribbage").new_state(seed=4)
    hand0 = state.observation(0)["hand"]
    assert hand0 == ["2S", "4C", "6D", "9C", "JD", "KC"]
    for move in ("play 2S", "discard 2S 4C", state.legal_moves()[0], "garbage"):
        before = snapshot(state)
        with pytest.raises(IllegalMoveError) as info:
            state.apply(move, seat=1)
        assert str(info.value) == "seat 1 cannot move now: it is seat 0's turn"
        assert snapshot(state) == before
    # Sent by the seat to move, the move is played.
    state.apply("discard 4C JD", seat=0)
    assert state.history == ["discard 4C JD"]


@pytest.mark.parametrize("seat", [-1, 2, True, "0"])
def test_a_sender_that_is_no_seat_is_refused(seat: Any) -> None:
    state = cardtable.load("cribbage").new_state(seed=4)
    message = refused_from(state, "discard 4C JD", seat)
    assert message == f"seat must be a whole number from 0 to 1, not {seat!r}"


def refused_from(state: State, move: Any, seat: Any) -> str:
    before = snapshot(state)
    with pytest.raises(IllegalMoveError) as info:
        state.apply(move, seat=seat)
    assert snapshot(state) == before
    return str(info.value)


def test_drawn_seeds_have_64_bits_and_differ() -> None:
    seeds = {cardtable.load("cribbage").new_state().seed for _ in range(20)}
    assert len(seeds) == 20
    assert all(0 <= s < 2**64 for s in seeds)
    # Some of twenty 64-bit draws exceed a million, and 2**32, by far.
    assert max(seeds) > 2**40


def test_blank_text_is_no_shorthand_for_the_only_verb() -> None:
    """Kloepper seed 1: seat 0 may only pass, yet an empty line plays nothing."""
    state = cardtable.load("kloepper").new_state(seed=1)
    assert [m.text for m in state.legal_moves()] == ["pass"]
    for text in ("", "   "):
        message = refused_from(state, text, 0)
        assert message.startswith("empty move; moves are: play C, call A (AC, AS or AH), alone")
    state.apply("pass", seat=0)
    assert state.history == ["pass"]


# --------------------------------------------------------------------------- hostile input
# Issue 14: input that once ended a game with a traceback, or meant two things.

GAMES = ["calypso", "cribbage", "kloepper", "krypkasino"]


@pytest.mark.parametrize("digits", ["²", "①", "٣", "３", "1²", "⁵", "٢٩"])
def test_a_claim_in_digits_other_than_0_to_9_is_refused(digits: str) -> None:
    """``isdigit()`` holds for "²" and "①", which ``int()`` refuses: a claim typed with them
    ended the game with a ValueError (and "٣" was read as 3)."""
    text = f"claim {digits}"
    with pytest.raises(IllegalMoveError, match=r"malformed move .*: a claim is 0 to 29"):
        cardtable.load("cribbage").parse_move(text)
    state = claiming()
    message = refused(state, text)
    assert message.startswith(f"malformed move {text!r}")
    record = state.to_record()
    record["moves"].append(text)
    assert record_error(record).startswith(f"move {len(record['moves']) - 1} ({text!r}): ")


def test_a_claim_of_many_digits_is_refused() -> None:
    state = claiming()
    for text in ("claim " + "9" * 5000, "claim 030", "claim -1", "claim +5", "claim 5.0"):
        message = refused(state, text)
        assert "a claim is 0 to 29" in message or "moves are" in message
        assert len(message) < 400
    assert cardtable.load("cribbage").parse_move("claim 007") is Move("claim", (), 7)


@pytest.mark.parametrize("name", [["cribbage"], None, 5, b"cribbage", ("cribbage",)])
def test_a_game_name_that_is_not_text_is_unknown(name: Any) -> None:
    with pytest.raises(UnknownGameError, match="unknown game"):
        cardtable.load(name)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seat", [99, -1, "0", True, False, 1.0, [0]])
def test_a_seat_that_is_none_is_refused_by_every_view(game: str, seat: Any) -> None:
    """observation, events_for, sample_world and SeatView check a seat in one place: each
    refuses a seat out of range, a bool (a seat is an int, not a bool) or another type alike,
    with a package error; observation and events_for take None (a spectator)."""
    from cardtable.seat_view import SeatView

    state = cardtable.load(game).new_state(seed=3)
    last = state.game.num_players - 1
    for call in (
        state.observation,
        state.events_for,
        lambda s: state.sample_world(s, random.Random(1)),
        lambda s: SeatView(state, s),
    ):
        with pytest.raises(CardtableError) as info:
            call(seat)
        assert str(info.value).startswith(f"seat must be a whole number from 0 to {last}")
        assert repr(seat) in str(info.value)
    assert state.observation(None)["seat"] is None
    with pytest.raises(CardtableError, match="seat must be a whole number"):
        state.sample_world(cast(Any, None), random.Random(1))


@pytest.mark.parametrize("game", GAMES)
def test_refusal_reads_text_as_apply_does(game: str) -> None:
    state = cardtable.load(game).new_state(seed=3)
    legal = state.legal_moves()[0]
    assert state.refusal(legal.text) is None
    assert state.refusal("frobnicate 5H")
    reason = state.refusal(cast(Any, 42))
    assert reason is not None and "42" in reason
    for move in ("frobnicate 5H", "play 1X", *(m.text for m in state.legal_moves())):
        reason = state.refusal(move)
        if reason is None:
            state.clone().apply(move)
        else:
            with pytest.raises(IllegalMoveError) as info:
                state.clone().apply(move)
            assert reason in str(info.value)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(
    "decks",
    [
        [5],
        [None],
        [[None]],
        [{"a": 1}],
        ["5H 6H"],
        [b"x" * 52],
        [[1.5] * 52],
        [[True] * 52],
        [[*range(51), "KS"]],
        5,
        "5H",
        {"a": [1]},
        ([*range(52)]).__iter__(),
    ],
    # The same names in every process (pytest-xdist's workers compare them): an iterator's
    # repr holds its address.
    ids=lambda decks: "an iterator" if isinstance(decks, Iterator) else repr(decks),
)
def test_packs_of_the_wrong_types_are_refused(game: str, decks: Any) -> None:
    """Every game refuses a pack list or a pack of the wrong type with a package error (once a
    TypeError), and a bool is no card id."""
    with pytest.raises(CardtableError) as info:
        cardtable.load(game).new_state(decks=decks)
    assert str(info.value)


@pytest.mark.parametrize("game", GAMES)
def test_a_pack_given_as_a_set_is_refused(game: str) -> None:
    """A set has no order of its own: the same set of card strings dealt differently under
    each PYTHONHASHSEED. A pack is a list or a tuple, top card first."""
    loaded = cardtable.load(game)
    pack = [card_str(c) for c in reference_pack(loaded)]
    for container in (set(pack), frozenset(pack), dict.fromkeys(pack).keys()):
        with pytest.raises(CardError, match=r"^pack 0: a pack is a list of cards"):
            loaded.new_state(decks=[cast(Any, container)])
    as_list = loaded.new_state(decks=[pack])
    as_tuple = loaded.new_state(decks=(tuple(pack),))
    assert as_list.observation(0) == as_tuple.observation(0)


def reference_pack(game: cardtable.Game) -> list[int]:
    """The game's own pack in order, as card ids (Kloepper's is 24 cards)."""
    return sorted(c for cards in game.new_state(seed=0).card_places().values() for c in cards)


@pytest.mark.parametrize(
    "seed",
    [-5, -1, 2**64, 10**4300, 10**5000, True, 5.0, "5"],
    ids=["-5", "-1", "2**64", "4301 digits", "5001 digits", "True", "5.0", "'5'"],
)
def test_seeds_with_no_one_meaning_are_refused(seed: Any) -> None:
    """Random(-5) plays as Random(5); a seed is a whole number from 0 to 2**64 - 1, and a
    refusal of a seed too long to print is still one short line."""
    with pytest.raises(CardtableError) as info:
        cardtable.load("cribbage").new_state(seed=seed)
    message = str(info.value)
    assert message.startswith("seed must be a whole number from 0 to 18446744073709551615, not ")
    assert len(message) < 200


def test_the_largest_seed_replays() -> None:
    state = cardtable.load("cribbage").new_state(seed=2**64 - 1)
    state.apply(state.legal_moves()[0])
    replay = cardtable.from_record(json.loads(json.dumps(state.to_record())))
    assert replay.history == state.history and replay.seed == 2**64 - 1
    assert replay.observation(1) == state.observation(1)


def test_a_seed_out_of_range_in_a_record_is_a_record_error() -> None:
    record = seed_record()
    record["seed"] = -9
    assert "seed must be a whole number from 0 to" in record_error(record)


def test_a_move_built_by_hand_never_fixes_the_notation(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Move made by user code before Krypkasino makes the same capture once fixed its text
    (``play QS 3S 4H 5C``, or any ``text=``): the state's own record then did not replay."""
    from cardtable.games.krypkasino import moves

    game = cardtable.load("krypkasino", players=2)
    state = game.new_state(seed=0)
    rng = random.Random(0)
    while not any("take" in m.text for m in state.legal_moves()):
        state.apply(rng.choice(state.legal_moves()))
    take = next(m for m in state.legal_moves() if "take" in m.text)
    played = list(state.history)
    # As if this capture had never been made in this process.
    monkeypatch.delitem(Move._interned, (take.verb, take.cards, take.number))
    monkeypatch.delitem(moves._TAKES, take.cards)
    plain = Move("play", take.cards)
    spelled = Move("play", take.cards, text="play junk")
    assert plain is not spelled and plain.text != take.text
    again = game.new_state(seed=0)
    again.apply_all(played)
    made = next(m for m in again.legal_moves() if m.cards == take.cards)
    assert made.text == take.text
    assert made is not plain and made is not spelled
    # The hand-built moves name the legal move: played, they go down in the game's words.
    for hand_built in (plain, spelled):
        other = again.clone()
        other.apply(hand_built)
        assert other.history[-1] == take.text
    again.apply(made)
    replay = cardtable.from_record(json.loads(json.dumps(again.to_record())))
    assert replay.history == again.history
    assert replay.history[-1] == take.text


def test_refused_moves_do_not_grow_the_move_table() -> None:
    """Parsing never interns: a million distinct refused captures (once kept alive, 116 MB
    for 300,000) leave the table of moves as it was."""
    from cardtable.games.krypkasino import moves

    game = cardtable.load("krypkasino", players=2)
    state = game.new_state(seed=1)
    names = [card_str(c) for c in range(52)]
    sizes = (len(Move._interned), len(moves._TAKES))
    takes = combinations_with_replacement(names, 3)
    texts = (f"play {a} take {' '.join(t)}" for t in takes for a in names)
    for count, text in enumerate(islice(texts, 1_000_000)):
        move = game.parse_move(text)
        if count % 1000 == 0:
            assert state.refusal(move) is not None or move in state.legal_moves()
    assert count == 999_999
    for n in range(20_000):
        with pytest.raises(IllegalMoveError):
            state.apply(f"play {names[n % 52]} take {' '.join(names[: 3 + n % 40])}")
    assert (len(Move._interned), len(moves._TAKES)) == sizes


def test_moves_built_from_bad_parts_are_refused() -> None:
    bad: list[tuple[Any, ...]] = [(5,), ("play", [1]), ("play", (True,)), ("play", ("5H",))]
    for parts in [*bad, ("claim", (), "3")]:
        with pytest.raises(IllegalMoveError, match="a move is a verb"):
            Move(*parts)
    with pytest.raises(IllegalMoveError, match="a move is a verb"):
        Move("play", (1,), text=cast(Any, 5))
