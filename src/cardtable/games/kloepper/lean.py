"""Kloepper's fast core for the vector API: N tables, tensors kept up to date cell by cell.

The rules stay the engine's (one :class:`~cardtable.games.kloepper.game.KloepperState` a
table, moved by ``State.apply``), so the moves, scores and ends are the engine's by
construction. What is fast is the tensors: the codec builds a seat's tensor from
``observation(seat)`` and its events at every step (a dict of some 30 entries, strings of
cards, the deal's events); here each seat's card planes and history live in an array that
each new log entry of the state changes in a few cells (a play: two cells in each seat's
planes and two in its history), looked up in index patterns worked out once per seat and
card, all tables' changes written by one numpy index assignment a step. The sides a seat can
tell are kept from the cards that showed them, not recomputed from the deal. Only the ~90
cells that describe the position (sizes, phase, seats, scores, sides, voids) are written
afresh, for the seat to act only. The result equals the codec's tensor cell for cell
(``tests/test_rl_vector.py`` compares them move for move over whole games).

:data:`VECTOR_CORE` is what ``cardtable.rl.vector`` looks for; it declines (None) a pack other
than the 24 cards, whose tensors have other sizes, and the engine's drivers play those.

>>> import cardtable
>>> from cardtable.rl.driver import margins
>>> tables = KloepperTables(cardtable.load("kloepper", target=1), 2, "info_state", margins)
>>> tables.reset([3, 4])
>>> tables.obs.shape, tables.mask[0].nonzero()[0].tolist(), tables.to_move.tolist()
((2, 1025), [28], [0, 0])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

import numpy as np

from cardtable.engine import Game, Move, State
from cardtable.games.kloepper.codec import ACES, CARDS, OFFSETS, KloepperCodec
from cardtable.games.kloepper.game import KloepperState
from cardtable.games.kloepper.moves import KNOCK
from cardtable.games.kloepper.tables import (
    CALLABLE,
    KEY,
    PACK,
    QC,
    QS,
    SEATS,
    TRUMP,
)
from cardtable.registry import codec as codec_of

__all__ = ["VECTOR_CORE", "KloepperTables"]

NCARDS = len(CARDS)
#: A card id to its cell among the 24.
_CELL = {card: i for i, card in enumerate(PACK)}
#: A callable ace's id to its index among the ``call`` cells (the codec's ``ACES`` order).
_ACE = {card: ACES.index(CARDS[_CELL[card]]) for card in CALLABLE}
_ROLE = {"queens": 0, "alone": 1, "opponents": 2}
#: A suit key to its void cell (trumps, clubs, hearts, spades; diamonds are all trumps).
_VOID = {TRUMP: 0, 0: 1, 2: 2, 3: 3}
_DECL = SEATS + 5  # a declaration's cells: the relative seat, then its kind
_PLAY = SEATS + NCARDS  # a play's cells: the relative seat, then the card
# Where the position's cells start: everything before them is cards, kept cell by cell.
_POSITION = OFFSETS["hand_sizes"]
_O = OFFSETS
#: The log entries that follow a deal's end at once: the next deal, or the game's end.
_AFTER_DEAL = ("deal", "game over")


class SeedSource(Protocol):
    """The vector environment's seeds for the games started after a reset."""

    def next(self, table: int) -> int: ...


