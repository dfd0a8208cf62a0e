"""The OpenSpiel adapter: every game passes OpenSpiel's own checks, its tensors have the declared
sizes, sampled worlds keep the information state, a seed replays the game, and OpenSpiel's
ISMCTS plays, through the adapter and as a cardtable bot."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="needs OpenSpiel: pip install 'cardtable[openspiel]'"
)

import cardtable  # noqa: E402
from cardtable.bots.arena import run_match  # noqa: E402
from cardtable.bots.levels import make_bot, unregister_bot  # noqa: E402
from cardtable.errors import OptionError  # noqa: E402
from cardtable.registry import codec as codec_of  # noqa: E402
from cardtable.rl import openspiel as adapter  # noqa: E402

#: Options that make each game short.
SHORT: dict[str, dict[str, Any]] = {
    "calypso": {"rounds": 1},
    "cribbage": {"target": 61},
    "kloepper": {"target": 1},
    "krypkasino": {"deals": 1},
}
GAMES = sorted(SHORT)


@pytest.fixture(scope="module", autouse=True)
def _registered() -> Iterator[None]:
    adapter.register()
    yield
    # Later tests and doctests list every game's bots.
    unregister_bot(adapter.OpenSpielBot.name)


def load(name: str, **extra: Any) -> Any:
    return pyspiel.load_game(adapter.short_name(name), {**SHORT[name], **extra})


def dealt(game: Any, seed: int) -> Any:
    """A new state past the seed's chance nodes."""
    state = game.new_initial_state()
    for action in adapter.seed_actions(seed):
        state.apply_action(action)
    return state


@pytest.mark.parametrize("name", GAMES)
def test_random_sim_test(name: str) -> None:
    sims = 1 if name == "calypso" else 3
    pyspiel.random_sim_test(load(name), num_sims=sims, serialize=False, verbose=False)


def test_serialized_states_replay() -> None:
    pyspiel.random_sim_test(load("kloepper"), num_sims=2, serialize=True, verbose=False)


#: Each game's declared bounds (its codec's), at default options and one variant: the margin
#: either way and the most actions of a game, as OpenSpiel's GameInfo states them.
BOUNDS = [
    ("calypso", {}, 7540.0, 208),
    ("calypso", {"rounds": 2}, 15080.0, 416),
    ("cribbage", {}, 121.0, 14520),
    ("cribbage", {"players": 4, "target": 61}, 61.0, 14640),
    ("cribbage", {"games": 3}, 9.0, 43560),
    ("kloepper", {}, 59.0, 4800),
    ("kloepper", {"target": 1}, 30.0, 160),
    ("krypkasino", {}, 17312.0, 22464),
    ("krypkasino", {"players": 4, "deals": 2}, 8656.0, 11232),
]


@pytest.mark.parametrize(("name", "options", "margin", "length"), BOUNDS)
def test_each_game_declares_its_bounds(
    name: str, options: dict[str, Any], margin: float, length: int
) -> None:
    game = pyspiel.load_game(adapter.short_name(name), options)
    assert (game.min_utility(), game.max_utility()) == (-margin, margin)
    assert game.max_game_length() == length
    codec = codec_of(cardtable.load(name, **options))
    assert (codec.utility_bound(), codec.max_game_length()) == (margin, length)


def test_a_codec_that_declares_no_bounds_gets_generous_ones() -> None:
    from cardtable.encoding import Codec

    class Bare(Codec):
        def actions(self, move: Any) -> tuple[int, ...]:
            return ()

        def action_name(self, action: int) -> str:
            return ""

        def _observe(self, obs: Any, w: Any) -> None:
            return None

    bare = Bare(cardtable.load("kloepper"))
    assert (bare.utility_bound(), bare.max_game_length()) == (1e6, 100_000)


def test_win_reward_is_general_sum() -> None:
    game = load("kloepper", reward="win")
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)
    with pytest.raises(OptionError, match="unknown reward"):
        load("kloepper", reward="points")


def test_options_are_parameters() -> None:
    spec = adapter.game_type("krypkasino").parameter_specification
    assert spec["deals"] == adapter.DERIVED and spec["players"] == 4
    game = pyspiel.load_game("cardtable_cribbage", {"players": 3})
    assert game.num_players() == 3
    assert game.cardtable_game.options["dealer"] == 2  # derived: the last seat


