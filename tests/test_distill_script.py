"""bench/distill.py, the maker of the distilled bot's weights: its decisions keep the anchor's
action beside the teacher's, and the weights it trains read them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np

import cardtable
from cardtable.bots.distilled import load_network
from cardtable.bots.search import MoveStats
from cardtable.engine import Move
from cardtable.registry import codec as codec_of

SCRIPT = Path(__file__).resolve().parents[1] / "bench" / "distill.py"
sys.path.insert(0, str(SCRIPT.parent))

from distill import advantages, departure, loss_weights, next_values  # noqa: E402


def _run(*args: str) -> str:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), *args], check=True, capture_output=True, text=True
    )
    return done.stdout


def test_the_anchor_s_actions_are_recorded_and_read(tmp_path: Path) -> None:
    data, weights = tmp_path / "decisions.npz", tmp_path / "weights.npz"
    # The rules bot teaches, and is the anchor: with the same seeds they choose alike, so
    # every decision's anchor is its label (Krypkasino: captures of several actions, too).
    _run("krypkasino", "--teacher", "rules", "--decisions", "60", "--stages", "generate",
         "--data", str(data))  # fmt: skip
    with np.load(data) as made:
        labels, anchors, masks, sure = made["labels"], made["anchors"], made["masks"], made["sure"]
    assert len(labels) >= 60 and np.array_equal(anchors, labels)
    assert not sure.any()  # the teacher's move is the anchor's: no departure to be sure of
    assert all(masks[i, label] == 1 for i, label in enumerate(labels))
    out = _run("krypkasino", "--stages", "train", "--epochs", "1", "--tensor", "observation",
               "--data", str(data), "--out", str(weights))  # fmt: skip
    assert "export:" in out
    network = load_network(weights)
    codec = codec_of(cardtable.load("krypkasino", deals=1))
    assert network.meta["anchor"] == "rules"
    # The observation, a cell per action of the move in progress, a cell per anchor action.
    assert network.inputs == codec.obs_size + 2 * codec.num_actions == 465 + 2 * 105
    # Without an anchor the network reads the tensor alone, and the bot asks no other bot.
    _run("krypkasino", "--stages", "train", "--epochs", "1", "--tensor", "observation",
         "--anchor", "", "--data", str(data), "--out", str(weights))  # fmt: skip
    plain = load_network(weights)
    assert plain.meta["anchor"] == "" and plain.inputs == 465 + 105


class _Searched:
    """A teacher whose last search weighed three moves (gaps to the best, 95% margins)."""

    def __init__(self) -> None:
        self.last_stats = [
            MoveStats("play AS", 2.0, 40, 0.5, 40, {}, 0.0, 0.0, True),
            MoveStats("play 9S", 1.0, 40, 0.5, 40, {}, -1.0, 0.98, True),
            MoveStats("play KS", 1.9, 40, 0.5, 40, {}, -0.1, 0.0, True),
        ]


def test_departure_is_the_paired_gap_in_standard_errors() -> None:
    teacher = _Searched()
    best, worse, close, unweighed = (Move("play", (c,)) for c in (3, 35, 51, 19))
    assert departure(teacher, best, best) == 0.0
    assert departure(teacher, best, None) == 0.0
    # A gap of 1.0 with a 95% margin of 0.98: a standard error of 0.5, two of them.
    assert departure(teacher, best, worse) == 2.0
    # Worse in every world (no spread): as sure as can be.
    assert departure(teacher, best, close) == float("inf")
    # A move the search did not weigh, or a teacher's move it did not rank first: no measure.
    assert departure(teacher, best, unweighed) == float("inf")
    assert departure(teacher, worse, best) == float("inf")


def test_departures_weigh_as_the_option_says() -> None:
    labels, anchors = np.array([0, 1, 2, 2, 5]), np.array([0, 0, 2, -1, 4])
    # The second and the last depart from their anchor; the fourth has no anchor action.
    assert loss_weights(labels, anchors, 20.0).tolist() == [1.0, 20.0, 1.0, 1.0, 20.0]
    assert loss_weights(labels, anchors, 1.0).tolist() == [1.0] * 5


def test_next_values_take_the_best_searched_move_through_each_action() -> None:
    searched = {(1, 2): 0.5, (1, 3): 2.0, (4,): -1.0}
    first = next_values(searched, (), [1, 4, 5], 6)
    assert first[1] == 2.0 and first[4] == -1.0
    assert np.isnan(first[[0, 2, 3, 5]]).all()  # not next, or next but not searched (5)
    second = next_values(searched, (1,), [2, 3], 4)
    assert second[2] == 0.5 and second[3] == 2.0 and np.isnan(second[[0, 1]]).all()
    gaps = advantages(np.array([[1.0, np.nan, 3.0], [np.nan, np.nan, 2.0]]))
    assert gaps[0, 0] == -1.0 and gaps[0, 2] == 1.0 and gaps[1, 2] == 0.0
    assert np.isnan(gaps[0, 1]) and np.isnan(gaps[1, :2]).all()


def test_a_value_copy_learns_the_searched_values(tmp_path: Path) -> None:
    data, weights = tmp_path / "decisions.npz", tmp_path / "weights.npz"
    _run("krypkasino", "--decisions", "40", "--stages", "generate", "--data", str(data))
    with np.load(data) as made:
        values, masks = made["values"], made["masks"]
    assert values.shape == masks.shape
    # Values only for legal next actions; the expert searched two or more in some decisions.
    assert not (~np.isnan(values) & (masks == 0)).any()
    assert ((~np.isnan(values)).sum(axis=1) >= 2).any()
    out = _run("krypkasino", "--stages", "train", "--epochs", "1", "--tensor", "observation",
               "--target", "values", "--data", str(data), "--out", str(weights))  # fmt: skip
    assert "held_out_error" in out
    assert load_network(weights).meta["target"] == "values"
