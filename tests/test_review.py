"""The review after the game (issue 26): the expert's choices from the seat's own view, the
expected loss from fresh searches, the bounds, the words, and ``cardtable replay --review``."""

from __future__ import annotations

import json
import random
import re
import statistics
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

import cardtable
from cardtable.bots import choose_for, make_bot
from cardtable.bots.review import (
    REWEIGHS,
    Decision,
    Review,
    _Only,
    choices,
    decision_seed,
    review_game,
    review_plies,
)
from cardtable.bots.review_words import review_words
from cardtable.cards import card_str, parse_card
from cardtable.cli import app
from cardtable.engine import State
from cardtable.i18n import using_language, using_names
from cardtable.play.look import colour_cards
from cardtable.records import from_record
from cardtable.seat_view import SeatView

#: A cheap search that reports its figures (Cribbage's discards it leaves to the rules bot).
CHEAP = "pimc:worlds=3"
_CARD = re.compile(r"\b(?:10|[2-9AJQK])[CDHS]\b")


def _played(game: str, seed: int, plies: int | None = None, **options: Any) -> State:
    """A game played by bots (the first seat easy, the others rules), ``plies`` moves long."""
    state = cardtable.load(game, **options).new_state(seed=seed)
    levels = ["easy"] + ["rules"] * (state.game.num_players - 1)
    bots = [make_bot(game, level, seed=seat) for seat, level in enumerate(levels)]
    while not state.is_over and (plies is None or len(state.history) < plies):
        state.apply(choose_for(bots[state.to_move or 0], state))
    return state


# ---------------------------------------------------------------------- the seat's view only


def _seen(state: State, seat: int) -> set[str]:
    text = json.dumps(state.observation(seat)) + json.dumps(
        [e.to_dict() for e in state.events_for(seat)]
    )
    return set(_CARD.findall(text))


def _swap(text: str, a: str, b: str) -> str:
    return " ".join(b if w == a else a if w == b else w for w in text.split(" "))


