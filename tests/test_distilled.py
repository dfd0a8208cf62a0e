"""The distilled bot: the expert's copy that plays in numpy (cardtable.bots.distilled)."""

from __future__ import annotations

import hashlib
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import cardtable
from cardtable.bots import choose_for, make_bot
from cardtable.bots.arena import run_match
from cardtable.bots.distilled import (
    NAME,
    DistilledBot,
    Network,
    anchor_cells,
    decision_tensor,
    load_network,
    register_bots,
    save_network,
    shipped_weights,
    unregister_bots,
)
from cardtable.bots.levels import unregister_bot
from cardtable.encoding import next_actions
from cardtable.engine import Event, Game, Move, State
from cardtable.errors import OptionError
from cardtable.registry import codec as codec_of
from cardtable.registry import games
from cardtable.rl.driver import Driver, info_state_tensor, observation_tensor
from cardtable.seat_view import SeatView
from highcard import registered

#: The SHA-256 of each game's shipped weights (bench/distill.py wrote them; a new file is a
#: new bot, whose figures docs/research.md must state again).
DIGESTS = {
    "calypso": "4115569ac571bd2266ee153e24bb4c343afb574f04d818cbaa50061c216bda9f",
    "cribbage": "8625ccbeba8c8f036c2b96fe2b2678ab793cec03e79dced539a795e9810ff4f5",
    "kloepper": "6fcd1196f5f94a00acef1df5022da21cd31c74fd3e6fc57ee39f8895a40b36f7",
    "krypkasino": "9a7e692f81670f4799173058a899d7343f863fe9d33f5b3dc4f84b80be718382",
}

#: A seeded position (the game's options, the seed, moves played from the deal) and the
#: distilled bot's move there.
DECISIONS: dict[str, tuple[dict[str, Any], int, int, str]] = {
    "calypso": ({"rounds": 1}, 2, 3, "play 4H"),
    "cribbage": ({"target": 61}, 2, 3, "play 2S"),
    "kloepper": ({"target": 1}, 3, 4, "play QH"),
    "krypkasino": ({"deals": 1}, 2, 3, "play 3C"),
}


@pytest.fixture(autouse=True, scope="module")
def _registered() -> Iterator[None]:
    register_bots()
    yield
    unregister_bots()  # the doctests that list bots run after


def _trained(game: str) -> Game:
    network = DistilledBot(game).network
    return cardtable.load(game, **network.meta["options"])


def test_the_shipped_weights_are_the_stated_files() -> None:
    shipped = {g for g in games() if shipped_weights(g) is not None}
    assert shipped == set(DIGESTS)
    for game, digest in DIGESTS.items():
        raw = shipped_weights(game)
        assert raw is not None
        assert hashlib.sha256(raw).hexdigest() == digest, game


@pytest.mark.parametrize("game", sorted(DECISIONS))
def test_a_seeded_position_gets_the_stated_move(game: str) -> None:
    options, seed, plies, move = DECISIONS[game]
    state = cardtable.load(game, **options).new_state(seed=seed)
    random_bot = make_bot(game, "random", seed=seed)
    for _ in range(plies):
        state.apply(choose_for(random_bot, state))
    assert choose_for(make_bot(game, NAME), state).text == move


def _play(game: Game, seed: int, bots: list[Any]) -> State:
    state = game.new_state(seed=seed)
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        view = SeatView(state, seat)
        move = bots[seat].choose(view)
        assert move in view.legal_moves()
        state.apply(move)
    return state


@pytest.mark.parametrize("game", sorted(DIGESTS))
def test_full_games_are_legal_and_replay_alike(game: str) -> None:
    trained = _trained(game)
    default = cardtable.load(game)
    for table in (trained, default):
        players = table.num_players
        for seed in range(3):
            first = _play(table, seed, [make_bot(game, NAME, seed=s) for s in range(players)])
            # Other bot objects, the same seeds (their anchors' ties): the same game.
            again = _play(table, seed, [make_bot(game, NAME, seed=s) for s in range(players)])
            assert first.is_over and again.history == first.history


class NarrowView:
    """Only what the bot may ask of its seat: no worlds, no state, no history."""

    def __init__(self, view: SeatView) -> None:
        self._view = view

    @property
    def game(self) -> Game:
        return self._view.game

    @property
    def seat(self) -> int:
        return self._view.seat

    def legal_moves(self) -> list[Move]:
        return self._view.legal_moves()

    def observation(self) -> dict[str, Any]:
        return self._view.observation()

    def events(self) -> list[Event]:
        return self._view.events()


