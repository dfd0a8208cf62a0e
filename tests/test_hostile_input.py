"""Hostile input (issue 14): any text, of any length and alphabet, fed to every parser of the
package gives a package error with a short message, or success; never another exception, and a
refused move never changes the state.

The parsers: :func:`cardtable.cards.parse_card` and :func:`~cardtable.cards.parse_cards`, each
game's ``parse_move`` and ``read_move``, ``state.apply(text)`` with and without a sender seat,
every option of every game, and the registry's ``load``. The text: anything Hypothesis draws
(control characters, digits of other scripts such as "²①٣", any script), the words of the
games' notations mixed with such characters, and huge strings up to 100,000 characters. Where
a parser accepts text, only what its notation says was accepted: ASCII words and digits, and
the suit symbols.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardtable
from cardtable.cards import PACK_SIZE, SUIT_SYMBOLS, card_str, parse_card, parse_cards
from cardtable.engine import Move, State
from cardtable.errors import (
    ECHO_LIMIT,
    CardtableError,
    IllegalMoveError,
    OptionError,
    UnknownGameError,
    clip,
)
from cardtable.i18n import notation as as_notation
from cardtable.registry import game_class, load
from invariants import snapshot

GAMES = cardtable.games()

#: Generous: a message may repeat a user's text twice (the move, a card of it), clipped.
MESSAGE_LIMIT = 2000

HOSTILE = settings(
    deadline=None,
    derandomize=True,
    max_examples=150,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

#: Characters that look like what a notation reads, and are not: digits of other scripts,
#: letters that str.upper() or str.lower() turns into ASCII, spaces and controls.
LOOKALIKES = "²³¹①⑩٣٢۵३３０⁵₅ſıİKÅﬀ\u3000\u00a0\u200b\x00\x1c\x1f\t\n\r\x7f\ufe0f♤♡♢♧♠♥♦♣"
#: The words of the notations.
WORDS = [
    "play",
    "PLAY",
    "discard",
    "claim",
    "muggins",
    "pass",
    "call",
    "alone",
    "knock",
    "knock-off",
    "take",
    # The notation's verbs in Japanese, which read as the notation in any language.
    "出す",
    "取る",
    "捨てる",
    "申告",
    "マッギン",
    "パス",
    "コール",
    "単独",
    "ノック",
    "ノックオフ",
    "10",
    "T",
    "29",
    "30",
    "0",
    ",",
    *(card_str(c) for c in range(PACK_SIZE)),
    "10♥",
    "q♠",
    "as",
]

notation = st.lists(
    st.one_of(st.sampled_from(WORDS), st.text(alphabet=LOOKALIKES, min_size=1, max_size=3)),
    max_size=12,
).map(" ".join)
mixed = st.lists(st.sampled_from([*WORDS, *LOOKALIKES]), max_size=20).map("".join)
huge = st.builds(
    lambda unit, times: (unit * times)[:100_000],
    st.one_of(st.text(min_size=1, max_size=8), st.sampled_from(["play ", "5H ", "²", "take 5H "])),
    st.integers(min_value=1_000, max_value=100_000),
)
#: Any text a client may send.
texts = st.one_of(st.text(), notation, mixed, huge)
#: Anything at all where text is expected.
anything = st.one_of(
    texts,
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(),
    st.binary(max_size=20),
    st.lists(st.text(max_size=3), max_size=3),
)


def assert_package_error(call: Callable[[], object]) -> CardtableError | None:
    """Run ``call``: it returns, or raises a package error with a short message."""
    try:
        call()
    except CardtableError as err:
        message = str(err)
        assert message, "refused without a message"
        assert len(message) <= MESSAGE_LIMIT, f"a message of {len(message)} characters"
        return err
    return None


def only_notation_accepted(text: str) -> None:
    """Accepted text holds only what a notation reads: ASCII, the suit symbols (and the emoji
    variation selector pasted with them), separating white space, and whole words that are the
    notation's verbs in another language (``i18n.notation``)."""
    for ch in as_notation(text):
        assert ch.isascii() or ch in SUIT_SYMBOLS or ch in "♧♢♡♤\ufe0f" or ch.isspace(), (
            f"{text!r} was accepted with {ch!r}"
        )


