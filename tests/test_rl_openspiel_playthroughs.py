"""OpenSpiel's playthroughs of every game, checked as OpenSpiel checks its own: each file in
tests/data/playthroughs is replayed (its game and actions) and must come out the same; the
public and private-only observers that ``generate_playthrough`` needs show what they should.

Regenerate after a deliberate change: ``python -m cardtable.rl.openspiel_playthrough
tests/data/playthroughs``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="needs OpenSpiel: pip install 'cardtable[openspiel]'"
)

import cardtable  # noqa: E402
from cardtable.rl import openspiel as adapter  # noqa: E402
from cardtable.rl import openspiel_playthrough as playthroughs  # noqa: E402

FOLDER = Path(__file__).parent / "data" / "playthroughs"
FILES = sorted(FOLDER.glob("*.txt*"))


def test_every_game_has_a_playthrough() -> None:
    games = {playthroughs.recorded(playthroughs.read(p))[0].split("(")[0] for p in FILES}
    assert games == {adapter.short_name(name) for name in cardtable.games()}


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_playthrough_replays_the_same(path: Path) -> None:
    original, new = playthroughs.replay(path)
    assert original.splitlines() == new.splitlines()


def observer(game: object, public: bool, private: object, recall: bool = False) -> object:
    kind = pyspiel.IIGObservationType(
        public_info=public, perfect_recall=recall, private_info=private
    )
    return game.make_py_observer(kind)  # type: ignore[attr-defined]


def test_public_and_private_observers() -> None:
    adapter.register(bots=False)
    game = pyspiel.load_game("cardtable_cribbage", {"target": 61})
    state = game.new_initial_state()
    for action in adapter.seed_actions(5):
        state.apply_action(action)
    engine = state.engine
    none, single = pyspiel.PrivateInfoType.NONE, pyspiel.PrivateInfoType.SINGLE_PLAYER
    public = observer(game, True, none)
    text = public.string_from(state, 1)  # type: ignore[attr-defined]
    assert json.loads(text) == {k: v for k, v in engine.observation(None).items()}
    assert text == public.string_from(state, 0)  # type: ignore[attr-defined]
    public.set_from(state, 1)  # type: ignore[attr-defined]
    codec = game.shared.codec
    assert list(public.tensor) == list(codec.observe(engine.observation(None)))  # type: ignore[attr-defined]
    private = observer(game, False, single)
    mine = json.loads(private.string_from(state, 1))  # type: ignore[attr-defined]
    assert sorted(mine) == ["hand", "laid_away", "seat"]
    assert mine["hand"] == engine.observation(1)["hand"] and mine["seat"] == 1
    assert private.tensor is None  # type: ignore[attr-defined]
    recall = observer(game, True, none, recall=True)
    lines = recall.string_from(state, 0).split("\n")  # type: ignore[attr-defined]
    assert len(lines) == 1 + len(engine.events_for(None))
    with pytest.raises(ValueError, match="cardtable observes one seat, the public"):
        observer(game, True, pyspiel.PrivateInfoType.ALL_PLAYERS)
