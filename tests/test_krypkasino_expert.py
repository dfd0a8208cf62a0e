"""The Krypkasino expert (the ``search`` bot): its lean play-outs replay real hands exactly, its
rules seats play what the ``rules`` bot plays, its capture search finds what every subset finds,
its worlds respect what the seat saw, and its settings are checked."""

from __future__ import annotations

import random
from itertools import product

import pytest

import cardtable
from cardtable.bot_protocol import choose_for
from cardtable.bots.levels import level_bot, make_bot
from cardtable.cards import cards_str, parse_cards
from cardtable.errors import OptionError
from cardtable.games.krypkasino.belief import Facts, Memo, read, seat_likelihood, weighted_worlds
from cardtable.games.krypkasino.bot import LEVELS, KrypkasinoRulesBot
from cardtable.games.krypkasino.captures import (
    HAND_VALUE,
    POINTS,
    STEP,
    Captures,
    can_form,
    captures,
    counts_of,
    sweep_mask,
)
from cardtable.games.krypkasino.expert import KrypkasinoSearchBot, play_out
from cardtable.games.krypkasino.game import KrypkasinoState
from cardtable.games.krypkasino.lean import (
    FACE_STEP,
    Lean,
    costs_for,
    move_cost,
    open_lean,
    options_for,
)
from cardtable.seat_view import SeatView
from test_krypkasino_game import deal


def turn(state: cardtable.State) -> int:
    """The seat to act of an unfinished game."""
    assert state.to_move is not None
    return state.to_move


def every_subset(value: int, code: int) -> Captures:
    """The capture rule read literally: every subset of the table's ranks up to ``value``
    whose cards split into groups of ``value`` and leave no such group."""
    counts = counts_of(code)
    ranks = [r for r in range(1, min(13, value) + 1) if counts[r]]
    found: list[tuple[int, tuple[tuple[int, int], ...]]] = []
    sweeps = False
    for picks in product(*(range(counts[r] + 1) for r in ranks)):
        taken = sum(p * r for p, r in zip(picks, ranks, strict=True))
        if taken == 0 or taken % value:
            continue
        rest = list(counts)
        take_code = 0
        for p, r in zip(picks, ranks, strict=True):
            rest[r] -= p
            take_code += p * STEP[r]
        if can_form(rest, value) or not splits(counts_of(take_code), value):
            continue
        found.append((sum(picks), tuple((r, p) for p, r in zip(picks, ranks, strict=True) if p)))
        sweeps = sweeps or take_code == code
    found.sort(key=lambda t: (-t[0], t[1]))
    return Captures(tuple(t for _, t in found), tuple(k for k, _ in found), sweeps)


def splits(counts: list[int], value: int) -> bool:
    """Whether the cards (rank counts) split wholly into groups of ``value``."""
    if not any(counts):
        return True
    top = max(r for r in range(14) if counts[r])
    counts = list(counts)
    counts[top] -= 1

    def groups(target: int, highest: int) -> bool:
        if target == 0:
            return splits(counts, value)
        for r in range(min(highest, target), 0, -1):
            if counts[r]:
                counts[r] -= 1
                ok = groups(target - r, r)
                counts[r] += 1
                if ok:
                    return True
        return False

    return groups(value - top, top)


def random_code(rng: random.Random, cards: int) -> int:
    counts = [0] * 14
    for _ in range(cards):
        r = rng.randrange(1, 11) if rng.random() < 0.85 else rng.randrange(11, 14)
        counts[r] = min(8, counts[r] + 1)
    return sum(STEP[r] * counts[r] for r in range(1, 14))


def test_the_capture_search_finds_what_every_subset_finds() -> None:
    rng = random.Random(4)
    for _ in range(150):
        code = random_code(rng, rng.randrange(1, 10))
        for value in range(2, 15):
            assert captures(value, code) == every_subset(value, code), (counts_of(code), value)
            assert bool(sweep_mask(code) >> value & 1) == captures(value, code).sweeps


