"""The Krypkasino rules bot: it plays to lose points, and beats the random bot clearly."""

from __future__ import annotations

import math
import random

import cardtable
from cardtable.bot_protocol import choose_for
from cardtable.engine import State
from cardtable.games.krypkasino.bot import KrypkasinoRulesBot, sweep_chance
from cardtable.random_bot import RandomBot
from cardtable.seat_view import SeatView
from test_krypkasino_game import deal


def rules_choice(state: State, seed: int = 0) -> str:
    seat = state.to_move
    assert seat is not None
    return KrypkasinoRulesBot(seed).choose(SeatView(state, seat)).text


def test_when_obliged_it_sweeps_with_the_cheapest_card() -> None:
    # 8H would be a dubbeltabbe (+10), 8C an ordinary tabbe (+5).
    state = deal(["8H 8C 2C 2D 3C 3D", "9C 9D 10D 10S 10C 10H"], "8H QC KC KD")
    assert rules_choice(state) == "play 8C"
    # 9S (a spade, 1 point) and 9H both sweep 4S 5D: the heart costs nothing.
    state = deal(["9S 9H 2C 2D 6C 6D", "9C 9D 10D 10S 10C 10H"], "4S 5D KC KD")
    assert rules_choice(state) == "play 9H"


def test_it_avoids_capturing_scoring_cards() -> None:
    # 10C would take 10D (3 points); 7C takes 7H (none); 2C, 3C and JC take nothing.
    state = deal(["10C 7C JC 2C 3C 4C", "9C 9D 9H 10S 10H QH"], "10D 7H 5S 6H")
    choice = rules_choice(state)
    assert choice != "play 10C"
    # The choice among families: of 3C+6S and 3D+6S... here 9H takes 6H and one of 3C/3D.
    state = deal(["9H 2D 2H 4H 4D 5C", "9C 9D 10D 10S 10C 10H"], "3S 3D 6H KC")
    costs = {m.text: KrypkasinoRulesBot.cost(state.observation(0), m) for m in state.legal_moves()}
    assert costs["play 9H take 3D 6H"] < costs["play 9H take 3S 6H"]


def test_it_crawls_a_scoring_card_rather_than_capture_with_it() -> None:
    # AS (2 points) creeps on 5D 6C 8C 9C (no 14 there); 7D would take nothing either.
    state = deal(["AS 7D 2C 2D 4H 4D", "9C 9D 10D 10S 10C 10H"], "5D 6C 8C 9C")
    assert rules_choice(state) == "play AS"


def test_it_leaves_the_next_opponent_a_forced_sweep() -> None:
    # Table 2C: creeping 3C leaves 2+3, which any of the eight unseen fives sweeps; 4H leaves
    # 2+4, which only a six sweeps, and the bot holds four of the eight sixes. A forced sweep
    # costs the opponent 5 and gives the bot, his assistant, -5.
    state = deal(["3C 4H 6C 6D 6H 6S", "5C 5D 5H 5S 10C 10H"], "2C KC KD KH")
    costs = {m.text: KrypkasinoRulesBot.cost(state.observation(0), m) for m in state.legal_moves()}
    assert costs["play 3C"] < costs["play 4H"]
    assert costs[rules_choice(state)] == min(costs.values())
    state.apply("play 3C")
    assert [m.text for m in state.legal_moves()] == ["play 5C", "play 5D", "play 5H", "play 5S"]
    state.apply("play 5C")
    assert state.observation(0)["tabbe_points"] == [-5, 5]


def test_sweep_chance() -> None:
    assert sweep_chance({9}, {9: 8, 5: 8}, 1) == 0.5
    assert sweep_chance({9}, {9: 1, 5: 1}, 2) == 1.0
    assert math.isclose(sweep_chance({9}, {9: 2, 5: 2}, 2), 1 - 1 / 6)


def margin(players: int, hands: int, teams: str = "none") -> tuple[float, float]:
    """Rules bot's points per hand less the random seats' mean, seats rotated; mean and 95%."""
    game = cardtable.load("krypkasino", players=players, deals=1, teams=teams)
    diffs = []
    for i in range(hands):
        seat = i % players
        bots = [
            KrypkasinoRulesBot(i) if s == seat else RandomBot(i * 7 + s) for s in range(players)
        ]
        state = game.new_state(seed=20_000 + i)
        while not state.is_over:
            mover = state.to_move
            assert mover is not None
            state.apply(choose_for(bots[mover], state))
        assert state.result is not None
        points = state.result["hands"][0]
        if teams == "none":
            others = [points[s] for s in range(players) if s != seat]
            diffs.append(points[seat] - sum(others) / len(others))
        else:
            diffs.append(points[seat] - points[(seat + 1) % players])
    mean = sum(diffs) / len(diffs)
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1))
    return mean, 1.96 * sd / math.sqrt(len(diffs))


def test_the_rules_bot_beats_the_random_bot() -> None:
    for players in (2, 4, 6):
        mean, half = margin(players, 60)
        assert mean + half < -2, (players, mean, half)


def test_the_rules_bot_repeats_for_a_seed() -> None:
    def game(seed: int) -> list[str]:
        state = cardtable.load("krypkasino", players=3, deals=1).new_state(seed=seed)
        bots = [KrypkasinoRulesBot(seed + s) for s in range(3)]
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            state.apply(choose_for(bots[seat], state))
        return state.history

    assert game(3) == game(3)
    rng = random.Random(1)
    assert game(rng.randrange(100)) != game(101)
