"""The exact pegging solver, the ``solver`` bot, the rules bot's lower-level settings and the
bot specs with budgets.

- the solver's values agree with an exhaustive search of the real engine on random open
  positions (same differences between plays, as the show adds the same to every line);
- the solver bot never sees hidden cards (the swap test) and repeats itself for a seed;
- ``discards="hand"`` keeps the advisor's best hand-only cards; ``pegging="greedy"`` pegs the
  most at once; ``mistakes`` plays at random at its rate and otherwise as the bot it wraps,
  never in a Kloepper call or knock.
"""

from __future__ import annotations

import random

import pytest

import cardtable
from cardtable.bots.evaluation import evaluation_for
from cardtable.bots.levels import make_bot, parse_budget
from cardtable.bots.search import _solve
from cardtable.cards import parse_cards
from cardtable.engine import State
from cardtable.errors import CardtableError, OptionError
from cardtable.games.cribbage.analysis import discard_advice
from cardtable.games.cribbage.bot import CribbageRulesBot
from cardtable.games.cribbage.lead_table import dealable, lead_values
from cardtable.games.cribbage.pegging_table import kept_hands
from cardtable.games.cribbage.scoring import peg_score
from cardtable.games.cribbage.solver import CribbageSolverBot, peg_value, play_values
from cardtable.games.kloepper.search import RULES_VERBS
from cardtable.random_bot import Blundering, RandomBot
from cardtable.seat_view import SeatView
from test_bots import two_player
from test_search_bots import positions, replay, twin