@pytest.mark.parametrize("name", GAMES)
def test_tensors_and_resampled_information_states(name: str) -> None:
    game = load(name)
    obs_size = game.observation_tensor_size()
    info_size = game.information_state_tensor_size()
    rng = random.Random(1)
    state = dealt(game, 11)
    step = 0
    while not state.is_terminal():
        if step % 9 == 0:
            for seat in range(game.num_players()):
                assert len(state.observation_tensor(seat)) == obs_size
                info = state.information_state_tensor(seat)
                assert len(info) == info_size
                key = state.information_state_string(seat)
                for k in range(2):
                    world = state.resample(seat, random.Random(k))
                    assert world.information_state_string(seat) == key
                    assert world.information_state_tensor(seat) == info
                    assert world.observation_string(seat) == state.observation_string(seat)
                    if seat == state.current_player():
                        assert world.legal_actions() == state.legal_actions()
        state.apply_action(rng.choice(state.legal_actions()))
        step += 1


def test_resample_from_infostate_uses_the_sampler() -> None:
    state = dealt(load("kloepper"), 4)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    world = state.resample_from_infostate(0, sampler)
    assert world.information_state_string(0) == state.information_state_string(0)
    assert world.history() == []


@pytest.mark.parametrize("name", ["cribbage", "krypkasino"])
def test_rl_environment_episode(name: str) -> None:
    from open_spiel.python import rl_environment

    env = rl_environment.Environment(load(name), seed=3)
    rng = np.random.RandomState(0)
    step = env.reset()
    total = np.zeros(env.num_players)
    while not step.last():
        player = step.observations["current_player"]
        action = rng.choice(step.observations["legal_actions"][player])
        step = env.step([action])
        total += step.rewards
    assert abs(total.sum()) < 1e-6 and total.any()


@pytest.mark.parametrize("name", GAMES)
def test_seed_replays_the_game(name: str) -> None:
    state = dealt(load(name), 2**63 + 12345)
    rng = random.Random(5)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    engine = state.engine
    replay = cardtable.load(name, **SHORT[name]).new_state(seed=2**63 + 12345)
    replay.apply_all(engine.history)
    assert engine.seed == replay.seed
    assert replay.history == engine.history and replay.is_over
    assert replay.scores == engine.scores


def test_python_ismcts_through_the_adapter() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = load("krypkasino")
    state = dealt(game, 8)
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
        6.0,
        20,
        random_state=np.random.RandomState(1),
    )
    for _ in range(6):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_openspiel_bot_plays_in_the_arena() -> None:
    result = run_match(
        "kloepper",
        ["openspiel-ismcts:simulations=5", "random"],
        deals=2,
        seed=1,
        options=SHORT["kloepper"],
    )
    assert len(result.games) == 2 and all(g.moves[0] > 0 for g in result.games)
    with pytest.raises(OptionError, match="simulations"):
        make_bot("kloepper", "openspiel-ismcts:simulations=0")


def test_openspiel_bot_is_deterministic_and_plays_multi_action_moves() -> None:
    from cardtable.seat_view import SeatView

    state = cardtable.load("krypkasino", deals=1).new_state(seed=3)
    rng = random.Random(0)
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        view = SeatView(state, seat)
        move = adapter.OpenSpielBot(seed=len(state.history), simulations=3).choose(view)
        again = adapter.OpenSpielBot(seed=len(state.history), simulations=3).choose(view)
        assert move is again and move in state.legal_moves()
        state.apply(move if rng.random() < 0.5 else rng.choice(state.legal_moves()))


def test_nfsp_learns_through_rl_environment_unchanged() -> None:
    pytest.importorskip("tree", reason="NFSP needs dm-tree: pip install 'cardtable[openspiel]'")
    pytest.importorskip("torch", reason="OpenSpiel's NFSP here is its PyTorch one")
    from open_spiel.python import rl_environment
    from open_spiel.python.pytorch import nfsp

    env = rl_environment.Environment(load("kloepper"), seed=5)
    size = env.observation_spec()["info_state"][0]
    agents = [
        nfsp.NFSP(
            player,
            size,
            env.action_spec()["num_actions"],
            hidden_layers_sizes=[32],
            reservoir_buffer_capacity=1000,
            anticipatory_param=0.1,
            batch_size=16,
            min_buffer_size_to_learn=50,
            learn_every=16,
            replay_buffer_capacity=1000,
            seed=player,
        )
        for player in range(env.num_players)
    ]
    steps = episodes = 0
    while steps < 400:
        step = env.reset()
        while not step.last():
            player = step.observations["current_player"]
            output = agents[player].step(step)
            step = env.step([output.action])
            steps += 1
        for agent in agents:
            agent.step(step)  # every agent sees the end and its return
        episodes += 1
    assert episodes >= 400 // 30  # a one-deal game is 25 to 30 decisions
    assert all(agent.step_counter >= 50 for agent in agents)
