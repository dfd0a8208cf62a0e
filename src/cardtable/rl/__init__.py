"""The research API: every game as a PettingZoo, Gymnasium or OpenSpiel environment.

Needs the ``rl`` extra (``pip install 'cardtable[rl]'``: numpy, gymnasium, pettingzoo, supersuit);
``cardtable.rl.openspiel`` needs ``cardtable[openspiel]``. See ``docs/research.md``.

- :func:`env`: the PettingZoo AEC environment of a game (agents ``seat_0``...).
- :func:`parallel_env`: the same game as a PettingZoo parallel environment (only the agent to
  act has a non-zero mask; SuperSuit's vector wrappers take it).
- :func:`vector_env`: N tables for self-play in one object, ``(N, size)`` tensors and
  ``(N, actions)`` masks per call, with autoreset.
- :func:`evaluate`: the evaluation protocol (an agent over the published duplicate deals
  against the ladder, with the normalised score); also ``cardtable eval AGENT GAME``.
- :func:`single`: one seat against cardtable's bots, a Gymnasium environment with
  ``action_masks()``; registered with Gymnasium as ``cardtable/<game>-v0``.

>>> import gymnasium
>>> from cardtable import rl
>>> e = gymnasium.make("cardtable/cribbage-v0", opponents="random", target=61)
>>> int(e.unwrapped.action_space.n)
1462
"""

from __future__ import annotations

from contextlib import suppress
from typing import TYPE_CHECKING, Any

from cardtable.errors import CardtableError

if TYPE_CHECKING:
    from pettingzoo import AECEnv

    from cardtable.rl.evaluation import Evaluation
    from cardtable.rl.one_seat import Opponent, SingleSeat
    from cardtable.rl.parallel import CardtableParallel
    from cardtable.rl.vector import VectorEnv

__all__ = ["env", "evaluate", "parallel_env", "register_envs", "single", "vector_env"]


def _missing(extra: str, error: ImportError) -> CardtableError:
    return CardtableError(
        f"the research API needs {error.name or 'a package'} here: pip install 'cardtable[{extra}]'"
    )


def env(game: str, **kwargs: Any) -> AECEnv:
    """The PettingZoo AEC environment of ``game``; see :func:`cardtable.rl.aec.env`."""
    try:
        from cardtable.rl.aec import env as make
    except ImportError as error:
        raise _missing("rl", error) from None
    return make(game, **kwargs)


def parallel_env(game: str, **kwargs: Any) -> CardtableParallel:
    """The PettingZoo parallel environment of ``game``; see :mod:`cardtable.rl.parallel`."""
    try:
        from cardtable.rl.parallel import parallel_env as make
    except ImportError as error:
        raise _missing("rl", error) from None
    return make(game, **kwargs)


def single(
    game: str, seat: int = 0, opponents: Opponent | list[Opponent] = "rules", **kwargs: Any
) -> SingleSeat:
    """One seat of ``game`` against bots; see :func:`cardtable.rl.one_seat.single`."""
    try:
        from cardtable.rl.one_seat import single as make
    except ImportError as error:
        raise _missing("rl", error) from None
    return make(game, seat, opponents, **kwargs)


def vector_env(game: str, n: int, **kwargs: Any) -> VectorEnv:
    """N tables of ``game`` for self-play; see :func:`cardtable.rl.vector.vector_env`."""
    try:
        from cardtable.rl.vector import vector_env as make
    except ImportError as error:
        raise _missing("rl", error) from None
    return make(game, n, **kwargs)


def evaluate(agent: Any, game: str, **kwargs: Any) -> Evaluation:
    """The evaluation protocol; see :func:`cardtable.rl.evaluation.evaluate`."""
    try:
        from cardtable.rl.evaluation import evaluate as run
    except ImportError as error:
        raise _missing("rl", error) from None
    return run(agent, game, **kwargs)


def register_envs() -> None:
    """Register ``cardtable/<game>-v0`` with Gymnasium for every game (the one-seat
    environment; its keyword arguments as :func:`single`'s). Done on import when Gymnasium is
    installed."""
    import gymnasium

    from cardtable.registry import games

    for name in games():
        env_id = f"cardtable/{name}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(
                env_id, entry_point="cardtable.rl.one_seat:SingleSeat", kwargs={"game": name}
            )


# No Gymnasium: nothing to register; env() and single() say what to install.
with suppress(ImportError):
    register_envs()