RANK = [c // 4 + 1 for c in range(52)]


def pegging_positions(count: int) -> list[State]:
    """Two-player deals played at random into the pegging, the mover with a choice of ranks."""
    out: list[State] = []
    seed = 0
    while len(out) < count:
        seed += 1
        state = cardtable.load("cribbage").new_state(seed=seed)
        rng = random.Random(seed)
        stop = rng.randrange(0, 6)
        plays = 0
        while state.observation(0)["phase"] == "discard" or plays < stop:
            legal = state.legal_moves()
            if legal[0].verb == "play":
                plays += 1
            state.apply(legal[int(rng.random() * len(legal))])
        obs = state.observation(0)
        if obs["phase"] != "play":
            continue
        ranks = {RANK[m.cards[0]] for m in state.legal_moves()}
        if len(ranks) > 1:
            out.append(state)
    return out


def test_the_solver_agrees_with_an_exhaustive_search_of_the_engine() -> None:
    checked = 0
    for state in pegging_positions(12):
        seat = state.to_move
        assert seat is not None
        ev = evaluation_for("cribbage", state)
        start, before = ev.marker(state), ev.standing(state)
        engine: dict[int, float] = {}
        for move in state.legal_moves():
            child = state.clone()
            child.apply(move)
            engine[RANK[move.cards[0]]] = _solve(child, ev, start, before, [10**6])[seat]
        obs = state.observation(seat)
        mine = [RANK[c] for c in parse_cards(obs["hand"])]
        theirs = [RANK[c] for c in state.card_places()[f"hand {1 - seat}"]]
        run = [RANK[c] for c in parse_cards(obs["count_cards"])]
        solved = play_values(mine, theirs, int(obs["count"]), run)
        assert solved.keys() == engine.keys()
        first = min(solved)
        # The show adds the same to every line; the differences are the pegging's alone.
        assert {r: solved[r] - solved[first] for r in solved} == {
            r: engine[r] - engine[first] for r in engine
        }
        checked += 1
    assert checked == 12


def _plain_value(
    mover: tuple[int, ...], other: tuple[int, ...], count: int, run: tuple[int, ...]
) -> int:
    """peg_value written plainly from the rules: no memo, the count's every card kept."""
    best = -99
    for rank in set(mover):
        total = count + min(rank, 10)
        if total > 31:
            continue
        rest = list(mover)
        rest.remove(rank)
        line = (*run, rank)
        points = peg_score(line, total)
        if total < 31 and other and min(other[0], 10) <= 31 - total:
            value = points - _plain_value(other, tuple(rest), total, line)
        elif total < 31 and rest and min(rest[0], 10) <= 31 - total:
            value = points + _plain_value(tuple(rest), other, total, line)
        elif total < 31 and not rest and not other:
            value = points + 1  # the last card (at 31 the two for it are all)
        else:
            points += total < 31  # the go
            if other:
                value = points - _plain_value(other, tuple(rest), 0, ())
            elif rest:
                value = points + _plain_value(tuple(rest), other, 0, ())
            else:
                value = points
        best = max(best, value)
    return best


def test_the_memoized_solver_agrees_with_a_plain_search_in_mid_count() -> None:
    # Positions part-way through a count (long counts, pairs and runs behind), where the memo
    # keys on the count's tail only: every value must be the plain search's. Half are dealt
    # from the low cards (ace to seven), where the longest runs lie.
    rng = random.Random(11)
    checked = 0
    while checked < 600:
        cards = rng.sample(range(52) if checked % 2 else range(28), 8)
        ranks = [RANK[c] for c in cards]
        behind = rng.randrange(0, 5)
        run = tuple(ranks[:behind])
        count = sum(min(r, 10) for r in run)
        if count > 27:
            continue
        left = 8 - behind
        mover = tuple(sorted(ranks[behind : behind + (left + 1) // 2]))
        other = tuple(sorted(ranks[behind + (left + 1) // 2 :]))
        if not any(min(r, 10) <= 31 - count for r in mover):
            continue
        assert peg_value(mover, other, count, run) == _plain_value(mover, other, count, run)
        checked += 1


def test_the_lead_table_is_the_solvers_opening() -> None:
    # The shipped table of opening leads (four cards against four, count 0) against the solver
    # searching them afresh, lead by lead; and its best lead against the plain search.
    rng = random.Random(23)
    hands = kept_hands()
    for checked in range(400):
        mine, other = rng.choice(hands), rng.choice(hands)
        while not dealable(mine, other):
            assert lead_values(mine, other) is None
            other = rng.choice(hands)
        table = lead_values(mine, other)
        assert table == play_values(mine, other, 0, (), table=False)
        if checked < 40:
            assert max(table.values()) == _plain_value(mine, other, 0, ())
    assert lead_values((5, 5, 5, 5), (5, 6, 7, 8)) is None
    assert lead_values((1, 1, 1, 1), (1, 2, 3, 4)) is None


def test_known_pegging_values() -> None:
    # Leading the 5 gives the ten its fifteen for two and the last card for one.
    assert peg_value((5,), (10,), 0, ()) == -3
    # 3-4 against 5-6: whatever the lead, the 6 waits, and the 5 ends a run of four (and the
    # play) for five.
    assert play_values((3, 4), (5, 6), 0, ()) == {3: -5, 4: -5}
    # At 28 the king cannot follow: the mover plays both low cards to 31 for two, and the king
    # then pegs the last card.
    assert play_values((1, 2), (13,), 28, (10, 10, 8)) == {1: 1, 2: 1}


def test_the_solver_bot_never_sees_hidden_cards() -> None:
    for n, (deck, history) in enumerate(positions("cribbage", 4)):
        real = replay("cribbage", deck, history)
        assert real is not None and real.to_move is not None
        seat = real.to_move
        other = twin("cribbage", deck, history, seat, random.Random(n))
        a = CribbageSolverBot(n, worlds=6, discard_worlds=6)
        b = CribbageSolverBot(n, worlds=6, discard_worlds=6)
        assert a.choose(SeatView(real, seat)) is b.choose(SeatView(other, seat))
        assert a.last_report == b.last_report


def test_the_solver_bot_plays_the_pegging_exactly_when_the_cards_are_known() -> None:
    # At 26 seat 0 holds only ten-cards: seat 1 pegs most with 4H (a pair), then AC (31).
    state = two_player("KC 7S QD JD", "AS AH", "5H 4S 4H AC", "QS QH", "6C")
    for move in ("play KC", "play 5H", "play 7S", "play 4S"):
        state.apply(move)
    bot = CribbageSolverBot(seed=1, worlds=5)
    assert bot.choose(SeatView(state, 1)).text == "play 4H"
    (best, high, n), (_, low, _) = bot.last_report
    assert (best, n, high - low) == ("play 4H", 5, 2.0)


def test_the_solver_bot_weighs_the_pegging_of_its_discards() -> None:
    state = cardtable.load("cribbage").new_state(seed=4)
    view = SeatView(state, 0)
    bot = CribbageSolverBot(seed=2, discard_worlds=20, discard_options=3)
    move = bot.choose(view)
    advice = discard_advice(parse_cards(state.observation(0)["hand"]), dealer=False)[:3]
    assert {tuple(sorted(m.cards)) for m in [move]} <= {tuple(sorted(a.discard)) for a in advice}
    assert len(bot.last_report) == 3 and bot.last_report[0][0] == move.text
    values = [v for _, v, _ in bot.last_report]
    assert values == sorted(values, reverse=True)


def test_hand_only_discards_keep_the_best_four_cards_alone() -> None:
    for seed in range(1, 9):
        state = cardtable.load("cribbage").new_state(seed=seed)
        for _ in range(2):
            seat = state.to_move
            assert seat is not None
            obs = state.observation(seat)
            advice = discard_advice(parse_cards(obs["hand"]), dealer=seat == obs["dealer"])
            chosen = CribbageRulesBot(seed, discards="hand").choose(SeatView(state, seat))
            kept = next(a for a in advice if sorted(a.discard) == sorted(chosen.cards))
            assert kept.hand_ev == pytest.approx(max(a.hand_ev for a in advice))
            state.apply(chosen)


def test_greedy_pegging_takes_the_most_points_now() -> None:
    differs = 0
    for state in pegging_positions(40):
        seat = state.to_move
        assert seat is not None
        obs = state.observation(seat)
        count = int(obs["count"])
        run = [RANK[c] for c in parse_cards(obs["count_cards"])]
        now = {
            m: peg_score([*run, RANK[m.cards[0]]], count + min(RANK[m.cards[0]], 10))
            for m in state.legal_moves()
        }
        greedy = CribbageRulesBot(1, pegging="greedy").choose(SeatView(state, seat))
        assert now[greedy] == max(now.values())
        differs += greedy is not CribbageRulesBot(1).choose(SeatView(state, seat))
    assert differs > 0  # weighing the reply does change some plays


def test_mistakes_play_at_random_at_their_rate() -> None:
    state = cardtable.load("kloepper").new_state(seed=3)
    assert state.to_move is not None
    view = SeatView(state, state.to_move)
    rules = make_bot("kloepper", "rules", seed=5)
    assert make_bot("kloepper", "rules:mistakes=0", seed=5).choose(view) is rules.choose(view)
    blunders = Blundering(RandomBot(1), 0.3, seed=9)
    draws = [blunders.random.rng.random() < 0.3 for _ in range(2000)]
    assert 500 < sum(draws) < 700
    with pytest.raises(CardtableError, match="'mistakes' must be a number from 0 to 1"):
        make_bot("kloepper", "rules:mistakes=2")


def test_bot_specs_carry_budgets_and_refuse_bad_ones() -> None:
    assert parse_budget("pimc:worlds=10:rollout=rules") == (
        "pimc",
        {"worlds": 10, "rollout": "rules"},
    )
    assert make_bot("cribbage", "solver:worlds=7", seed=1).worlds == 7  # type: ignore[attr-defined]
    with pytest.raises(OptionError, match="bad bot setting 'worlds' in 'pimc:worlds'"):
        make_bot("calypso", "pimc:worlds")
    with pytest.raises(OptionError, match="bad settings for bot 'rules': depth=3"):
        make_bot("calypso", "rules:depth=3")
    with pytest.raises(OptionError, match="no bot 'wizard:x=1' for calypso"):
        make_bot("calypso", "wizard:x=1")


def test_kloepper_mistakes_never_touch_a_call_or_a_knock() -> None:
    careful_seen = 0
    for seed in range(1, 6):
        state = cardtable.load("kloepper").new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            view = SeatView(state, seat)
            legal = state.legal_moves()
            if any(m.verb in RULES_VERBS for m in legal):
                careful_seen += 1
                always = make_bot("kloepper", "rules:mistakes=1", seed=seed)
                assert always.choose(view) is make_bot("kloepper", "rules", seed=seed).choose(view)
            state.apply(legal[int(rng.random() * len(legal))])
    assert careful_seen > 20
