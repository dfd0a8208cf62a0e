"""The measurement against the outside Cribbage simulator (bench/outside_cribbage.py).

The adapter's own logic is tested without the simulator. With the simulator's checkout
(``./.outside/simulate-cribbage-games`` or ``$CRIBBAGE_SIMULATOR``, and its packages runstats
and diskcache) the adapter is also checked against the simulator's own game loop: on the same
deals, its strategies seated at a cardtable state score exactly what they score in its own
games, and the play is written in its notation exactly as its loop writes it.
"""

from __future__ import annotations

import contextlib
import doctest
import io
import itertools
import json
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"
sys.path.insert(0, str(BENCH))

import cardtable  # noqa: E402
import outside_cribbage  # noqa: E402
from cardtable.bots.arena import GameResult  # noqa: E402
from cardtable.errors import OptionError  # noqa: E402
from outside import actions, match, opponents, report, simulator  # noqa: E402
from outside.actions import simulator_actions  # noqa: E402
from outside.match import OPTIONS, Task, _OutsideSeat, play_game, run_games, tasks_for  # noqa: E402
from outside.opponents import make_opponent, parse_opponent  # noqa: E402
from outside.simulator import (  # noqa: E402
    SimulatorMissing,
    cache_folder,
    find_simulator,
    from_sim,
    load_simulator,
    quietly,
    to_sim,
)

# ----------------------------------------------------------------- without the simulator


@pytest.mark.parametrize("module", [actions, simulator, opponents, match, report])
def test_doctests(module: ModuleType) -> None:
    # bench/ is outside the suite's doctest paths: its examples run here.
    outcome = doctest.testmod(module)
    assert outcome.failed == 0 and outcome.attempted > 0


def test_actions_put_back_the_gos() -> None:
    # Pone 10, dealer 5 (15), pone 6 (21), dealer K (31): Go, Go closes the count; pone leads
    # 4, the dealer has no card left that fits... it has none at all: Go before each pone card.
    plays = [
        (0, 10, False),
        (1, 5, False),
        (0, 6, False),
        (1, 13, False),
        (0, 4, True),
        (0, 2, False),
    ]
    assert simulator_actions(plays) == [10, 5, 6, 13, None, None, 4, None, 2]
    # The dealer to decide at once after a closed count, the pone out of cards.
    assert simulator_actions([(0, 10, False), (1, 21, False), (1, None, True)]) == [
        10,
        21,
        None,
        None,
        None,
    ]
    assert simulator_actions([(0, None, False)]) == []


def test_find_simulator_order(tmp_path: Path) -> None:
    (tmp_path / "simulate_cribbage_games.py").write_text("")
    env = {"CRIBBAGE_SIMULATOR": str(tmp_path)}
    assert find_simulator(None, environ=env) == tmp_path.resolve()
    assert find_simulator(str(tmp_path / "nope"), environ=env) is None
    assert find_simulator(str(tmp_path), environ={}) == tmp_path.resolve()


def test_loading_an_empty_folder_says_what_is_missing(tmp_path: Path) -> None:
    with pytest.raises(SimulatorMissing, match=re.escape("no simulate_cribbage_games.py in")):
        load_simulator(tmp_path)


def test_opponent_settings_are_checked() -> None:
    assert parse_opponent("simulation:discard=20:play=50") == (
        "simulation",
        {"discard": 20, "play": 50},
    )
    for spec, words in [
        ("static:play=5", "bad settings for outside opponent 'static': play=5"),
        ("simulation:play=1.5", "bot setting 'play' must be a whole number"),
        ("simulation:discard=yes", "bot setting 'discard' must be a whole number"),
        ("simulation:play", "bad bot setting 'play'"),
    ]:
        with pytest.raises(OptionError, match=re.escape(words)):
            parse_opponent(spec)


def test_tasks_pair_the_seatings() -> None:
    tasks = tasks_for(4, "hard", "static", 7, Path("/x"), first=10)
    assert [(t.deal, t.seating) for t in tasks] == [
        (10, (0, 1)),
        (10, (1, 0)),
        (11, (0, 1)),
        (11, (1, 0)),
    ]
    assert {t.seed for t in tasks} == {7}