class KloepperTables:
    """N Kloepper tables for :class:`cardtable.rl.vector.VectorEnv` (see the module)."""

    def __init__(
        self, game: Game, n: int, observation: str, pay: Callable[[State], list[float]]
    ) -> None:
        self.game = game
        self.codec = codec_of(game)
        self.info = observation == "info_state"
        self.width = self.codec.obs_size + (self.codec.info_size if self.info else 0)
        self.pay = pay  # the reward scheme's payoff of a state
        self.n = n
        # Every seat's card planes and history, kept up to date entry by entry.
        self.seats = np.zeros((n * SEATS, self.width), np.float32)
        self.obs = np.zeros((n, self.width), np.float32)
        self.mask = np.zeros((n, self.codec.num_actions), np.int8)
        self.to_move = np.zeros(n, np.int64)
        self.rewards = np.zeros((n, SEATS), np.float32)
        self.done = np.zeros(n, np.bool_)
        self.final_scores = np.zeros((n, SEATS), np.float32)
        self.states: list[KloepperState] = []
        self.read = [0] * n  # log entries of each state taken into the arrays
        self.plays = [0] * n  # plays of the deal so far
        self.declared = [0] * n  # declarations of the deal so far
        self.paid: list[list[float]] = [[0.0] * SEATS for _ in range(n)]
        # The sides each seat knows change only with a few entries: cached until one comes.
        self.sides: list[list[tuple[int, ...] | None]] = [[None] * SEATS for _ in range(n)]
        self.led = [0] * n  # the suit key led to the trick in progress
        codec = self.codec
        assert isinstance(codec, KloepperCodec)
        self.moves: list[Move] = [Move("pass")] * codec.num_actions
        self.action: dict[Move, int] = {}
        for move, (action,) in codec._actions.items():
            self.moves[action] = move
            self.action[move] = action
        self._rows = np.zeros(n, np.int64)
        self._tables = np.arange(n, dtype=np.int64)
        # Where each table's four rows start in the flat array.
        self._blocks = self._tables * (SEATS * self.width)
        # The seats that showed their side by a card (a black queen, the called ace), as a
        # bitmask, and the seats that played the black queens, in order, this deal.
        self.shown = [0] * n
        self.queens: list[list[int]] = [[] for _ in range(n)]
        self._patterns()

    def _patterns(self) -> None:
        """The cells a play or a trick changes in a table's four rows (indices within them),
        worked out once for every seat and card so that a step only looks them up."""
        width = self.width

        played: list[tuple[int, ...]] = []
        trick: list[tuple[int, ...]] = []
        hand: list[int] = []
        for seat in range(SEATS):
            for cell in range(NCARDS):
                rel = [(seat - s) % SEATS for s in range(SEATS)]
                p = [s * width + _O["played"] + rel[s] * NCARDS + cell for s in range(SEATS)]
                t = [s * width + _O["trick"] + rel[s] * NCARDS + cell for s in range(SEATS)]
                played.append(tuple(p + t))
                trick.append(tuple(t))
                hand.append(seat * width + _O["hand"] + cell)
        #: A play's cards at ``seat * NCARDS + cell``: its card planes, the trick in progress.
        self._played = played
        self._trick = trick
        self._hand = hand
        #: A play in the history: ``(plays * SEATS + seat) * NCARDS + cell``.
        self._history: list[tuple[int, ...]] = []
        if self.info:
            for plays in range(6 * SEATS):
                at = _O["plays"] + plays * _PLAY
                for seat in range(SEATS):
                    for cell in range(NCARDS):
                        self._history.append(
                            tuple(
                                c
                                for s in range(SEATS)
                                for c in (
                                    s * width + at + (seat - s) % SEATS,
                                    s * width + at + SEATS + cell,
                                )
                            )
                        )
        seats = range(SEATS)
        self._void = [
            tuple(s * width + _O["voids"] + 4 * ((seat - s) % SEATS) + v for s in seats)
            for seat in range(SEATS)
            for v in range(4)
        ]
        self._sizes = [
            tuple(s * width + _O["hand_sizes"] + (seat - s) % SEATS for s in seats)
            for seat in range(SEATS)
        ]
        self._won = [
            tuple(s * width + _O["tricks_won"] + (seat - s) % SEATS for s in seats)
            + tuple(s * width + _O["card_points"] + (seat - s) % SEATS for s in seats)
            for seat in range(SEATS)
        ]

    # ------------------------------------------------------------------ the Core protocol

    def reset(self, seeds: Sequence[int]) -> None:
        self.states = [self._new(table, seed) for table, seed in enumerate(seeds)]
        self._write()

    def step(self, actions: Sequence[int], seeds: SeedSource) -> None:
        # Each table's changes as indices within its own block of four rows, with where each
        # table's run ends: one numpy add of the blocks' starts turns them into flat indices.
        ones: list[int] = []
        zeros: list[int] = []
        cells: list[int] = []
        values: list[float] = []
        ends: list[int] = []
        rewards = self.rewards
        rewards.fill(0.0)
        self.done.fill(False)
        moves = self.moves
        states = self.states
        read = self.read
        take = self._take
        for table, action in enumerate(actions):
            state = states[table]
            state.apply(moves[action])
            log = state._log
            new = log[read[table] :]
            read[table] = len(log)
            # A deal's end is followed at once by the next deal or the game's end.
            if new[-1][0] in _AFTER_DEAL:
                now = self.pay(state)
                before = self.paid[table]
                rewards[table] = [a - b for a, b in zip(now, before, strict=True)]
                self.paid[table] = now
            if state.is_over:
                self.done[table] = True
                self.final_scores[table] = state.points
                states[table] = self._new(table, seeds.next(table))
            else:
                take(table, state, new, ones, zeros, cells, values)
            ends += (len(ones), len(zeros), len(cells))
        flat = self.seats.reshape(-1)
        runs = np.diff(np.array(ends, np.int64).reshape(-1, 3), axis=0, prepend=0)
        blocks = self._blocks
        if ones:
            flat[np.array(ones, np.int64) + np.repeat(blocks, runs[:, 0])] = 1.0
        if zeros:
            flat[np.array(zeros, np.int64) + np.repeat(blocks, runs[:, 1])] = 0.0
        if cells:
            flat[np.array(cells, np.int64) + np.repeat(blocks, runs[:, 2])] = values
        self._write()

    # ------------------------------------------------------------------ the arrays

    def _new(self, table: int, seed: int) -> KloepperState:
        """A game dealt from ``seed`` at ``table``, its first deal in the arrays."""
        state = self.game.new_state(seed=seed)
        assert isinstance(state, KloepperState)
        self.read[table] = len(state._log)
        self.paid[table] = self.pay(state)
        self._deal(table, state)
        return state

    def _deal(self, table: int, state: KloepperState) -> None:
        """A new deal: every seat's row cleared, then what the deal starts with (the hand,
        six cards each, the dealer, the scores, the target; the seat to act is the row's own
        seat whenever the row is read)."""
        rows = self.seats[table * SEATS : table * SEATS + SEATS]
        rows.fill(0.0)
        points, target = state.points, state.target
        for seat in range(SEATS):
            row = rows[seat]
            for card in state.hands[seat]:
                row[_O["hand"] + _CELL[card]] = 1.0
            row[_O["to_move"]] = 1.0
            row[_O["dealer"] + (state.dealer - seat) % SEATS] = 1.0
            row[_O["target"]] = target / 100
            for k in range(SEATS):
                row[_O["hand_sizes"] + k] = len(state.hands[(seat + k) % SEATS]) / 6
                row[_O["scores"] + k] = points[(seat + k) % SEATS] / target
        self.plays[table] = 0
        self.declared[table] = 0
        self.sides[table] = [None] * SEATS
        self.shown[table] = 0
        self.queens[table] = []

    def _take(
        self,
        table: int,
        state: KloepperState,
        entries: Sequence[tuple[Any, ...]],
        ones: list[int],
        zeros: list[int],
        cells: list[int],
        values: list[float],
    ) -> None:
        """The cells that ``entries`` (new log entries of ``state``) change in the table's
        four rows, as indices within them: set to 1 (``ones``), then cleared (``zeros``),
        then set to a value (``cells``, ``values``)."""
        if entries[-1][0] == "deal" or len(entries) > 1:
            for k in range(len(entries) - 1, -1, -1):
                if entries[k][0] == "deal":  # a new deal: what came before it is gone
                    self._deal(table, state)
                    entries = entries[k + 1 :]
                    break
        for entry in entries:
            kind = entry[0]
            if kind == "play":
                seat, card = entry[1], entry[2]
                cell = _CELL[card]
                plays = self.plays[table]
                at = seat * NCARDS + cell
                if plays % SEATS == 0:
                    self.led[table] = KEY[card]
                else:
                    led = self.led[table]
                    if KEY[card] != led:
                        ones += self._void[seat * 4 + _VOID[led]]
                ones += self._played[at]
                if self.info:
                    ones += self._history[plays * SEATS * NCARDS + at]
                zeros.append(self._hand[at])
                cells += self._sizes[seat]
                size = len(state.hands[seat]) / 6
                values += (size, size, size, size)
                self.plays[table] = plays + 1
                if card in (QC, QS):
                    self.shown[table] |= 1 << seat
                    self.queens[table].append(seat)
                    self.sides[table] = [None] * SEATS
                elif entry[4]:  # the called ace
                    self.shown[table] |= 1 << seat
                    self.sides[table] = [None] * SEATS
            elif kind == "trick":
                winner, leader, played = entry[1], entry[3], entry[4]
                trick = self._trick
                for i in range(SEATS):
                    zeros += trick[(leader + i) % SEATS * NCARDS + _CELL[played[i]]]
                won = len(state.won[winner]) / (SEATS * 6)
                taken = state.taken[winner] / 120
                cells += self._won[winner]
                values += (won, won, won, won, taken, taken, taken, taken)
            else:
                self._other(table, entry, ones)

    def _other(self, table: int, entry: tuple[Any, ...], ones: list[int]) -> None:
        """The cells of an entry that is neither a play nor a trick (declarations, the knock,
        answers to it; a few a deal), as indices within the table's rows."""
        kind = entry[0]
        width = self.width
        info = self.info
        if kind == "declare":
            seat, verb, card = entry[1], entry[2], entry[3]
            slot = _O["declarations"] + self.declared[table] * _DECL
            self.declared[table] += 1
            said = 1 + _ACE[card] if verb == "call" else 0
            for s in range(SEATS):
                at = s * width
                rel = (seat - s) % SEATS
                ones.append(at + _O["declared"] + rel)
                if verb == "call":
                    ones.append(at + _O["call"] + _ACE[card])
                    ones.append(at + _O["caller"] + rel)
                if info:
                    ones.append(at + slot + rel)
                    own = 4 if verb == "alone" and s == seat else said
                    ones.append(at + slot + SEATS + own)
            if verb == "call":
                self.sides[table] = [None] * SEATS
        elif kind == "roles":
            self.sides[table] = [None] * SEATS
        elif kind == "knock":
            self.sides[table] = [None] * SEATS
            seat = entry[1]
            for s in range(SEATS):
                at = s * width
                ones.append(at + _O["knocker"] + (seat - s) % SEATS)
                if entry[2]:
                    ones.append(at + _O["lone_knock"])
                if info:
                    ones.append(at + _O["knock_after"] + self.plays[table])
        elif kind == "knock-off":
            self.sides[table] = [None] * SEATS
            seat = entry[1]
            for s in range(SEATS):
                ones.append(s * width + _O["knock_off"] + (seat - s) % SEATS)
        elif kind == "no knock-off" and info:
            seat = entry[1]
            for s in range(SEATS):
                ones.append(s * width + _O["no_knock_off"] + (seat - s) % SEATS)

    def _write(self) -> None:
        """Each table's tensor of the seat to act: its row, then the few cells that change
        with every position (phase, leader, trick, knock, sides) and the mask."""
        cells: list[int] = []  # cells within each table's tensor, then where each table's end
        ends: list[int] = []
        marks: list[int] = []
        turns: list[int] = []
        actions = self.action
        num_actions = self.codec.num_actions
        sides = self.sides
        phase, leader, trick_no = _O["phase"], _O["leader"], _O["trick_number"]
        may_knock = _O["may_knock"]
        for table, state in enumerate(self.states):
            legal = state._legal()
            at = table * num_actions
            marks += [at + actions[move] for move in legal]
            me = state.turn
            turns.append(me)
            cells += (
                phase + state.phase,
                leader + (state.leader - me) % SEATS,
                trick_no + min(state.trick_no, 5),
            )
            if KNOCK in legal:
                cells.append(may_knock)
            known = sides[table][me]
            if known is None:
                known = sides[table][me] = _SIDES[
                    _knowledge(state, me, self.shown[table], self.queens[table])
                ]
            cells += known
            ends.append(len(cells))
        to_move = self.to_move
        to_move[:] = turns
        rows = self._rows
        np.multiply(self._tables, SEATS, out=rows)
        rows += to_move
        np.take(self.seats, rows, axis=0, out=self.obs)
        bounds = np.array([0, *ends], np.int64)
        flat = np.array(cells, np.int64)
        flat += np.repeat(self._tables * self.width, bounds[1:] - bounds[:-1])
        self.mask.fill(0)
        self.mask.reshape(-1)[marks] = 1
        self.obs.reshape(-1)[flat] = 1.0


