"""Every setting of every bot is checked when the bot is made: a bot that then plays legal
moves, or an :class:`OptionError` naming the setting, the value and what is allowed."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardtable
from cardtable.bot_protocol import Bot, choose_for
from cardtable.bots.levels import LEVELS, bot_names, build_bot, make_bot
from cardtable.bots.search import IsmctsBot, PimcBot
from cardtable.errors import OptionError
from cardtable.games.cribbage.bot import CribbageRulesBot
from cardtable.games.cribbage.solver import CribbageSolverBot
from cardtable.random_bot import Blundering, RandomBot

#: The settings each bot takes, by bot name (Cribbage's rules bot takes two more).
SETTINGS: dict[str, tuple[str, ...]] = {
    "random": (),
    "pimc": ("worlds", "playouts", "seconds", "rollout", "exact"),
    "ismcts": ("iterations", "seconds", "rollout", "exploration"),
    "rules": ("mistakes",),
    "solver": ("worlds", "discard_worlds", "discard_options"),
}
CRIBBAGE_RULES = ("mistakes", "discards", "pegging")
#: The settings of each game's own expert (two games name theirs ``search``).
OWN: dict[tuple[str, str], tuple[str, ...]] = {
    ("cribbage", "rules"): CRIBBAGE_RULES,
    ("calypso", "search"): ("worlds", "value", "noise"),
    ("krypkasino", "search"): (
        "worlds",
        "candidates",
        "packets",
        "noise",
        "margin",
        "doubt",
        "horizon",
    ),
    ("krypkasino", "valued"): ("margin",),
    ("calypso", "valued"): ("margin",),
    ("kloepper", "valued"): ("margin",),
    ("kloepper", "pimc-risk"): ("worlds", "decide", "risk", "noise"),
    ("cribbage", "pegger"): (
        "draws",
        "per_hand",
        "beta",
        "gamma",
        "solve",
        "board",
        "board_worlds",
        "board_discards",
        "discard_worlds",
        "discard_options",
        "batch",
    ),
}
OWN[("cribbage", "pegger-fast")] = OWN[("cribbage", "pegger")]


def settings_of(game: str, bot: str) -> tuple[str, ...]:
    return OWN.get((game, bot)) or SETTINGS[bot]


#: Every (game, bot) pair, each with its settings.
BOTS = [(game, bot) for game in sorted(cardtable.games()) for bot in bot_names(game)]

#: Above these a valid bot is only made, not played (to keep the test quick).
QUICK: dict[str, float] = {
    "worlds": 6,
    "iterations": 40,
    "playouts": 2,
    "discard_worlds": 6,
    "seconds": 0.05,
    "exact": 3000,
    "decide": 6,
    "candidates": 64,
    "packets": 2,
    "draws": 40,
    "per_hand": 8,
    "solve": 60,
    "board_worlds": 10,
}

WORDS = ("random", "rules", "advisor", "hand", "reply", "greedy", "greedy ", "Rules", "")
VALUES = st.one_of(
    st.integers(min_value=-3, max_value=12),
    st.integers(),
    st.sampled_from([10**4, 10**4 + 1, 10**6, 10**6 + 1, 10**8, 2**63, -(2**63), 10**5000]),
    st.floats(),
    st.floats(min_value=0, max_value=1.5),
    st.sampled_from([math.nan, math.inf, -math.inf, 0.0, -0.0, 0.5, 1.5, 2.0, 1e-9]),
    st.booleans(),
    st.none(),
    st.sampled_from(WORDS),
    st.text(max_size=8),
    st.lists(st.integers(), max_size=2),
)

#: Values each setting allows (small enough to play quickly), drawn as often as any value.
VALID: dict[str, st.SearchStrategy[Any]] = {
    "worlds": st.integers(1, 6) | st.floats(1, 6).map(float.__round__).map(float),
    "playouts": st.integers(1, 2),
    "seconds": st.none() | st.floats(0.001, 0.01),
    "rollout": st.sampled_from(["random", "rules"]),
    "exact": st.integers(0, 3000),
    "iterations": st.integers(1, 40),
    "exploration": st.floats(0, 10),
    "mistakes": st.floats(0, 1) | st.sampled_from([0, 1]),
    "discards": st.sampled_from(["advisor", "hand"]),
    "pegging": st.sampled_from(["reply", "greedy"]),
    "discard_worlds": st.integers(0, 6),
    "discard_options": st.integers(1, 15),
    "value": st.sampled_from(["future", "deal"]),
    "noise": st.floats(0, 1),
    "decide": st.integers(1, 6),
    "risk": st.floats(0, 10),
    "candidates": st.integers(0, 64),
    "horizon": st.integers(0, 200),
    "packets": st.integers(1, 2),
    "margin": st.floats(0, 10),
    "doubt": st.floats(0, 1),
    "draws": st.integers(1, 40),
    "per_hand": st.integers(1, 8),
    "beta": st.floats(0, 100),
    "gamma": st.floats(0, 100),
    "solve": st.integers(1, 60),
    "board": st.integers(0, 120),
    "board_discards": st.integers(0, 120),
    "board_worlds": st.integers(1, 10),
    "batch": st.integers(0, 1),
}


def valid_or_any(key: str) -> st.SearchStrategy[Any]:
    """As often a value the setting allows as any value at all."""
    return st.booleans().flatmap(lambda ok: VALID[key] if ok else VALUES)


def assert_names_the_setting(err: OptionError, keys: Any) -> None:
    message = str(err)
    assert any(f"'{key}'" in message for key in keys), message


def plays_legal_moves(game: str, bot: Bot, moves: int = 8) -> None:
    """The bot plays every seat for the first ``moves`` moves of a fresh game: past the first
    decisions a game leaves to its rules bot, to a searched one."""
    state = cardtable.load(game).new_state(seed=11)
    for _ in range(moves):
        move = choose_for(bot, state)
        assert move in state.legal_moves()
        state.apply(move)


#: A small budget under the drawn settings, so that a bot plays quickly unless a drawn
#: setting asks for more.
BASE: dict[str, dict[str, Any]] = {
    "pimc": {"worlds": 3},
    "ismcts": {"iterations": 20},
    "solver": {"worlds": 3},
    "search": {"worlds": 3},
    "pimc-risk": {"worlds": 3, "decide": 3},
    "pegger": {"draws": 20, "solve": 10},
    "pegger-fast": {"draws": 20, "solve": 10},
}


def is_quick(bot: Bot) -> bool:
    inner = bot.bot if isinstance(bot, Blundering) else bot
    for key, limit in QUICK.items():
        value = getattr(inner, key, None)
        if value is not None and value > limit:
            return False
    return True


@settings(
    max_examples=300,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(data=st.data())
def test_every_setting_of_every_bot_is_checked_when_the_bot_is_made(data: st.DataObject) -> None:
    game, name = data.draw(st.sampled_from(BOTS), label="bot")
    keys = settings_of(game, name)
    names = data.draw(st.lists(st.sampled_from(keys), unique=True, max_size=3)) if keys else []
    chosen = {key: data.draw(valid_or_any(key), label=key) for key in names}
    try:
        bot = build_bot(game, name, {**BASE.get(name, {}), **chosen}, seed=3)
    except OptionError as err:
        assert chosen, err
        assert_names_the_setting(err, chosen)
        return
    if is_quick(bot):
        plays_legal_moves(game, bot)


TEXTS = st.one_of(
    st.sampled_from(
        ["nan", "NaN", "inf", "-inf", "1.5", "1e400", "-1", "0", "1", "2", "0.5", "True", "none"]
    ),
    st.sampled_from(WORDS),
    st.text(max_size=6).filter(lambda t: ":" not in t),
    st.integers().map(str),
    st.floats().map(str),
)


@settings(
    max_examples=200,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(data=st.data())
def test_every_bot_spec_typed_is_checked_when_the_bot_is_made(data: st.DataObject) -> None:
    game, name = data.draw(st.sampled_from([b for b in BOTS if settings_of(*b)]), label="bot")
    key = data.draw(st.sampled_from(settings_of(game, name)), label="setting")
    text = data.draw(st.booleans().flatmap(lambda ok: VALID[key].map(str) if ok else TEXTS))
    base = "".join(f":{k}={v}" for k, v in BASE.get(name, {}).items())
    spec = f"{name}{base}:{key}={text}"
    try:
        bot = make_bot(game, spec, seed=5)
    except OptionError as err:
        assert f"'{key}'" in str(err) or repr(spec) in str(err), str(err)
        return
    if is_quick(bot):
        plays_legal_moves(game, bot)


@pytest.mark.parametrize(
    ("game", "spec", "message"),
    [
        (
            "calypso",
            "pimc:worlds=100000000",
            "bot setting 'worlds' must be a whole number from 1 to 10000, not 100000000",
        ),
        (
            "kloepper",
            "ismcts:exploration=nan",
            "bot setting 'exploration' must be a number from 0 to 10, not nan",
        ),
        (
            "krypkasino",
            "pimc:playouts=1.5",
            "bot setting 'playouts' must be a whole number from 1 to 1000, not 1.5",
        ),
        (
            "cribbage",
            "ismcts:seconds=inf",
            "bot setting 'seconds' must be a number from 0.001 to 3600, not inf",
        ),
        (
            "cribbage",
            "pimc:rollout=greedy",
            "bot setting 'rollout' must be one of random, rules, not 'greedy'",
        ),
        (
            "calypso",
            "rules:mistakes=-0.5",
            "bot setting 'mistakes' must be a number from 0 to 1, not -0.5",
        ),
        (
            "cribbage",
            "rules:pegging=best",
            "bot setting 'pegging' must be one of reply, greedy, not 'best'",
        ),
        (
            "cribbage",
            "solver:discard_options=0",
            "bot setting 'discard_options' must be a whole number from 1 to 15, not 0",
        ),
        (
            "cribbage",
            "ismcts:iterations=1e9",
            "bot setting 'iterations' must be a whole number from 1 to 1000000, not 1000000000.0",
        ),
    ],
)
def test_a_bad_setting_is_named_with_its_value_and_range(
    game: str, spec: str, message: str
) -> None:
    with pytest.raises(OptionError) as info:
        make_bot(game, spec)
    assert str(info.value) == message


def test_booleans_are_not_numbers_and_whole_floats_are_whole_numbers() -> None:
    for bad in (True, False):
        with pytest.raises(OptionError, match="'worlds' must be a whole number"):
            PimcBot(1, worlds=bad)
        with pytest.raises(OptionError, match="'mistakes' must be a number"):
            build_bot("calypso", "rules", {"mistakes": bad})
    whole: Any = 3.0
    assert PimcBot(1, worlds=whole).worlds == 3
    assert type(PimcBot(1, worlds=whole).worlds) is int
    with pytest.raises(OptionError, match="'worlds' must be a whole number from 1 to 10000"):
        PimcBot(1, worlds="5")  # type: ignore[arg-type]
    with pytest.raises(OptionError, match=r"not ~1e5000"):
        IsmctsBot(1, iterations=10**5000)


def test_the_constructors_check_their_settings() -> None:
    with pytest.raises(OptionError, match="'exploration'"):
        IsmctsBot(1, exploration=math.inf)
    with pytest.raises(OptionError, match="'exact'"):
        PimcBot(1, exact=-1)
    with pytest.raises(OptionError, match="'discards'"):
        CribbageRulesBot(1, discards="best")
    with pytest.raises(OptionError, match="'worlds'"):
        CribbageSolverBot(1, worlds=0)
    with pytest.raises(OptionError, match="'mistakes'"):
        Blundering(RandomBot(1), math.nan)


def test_unknown_settings_are_named() -> None:
    with pytest.raises(OptionError, match="bad settings for bot 'random': worlds=3"):
        make_bot("calypso", "random:worlds=3")
    with pytest.raises(OptionError, match="no bot 'wizard'"):
        build_bot("calypso", "wizard", {})


@pytest.mark.parametrize("game", sorted(cardtable.games()))
def test_every_level_still_makes_its_bot(game: str) -> None:
    for level in LEVELS:
        assert make_bot(game, level, seed=1).name
