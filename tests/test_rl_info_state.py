"""``observation="info_state"`` in PettingZoo and Gymnasium: the codec's information-state
tensor, its sizes, the same tensor as OpenSpiel's, and equal tensors for twins (issue 27,
item 4)."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip(
    "pettingzoo", reason="the research API needs its extra: pip install 'cardtable[rl]'"
)

from pettingzoo.test import api_test, seed_test

import cardtable
from cardtable.engine import State
from cardtable.errors import OptionError
from cardtable.registry import codec
from cardtable.rl import env, parallel_env, single
from contract import (
    ContractRun,
    _packs_drawn,
    random_decks,
    reference_cards,
    twin,
)
from rl_cases import SHORT

pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
]

#: Cells of each game's information-state tensor in the environments (docs/research.md's
#: table; Krypkasino's ends with the 105 cells of the move in progress).
SIZES = {
    ("calypso", ()): 3735,
    ("cribbage", ()): 1036,
    ("cribbage", (("players", 3),)): 1426,
    ("kloepper", ()): 1025,
    ("krypkasino", ()): 778,
}


@pytest.mark.parametrize(("name", "options"), sorted(SIZES))
def test_info_state_tensors_have_the_codecs_size_in_both_envs(
    name: str, options: tuple[tuple[str, int], ...]
) -> None:
    size = SIZES[name, options]
    aec = env(name, observation="info_state", **dict(options))
    par = parallel_env(name, observation="info_state", **dict(options))
    gym = single(name, opponents="random", observation="info_state", **dict(options))
    assert aec.observation_space("seat_1")["observation"].shape == (size,)
    assert par.observation_space("seat_0")["observation"].shape == (size,)
    assert gym.observation_space.shape == (size,)
    aec.reset(seed=4)
    assert aec.observe("seat_0")["observation"].shape == (size,)
    obs, _ = gym.reset(seed=4)
    assert obs.shape == (size,) and obs.dtype == np.float32
    c = codec(cardtable.load(name, **dict(options)))
    assert size > c.obs_size + (c.num_actions if c.multi_action else 0)


def test_an_unknown_observation_is_refused_naming_the_choices() -> None:
    with pytest.raises(OptionError, match="unknown observation 'board'; observations: obs"):
        env("kloepper", observation="board")
    with pytest.raises(OptionError, match="unknown observation 'board'; observations: obs"):
        single("kloepper", observation="board")


@pytest.mark.parametrize("name", sorted(SHORT))
def test_pettingzoo_tests_pass_with_info_states(name: str) -> None:
    api_test(env(name, observation="info_state", **SHORT[name]), num_cycles=300)
    seed_test(lambda: env(name, observation="info_state", **SHORT[name]), num_cycles=100)


def test_the_info_state_is_openspiels_information_state_tensor() -> None:
    pytest.importorskip("pyspiel", reason="OpenSpiel's adapter needs cardtable[openspiel]")
    import pyspiel

    from cardtable.rl.openspiel import register, seed_actions

    register(bots=False)
    game = pyspiel.load_game("cardtable_kloepper", {"target": 1})
    rng = random.Random(3)
    compared = 0
    for seed in range(3):
        spiel = game.new_initial_state()
        for action in seed_actions(seed):
            spiel.apply_action(action)
        e = env("kloepper", observation="info_state", target=1)
        e.reset(seed=seed)
        while not spiel.is_terminal():
            agent = e.agent_selection
            player = spiel.current_player()
            assert agent == f"seat_{player}"
            for seat in range(4):
                ours = e.observe(f"seat_{seat}")["observation"]
                assert ours.tolist() == spiel.information_state_tensor(seat)
                compared += 1
            action = rng.choice(spiel.legal_actions())
            spiel.apply_action(action)
            e.step(action)
    assert compared > 300


def plies_and_twins(name: str, seed: int, plies: int) -> tuple[State, dict[int, State]]:
    """A random game of ``name`` (short options) after ``plies`` moves, and for each seat
    that has one a twin: the same game with cards hidden from that seat elsewhere."""
    rng = random.Random(seed)
    game = cardtable.load(name, **SHORT[name])
    reference = reference_cards(game)
    packs = random_decks(game, reference, rng, 8)
    state = game.new_state(seed=seed, decks=packs)
    run = ContractRun(game, seed, packs, reference, state, rng)
    drawn = _packs_drawn(state)
    run.pack = drawn - 1 if drawn <= len(packs) else None
    for _ in range(plies):
        if state.is_over:
            break
        legal = state.legal_moves()
        assert state.to_move is not None
        run.turns.append(state.to_move)
        state.apply(legal[int(rng.random() * len(legal))])
        if _packs_drawn(state) != drawn:
            drawn = _packs_drawn(state)
            run.pack = drawn - 1 if drawn <= len(packs) else None
            run.pack_ply = len(state.history)
    twins = {s: t for s in range(game.num_players) if (t := twin(run, s)) is not None}
    return state, twins


@pytest.mark.parametrize("name", sorted(SHORT))
def test_twins_give_a_seat_equal_info_state_tensors(name: str) -> None:
    e = env(name, observation="info_state", **SHORT[name])
    e.reset(seed=0)
    driver = e.unwrapped.driver
    found = 0
    for seed, plies in ((1, 0), (2, 5), (3, 11), (4, 17)):
        real, twins = plies_and_twins(name, seed, plies)
        for seat, other in twins.items():
            if other.card_places() == real.card_places():
                continue  # a permutation that moved nothing proves nothing
            agent = f"seat_{seat}"
            driver.load(real)
            seen = e.observe(agent)["observation"]
            driver.load(other)
            assert (e.observe(agent)["observation"] == seen).all()
            found += 1
    assert found >= 4
