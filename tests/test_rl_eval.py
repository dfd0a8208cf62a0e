"""The evaluation protocol: the published deal sets, ``evaluate`` and ``cardtable eval``."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

import cardtable
from cardtable.cli import app
from cardtable.engine import JSON, Move
from cardtable.errors import CardtableError, IllegalMoveError, OptionError
from cardtable.registry import codec, games
from cardtable.rl import single
from cardtable.rl.agents import first_legal, policy_bot
from cardtable.rl.deals import deal_seed, deal_set, digest, published
from cardtable.rl.evaluation import evaluate, normalised_interval
from cardtable.rl.policies import PolicyBot
from cardtable.seat_view import SeatView

runner = CliRunner()


def test_deal_seed_is_the_stated_derivation() -> None:
    for game, deal in [("cribbage", 0), ("kloepper", 9_999), ("calypso", 123)]:
        text = f"cardtable-deals/v1/{game}/{deal}".encode()
        expected = int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> 1
        assert deal_seed(game, deal) == expected < 2**63
    assert deal_seed("cribbage", 0) == 5093738628735991800
    assert deal_set("kloepper", 2) == [(0, 6978184178679329033), (1, deal_seed("kloepper", 1))]


def test_deal_ids_name_the_same_hands() -> None:
    cribbage = cardtable.load("cribbage", target=61).new_state(seed=deal_seed("cribbage", 0))
    assert cribbage.observation(0)["hand"] == ["AS", "2C", "3S", "5H", "6D", "KH"]
    kloepper = cardtable.load("kloepper", target=1).new_state(seed=deal_seed("kloepper", 0))
    assert kloepper.observation(0)["hand"] == ["10D", "KD", "9D", "AC", "10C", "9H"]


@pytest.mark.parametrize("game", ["calypso", "cribbage", "kloepper", "krypkasino"])
def test_published_sets_never_change(game: str) -> None:
    entry = published(game)
    assert entry is not None
    assert digest(game, "quick") == entry["quick"]
    assert digest(game, "full") == entry["full"]


def test_every_game_has_a_published_set() -> None:
    assert [g for g in games() if published(g) is None] == []


@pytest.mark.parametrize("game", ["calypso", "cribbage", "kloepper", "krypkasino"])
def test_the_environments_deal_a_deal_id_as_the_engine(game: str) -> None:
    options = published(game)["options"]  # type: ignore[index]
    seed = deal_seed(game, 17)
    env = single(game, opponents="random", **options)
    env.reset(seed=seed)
    engine = cardtable.load(game, **options).new_state(seed=seed)
    assert env.driver.state.observation(0)["hand"] == engine.observation(0)["hand"]


@pytest.mark.parametrize("game", ["calypso", "cribbage", "kloepper", "krypkasino"])
def test_rules_scores_one_and_random_zero_by_construction(game: str) -> None:
    for agent, expected in [("rules", 1.0), ("random", 0.0)]:
        result = evaluate(agent, game, deals=2)
        for line in result.lines:
            assert line.normalised is not None
            assert (line.normalised.mean, line.normalised.low, line.normalised.high) == (
                expected,
                expected,
                expected,
            )
        assert [line.opponent for line in result.lines] == ["random", "rules"]
        # The same bot in every seat of one game: the margins cancel exactly.
        assert result.lines[0].random.mean == result.lines[1].rules.mean == 0.0


def test_a_fixed_agent_scores_fixed_points() -> None:
    result = evaluate("cardtable.rl.agents:first_legal", "kloepper", deals=20)
    random_line, rules_line = result.lines
    assert round(random_line.agent.mean, 9) == -1.883333333
    assert round(random_line.rules.mean, 9) == 0.55
    assert round(rules_line.agent.mean, 9) == -0.25
    assert round(rules_line.random.mean, 9) == -0.816666667
    assert rules_line.normalised is not None
    assert round(rules_line.normalised.mean, 9) == round((-0.25 + 49 / 60) / (49 / 60), 9)
    assert result.seats == (0, 1, 2, 3) and result.published and len(result.deals) == 20


def test_a_callable_object_and_its_name_agree() -> None:
    by_name = evaluate("cardtable.rl.agents:first_legal", "kloepper", deals=5, opponents="rules")
    by_object = evaluate(first_legal, "kloepper", deals=5, opponents=["rules"])
    assert by_name.lines == by_object.lines


def test_worker_processes_change_nothing() -> None:
    serial = evaluate("random", "krypkasino", deals=3, opponents=["rules"], jobs=1)
    pooled = evaluate("random", "krypkasino", deals=3, opponents=["rules"], jobs=2)
    assert serial.lines == pooled.lines


def test_one_seat_and_other_options() -> None:
    result = evaluate("rules", "cribbage", deals=2, seats=1, options={"target": 121})
    assert result.seats == (1,) and not result.published
    assert result.to_json()["deal_set"] == {
        "version": "v1",
        "first": 0,
        "deals": 2,
        "published": False,
    }


def test_normalised_interval_is_the_delta_method() -> None:
    found = normalised_interval([1.0, 3.0], [0.0, 0.0], [2.0, 2.0])
    assert found is not None
    # ratio 1; residuals -1, +1: standard error 1, over the mean (rules - random) 2.
    assert found.mean == 1.0
    assert found.half_width == pytest.approx(1.959963984540054 / 2)
    assert normalised_interval([1.0, 2.0], [1.0, 2.0], [1.0, 2.0]) is None


def bad_callable(observation: Mapping[str, JSON], legal_moves: list[Move]) -> str:
    return "play ZZ"


def test_bad_agents_are_refused_clearly() -> None:
    with pytest.raises(OptionError, match="unknown agent 'zz' for kloepper: an agent is a bot"):
        evaluate("zz", "kloepper", deals=1)
    with pytest.raises(OptionError, match="cannot load agent 'no_such_module:f'"):
        evaluate("no_such_module:f", "kloepper", deals=1)
    with pytest.raises(OptionError, match=r"no policy file 'missing\.zip'"):
        evaluate("missing.zip", "kloepper", deals=1)
    with pytest.raises(IllegalMoveError, match="answered 'play ZZ', not one of the"):
        evaluate(f"{__name__}:bad_callable", "kloepper", deals=1)
    with pytest.raises(CardtableError, match="unknown game 'chess'"):
        evaluate("rules", "chess", deals=1)
    with pytest.raises(OptionError, match="seat must be a whole number from 0 to 3, not 4"):
        evaluate("rules", "kloepper", deals=1, seats=4)
    with pytest.raises(OptionError, match="deals must be a whole number from 1 to 10000"):
        evaluate("rules", "kloepper", deals=0)
    with pytest.raises(OptionError, match="no opponent"):
        evaluate("rules", "kloepper", deals=1, opponents=[])


@pytest.mark.parametrize("observation", ["observation", "info_state"])
def test_a_policy_file_reads_the_tensor_it_was_trained_on(tmp_path: Path, observation: str) -> None:
    pytest.importorskip("sb3_contrib")
    from sb3_contrib import MaskablePPO

    env = single("kloepper", opponents="random", observation=observation, target=1)
    path = tmp_path / f"{observation}.zip"
    MaskablePPO("MlpPolicy", env, n_steps=16, batch_size=16, seed=1, device="cpu").save(path)
    obs, _ = env.reset(seed=deal_seed("kloepper", 3))
    state = env.driver.state
    bot = policy_bot(state.game, str(path))
    assert isinstance(bot, PolicyBot) and bot.tensor is not None
    # The tensor the bot reads is the one the environment gave the learner.
    assert np.array_equal(bot.tensor(codec(state.game), SeatView(state, 0), ()), obs)
    assert isinstance(bot.choose(SeatView(state, 0)), Move)
    result = evaluate(str(path), "kloepper", deals=2, opponents=["rules"])
    assert result.agent == path.name and result.lines[0].agent.n == 2
    junk = tmp_path / "junk.zip"
    junk.write_bytes(b"not a model")
    # The message names the file (shortened where its path is long) and what is wrong with it.
    with pytest.raises(OptionError, match=r"is not a MaskablePPO file: .*junk\.zip wasn't a zip"):
        evaluate(str(junk), "kloepper", deals=1)


def test_the_command_prints_json_and_a_table() -> None:
    done = runner.invoke(app, ["eval", "rules", "kloepper", "-n", "3", "-j", "1", "--json"])
    assert done.exit_code == 0, done.output
    data = json.loads(done.output)
    assert data["format"] == "cardtable-eval/1"
    assert data["opponents"]["rules"]["normalised"] == {
        "mean": 1.0,
        "low": 1.0,
        "high": 1.0,
        "n": 3,
    }
    table = runner.invoke(app, ["eval", "random", "kloepper", "-n", "3", "-j", "1"])
    assert table.exit_code == 0, table.output
    assert "Normalised" in table.output and "+0.000±0.000" in table.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["zz", "kloepper"], "error: unknown agent 'zz' for kloepper"),
        (["rules", "chess"], "error: unknown game 'chess'"),
        (["rules", "kloepper", "--set", "most"], "error: unknown deal set 'most'"),
        (["rules", "kloepper", "-n", "5", "--set", "full"], "error: give --deals or --set"),
        (["rules", "kloepper", "--opponents", "xx"], "error: no bot 'xx' for kloepper"),
    ],
)
def test_the_command_refuses_in_one_line(args: list[str], message: str) -> None:
    done = runner.invoke(app, ["eval", *args])
    assert done.exit_code == 2
    assert done.output.startswith(message) and done.output.count("\n") == 1
