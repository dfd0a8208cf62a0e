"""Policies as players and bots as policies: PolicyBot, bot_policy, MaskablePPO files."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("gymnasium", reason="the research API needs: pip install 'cardtable[rl]'")

import cardtable
from cardtable.bot_protocol import choose_for
from cardtable.bots.arena import run_match
from cardtable.bots.levels import make_bot, register_bot, unregister_bot
from cardtable.errors import CardtableError, IllegalMoveError, OptionError
from cardtable.registry import codec
from cardtable.rl.policies import PolicyBot, bot_policy, load_policy, register_bots
from cardtable.seat_view import SeatView


def last_legal(obs: np.ndarray, mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask)[-1])


def test_a_policy_bot_names_a_capture_choice_with_several_actions() -> None:
    # Krypkasino seed 3: 7C takes 2C 5H or 2H 5H; the highest action is 7C, then take 2H.
    state = cardtable.load("krypkasino").new_state(seed=3)
    assert choose_for(PolicyBot(last_legal), state).text == "play 10S"
    state = cardtable.load("krypkasino").new_state(seed=3)
    seven = codec(state.game).actions(state.legal_moves()[2])[0]

    def seven_then_last(obs: np.ndarray, mask: np.ndarray) -> int:
        return seven if mask[seven] else last_legal(obs, mask)

    assert choose_for(PolicyBot(seven_then_last), state).text == "play 7C take 2H 5H"


def test_a_policy_that_leaves_the_mask_is_refused_by_name() -> None:
    state = cardtable.load("kloepper").new_state(seed=3)
    with pytest.raises(IllegalMoveError, match=r"policy 'policy' chose action 0 \(play AC\)"):
        choose_for(PolicyBot(lambda obs, mask: 0), state)


def test_a_policy_bot_plays_whole_games_in_the_arena() -> None:
    register_bot("last-legal", lambda seed=None: PolicyBot(last_legal, "last-legal"))
    try:
        result = run_match(
            "cribbage",
            ["last-legal", "random"],
            2,
            duplicate=True,
            seed=1,
            options={"target": 61},
        )
    finally:
        unregister_bot("last-legal")
    assert len(result.games) == 4
    assert all(max(g.scores) == 61 for g in result.games)


def test_a_bot_as_a_policy_gives_the_actions_of_its_move() -> None:
    state = cardtable.load("cribbage", target=61).new_state(seed=8)
    rules = make_bot("cribbage", "rules", seed=2)
    move = rules.choose(SeatView(state, 0))
    actions = bot_policy("cribbage", "rules", seed=2)(state)
    assert codec(state.game).decode(state.legal_moves(), actions) is move
    assert len(actions) == 1


def test_policy_files_are_checked_before_play(tmp_path: Path) -> None:
    register_bots()
    try:
        with pytest.raises(OptionError, match="bot 'policy' needs its file: policy:path=FILE"):
            make_bot("cribbage", "policy")
    finally:
        unregister_bot("policy")  # the doctests that list bots run after
    pytest.importorskip("sb3_contrib", reason="needs: pip install 'cardtable[train]'")
    with pytest.raises(OptionError, match="no policy file"):
        load_policy(tmp_path / "none.zip")
    junk = tmp_path / "junk.zip"
    junk.write_text("not a model", encoding="utf-8")
    with pytest.raises(OptionError, match="is not a MaskablePPO file"):
        load_policy(junk)


def test_the_arena_command_plays_a_saved_policy_and_openspiel_ismcts(tmp_path: Path) -> None:
    pytest.importorskip("sb3_contrib", reason="needs: pip install 'cardtable[train]'")
    pytest.importorskip("pyspiel", reason="needs: pip install 'cardtable[openspiel]'")
    from sb3_contrib import MaskablePPO
    from typer.testing import CliRunner

    from cardtable.cli import app
    from cardtable.rl import single

    model = MaskablePPO("MlpPolicy", single("cribbage", target=61), n_steps=32, batch_size=32)
    model.learn(32)  # one small update: a real (if weak) policy file
    model.save(tmp_path / "model.zip")
    runner = CliRunner()
    try:
        played = runner.invoke(
            app,
            [
                "arena",
                "cribbage",
                "--bots",
                f"policy:path={tmp_path / 'model.zip'},random",
                "--deals",
                "2",
                "--duplicate",
                "-j",
                "1",
                "--no-save",
                "-o",
                "target=61",
            ],
        )
        assert played.exit_code == 0, played.output
        assert "cribbage: 4 games (duplicate deals from seed 0)" in played.output
        searched = runner.invoke(
            app,
            [
                "arena",
                "kloepper",
                "--bots",
                "openspiel-ismcts:simulations=5,rules",
                "--deals",
                "1",
                "-j",
                "1",
                "--no-save",
                "-o",
                "target=1",
            ],
        )
        assert searched.exit_code == 0, searched.output
        assert "kloepper: 1 games" in searched.output
        missing = runner.invoke(
            app, ["arena", "cribbage", "--bots", "policy:path=nowhere.zip,random", "--deals", "1"]
        )
        assert missing.exit_code != 0
        assert "no policy file 'nowhere.zip'" in missing.output
        assert "Traceback" not in missing.output
    finally:
        unregister_bot("policy")
        unregister_bot("openspiel-ismcts")


def test_a_bot_agent_plays_in_pettingzoo_as_the_bot_plays_alone() -> None:
    from cardtable.rl import env
    from cardtable.rl.policies import BotAgent

    e = env("krypkasino", deals=1)
    e.reset(seed=3)
    agent_bot = BotAgent(e, "rules", seed=7)
    several = 0
    for agent in e.agent_iter():
        _, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        several += bool(e.unwrapped.driver.prefix)
        e.step(agent_bot(agent))
    played = e.unwrapped.driver.state
    # The same bot, seeded alike, choosing whole moves on the same deal.
    alone = cardtable.load("krypkasino", deals=1).new_state(seed=played.seed)
    bot = make_bot("krypkasino", "rules", seed=7)
    while not alone.is_over:
        alone.apply(choose_for(bot, alone))
    assert played.history == alone.history
    assert several > 0  # some capture took more than one action
    with pytest.raises(CardtableError, match="seat_0 is not to act now"):
        agent_bot("seat_0")
