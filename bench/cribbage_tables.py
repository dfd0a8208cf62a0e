"""Build the Cribbage expert's shipped tables (src/cardtable/games/cribbage/data/).

- ``discards``: the suit-free discard table (every six-rank hand, each discard's kept-hand and
  crib means), see :mod:`cardtable.games.cribbage.discard_table`.
- ``leads``: every opening lead of four ranks against four, solved, see
  :mod:`cardtable.games.cribbage.lead_table`.
- ``board``: the chance to win from every score, see :mod:`cardtable.games.cribbage.board`:
  per-deal point distributions of ``rules`` against ``rules`` (simulated), then a dynamic
  programme over the board.

Run from /work/main: ``PYTHONPATH=src .venv/bin/python bench/cribbage_tables.py discards
--jobs 2`` (about 25 s on 2 cores), ``... leads --jobs 2`` (about 3 minutes) and ``... board
--deals 20000 --jobs 2``. It prints how long
each took.
"""

from __future__ import annotations

import argparse
import time
from io import BytesIO
from multiprocessing import Pool
from pathlib import Path

import numpy as np

from cardtable.games.cribbage.discard_table import (
    DISCARD_PAIRS,
    SCALE,
    TABLE_FILE,
    rank_discard_values,
    rank_hands,
)
from cardtable.games.cribbage.lead_table import LEADS_FILE, NONE, dealable
from cardtable.games.cribbage.pegging_table import kept_hands
from cardtable.games.cribbage.solver import clear_memo, play_values

DATA = Path(__file__).resolve().parent.parent / "src/cardtable/games/cribbage/data"


def _row(ranks: tuple[int, ...]) -> list[tuple[float, float]]:
    return rank_discard_values(ranks)


def build_discards(jobs: int) -> None:
    start = time.perf_counter()
    hands = rank_hands()
    with Pool(jobs) as pool:
        rows = pool.map(_row, hands, chunksize=256)
    values = np.rint(np.array(rows) * SCALE).astype(np.uint16)
    assert values.shape == (len(hands), len(DISCARD_PAIRS), 2)
    buffer = BytesIO()
    np.savez_compressed(buffer, values=values)
    DATA.mkdir(parents=True, exist_ok=True)
    (DATA / TABLE_FILE).write_bytes(buffer.getvalue())
    took = time.perf_counter() - start
    size = len(buffer.getvalue())
    print(f"discard table: {len(hands)} hands x 15 discards in {took:.1f} s, {size} bytes")


def _leads(mine: tuple[int, ...]) -> list[list[int]]:
    """One row of the lead table: ``mine`` leading against every four-rank hand."""
    clear_memo()  # one hand's positions share a memo; another's seldom meet them
    row = []
    for other in kept_hands():
        cell = [NONE] * 4
        if dealable(mine, other):
            for k, value in enumerate(play_values(mine, other, 0, (), table=False).values()):
                cell[k] = value
        row.append(cell)
    return row


def build_leads(jobs: int) -> None:
    start = time.perf_counter()
    hands = kept_hands()
    with Pool(jobs) as pool:
        rows = pool.map(_leads, hands, chunksize=8)
    values = np.array(rows, dtype=np.int8)
    assert values.shape == (len(hands), len(hands), 4)
    buffer = BytesIO()
    np.savez_compressed(buffer, values=values)
    (DATA / LEADS_FILE).write_bytes(buffer.getvalue())
    took = time.perf_counter() - start
    size = len(buffer.getvalue())
    print(f"lead table: {len(hands)} x {len(hands)} hands in {took:.1f} s, {size} bytes")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("table", choices=("discards", "leads", "board"))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--deals", type=int, default=20000)
    args = parser.parse_args()
    if args.table == "discards":
        build_discards(args.jobs)
    elif args.table == "leads":
        build_leads(args.jobs)
    else:
        from cribbage_board import build_board

        build_board(args.deals, args.jobs, DATA)


if __name__ == "__main__":
    main()
