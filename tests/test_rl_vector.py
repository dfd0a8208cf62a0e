"""The vector API (``cardtable.rl.vector``): N tables checked move for move against the engine
(``load(game).new_state(seed)`` driven through ``State.apply``) over thousands of games, seeds,
autoreset, rewards, the tensors, and the errors."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import cardtable
from cardtable.encoding import Codec
from cardtable.engine import Move, State
from cardtable.errors import IllegalMoveError, OptionError
from cardtable.registry import codec as codec_of
from cardtable.rl.driver import margins
from cardtable.rl.vector import VectorEnv, vector_env


class Reference:
    """One table played by the engine alone: the moves the actions name, applied with
    ``State.apply``; the legal actions worked out from ``legal_moves()`` here, not by the
    driver the vector API uses."""

    def __init__(self, game: cardtable.Game, codec: Codec, seed: int) -> None:
        self.state: State = game.new_state(seed=seed)
        self.codec = codec
        self.seed = seed
        self.prefix: tuple[int, ...] = ()
        self.paid = margins(self.state)
        self.earned = [0.0] * game.num_players

    def fitting(self) -> list[tuple[Move, tuple[int, ...]]]:
        n = len(self.prefix)
        pairs = [(m, self.codec.actions(m)) for m in self.state.legal_moves()]
        return [(m, seq) for m, seq in pairs if seq[:n] == self.prefix]

    def legal(self) -> list[int]:
        n = len(self.prefix)
        return sorted({seq[n] for _m, seq in self.fitting()})

    def take(self, action: int) -> None:
        """The action; the move once the actions name one."""
        self.prefix = (*self.prefix, action)
        fits = self.fitting()
        if len(fits) == 1:
            self.state.apply(fits[0][0].text)  # through the notation, as a person would
            self.prefix = ()
            now = margins(self.state)
            self.earned = [e + a - b for e, a, b in zip(self.earned, now, self.paid, strict=True)]
            self.paid = now

    def tensor(self, kind: str, width: int) -> np.ndarray:
        seat = self.state.to_move
        assert seat is not None
        view = self.state.observation(seat)
        out = np.zeros(width, np.float32)
        if kind == "observation":
            head = self.codec.observe(view)
        else:
            head = self.codec.info_state(view, self.state.events_for(seat))
        out[: len(head)] = head
        for action in self.prefix:
            out[len(head) + action] = 1.0
        return out


def play_against_engine(
    name: str,
    options: dict[str, Any],
    tables: int,
    games: int,
    kind: str = "observation",
    tensors_every: int = 0,
    engine: bool = False,
) -> int:
    """Play ``tables`` tables until ``games`` games have ended, every step checked against the
    engine; tensors compared at every ``tensors_every``-th step (0: never). The games ended."""
    venv = VectorEnv(name, tables, observation=kind, seed=1000, engine=engine, **options)
    game = cardtable.load(name, **options)
    codec = codec_of(game)
    refs = [Reference(game, codec, 1000 + i) for i in range(tables)]
    next_seed = 1000 + tables
    rng = np.random.default_rng(7)
    obs, mask, to_move = venv.reset()
    ended = steps = 0
    while ended < games:
        for i, ref in enumerate(refs):
            assert venv.seeds[i] == ref.seed
            assert to_move[i] == ref.state.to_move, (name, ref.seed, ref.state.history)
            assert np.flatnonzero(mask[i]).tolist() == ref.legal(), (name, ref.seed)
            if tensors_every and steps % tensors_every == 0:
                assert np.array_equal(obs[i], ref.tensor(kind, venv.obs_size)), (name, ref.seed)
        choice = rng.random(mask.shape) * (mask != 0)
        actions = choice.argmax(axis=1)
        obs, mask, to_move, rewards, done = venv.step(actions)
        steps += 1
        for i, ref in enumerate(refs):
            before = list(ref.earned)
            ref.take(int(actions[i]))
            gained = [a - b for a, b in zip(ref.earned, before, strict=True)]
            assert rewards[i].tolist() == pytest.approx(gained, abs=1e-4), (name, ref.seed)
            assert bool(done[i]) == ref.state.is_over, (name, ref.seed)
            if ref.state.is_over:
                assert venv.final_scores[i].tolist() == ref.state.scores
                assert ref.earned == pytest.approx(margins(ref.state))
                refs[i] = Reference(game, codec, next_seed)
                next_seed += 1
                ended += 1
    return ended


@pytest.mark.parametrize(
    ("name", "options", "tables", "games", "kind"),
    [
        ("kloepper", {"target": 1}, 32, 1600, "info_state"),
        ("kloepper", {"target": 10}, 8, 40, "observation"),
        ("cribbage", {"target": 61}, 16, 160, "observation"),
        ("calypso", {"rounds": 1}, 8, 40, "observation"),
        ("krypkasino", {"deals": 1}, 16, 200, "observation"),
    ],
)
def test_vector_tables_follow_the_engine_move_for_move(
    name: str, options: dict[str, Any], tables: int, games: int, kind: str
) -> None:
    # Thousands of games in all: the same legal actions, seat to act, rewards, scores and end;
    # Kloepper's own core (its tensors kept cell by cell) also the codec's tensor at every step.
    every = 1 if name == "kloepper" else 0
    assert play_against_engine(name, options, tables, games, kind, every) >= games


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("kloepper", {"target": 1}),
        ("cribbage", {"target": 61}),
        ("calypso", {"rounds": 1}),
        ("krypkasino", {"deals": 1, "players": 3}),
    ],
)
@pytest.mark.parametrize("kind", ["observation", "info_state"])
def test_vector_tensors_are_the_codecs(name: str, options: dict[str, Any], kind: str) -> None:
    assert play_against_engine(name, options, 4, 6, kind=kind, tensors_every=3) >= 6


def test_kloepper_engine_core_gives_the_same_arrays() -> None:
    # The engine's drivers, asked for explicitly, play exactly as the default core.
    for kind in ("observation", "info_state"):
        assert play_against_engine("kloepper", {"target": 2}, 8, 30, kind, 1, engine=True) >= 30


def test_autoreset_starts_the_next_seed_and_returns_its_first_decision() -> None:
    venv = vector_env("kloepper", 2, seed=5, target=1)
    _obs, mask, to_move = venv.reset()
    assert venv.seeds.tolist() == [5, 6]
    rng = np.random.default_rng(3)
    finished: list[tuple[int, int]] = []
    totals = np.zeros((2, 4))
    while len(finished) < 3:
        seeds = venv.seeds.copy()
        actions = (rng.random(mask.shape) * mask).argmax(axis=1)
        _obs, mask, to_move, rewards, done = venv.step(actions)
        totals += rewards
        for i in np.flatnonzero(done):
            finished.append((int(i), int(seeds[i])))
            # The finished game's rewards sum to its final margins, which the scores give.
            scores = venv.final_scores[i]
            assert totals[i].tolist() == pytest.approx([s - (scores.sum() - s) / 3 for s in scores])
            totals[i] = 0
            # The row is already the first decision of the next seed's game.
            fresh = cardtable.load("kloepper", target=1).new_state(seed=int(venv.seeds[i]))
            assert to_move[i] == fresh.to_move
            assert mask[i].sum() == len(fresh.legal_moves())
    # Seeds after the reset's are handed out in the order the tables finish: 7, 8, 9.
    assert sorted(int(venv.seeds[i]) for i in range(2))[-1] >= 8
    assert [s for _i, s in finished][:2] in ([5, 6], [6, 5], [5, 7], [6, 7])


def test_reset_seed_replays_the_same_arrays() -> None:
    def run(seed: int) -> list[list[float]]:
        venv = vector_env("cribbage", 3, observation="info_state", target=61)
        obs, mask, _ = venv.reset(seed=seed)
        rng = np.random.default_rng(1)
        out = []
        for _ in range(40):
            obs, mask, _, rewards, _ = venv.step((rng.random(mask.shape) * mask).argmax(axis=1))
            out.append([float(obs.sum()), float(rewards.sum()), *venv.seeds.tolist()])
        return out

    assert run(9) == run(9)
    assert run(9) != run(10)


def test_an_illegal_action_names_the_table_and_the_legal_ones() -> None:
    venv = vector_env("kloepper", 2, target=1)
    _obs, mask, _ = venv.reset(seed=3)
    assert np.flatnonzero(mask[1]).tolist() == [28]
    with pytest.raises(IllegalMoveError) as caught:
        venv.step(np.array([28, 0]))
    assert str(caught.value) == "table 1: action 0 is not legal for seat 0; legal: 28 (pass)"
    # Nothing moved: the same step with legal actions still works from the start.
    assert venv.core.to_move.tolist() == [0, 0]
    with pytest.raises(IllegalMoveError, match="legal: 28 \\(pass\\)"):
        venv.step(np.array([99, 28]))
    with pytest.raises(IllegalMoveError, match="one whole-number action per table, 2 in all"):
        venv.step(np.array([28]))
    with pytest.raises(IllegalMoveError, match="type float64"):
        venv.step(np.array([28.0, 28.0]))


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(OptionError, match="number of tables must be a whole number of 1 or more"):
        vector_env("kloepper", 0)
    with pytest.raises(OptionError, match="unknown reward 'score'; rewards: margin, win"):
        vector_env("kloepper", 2, reward="score")
    with pytest.raises(
        OptionError, match="unknown observation 'tensor'; observations: observation, info_state"
    ):
        vector_env("kloepper", 2, observation="tensor")
    with pytest.raises(OptionError, match="seed must be a whole number of 0 or more, not -1"):
        vector_env("kloepper", 2, seed=-1)
    with pytest.raises(OptionError, match="call reset\\(\\) before step\\(\\)"):
        vector_env("kloepper", 1).step(np.array([0]))


def test_win_rewards_come_at_the_end() -> None:
    venv = vector_env("kloepper", 4, reward="win", target=1)
    _obs, mask, _ = venv.reset(seed=0)
    rng = np.random.default_rng(0)
    seen = 0
    while seen < 8:
        _obs, mask, _, rewards, done = venv.step((rng.random(mask.shape) * mask).argmax(axis=1))
        assert not rewards[~done].any()
        for i in np.flatnonzero(done):
            assert sorted(rewards[i].tolist()) in ([-1, -1, 1, 1], [-1, -1, -1, 1], [-1, 1, 1, 1])
            seen += 1
