"""Krypkasino's codec: 105 fixed actions, a seat-relative observation and a compact summary of
the hand's plays (not exact: ``exact_info`` is False).

A move is its card (actions 0-51 by face); a card that may capture in several ways then names
the table faces it takes, in face order (52 + face each, both copies of a face twice), and
``stop`` (104) ends the capture. Two packs: card pieces are two thermometer planes of 52 cells
(plane 1 holds the faces present twice). Sizes grow with the number of players (per-seat pieces
have one block per seat, the observer's first). ``docs/research.md`` lists the layout;
:func:`obs_layout` and :func:`info_layout` give it as (name, cells) in writing order and
:func:`offsets` where each piece starts.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

from cardtable.cards import PACK_SIZE, card_str
from cardtable.encoding import FACE, Codec, Writer, offsets_of
from cardtable.engine import Event, Game, Move
from cardtable.errors import CardtableError

__all__ = [
    "NUM_ACTIONS",
    "STOP",
    "TAKE_BASE",
    "KrypkasinoCodec",
    "info_layout",
    "obs_layout",
    "offsets",
]

#: ``take`` actions start here (52 + face); ``stop`` ends a capture.
TAKE_BASE = PACK_SIZE
STOP = 2 * PACK_SIZE
NUM_ACTIONS = STOP + 1
_NAMES: tuple[str, ...] = (
    *(f"play {card_str(f)}" for f in range(PACK_SIZE)),
    *(f"take {card_str(f)}" for f in range(PACK_SIZE)),
    "stop",
)
PLANES = 2  # two packs: a face may be present twice
CARD_CELLS = PLANES * PACK_SIZE

# Scales that bring a value to about 0..1.
HAND_SCALE = 6  # the most cards a hand holds (2 players: 3 + 3)
STOCK_SCALE = 2 * PACK_SIZE
EXTRA_SCALE = 12  # 2 players: 11 extra deals
POINTS_SCALE = 42  # penalty points of a hand
TABBE_SCALE = 20
TABBES_SCALE = 4


def obs_layout(players: int) -> tuple[tuple[str, int], ...]:
    """The observation's pieces in writing order, (name, cells), for ``players`` seats.

    >>> sum(size for _name, size in obs_layout(4))
    465
    """
    p = players
    return (
        ("hand", CARD_CELLS),
        ("table", CARD_CELLS),
        ("set_aside", CARD_CELLS),
        ("captured", CARD_CELLS),
        ("hand_sizes", p),
        ("stock", 1),
        ("extra_deals_left", 1),
        ("hand_number", 1),
        ("last_hand", 1),
        ("dealer", p),
        ("to_move", p),
        ("last_capturer", p),
        ("team", p),
        ("must_sweep", 1),
        ("captured_points", p),
        ("tabbe_points", p),
        ("tabbes", p),
        ("hand_points", p),
        ("totals", p),
        ("scores", p),
    )


def info_layout(players: int) -> tuple[tuple[str, int], ...]:
    """What the information state adds after the observation, (name, cells).

    >>> info_layout(4)
    (('played', 208),)
    """
    return (("played", players * PACK_SIZE),)


def offsets(players: int) -> dict[str, int]:
    """Where each piece starts in the information-state tensor (the observation is its head).

    >>> offsets(4)["table"], offsets(4)["played"]
    (104, 465)
    """
    return offsets_of(obs_layout(players) + info_layout(players))


def _cells(at: int, cards: Iterable[str], cells: list[int]) -> None:
    """Append the cells of ``cards`` in a two-plane piece at ``at`` (a repeat goes to plane 1)."""
    seen: set[int] = set()
    for card in cards:
        face = FACE[card]
        if face in seen:
            face += PACK_SIZE
        else:
            seen.add(face)
        cells.append(at + face)


class KrypkasinoCodec(Codec):
    """Krypkasino's fixed actions and tensors (sizes by the number of players).

    >>> import cardtable
    >>> from cardtable.registry import codec
    >>> state = cardtable.load("krypkasino", players=2).new_state(seed=1)
    >>> kc = codec(state.game)
    >>> kc.num_actions, kc.obs_size, kc.info_size
    (105, 443, 104)
    >>> kc.actions(state.game.parse_move("play 7C take 2C 5H"))
    (24, 56, 70, 104)
    >>> kc.action_name(24), kc.action_name(70), kc.action_name(104)
    ('play 7C', 'take 5H', 'stop')
    >>> len(kc.info_state(state.observation(0), state.events_for(0)))
    547
    """

    multi_action: ClassVar[bool] = True
    exact_info: ClassVar[bool] = False

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        p = self.players
        self.num_actions = NUM_ACTIONS
        self.obs_size = sum(size for _name, size in obs_layout(p))
        self.info_size = sum(size for _name, size in info_layout(p))
        # Moves are interned and hash by identity: each move's sequence is made once.
        self._actions: dict[Move, tuple[int, ...]] = {}

    def actions(self, move: Move) -> tuple[int, ...]:
        """``play C`` is one action; ``play C take T...`` is C, take T... (face order), stop."""
        found = self._actions.get(move)
        if found is None:
            cards = move.cards
            if move.verb != "play" or not cards or not all(0 <= c < PACK_SIZE for c in cards):
                raise CardtableError(f"krypkasino has no action for move {move.text!r}")
            if len(cards) == 1:
                found = (cards[0],)
            else:
                # The stop keeps the sequences prefix-free: one capture may take a subset of
                # another's cards (any-maximal families).
                found = (cards[0], *(TAKE_BASE + c for c in sorted(cards[1:])), STOP)
            self._actions[move] = found
        return found

    def action_name(self, action: int) -> str:
        """``play 5H`` (0-51), ``take 5H`` (52-103) or ``stop`` (104)."""
        if not 0 <= action < NUM_ACTIONS:
            raise CardtableError(f"krypkasino has no action {action}")
        return _NAMES[action]

    def utility_bound(self) -> float:
        """42 penalty points a hand and at most one tabbe (10) for each of the 104 cards
        played, for every seat and deal.

        >>> import cardtable
        >>> from cardtable.registry import codec
        >>> codec(cardtable.load("krypkasino")).utility_bound()
        17312.0
        """
        return float(self.players * self.whole_option("deals") * (42 + 104 * 10))

    def max_game_length(self) -> int:
        """Each of the 104 cards is played once a deal, and a play names at most every table
        face (52) before it stops: 54 actions.

        >>> import cardtable
        >>> from cardtable.registry import codec
        >>> codec(cardtable.load("krypkasino", players=4, deals=2)).max_game_length()
        11232
        """
        return self.whole_option("deals") * 104 * 54

    def _observe(self, obs: Mapping[str, Any], w: Writer) -> None:
        """Write the observation of ``obs["seat"]`` (a spectator's is seen from seat 0)."""
        me = obs["seat"] or 0
        p = self.players
        out = w.out
        order = [(me + k) % p for k in range(p)]

        def rel(seat: int | None) -> int | None:
            return None if seat is None else (seat - me) % p

        # The four card pieces at once: one fancy assignment is much cheaper than one per card.
        at = w.at
        cells: list[int] = []
        _cells(at, obs.get("hand") or (), cells)
        _cells(at + CARD_CELLS, obs["table"], cells)
        _cells(at + 2 * CARD_CELLS, obs["set_aside"], cells)
        # Every pile together: whose pile a card lies in never changes what comes.
        _cells(at + 3 * CARD_CELLS, [c for pile in obs["captured"] for c in pile], cells)
        out[cells] = 1.0
        w.at = at + 4 * CARD_CELLS

        sizes = obs["hand_sizes"]
        for s in order:
            w.scalar(sizes[s], HAND_SCALE)
        w.scalar(obs["stock"], STOCK_SCALE)
        w.scalar(obs["extra_deals_left"], EXTRA_SCALE)
        hands = obs["hands_in_game"]
        w.scalar(obs["hand_number"], hands)
        w.flag(obs["hand_number"] == hands)
        w.onehot(rel(obs["dealer"]), p)
        w.onehot(rel(obs["to_move"]), p)
        w.onehot(rel(obs["last_capturer"]), p)
        teams = obs["teams"]
        mine = teams[me]
        for s in order:
            w.flag(teams[s] == mine)
        w.flag(obs.get("must_sweep"))
        for key, scale in (
            ("captured_points", POINTS_SCALE),
            ("tabbe_points", TABBE_SCALE),
            ("tabbes", TABBES_SCALE),
            ("hand_points", POINTS_SCALE),
        ):
            values = obs[key]
            for s in order:
                w.scalar(values[s], scale)
        # A seat's share of the game's penalty points: about 1 for an average seat at the end.
        game_scale = POINTS_SCALE * hands / p
        for key in ("totals", "scores"):
            values = obs[key]
            for s in order:
                w.scalar(values[s], game_scale)

    def _history(self, obs: Mapping[str, Any], events: Sequence[Event], w: Writer) -> None:
        """Write, by seat, how many of each face it played this hand (0, 1/2 or 1): a summary,
        not the order of the plays."""
        me = obs["seat"] or 0
        p = self.players
        out = w.out
        at = w.at
        start = 0  # the hand's events: from its "deal" event (extra deals stay in the hand)
        for i in range(len(events) - 1, -1, -1):
            if events[i].type == "deal":
                start = i
                break
        for e in events[start:]:
            if e.type == "play":
                seat = ((e.seat or 0) - me) % p  # play events always name their seat
                out[at + seat * PACK_SIZE + FACE[e.data["card"]]] += 0.5
        w.at = at + p * PACK_SIZE
