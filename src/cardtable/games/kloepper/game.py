"""Kloepper for four players (RULES.md section 3, defaults of section 5).

Hands are small lists of card ints (the standard ids of the 24 cards 9 10 J Q K A), the
partnership a bitmask of seats, and the log a list of small tuples; the public
:class:`~cardtable.engine.Event` objects are built from the log only when someone reads
``events``, which keeps simulation fast.

The partnership is hidden: until the cards (a black queen, the called ace), a knock or a
knock-off show it, a seat knows only its own side. Every seat therefore declares in turn after
the deal (``call AH`` or ``alone`` for the holder of both black queens, ``pass`` for the others),
and "alone" is told to the others only as "no call"; after a knock every other seat is asked in
turn (the knocker's partner may only pass), so who is asked tells nothing either.

>>> import cardtable
>>> deck = ("QC QS JC JS JH JD  AD 10D KD QD 9D AC  10C KC 9C AH 10H KH "
...         "QH 9H AS 10S KS 9S").split()
>>> state = cardtable.load("kloepper").new_state(decks=[deck])
>>> state.observation(0)["hand"]
['QC', 'QS', 'JC', '10C', 'KC', '9C']
>>> [m.text for m in state.legal_moves()]
['call AC', 'call AH', 'call AS', 'alone']
>>> state.apply("call AH"); state.apply("pass"); state.apply("pass"); state.apply("pass")
>>> state.observation(1)["roles"]  # seat 1 holds AH: it knows every side
['queens', 'queens', 'opponents', 'opponents']
>>> state.observation(2)["roles"]  # seat 2 knows only the caller and itself
['queens', None, 'opponents', None]
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from cardtable.cards import cards_str
from cardtable.engine import JSON, Event, Game, LoggedState, Move, PackSource
from cardtable.errors import OptionError
from cardtable.games.kloepper.moves import (
    ALONE,
    CALL,
    KNOCK,
    KNOCK_OFF,
    PASS,
    PLAY,
    parse_move,
)
from cardtable.games.kloepper.options import OPTIONS
from cardtable.games.kloepper.refusals import why_illegal
from cardtable.games.kloepper.sampling import sample_world
from cardtable.games.kloepper.scoring import QUEENS_WIN, result_key, scoring_table
from cardtable.games.kloepper.tables import (
    DECKS,
    DECLARE,
    KEY,
    KEY_NAMES,
    KNOCKOFF,
    OVER,
    PACK,
    PHASES,
    PLAYING,
    POINTS,
    QC,
    QS,
    SEATS,
    Deck,
    hand_order,
    trick_winner,
)
from cardtable.games.kloepper.text import describe_event, describe_move, materialize, prompt
from cardtable.i18n import N_, _
from cardtable.options import Option, OptionValue

__all__ = ["KloepperGame", "KloepperState", "hand_order"]

ALL = 0b1111


SUMMARY = N_("""\
Kloepper: four players, 24 cards (9 10 J Q K A), six each, dealt 3 and 3. Trumps, high to low:
QC QS JC JS JH JD AD 10D KD QD 9D; plain suits rank A 10 K Q 9; follow suit (the black queens
and the jacks belong to the trumps). The holders of the black queens are partners, which no one
knows until the queens are played; the holder of both calls a non-trump ace (its holder is his
secret partner) or plays alone. Card points: A 11, 10 10, K 4, Q 3, J 2 (120 in all); the queens
team needs 61. Before the lead to the second trick the queens team may knock (claim every
trick), and an opponent may then knock off. Scores go to 30; equal leaders share the win.""")


class KloepperGame(Game):
    """Kloepper with its options validated; ``new_state`` deals a game to ``target``."""

    name: ClassVar[str] = "kloepper"
    title: ClassVar[str] = N_("Kloepper")
    summary: ClassVar[str] = SUMMARY
    option_specs: ClassVar[tuple[Option, ...]] = OPTIONS
    #: The pack of the ``deck`` option (set with the options).
    deck: Deck

    def _resolve_options(self, options: dict[str, OptionValue]) -> dict[str, OptionValue]:
        if options["dealer"] is None:
            options["dealer"] = SEATS - 1
        scoring = options["scoring"]
        if not isinstance(scoring, str):
            raise OptionError(_("option 'scoring' must be text such as 'knock=10'"))
        self.table = scoring_table(scoring)
        self.deck = DECKS[str(options["deck"])]
        return options

    @property
    def num_players(self) -> int:
        return SEATS

    def _read_decks(self, decks: Sequence[Sequence[int | str]]) -> tuple[tuple[int, ...], ...]:
        """Explicit packs of the 24 Kloepper cards (the tiny deck's 8), as names or standard
        card ids, top first."""
        needed = _pack_needed() if self.deck.pack == PACK else _tiny_pack_needed()
        return self._read_packs_of(decks, self.deck.pack, needed)

    def _new_state(self, seed: int, decks: tuple[tuple[int, ...], ...]) -> KloepperState:
        return KloepperState(self, seed, decks)

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    def describe(self, event: Event) -> str:
        return describe_event(event)

    def prompt(self, observation: Mapping[str, JSON]) -> str:
        """What the seat of ``observation`` must do now: declare, answer a knock, or play.

        >>> import cardtable
        >>> state = cardtable.load("kloepper").new_state(seed=1)
        >>> print(state.game.prompt(state.observation(0)))
        Your hand: 9D KC AH 10H QH AS. Declare: pass (only the holder of both black queens calls).
        """
        return prompt(observation)


def _pack_needed() -> str:
    return _(
        "a Kloepper pack is a permutation of the 24 cards 9 10 J Q K A of each suit "
        "(9C 9D 9H 9S 10C ... AS), each once"
    )


def _tiny_pack_needed() -> str:
    return _(
        "the tiny Kloepper pack is a permutation of the 8 cards QC QS JH AD AH 10H AS 10S, "
        "each once"
    )


class KloepperState(LoggedState):
    """A game of Kloepper in progress: deals until someone has ``target`` points."""

    __slots__ = (
        "_events",
        "_legal_cache",
        "_log",
        "_mat",
        "_src",
        "alone",
        "asked",
        "call",
        "caller",
        "deal_no",
        "deal_start",
        "dealer",
        "dealt",
        "deck",
        "decks",
        "game",
        "hands",
        "history",
        "is_over",
        "knock_off",
        "knocker",
        "leader",
        "phase",
        "points",
        "seed",
        "table",
        "taken",
        "target",
        "team",
        "trick",
        "trick_no",
        "tricks",
        "turn",
        "voids",
        "won",
    )

    def __init__(self, game: KloepperGame, seed: int, decks: tuple[tuple[int, ...], ...]) -> None:
        self.game = game
        self.seed = seed
        self.decks = decks
        self.history: list[str] = []
        self.target = int(game.options["target"])  # type: ignore[arg-type]
        self.table: dict[str, int] = game.table
        self.deck = game.deck
        self._src = PackSource(seed, decks, cards=self.deck.pack)
        self.points = [0] * SEATS
        self._log: list[tuple[Any, ...]] = []
        self._events: list[Event] = []
        self._mat = 0
        self.is_over = False
        self._legal_cache: list[Move] | None = None
        self.deal_no = 0
        self.dealer = int(game.options["dealer"])  # type: ignore[arg-type]
        self._deal()

    # ----------------------------------------------------------------- the flow of a deal

    def _deal(self) -> None:
        self.deal_no += 1
        self.deal_start = len(self.history)
        pack = self._src.next_pack()
        first = (self.dealer + 1) % SEATS
        hands: list[list[int]] = [[], [], [], []]
        # Three cards to each player from the dealer's left, then three more each (the tiny
        # deck: one, then one more).
        p = self.deck.packet
        second = SEATS * p
        for k in range(SEATS):
            hands[(first + k) % SEATS] = hand_order(
                pack[p * k : p * k + p] + pack[second + p * k : second + p * k + p]
            )
        self.hands = hands
        self.dealt: tuple[tuple[int, ...], ...] = tuple(tuple(h) for h in hands)
        self.call = -1
        self.caller = -1
        self.team = 0
        self.alone = False
        self.knocker = -1
        self.knock_off = -1
        self.asked = 0
        self.trick: list[int] = []
        self.leader = first
        self.trick_no = 0
        self.tricks: list[tuple[int, tuple[int, ...], int, int]] = []
        self.taken = [0] * SEATS
        self.won: list[list[int]] = [[], [], [], []]
        self.voids = [0] * SEATS
        self.phase = DECLARE
        self.turn = first
        self._log.append(("deal", self.deal_no, self.dealer, self.dealt))

    def _declare(self, seat: int, move: Move) -> None:
        if move.verb == "call":
            self.call = move.cards[0]
            self.caller = seat
            self._log.append(("declare", seat, "call", self.call))
        else:
            self._log.append(("declare", seat, move.verb, -1))
        self.turn = (seat + 1) % SEATS
        if self.turn != self.leader:
            return
        if self.caller >= 0:
            holder = next(s for s in range(SEATS) if self.call in self.hands[s])
            self.team = (1 << self.caller) | (1 << holder)
        else:
            qc = next(s for s in range(SEATS) if QC in self.hands[s])
            qs = next(s for s in range(SEATS) if QS in self.hands[s])
            self.team = (1 << qc) | (1 << qs)
            self.alone = qc == qs
        self._log.append(("roles", self.team, self.alone, self.caller))
        self.phase = PLAYING

    def _knock(self, seat: int) -> None:
        self.knocker = seat
        self._log.append(("knock", seat, self.alone))
        if not self.alone:
            # Every other seat is asked in turn, so the asking shows no partnership.
            self.phase = KNOCKOFF
            self.asked = 1
            self.turn = (seat + 1) % SEATS

    def _answer(self, seat: int, move: Move) -> None:
        if move is KNOCK_OFF:
            self.knock_off = seat
            self._log.append(("knock-off", seat))
        else:
            self._log.append(("no knock-off", seat))
            self.asked += 1
            if self.asked < SEATS:
                self.turn = (seat + 1) % SEATS
                return
        self.phase = PLAYING
        self.turn = self.knocker

    def _apply(self, move: Move) -> None:
        if self.phase != PLAYING or move is KNOCK:
            self._apply_other(move)
            return
        # A card played: the simulation's hottest path, carried out here with no call between.
        seat = self.turn
        card = move.cards[0]
        self.hands[seat].remove(card)
        trick = self.trick
        trick.append(card)
        if trick[0] != card and KEY[card] != KEY[trick[0]]:
            self.voids[seat] |= 1 << KEY[trick[0]]
        self._log.append(("play", seat, card, self.trick_no, card == self.call))
        if len(trick) < SEATS:
            self.turn = (seat + 1) % SEATS
            return
        winner = trick_winner(trick, self.leader)
        points = POINTS[trick[0]] + POINTS[trick[1]] + POINTS[trick[2]] + POINTS[trick[3]]
        self.taken[winner] += points
        self.won[winner].extend(trick)
        cards = tuple(trick)
        self.tricks.append((self.leader, cards, winner, points))
        self._log.append(("trick", winner, self.trick_no, self.leader, cards, points))
        self.trick = []
        self.leader = winner
        self.turn = winner
        self.trick_no += 1
        if self.trick_no == self.deck.tricks:
            self._end_deal()
        elif self.trick_no == self.deck.tricks - 1 and self.deck.auto_last:
            # The tiny deck's last trick has one card a hand: it plays itself, in turn.
            for _k in range(SEATS):
                self._apply(PLAY[self.hands[self.turn][0]])

    def _end_deal(self) -> None:
        team = self.team
        q_points = sum(self.taken[s] for s in range(SEATS) if team >> s & 1)
        q_tricks = sum(1 for t in self.tricks if team >> t[2] & 1)
        deck = self.deck
        key = result_key(
            q_points,
            q_tricks,
            self.alone,
            self.knocker >= 0,
            self.knock_off >= 0,
            deck.tricks,
            deck.thresholds(),
        )
        award = self.table[key]
        queens_win = key in QUEENS_WIN
        winners = tuple(s for s in range(SEATS) if bool(team >> s & 1) == queens_win)
        for s in winners:
            self.points[s] += award
        self._log.append(
            (
                "deal over",
                self.deal_no,
                team,
                self.alone,
                self.call,
                q_points,
                q_tricks,
                key,
                award,
                winners,
                tuple(self.points),
            )
        )
        best = max(self.points)
        if best >= self.target:
            self.phase = OVER
            self.is_over = True
            leaders = tuple(s for s in range(SEATS) if self.points[s] == best)
            self._log.append(("game over", leaders, tuple(self.points)))
            return
        self.dealer = (self.dealer + 1) % SEATS
        self._deal()

    # ----------------------------------------------------------------- the protocol

    @property
    def to_move(self) -> int | None:
        return None if self.phase == OVER else self.turn

    @property
    def scores(self) -> list[int]:
        """Game points so far, one number per seat."""
        return list(self.points)

    def standing(self) -> list[int]:
        """The game points so far: a deal's award is known only once it is played out."""
        return list(self.points)

    def _may_knock(self, seat: int) -> bool:
        last = self.deck.knock_before
        return (
            self.knocker < 0
            and bool(self.team >> seat & 1)
            and (self.trick_no < last or (self.trick_no == last and not self.trick))
        )

    def _compute_legal(self) -> list[Move]:
        phase = self.phase
        seat = self.turn
        if phase == PLAYING:
            hand = self.hands[seat]
            trick = self.trick
            if trick:
                led = KEY[trick[0]]
                moves = [PLAY[c] for c in hand if KEY[c] == led] or [PLAY[c] for c in hand]
            else:
                moves = [PLAY[c] for c in hand]
            if self.trick_no < 2 and self._may_knock(seat):
                moves.append(KNOCK)
            return moves
        if phase == DECLARE:
            hand = self.hands[seat]
            if QC in hand and QS in hand:
                return [CALL[a] for a in self.deck.callable if a not in hand] + [ALONE]
            return [PASS]
        if phase == KNOCKOFF:
            return [PASS] if self.team >> seat & 1 else [KNOCK_OFF, PASS]
        return []

    def _apply_other(self, move: Move) -> None:
        """A move that plays no card: a knock, a declaration, an answer to a knock."""
        seat = self.turn
        if move is KNOCK:
            self._knock(seat)
        elif self.phase == DECLARE:
            self._declare(seat, move)
        else:
            self._answer(seat, move)

    def _why_illegal(self, move: Move) -> str:
        return why_illegal(self, move)

    # ----------------------------------------------------------------- knowledge

    def _played_by(self) -> list[tuple[int, int]]:
        """Every (seat, card) played in this deal so far, in order."""
        out = [
            ((leader + i) % SEATS, c)
            for leader, cards, _w, _p in self.tricks
            for i, c in enumerate(cards)
        ]
        out += [((self.leader + i) % SEATS, c) for i, c in enumerate(self.trick)]
        return out

    def knowledge(self, seat: int | None) -> tuple[int, int, bool | None]:
        """What ``seat`` (None: anyone) knows of the sides: the seats known to be on the queens
        team and known to be opponents (bitmasks), and whether the queens team is known to be a
        lone player (None: not known).

        Public facts are the call, the black queens and the called ace once played, a knock (a
        lone knock is announced as one) and a knock-off; a seat adds its own dealt hand.

        >>> import cardtable
        >>> state = cardtable.load("kloepper").new_state(seed=1)
        >>> state.knowledge(None)
        (0, 0, None)
        """
        shown = 0
        queen_seats = []
        for s, c in self._played_by():
            if c in (QC, QS):
                shown |= 1 << s
                queen_seats.append(s)
            elif c == self.call:
                shown |= 1 << s
        return self.knowledge_from(shown, queen_seats, seat)

    def knowledge_from(
        self, shown: int, queen_seats: list[int], seat: int | None
    ) -> tuple[int, int, bool | None]:
        """:meth:`knowledge` from what this deal's plays showed: ``shown``, the seats that
        played a black queen or the called ace (a bitmask), and ``queen_seats``, the seats that
        played the black queens, in order. A caller that follows the plays as they come (the
        vector core) need not scan the deal again.

        >>> import cardtable
        >>> state = cardtable.load("kloepper").new_state(seed=1)
        >>> state.knowledge_from(0, [], None) == state.knowledge(None)
        True
        """
        q, o = shown, 0
        lone: bool | None = None
        declared = self.phase != DECLARE
        if self.caller >= 0:
            q |= 1 << self.caller
            lone = False
        elif len(queen_seats) == 2:
            lone = queen_seats[0] == queen_seats[1]
        if self.knocker >= 0:
            q |= 1 << self.knocker
            lone = self.alone
        if self.knock_off >= 0:
            o |= 1 << self.knock_off
        if seat is not None and declared:
            hand = self.dealt[seat]
            queens = (QC in hand) + (QS in hand)
            if queens:
                q |= 1 << seat
                lone = queens == 2 and self.caller < 0
            elif self.call in hand:
                q |= 1 << seat
            else:
                o |= 1 << seat
        elif seat is not None and (QC in self.dealt[seat] or QS in self.dealt[seat]):
            q |= 1 << seat
        if (lone and q) or (lone is False and q.bit_count() == 2):
            o = ALL & ~q
        elif lone is False and o.bit_count() == 2:
            q = ALL & ~o
        elif o.bit_count() == 3:
            q, lone = ALL & ~o, True
        return q, o, lone

    def roles(self, seat: int | None) -> list[str | None]:
        """Each seat's side as ``seat`` knows it: ``queens``, ``alone``, ``opponents`` or None.

        >>> import cardtable
        >>> cardtable.load("kloepper").new_state(seed=1).roles(None)
        [None, None, None, None]
        """
        q, o, lone = self.knowledge(seat)
        out: list[str | None] = []
        for s in range(SEATS):
            if q >> s & 1:
                out.append("alone" if lone else "queens")
            elif o >> s & 1:
                out.append("opponents")
            else:
                out.append(None)
        return out

    # ----------------------------------------------------------------- views

    def observation(self, seat: int | None) -> dict[str, JSON]:
        """Only what ``seat`` may know: its own cards, the table, the sides it can tell.

        ``None`` is a spectator: the same view without a ``hand``, ``partner``, ``may_knock``
        or ``legal_moves``, and with only the sides that are public (``roles``).

        >>> import cardtable
        >>> state = cardtable.load("kloepper").new_state(seed=1)
        >>> view = state.observation(None)
        >>> view["seat"], "hand" in view, view["roles"], view["hand_sizes"]
        (None, False, [None, None, None, None], [6, 6, 6, 6])
        """
        self._check_seat(seat, spectator_ok=True)
        to_move = self.to_move
        roles = self.roles(seat)
        mine = None if seat is None else roles[seat]
        partner = None
        if seat is not None and mine in ("queens", "opponents"):
            mates = [s for s in range(SEATS) if s != seat and roles[s] == mine]
            if len(mates) == 1 and roles.count(None) == 0:
                partner = mates[0]
        trick_seats = [(self.leader + i) % SEATS for i in range(len(self.trick))]
        obs: dict[str, JSON] = {
            "game": "kloepper",
            "seat": seat,
            "players": SEATS,
            "phase": PHASES[self.phase],
            "to_move": to_move,
            "deal_number": self.deal_no,
            "dealer": self.dealer,
            "scores": list(self.points),
            "target": self.target,
            "hand": None if seat is None else cards_str(self.hands[seat]),
            "hand_sizes": [len(h) for h in self.hands],
            "call": cards_str([self.call])[0] if self.call >= 0 else None,
            "caller": self.caller if self.caller >= 0 else None,
            "declared": self._declared(),
            "roles": roles,
            "partner": partner,
            "knocker": self.knocker if self.knocker >= 0 else None,
            "lone_knock": self.knocker >= 0 and self.alone,
            "knock_off": self.knock_off if self.knock_off >= 0 else None,
            "may_knock": to_move == seat and KNOCK in self._legal(),
            "trick_number": min(self.trick_no + 1, self.deck.tricks),
            "leader": self.leader,
            "trick": [
                {"seat": s, "card": c}
                for s, c in zip(trick_seats, cards_str(self.trick), strict=True)
            ],
            "tricks": [
                {"leader": lead, "cards": cards_str(cards), "winner": w, "points": p}
                for lead, cards, w, p in self.tricks
            ],
            "tricks_won": [sum(1 for t in self.tricks if t[2] == s) for s in range(SEATS)],
            "card_points": list(self.taken),
            "voids": [
                [KEY_NAMES[k] for k in (4, 0, 2, 3) if self.voids[s] >> k & 1] for s in range(SEATS)
            ],
            "legal_moves": [m.text for m in self.legal_moves()] if to_move == seat else [],
        }
        if seat is None:  # a spectator holds no cards, has no side and no moves
            del obs["hand"], obs["partner"], obs["may_knock"], obs["legal_moves"]
        return obs

    def _declared(self) -> list[str | None]:
        """What each seat has declared so far: ``call AH``, ``no call``, or None (not yet)."""
        out: list[str | None] = [None] * SEATS
        done = SEATS if self.phase != DECLARE else (self.turn - self.leader) % SEATS
        for k in range(done):
            s = (self.leader + k) % SEATS
            out[s] = f"call {cards_str([self.call])[0]}" if s == self.caller else "no call"
        return out

    def _materialize(self, entry: tuple[Any, ...]) -> list[Event]:
        return materialize(entry)

    @property
    def result(self) -> dict[str, JSON] | None:
        if self.phase != OVER:
            return None
        best = max(self.points)
        return {
            "winners": [s for s in range(SEATS) if self.points[s] == best],
            "scores": list(self.points),
            "deals": self.deal_no,
        }

    def describe_move(self, move: Move) -> str:
        """A legal move in words: its notation, or a sentence inside
        :func:`~cardtable.i18n.using_names`.

        >>> import cardtable
        >>> from cardtable.i18n import using_language, using_names
        >>> state = cardtable.load("kloepper").new_state(seed=1)
        >>> move = state.legal_moves()[0]
        >>> state.describe_move(move)
        'pass'
        >>> with using_language("ja"), using_names(["Ann", "Bob", "Cat", "Dan"]):
        ...     state.describe_move(move)
        'パス'
        """
        return describe_move(move)

    def card_places(self) -> dict[str, list[int]]:
        places = {f"hand {s}": list(h) for s, h in enumerate(self.hands)}
        places["trick"] = list(self.trick)
        for s in range(SEATS):
            places[f"taken {s}"] = list(self.won[s])
        return places

    def _copy_position(self) -> KloepperState:
        other = self._copy_slots()
        other.points = list(self.points)
        other.hands = [list(h) for h in self.hands]
        other.trick = list(self.trick)
        other.tricks = list(self.tricks)
        other.taken = list(self.taken)
        other.won = [list(w) for w in self.won]
        other.voids = list(self.voids)
        return other

    def sample_world(self, seat: int, rng: random.Random) -> KloepperState:
        return sample_world(self, seat, rng)
