"""Kloepper's codec: 31 fixed actions, a 308-cell seat-relative observation and an exact
information state (the deal's declarations, knock and 24 plays in order).

Cards take 24 cells, not 52: the pack's cards in card-id order (``CARDS``: AC AD AH AS 9C ...
KS), so no plane carries the 28 faces Kloepper never deals. ``docs/research.md`` lists
the layout; ``OBS_LAYOUT`` and ``INFO_LAYOUT`` give it as (name, cells) in writing order.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

from cardtable.cards import card_str
from cardtable.encoding import Codec, Writer, offsets_of
from cardtable.engine import Event, Game, Move
from cardtable.errors import CardtableError
from cardtable.games.kloepper.moves import ALONE, CALL, KNOCK, KNOCK_OFF, PASS, PLAY
from cardtable.games.kloepper.scoring import NEVER, scoring_table
from cardtable.games.kloepper.tables import CALLABLE, PACK, PHASES, SEATS

__all__ = ["CARDS", "INFO_LAYOUT", "OBS_LAYOUT", "OFFSETS", "KloepperCodec"]

#: The 24 cards in the order of their cells and of the ``play`` actions 0-23.
CARDS: tuple[str, ...] = tuple(card_str(c) for c in PACK)
NCARDS = len(CARDS)
_INDEX: dict[str, int] = {card: i for i, card in enumerate(CARDS)}
#: The aces that may be called, in the order of the ``call`` actions 24-26.
ACES: tuple[str, ...] = tuple(card_str(a) for a in CALLABLE)
_NAMES: tuple[str, ...] = (
    *(f"play {c}" for c in CARDS),
    *(f"call {a}" for a in ACES),
    "alone",
    "pass",
    "knock",
    "knock-off",
)
_PHASE = {name: i for i, name in enumerate(PHASES)}
_ROLE = {"queens": 0, "alone": 1, "opponents": 2}
_VOID = {"trumps": 0, "clubs": 1, "hearts": 2, "spades": 3}
#: A declaration's kind in the history: no call, call AC / AH / AS, alone (the seat's own only).
_DECLARED = {"no call": 0, **{f"call {a}": 1 + i for i, a in enumerate(ACES)}, "alone": 4}

#: The observation, piece by piece in writing order: (name, cells). Per-seat pieces are
#: seat-relative (the observer first, then round the table).
OBS_LAYOUT: tuple[tuple[str, int], ...] = (
    ("hand", NCARDS),
    ("played", SEATS * NCARDS),
    ("trick", SEATS * NCARDS),
    ("hand_sizes", SEATS),
    ("phase", len(PHASES)),
    ("dealer", SEATS),
    ("to_move", SEATS),
    ("leader", SEATS),
    ("trick_number", 6),
    ("scores", SEATS),
    ("target", 1),
    ("call", len(ACES)),
    ("caller", SEATS),
    ("declared", SEATS),
    ("roles", SEATS * len(_ROLE)),
    ("partner", SEATS),
    ("knocker", SEATS),
    ("lone_knock", 1),
    ("knock_off", SEATS),
    ("may_knock", 1),
    ("tricks_won", SEATS),
    ("card_points", SEATS),
    ("voids", SEATS * len(_VOID)),
)
#: What the information state adds after the observation: (name, cells).
INFO_LAYOUT: tuple[tuple[str, int], ...] = (
    ("declarations", SEATS * (SEATS + len(_DECLARED))),
    ("plays", 6 * SEATS * (SEATS + NCARDS)),
    ("knock_after", SEATS + 1),
    ("no_knock_off", SEATS),
)


#: Where each piece starts, in the information-state tensor (the observation is its head).
OFFSETS: dict[str, int] = offsets_of(OBS_LAYOUT + INFO_LAYOUT)


def _cards(w: Writer, cards: Iterable[str] | None) -> None:
    """24 cells, 1 for each card present (``Writer.cards`` with Kloepper's 24 cells)."""
    out, at = w.out, w.at
    for card in cards or ():
        out[at + _INDEX[card]] = 1.0
    w.at = at + NCARDS


class KloepperCodec(Codec):
    """Kloepper's fixed actions and tensors; every option set has the same sizes.

    >>> import cardtable
    >>> from cardtable.registry import codec
    >>> state = cardtable.load("kloepper").new_state(seed=2)
    >>> kc = codec(state.game)
    >>> kc.num_actions, kc.obs_size, kc.info_size
    (31, 308, 717)
    >>> [kc.action_name(a) for a in kc.actions(state.legal_moves()[0])]
    ['pass']
    >>> len(kc.info_state(state.observation(0), state.events_for(0)))
    1025
    """

    exact_info: ClassVar[bool] = True

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.num_actions = len(_NAMES)
        self.obs_size = sum(size for _name, size in OBS_LAYOUT)
        self.info_size = sum(size for _name, size in INFO_LAYOUT)
        # Every move the game can make, once: moves are interned, so this is the cache.
        table: dict[Move, tuple[int, ...]] = {PLAY[c]: (i,) for i, c in enumerate(PACK)}
        table.update({CALL[a]: (NCARDS + i,) for i, a in enumerate(CALLABLE)})
        extra = NCARDS + len(CALLABLE)
        for i, move in enumerate((ALONE, PASS, KNOCK, KNOCK_OFF)):
            table[move] = (extra + i,)
        self._actions = table

    def actions(self, move: Move) -> tuple[int, ...]:
        """The one action of ``move`` (every Kloepper move is one action)."""
        found = self._actions.get(move)
        if found is None:
            raise CardtableError(f"kloepper has no action for move {move.text!r}")
        return found

    def action_name(self, action: int) -> str:
        """``play QS``, ``call AH``, ``alone``, ``pass``, ``knock`` or ``knock-off``."""
        if not 0 <= action < len(_NAMES):
            raise CardtableError(f"kloepper has no action {action}")
        return _NAMES[action]

    def single_deal(self) -> bool:
        """One deal when every result a deal can have scores the target or more for its
        winners (``target=1`` with the default table): the game ends with the first deal.

        >>> import cardtable
        >>> from cardtable.registry import codec
        >>> codec(cardtable.load("kloepper", target=2)).single_deal()
        True
        >>> codec(cardtable.load("kloepper", target=3)).single_deal()
        False
        """
        table = scoring_table(str(self.game.options["scoring"]))
        least = min(points for row, points in table.items() if row not in NEVER)
        return self.whole_option("target") <= least

    def utility_bound(self) -> float:
        """The game ends with the deal in which a seat reaches the target: a seat one point
        short may score the table's best row once more.

        >>> import cardtable
        >>> from cardtable.registry import codec
        >>> codec(cardtable.load("kloepper")).utility_bound()
        59.0
        """
        best = max(scoring_table(str(self.game.options["scoring"])).values())
        return float(self.whole_option("target") - 1 + best)

    def max_game_length(self) -> int:
        """A table whose rows may score 0 lets deals go on: the figure assumes every deal
        scores (at most ``target`` deals a seat, 4 seats), and a deal takes at most 40 actions.

        >>> import cardtable
        >>> from cardtable.registry import codec
        >>> codec(cardtable.load("kloepper")).max_game_length()
        4800
        """
        return 4 * self.whole_option("target") * 40

    def _observe(self, obs: Mapping[str, Any], w: Writer) -> None:
        """Write the observation of ``obs["seat"]`` (a spectator's is seen from seat 0)."""
        me = obs["seat"] or 0
        out = w.out

        def rel(seat: int | None) -> int | None:
            return None if seat is None else (seat - me) % SEATS

        _cards(w, obs.get("hand"))
        # Cards played this deal, by who played them; then the trick on the table.
        played, trick = w.at, w.at + SEATS * NCARDS
        for t in obs["tricks"]:
            lead = t["leader"] - me
            for i, card in enumerate(t["cards"]):
                out[played + (lead + i) % SEATS * NCARDS + _INDEX[card]] = 1.0
        for p in obs["trick"]:
            cell = (p["seat"] - me) % SEATS * NCARDS + _INDEX[p["card"]]
            out[played + cell] = out[trick + cell] = 1.0
        w.at = trick + SEATS * NCARDS

        order = [(me + k) % SEATS for k in range(SEATS)]
        sizes = obs["hand_sizes"]
        for s in order:
            w.scalar(sizes[s], 6)
        w.onehot(_PHASE[obs["phase"]], len(PHASES))
        w.onehot(rel(obs["dealer"]), SEATS)
        w.onehot(rel(obs["to_move"]), SEATS)
        w.onehot(rel(obs["leader"]), SEATS)
        w.onehot(obs["trick_number"] - 1, 6)
        scores, target = obs["scores"], obs["target"]
        for s in order:
            w.scalar(scores[s], target)
        w.scalar(target, 100)
        call = obs["call"]
        w.onehot(None if call is None else ACES.index(call), len(ACES))
        w.onehot(rel(obs["caller"]), SEATS)
        declared = obs["declared"]
        for s in order:
            w.flag(declared[s] is not None)
        roles = obs["roles"]
        for s in order:
            w.onehot(_ROLE.get(roles[s]), len(_ROLE))
        w.onehot(rel(obs.get("partner")), SEATS)
        w.onehot(rel(obs["knocker"]), SEATS)
        w.flag(obs["lone_knock"])
        w.onehot(rel(obs["knock_off"]), SEATS)
        w.flag(obs.get("may_knock"))
        won, points = obs["tricks_won"], obs["card_points"]
        for s in order:
            w.scalar(won[s], 6)
        for s in order:
            w.scalar(points[s], 120)
        voids = obs["voids"]
        at = w.at
        for k, s in enumerate(order):
            for key in voids[s]:
                out[at + 4 * k + _VOID[key]] = 1.0
        w.at = at + SEATS * len(_VOID)

    def _history(self, obs: Mapping[str, Any], events: Sequence[Event], w: Writer) -> None:
        """Write the deal's declarations, its plays in order (relative seat and card), when the
        knock came (plays before it) and who declined to knock off."""
        me = obs["seat"] or 0
        out = w.out
        start = 0  # the current deal's events: after its "deal" event
        for i in range(len(events) - 1, -1, -1):
            if events[i].type == "deal":
                start = i
                break
        declarations = w.at
        plays = declarations + SEATS * (SEATS + len(_DECLARED))
        knock = plays + 6 * SEATS * (SEATS + NCARDS)
        answers = knock + SEATS + 1
        slot = play = 0
        for e in events[start:]:
            kind = e.type
            rel = ((e.seat or 0) - me) % SEATS  # the events read here all name a seat
            if kind == "play":
                at = plays + play * (SEATS + NCARDS)
                out[at + rel] = 1.0
                out[at + SEATS + _INDEX[e.data["card"]]] = 1.0
                play += 1
            elif kind in ("no call", "call"):
                at = declarations + slot * (SEATS + len(_DECLARED))
                out[at + rel] = 1.0
                name = "no call" if kind == "no call" else f"call {e.data['ace']}"
                out[at + SEATS + _DECLARED[name]] = 1.0
                slot += 1
            elif kind == "alone":  # the seat's own secret: its "no call" was "alone"
                at = declarations + (slot - 1) * (SEATS + len(_DECLARED)) + SEATS
                out[at] = 0.0
                out[at + _DECLARED["alone"]] = 1.0
            elif kind == "knock":
                out[knock + play] = 1.0
            elif kind == "no knock-off":
                out[answers + rel] = 1.0
        w.at = answers + SEATS
