"""Cribbage's codec: 1462 fixed actions, a seat-relative observation and an exact information
state (the deal's plays in order, who said go, and the claims and muggins of the show).

Every option set numbers its actions alike; the tensors grow with the number of players
(per-seat pieces have one block per seat, the observer's first). ``docs/research.md``
lists the layout; :func:`obs_layout` and :func:`info_layout` give it as (name, cells) in
writing order and :func:`offsets` where each piece starts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from cardtable.cards import PACK_SIZE
from cardtable.encoding import FACE, Codec, Writer, offsets_of
from cardtable.engine import Event, Game, Move
from cardtable.errors import CardtableError
from cardtable.games.cribbage.moves import CLAIM, DISCARD1, DISCARD2, MAX_CLAIM, MUGGINS, PASS, PLAY
from cardtable.games.cribbage.tables import PHASES

__all__ = [
    "CLAIM_BASE",
    "DISCARD1_BASE",
    "DISCARD2_BASE",
    "MUGGINS_ACTION",
    "NUM_ACTIONS",
    "PASS_ACTION",
    "CribbageCodec",
    "info_layout",
    "obs_layout",
    "offsets",
]

#: Where each verb's actions start: plays 0-51 and single discards 52-103 by face, discard
#: pairs 104-1429 in (low, high) face order, claims 0-29, then muggins and pass.
DISCARD1_BASE = PACK_SIZE
DISCARD2_BASE = 2 * PACK_SIZE
NPAIRS = PACK_SIZE * (PACK_SIZE - 1) // 2
CLAIM_BASE = DISCARD2_BASE + NPAIRS
MUGGINS_ACTION = CLAIM_BASE + MAX_CLAIM + 1
PASS_ACTION = MUGGINS_ACTION + 1
NUM_ACTIONS = PASS_ACTION + 1

_PAIRS: tuple[Move, ...] = tuple(m for m in DISCARD2 if m is not None)
#: Every move the game can make, in action order (an action's move is ``_MOVES[action]``).
_MOVES: tuple[Move, ...] = (*PLAY, *DISCARD1, *_PAIRS, *CLAIM, MUGGINS, PASS)
_PHASE = {name: i for i, name in enumerate(PHASES)}
#: Cells of one claim in the history: its value 0-29 one-hot (the muggins flag follows).
_CLAIMS = MAX_CLAIM + 1

# Scales that bring a value to about 0..1.
HAND_SCALE, CRIB_SCALE, COUNT_SCALE, DEAL_SCALE, TARGET_SCALE = 6, 4, 31, 16, 121


def obs_layout(players: int) -> tuple[tuple[str, int], ...]:
    """The observation's pieces in writing order, (name, cells), for ``players`` seats.

    >>> sum(size for _name, size in obs_layout(2))
    495
    """
    p = players
    return (
        ("hand", PACK_SIZE),
        ("laid_away", PACK_SIZE),
        ("starter", PACK_SIZE),
        ("count_cards", PACK_SIZE),
        ("played", p * PACK_SIZE),
        ("shown_hands", p * PACK_SIZE),
        ("shown_crib", PACK_SIZE),
        ("shows", p + 2),
        ("hand_sizes", p),
        ("crib_size", 1),
        ("count", 1),
        ("count_last", p),
        ("phase", len(PHASES)),
        ("dealer", p),
        ("to_move", p),
        ("scores", p),
        ("target", 1),
        ("match_points", p),
        ("game_number", 1),
        ("deal_number", 1),
        ("claimed", 1),
    )


def info_layout(players: int) -> tuple[tuple[str, int], ...]:
    """What the information state adds after the observation, (name, cells).

    >>> info_layout(2)
    (('plays', 448), ('claims', 93))
    """
    p = players
    # Every seat keeps four cards for the play, so a deal has at most 4 * players plays.
    return (("plays", 4 * p * (2 * p + PACK_SIZE)), ("claims", (p + 1) * (_CLAIMS + 1)))


def offsets(players: int) -> dict[str, int]:
    """Where each piece starts in the information-state tensor (the observation is its head).

    >>> offsets(2)["played"], offsets(2)["plays"]
    (208, 495)
    """
    return offsets_of(obs_layout(players) + info_layout(players))


class CribbageCodec(Codec):
    """Cribbage's fixed actions and tensors (sizes by the number of players).

    >>> import cardtable
    >>> from cardtable.registry import codec
    >>> state = cardtable.load("cribbage", target=61).new_state(seed=2)
    >>> cc = codec(state.game)
    >>> cc.num_actions, cc.obs_size, cc.info_size
    (1462, 495, 541)
    >>> [cc.action_name(a) for a in cc.actions(state.legal_moves()[0])]
    ['discard 2C 3C']
    >>> cc.action_name(0), cc.action_name(52), cc.action_name(104), cc.action_name(1442)
    ('play AC', 'discard AC', 'discard AC AD', 'claim 12')
    >>> len(cc.info_state(state.observation(0), state.events_for(0)))
    1036
    """

    exact_info: ClassVar[bool] = True

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        p = self.players
        self.num_actions = NUM_ACTIONS
        self.obs_size = sum(size for _name, size in obs_layout(p))
        self.info_size = sum(size for _name, size in info_layout(p))
        games = game.options.get("games", 1)
        assert isinstance(games, int)
        # A game won is worth at most 3 match points (a double skunk).
        self._match_scale = 3 * games
        self._games = games
        # Moves are interned and hash by identity: one dict look-up per move.
        self._actions: dict[Move, tuple[int, ...]] = {m: (a,) for a, m in enumerate(_MOVES)}
        self._names: tuple[str, ...] = tuple(m.text for m in _MOVES)

    def actions(self, move: Move) -> tuple[int, ...]:
        """The one action of ``move`` (every cribbage move is one action)."""
        found = self._actions.get(move)
        if found is None:
            raise CardtableError(f"cribbage has no action for move {move.text!r}")
        return found

    def action_name(self, action: int) -> str:
        """``play 5H``, ``discard 5H``, ``discard 5H 6C``, ``claim 12``, ``muggins`` or ``pass``."""
        if not 0 <= action < NUM_ACTIONS:
            raise CardtableError(f"cribbage has no action {action}")
        return self._names[action]

    def single_deal(self) -> bool:
        """The tiny pack (``deck="tiny"``) plays one deal: the game ends after its show.

        >>> import cardtable
        >>> from cardtable.registry import codec
        >>> codec(cardtable.load("cribbage", deck="tiny")).single_deal()
        True
        """
        return self.game.options.get("deck") == "tiny"

    def utility_bound(self) -> float:
        """Pegs stop at the target; a match of several games scores at most 3 game points a
        game (a double skunk).

        >>> import cardtable
        >>> from cardtable.registry import codec
        >>> codec(cardtable.load("cribbage")).utility_bound()
        121.0
        """
        matches = self.whole_option("games")
        return float(self.whole_option("target") if matches == 1 else 3 * matches)

    def max_game_length(self) -> int:
        """Every deal pegs at least the last card's point, so a game has at most ``target``
        deals a seat, and a deal takes at most 60 actions (4 players with muggins: about 30
        seen).

        >>> import cardtable
        >>> from cardtable.registry import codec
        >>> codec(cardtable.load("cribbage")).max_game_length()
        14520
        """
        matches, target = self.whole_option("games"), self.whole_option("target")
        return matches * self.players * target * 60

    def _observe(self, obs: Mapping[str, Any], w: Writer) -> None:
        """Write the observation of ``obs["seat"]`` (a spectator's is seen from seat 0)."""
        p = self.players
        me = obs["seat"] or 0
        order = [(me + k) % p for k in range(p)]
        out = w.out

        def rel(seat: int | None) -> int | None:
            return None if seat is None else (seat - me) % p

        w.cards(obs.get("hand"))
        w.cards(obs.get("laid_away"))
        w.card(obs["starter"])
        count_cards = obs["count_cards"]
        w.cards(count_cards)
        played = obs["played"]
        # Who laid the count's last card: with to_move it shows who said go.
        last = count_cards[-1] if count_cards else None
        last_seat = None
        for s in order:
            cards = played[s]
            if last is not None and last in cards:
                last_seat = s
            w.cards(cards)
        hands, crib = w.at, w.at + p * PACK_SIZE
        shown = obs["shown"]
        for show in shown:
            at = crib if show["what"] == "crib" else hands + (show["seat"] - me) % p * PACK_SIZE
            for card in show["cards"]:
                out[at + FACE[card]] = 1.0
        w.at = crib + PACK_SIZE
        w.onehot(len(shown), p + 2)
        sizes = obs["hand_sizes"]
        for s in order:
            w.scalar(sizes[s], HAND_SCALE)
        w.scalar(obs["crib_size"], CRIB_SCALE)
        w.scalar(obs["count"], COUNT_SCALE)
        w.onehot(rel(last_seat), p)
        w.onehot(_PHASE[obs["phase"]], len(PHASES))
        w.onehot(rel(obs["dealer"]), p)
        w.onehot(rel(obs["to_move"]), p)
        scores, target = obs["scores"], obs["target"]
        for s in order:
            w.scalar(scores[s], target)
        w.scalar(target, TARGET_SCALE)
        match = obs["match_points"]
        for s in order:
            w.scalar(match[s], self._match_scale)
        w.scalar(obs["game_number"], self._games)
        w.scalar(obs["deal_number"], DEAL_SCALE)
        w.scalar(obs["claimed"], MAX_CLAIM)

    def _history(self, obs: Mapping[str, Any], events: Sequence[Event], w: Writer) -> None:
        """Write the deal's plays in order (relative seat, card, the seats that said go after
        it), then each show's claim and whether muggins took points from it."""
        p = self.players
        me = obs["seat"] or 0
        out = w.out
        start = 0  # the current deal's events: from its "deal" event on
        for i in range(len(events) - 1, -1, -1):
            if events[i].type == "deal":
                start = i
                break
        plays = w.at
        slot = 2 * p + PACK_SIZE
        claims = plays + 4 * p * slot
        play = 0
        claim_at = -1
        for e in events[start:]:
            kind, seat = e.type, e.seat
            if seat is None:  # "game over": the deal is over
                continue
            if kind == "play":
                at = plays + play * slot
                out[at + (seat - me) % p] = 1.0
                out[at + p + FACE[e.data["card"]]] = 1.0
                play += 1
            elif kind == "go":  # said after the play before it
                out[plays + (play - 1) * slot + p + PACK_SIZE + (seat - me) % p] = 1.0
            elif kind == "claim":
                owner = p if e.data["what"] == "crib" else (seat - me) % p
                claim_at = claims + owner * (_CLAIMS + 1)
                out[claim_at + min(e.data["points"], MAX_CLAIM)] = 1.0
            elif kind == "score" and e.data["reason"] == "muggins":
                out[claim_at + _CLAIMS] = 1.0
        w.at = claims + (p + 1) * (_CLAIMS + 1)