def test_script_skips_without_the_simulator(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert outside_cribbage.main(["--simulator", str(tmp_path), "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "git clone https://github.com/markafitzgerald1/simulate-cribbage-games" in out
    assert out.rstrip().endswith("Skipped.")


def test_script_refuses_a_bad_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert outside_cribbage.main(["--bot", "wizard"]) == 2
    assert "no bot 'wizard' for cribbage" in capsys.readouterr().err


def test_parts_of_a_match_merge(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def part(deal: int, margin: float) -> Path:
        won = GameResult(deal, (0, 1), (121.0, 121.0 - margin), (0,), 10, (40, 40), (0.1, 0.2))
        lost = GameResult(deal, (1, 0), (121.0, 111.0), (0,), 10, (40, 40), (0.1, 0.2))
        kinds = ["skunk" if margin >= 31 else "win", "win"]
        rows = [match.Outcome(won, kinds[0]), match.Outcome(lost, kinds[1])]
        path = tmp_path / f"part{deal}.json"
        path.write_text(json.dumps(report.Report("hard", "static", 0, rows).to_json()))
        return path

    first, second = part(0, 40), part(1, 20)
    assert outside_cribbage.main(["--merge", str(first), str(second)]) == 0
    lines = capsys.readouterr().out.splitlines()
    # Per deal: (+4.0 - 1.0) / 2 and (+2.0 - 1.0) / 2, by game and by deal alike.
    assert lines[1] == "games 4 (2 deal sequences played twice, seats swapped), deals 40"
    assert lines[3].startswith("points per deal, hard less outside: +1.000 [")
    assert lines[4] == "skunks won: hard 1 (double 0), outside 0 (double 0)"
    assert outside_cribbage.main(["--merge", str(first), str(first)]) == 2
    assert "overlap" in capsys.readouterr().err


# ----------------------------------------------------------------- with the simulator

FOLDER = find_simulator()


def _simulator() -> ModuleType:
    if FOLDER is None:
        pytest.skip(
            "the outside Cribbage simulator is absent: git clone "
            "https://github.com/markafitzgerald1/simulate-cribbage-games "
            ".outside/simulate-cribbage-games (or set $CRIBBAGE_SIMULATOR)"
        )
    try:
        return load_simulator(FOLDER)
    except SimulatorMissing as missing:
        pytest.skip(f"the outside Cribbage simulator cannot load: {missing}")


def _first_deal(sim: ModuleType, seed: int) -> tuple[list[list[int]], int, list[Any], list[int]]:
    """The first deal of cardtable's game ``seed`` with both seats played by the simulator's
    static strategy through the adapter: the hands, the starter, the play (as the adapter
    records it) and the pegs after the deal. The hands are given to the strategies in the
    order the simulator's own loop holds fixed cards in (its set's order), so that their ties
    break alike."""
    assert FOLDER is not None
    game = cardtable.load("cribbage", **OPTIONS)
    state = game.new_state(seed=seed)
    hands = [list(h) for h in state.hands]  # type: ignore[attr-defined]
    starter = int(state.starter_card)  # type: ignore[attr-defined]
    opponent = make_opponent(sim, FOLDER, "static")

    def set_order(cards: list[int]) -> list[int]:
        return [from_sim(c) for c in {to_sim(sim, c) for c in cards}]

    seats = [_OutsideSeat(opponent, s, 0, set_order) for s in range(2)]
    plays: list[Any] = []
    while state.observation(None)["deal_number"] == 1 and not state.is_over:
        seat = state.to_move
        assert seat is not None
        obs = state.observation(seat)
        move = seats[seat].choose(game, obs, plays)
        if obs["phase"] == "play":
            role = 1 if obs["dealer"] == seat else 0
            plays.append((role, move.cards[0], obs["count"] == 0 and bool(plays)))
        state.apply(move)
    return hands, starter, plays, list(state.scores)


def _their_deal(sim: ModuleType, hands: list[list[int]], starter: int) -> tuple[list[int], str]:
    """The simulator's own loop on the same deal (seat 0 the pone): the points and its log."""
    assert FOLDER is not None
    pone, dealer = ([to_sim(sim, c) for c in h] for h in hands)
    cut = to_sim(sim, starter)
    deck = [c for c in sim.DECK_LIST if c not in [*pone, *dealer, cut]]
    printed = io.StringIO()
    with quietly(cache_folder(FOLDER)), contextlib.redirect_stdout(printed):
        result = sim.simulate_game(
            pone, dealer, deck, [], [], cut, 1,
            sim.BEST_STATIC_SELECT_PONE_KEPT_CARDS, None, False,
            sim.BEST_STATIC_SELECT_DEALER_KEPT_CARDS, None, False,
            sim.DEFAULT_SELECT_PLAY, None, sim.DEFAULT_SELECT_PLAY, None, None, None,
            False, False, False, {}, True, True,
            itertools.cycle([()]), itertools.cycle([()]), set(),
            0, 0, None, [], False,
        )  # fmt: skip
    return [result.score.pone_total, result.score.dealer_total], printed.getvalue()


def test_same_deals_score_the_same_as_in_the_simulators_own_games() -> None:
    sim = _simulator()
    for seed in range(25):
        hands, starter, plays, pegs = _first_deal(sim, seed)
        theirs, log = _their_deal(sim, hands, starter)
        assert pegs == theirs, seed
        # Its last "plays" line lists every action of the play, Gos included.
        last = [line for line in log.splitlines() if " plays " in line][-1]
        written = re.search(r"\((.*)\)$", last)
        assert written is not None
        expected = [a for part in written.group(1).split(";") for a in part.strip("[]").split(",")]
        ours = ["Go" if a is None else str(to_sim(sim, a)) for a in simulator_actions(plays)]
        assert ours == expected, seed


def test_a_duplicate_pair_of_games_is_repeatable() -> None:
    _simulator()
    assert FOLDER is not None
    tasks = tasks_for(2, "hard", "static", 3, FOLDER)
    first = [play_game(t) for t in tasks]
    again = list(run_games(tasks, jobs=2))

    def played(outcome: match.Outcome) -> tuple[Any, ...]:
        g = outcome.result  # all but the seconds, which the machine decides
        return (g.deal, g.seating, g.scores, g.winners, g.deals, g.moves, outcome.kind)

    assert [played(o) for o in first] == [played(o) for o in again]
    for outcome in first:
        g = outcome.result
        assert max(g.scores) == 121 and len(g.winners) == 1
        assert g.scores[g.winners[0]] == 121
        assert outcome.kind in ("win", "skunk", "double skunk")
        assert all(m > 0 for m in g.moves)


def test_the_simulation_strategy_decides_from_its_own_view() -> None:
    sim = _simulator()
    assert FOLDER is not None
    opponent = make_opponent(sim, FOLDER, "simulation:discard=3:play=3")
    dealt = [0, 17, 18, 38, 44, 51]  # AC 5D 5H 10H QC KS
    kept = opponent.keep(dealt, dealer=True, scores=(100, 110), seed=5)
    assert len(kept) == 4 and set(kept) <= set(dealt)
    assert opponent.keep(dealt, dealer=True, scores=(100, 110), seed=5) == kept
    turn = opponents.Turn(
        role=1,
        dealt=tuple(dealt),
        kept=tuple(kept),
        legal=tuple(kept),
        count=4,
        count_cards=(13,),  # the pone led 4C
        starter=24,  # 7C
        plays=((0, 13, False),),
        scores=(100, 110),
        seed=9,
    )
    card = opponent.play(turn)
    assert card in kept and opponent.play(turn) == card


def test_a_game_task_plays_the_cardtable_bot_in_its_seat() -> None:
    _simulator()
    assert FOLDER is not None
    task = Task(0, (1, 0), "random", "static", 0, str(FOLDER))
    outcome = play_game(task)
    # The outside strategy, far stronger than random moves, wins from seat 0.
    assert outcome.result.winners == (0,)