@pytest.mark.parametrize("game", sorted(DIGESTS))
def test_the_bot_reads_only_the_seat_s_observation_events_and_moves(game: str) -> None:
    table = _trained(game)
    # Twins with one seed (their anchors draw alike): one sees the narrow view, one the full.
    narrow, full = make_bot(game, NAME, seed=4), make_bot(game, NAME, seed=4)
    state = table.new_state(seed=4)
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        view = SeatView(state, seat)
        move = narrow.choose(NarrowView(view))  # type: ignore[arg-type]
        assert move == full.choose(view)
        state.apply(move)


@pytest.mark.parametrize("game", sorted(DIGESTS))
def test_the_decision_is_the_network_s_best_legal_action(game: str) -> None:
    """The move's first action is the best-scoring of the legal first actions (the tensor,
    then the empty move in progress, then the anchor's cells where the network reads them)."""
    table = _trained(game)
    bot = DistilledBot(game, seed=6)
    # The anchor's twin, asked at the same decisions (with a choice), draws its ties alike.
    anchor = make_bot(game, bot.network.meta["anchor"] or "random", seed=6)
    codec = codec_of(table)
    state = table.new_state(seed=6)
    checked = 0
    while not state.is_over and checked < 40:
        seat = state.to_move
        assert seat is not None
        view = SeatView(state, seat)
        legal = view.legal_moves()
        firsts = next_actions(codec, legal, ())[1]
        guide = codec.actions(anchor.choose(view)) if len(legal) > 1 else ()
        if len(legal) > 1 and len(firsts) > 1:
            x = decision_tensor(codec, view.observation(), view.events(), (), bot.tensor)
            if bot.anchor is not None:
                x = np.concatenate([x, anchor_cells(codec.num_actions, guide, ())])
            scores = bot.network.scores(x)
            move = bot.choose(view)
            assert codec.actions(move)[0] == firsts[int(np.argmax(scores[firsts]))]
            checked += 1
        else:
            move = bot.choose(view)
        state.apply(move)
    assert checked > 5


@pytest.mark.parametrize(
    ("game", "options"),
    [("kloepper", {"target": 1}), ("cribbage", {"target": 61}), ("krypkasino", {"deals": 1})],
)
def test_decision_tensors_are_the_environments_tensors(game: str, options: dict[str, Any]) -> None:
    table = cardtable.load(game, **options)
    codec = codec_of(table)
    driver = Driver(table, state=table.new_state(seed=2))
    rng = np.random.default_rng(1)
    steps = 0
    while not driver.state.is_over and steps < 60:
        seat = driver.to_move
        assert seat is not None
        state = driver.state
        observation, events = state.observation(seat), state.events_for(seat)
        assert np.array_equal(
            decision_tensor(codec, observation, events, driver.prefix, "info_state"),
            info_state_tensor(codec, state, seat, driver.prefix),
        )
        assert np.array_equal(
            decision_tensor(codec, observation, events, driver.prefix, "observation"),
            observation_tensor(codec, observation, driver.prefix),
        )
        driver.step(int(rng.choice(driver.legal_actions())))
        steps += 1


def _several_action_position() -> tuple[State, int, list[int]]:
    """A Krypkasino position where the first action ``a`` leaves a choice of next actions."""
    table = cardtable.load("krypkasino", deals=1)
    codec = codec_of(table)
    state = table.new_state(seed=0)
    random_bot = make_bot("krypkasino", "random", seed=1)
    while True:
        legal = state.legal_moves()
        for first in next_actions(codec, legal, ())[1]:
            following = next_actions(codec, legal, (first,))[1]
            if len(following) > 1:
                return state, first, following
        state.apply(choose_for(random_bot, state))


def test_a_move_of_several_actions_is_chosen_action_by_action(tmp_path: Path) -> None:
    """The second action is scored with the first one's cell set, as the environments show
    a move in progress: a network that wants ``b`` only after ``a`` gets the move a, b."""
    state, first, following = _several_action_position()
    codec = codec_of(state.game)
    size = codec.obs_size + codec.num_actions
    second = following[-1]
    weights = np.zeros((size, codec.num_actions), np.float32)
    bias = np.zeros(codec.num_actions, np.float32)
    bias[first], bias[second] = 10.0, -5.0
    weights[codec.obs_size + first, second] = 20.0
    path = tmp_path / "k.npz"
    meta = {"game": "krypkasino", "options": {"deals": 1}, "tensor": "observation"}
    save_network(path, [(weights, bias)], meta)
    move = choose_for(make_bot("krypkasino", f"distilled:path={path}"), state)
    assert codec.actions(move)[:2] == (first, second)


