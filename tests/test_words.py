"""Players read words: inside ``using_names`` every text of every game names seats by their
players' names and cards with suit symbols, never notation or a seat number counted from 0.

Each game (default options and a variant whose texts differ) is played whole with random legal
moves from a fixed seed. At every ply, for every seat and a spectator, in English and Japanese,
every text a view carries is built and searched for notation and seat numbers: the events the
seat may see, each legal move's words and warning, the refusal of illegal moves, the prompt and
the result note. Outside ``using_names`` (the plain terminal) the texts keep the notation.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

import cardtable
from cardtable.engine import Move, State
from cardtable.i18n import LANGUAGES, using_language, using_names

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]

# A card in notation, not inside a word (Japanese letters are word characters too).
CARD = re.compile(r"(?<![A-Za-z0-9])(10|[2-9AJQKT])[SHDC](?![A-Za-z0-9])")
# A move's notation: a verb (or its Japanese word) followed by a card or a number.
MOVE = re.compile(
    r"\b(play|discard|take|call)\s+(10|[2-9AJQKT])[SHDC]\b|\bclaim\s+\d"
    r"|(出す|捨てる|取る|コール|申告)\s+[0-9AJQKT]"
)
# A seat counted from 0: "seat 2", "Seats 0 and 2", "席2", "2番", "seats 0+2".
SEAT = re.compile(r"[Ss]eats?\s*\d|席\s*\d|\d+\s*番|\d\+\d")
# A notation hint for those who type it: "(play C)", "(discard C C)", "(claim N)", "e.g.".
HINT = re.compile(r"\((play|discard|take|claim|call)( [A-Z0-9]{1,2})+\)|e\.g\.|例:|例：")

GAMES = [
    ("cribbage", {}, 3),
    ("cribbage", {"players": 3}, 4),
    ("cribbage", {"muggins": True, "target": 61}, 5),
    ("krypkasino", {}, 6),
    ("krypkasino", {"players": 4, "teams": "pairs"}, 7),
    ("kloepper", {}, 8),
    ("kloepper", {"target": 12}, 9),
    ("calypso", {}, 10),
    ("calypso", {"trick_rule": "all-fours"}, 11),
]


def _bad(text: str) -> list[str]:
    return [p.pattern for p in (CARD, MOVE, SEAT, HINT) if p.search(text)]


def _illegal(state: State) -> Iterator[Move]:
    """A few moves the game refuses now: each verb it knows, with a card or a number."""
    legal = set(state.legal_moves())
    verbs = sorted({m.verb for m in legal} | {"play", "discard", "call", "claim", "pass"})
    for verb in verbs:
        for move in (Move(verb, (5,)), Move(verb, (5, 9)), Move(verb, (), 3), Move(verb)):
            if move not in legal:
                yield move
                break


def _texts(state: State, seat: int | None, seen: int) -> Iterator[tuple[str, str]]:
    game = state.game
    for event in state.events_for(seat)[seen:]:
        yield f"event {event.type}", game.describe(event)
    yield "prompt", game.prompt(state.observation(seat))
    yield "result note", state.result_note()
    if seat is not None and seat == state.to_move:
        for move in state.legal_moves():
            yield f"move {move.text}", state.describe_move(move)
            yield f"warning {move.text}", state.move_warning(move) or ""
        for move in _illegal(state):
            yield f"refusal {move.text}", state.refusal(move) or ""


@pytest.mark.parametrize(("name", "options", "seed"), GAMES)
def test_every_text_of_a_whole_game_is_in_words(
    name: str, options: dict[str, object], seed: int
) -> None:
    state = cardtable.load(name, **options).new_state(seed=seed)
    players = state.game.num_players
    seats: list[int | None] = [*range(players), None]
    seen = {(seat, lang): 0 for seat in seats for lang in LANGUAGES}
    rng = random.Random(seed)
    faults: list[str] = []
    plies = 0
    while True:
        for seat in seats:
            for lang in LANGUAGES:
                with using_language(lang), using_names(NAMES[:players]):
                    for what, text in _texts(state, seat, seen[seat, lang]):
                        found = _bad(text)
                        if found and len(faults) < 20:
                            faults.append(f"{lang} seat {seat} {what}: {text!r} ({found})")
                seen[seat, lang] = len(state.events_for(seat))
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_moves()))
        plies += 1
    assert plies > 20
    assert not faults, "\n".join(faults)


def test_outside_the_names_the_texts_keep_the_notation() -> None:
    state = cardtable.load("cribbage").new_state(seed=1)
    move = state.legal_moves()[0]
    assert state.describe_move(move) == "discard 2H 4C"
    assert state.refusal(Move("play", (0,))) == (
        "it is time to lay away 2 cards to the crib (discard C C)"
    )
    assert state.game.prompt(state.observation(0)) == (
        "Your hand: 2H 4C 7S 9S JC QD. Lay away two cards to seat 1's crib (e.g. discard 2H 4C)."
    )


def _in(lang: str, players: int, build: object) -> object:
    with using_language(lang), using_names(NAMES[:players]):
        return build() if callable(build) else build


def test_cribbage_lays_away_to_a_named_crib() -> None:
    state = cardtable.load("cribbage").new_state(seed=1)
    move = state.legal_moves()[0]
    words = {
        lang: _in(
            lang,
            2,
            lambda: (
                state.describe_move(move),
                state.game.prompt(state.observation(0)),
                state.game.describe(state.events_for(0)[1]),
            ),
        )
        for lang in LANGUAGES
    }
    assert words["en"] == (
        "Lay away 2♥ 4♣ to Bob's crib",
        "Lay away two cards to Bob's crib.",
        "Ann is dealt 2♥ 4♣ 7♠ 9♠ J♣ Q♦",
    )
    assert words["ja"] == (
        "2♥ 4♣をBobのクリブに捨てる",
        "Bobのクリブに2枚捨ててください。",
        "Annの手札: 2♥ 4♣ 7♠ 9♠ J♣ Q♦",
    )


def test_krypkasino_names_what_a_card_takes() -> None:
    state = cardtable.load("krypkasino").new_state(seed=3)
    words = {
        lang: _in(lang, 4, lambda: [state.describe_move(m) for m in state.legal_moves()[:3]])
        for lang in LANGUAGES
    }
    assert words["en"] == ["Play 2♦, taking 2♣ 2♥", "Play 5♠, taking 5♥", "Play 7♣, taking 2♣ 5♥"]
    assert words["ja"] == ["2♦を出し、2♣ 2♥を取る", "5♠を出し、5♥を取る", "7♣を出し、2♣ 5♥を取る"]
    deal = state.events[0]
    assert _in("en", 4, lambda: state.game.describe(deal)) == (
        "Hand 1: Dan deals; table 2♥ 2♣ 9♣ 5♥, set aside –, 80 cards in the stock"
    )
    assert state.describe_move(state.legal_moves()[0]) == "play 2D (takes 2C 2H)"


def test_kloepper_tells_a_trick_by_name() -> None:
    state = cardtable.load("kloepper").new_state(seed=1)
    rng = random.Random(2)
    while not any(e.type == "trick" for e in state.events):
        state.apply(rng.choice(state.legal_moves()))
    trick = next(e for e in state.events if e.type == "trick")
    words = {
        lang: _in(
            lang,
            4,
            lambda: (
                state.game.describe(trick),
                [state.describe_move(m) for m in state.legal_moves()[:2]],
            ),
        )
        for lang in LANGUAGES
    }
    assert words["en"] == (
        "Trick 1: Cat takes K♣ 9♣ 10♦ A♣ (25 card points)",
        ["Play Q♠", "Play A♦"],
    )
    assert words["ja"] == (
        "トリック1: Catが K♣ 9♣ 10♦ A♣ を取る (25カードポイント)",
        ["Q♠を出す", "A♦を出す"],
    )
    assert state.game.describe(trick) == "Trick 1: seat 2 takes KC 9C 10D AC (25 card points)"


def test_calypso_plays_a_card_by_its_symbol() -> None:
    state = cardtable.load("calypso").new_state(seed=1)
    move = state.legal_moves()[0]
    deal = state.events[0]
    for lang, expected in (
        ("en", ("Play 10♣", "Round 1, deal 1: Dan deals")),
        ("ja", ("10♣を出す", "第1ラウンド 第1ディール: Danがディーラー")),
    ):
        assert _in(lang, 4, lambda: (state.describe_move(move), state.game.describe(deal))) == (
            expected
        )
    assert state.game.describe(deal) == "Round 1, deal 1: seat 3 deals"
