"""The board table of the Cribbage expert: the value of every score at the start of a deal.

1. Per-deal points of ``rules`` against ``rules`` (two players), simulated from first deals:
   his heels, the pone's and the dealer's pegs (jointly), the pone's show, the dealer's hand
   and crib.
2. A dynamic programme over the board, for each target (121, 61) and skunk rule (none, acc,
   hoyle): ``V[x, y]``, the pone's expected game points (+ a win's points, - a loss's) with
   the pone at ``x`` and the dealer at ``y`` as a deal starts. Points arrive in the order of the
   game: heels, pegging (a tie of both passing the target in the play counts half each way),
   the pone's show, the dealer's; then the deal passes. Pegging and shows are taken as
   independent.

Called by ``bench/cribbage_tables.py board``; writes ``data/board.npz`` (float32 arrays named
``"{target}_{skunk}"``, and the distributions ``peg`` (pone's pegs x dealer's), ``pone_show``
and ``dealer_show``).
"""

from __future__ import annotations

import time
from io import BytesIO
from multiprocessing import Pool
from pathlib import Path

import numpy as np
import numpy.typing as npt

import cardtable
from cardtable.bots.levels import make_bot
from cardtable.games.cribbage.board import BOARD_FILE, win_points
from cardtable.games.cribbage.scoring import score_hand
from cardtable.seat_view import SeatView

Array = npt.NDArray[np.float64]


def _first_deal(seed: int) -> tuple[int, int, int, int, int]:
    """(heels, pone pegs, dealer pegs, pone show, dealer show) of game ``seed``'s first deal."""
    # With muggins the deal stops after the play for the claims, so the pegs stand alone.
    state: cardtable.State = cardtable.load("cribbage", muggins=True).new_state(seed=seed)
    bots = [make_bot("cribbage", "rules", seed=seed), make_bot("cribbage", "rules", seed=seed + 1)]
    while state.observation(0)["phase"] == "discard":
        seat = state.to_move
        assert seat is not None
        state.apply(bots[seat].choose(SeatView(state, seat)))
    obs = state.observation(0)
    dealer = int(obs["dealer"])
    pone = 1 - dealer
    heels = state.scores[dealer]
    while state.observation(0)["phase"] == "play":
        seat = state.to_move
        assert seat is not None
        state.apply(bots[seat].choose(SeatView(state, seat)))
    raw: object = state
    kept, crib, starter = raw.kept, raw.crib, raw.starter  # type: ignore[attr-defined]
    return (
        heels,
        state.scores[pone],
        state.scores[dealer] - heels,
        score_hand(kept[pone], starter),
        score_hand(kept[dealer], starter) + score_hand(crib, starter, True),
    )


def _dist(values: list[int], size: int) -> Array:
    out = np.zeros(size)
    for v in values:
        out[v] += 1
    result: Array = out / len(values)
    return result


def solve_board(
    peg: Array, pone_show: Array, dealer_show: Array, heels: float, target: int, skunk: str
) -> Array:
    """``V[x, y]`` by backward induction over the total on the board (see the module)."""
    size = target
    pay = np.array([win_points(target, loser, skunk) for loser in range(size)], dtype=float)
    value = np.zeros((size, size))
    after = np.zeros((size, size))  # the pone's value once the play is over
    ps, ds = np.arange(peg.shape[0]), np.arange(peg.shape[1])
    ss, ts = np.arange(len(pone_show)), np.arange(len(dealer_show))
    for total in range(2 * size - 2, -1, -1):
        cells = [(x, total - x) for x in range(max(0, total - size + 1), min(total, size - 1) + 1)]
        for x, y in cells:
            v = 0.0
            for h, ph in ((0, 1.0 - heels), (2, heels)):
                y0 = y + h
                if y0 >= size:
                    v -= ph * pay[x]
                    continue
                xs, ys = x + ps, y0 + ds
                pc, dc = xs >= size, ys >= size
                grid = after[np.minimum(xs, size - 1)[:, None], np.minimum(ys, size - 1)[None, :]]
                out = np.where(
                    pc[:, None] & dc[None, :],
                    0.5 * (pay[y0] - pay[x]),
                    np.where(pc[:, None], pay[y0], np.where(dc[None, :], -pay[x], grid)),
                )
                v += ph * float((peg * out).sum())
            value[x, y] = v
        for x1, y1 in cells:
            xs = x1 + ss
            xc = np.minimum(xs, size - 1)
            ys = y1 + ts
            yc = np.minimum(ys, size - 1)
            inner = np.where(
                ys[None, :] >= size, -pay[xc][:, None], -value[yc[None, :], xc[:, None]]
            )
            rows = inner @ dealer_show
            after[x1, y1] = float(pone_show @ np.where(xs >= size, pay[y1], rows))
    return value


def build_board(deals: int, jobs: int, data: Path) -> None:
    start = time.perf_counter()
    with Pool(jobs) as pool:
        rows = pool.map(_first_deal, range(deals), chunksize=16)
    simulated = time.perf_counter() - start
    peg = np.zeros((40, 40))
    for _, p, d, _, _ in rows:
        peg[p, d] += 1
    peg /= len(rows)
    pone_show = _dist([r[3] for r in rows], 30)
    dealer_show = _dist([r[4] for r in rows], 60)
    heels = 1 / 13  # a jack starter: 4 of the 52 cards, whatever was dealt
    means = [float(np.mean([r[k] for r in rows])) for k in range(1, 5)]
    print(
        f"{deals} first deals simulated in {simulated:.0f} s; means peg pone/dealer, show "
        f"pone/dealer: {', '.join(f'{m:.2f}' for m in means)}"
    )
    tables: dict[str, Array] = {}
    for target in (121, 61):
        for skunk in ("none", "acc", "hoyle"):
            tables[f"{target}_{skunk}"] = solve_board(
                peg, pone_show, dealer_show, heels, target, skunk
            ).astype(np.float32)
    # The per-deal distributions too, for discards that play to the board.
    tables["peg"], tables["pone_show"], tables["dealer_show"] = peg, pone_show, dealer_show
    buffer = BytesIO()
    np.savez_compressed(buffer, **tables)  # type: ignore[arg-type]
    (data / BOARD_FILE).write_bytes(buffer.getvalue())
    v = tables["121_none"]
    print(
        f"board tables in {time.perf_counter() - start:.0f} s, {len(buffer.getvalue())} bytes; "
        f"P(first pone wins) = {(1 + v[0, 0]) / 2:.3f}"
    )