# --------------------------------------------------------------------------- cards


@HOSTILE
@given(anything)
def test_parse_card(text: Any) -> None:
    card: list[int] = []
    if assert_package_error(lambda: card.append(parse_card(text))) is None:
        assert isinstance(text, str) and 0 <= card[0] < PACK_SIZE
        assert parse_card(card_str(card[0])) == card[0]
        only_notation_accepted(text)


@HOSTILE
@given(anything)
def test_parse_cards(text: Any) -> None:
    cards: list[list[int]] = []
    if assert_package_error(lambda: cards.append(parse_cards(text))) is None:
        assert all(0 <= c < PACK_SIZE for c in cards[0])
        if isinstance(text, str):
            only_notation_accepted(text)


# --------------------------------------------------------------------------- moves


@functools.cache
def positions(name: str) -> tuple[State, ...]:
    """Positions of a game to send moves to: the first, one some moves in, one near the end
    (Cribbage with muggins, where claims are made; Krypkasino for two, where captures must
    name what they take)."""
    special: dict[str, dict[str, Any]] = {
        "cribbage": {"muggins": True},
        "krypkasino": {"players": 2},
    }
    options = special.get(name, {})
    state = cardtable.load(name, **options).new_state(seed=5)
    rng = random.Random(5)
    out = [state.clone()]
    for stop in (15, 90):
        while len(state.history) < stop and not state.is_over:
            state.apply(rng.choice(state.legal_moves()))
        out.append(state.clone())
    return tuple(out)


@pytest.mark.parametrize("name", GAMES)
@HOSTILE
@given(text=anything)
def test_parse_move_and_read_move(name: str, text: Any) -> None:
    game = cardtable.load(name)
    legal = positions(name)[1].legal_moves()

    def read_legal(t: Any) -> Move:
        return game.read_move(t, legal)

    for read in (game.parse_move, read_legal):
        found: list[Move] = []

        def call(read: Callable[[Any], Move] = read, found: list[Move] = found) -> None:
            found.append(read(text))

        err = assert_package_error(call)
        if err is not None:
            assert isinstance(err, IllegalMoveError)
            continue
        move = found[0]
        assert isinstance(text, str) and isinstance(move, Move)
        only_notation_accepted(text)
        again = game.parse_move(move.text)
        assert (again.verb, again.cards, again.number) == (move.verb, move.cards, move.number)


@pytest.mark.parametrize("name", GAMES)
@HOSTILE
@given(text=anything, sender=st.sampled_from([None, 0, 1, "to move"]))
def test_apply_refuses_without_changing_the_state(name: str, text: Any, sender: Any) -> None:
    for position in positions(name):
        state = position.clone()
        seat = state.to_move if sender == "to move" else sender
        before = snapshot(state)

        def send(state: State = state, seat: Any = seat) -> None:
            state.apply(text, seat=seat)

        err = assert_package_error(send)
        if err is not None:
            assert isinstance(err, IllegalMoveError)
            assert snapshot(state) == before, f"refusing {text!r} changed the state"
        else:
            assert isinstance(text, str)
            only_notation_accepted(text)
            assert state.history == [*position.history, state.history[-1]]


# --------------------------------------------------------------------------- options and names


OPTIONS = [(name, spec.name) for name in GAMES for spec in game_class(name).option_specs]


@pytest.mark.parametrize(("name", "option"), OPTIONS, ids=[f"{n}-{o}" for n, o in OPTIONS])
@HOSTILE
@given(value=anything)
def test_every_option_of_every_game(name: str, option: str, value: Any) -> None:
    err = assert_package_error(lambda: load(name, **{option: value}))
    assert err is None or isinstance(err, OptionError)


