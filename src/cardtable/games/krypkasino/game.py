"""Krypkasino for 2 to 6 players, alone or in teams (RULES.md section 2, defaults of section 5).

Two packs (card ids ``copy * 52 + face``). Hands and the table are small lists of card ids; the
table's rank counts are kept packed in one int, the key of the cached capture search. The log is
a list of small tuples, turned into :class:`~cardtable.engine.Event` objects only when someone
reads ``events``.

>>> import cardtable
>>> state = cardtable.load("krypkasino", players=2).new_state(seed=3)
>>> obs = state.observation(0)
>>> len(obs["hand"]), len(obs["table"]) + len(obs["set_aside"])
(6, 4)
>>> obs["stock"], obs["extra_deals_left"]
(88, 11)
>>> while not state.is_over:
...     state.apply(state.legal_moves()[0])
>>> sum(state.result["hands"][0])
42
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from cardtable.cards import PACK_SIZE, cards_str
from cardtable.engine import JSON, Event, Game, LoggedState, Move, PackSource, sides_by
from cardtable.errors import OptionError
from cardtable.games.krypkasino.captures import (
    CARD_STEP,
    FACE_KEY,
    HAND_VALUE,
    POINTS,
    RANK,
    captures,
    expand_takes,
)
from cardtable.games.krypkasino.moves import PLAY, parse_move, play_take
from cardtable.games.krypkasino.options import OPTIONS
from cardtable.games.krypkasino.sampling import sample_world
from cardtable.games.krypkasino.text import describe_event, describe_move, materialize, prompt
from cardtable.games.krypkasino.warning import move_warning
from cardtable.i18n import N_, _, card_word, cards_word, names_in_use
from cardtable.options import Option, OptionValue

__all__ = ["DEALS", "KrypkasinoGame", "KrypkasinoState", "expand_takes", "teams_of"]

#: Players -> (hand cards, table cards, hand cards, table cards) of the two rounds of the deal.
DEALS: dict[int, tuple[int, int, int, int]] = {
    2: (3, 2, 3, 2),
    3: (3, 3, 2, 2),
    4: (3, 2, 2, 2),
    5: (2, 2, 2, 2),
    6: (3, 2, 2, 0),
}
EXTRA = 4  # cards to each player in an extra deal, two at a time
COURT = 11  # jacks and above are court cards

# Hands are kept in face order, the first copy of a face before the second.
_face_key = FACE_KEY.__getitem__

SUMMARY = N_("""\
Krypkasino: Swedish misère casino for 2 to 6 players, alone or in teams, with two packs.
Each turn a player plays one card. If groups of table cards add up to its value (an ace is 14
from the hand, 1 on the table), it must take every group it can, and the card goes with them
to the player's pile; otherwise it creeps onto the table. Taking the whole table is a tabbe:
+5 to the sweeper and -5 to the player before (+10 and -10 when a lone card is taken by its
twin); a player who can sweep must. Captured 10D counts 3, 2S 2, AS 2, every other spade and
ace 1: 42 points a hand. Lowest total after the agreed hands wins.""")


def teams_of(players: int, mode: str) -> tuple[int, ...]:
    """The team of each seat (RULES.md section 5): ``none`` gives every seat its own.

    >>> teams_of(4, "pairs"), teams_of(6, "pairs"), teams_of(6, "threes"), teams_of(3, "none")
    ((0, 1, 0, 1), (0, 1, 2, 0, 1, 2), (0, 1, 0, 1, 0, 1), (0, 1, 2))
    """
    if mode == "pairs":
        return tuple(s % (players // 2) for s in range(players))
    if mode == "threes":
        return tuple(s % 2 for s in range(players))
    return tuple(range(players))


class KrypkasinoGame(Game):
    """Krypkasino with its options validated; ``new_state`` deals a game of ``deals`` hands."""

    name: ClassVar[str] = "krypkasino"
    lower_wins: ClassVar[bool] = True
    title: ClassVar[str] = N_("Krypkasino")
    summary: ClassVar[str] = SUMMARY
    packs: ClassVar[int] = 2
    option_specs: ClassVar[tuple[Option, ...]] = OPTIONS

    def _resolve_options(self, options: dict[str, OptionValue]) -> dict[str, OptionValue]:
        players = options["players"]
        assert isinstance(players, int)
        teams = options["teams"]
        if teams == "pairs" and players not in (4, 6):
            raise OptionError(
                _(
                    "option 'teams' does not allow pairs with {players} players; "
                    "pairs need 4 or 6 players"
                ).format(players=players)
            )
        if teams == "threes" and players != 6:
            raise OptionError(
                _(
                    "option 'teams' does not allow threes with {players} players; "
                    "threes need 6 players"
                ).format(players=players)
            )
        if options["deals"] is None:
            options["deals"] = players
        self._first_dealer(options, players)
        return options

    def _new_state(self, seed: int, decks: tuple[tuple[int, ...], ...]) -> KrypkasinoState:
        return KrypkasinoState(self, seed, decks)

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    def describe(self, event: Event) -> str:
        return describe_event(event)

    def prompt(self, observation: Mapping[str, JSON]) -> str:
        """What the seat of ``observation`` must do now: play a card, or sweep.

        >>> import cardtable
        >>> state = cardtable.load("krypkasino", players=2).new_state(seed=1)
        >>> print(state.game.prompt(state.observation(0)))
        Your hand: AD 3S 4D 5D 7S 10C. Table: 5D 8S AH AH. Play a card (e.g. play AD).
        """
        return prompt(observation)


class KrypkasinoState(LoggedState):
    """A game of Krypkasino in progress. Seats 0..n-1 clockwise; team members share a score."""

    __slots__ = (
        "_caps",
        "_events",
        "_legal_cache",
        "_log",
        "_mat",
        "_src",
        "aside",
        "code",
        "deal_start",
        "dealer",
        "deals_total",
        "decks",
        "extra_left",
        "game",
        "hand_no",
        "hand_points",
        "hands",
        "history",
        "is_over",
        "last_capturer",
        "most_cards",
        "n",
        "piles",
        "prev",
        "seed",
        "stock",
        "tabbe",
        "tabbes",
        "table",
        "team",
        "totals",
        "turn",
    )

    def __init__(self, game: KrypkasinoGame, seed: int, decks: tuple[tuple[int, ...], ...]) -> None:
        opts = game.options
        self.game = game
        self.seed = seed
        self.decks = decks
        self.history: list[str] = []
        self.n: int = game.num_players
        self.team: tuple[int, ...] = teams_of(self.n, str(opts["teams"]))
        self.most_cards = opts["capture"] == "most-cards"
        self.deals_total = int(opts["deals"])  # type: ignore[arg-type]
        self._src = PackSource(seed, decks, 2)
        self._log: list[tuple[Any, ...]] = []
        self._events: list[Event] = []
        self._mat = 0
        self._caps: dict[Move, tuple[int, ...]] = {}
        self._legal_cache: list[Move] | None = None
        self.is_over = False
        self.totals = [0] * self.n
        self.hand_points: list[list[int]] = []
        self.hand_no = 0
        self.dealer = int(opts["dealer"])  # type: ignore[arg-type]
        self._start_hand()

    # ----------------------------------------------------------------- the flow of a hand

    def _start_hand(self) -> None:
        n = self.n
        self.hand_no += 1
        self.deal_start = len(self.history)
        pack = self._src.next_pack()
        h1, t1, h2, t2 = DEALS[n]
        hands: list[list[int]] = [[] for _ in range(n)]
        table: list[int] = []
        order = [(self.dealer + 1 + k) % n for k in range(n)]
        pos = 0
        # Each round: a packet to every player from the dealer's left, then cards to the table.
        for h, t in ((h1, t1), (h2, t2)):
            for s in order:
                hands[s].extend(pack[pos : pos + h])
                pos += h
            table.extend(pack[pos : pos + t])
            pos += t
        for held in hands:
            held.sort(key=_face_key)
        # Court cards among the first table cards are set aside until the end of the hand.
        self.aside = [c for c in table if RANK[c] >= COURT]
        self.table = [c for c in table if RANK[c] < COURT]
        self.code = sum(CARD_STEP[c] for c in self.table)
        self.hands = hands
        self.stock = pack[pos:]
        self.extra_left = len(self.stock) // (EXTRA * n)
        self.piles: list[list[int]] = [[] for _ in range(n)]
        self.tabbe = [0] * n
        self.tabbes = [0] * n
        self.last_capturer = -1
        self.turn = (self.dealer + 1) % n
        self.prev = self.dealer
        self._log.append(
            (
                "deal",
                self.hand_no,
                self.dealer,
                [list(h) for h in hands],
                tuple(self.table),
                tuple(self.aside),
                len(self.stock),
                self.extra_left,
            )
        )

    def _extra_deal(self) -> None:
        n = self.n
        courts = [c for c in self.table if RANK[c] >= COURT]
        if courts:
            self.table = [c for c in self.table if RANK[c] < COURT]
            self.code -= sum(CARD_STEP[c] for c in courts)
            if self.last_capturer >= 0:
                self.piles[self.last_capturer].extend(courts)
            else:
                self.aside.extend(courts)
            self._log.append(("courts", self.last_capturer, tuple(courts)))
        stock = self.stock
        order = [(self.dealer + 1 + k) % n for k in range(n)]
        pos = 0
        hands = self.hands
        for _round in range(2):
            for s in order:
                hands[s].extend(stock[pos : pos + 2])
                pos += 2
        for h in hands:
            h.sort(key=_face_key)
        self.stock = stock[pos:]
        self.extra_left -= 1
        self.turn = (self.dealer + 1) % n
        self.prev = self.dealer
        self._log.append(
            ("extra", self.dealer, [list(h) for h in hands], len(self.stock), self.extra_left)
        )

    def _apply(self, move: Move) -> None:
        # Every move is a play: it is carried out here, with no call in between.
        seat = self.turn
        face = move.cards[0]
        hand = self.hands[seat]
        card = face if face in hand else face + PACK_SIZE
        hand.remove(card)
        taken_faces = self._caps[move]
        if taken_faces:
            table = self.table
            taken = []
            for f in taken_faces:
                c = f if f in table else f + PACK_SIZE
                table.remove(c)
                taken.append(c)
            self.code -= sum(CARD_STEP[c] for c in taken)
            self.piles[seat].append(card)
            self.piles[seat].extend(taken)
            self.last_capturer = seat
            kind = 0
            if not table:
                # A sweep: a lone card taken by its twin is a dubbeltabbe.
                kind = 10 if len(taken) == 1 and taken_faces[0] == face else 5
                self.tabbe[seat] += kind
                self.tabbe[self.prev] -= kind
                self.tabbes[seat] += 1
            self._log.append(("play", seat, card, tuple(taken), kind, self.prev))
        else:
            self.table.append(card)
            self.code += CARD_STEP[card]
            self._log.append(("play", seat, card, (), 0, self.prev))
        self.prev = seat
        if seat == self.dealer and not hand:
            # The dealer plays last: every hand is empty now.
            if self.stock:
                self._extra_deal()
            else:
                self._end_hand()
        else:
            self.turn = (seat + 1) % self.n

    def _end_hand(self) -> None:
        n = self.n
        # Nobody captured: the dealer takes what is left (so every hand still counts 42).
        receiver = self.last_capturer if self.last_capturer >= 0 else self.dealer
        self._log.append(("leftover", receiver, tuple(self.table), tuple(self.aside)))
        self.piles[receiver].extend(self.table)
        self.piles[receiver].extend(self.aside)
        self.table = []
        self.aside = []
        self.code = 0
        points = [sum(POINTS[c] for c in self.piles[s]) + self.tabbe[s] for s in range(n)]
        self.hand_points.append(points)
        for s in range(n):
            self.totals[s] += points[s]
        self._log.append(("hand over", self.hand_no, list(points), list(self.totals)))
        if self.hand_no < self.deals_total:
            self.dealer = (self.dealer + 1) % n
            self._start_hand()
        else:
            self.is_over = True
            self.turn = -1
            self._log.append(("game over", self.result))

    # ----------------------------------------------------------------- the protocol

    @property
    def to_move(self) -> int | None:
        return None if self.is_over else self.turn

    @property
    def scores(self) -> list[int]:
        """Penalty points of the finished hands, each seat showing its team's total."""
        by_team: dict[int, int] = {}
        for s, t in enumerate(self.team):
            by_team[t] = by_team.get(t, 0) + self.totals[s]
        return [by_team[t] for t in self.team]

    def standing(self) -> list[int]:
        """Penalty points as if the game ended now: the finished hands, plus in the running
        hand the points of the cards captured so far and the tabbe penalties, each seat
        showing its team's total. The cards still on the table (the last capturer's at the
        hand's end) are not counted."""
        by_team: dict[int, int] = {}
        playing = not self.is_over
        for s, t in enumerate(self.team):
            points = self.totals[s]
            if playing:
                # Piles of finished hands are in the totals and emptied for the next hand.
                points += sum(POINTS[c] for c in self.piles[s]) + self.tabbe[s]
            by_team[t] = by_team.get(t, 0) + points
        return [by_team[t] for t in self.team]

    def _compute_legal(self) -> list[Move]:
        if self.is_over:
            return []
        hand = self.hands[self.turn]
        code = self.code
        faces: list[int] = []
        for c in hand:
            f = c % PACK_SIZE
            if not faces or faces[-1] != f:
                faces.append(f)
        found = [captures(HAND_VALUE[f], code) for f in faces]
        caps: dict[Move, tuple[int, ...]] = {}
        moves: list[Move] = []
        if code and any(r.sweeps for r in found):
            # Tabbe obligation: only the cards that sweep may be played, and they sweep.
            everything = tuple(sorted(c % PACK_SIZE for c in self.table))
            for f, r in zip(faces, found, strict=True):
                if r.sweeps:
                    move = PLAY[f]
                    caps[move] = everything
                    moves.append(move)
        else:
            by_rank: dict[int, list[int]] = {}
            for f, r in zip(faces, found, strict=True):
                if not r.takes:
                    move = PLAY[f]
                    caps[move] = ()
                    moves.append(move)
                    continue
                if not by_rank:
                    for c in sorted(self.table, key=_face_key):
                        by_rank.setdefault(RANK[c], []).append(c % PACK_SIZE)
                takes = r.takes
                if self.most_cards:
                    takes = tuple(t for t, k in zip(takes, r.sizes, strict=True) if k == r.sizes[0])
                options = expand_takes(takes, by_rank)
                if len(options) == 1:
                    move = PLAY[f]
                    caps[move] = options[0]
                    moves.append(move)
                else:
                    for option in options:
                        move = play_take(f, option)
                        caps[move] = option
                        moves.append(move)
        self._caps = caps
        return moves

    def _normalize(self, move: Move) -> Move:
        """``play C take ...`` naming the only capture ``play C`` makes is that move.

        >>> import cardtable
        >>> state = cardtable.load("krypkasino", players=2).new_state(seed=1)
        >>> state.refusal(state.game.parse_move("play KS"))
        'KS is not in your hand'
        """
        return self._short_form(move, self._legal())

    def _short_form(self, move: Move, legal: list[Move]) -> Move:
        """``play C take ...`` naming the only capture ``play C`` makes is that move."""
        if move.verb == "play" and len(move.cards) > 1 and move not in legal:
            short = PLAY[move.cards[0]] if move.cards[0] < PACK_SIZE else None
            if short is not None and short in legal and self._caps[short] == move.cards[1:]:
                return short
        return move

    def describe_move(self, move: Move) -> str:
        """A legal move in words: its notation (naming what a lone capture takes), or inside
        :func:`~cardtable.i18n.using_names` a sentence.

        >>> import cardtable
        >>> from cardtable.i18n import using_language, using_names
        >>> state = cardtable.load("krypkasino").new_state(seed=3)
        >>> with using_language("ja"), using_names(["Ann", "Bob", "Cat", "Dan"]):
        ...     state.describe_move(state.legal_moves()[0])
        '2♦を出し、2♣ 2♥を取る'
        """
        taken = self._caps.get(move) if move in self._legal() else None
        return describe_move(move, taken)

    def move_takes(self, move: Move) -> tuple[int, ...]:
        """What a legal move captures, named or not (``play C`` with one capture).

        >>> import cardtable
        >>> state = cardtable.load("krypkasino").new_state(seed=3)
        >>> cards_str(state.move_takes(state.legal_moves()[0]))
        ['2C', '2H']
        """
        return self._caps.get(move, ()) if move in self._legal() else ()

    def move_warning(self, move: Move) -> str | None:
        """``leaves a sweep: any 9 takes the whole table`` when, after ``move``, one card of
        some rank would take the whole table (from the mover's knowledge only; see
        :mod:`cardtable.games.krypkasino.warning`), else None."""
        return move_warning(self, move)

    def _why_illegal(self, move: Move) -> str:
        """Why the seat to move may not play ``move``: from its own hand and the table alone,
        never listing the moves it may make.

        >>> import cardtable
        >>> state = cardtable.load("krypkasino", players=2).new_state(seed=1)
        >>> state.refusal(state.game.parse_move("play 3S take 5D"))
        '3S captures nothing on this table; it creeps (play 3S)'
        """
        # The notation in brackets is a hint for those who type it, never for a face.
        words = names_in_use()
        if move.verb != "play" or not move.cards or move.number is not None:
            if words:
                return _("it is your turn to play a card")
            return _("it is your turn to play a card (play C)")
        foreign = [c for c in move.cards if not 0 <= c < PACK_SIZE]
        if foreign:
            return _("card id {card} is not a card face (ids 0 to 51)").format(card=foreign[0])
        face = move.cards[0]
        hand = self.hands[self.turn]
        if face not in hand and face + PACK_SIZE not in hand:
            return _("{card} is not in your hand").format(card=card_word(face))
        mine = [m for m in self._legal() if m.cards[0] == face]
        if not mine:
            return _("a card in your hand can take the whole table, so you must sweep")
        card = card_word(face)
        if len(move.cards) == 1:
            if words:
                return _(
                    "{card} can capture in more than one way; choose the cards it takes"
                ).format(card=card)
            return _(
                "{card} can capture in more than one way; name the cards it takes "
                "(play {card} take C C...)"
            ).format(card=card)
        if self._caps[mine[0]] == () and len(mine) == 1:
            if words:
                return _("{card} captures nothing on this table; it creeps onto it").format(
                    card=card
                )
            return _("{card} captures nothing on this table; it creeps (play {card})").format(
                card=card
            )
        return _(
            "{card} cannot take {cards}: the captured cards must form groups worth {value} "
            "each and leave no such group on the table"
        ).format(card=card, cards=cards_word(move.cards[1:]), value=HAND_VALUE[face])

    # ----------------------------------------------------------------- views

    def observation(self, seat: int | None) -> dict[str, JSON]:
        """Only what ``seat`` may know: its own hand and everything that lay face up.

        ``None`` is a spectator: the same view without a ``hand``, ``must_sweep`` (which
        tells of the hand to move) or ``legal_moves``.

        >>> import cardtable
        >>> state = cardtable.load("krypkasino", players=2).new_state(seed=3)
        >>> view = state.observation(None)
        >>> view["seat"], "hand" in view, "must_sweep" in view, view["hand_sizes"]
        (None, False, False, [6, 6])
        """
        self._check_seat(seat, spectator_ok=True)
        n = self.n
        to_move = self.to_move
        piles = [sorted(p, key=_face_key) for p in self.piles]
        captured = [sum(POINTS[c] for c in p) for p in piles]
        legal = [m.text for m in self.legal_moves()] if to_move == seat else []
        obs: dict[str, JSON] = {
            "game": "krypkasino",
            "seat": seat,
            "players": n,
            "teams": list(self.team),
            "hand_number": self.hand_no,
            "hands_in_game": self.deals_total,
            "dealer": self.dealer,
            "to_move": to_move,
            "hand": None if seat is None else cards_str(self.hands[seat]),
            "hand_sizes": [len(h) for h in self.hands],
            "table": cards_str(self.table),
            "set_aside": cards_str(self.aside),
            "stock": len(self.stock),
            "extra_deals_left": self.extra_left,
            "last_capturer": self.last_capturer if self.last_capturer >= 0 else None,
            "captured": [cards_str(p) for p in piles],
            "captured_points": captured,
            "tabbe_points": list(self.tabbe),
            "tabbes": list(self.tabbes),
            "hand_points": [captured[s] + self.tabbe[s] for s in range(n)],
            "totals": list(self.totals),
            "scores": self.scores,
            "must_sweep": bool(legal) and self._obliged(),
            "legal_moves": legal,
            # What each legal move captures (its notation may not name it: ``play C``).
            "takes": [cards_str(self._caps[m]) for m in self.legal_moves()] if legal else [],
        }
        if seat is None:  # a spectator holds no cards and has no moves
            del obs["hand"], obs["must_sweep"], obs["legal_moves"], obs["takes"]
        return obs

    def _obliged(self) -> bool:
        """Whether the seat to act holds a card that sweeps the table (and so must sweep)."""
        code = self.code
        return bool(code) and any(
            captures(HAND_VALUE[c], code).sweeps for c in self.hands[self.turn]
        )

    def _materialize(self, entry: tuple[Any, ...]) -> list[Event]:
        return materialize(entry, self.n)

    @property
    def result(self) -> dict[str, JSON] | None:
        if not self.is_over:
            return None
        points = self.scores
        best = min(points)
        return {
            "winners": [s for s in range(self.n) if points[s] == best],
            "scores": points,
            "totals": list(self.totals),
            "hands": [list(h) for h in self.hand_points],
        }

    def sides(self) -> list[list[int]]:
        """The teams of the ``teams`` option (pairs opposite, threes alternating), or every
        player alone.

        >>> import cardtable
        >>> cardtable.load("krypkasino", players=6, teams="threes").new_state(seed=1).sides()
        [[0, 2, 4], [1, 3, 5]]
        """
        return sides_by(self.team)

    def result_note(self) -> str:
        result = self.result
        if result is None or len(set(self.team)) == self.n:
            return ""
        winners = result["winners"]
        assert isinstance(winners, list)
        # A team's seats share one score: a win by one team names every seat of it.
        if len({self.team[s] for s in winners}) == 1:
            return _("as a team")
        return ""

    def card_places(self) -> dict[str, list[int]]:
        places = {f"hand {s}": list(h) for s, h in enumerate(self.hands)}
        places["table"] = list(self.table)
        places["set aside"] = list(self.aside)
        for s, p in enumerate(self.piles):
            places[f"pile {s}"] = list(p)
        places["stock"] = list(self.stock)
        return places

    def _copy_position(self) -> KrypkasinoState:
        other = self._copy_slots()
        other._caps = {}
        other.hands = [list(h) for h in self.hands]
        other.table = list(self.table)
        other.aside = list(self.aside)
        other.stock = list(self.stock)
        other.piles = [list(p) for p in self.piles]
        other.tabbe = list(self.tabbe)
        other.tabbes = list(self.tabbes)
        other.totals = list(self.totals)
        other.hand_points = [list(h) for h in self.hand_points]
        return other

    def sample_world(self, seat: int, rng: random.Random) -> KrypkasinoState:
        return sample_world(self, seat, rng)
