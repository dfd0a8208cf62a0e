"""The PettingZoo and Gymnasium environments: PettingZoo's own API and seed tests for every
game and option set, rewards, masks, multi-action moves, rendering and the one-seat env."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pettingzoo = pytest.importorskip(
    "pettingzoo", reason="the research API needs its extra: pip install 'cardtable[rl]'"
)

import gymnasium  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

import cardtable  # noqa: E402
from cardtable.errors import CardtableError, IllegalMoveError, OptionError  # noqa: E402
from cardtable.registry import codec  # noqa: E402
from cardtable.rl import env, single  # noqa: E402
from cardtable.rl.aec import CardtableAEC  # noqa: E402
from cardtable.rl.driver import Driver, margins  # noqa: E402
from rl_cases import CASES, SHORT, play_random  # noqa: E402

# PettingZoo's API test prefers a flat observation; its own classic games observe a dict, as here.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
]


@pytest.mark.parametrize(("name", "options"), CASES)
def test_pettingzoo_api_and_seed_tests_pass(name: str, options: dict[str, Any]) -> None:
    api_test(env(name, **options), num_cycles=1000)
    seed_test(lambda: env(name, **options), num_cycles=500)


@pytest.mark.parametrize("name", sorted(SHORT))
def test_margin_rewards_are_zero_sum_and_sum_to_the_final_margin(name: str) -> None:
    e = env(name, **SHORT[name])
    rng = random.Random(4)
    for game in range(3):
        e.reset(seed=100 + game)
        totals = play_random(e, rng)
        state = e.unwrapped.driver.state
        assert state.is_over
        assert sum(totals.values()) == pytest.approx(0.0, abs=1e-9)
        final = margins(state)
        for seat, agent in enumerate(e.possible_agents):
            assert totals[agent] == pytest.approx(final[seat])


def test_win_rewards_pay_the_winners_one_and_the_rest_minus_one() -> None:
    e = env("cribbage", reward="win", target=61)
    e.reset(seed=5)
    totals = play_random(e, random.Random(1))
    winners = e.unwrapped.driver.state.outcome()
    assert winners is not None and len(winners) == 1
    assert totals == {a: (1.0 if s in winners else -1.0) for s, a in enumerate(e.possible_agents)}


def test_the_same_seed_deals_the_same_games_and_other_seeds_others() -> None:
    def histories(seed: int) -> list[list[str]]:
        e = env("kloepper", target=1)
        out = []
        e.reset(seed=seed)
        for _ in range(2):
            play_random(e, random.Random(0))
            out.append(list(e.unwrapped.driver.state.history))
            e.reset()
        return out

    assert histories(11) == histories(11)
    assert histories(11) != histories(12)


def test_krypkasino_capture_choice_takes_further_actions_by_the_same_seat() -> None:
    # Seed 3: seat 0 may play 7C taking 2C 5H or 2H 5H (two families), or other cards.
    e = CardtableAEC("krypkasino", deals=1)
    e.reset(seed=0)
    driver = e.driver
    driver.load(cardtable.load("krypkasino", deals=1).new_state(seed=3))
    c = codec(driver.game)
    seven = c.actions(next(m for m in driver.state.legal_moves() if m.text.startswith("play 7C")))[
        0
    ]
    assert c.action_name(seven) == "play 7C"
    assert driver.step(seven) is False
    assert driver.to_move == 0
    names = [c.action_name(a) for a in driver.legal_actions()]
    assert names == ["take 2C", "take 2H"]
    seen = driver.observe(0)
    assert seen[c.obs_size + seven] == 1.0 and seen[c.obs_size :].sum() == 1.0
    assert driver.observe(1)[c.obs_size :].sum() == 0.0  # only the mover sees its move so far
    assert driver.step(driver.legal_actions()[1]) is True
    assert driver.state.history == ["play 7C take 2H 5H"]


def test_an_illegal_action_is_refused_naming_the_legal_ones_and_changes_nothing() -> None:
    driver = Driver(cardtable.load("kloepper"))
    driver.reset(seed=3)
    with pytest.raises(IllegalMoveError, match=r"action 0 is not legal now; legal: 28 \(pass\)"):
        driver.step(0)
    assert driver.state.history == [] and driver.legal_actions() == [28]


def test_an_illegal_action_ends_the_game_at_the_worst_outcome_for_its_agent() -> None:
    e = env("kloepper", target=1)
    e.reset(seed=3)
    e.step(0)  # seat 0 may only pass (28)
    assert all(e.terminations.values())
    # Kloepper to 1 bounds a margin by 30: the offender ends at -30, the others share it.
    assert e.rewards == {"seat_0": -30.0, "seat_1": 10.0, "seat_2": 10.0, "seat_3": 10.0}
    assert e.infos["seat_0"] == {
        "forfeited_by": "seat_0",
        "illegal_action": 0,
        "reason": "action 0 is not legal now; legal: 28 (pass)",
    }
    assert e.infos["seat_1"] == {"forfeited_by": "seat_0"}  # never the offender's cards
    assert not e.observe("seat_0")["action_mask"].any()


def test_ansi_render_tells_what_happened_in_the_chosen_language() -> None:
    e = env("kloepper", render_mode="ansi", language="ja", target=1)
    e.reset(seed=3)
    e.step(28)
    lines = e.render().splitlines()
    assert lines[:3] == [
        "ディール1: 席3が配る",
        "席0: コールなし",
        "得点: seat_0 0, seat_1 0, seat_2 0, seat_3 0",
    ]
    # Who acts, but never a hand: a render may be shown to anyone.
    assert lines[3:] == ["seat_1の番です。"]
    assert e.render().splitlines() == lines[2:]  # nothing new since
    assert "QC" not in "\n".join(lines)  # seat 1 holds QC
    english = env("kloepper", render_mode="ansi", target=1)
    english.reset(seed=3)
    english.step(28)
    assert english.render().splitlines() == [
        "Deal 1: seat 3 deals",
        "Seat 0: no call",
        "Scores: seat_0 0, seat_1 0, seat_2 0, seat_3 0",
        "seat_1 to move.",
    ]


def test_bad_arguments_are_refused_with_what_is_allowed() -> None:
    rewards = "margin, normalised, win"
    with pytest.raises(OptionError, match=f"unknown reward 'score'; rewards: {rewards}"):
        env("cribbage", reward="score")
    with pytest.raises(OptionError, match="unknown language 'fr'; languages: en, ja"):
        env("cribbage", language="fr")
    with pytest.raises(CardtableError, match="unknown game 'chess'"):
        env("chess")
    with pytest.raises(OptionError, match="target"):
        env("cribbage", target=7)
    with pytest.raises(OptionError, match="no bot 'wizard'"):
        single("cribbage", opponents="wizard")
    with pytest.raises(OptionError, match="2 opponents for the 3 other seats of kloepper"):
        single("kloepper", opponents=["rules", "rules"])


def test_one_seat_env_plays_the_bots_and_pays_its_margin() -> None:
    e = single("kloepper", seat=2, opponents=["random", "rules", "easy"], target=1)
    rng = np.random.default_rng(0)
    obs, info = e.reset(seed=9)
    total, done = 0.0, False
    while not done:
        assert e.driver.state.to_move == 2
        assert obs.shape == e.observation_space.shape
        legal = np.flatnonzero(info["action_mask"])
        obs, reward, done, _truncated, info = e.step(int(rng.choice(legal)))
        total += reward
    assert total == pytest.approx(margins(e.driver.state)[2])
    # Once over, the mask is the next episode's first, the one the next reset() deals.
    ended = info["action_mask"]
    assert ended.any() and (e.action_masks() == ended).all()
    _, info = e.reset()
    assert (info["action_mask"] == ended).all()


def test_one_seat_env_replays_from_its_seed() -> None:
    def run(seed: int) -> list[str]:
        e = single("cribbage", opponents="rules", target=61)
        _, info = e.reset(seed=seed)
        rng = np.random.default_rng(1)
        done = False
        while not done:
            _, _, done, _, info = e.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        return list(e.driver.state.history)

    assert run(4) == run(4)
    assert run(4) != run(5)


def test_gymnasium_makes_every_game_by_its_id() -> None:
    for name in cardtable.games():
        made = gymnasium.make(f"cardtable/{name}-v0", **SHORT[name], opponents="random")
        obs, _ = made.reset(seed=1)
        assert obs.dtype == np.float32 and obs.shape == made.observation_space.shape
        made.close()


def test_without_the_extra_the_error_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.delitem(sys.modules, "cardtable.rl.aec", raising=False)
    monkeypatch.delitem(sys.modules, "cardtable.rl.one_seat", raising=False)
    monkeypatch.setitem(sys.modules, "pettingzoo", None)  # as if not installed
    with pytest.raises(
        CardtableError, match=r"needs pettingzoo here: pip install 'cardtable\[rl\]'"
    ):
        env("cribbage")
    monkeypatch.setitem(sys.modules, "gymnasium", None)
    with pytest.raises(
        CardtableError, match=r"needs gymnasium here: pip install 'cardtable\[rl\]'"
    ):
        single("cribbage")
