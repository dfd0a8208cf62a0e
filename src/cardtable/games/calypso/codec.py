"""Calypso's codec: 52 fixed actions (``play`` of each face), a 979-cell seat-relative
observation and an exact information state within a deal (the deal's 52 plays in order).

Four packs are in play, so a hand or the cards played may hold up to four copies of a face:
those pieces are four thermometer planes of 52 faces (plane k: the faces present more than k
times). ``docs/research.md`` lists the layout; ``OBS_LAYOUT`` and ``INFO_LAYOUT`` give it
as (name, cells) in writing order, ``OFFSETS`` where each piece starts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from cardtable.cards import PACK_SIZE, SUIT_LETTERS, card_str
from cardtable.encoding import FACE, Codec, Writer, offsets_of
from cardtable.engine import Event, Game, Move
from cardtable.errors import CardtableError
from cardtable.games.calypso.moves import PLAY
from cardtable.games.calypso.tables import CARDS, PACKS
from cardtable.games.calypso.tricks import REASONS, RULE_NAMES

__all__ = ["INFO_LAYOUT", "OBS_LAYOUT", "OFFSETS", "CalypsoCodec"]

SEATS = 4
RANKS = 13
TRICKS = 13  # tricks of a deal: 13 cards a player
_NAMES: tuple[str, ...] = tuple(f"play {card_str(f)}" for f in range(PACK_SIZE))
_SUIT = {letter: i for i, letter in enumerate(SUIT_LETTERS)}
_REASON = {name: i for i, name in enumerate(REASONS)}
_RULE = {name: i for i, name in enumerate(RULE_NAMES)}

# Scales that keep the numbers at about 0..1 (random games: a seat's running points reach about
# 2,000, a trick pile about 80 cards, a partnership's round about 3,000).
POINTS_SCALE = 2000
PILE_SCALE = 80
ROUND_SCALE = 3000

#: The observation, piece by piece in writing order: (name, cells). Per-seat pieces are
#: seat-relative (the observer first, then round the table; index 2 is the partner).
OBS_LAYOUT: tuple[tuple[str, int], ...] = (
    ("hand", PACKS * PACK_SIZE),
    ("played", PACKS * PACK_SIZE),
    ("trick", SEATS * PACK_SIZE),
    ("trick_leader", SEATS),
    ("led", 4),
    ("last_trick", SEATS * PACK_SIZE),
    ("last_leader", SEATS),
    ("last_winner", SEATS),
    ("last_reason", len(REASONS)),
    ("calypsos", SEATS * RANKS),
    ("completed", SEATS),
    ("pile_sizes", SEATS),
    ("points", SEATS),
    ("scores", 2),
    ("hand_sizes", SEATS),
    ("voids", SEATS * 4),
    ("suits", SEATS * 4),
    ("undealt", 1),
    ("round", 4),
    ("rounds", 1),
    ("deal", 4),
    ("dealer", SEATS),
    ("to_move", SEATS),
    ("trick_rule", len(RULE_NAMES)),
)
#: What the information state adds after the observation: per trick of the deal, its leader
#: (relative seat) and its four plays in order (a face each).
_TRICK_CELLS = SEATS + SEATS * PACK_SIZE
INFO_LAYOUT: tuple[tuple[str, int], ...] = (("plays", TRICKS * _TRICK_CELLS),)


#: Where each piece starts, in the information-state tensor (the observation is its head).
OFFSETS: dict[str, int] = offsets_of(OBS_LAYOUT + INFO_LAYOUT)
_AT = OFFSETS  # the observation's pieces, from its start
#: Per face, its cells in the four planes of "played": ``[:n]`` for n copies played.
_PLANES: tuple[tuple[int, ...], ...] = tuple(
    tuple(OFFSETS["played"] + k * PACK_SIZE + f for k in range(PACKS)) for f in range(PACK_SIZE)
)


class CalypsoCodec(Codec):
    """Calypso's fixed actions and tensors; every option set has the same sizes.

    >>> import cardtable
    >>> from cardtable.registry import codec
    >>> state = cardtable.load("calypso").new_state(seed=1)
    >>> cc = codec(state.game)
    >>> cc.num_actions, cc.obs_size, cc.info_size
    (52, 979, 2756)
    >>> move = state.legal_moves()[0]
    >>> move.text, cc.actions(move), cc.action_name(cc.actions(move)[0])
    ('play 10C', (36,), 'play 10C')
    >>> len(cc.info_state(state.observation(0), state.events_for(0)))
    3735
    """

    exact_info: ClassVar[bool] = True

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.num_actions = PACK_SIZE
        self.obs_size = sum(size for _name, size in OBS_LAYOUT)
        self.info_size = sum(size for _name, size in INFO_LAYOUT)
        # Every move the game makes, once: moves are interned, so this is the cache.
        self._actions: dict[Move, tuple[int, ...]] = {m: (f,) for f, m in enumerate(PLAY)}

    def actions(self, move: Move) -> tuple[int, ...]:
        """The one action of ``move``: its face (the engine picks which copy)."""
        found = self._actions.get(move)
        if found is None:
            raise CardtableError(f"calypso has no action for move {move.text!r}")
        return found

    def action_name(self, action: int) -> str:
        """``play 5H``: action ``f`` plays face ``f`` (0 ``AC`` ... 51 ``KS``)."""
        if not 0 <= action < PACK_SIZE:
            raise CardtableError(f"calypso has no action {action}")
        return _NAMES[action]

    def utility_bound(self) -> float:
        """A side holds at most every card: 2 x 3,250 in calypsos and 104 pile cards at 10,
        each round.

        >>> import cardtable
        >>> from cardtable.registry import codec
        >>> codec(cardtable.load("calypso")).utility_bound()
        7540.0
        """
        return 7540.0 * self.whole_option("rounds")

    def max_game_length(self) -> int:
        """Every card of the two packs is played once a round, one action each.

        >>> import cardtable
        >>> from cardtable.registry import codec
        >>> codec(cardtable.load("calypso", rounds=2)).max_game_length()
        416
        """
        return 208 * self.whole_option("rounds")

    def _observe(self, obs: Mapping[str, Any], w: Writer) -> None:
        """Write the observation of ``obs["seat"]`` (a spectator's is seen from seat 0)."""
        # The cells set to 1 are gathered in a list and set with one numpy call: a cell at a
        # time costs more than all the rest of the work.
        me = obs["seat"] or 0
        order = [(me + k) % SEATS for k in range(SEATS)]  # relative place -> seat
        rel = [(s - me) % SEATS for s in range(SEATS)]  # seat -> relative place
        ones: list[int] = []
        add = ones.append

        # Hand: thermometer planes (plane k: the faces held more than k times).
        seen: dict[int, int] = {}
        for card in obs.get("hand") or ():
            face = FACE[card]
            k = seen.get(face, 0)
            seen[face] = k + 1
            add(_AT["hand"] + k * PACK_SIZE + face)
        for card, n in obs["played"].items():
            ones.extend(_PLANES[FACE[card]][:n])

        # The trick so far by who played each card; its leader fixes the order of play.
        trick = obs["trick"]
        at = _AT["trick"]
        for p in trick:
            add(at + rel[p["seat"]] * PACK_SIZE + FACE[p["card"]])
        if trick:
            add(_AT["trick_leader"] + rel[trick[0]["seat"]])
        led = obs["led"]
        if led is not None:
            add(_AT["led"] + _SUIT[led])
        last = obs["last_trick"]
        if last is not None:
            at = _AT["last_trick"]
            cards = last["cards"]
            for p in cards:
                add(at + rel[p["seat"]] * PACK_SIZE + FACE[p["card"]])
            add(_AT["last_leader"] + rel[cards[0]["seat"]])
            add(_AT["last_winner"] + rel[last["winner"]])
            add(_AT["last_reason"] + _REASON[last["reason"]])

        # A calypso holds one card of each rank of its owner's suit: 13 cells by rank (A..K).
        calypsos, voids, suits = obs["calypsos"], obs["voids"], obs["suits"]
        at_cal, at_void, at_suit = (_AT[n] for n in ("calypsos", "voids", "suits"))
        for k, s in enumerate(order):
            for card in calypsos[s]:
                add(at_cal + k * RANKS + FACE[card] // 4)
            for letter in voids[s]:
                add(at_void + 4 * k + _SUIT[letter])
            add(at_suit + 4 * k + _SUIT[suits[s]])

        add(_AT["round"] + obs["round"] - 1)
        add(_AT["deal"] + obs["deal"] - 1)
        add(_AT["dealer"] + rel[obs["dealer"]])
        to_move = obs["to_move"]
        if to_move is not None:
            add(_AT["to_move"] + rel[to_move])
        add(_AT["trick_rule"] + _RULE[obs["trick_rule"]])
        # Offsets count from the observation's start, wherever the writer stands.
        out = w.out[w.at : w.at + self.obs_size]
        out[ones] = 1.0

        completed, piles, points = obs["completed"], obs["pile_sizes"], obs["points"]
        sizes, scores, rounds = obs["hand_sizes"], obs["scores"], obs["rounds"]
        at = _AT["completed"]  # the scalars lie together, from "completed" to "hand_sizes"
        out[at : at + 18] = [
            *(completed[s] / 4 for s in order),
            *(piles[s] / PILE_SCALE for s in order),
            *(points[s] / POINTS_SCALE for s in order),
            scores[me] / (ROUND_SCALE * rounds),  # the observer's partnership first
            scores[(me + 1) % SEATS] / (ROUND_SCALE * rounds),
            *(sizes[s] / TRICKS for s in order),
        ]
        out[_AT["undealt"]] = obs["undealt"] / (CARDS - PACK_SIZE)
        out[_AT["rounds"]] = rounds / 4
        w.at += self.obs_size

    def _history(self, obs: Mapping[str, Any], events: Sequence[Event], w: Writer) -> None:
        """Write the deal's plays in order: per trick its leader (relative seat) and four
        faces, one per place in the order of play."""
        me = obs["seat"] or 0
        start = 0  # the current deal's events: from its "deal" event on
        for i in range(len(events) - 1, -1, -1):
            if events[i].type == "deal":
                start = i
                break
        ones: list[int] = []
        play = 0
        for e in events[start:]:
            if e.type != "play":
                continue
            trick, place = divmod(play, SEATS)
            at = trick * _TRICK_CELLS
            if place == 0:
                ones.append(at + ((e.seat or 0) - me) % SEATS)
            ones.append(at + SEATS + place * PACK_SIZE + FACE[e.data["card"]])
            play += 1
        w.out[w.at : w.at + self.info_size][ones] = 1.0
        w.at += self.info_size
