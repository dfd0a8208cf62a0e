"""What every codec test checks: a state's legal moves as actions."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.encoding import Codec, next_actions
from cardtable.engine import Move

__all__ = ["assert_moves_as_actions"]


def assert_moves_as_actions(codec: Codec, legal: Sequence[Move]) -> set[int]:
    """Every legal move's actions: in range, distinct and prefix-free among the state's moves,
    decoded back to the move, and reached by taking ``next_actions`` one by one from none
    (stopping as soon as one move fits). The actions seen."""
    sequences = [codec.actions(m) for m in legal]
    assert len(set(sequences)) == len(sequences), "two moves share their actions"
    for a in sequences:
        for b in sequences:
            assert a == b or a[: len(b)] != b, f"{b} is a prefix of {a}"
    for move, seq in zip(legal, sequences, strict=True):
        assert all(0 <= a < codec.num_actions for a in seq)
        assert codec.decode(legal, seq) is move
        prefix: tuple[int, ...] = ()
        fitting, nxt = next_actions(codec, legal, prefix)
        while nxt:
            step = seq[len(prefix)]
            assert step in nxt
            prefix += (step,)
            fitting, nxt = next_actions(codec, legal, prefix)
        assert fitting == [move] and seq[: len(prefix)] == prefix
        assert codec.decode(legal, prefix) is move
    return {a for seq in sequences for a in seq}
