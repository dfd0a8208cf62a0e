"""Cribbage for 2, 3 or 4 players (RULES.md section 4, defaults of section 5).

Internally hands are small sorted lists of card ints and the log is a list of small tuples;
the public :class:`~cardtable.engine.Event` objects are built from the log only when someone
reads ``events``, which keeps simulation fast.

>>> import cardtable
>>> state = cardtable.load("cribbage").new_state(decks=[[
...     "5H", "5D", "5C", "4C", "5S", "4D", "JS", "3C", "4S", "3D", "6H", "2C", "JD",
... ] + [c for c in ("AC AD AH AS 2D 2H 2S 3H 3S 4H 6C 6D 6S 7C 7D 7H 7S 8C 8D 8H 8S "
...      "9C 9D 9H 9S 10C 10D 10H 10S JC JH QC QD QH QS KC KD KH KS").split()]])
>>> state.observation(0)["hand"]
['4S', '5C', '5H', '5S', '6H', 'JS']
>>> state.apply("discard 4S 6H"); state.apply("discard 4D 3D")
>>> state.observation(0)["starter"], state.scores
('JD', [0, 2])
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any, ClassVar

from cardtable.engine import (
    JSON,
    AdviceColumn,
    Event,
    Game,
    LoggedState,
    Move,
    PackSource,
    sides_by,
)
from cardtable.errors import OptionError
from cardtable.games.cribbage.analysis import advice_rows
from cardtable.games.cribbage.dealing import deal_hands
from cardtable.games.cribbage.moves import (
    CLAIM,
    DISCARD1,
    DISCARD2,
    MUGGINS,
    PASS,
    PLAY,
    parse_move,
)
from cardtable.games.cribbage.observation import card_places, observe
from cardtable.games.cribbage.options import OPTIONS
from cardtable.games.cribbage.outcome import game_kind, loser_deals, result_note, summary
from cardtable.games.cribbage.refusals import why_illegal
from cardtable.games.cribbage.sampling import sample_world
from cardtable.games.cribbage.scoring import peg_score, score_hand, score_tiny
from cardtable.games.cribbage.tables import (
    CLAIMING,
    DECKS,
    DISCARD,
    JACK,
    MUGGING,
    OVER,
    PLAYING,
    RANK,
    VALUE,
    Deck,
)
from cardtable.games.cribbage.text import (
    describe_event,
    describe_move,
    materialize,
    prompt,
)
from cardtable.i18n import N_, _
from cardtable.options import Option, OptionValue

__all__ = ["PLAYING", "RANK", "VALUE", "CribbageGame", "CribbageState"]

_DISCARD1_OF = DISCARD1.__getitem__
# Keyed by the (low, high) pairs that itertools.combinations yields from a sorted hand, so the
# discard moves of a hand come from C-level map and dict look-ups.
_DISCARD2_OF = {(m.cards[0], m.cards[1]): m for m in DISCARD2 if m is not None}.__getitem__


SUMMARY = N_("""\
Cribbage: two players with six cards each (or three or four players with five).
Each player lays away cards to the dealer's crib; the starter is cut (a jack gives the dealer
2 for his heels). In the play, players alternately lay cards, the count never passing 31,
scoring 15 (2), 31 (2), pairs (2, 6, 12), runs (1 per card) and go or last card (1). In the
show the hands count, non-dealer first, then the dealer's hand and the crib, with the starter as
a fifth card: fifteens 2, pairs 2, runs 1 per card, flush 4 (5 with the starter; a crib flush
needs all five), his nobs 1. The first to reach the target (121, or 61) wins at once.""")


class CribbageGame(Game):
    """Cribbage with its options validated; ``new_state`` deals a game (or a match)."""

    name: ClassVar[str] = "cribbage"
    title: ClassVar[str] = N_("Cribbage")
    summary: ClassVar[str] = SUMMARY
    option_specs: ClassVar[tuple[Option, ...]] = OPTIONS
    #: The pack of the ``deck`` option (set with the options).
    deck: Deck

    def _resolve_options(self, options: dict[str, OptionValue]) -> dict[str, OptionValue]:
        players = options["players"]
        assert isinstance(players, int)
        self._first_dealer(options, players)
        self.deck = DECKS[str(options["deck"])]
        if self.deck.one_deal and (players != 2 or options["games"] != 1):
            raise OptionError(
                _(
                    "option 'deck' allows tiny only with 2 players and a game of 1 (the tiny "
                    "deck deals six cards and plays one deal); allowed with {players} players "
                    "and {games} games: standard"
                ).format(players=players, games=options["games"])
            )
        return options

    def _read_decks(self, decks: Sequence[Sequence[int | str]]) -> tuple[tuple[int, ...], ...]:
        """Explicit packs, top first: 52 cards, or the tiny deck's six (names or card ids)."""
        if not self.deck.one_deal:
            return super()._read_decks(decks)
        return self._read_packs_of(
            decks,
            self.deck.pack,
            _(
                "the tiny Cribbage pack is a permutation of the 6 cards "
                "4H 5H 6H 4S 5S 6S, each once"
            ),
        )

    def _new_state(self, seed: int, decks: tuple[tuple[int, ...], ...]) -> CribbageState:
        return CribbageState(self, seed, decks)

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    def describe(self, event: Event) -> str:
        return describe_event(event)

    def advice_columns(self) -> tuple[str, list[AdviceColumn]] | None:
        """The discard advisor's table: each way to lay away two cards with its expected
        points, its expected pegging and the chance to win after it (two players only, where
        the advisor is exact).

        >>> import cardtable
        >>> caption, columns = cardtable.load("cribbage").advice_columns() or ("", [])
        >>> caption, [key for key, _title, _kind in columns]
        ('The best ways to lay away two cards, by expected points', \
['discard', 'keep', 'hand', 'crib', 'net', 'pegs', 'win'])
        """
        if self.num_players != 2 or self.deck.one_deal:
            return None  # the advisor is exact for two players and the full pack only
        columns = [
            ("discard", _("Lay away"), "cards"),
            ("keep", _("Keep"), "cards"),
            ("hand", _("Hand"), "points"),
            ("crib", _("Crib"), "signed"),
            ("net", _("Net"), "points"),
            # Our expected pegs less the opponent's; the chance to win the game from here.
            ("pegs", _("Pegging"), "signed"),
            ("win", _("Win chance"), "percent"),
        ]
        return _("The best ways to lay away two cards, by expected points"), columns

    def prompt(self, observation: Mapping[str, JSON]) -> str:
        """What the seat of ``observation`` must do now: lay away, play, claim or answer.

        >>> import cardtable
        >>> state = cardtable.load("cribbage", players=3).new_state(seed=1)
        >>> print(state.game.prompt(state.observation(0)))
        Your hand: 2H 2S 3H 4S 9S. Lay away one card to seat 2's crib (e.g. discard 2H).
        """
        return prompt(observation)