def test_one_tensor_scores_as_a_batch_of_one() -> None:
    """One tensor takes numpy's own loops and only its nonzero cells (no BLAS threads); a
    batch the matrix product: the same scores."""
    rng = np.random.default_rng(5)
    layers = [
        (rng.normal(size=(40, 16)).astype(np.float32), rng.normal(size=16).astype(np.float32)),
        (rng.normal(size=(16, 16)).astype(np.float32), rng.normal(size=16).astype(np.float32)),
        (rng.normal(size=(16, 7)).astype(np.float32), rng.normal(size=7).astype(np.float32)),
    ]
    net = Network(layers, {})
    x = np.zeros(40, np.float32)
    x[[1, 7, 30]] = [1.0, 0.5, 2.0]
    one, batch = net.scores(x.copy()), net.scores(x[None, :].copy())[0]
    hidden = np.maximum(
        np.maximum(x @ layers[0][0] + layers[0][1], 0) @ layers[1][0] + layers[1][1], 0
    )
    assert np.allclose(one, batch, atol=1e-5)
    assert np.allclose(one, hidden @ layers[2][0] + layers[2][1], atol=1e-5)


def _copier(game: str, options: dict[str, Any], path: Path) -> None:
    """Weights that read nothing but the anchor's cells and score its action highest."""
    codec = codec_of(cardtable.load(game, **options))
    size = codec.obs_size + (codec.num_actions if codec.multi_action else 0)
    weights = np.zeros((size + codec.num_actions, codec.num_actions), np.float32)
    weights[size:, :] = np.eye(codec.num_actions, dtype=np.float32)
    bias = np.zeros(codec.num_actions, np.float32)
    meta = {"game": game, "options": options, "tensor": "observation", "anchor": "rules"}
    save_network(path, [(weights, bias)], meta)


@pytest.mark.parametrize(
    ("game", "options"),
    [("kloepper", {"target": 1}), ("cribbage", {"target": 61}), ("krypkasino", {"deals": 1})],
)
def test_a_network_that_follows_its_anchor_plays_the_rules_bot_s_game(
    game: str, options: dict[str, Any], tmp_path: Path
) -> None:
    """The anchor's cells are its move's actions in the codec's order, one step at a time
    (Cribbage's discards and Krypkasino's captures take several): a network that copies them
    makes the rules bot's every move, its seeded ties included."""
    path = tmp_path / "copy.npz"
    _copier(game, options, path)
    table = cardtable.load(game, **options)
    players = table.num_players
    for seed in range(2):
        copies = [
            make_bot(game, f"distilled:path={path}", seed=seed * 8 + s) for s in range(players)
        ]
        rules = [make_bot(game, "rules", seed=seed * 8 + s) for s in range(players)]
        assert _play(table, seed, copies).history == _play(table, seed, rules).history


def test_a_weights_file_with_a_bad_anchor_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bad.npz"
    layer = (np.zeros((10, 31), np.float32), np.zeros(31, np.float32))
    meta = {"game": "kloepper", "options": {}, "tensor": "observation", "anchor": "wizard"}
    save_network(path, [layer], meta)
    with pytest.raises(OptionError, match="no bot 'wizard' for kloepper"):
        make_bot("kloepper", f"distilled:path={path}")


def test_it_loads_fast_and_plays_a_thousand_decisions_a_second() -> None:
    start = time.perf_counter()
    bot = make_bot("cribbage", NAME)
    loaded = time.perf_counter() - start
    table = _trained("cribbage")
    decisions, seconds = 0, 0.0
    seed = 0
    while decisions < 300:
        state = table.new_state(seed=seed)
        while not state.is_over:
            view = SeatView(state, state.to_move or 0)
            begin = time.perf_counter()
            move = bot.choose(view)
            seconds += time.perf_counter() - begin
            decisions += 1
            state.apply(move)
        seed += 1
    # About 0.1 s to load and 3,700 decisions a second on a quiet core (its rules anchor
    # included): bounds for a busy one.
    assert loaded < 2.0
    assert decisions / seconds > 1000


def test_the_arena_plays_it_as_a_plugin() -> None:
    result = run_match(
        "cribbage",
        [NAME, "random"],
        2,
        duplicate=True,
        options={"target": 61},
        plugins=["cardtable.bots.distilled"],
    )
    assert len(result.games) == 4 and sum(g.moves[0] for g in result.games) > 0