def _knowledge(
    state: KloepperState, me: int, shown: int, queens: list[int]
) -> tuple[int, int, int | None, int]:
    """``state.knowledge(me)`` from the seats that showed a black queen or the called ace,
    kept by the caller (``shown``), and ``queens``, the seats that played the black queens in
    order, as a key of the side cells' table."""
    q, o, lone = state.knowledge_from(shown, queens, me)
    return q, o, None if lone is None else int(lone), me


def _side_cells(q: int, o: int, lone: int | None, me: int) -> tuple[int, ...]:
    """The roles and partner cells (offsets in seat ``me``'s row) of what it knows, as the
    observation gives them (``KloepperState.roles`` and the partner it tells)."""
    roles: list[int | None] = []
    for s in range(SEATS):
        if q >> s & 1:
            roles.append(_ROLE["alone"] if lone else _ROLE["queens"])
        elif o >> s & 1:
            roles.append(_ROLE["opponents"])
        else:
            roles.append(None)
    out: list[int] = []
    for k in range(SEATS):
        role = roles[(me + k) % SEATS]
        if role is not None:
            out.append(_O["roles"] + 3 * k + role)
    mine = roles[me]
    if mine in (_ROLE["queens"], _ROLE["opponents"]) and None not in roles:
        mates = [s for s in range(SEATS) if s != me and roles[s] == mine]
        if len(mates) == 1:
            out.append(_O["partner"] + (mates[0] - me) % SEATS)
    return tuple(out)


#: Every side knowledge a seat may have, (queens, opponents, lone, seat), to its cells.
_SIDES: dict[tuple[int, int, int | None, int], tuple[int, ...]] = {
    (q, o, lone, me): _side_cells(q, o, lone, me)
    for q in range(1 << SEATS)
    for o in range(1 << SEATS)
    for lone in (None, 0, 1)
    for me in range(SEATS)
}


def _vector_core(
    game: Game, n: int, observation: str, pay: Callable[[State], list[float]]
) -> KloepperTables | None:
    """The fast core, or None for a pack whose tensors are not the 24-card layout."""
    codec = codec_of(game)
    if (codec.obs_size, codec.info_size, codec.num_actions) != (308, 717, 31):
        return None
    return KloepperTables(game, n, observation, pay)


#: What ``cardtable.rl.vector.core_of`` calls to play Kloepper's tables.
VECTOR_CORE = _vector_core