class CribbageState(LoggedState):
    """A game (or match) of cribbage in progress. Seats 0..n-1; partners share a score."""

    __slots__ = (
        "_events",
        "_legal_cache",
        "_log",
        "_mat",
        "_src",
        "claims",
        "count",
        "count_start",
        "crib",
        "deal_no",
        "deal_start",
        "dealer",
        "deck",
        "decks",
        "discards",
        "first_dealer",
        "game",
        "game_no",
        "game_results",
        "games_total",
        "hand_moves",
        "hands",
        "history",
        "is_over",
        "kept",
        "last",
        "last_claim",
        "limit",
        "match_points",
        "muggins",
        "n",
        "nsides",
        "pegs",
        "pending",
        "phase",
        "run_ranks",
        "said_go",
        "seed",
        "seq",
        "shows",
        "side",
        "skunk",
        "starter",
        "starter_card",
        "target",
        "turn",
    )

    def __init__(self, game: CribbageGame, seed: int, decks: tuple[tuple[int, ...], ...]) -> None:
        opts = game.options
        self.game = game
        self.seed = seed
        self.decks = decks
        self.history: list[str] = []
        self.n: int = game.num_players
        self.target = int(opts["target"])  # type: ignore[arg-type]
        self.muggins = bool(opts["muggins"])
        self.skunk = str(opts["skunk"])
        self.games_total = int(opts["games"])  # type: ignore[arg-type]
        self.side: tuple[int, ...] = (
            tuple(s % 2 for s in range(4)) if self.n == 4 else tuple(range(self.n))
        )
        self.nsides = 2 if self.n == 4 else self.n
        self.deck = game.deck
        # The count's limit: 31, or the tiny deck's 10.
        self.limit = game.deck.limit
        if game.deck.one_deal:
            self._src = PackSource(seed, decks, cards=game.deck.pack)
        else:
            self._src = PackSource(seed, decks, 1)
        self.match_points = [0] * self.nsides
        self.game_results: list[dict[str, JSON]] = []
        self.game_no = 0
        self._log: list[tuple[Any, ...]] = []
        self._events: list[Event] = []
        self._mat = 0
        self.is_over = False
        self.last_claim = 0
        self._legal_cache: list[Move] | None = None
        self._start_game(int(opts["dealer"]))  # type: ignore[arg-type]

    # ----------------------------------------------------------------- the flow of a game

    def _start_game(self, dealer: int) -> None:
        self.game_no += 1
        self.pegs = [0] * self.nsides
        self.deal_no = 0
        self.first_dealer = dealer
        self.dealer = dealer
        self._deal()

    def _deal(self) -> None:
        n = self.n
        self.deal_no += 1
        # The move that led here is already in the history, so the deal starts after it.
        self.deal_start = len(self.history)
        per = self.deck.hand if n == 2 else 5
        dealt = n * per
        pack = self._src.next_pack(dealt + (2 if n == 3 else 1))
        self.hands, self.crib, self.starter_card = deal_hands(pack, n, per, self.dealer)
        self.starter = -1
        first = self.dealer + 1
        # Both are replaced at the cut, never changed in place, so one empty list can serve.
        self.kept: list[list[int]] = [[]] * n
        self.hand_moves: list[list[Move]] = [[]] * n
        self.discards: list[tuple[int, ...]] = [()] * n
        self.seq: list[int] = []
        self.count = 0
        self.count_start = 0
        self.run_ranks: list[int] = []
        self.last = -1
        self.said_go = 0
        self.shows = 0  # how many of the show's hands (in show order) have been shown
        self.claims: list[tuple[int, str]] = []
        self.pending = n
        self.phase = DISCARD
        self.turn = first % n
        self._log.append(("deal", self.game_no, self.deal_no, self.dealer, pack[:dealt]))

    def _score(self, seat: int, points: int, reason: str, cards: tuple[int, ...]) -> bool:
        """Peg points for a seat's side; True when that ends the game."""
        side = self.side[seat]
        total = min(self.target, self.pegs[side] + points)
        self.pegs[side] = total
        self._log.append(("score", seat, points, reason, cards, total))
        if total >= self.target:
            self._end_game(side)
            return True
        return False

    def _cut(self) -> None:
        self.kept = [list(h) for h in self.hands]
        # The play moves of each hand, kept beside it so listing legal plays builds nothing.
        self.hand_moves = [[PLAY[c] for c in h] for h in self.hands]
        self.crib.sort()
        self.starter = self.starter_card
        self._log.append(("starter", self.dealer, self.starter))
        if RANK[self.starter] == JACK and self._score(self.dealer, 2, "his heels", (self.starter,)):
            return
        self.phase = PLAYING
        self.turn = (self.dealer + 1) % self.n

    def _apply(self, move: Move) -> None:
        if self.phase != PLAYING:
            self._apply_other(move)
            return
        # A card played: the simulation's hottest path, carried out here with no call between.
        seat = self.turn
        card = move.cards[0]
        self.hands[seat].remove(card)
        self.hand_moves[seat].remove(PLAY[card])
        count = self.count + VALUE[card]
        self.count = count
        self.seq.append(card)
        ranks = self.run_ranks
        ranks.append(RANK[card])
        self.last = seat
        self._log.append(("play", seat, card, count))
        # Most plays score nothing: no 15 or 31, no pair with the card before, and no run, for
        # which the last three cards would have to differ and span less than the count's length.
        k = len(ranks)
        if k > 1:
            rank = ranks[-1]
            d2 = ranks[-2] - rank
            d1 = ranks[-3] - rank if k > 2 else 0
            scores = (
                count == 15
                or count == self.limit
                or not d2
                or (d1 and d1 != d2 and -k < d1 < k and -k < d2 < k and -k < d1 - d2 < k)
            )
        else:
            scores = False
        if scores:
            points = peg_score(ranks, count, self.limit)
            if points:
                side = self.side[seat]
                before = self.pegs[side]
                total = min(self.target, before + points)
                self.pegs[side] = total
                cards = tuple(self.seq[self.count_start :])
                self._log.append(("peg", seat, cards, count, before))
                if total >= self.target:
                    self._end_game(side)
                    return
        if count == self.limit:
            self._reset()
            return
        hands = self.hands
        room = self.limit - count
        if self.n == 2:
            other = 1 - seat
            h = hands[other]
            # Hands are sorted, so the first card is the lowest and the likeliest to fit.
            if h and VALUE[h[0]] <= room:
                self.turn = other
                return
            if hands[seat] and VALUE[hands[seat][0]] <= room:
                if h and not self.said_go:
                    self.said_go = 1
                    self._log.append(("go", other))
                self.turn = seat
                return
            if h and not self.said_go:
                self._log.append(("go", other))
        else:
            n = self.n
            for k in range(1, n + 1):
                s = (seat + k) % n
                h = hands[s]
                if not h:
                    continue
                if VALUE[h[0]] <= room:
                    self.turn = s
                    return
                if s != seat and not (self.said_go >> s) & 1:
                    self.said_go |= 1 << s
                    self._log.append(("go", s))
        # Nobody can play: the last card of the count (or of the whole play) scores one.
        if any(hands):
            if self._score(seat, 1, "go", ()):
                return
            self._reset()
        else:
            if self._score(seat, 1, "last card", ()):
                return
            self._end_play()

    def _reset(self) -> None:
        self.count = 0
        self.count_start = len(self.seq)
        self.run_ranks = []
        self.said_go = 0
        hands, n, last = self.hands, self.n, self.last
        for k in range(1, n + 1):
            s = (last + k) % n
            if hands[s]:
                self.turn = s
                self._log.append(("reset", s))
                return
        self._end_play()

    def show_order(self) -> list[tuple[int, str]]:
        n, d = self.n, self.dealer
        return [((d + k) % n, "hand") for k in range(1, n + 1)] + [(d, "crib")]

    def shown_cards(self, seat: int, what: str) -> list[int]:
        # Kept hands and the crib never change after the cut, so the log may hold these lists.
        return self.crib if what == "crib" else self.kept[seat]

    def _worth(self, seat: int, what: str) -> int:
        if self.deck.whole_flush:
            return score_tiny(self.shown_cards(seat, what), self.starter)
        return score_hand(self.shown_cards(seat, what), self.starter, what == "crib")

    def _end_play(self) -> None:
        order = self.show_order()
        if self.muggins:
            self.claims = order
            self._next_claim()
            return
        pegs, side, target = self.pegs, self.side, self.target
        for seat, what in order:
            points = self._worth(seat, what)
            self.shows += 1
            sd = side[seat]
            before = pegs[sd]
            # The show's score events are built from this entry; only the total moves here.
            cards = self.shown_cards(seat, what)
            self._log.append(("show", seat, what, cards, self.starter, points, before))
            if points:
                total = before + points
                if total >= target:
                    pegs[sd] = target
                    self._end_game(sd)
                    return
                pegs[sd] = total
        self._next_deal()

    def _next_claim(self) -> None:
        if not self.claims:
            self._next_deal()
            return
        owner, what = self.claims[0]
        # The hand (or crib) is laid face up before its owner claims: everyone sees it from now.
        self.shows += 1
        cards = self.shown_cards(owner, what)
        # No total: the owner counts for himself, and the count is told after the answer.
        self._log.append(("show", owner, what, cards, self.starter, None, None))
        self.phase = CLAIMING
        self.turn = owner

    def _next_deal(self) -> None:
        if self.deck.one_deal:
            self._end_one_deal()
            return
        self.dealer = (self.dealer + 1) % self.n
        self._deal()

    def _end_one_deal(self) -> None:
        """The tiny deck's game ends after its one deal: the most pegs win, equal pegs share
        (a draw scores no game point)."""
        pegs = self.pegs
        best = max(pegs)
        sides = [s for s in range(self.nsides) if pegs[s] == best]
        won = len(sides) == 1
        if won:
            self.match_points[sides[0]] += 1
        winners = [s for s in range(self.n) if self.side[s] in sides]
        self._game_over(winners, "win" if won else "draw", 1 if won else 0)
        self.phase = OVER
        self.is_over = True

    def _game_over(self, winners: list[int], kind: str, points: int) -> None:
        pegs = [self.pegs[self.side[s]] for s in range(self.n)]
        done = summary(self.game_no, winners, pegs, kind, points)
        self.game_results.append(done)
        self._log.append(("game over", done))

    def _end_game(self, side: int) -> None:
        best_loser = max(p for s, p in enumerate(self.pegs) if s != side)
        kind, points = game_kind(self.skunk, self.target, best_loser)
        self.match_points[side] += points
        self._game_over([s for s in range(self.n) if self.side[s] == side], kind, points)
        if self.game_no < self.games_total:
            self._start_game(self._loser_deals())
        else:
            self.phase = OVER
            self.is_over = True

    # ----------------------------------------------------------------- the protocol

    @property
    def to_move(self) -> int | None:
        return None if self.phase == OVER else self.turn

    @property
    def scores(self) -> list[int]:
        """Points on the board in a single game; game points (1/2/3 a win) in a match."""
        by_side = self.pegs if self.games_total == 1 else self.match_points
        return [by_side[s] for s in self.side[: self.n]]

    def standing(self) -> list[int]:
        """Each seat's points as if the game ended now, in the units of :attr:`scores`.

        In a single game that is the pegs of the seat's side: every point is pegged the moment
        it is made, so nothing is provisional. In a match (``games`` above 1) ``scores`` counts
        game points, which the running game gives only once it is won: the standing is the
        game points won so far, the same as ``scores``.

        >>> import cardtable
        >>> state = cardtable.load("cribbage").new_state(seed=1)
        >>> while state.scores == [0, 0]:
        ...     state.apply(state.legal_moves()[0])
        >>> state.standing() == state.scores != [0, 0]
        True
        >>> match = cardtable.load("cribbage", games=3).new_state(seed=1)
        >>> while match.observation(0)["scores"] == [0, 0]:
        ...     match.apply(match.legal_moves()[0])
        >>> match.standing(), match.observation(0)["scores"] != [0, 0]
        ([0, 0], True)
        """
        return self.scores

    def _compute_legal(self) -> list[Move]:
        phase = self.phase
        if phase == PLAYING:
            hand = self.hands[self.turn]
            moves = self.hand_moves[self.turn]
            room = self.limit - self.count
            # The cache may be the hand's own list: apply drops the cache before any play.
            if VALUE[hand[-1]] <= room:
                return moves
            # Hands are sorted by rank, so the cards that fit are a prefix of the hand.
            end = len(hand) - 1
            while VALUE[hand[end - 1]] > room:
                end -= 1
            return moves[:end]
        if phase == DISCARD:
            cards = self.hands[self.turn]
            if self.n != 2 or self.deck.lay_away == 1:
                return [*map(_DISCARD1_OF, cards)]
            return [*map(_DISCARD2_OF, combinations(cards, 2))]
        if phase == CLAIMING:
            # Every claim, whatever the hand is worth: the legal moves must not tell the count.
            return list(CLAIM)
        if phase == MUGGING:
            return [MUGGINS, PASS]
        return []

    def _apply_other(self, move: Move) -> None:
        """A move outside the play: a discard, a claim, muggins or pass."""
        seat = self.turn
        phase = self.phase
        if phase == DISCARD:
            hand = self.hands[seat]
            for c in move.cards:
                hand.remove(c)
            self.discards[seat] = move.cards
            self.crib.extend(move.cards)
            self._log.append(("discard", seat, move.cards))
            self.pending -= 1
            if self.pending:
                self.turn = (seat + 1) % self.n
            else:
                self._cut()
        elif phase == CLAIMING:
            owner, what = self.claims[0]
            claimed = move.number or 0
            self.last_claim = claimed
            self._log.append(("claim", owner, what, claimed))
            # An over-claim is corrected down to the true count and costs nothing more.
            pegged = min(claimed, self._worth(owner, what))
            if pegged and self._score(owner, pegged, "claim", ()):
                return
            # The opponent is always asked, so that the question gives nothing away.
            self.phase = MUGGING
            self.turn = next(
                (owner + k) % self.n
                for k in range(1, self.n)
                if self.side[(owner + k) % self.n] != self.side[owner]
            )
        else:  # MUGGING
            owner, what = self.claims.pop(0)
            worth = self._worth(owner, what)
            missed = worth - self.last_claim
            if move.verb == "muggins" and missed > 0 and self._score(seat, missed, "muggins", ()):
                return
            cards = self.shown_cards(owner, what)
            self._log.append(("count", owner, what, cards, self.starter, worth, self.last_claim))
            self._next_claim()

    def _why_illegal(self, move: Move) -> str:
        return why_illegal(self, move)

    # ----------------------------------------------------------------- views

    def observation(self, seat: int | None) -> dict[str, JSON]:
        """Only what ``seat`` may know: its own cards, the public table, the shown hands
        (:func:`~cardtable.games.cribbage.observation.observe`).

        ``None`` is a spectator: the same view without a ``hand``, the cards ``laid_away``
        or ``legal_moves`` (the crib stays face down until it is shown).

        >>> import cardtable
        >>> state = cardtable.load("cribbage").new_state(seed=1)
        >>> state.apply(state.legal_moves()[0])
        >>> view = state.observation(None)
        >>> view["seat"], "hand" in view, "laid_away" in view, view["hand_sizes"]
        (None, False, False, [4, 6])
        """
        self._check_seat(seat, spectator_ok=True)
        return observe(self, seat)

    def _materialize(self, entry: tuple[Any, ...]) -> list[Event]:
        return materialize(entry, self.target, self.deck)

    @property
    def result(self) -> dict[str, JSON] | None:
        if self.phase != OVER:
            return None
        points = self.scores
        best = max(points)
        return {
            "winners": [s for s in range(self.n) if points[s] == best],
            "scores": points,
            # A copy all the way down: the state and its clones share the game summaries.
            "games": copy.deepcopy(self.game_results),
        }

    def _loser_deals(self) -> int:
        return loser_deals(self.pegs, self.side, self.first_dealer, self.n)

    def advice(self, seat: int) -> list[dict[str, JSON]] | None:
        """The discard advisor's best rows for ``seat`` in a two-player discard (else None),
        from that seat's observation only (:func:`~cardtable.games.cribbage.analysis.advice_rows`).
        """
        if self.deck.one_deal:
            return None
        return advice_rows(self.observation(seat))

    def describe_move(self, move: Move) -> str:
        """A legal move in words (:func:`~cardtable.games.cribbage.text.describe_move`)."""
        return describe_move(move, self.turn, self.dealer, self.count)

    def rematch_options(self) -> dict[str, OptionValue]:
        # RULES.md 5: the loser of a game deals first in the next.
        options = dict(self.game.options)
        if self.phase == OVER:
            options["dealer"] = self._loser_deals()
        return options

    def sides(self) -> list[list[int]]:
        """Partners opposite in the four-handed game (seats 0 and 2 against 1 and 3), else
        every player alone.

        >>> import cardtable
        >>> cardtable.load("cribbage", players=4).new_state(seed=1).sides()
        [[0, 2], [1, 3]]
        """
        return sides_by(self.side)

    def result_note(self) -> str:
        if self.phase != OVER or not self.game_results:
            return ""
        return result_note(self.game_results[-1], partners=self.n == 4)

    def card_places(self) -> dict[str, list[int]]:
        return card_places(self)

    def _copy_position(self) -> CribbageState:
        other = self._copy_slots()
        other.match_points = list(self.match_points)
        other.game_results = list(self.game_results)
        other.pegs = list(self.pegs)
        other.hands = [list(h) for h in self.hands]
        other.kept = [list(h) for h in self.kept]
        other.hand_moves = [list(h) for h in self.hand_moves]
        other.discards = list(self.discards)
        other.crib = list(self.crib)
        other.seq = list(self.seq)
        other.run_ranks = list(self.run_ranks)
        other.claims = list(self.claims)
        return other

    def sample_world(self, seat: int, rng: random.Random) -> CribbageState:
        return sample_world(self, seat, rng)