def test_bad_specs_and_files_are_refused_clearly(tmp_path: Path) -> None:
    with pytest.raises(OptionError, match=re.escape("no weights file '/no/such.npz'")):
        make_bot("cribbage", "distilled:path=/no/such.npz")
    with pytest.raises(OptionError, match="bad settings for bot 'distilled': depth=3"):
        make_bot("cribbage", "distilled:depth=3")
    text = tmp_path / "text.npz"
    text.write_text("not weights")
    with pytest.raises(OptionError, match="is not a distilled bot's weights file"):
        make_bot("cribbage", f"distilled:path={text}")
    other = tmp_path / "kloepper.npz"
    other.write_bytes(shipped_weights("kloepper") or b"")
    with pytest.raises(OptionError, match="play kloepper, not cribbage"):
        make_bot("cribbage", f"distilled:path={other}")
    with registered():
        register_bots()
        try:
            with pytest.raises(OptionError, match="highcard ships no weights"):
                make_bot("highcard", NAME)
        finally:
            unregister_bot(NAME, games=("highcard",))


def test_weights_of_another_tensor_size_are_refused_at_the_first_choice(tmp_path: Path) -> None:
    path = tmp_path / "small.npz"
    layer = (np.zeros((10, 31), np.float32), np.zeros(31, np.float32))
    save_network(path, [layer], {"game": "kloepper", "options": {}, "tensor": "info_state"})
    bot = make_bot("kloepper", f"distilled:path={path}")
    state = cardtable.load("kloepper", target=1).new_state(seed=1)
    with pytest.raises(OptionError, match="these options give 1025 cells and 31 actions"):
        while not state.is_over:
            state.apply(choose_for(bot, state))


def test_the_weights_file_round_trips(tmp_path: Path) -> None:
    rng = np.random.default_rng(3)
    layers = [
        (rng.normal(size=(4, 3)).astype(np.float32), rng.normal(size=3).astype(np.float32)),
        (rng.normal(size=(3, 2)).astype(np.float32), rng.normal(size=2).astype(np.float32)),
    ]
    first = save_network(tmp_path / "a.npz", layers, {"game": "demo", "tensor": "observation"})
    second = save_network(tmp_path / "b.npz", layers, {"game": "demo", "tensor": "observation"})
    assert first == second
    network = load_network(tmp_path / "a.npz")
    # Stored as float16: the network computes, in float32, with the weights so rounded.
    (w0, b0), (w1, b1) = [(w.astype(np.float16), b.astype(np.float16)) for w, b in layers]
    x = np.array([1.0, -2.0, 0.5, 3.0], np.float32)
    hidden = np.maximum(x @ w0.astype(np.float32) + b0, 0.0)
    assert np.array_equal(network.scores(x), hidden @ w1.astype(np.float32) + b1)
    assert isinstance(network, Network) and (network.inputs, network.outputs) == (4, 2)


def test_a_margin_keeps_the_anchor_s_action_unless_another_scores_more_above_it(
    tmp_path: Path,
) -> None:
    table = cardtable.load("kloepper", target=1)
    codec = codec_of(table)
    state = table.new_state(seed=3)
    random_bot = make_bot("kloepper", "random", seed=1)
    while len(state.legal_moves()) < 2:
        state.apply(choose_for(random_bot, state))
    anchor = codec.actions(choose_for(make_bot("kloepper", "rules", seed=0), state))[0]
    other = next(a for a in next_actions(codec, state.legal_moves(), ())[1] if a != anchor)
    # No weights: every score is its bias, the other action's 1.0 above the anchor's 0.
    size = codec.obs_size + codec.num_actions
    bias = np.zeros(codec.num_actions, np.float32)
    bias[other] = 1.0
    path = tmp_path / "m.npz"
    meta = {"game": "kloepper", "options": {"target": 1}, "tensor": "observation"}
    save_network(
        path, [(np.zeros((size, codec.num_actions), np.float32), bias)], meta | {"anchor": "rules"}
    )
    for margin, chosen in ((0, other), (0.5, other), (1.0, anchor), (2, anchor)):
        bot = make_bot("kloepper", f"distilled:path={path}:margin={margin}", seed=0)
        assert codec.actions(choose_for(bot, state))[0] == chosen, margin
    with pytest.raises(OptionError, match="margin"):
        make_bot("kloepper", f"distilled:path={path}:margin=-1")