def _twins(seed: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """Two Cribbage records that seat 0 cannot tell apart: a card of the opponent's crib
    swapped with a card of the same rank that nobody saw, up to where either shows."""
    deck = list(range(52))
    random.Random(seed).shuffle(deck)
    game = cardtable.load("cribbage", target=61)
    state = game.new_state(seed=1, decks=[[card_str(c) for c in deck]])
    bots = [make_bot("cribbage", "easy", seed=0), make_bot("cribbage", "rules", seed=1)]
    first_hand = state.observation(1)["hand"]
    seen_at: list[set[str]] = []
    while not state.is_over and state.observation(0)["deal_number"] == 1:
        seen_at.append(_seen(state, 0))
        state.apply(choose_for(bots[state.to_move or 0], state))
    seen = set().union(*seen_at)
    crib = [c for c in first_hand if c not in seen]
    assert crib, "the opponent's laid-away cards stay hidden until the show"
    a = crib[0]
    b = next(
        card_str(c)
        for c in range(52)
        if card_str(c)[:-1] == a[:-1]
        and card_str(c) != a
        and card_str(c) not in seen
        and card_str(c) not in first_hand
    )
    # Up to the last move before either card shows (the show follows the last card pegged).
    ply = len(seen_at) - 1
    record = state.to_record()
    record["moves"] = record["moves"][:ply]
    record["result"] = None
    twin = dict(record)
    swapped = {parse_card(a): parse_card(b), parse_card(b): parse_card(a)}
    twin["decks"] = [[card_str(swapped.get(c, c)) for c in deck]]
    twin["moves"] = [_swap(m, a, b) for m in record["moves"]]
    return record, twin


def test_twin_records_the_seat_cannot_tell_apart_get_the_same_review() -> None:
    record, twin = _twins(5)
    one, other = from_record(record), from_record(twin)
    assert one.observation(0) == other.observation(0)
    assert one.observation(1) != other.observation(1)
    assert record["moves"] != twin["moves"]
    first = review_game(record, 0, CHEAP)
    second = review_game(twin, 0, CHEAP)
    assert first == second
    assert first.total == len(choices(record, 0)) >= 4
    assert [d.weighed for d in first.decisions if d.differs and d.ply > 1] != []
    assert review_words(first, record) == review_words(second, twin)


def test_the_seed_comes_from_what_the_seat_saw() -> None:
    record, twin = _twins(5)
    a = cardtable.load("cribbage", target=61).new_state(decks=record["decks"])
    b = cardtable.load("cribbage", target=61).new_state(decks=twin["decks"])
    assert decision_seed(SeatView(a, 0), 0) == decision_seed(SeatView(b, 0), 0)
    assert decision_seed(SeatView(a, 1), 0) != decision_seed(SeatView(b, 1), 0)


# ---------------------------------------------------------------------- what is weighed


def test_every_choice_and_no_forced_move_is_reviewed() -> None:
    state = _played("kloepper", 2, plies=40)
    record = state.to_record()
    replay = cardtable.load("kloepper").new_state(seed=2)
    expected = []
    for ply, move in enumerate(record["moves"]):
        if replay.to_move == 1 and len(replay.legal_moves()) > 1:
            expected.append(ply)
        replay.apply(move)
    assert choices(record, 1) == expected and expected
    review = review_game(record, 1, CHEAP)
    assert [d.ply for d in review.decisions] == expected
    assert all(d.played == record["moves"][d.ply] for d in review.decisions)


def test_a_kloepper_review_gives_each_loss_from_fresh_searches_of_the_two_moves() -> None:
    state = cardtable.load("kloepper").new_state(seed=5)
    for _ in range(12):
        state.apply(choose_for(make_bot("kloepper", "random", seed=len(state.history)), state))
    record = state.to_record()
    review = review_game(record, 0, CHEAP)
    assert review.total == 2 and review.complete
    assert [(d.ply, d.played, d.expert, d.weighed) for d in review.decisions] == [
        (4, "play JS", "play QD", 12),
        (8, "play JH", "play AH", 12),
    ]
    # The loss, worked out again by hand: the same bot on the two moves alone, in fresh worlds.
    decision = review.decisions[0]
    position = cardtable.load("kloepper").new_state(seed=5)
    for move in record["moves"][: decision.ply]:
        position.apply(move)
    seed = decision_seed(SeatView(position, 0), decision.ply)
    two = [position.game.read_move(decision.expert), position.game.read_move(decision.played)]
    gaps = []
    for k in range(1, REWEIGHS + 1):
        bot = make_bot("kloepper", CHEAP, (seed + k * 0x9E3779B97F4A7C15) % 2**64)
        bot.choose(_Only(position, 0, two))
        means = {row[0]: row[1] for row in bot.last_report}  # type: ignore[attr-defined]
        gaps.append(means[decision.expert] - means[decision.played])
    assert decision.loss == sum(gaps) / REWEIGHS
    assert decision.error == statistics.stdev(gaps) / 2
    assert decision.error is not None and decision.loss is not None
    assert (round(decision.loss, 4), round(decision.error, 4)) == (8.3333, 2.2027)


def test_a_decision_the_expert_agrees_with_has_no_loss() -> None:
    state = cardtable.load("kloepper").new_state(seed=5)
    for _ in range(4):
        state.apply(choose_for(make_bot("kloepper", "random", seed=len(state.history)), state))
    view = SeatView(state, state.to_move or 0)
    ply = len(state.history)
    expert = make_bot("kloepper", CHEAP, decision_seed(view, ply)).choose(view)
    state.apply(expert)
    [decision] = review_plies(state.to_record(), view.seat, [ply], CHEAP)
    assert decision == Decision(ply, expert.text, expert.text, None, 0)
    assert not decision.differs


def test_a_rules_expert_names_its_move_without_a_figure() -> None:
    state = _played("cribbage", 4, target=61)
    review = review_game(state.to_record(), 0, "hard")
    assert review.complete and review.differences
    assert all(d.loss is None and d.weighed == 0 for d in review.decisions)
    # Cribbage's `hard` is the rules bot: the review repeats its every choice.
    bot = make_bot("cribbage", "hard", seed=0)
    replay = cardtable.load("cribbage", target=61).new_state(seed=4)
    reviewed = {d.ply: d for d in review.decisions}
    for ply, move in enumerate(state.history):
        if ply in reviewed:
            assert reviewed[ply].expert == choose_for(bot, replay).text
        replay.apply(move)


def test_the_review_stops_at_its_bounds() -> None:
    record = _played("kloepper", 2, plies=40).to_record()
    total = len(choices(record, 0))
    capped = review_game(record, 0, CHEAP, max_decisions=2)
    assert (len(capped.decisions), capped.total, capped.complete) == (2, total, False)
    timed = review_game(record, 0, CHEAP, seconds=0)
    assert len(timed.decisions) == 1 and not timed.complete
    told: list[tuple[int, int]] = []
    review_game(record, 0, CHEAP, max_decisions=3, progress=lambda d, t: told.append((d, t)))
    assert told == [(1, total), (2, total), (3, total)]
    words = review_words(capped, record)
    assert words["summary"].endswith(
        f"The review stopped after 2 of {total} decisions, at its bound."
    )


def test_a_review_survives_json() -> None:
    review = review_game(_played("kloepper", 2, plies=24).to_record(), 0, CHEAP)
    assert Review.from_dict(json.loads(json.dumps(review.to_dict()))) == review


# ---------------------------------------------------------------------- words


def _words_record() -> tuple[Review, dict[str, Any]]:
    state = cardtable.load("cribbage", target=61).new_state(seed=1)
    state.apply("discard 2H 4C")
    record = state.to_record()
    return review_game(record, 0), record


def test_the_words_of_a_review() -> None:
    review, record = _words_record()
    words = review_words(review, record)
    assert words["summary"] == (
        "The expert weighed 1 decision of seat 0 and would have chosen otherwise at 1."
    )
    assert words["lines"] == [
        {
            "ply": 0,
            "move": "discard 2H 4C",
            "words": "discard 2H 4C",
            "expert": "discard 7S QD",
            "expert_words": "discard 7S QD",
            "loss": None,
            "weighed": 0,
            "error": None,
            "text": "Move 1: played “discard 2H 4C”; the expert would choose “discard 7S QD”.",
        }
    ]
    named = review_words(review, record, ["Ann", "Bob"])
    assert named["summary"].startswith("The expert weighed 1 decision of Ann ")
    assert named["lines"][0]["text"] == (
        "Move 1: played “Lay away 2♥ 4♣ to Bob's crib”; "
        "the expert would choose “Lay away 7♠ Q♦ to Bob's crib”."
    )


def test_the_words_of_losses_and_trifles() -> None:
    state = cardtable.load("kloepper").new_state(seed=5)
    for _ in range(12):
        state.apply(choose_for(make_bot("kloepper", "random", seed=len(state.history)), state))
    record = state.to_record()
    review = Review(
        "kloepper",
        0,
        CHEAP,
        3,
        (
            Decision(4, "play JS", "play QD", 3.16666, 12, 1.2),
            Decision(8, "play JH", "play AH", 0.01, 12, 0.005),
            Decision(9, "play 10S", "play AS", 2.0, 12, 1.5),
        ),
    )
    words = review_words(review, record, ["Ann", "Bob", "Cy", "Dee"])
    assert (words["differ"], words["minor"], words["trifle"]) == (3, 2, 0.04)
    assert words["summary"] == (
        "The expert weighed 3 decisions of Ann and would have chosen otherwise at 1. "
        "On its reckoning the moves that differed cost 5.2 points in all. "
        "At 2 more its choice was better by less than 0.04 points, or by less than the "
        "simulations can tell: about as good."
    )
    assert [line["text"] for line in words["lines"]] == [
        "Move 5: played “Play J♠”; the expert would choose “Play Q♦”, 3.2 points better on "
        "average (±1.2) over 12 simulations."
    ]


def test_the_words_of_a_review_in_japanese() -> None:
    review, record = _words_record()
    with using_language("ja"):
        words = review_words(review, record, ["Ann", "Bob"])
    assert words["summary"] == "達人はAnnの判断1件を検討し、そのうち1件で別の手を選びました。"
    with using_language("ja"), using_names(["Ann", "Bob"]):
        state = cardtable.load("cribbage", target=61).new_state(seed=1)
        played = state.describe_move(state.game.read_move("discard 2H 4C"))
        expert = state.describe_move(state.game.read_move("discard 7S QD"))
    assert words["lines"][0]["text"] == (f"1手目：「{played}」。達人なら「{expert}」を選びます。")


# ---------------------------------------------------------------------- the command


def test_replay_review_prints_the_review(tmp_path: Path) -> None:
    state = _played("cribbage", 4, target=61)
    path = tmp_path / "game.json"
    record = state.to_record()
    record["meta"] = {"players": ["easy", "human"]}
    path.write_text(json.dumps(record))
    runner = CliRunner()
    expected = review_words(review_game(state.to_record(), 1), state.to_record())
    shown = runner.invoke(app, ["replay", str(path), "--review", "--json"])
    assert shown.exit_code == 0, shown.output
    assert json.loads(shown.output) == json.loads(json.dumps(expected))
    text = runner.invoke(
        app, ["replay", str(path), "--review", "--seat", "0"], env={"COLUMNS": "400"}
    )
    assert text.exit_code == 0, text.output
    zero = review_words(review_game(state.to_record(), 0), state.to_record())
    assert text.output.splitlines() == [
        "Cribbage reviewed by the expert",
        zero["summary"],
        *(colour_cards(line["text"]).plain for line in zero["lines"]),
    ]
    bad = runner.invoke(app, ["replay", str(path), "--review", "--review-bot", "wizard"])
    assert bad.exit_code == 2
    assert bad.output.startswith("error: no bot 'wizard' for cribbage")
