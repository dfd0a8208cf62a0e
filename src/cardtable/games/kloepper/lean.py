"""Kloepper's fast core for the vector API: N tables, tensors kept up to date cell by cell.

The rules stay the engine's (one :class:`~cardtable.games.kloepper.game.KloepperState` a
table, moved by ``State.apply``), so the moves, scores and ends are the engine's by
construction. What is fast is the tensors: the codec builds a seat's tensor from
``observation(seat)`` and its events at every step (a dict of some 30 entries, strings of
cards, the deal's events); here each seat's card planes and history live in an array that
each new log entry of the state changes in a few cells (a play: two cells in each seat's
planes and two in its history), all tables' changes written by one numpy index assignment a
step. Only the ~90 cells that describe the position (sizes, phase, seats, scores, sides,
voids) are written afresh, for the seat to act only. The result equals the codec's tensor cell
for cell (``tests/test_rl_vector.py`` compares them move for move over whole games).

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
from cardtable.games.kloepper.tables import CALLABLE, KEY, PACK, QC, QS, SEATS, TRUMP
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
        self.sides: list[list[list[int] | None]] = [[None] * SEATS for _ in range(n)]
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

    # ------------------------------------------------------------------ the Core protocol

    def reset(self, seeds: Sequence[int]) -> None:
        self.states = [self._new(table, seed) for table, seed in enumerate(seeds)]
        self._write()

    def step(self, actions: Sequence[int], seeds: SeedSource) -> None:
        ones: list[int] = []
        zeros: list[int] = []
        cells: list[int] = []
        values: list[float] = []
        rewards = self.rewards
        rewards.fill(0.0)
        self.done.fill(False)
        moves = self.moves
        for table, action in enumerate(actions):
            state = self.states[table]
            state.apply(moves[action])
            log = state._log
            new = log[self.read[table] :]
            self.read[table] = len(log)
            if any(entry[0] == "deal over" for entry in new):
                now = self.pay(state)
                before = self.paid[table]
                rewards[table] = [a - b for a, b in zip(now, before, strict=True)]
                self.paid[table] = now
            if state.is_over:
                self.done[table] = True
                self.final_scores[table] = state.points
                self.states[table] = self._new(table, seeds.next(table))
                continue
            self._take(table, state, new, ones, zeros, cells, values)
        flat = self.seats.reshape(-1)
        flat[ones] = 1.0
        flat[zeros] = 0.0
        flat[cells] = values
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
        """The cells that ``entries`` (new log entries of ``state``) change in the seats'
        rows, as flat indices of ``self.seats``: set to 1 (``ones``), then cleared
        (``zeros``), then set to a value (``cells``, ``values``)."""
        for k in range(len(entries) - 1, -1, -1):
            if entries[k][0] == "deal":  # a new deal: what came before it is gone
                self._deal(table, state)
                entries = entries[k + 1 :]
                break
        width = self.width
        base = table * SEATS * width
        info = self.info
        for entry in entries:
            kind = entry[0]
            if kind == "play":
                seat, card = entry[1], entry[2]
                cell = _CELL[card]
                plays = self.plays[table]
                play = _O["plays"] + plays * _PLAY
                if plays % SEATS == 0:
                    self.led[table] = KEY[card]
                led = self.led[table]
                void = -1 if KEY[card] == led else _VOID[led]
                size = len(state.hands[seat]) / 6
                for s in range(SEATS):
                    at = base + s * width
                    rel = (seat - s) % SEATS
                    ones.append(at + _O["played"] + rel * NCARDS + cell)
                    ones.append(at + _O["trick"] + rel * NCARDS + cell)
                    cells.append(at + _O["hand_sizes"] + rel)
                    values.append(size)
                    if void >= 0:
                        ones.append(at + _O["voids"] + 4 * rel + void)
                    if info:
                        ones.append(at + play + rel)
                        ones.append(at + play + SEATS + cell)
                zeros.append(base + seat * width + _O["hand"] + cell)
                self.plays[table] = plays + 1
                if card in (QC, QS) or card == state.call:
                    self.sides[table] = [None] * SEATS
            elif kind == "trick":
                winner, leader, cards = entry[1], entry[3], entry[4]
                won = sum(1 for t in state.tricks if t[2] == winner) / 6
                taken = state.taken[winner] / 120
                for s in range(SEATS):
                    at = base + s * width
                    for i, card in enumerate(cards):
                        rel = (leader + i - s) % SEATS
                        zeros.append(at + _O["trick"] + rel * NCARDS + _CELL[card])
                    rel = (winner - s) % SEATS
                    cells.append(at + _O["tricks_won"] + rel)
                    cells.append(at + _O["card_points"] + rel)
                    values.append(won)
                    values.append(taken)
            elif kind == "declare":
                seat, verb, card = entry[1], entry[2], entry[3]
                slot = _O["declarations"] + self.declared[table] * _DECL
                self.declared[table] += 1
                said = 1 + _ACE[card] if verb == "call" else 0
                for s in range(SEATS):
                    at = base + s * width
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
                    at = base + s * width
                    ones.append(at + _O["knocker"] + (seat - s) % SEATS)
                    if entry[2]:
                        ones.append(at + _O["lone_knock"])
                    if info:
                        ones.append(at + _O["knock_after"] + self.plays[table])
            elif kind == "knock-off":
                self.sides[table] = [None] * SEATS
                seat = entry[1]
                for s in range(SEATS):
                    ones.append(base + s * width + _O["knock_off"] + (seat - s) % SEATS)
            elif kind == "no knock-off" and info:
                seat = entry[1]
                for s in range(SEATS):
                    ones.append(base + s * width + _O["no_knock_off"] + (seat - s) % SEATS)

    def _write(self) -> None:
        """Each table's tensor of the seat to act: its row, then the few cells that change
        with every position (phase, leader, trick, knock, sides) and the mask."""
        rows = self._rows
        to_move = self.to_move
        states = self.states
        for table, state in enumerate(states):
            to_move[table] = state.turn
        np.multiply(self._tables, SEATS, out=rows)
        rows += to_move
        np.take(self.seats, rows, axis=0, out=self.obs)
        cells: list[int] = []
        marks: list[int] = []
        actions = self.action
        num_actions = self.codec.num_actions
        width = self.width
        sides = self.sides
        for table, state in enumerate(states):
            legal = state._legal()
            at = table * num_actions
            for move in legal:
                marks.append(at + actions[move])
            me = state.turn
            o = table * width
            cells.append(o + _O["phase"] + state.phase)
            cells.append(o + _O["leader"] + (state.leader - me) % SEATS)
            cells.append(o + _O["trick_number"] + min(state.trick_no, 5))
            if KNOCK in legal:
                cells.append(o + _O["may_knock"])
            known = sides[table][me]
            if known is None:
                known = sides[table][me] = _sides(state, me)
            for offset in known:
                cells.append(o + offset)
        self.mask.fill(0)
        self.mask.reshape(-1)[marks] = 1
        self.obs.reshape(-1)[cells] = 1.0


def _sides(state: KloepperState, me: int) -> list[int]:
    """The roles and partner cells of seat ``me`` (offsets in its row), as the observation
    gives them: the sides the seat can tell."""
    roles = state.roles(me)
    out: list[int] = []
    at = _O["roles"]
    for k in range(SEATS):
        role = roles[(me + k) % SEATS]
        if role is not None:
            out.append(at + 3 * k + _ROLE[role])
    mine = roles[me]
    if mine in ("queens", "opponents") and None not in roles:
        mates = [s for s in range(SEATS) if s != me and roles[s] == mine]
        if len(mates) == 1:
            out.append(_O["partner"] + (mates[0] - me) % SEATS)
    return out


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