@pytest.mark.parametrize(
    "value",
    ["knock=²", "knock=①", "knock=٣", "knock=" + "9" * 5000, "x" * 10_000_000, "knock=1" * 10**6],
    ids=["superscript", "circled", "arabic-indic", "5000 digits", "10 MB row", "1 MB list"],
)
def test_kloepper_scoring_rows(value: str) -> None:
    """Kloepper's free-text option: points in digits 0-9 only (isdigit() holds for "²", which
    int() refuses, and int() reads "٣" as 3), and a bad row echoed clipped."""
    with pytest.raises(OptionError) as info:
        load("kloepper", scoring=value)
    assert len(str(info.value)) < MESSAGE_LIMIT


@HOSTILE
@given(name=anything)
def test_registry_load(name: Any) -> None:
    err = assert_package_error(lambda: load(name))
    assert err is None or isinstance(err, UnknownGameError)
    assert err is not None or (isinstance(name, str) and name.strip().lower() in GAMES)


@HOSTILE
@given(option=texts)
def test_unknown_option_names(option: str) -> None:
    err = assert_package_error(lambda: load("cribbage", **{option: 1}))
    assert err is not None or option in {s.name for s in game_class("cribbage").option_specs}


# --------------------------------------------------------------------------- the echo


TEN_MB = 10_000_000


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(
    "text",
    [
        "x" * TEN_MB,
        "play " + "x" * TEN_MB,
        "play 5H take " + "5H " * (TEN_MB // 3),
        "claim " + "9" * TEN_MB,
        " " * TEN_MB + "play ²",
    ],
    ids=["word", "card", "capture", "claim", "spaces"],
)
def test_a_huge_move_gets_a_short_refusal(name: str, text: str) -> None:
    """A 10 MB move once came back in a 30 MB error line (the move echoed three times): each
    echo of a user's text is cut to ECHO_LIMIT characters."""
    state = positions(name)[1].clone()
    with pytest.raises(IllegalMoveError) as info:
        state.apply(text)
    assert len(str(info.value)) < MESSAGE_LIMIT
    with pytest.raises(IllegalMoveError) as info:
        state.apply(text, seat=state.to_move)
    assert len(str(info.value)) < MESSAGE_LIMIT
    reason = state.refusal(text)
    assert reason is not None and len(reason) < MESSAGE_LIMIT


def test_huge_values_elsewhere_get_short_refusals() -> None:
    big = "z" * TEN_MB
    calls: list[Callable[[], object]] = [
        lambda: parse_card(big),
        lambda: parse_cards(big),
        lambda: load(big),
        lambda: load("cribbage", **{big: 1}),
        lambda: load("cribbage", target=big),
        lambda: load("cribbage", target=10**5000),
        lambda: load("cribbage").new_state(seed=10**5000),
        lambda: load("cribbage").new_state(decks=[[big] * 52]),
        lambda: load("cribbage").new_state(seed=1).apply(Move("play", (1, 2), text=big)),
        lambda: load("cribbage").new_state(seed=1).apply(list(range(10**6))),  # type: ignore[arg-type]
        lambda: load("cribbage").new_state(seed=1).observation(big),  # type: ignore[arg-type]
    ]
    for call in calls:
        err = assert_package_error(call)
        assert err is not None and len(str(err)) < 1000


@given(text=st.text(max_size=300))
@HOSTILE
def test_clip_cuts_text_at_the_limit(text: str) -> None:
    shown = clip(text)
    assert isinstance(shown, str)
    if len(text) <= ECHO_LIMIT:
        assert shown == text
    else:
        assert shown == text[:ECHO_LIMIT] + "…"
    assert repr(shown) == repr(shown)  # always printable
    assert len(f"{clip(text)!r}") <= 10 * ECHO_LIMIT + 3
