"""The search bots (``pimc``, ``ismcts``) and their per-game evaluation.

- the swap test: two states that differ only in cards hidden from the seat give the same
  choice and the same report for the same seed, in every game;
- the same seed gives the same move (and report); budgets in seconds and rules rollouts work;
- the evaluation's horizon and rewards agree with each game's own scores;
- each search bot beats ``random`` in short duplicate matches of two games, by a margin whose
  95% interval excludes zero.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

import pytest

import cardtable
from cardtable.bot_protocol import Bot, choose_for
from cardtable.bots.evaluation import evaluation_for, side_reward
from cardtable.bots.levels import make_bot
from cardtable.bots.search import IsmctsBot, PimcBot
from cardtable.cards import PACK_SIZE, card_str, parse_cards
from cardtable.engine import State
from cardtable.errors import CardtableError, OptionError
from cardtable.games.cribbage.analysis import discard_advice
from cardtable.games.kloepper.search import RULES_VERBS
from cardtable.random_bot import RandomBot
from cardtable.seat_view import SeatView

OPTIONS: dict[str, dict[str, Any]] = {
    "cribbage": {},
    "calypso": {},
    "kloepper": {},
    "krypkasino": {"players": 2},
}
GAMES = tuple(OPTIONS)

SearchBot = PimcBot | IsmctsBot
MAKERS: dict[str, Callable[[int], SearchBot]] = {
    "pimc": lambda seed: PimcBot(seed, worlds=4),
    "ismcts": lambda seed: IsmctsBot(seed, iterations=40),
}

# --------------------------------------------------------------------------- twins


def first_deck(game: str, seed: int) -> list[str]:
    """A shuffled pack of ``game`` (its first shuffle), as card strings."""
    fresh = cardtable.load(game, **OPTIONS[game]).new_state(seed=0)
    cards = sorted(c for place in fresh.card_places().values() for c in place)
    random.Random(seed).shuffle(cards)
    return [card_str(c) for c in cards]


def replay(game: str, deck: list[str], history: list[str]) -> State | None:
    """The game dealt from ``deck`` after ``history``, or None if a move is refused there."""
    state = cardtable.load(game, **OPTIONS[game]).new_state(decks=[deck])
    try:
        state.apply_all(history)
    except CardtableError:
        return None
    return state


def faces_by_place(state: State) -> dict[str, list[int]]:
    return {k: sorted(c % PACK_SIZE for c in v) for k, v in state.card_places().items()}


def seen_by(state: State, seat: int) -> tuple[Any, ...]:
    return (state.observation(seat), [e.to_dict() for e in state.events_for(seat)])


def twin(game: str, deck: list[str], history: list[str], seat: int, rng: random.Random) -> State:
    """The same game with cards hidden from ``seat`` exchanged in the pack: random
    transpositions of two hidden cards of different faces, each kept when the moves still
    replay and ``seat`` sees exactly the same (observation and events)."""
    real = replay(game, deck, history)
    assert real is not None
    places = real.card_places()
    held = sorted(
        {
            card_str(c)
            for name, cards in places.items()
            if name == "crib" or (name.startswith("hand ") and name != f"hand {seat}")
            for c in cards
        }
    )
    hidden = sorted(set(held) | {card_str(c) for c in places.get("stock", [])})
    current = list(deck)
    kept = 0
    for _ in range(200):
        a, b = rng.choice(held), rng.choice(hidden)
        if a == b:
            continue
        i, j = current.index(a), current.index(b)
        trial = list(current)
        trial[i], trial[j] = b, a
        other = replay(game, trial, history)
        if other is not None and seen_by(other, seat) == seen_by(real, seat):
            current = trial
            kept += 1
            if kept == 6:
                break
    result = replay(game, current, history)
    assert result is not None and kept > 0
    assert faces_by_place(result) != faces_by_place(real)
    return result


def positions(game: str, count: int) -> list[tuple[list[str], list[str]]]:
    """``count`` (deck, history) pairs: random moves into the first deal, each at a seat with a
    real choice."""
    out: list[tuple[list[str], list[str]]] = []
    seed = 0
    while len(out) < count:
        seed += 1
        deck = first_deck(game, seed)
        state = replay(game, deck, [])
        assert state is not None
        rng = random.Random(seed)
        stop = rng.randrange(4, 30)
        ev = evaluation_for(game, state)
        start = ev.marker(state)
        while len(state.history) < stop and ev.marker(state) == start and not state.is_over:
            legal = state.legal_moves()
            state.apply(legal[int(rng.random() * len(legal))])
        if ev.marker(state) != start or state.is_over or len(state.legal_moves()) < 2:
            continue
        others = [
            cards
            for name, cards in state.card_places().items()
            if name.startswith("hand ") and name != f"hand {state.to_move}"
        ]
        if any(others):  # some card is hidden in another hand, for the twin to move
            out.append((deck, list(state.history)))
    return out


@pytest.mark.parametrize("kind", sorted(MAKERS))
@pytest.mark.parametrize("game", GAMES)
def test_swapping_hidden_cards_changes_no_choice(game: str, kind: str) -> None:
    make = MAKERS[kind]
    for n, (deck, history) in enumerate(positions(game, 3)):
        real = replay(game, deck, history)
        assert real is not None and real.to_move is not None
        seat = real.to_move
        other = twin(game, deck, history, seat, random.Random(n))
        a, b = make(n), make(n)
        assert a.choose(SeatView(real, seat)) is b.choose(SeatView(other, seat))
        assert a.last_report == b.last_report and a.last_report


# --------------------------------------------------------------------------- determinism


@pytest.mark.parametrize("game", GAMES)
def test_the_same_seed_gives_the_same_move_and_report(game: str) -> None:
    for deck, history in positions(game, 2):
        state = replay(game, deck, history)
        assert state is not None and state.to_move is not None
        view = SeatView(state, state.to_move)
        for make in MAKERS.values():
            a, b = make(7), make(7)
            assert a.choose(view) is b.choose(view)
            assert a.last_report == b.last_report
            # The report: legal moves, best first, with their visits.
            legal = {m.text for m in state.legal_moves()}
            assert a.last_report[0][0] in legal
            assert all(text in legal and visits >= 0 for text, _, visits in a.last_report)


def test_the_report_orders_moves_by_value_and_visits() -> None:
    deck, history = positions("krypkasino", 1)[0]
    state = replay("krypkasino", deck, history)
    assert state is not None and state.to_move is not None
    view = SeatView(state, state.to_move)
    pimc = PimcBot(3, worlds=5, playouts=2)
    move = pimc.choose(view)
    means = [mean for _, mean, _ in pimc.last_report]
    assert means == sorted(means, reverse=True) and move.text == pimc.last_report[0][0]
    assert {visits for _, _, visits in pimc.last_report} == {10}
    ismcts = IsmctsBot(3, iterations=100)
    move = ismcts.choose(view)
    visits = [v for _, _, v in ismcts.last_report]
    assert visits == sorted(visits, reverse=True) and move.text == ismcts.last_report[0][0]
    assert sum(visits) <= 100


def test_budgets_in_seconds_and_rules_rollouts() -> None:
    for game in GAMES:
        deck, history = positions(game, 1)[0]
        state = replay(game, deck, history)
        assert state is not None and state.to_move is not None
        view = SeatView(state, state.to_move)
        for bot in (
            PimcBot(1, seconds=0.02),
            IsmctsBot(1, seconds=0.02),
            PimcBot(1, worlds=2, rollout="rules"),
            IsmctsBot(1, iterations=20, rollout="rules"),
        ):
            assert bot.choose(view) in state.legal_moves()
            assert bot.last_report and bot.last_report[0][2] >= 1


def test_forced_and_delegated_moves_are_reported() -> None:
    # Cribbage discards go to the rules bot's exact advisor (seat 0 is the pone).
    state = cardtable.load("cribbage").new_state(seed=1)
    hand = parse_cards(state.observation(0)["hand"])
    best = discard_advice(hand, dealer=False)[0]
    for bot in (IsmctsBot(1, iterations=10), PimcBot(1, worlds=2)):
        move = choose_for(bot, state)
        assert sorted(move.cards) == sorted(best.discard)
        assert bot.last_report == [(move.text, 0.0, 0)]
    # A forced move is made at once.
    state = cardtable.load("kloepper").new_state(seed=1)
    while len(state.legal_moves()) > 1:
        state.apply(state.legal_moves()[0])
    bot = IsmctsBot(1, iterations=10)
    move = choose_for(bot, state)
    assert [move] == state.legal_moves() and bot.last_report == [(move.text, 0.0, 0)]


def test_kloepper_declarations_and_knocks_follow_the_rules_bot() -> None:
    """Where a call, alone, knock or knock-off is legal, the search makes one only if the rules
    bot would (it never knocks on an open world's certainty); otherwise it plays a card or
    passes."""
    asked = 0
    for seed in range(12):
        state = cardtable.load("kloepper", target=1).new_state(seed=seed)
        bot = PimcBot(seed, worlds=3)
        while not state.is_over:
            move = choose_for(bot, state)
            if any(m.verb in RULES_VERBS for m in state.legal_moves()):
                asked += 1
                rules = {choose_for(make_bot("kloepper", "rules", k), state).verb for k in range(8)}
                if move.verb in RULES_VERBS:
                    assert move.verb in rules
                else:
                    assert rules - RULES_VERBS
            state.apply(move)
    assert asked > 20


def test_the_end_of_a_hand_is_searched_exactly() -> None:
    # At 26 seat 0 holds only ten-cards: seat 1 pegs most with 4H (a pair), then AC (31);
    # AC first makes 27 and then 31 without the pair (as in tests/test_bots.py).
    from test_bots import two_player

    state = two_player("KC 7S QD JD", "AS AH", "5H 4S 4H AC", "QS QH", "6C")
    for move in ("play KC", "play 5H", "play 7S", "play 4S"):
        state.apply(move)
    view = SeatView(state, 1)
    for seed in range(3):
        pimc = PimcBot(seed, worlds=5, exact=5000)
        assert pimc.choose(view).text == "play 4H" and pimc.last_exact
        # Every world gives the same two points more for the pair first.
        (best, high, n), (_, low, _) = pimc.last_report
        assert (best, n, high - low) == ("play 4H", 5, 2.0)
        assert IsmctsBot(seed, iterations=200).choose(view).text == "play 4H"
    # A tree larger than the budget falls back to playouts.
    fresh = two_player("KC 2D 3D 7C", "AS AH", "5H 9D 8D 2S", "QS QH", "6C")
    pimc = PimcBot(1, worlds=3, exact=10)
    assert pimc.choose(SeatView(fresh, 0)) in fresh.legal_moves() and not pimc.last_exact


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(OptionError, match="'rollout' must be one of random, rules"):
        PimcBot(1, rollout="greedy")
    with pytest.raises(OptionError, match="'iterations' must be a whole number from 1 to"):
        IsmctsBot(1, iterations=0)
    with pytest.raises(OptionError, match="'worlds' must be a whole number from 1 to"):
        PimcBot(1, worlds=0)
    with pytest.raises(OptionError, match="'exact' must be a whole number from 0 to"):
        PimcBot(1, exact=-1)
    with pytest.raises(OptionError, match=r"'seconds' must be a number from 0\.001 to"):
        IsmctsBot(1, seconds=0)


# --------------------------------------------------------------------------- evaluation


def test_side_reward_is_the_gain_over_the_best_other_side() -> None:
    assert side_reward([0, 0, 0], [5, 2, 7], [0, 1, 2]) == [-2, -5, 2]
    assert side_reward([3, 3], [3, 10], [0, 1]) == [-7, 7]


def play_deal(
    game: str, seed: int, options: dict[str, Any], to_end: bool = False
) -> tuple[State, list[float]]:
    """A fresh game played at random to the evaluation's first horizon (or to its end); the
    rewards."""
    state = cardtable.load(game, **options).new_state(seed=seed)
    ev = evaluation_for(game, state)
    start, before = ev.marker(state), ev.standing(state)
    rng = random.Random(seed)
    while not state.is_over and (to_end or ev.marker(state) == start):
        legal = state.legal_moves()
        state.apply(legal[int(rng.random() * len(legal))])
    return state, ev.reward(before, ev.standing(state))


def test_the_rewards_follow_each_games_scores() -> None:
    for seed in range(5):
        # Krypkasino, one hand in one deal: the penalties are the scores, 42 in all.
        state, reward = play_deal("krypkasino", seed, {"players": 2, "deals": 1}, to_end=True)
        assert state.is_over and sum(state.scores) == 42
        assert reward == [state.scores[1] - state.scores[0], state.scores[0] - state.scores[1]]
        # Within the hand, up to the next deal of cards: the penalties taken so far.
        state, reward = play_deal("krypkasino", seed, {"players": 2})
        assert not state.is_over and state.observation(0)["hand_number"] == 1
        assert reward[0] == -reward[1]
        # Kloepper: the winners of the deal gain the award, the losers as much below.
        state, reward = play_deal("kloepper", seed, {})
        award = max(state.scores)
        assert sorted(set(reward)) == [-award, award]
        assert [r > 0 for r in reward] == [p > 0 for p in state.scores]
        # Cribbage: the pegs of the deal, one side against the other.
        state, reward = play_deal("cribbage", seed, {})
        pegs = state.scores
        assert reward == [pegs[0] - pegs[1], pegs[1] - pegs[0]]
        # Calypso: the provisional points the observation shows, by partnership.
        state, reward = play_deal("calypso", seed, {})
        points = state.observation(0)["points"]
        side = [points[0] + points[2], points[1] + points[3]]
        assert reward == [side[0] - side[1], side[1] - side[0]] * 2


# --------------------------------------------------------------------------- strength

#: Options that keep a match short: Kloepper's game ends after one deal.
MATCH_OPTIONS: dict[str, dict[str, Any]] = {"cribbage": {}, "kloepper": {"target": 1}}


def duplicate_margin(game: str, make: Callable[[int], Bot], deals: int) -> tuple[float, float]:
    """The search bot's mean reward per deal against ``random`` over ``deals`` deals, each
    played twice with the sides exchanged (so the cards cancel out), and the half-width of
    its 95% interval."""
    diffs = []
    for d in range(deals):
        total = 0.0
        for side in (0, 1):
            state = cardtable.load(game, **MATCH_OPTIONS[game]).new_state(seed=100 + d)
            n = state.game.num_players
            bots = [make(10 * d + s) if s % 2 == side else RandomBot(10 * d + s) for s in range(n)]
            ev = evaluation_for(game, state)
            start, before = ev.marker(state), ev.standing(state)
            while not state.is_over and ev.marker(state) == start:
                seat = state.to_move
                assert seat is not None
                state.apply(choose_for(bots[seat], state))
            reward = ev.reward(before, ev.standing(state))
            ours = [reward[s] for s in range(n) if s % 2 == side]
            total += sum(ours) / len(ours)
        diffs.append(total / 2)
    mean = sum(diffs) / deals
    sd = math.sqrt(sum((x - mean) ** 2 for x in diffs) / (deals - 1))
    return mean, 1.96 * sd / math.sqrt(deals)


@pytest.mark.parametrize(
    ("game", "kind", "deals"),
    [
        ("cribbage", "pimc", 24),
        ("cribbage", "ismcts", 24),
        ("kloepper", "pimc", 40),
        ("kloepper", "ismcts", 40),
    ],
)
def test_search_bots_beat_random(game: str, kind: str, deals: int) -> None:
    make: Callable[[int], Bot] = {
        "pimc": lambda seed: PimcBot(seed, worlds=8),
        "ismcts": lambda seed: IsmctsBot(seed, iterations=100),
    }[kind]
    mean, half = duplicate_margin(game, make, deals)
    assert mean - half > 0, (mean, half)
