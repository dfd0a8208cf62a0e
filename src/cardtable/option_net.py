"""A small fitted network that puts a cost on each option of a decision, for the games' fast
``valued`` bots.

A game's ``valued`` bot describes each option of a decision by one row of numbers (its own
features), asks the network what each costs (lower is better: its expected loss against the
other options, as fitted by ``bench/option_fit.py``) and takes the cheapest, unless it beats
the ``rules`` bot's option by no more than a margin. The weights are plain numpy arrays in the
game's package (``mean`` and ``scale`` standardise the rows, ``w0 b0 w1 b1 ...`` the layers,
rectified between them, ``meta`` JSON text); no torch is needed to play.

>>> import numpy as np
>>> net = OptionNet({"mean": np.zeros(2), "scale": np.ones(2), "w0": np.array([[1.0], [-1.0]]),
...     "b0": np.zeros(1), "meta": np.array('{"margin": 0.5}')})
>>> costs = net.costs(np.array([[1.0, 0.0], [0.0, 1.0], [0.0, 0.0]], np.float32))
>>> costs.tolist(), net.pick(costs, rules=2), net.pick(costs, rules=2, margin=1.5)
([1.0, -1.0, 0.0], 1, 2)
"""

from __future__ import annotations

import json
from functools import cache
from importlib.resources import files
from io import BytesIO
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["OptionNet", "shipped_net"]

Rows = npt.NDArray[np.float32]


class OptionNet:
    """The fitted network of one game (see the module); ``meta`` says what it was fitted on,
    ``margin`` its fitted margin."""

    def __init__(self, arrays: dict[str, npt.NDArray[Any]]) -> None:
        self.mean = arrays["mean"].astype(np.float32)
        self.scale = arrays["scale"].astype(np.float32)
        count = sum(1 for k in arrays if k.startswith("w"))
        self.layers = [
            (arrays[f"w{i}"].astype(np.float32), arrays[f"b{i}"].astype(np.float32))
            for i in range(count)
        ]
        self.meta: dict[str, Any] = json.loads(str(arrays["meta"]))
        self.margin = float(self.meta.get("margin", 0.0))

    def costs(self, rows: Rows) -> Rows:
        """The cost of each option (one row of features each)."""
        # numpy's own loops (einsum), not BLAS: a threaded BLAS spreads a product this small
        # over every core and waits on them where they are busy (a learner beside it).
        x = (rows - self.mean) / self.scale
        last = len(self.layers) - 1
        for i, (w, b) in enumerate(self.layers):
            x = np.einsum("ki,ij->kj", x, w) + b
            if i < last:
                np.maximum(x, 0.0, out=x)
        out: Rows = x[:, 0]
        return out

    def pick(self, costs: Rows, rules: int, margin: float | None = None) -> int:
        """The cheapest option, unless it costs less than option ``rules`` (the ``rules``
        bot's) by no more than ``margin`` (default: the fitted one); then ``rules``."""
        best = int(np.argmin(costs))
        limit = self.margin if margin is None else margin
        return best if costs[rules] - costs[best] > limit else rules


@cache
def shipped_net(package: str, name: str = "valued.npz") -> OptionNet:
    """The network a game ships as ``data/<name>`` in its ``package``, read once."""
    data = files(package).joinpath("data", name).read_bytes()
    with np.load(BytesIO(data), allow_pickle=False) as arrays:
        return OptionNet(dict(arrays))