def test_sweep_mask_names_the_sweeping_values() -> None:
    table = parse_cards("AC AD 2C 2D 3C 3D 4C 4D 5C 5D 6C 6D")  # 42 in all
    code = sum(STEP[c % 52 // 4 + 1] for c in table)
    assert [v for v in range(15) if sweep_mask(code) >> v & 1] == [6, 7, 14]
    assert sweep_mask(0) == 0


@pytest.mark.parametrize(
    ("players", "teams"), [(2, "none"), (3, "none"), (4, "none"), (4, "pairs"), (6, "threes")]
)
def test_a_lean_hand_replays_a_real_one_and_plays_like_the_rules_bot(
    players: int, teams: str
) -> None:
    game = cardtable.load("krypkasino", players=players, deals=1, teams=teams)
    decisions = 0
    for i in range(4):
        state = game.new_state(seed=i)
        assert isinstance(state, KrypkasinoState)
        rng = random.Random(i)
        for _ in range(rng.randrange(0, 30)):
            state.apply(state.legal_moves()[0])
        lean = open_lean(state)
        before = [
            sum(POINTS[c] for c in p) + t for p, t in zip(state.piles, state.tabbe, strict=True)
        ]
        bot = KrypkasinoRulesBot(i)
        while not state.is_over:
            assert lean.turn == state.turn
            move = choose_for(bot, state)
            taken = state.move_takes(move)
            if len(state.legal_moves()) > 1:
                decisions += 1
                ranks = sorted(c // 4 for c in taken)
                best = lean.best_options(lean.options())
                assert (move.cards[0], ranks) in [(f, sorted(c // 4 for c in t)) for f, t in best]
            state.apply(move)
            lean.play(move.cards[0], taken)
        result = state.result
        assert result is not None
        assert [b + g for b, g in zip(before, lean.gain, strict=True)] == result["hands"][0]
    assert decisions > 50


def test_a_play_out_counts_the_seats_team_and_the_table_left() -> None:
    hands = [parse_cards("7C"), parse_cards("7D")]
    world = Lean(2, (0, 1), 1, 0, hands, parse_cards("2S"), [])
    assert play_out(world.copy(), 1, 1, random.Random(0), 0.0) == 2.0  # the leftover 2S
    assert play_out(world.copy(), 0, 1, random.Random(0), 0.0) == 0.0
    stock = parse_cards("3C 4C 5C 6C 8C 9C 3D 4D")  # one more deal: the hand goes on
    world = Lean(2, (0, 1), 1, 0, [parse_cards("7C"), parse_cards("7D")], parse_cards("2S"), stock)
    assert play_out(world, 1, 1, random.Random(0), 0.0) == 1.0  # 2S left, at a half share


def four_players() -> KrypkasinoState:
    # Seat 0 plays first, on 3C 4S 5D 6H: only a 9 sweeps it (4+5, 3+6).
    return deal(
        ["2C 2D 6C 7C 8C", "QC QD QH 10C 10H", "JC JD 6D 7D 8D", "3H 3S 4H 5H 6S"],
        "4S 5D 3C 6H",
    )


def test_what_the_seat_reads_from_its_view() -> None:
    state = four_players()
    assert state.turn == 0 and sorted(cards_str(state.table)) == ["3C", "4S", "5D", "6H"]
    state.apply("play 2C")  # creeps: no group of the table makes 2
    facts = read(SeatView(state, 2))
    assert facts.seat == 2 and facts.sizes == [4, 5, 5, 5]
    assert len(facts.plays) == 1 and cards_str([facts.plays[0].face]) == ["2C"]
    assert sorted(cards_str(facts.plays[0].table)) == ["3C", "4S", "5D", "6H"]
    # Seat 0 did not sweep, so he holds no 9 (the one value that sweeps that table).
    assert facts.lacks == [1 << 9, 0, 0, 0]
    assert len(facts.unseen) == 104 - 5 - 5  # his hand, and the table with 2C
    worlds = weighted_worlds(facts, random.Random(1), 6, 10, 0.1)
    for world in worlds:
        assert world.hands[2] == facts.hand
        assert [len(h) for h in world.hands] == [4, 5, 5, 5] and len(world.stock) == 80
        assert not any(facts.lacks[0] >> (14 if f < 4 else f // 4 + 1) & 1 for f in world.hands[0])
    assert seat_likelihood(facts, 0, [c % 52 for c in state.hands[0]], 0.1) > 0


def test_the_search_bot_is_checked_repeatable_and_registered() -> None:
    for settings in (
        {"worlds": 0},
        {"noise": 2},
        {"margin": -1},
        {"packets": 0},
        {"doubt": 1.5},
        {"candidates": -1},
        {"horizon": -1},
    ):
        with pytest.raises(OptionError):
            KrypkasinoSearchBot(1, **settings)
    assert LEVELS["hard"] == ("rules", {})
    assert level_bot("krypkasino", "expert") == LEVELS["expert"]
    assert make_bot("krypkasino", "expert", seed=1).name == "search"
    game = cardtable.load("krypkasino", players=4, deals=1)
    state = game.new_state(seed=3)
    moves = []
    while not state.is_over and len(state.history) < 24:
        seat = state.to_move
        assert seat is not None
        bot = KrypkasinoSearchBot(seat, worlds=6)
        first = bot.choose(SeatView(state, seat))
        again = KrypkasinoSearchBot(seat, worlds=6).choose(SeatView(state, seat))
        assert first is again and first in state.legal_moves()
        # The report leads with the move made; searched rows stand on the six worlds.
        assert bot.last_report[0][0] == first.text
        assert {n for _, _, n in bot.last_report} <= {0, 6}
        moves.append(first.text)
        state.apply(first)
    assert len(moves) == 24


@pytest.mark.parametrize(
    ("players", "teams", "capture"),
    [
        (2, "none", "any-maximal"),
        (3, "none", "most-cards"),
        (5, "none", "any-maximal"),
        (6, "threes", "any-maximal"),
        (4, "pairs", "most-cards"),
    ],
)
def test_the_search_bot_plays_whole_hands_of_every_size(
    players: int, teams: str, capture: str
) -> None:
    game = cardtable.load("krypkasino", players=players, teams=teams, capture=capture, deals=1)
    state = game.new_state(seed=players)
    bots = [KrypkasinoSearchBot(s, worlds=2, candidates=4) for s in range(players)]
    while not state.is_over:
        move = choose_for(bots[state.to_move or 0], state)
        assert move in state.legal_moves()
        state.apply(move)
    result = state.result
    assert result is not None
    assert sum(result["hands"][0]) == 42  # tabbes cancel: every card's points are taken


def likelihood_by_hand(facts: Facts, who: int, hand: list[int], noise: float) -> float:
    """:func:`seat_likelihood` as it reads: each of the player's plays replayed with the hand
    he held then, its options and their ``rules`` costs worked out afresh."""
    weight = 1.0
    held = list(hand)
    team, n = facts.team, facts.n
    share = team.count(team[who]) / n
    for play in reversed(facts.plays):
        if play.seat != who:
            continue
        held.append(play.face)
        table = list(play.table)
        code = sum(FACE_STEP[c] for c in table)
        options = options_for(held, table, code, facts.most_cards)
        if len(options) == 1:
            if options[0][0] != play.face:
                return 0.0
            continue
        unseen = list(play.hidden)
        for c in held:
            unseen[HAND_VALUE[c]] -= 1
        nxt = (who + 1) % n
        costs = costs_for(
            options, held, table, code, share, play.next_held, team[nxt] == team[who], unseen
        )
        least = min(costs) + 1e-9
        best = [o[0] for o, c in zip(options, costs, strict=True) if c <= least]
        mine = sum(1 for o in options if o[0] == play.face)
        weight *= noise * mine / len(options) + (1 - noise) * best.count(play.face) / len(best)
    return weight


@pytest.mark.parametrize("capture", ["any-maximal", "most-cards"])
def test_the_likelihood_of_a_hand_is_the_replayed_one_to_the_bit(capture: str) -> None:
    # seat_likelihood keeps each play's costs that no other card of the hand changes (the
    # memo): every weight must be the one worked out afresh, exactly, ties included.
    game = cardtable.load("krypkasino", players=4, deals=1, capture=capture)
    checked = 0
    for seed in range(12):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        bots = [KrypkasinoRulesBot(seed * 4 + s) for s in range(4)]
        for _ in range(rng.randrange(4, 60)):
            if state.is_over:
                break
            state.apply(choose_for(bots[turn(state)], state))
        if state.is_over:
            continue
        facts = read(SeatView(state, turn(state)))
        memo: Memo = {}
        for who in {p.seat for p in facts.plays}:
            pool = list(facts.unseen)
            for _ in range(30):
                hand = rng.sample(pool, facts.sizes[who])
                assert seat_likelihood(facts, who, hand, 0.1, memo) == likelihood_by_hand(
                    facts, who, hand, 0.1
                )
                checked += 1
    assert checked > 500


def test_the_written_out_costs_are_move_costs() -> None:
    rng = random.Random(7)
    checked = 0
    for _ in range(400):
        table = [rng.randrange(52) for _ in range(rng.randrange(0, 7))]
        hand = [rng.randrange(52) for _ in range(rng.randrange(1, 6))]
        code = sum(FACE_STEP[c] for c in table)
        unseen = [0, 0] + [rng.randrange(0, 9) for _ in range(13)]
        share, held, mate = rng.choice([0.25, 0.5]), rng.randrange(0, 5), rng.random() < 0.5
        options = options_for(hand, table, code)
        costs = costs_for(options, hand, table, code, share, held, mate, unseen)
        for (face, taken), cost in zip(options, costs, strict=True):
            left = list(table)
            for c in taken:
                left.remove(c)
            if not taken:
                left.append(face)
            left_code = sum(FACE_STEP[c] for c in left)
            captured = POINTS[face] + sum(POINTS[c] for c in taken) if taken else 0
            sweep = 0
            if taken and not left:
                sweep = 10 if len(taken) == 1 and taken[0] == face else 5
            kept = sum(POINTS[c] for c in hand) - POINTS[face]
            expected = move_cost(
                captured,
                sweep,
                sum(POINTS[c] for c in left),
                left_code,
                kept,
                share,
                held,
                mate,
                unseen,
                sum(unseen),
            )
            assert cost == expected
            checked += 1
    assert checked > 800


def test_a_play_out_stops_at_its_horizon_and_worlds_may_go_unweighed() -> None:
    state = four_players()
    world = open_lean(state)
    stopped = world.copy()
    play_out(stopped, 0, 1, random.Random(0), 0.0, horizon=2)  # two cards played, no more
    assert [len(h) for h in stopped.hands] == [4, 4, 5, 5]
    whole = world.copy()
    play_out(whole, 0, 1, random.Random(0), 0.0)  # to the packet's end
    assert whole.packets == 1
    state.apply("play 2C")
    facts = read(SeatView(state, 1))
    worlds = weighted_worlds(facts, random.Random(3), 8, 0, 0.1)  # no hand weighed
    assert all(w.hands[1] == facts.hand and len(w.stock) == 80 for w in worlds)
    # Unweighed, a hand still keeps what the sweep obligation shows: seat 0 holds no 9.
    assert not any(f // 4 + 1 == 9 for w in worlds for f in w.hands[0])
    bot = KrypkasinoSearchBot(1, worlds=4, candidates=0, horizon=4)
    assert bot.choose(SeatView(state, 1)) in state.legal_moves()
