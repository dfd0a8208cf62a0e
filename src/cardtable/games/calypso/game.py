"""Calypso: four players in two partnerships, personal trump suits, four packs (RULES.md section 1,
defaults of section 5).

A round shuffles the 208 cards once and deals them through four deals of 13 cards a player; each
trick's winning side lays the cards of its two suits on its calypsos (one card of each rank of a
player's suit), the rest go to the winner's trick pile; after the fourth deal every calypso, card
in an incomplete calypso and trick-pile card scores.

Cards are ids 0..207 (``copy * 52 + face``; the suit is ``id & 3``); moves name faces only, and
the state plays the first copy of that face in the hand. The log is a list of small tuples,
turned into :class:`~cardtable.engine.Event` objects only when someone reads ``events``.

>>> import cardtable
>>> state = cardtable.load("calypso").new_state(seed=1)
>>> state.to_move, len(state.observation(0)["hand"]), state.observation(0)["suits"]
(0, 13, ['S', 'C', 'H', 'D'])
>>> while not state.is_over:
...     state.apply(state.legal_moves()[0])
>>> sum(state.result["sides"]) == sum(state.scores) // 2, state.result["cards"]
(True, 208)
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from itertools import accumulate
from typing import Any, ClassVar

from cardtable.cards import PACK_SIZE, SUIT_LETTERS, SUIT_SYMBOLS, card_str, cards_str
from cardtable.engine import JSON, Event, Game, LoggedState, Move, PackSource
from cardtable.games.calypso.moves import PLAY, parse_move
from cardtable.games.calypso.options import OPTIONS, SUIT_CHOICES
from cardtable.games.calypso.sampling import sample_world
from cardtable.games.calypso.tables import CARDS, PACKS, SORT_KEY, VALUE
from cardtable.games.calypso.text import describe_event, describe_move, materialize, prompt
from cardtable.games.calypso.tricks import ALL_FOURS, RULE_NAMES, trick_winner
from cardtable.i18n import N_, _, cards_word, names_in_use, not_in_hand, suit_name
from cardtable.options import Option

__all__ = [
    "CALYPSO_POINTS",
    "PILE_POINTS",
    "RANK_BIT",
    "SUIT_CHOICES",
    "CalypsoGame",
    "CalypsoState",
    "calypso_points",
]

FULL = (1 << 13) - 1

#: Points of a player's completed calypsos, by how many: 500, 750, 1000, 1000 (RULES.md 1.9).
CALYPSO_POINTS = (500, 750, 1000, 1000)
CALYPSO_TOTALS = (0, *accumulate(CALYPSO_POINTS))  # 0, 500, 1250, 2250, 3250
PROGRESS_POINTS = 20
PILE_POINTS = 10

#: The bit of a card's rank in a calypso mask (bit 0 the two .. bit 12 the ace).
RANK_BIT = tuple(1 << (VALUE[c] - 2) for c in range(CARDS))
_PLAY_OF = tuple(PLAY[c % PACK_SIZE] for c in range(CARDS))


SUMMARY = N_("""\
Calypso: four players in two partnerships (seats 0+2 against 1+3), four packs shuffled together
once and dealt through four deals of 13 cards each. Every player has a personal trump suit
(default: seat 0 spades, 1 clubs, 2 hearts, 3 diamonds; spades and hearts are partners). Follow
suit if you can; a card of your own suit played when another suit was led trumps in. After each
trick the winning side lays every card of its two suits whose rank a partner still lacks on that
partner's calypso (a run of the 13 ranks of his suit); the rest go to the trick pile. After the
fourth deal: calypsos 500, 750, 1000, 1000 for a player's first to fourth; 20 per card of an
unfinished calypso; 10 per trick-pile card. The higher partnership total wins.""")


def calypso_points(completed: int, in_progress: int, pile: int) -> int:
    """A player's points: completed calypsos, cards of the unfinished one, trick-pile cards.

    >>> calypso_points(2, 5, 40), calypso_points(1, 0, 30)  # RULES.md 1.12, vector 42
    (1750, 800)
    """
    return CALYPSO_TOTALS[completed] + PROGRESS_POINTS * in_progress + PILE_POINTS * pile


class CalypsoGame(Game):
    """Calypso with its options validated; ``new_state`` shuffles and deals a game."""

    name: ClassVar[str] = "calypso"
    title: ClassVar[str] = N_("Calypso")
    summary: ClassVar[str] = SUMMARY
    packs: ClassVar[int] = PACKS
    option_specs: ClassVar[tuple[Option, ...]] = OPTIONS

    @property
    def num_players(self) -> int:
        return 4

    @property
    def trumps(self) -> tuple[int, ...]:
        """The trump suit (0 clubs .. 3 spades) of each seat."""
        return tuple(SUIT_LETTERS.index(ch) for ch in str(self.options["suits"]).upper())

    def _new_state(self, seed: int, decks: tuple[tuple[int, ...], ...]) -> CalypsoState:
        return CalypsoState(self, seed, decks)

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    def describe(self, event: Event) -> str:
        return describe_event(event)

    def prompt(self, observation: Mapping[str, JSON]) -> str:
        """What the seat of ``observation`` must do now: lead, or follow the suit led.

        >>> import cardtable
        >>> state = cardtable.load("calypso").new_state(seed=1)
        >>> print(state.game.prompt(state.observation(0)))
        Your hand: 10C 7C AD 2D AH KH 7H 5H 2H 7S 5S 3S 2S. You lead (any card, e.g. play 10C).
        """
        return prompt(observation)


class CalypsoState(LoggedState):
    """A game of Calypso in progress. Seats 0..3; partners 0+2 and 1+3 share a score."""

    __slots__ = (
        "_events",
        "_legal_cache",
        "_log",
        "_mat",
        "_src",
        "allfours",
        "completed",
        "deal_no",
        "dealer",
        "decks",
        "game",
        "hands",
        "history",
        "is_over",
        "last_trick",
        "led",
        "pack",
        "piles",
        "progress",
        "progress_cards",
        "round_no",
        "round_results",
        "rounds",
        "rule",
        "seed",
        "totals",
        "trick",
        "trick_seats",
        "trumps",
        "turn",
        "voids",
    )

    def __init__(self, game: CalypsoGame, seed: int, decks: tuple[tuple[int, ...], ...]) -> None:
        opts = game.options
        self.game = game
        self.seed = seed
        self.decks = decks
        self.history: list[str] = []
        self.rule = RULE_NAMES.index(str(opts["trick_rule"]))
        self.allfours = self.rule == ALL_FOURS
        self.trumps = game.trumps
        self.rounds = int(opts["rounds"])  # type: ignore[arg-type]
        self._src = PackSource(seed, decks, PACKS)
        self._log: list[tuple[Any, ...]] = []
        self._events: list[Event] = []
        self._mat = 0
        self.is_over = False
        self._legal_cache: list[Move] | None = None
        self.totals = [0, 0]
        self.round_results: list[dict[str, JSON]] = []
        self.round_no = 0
        # The dealer of the deal about to start; each deal passes it to the left.
        self.dealer = (int(opts["dealer"]) - 1) % 4  # type: ignore[arg-type]
        self._start_round()

    # ----------------------------------------------------------------- the flow of a game

    def _start_round(self) -> None:
        self.round_no += 1
        self.pack = self._src.next_pack()
        self.deal_no = 0
        self.progress = [0, 0, 0, 0]
        self.progress_cards: list[list[int]] = [[], [], [], []]
        self.completed: list[list[int]] = [[], [], [], []]
        self.piles: list[list[int]] = [[], [], [], []]
        self._deal()

    def _deal(self) -> None:
        self.deal_no += 1
        self.dealer = dealer = (self.dealer + 1) % 4
        start = (self.deal_no - 1) * 52
        dealt = self.pack[start : start + 52]
        # One card at a time from the dealer's left: seat dealer+1+k gets every fourth card.
        hands = [
            sorted(dealt[(s - dealer - 1) % 4 :: 4], key=SORT_KEY.__getitem__) for s in range(4)
        ]
        self.hands = hands
        self.voids = [0, 0, 0, 0]
        self.trick: list[int] = []
        self.trick_seats: list[int] = []
        self.last_trick: tuple[Any, ...] | None = None
        self.led = -1
        self.turn = (dealer + 1) % 4
        self._log.append(("deal", self.round_no, self.deal_no, dealer, dealt))

    def _apply(self, move: Move) -> None:
        # Every move is a play: the card is played here, with no call in between (the
        # simulation's hottest path).
        seat = self.turn
        face = move.cards[0]
        hand = self.hands[seat]
        for i, card in enumerate(hand):
            if card % PACK_SIZE == face:
                del hand[i]
                break
        trick = self.trick
        trick.append(card)
        self.trick_seats.append(seat)
        suit = card & 3
        if len(trick) == 1:
            self.led = suit
        elif suit != self.led and not (self.allfours and suit == self.trumps[seat]):
            # Not following shows a void; in all-fours one's own suit may be played anyway.
            self.voids[seat] |= 1 << self.led
        self._log.append(("play", seat, card))
        if len(trick) < 4:
            self.turn = (seat + 1) % 4
            return
        self._end_trick()

    def _end_trick(self) -> None:
        trick, seats = self.trick, self.trick_seats
        index, reason = trick_winner(trick, seats, self.trumps, self.rule)
        winner = seats[index]
        self._log.append(("trick", winner, tuple(trick), tuple(seats), reason))
        self._build(winner, trick)
        self.last_trick = (tuple(trick), tuple(seats), winner, reason)
        self.trick = []
        self.trick_seats = []
        self.led = -1
        if self.hands[winner]:
            self.turn = winner
        elif self.deal_no < 4:
            self._deal()
        else:
            self._end_round()

    def _build(self, winner: int, trick: list[int]) -> None:
        """Lay the winning side's suits on its calypsos; the rest goes to the winner's pile."""
        trumps = self.trumps
        pile = self.piles[winner]
        before = len(pile)
        log = self._log
        for partner in (winner, (winner + 2) % 4):
            suit = trumps[partner]
            mine = [c for c in trick if c & 3 == suit]
            if not mine:
                continue
            mask = self.progress[partner]
            cards = self.progress_cards[partner]
            left = []
            for card in mine:
                bit = RANK_BIT[card]
                if mask & bit:
                    left.append(card)
                else:
                    mask |= bit
                    cards.append(card)
                    log.append(("lay", partner, card, len(cards)))
            if mask == FULL:
                # A finished calypso is set aside; the rest of this trick's cards of the suit
                # start the next one (RULES.md 1.8).
                self.completed[partner].extend(sorted(cards, key=SORT_KEY.__getitem__))
                log.append(("calypso", partner, len(self.completed[partner]) // 13))
                mask = 0
                cards = []
                rest = []
                for card in left:
                    bit = RANK_BIT[card]
                    if mask & bit:
                        rest.append(card)
                    else:
                        mask |= bit
                        cards.append(card)
                        log.append(("lay", partner, card, len(cards)))
                left = rest
            self.progress[partner] = mask
            self.progress_cards[partner] = cards
            pile.extend(left)
        side = winner & 1
        sides = (trumps[side], trumps[side + 2])
        pile.extend(c for c in trick if c & 3 not in sides)
        if len(pile) > before:
            log.append(("pile", winner, len(pile) - before, len(pile)))

    def _end_round(self) -> None:
        seats = []
        for s in range(4):
            done = len(self.completed[s]) // 13
            progress = len(self.progress_cards[s])
            pile = len(self.piles[s])
            seats.append(
                {
                    "seat": s,
                    "calypsos": done,
                    "calypso_points": CALYPSO_TOTALS[done],
                    "in_progress": progress,
                    "in_progress_points": PROGRESS_POINTS * progress,
                    "pile": pile,
                    "pile_points": PILE_POINTS * pile,
                    "points": calypso_points(done, progress, pile),
                }
            )
        sides = [seats[0]["points"] + seats[2]["points"], seats[1]["points"] + seats[3]["points"]]
        for side in (0, 1):
            self.totals[side] += sides[side]
        summary: dict[str, JSON] = {
            "round": self.round_no,
            "seats": seats,
            "sides": sides,
            "totals": list(self.totals),
        }
        self.round_results.append(summary)
        self._log.append(("round over", summary))
        if self.round_no < self.rounds:
            self._start_round()
        else:
            self.is_over = True
            self.turn = -1
            self._log.append(("game over", list(self.totals)))

    # ----------------------------------------------------------------- the protocol

    @property
    def to_move(self) -> int | None:
        return None if self.is_over else self.turn

    @property
    def scores(self) -> list[int]:
        """Each seat's partnership total over the finished rounds."""
        t = self.totals
        return [t[0], t[1], t[0], t[1]]

    def standing(self) -> list[int]:
        """Each seat's partnership total with the running round's provisional points
        (completed calypsos, calypso cards in progress, trick-pile cards), as
        ``observation()["points"]`` counts them."""
        t = self.totals
        if self.is_over:  # the round's points are in the totals already
            return [t[0], t[1], t[0], t[1]]
        points = [
            calypso_points(len(self.completed[s]) // 13, len(self.progress_cards[s]), len(pile))
            for s, pile in enumerate(self.piles)
        ]
        side = [t[0] + points[0] + points[2], t[1] + points[1] + points[3]]
        return [side[0], side[1], side[0], side[1]]

    def _compute_legal(self) -> list[Move]:
        if self.is_over:
            return []
        turn = self.turn
        hand = self.hands[turn]
        led = self.led
        if led >= 0:
            follow = [c for c in hand if c & 3 == led]
            if follow:
                own = self.trumps[turn]
                if self.allfours and own != led:
                    hand = [c for c in hand if c & 3 == led or c & 3 == own]
                else:
                    hand = follow
        moves = []
        last = None
        # Copies of a face sit together in a sorted hand: one move per face.
        for card in hand:
            move = _PLAY_OF[card]
            if move is not last:
                moves.append(move)
                last = move
        return moves

    def _why_illegal(self, move: Move) -> str:
        # The notation is a hint for those who type it; a face shows suit symbols instead.
        words = names_in_use()
        if move.verb != "play" or len(move.cards) != 1 or move.number is not None:
            return _("play exactly one card") if words else _("play exactly one card (play C)")
        face = move.cards[0]
        if not 0 <= face < PACK_SIZE:
            return _("card id {card} is not a card face (ids 0 to 51)").format(card=face)
        hand = self.hands[self.turn]
        if all(c % PACK_SIZE != face for c in hand):
            return not_in_hand([face])
        led = self.led
        if words:
            # In words: the suit by name and symbol, and the cards that follow it.
            held = cards_word(dict.fromkeys(c % PACK_SIZE for c in hand if c & 3 == led))
            if self.allfours:
                ask = _("Follow {suit} {symbol} or play your own suit: you hold {cards}")
            else:
                ask = _("Follow {suit} {symbol}: you hold {cards}")
            return ask.format(suit=suit_name(led), symbol=SUIT_SYMBOLS[led], cards=held)
        suit = SUIT_LETTERS[led]
        if self.allfours:
            return _(
                "{suit} was led and you hold {suit}: follow suit or play your own suit"
            ).format(suit=suit)
        return _("{suit} was led and you hold {suit}: follow suit").format(suit=suit)

    # ----------------------------------------------------------------- views

    def observation(self, seat: int | None) -> dict[str, JSON]:
        """Only what ``seat`` may know: its hand, the table, every calypso and pile size.

        ``None`` is a spectator: the same view without a ``hand`` or ``legal_moves``.

        >>> import cardtable
        >>> state = cardtable.load("calypso").new_state(seed=1)
        >>> view = state.observation(None)
        >>> view["seat"], "hand" in view, "legal_moves" in view, view["hand_sizes"]
        (None, False, False, [13, 13, 13, 13])
        """
        self._check_seat(seat, spectator_ok=True)
        to_move = self.to_move
        # Every card played this round lies face up on a calypso, in a pile or in the trick.
        played: dict[str, int] = {}
        for cards in (*self.completed, *self.progress_cards, *self.piles, self.trick):
            for name in cards_str(cards):
                played[name] = played.get(name, 0) + 1
        last = self.last_trick
        obs: dict[str, JSON] = {
            "game": "calypso",
            "seat": seat,
            "to_move": to_move,
            "trick_rule": RULE_NAMES[self.rule],
            "suits": [SUIT_LETTERS[s] for s in self.trumps],
            "round": self.round_no,
            "rounds": self.rounds,
            "deal": self.deal_no,
            "dealer": self.dealer,
            "hand": None if seat is None else cards_str(self.hands[seat]),
            "hand_sizes": [len(h) for h in self.hands],
            "undealt": CARDS - 52 * self.deal_no,
            "trick": [
                {"seat": s, "card": card_str(c)}
                for s, c in zip(self.trick_seats, self.trick, strict=True)
            ],
            "led": SUIT_LETTERS[self.led] if self.led >= 0 else None,
            "last_trick": None
            if last is None
            else {
                "cards": [
                    {"seat": s, "card": card_str(c)} for s, c in zip(last[1], last[0], strict=True)
                ],
                "winner": last[2],
                "reason": last[3],
            },
            "calypsos": [
                cards_str(sorted(cards, key=SORT_KEY.__getitem__)) for cards in self.progress_cards
            ],
            "completed": [len(c) // 13 for c in self.completed],
            "pile_sizes": [len(p) for p in self.piles],
            "voids": [[SUIT_LETTERS[s] for s in range(4) if v >> s & 1] for v in self.voids],
            "played": played,
            "points": [
                calypso_points(len(self.completed[s]) // 13, len(self.progress_cards[s]), len(p))
                for s, p in enumerate(self.piles)
            ],
            "scores": self.scores,
            "legal_moves": [m.text for m in self.legal_moves()] if to_move == seat else [],
        }
        if seat is None:  # a spectator holds no cards and has no moves
            del obs["hand"], obs["legal_moves"]
        return obs

    def _materialize(self, entry: tuple[Any, ...]) -> list[Event]:
        return materialize(entry)

    @property
    def result(self) -> dict[str, JSON] | None:
        if not self.is_over:
            return None
        totals = self.totals
        last = self.round_results[-1]
        seats = last["seats"]
        assert isinstance(seats, list)
        cards = sum(13 * s["calypsos"] + s["in_progress"] + s["pile"] for s in seats)
        if totals[0] == totals[1]:
            winners = [0, 1, 2, 3]
        else:
            best = 0 if totals[0] > totals[1] else 1
            winners = [best, best + 2]
        return {
            "winners": winners,
            "draw": totals[0] == totals[1],
            "scores": self.scores,
            "sides": list(totals),
            "cards": cards,
            # A copy all the way down: the state and its clones share the round summaries.
            "rounds": copy.deepcopy(self.round_results),
        }

    def describe_move(self, move: Move) -> str:
        """A legal move in words: its notation, or a sentence inside
        :func:`~cardtable.i18n.using_names`.

        >>> import cardtable
        >>> from cardtable.i18n import using_language, using_names
        >>> state = cardtable.load("calypso").new_state(seed=1)
        >>> move = state.legal_moves()[0]
        >>> state.describe_move(move)
        'play 10C'
        >>> with using_language("ja"), using_names(["Ann", "Bob", "Cat", "Dan"]):
        ...     state.describe_move(move)
        '10♣を出す'
        """
        return describe_move(move)

    def sides(self) -> list[list[int]]:
        """The two fixed partnerships: seats 0 and 2 against 1 and 3.

        >>> import cardtable
        >>> cardtable.load("calypso").new_state(seed=1).sides()
        [[0, 2], [1, 3]]
        """
        return [[0, 2], [1, 3]]

    def result_note(self) -> str:
        result = self.result
        if result is None or result["draw"]:
            return ""
        winners = result["winners"]
        assert isinstance(winners, list)
        return _("the partnership of {first} and {second}").format(
            first=suit_name(self.trumps[winners[0]]), second=suit_name(self.trumps[winners[1]])
        )

    def card_places(self) -> dict[str, list[int]]:
        places: dict[str, list[int]] = {}
        for s in range(4):
            places[f"hand {s}"] = list(self.hands[s])
            places[f"calypso {s}"] = list(self.progress_cards[s])
            places[f"completed {s}"] = list(self.completed[s])
            places[f"pile {s}"] = list(self.piles[s])
        places["trick"] = list(self.trick)
        places["stock"] = list(self.pack[52 * self.deal_no :])
        return places

    def _copy_position(self) -> CalypsoState:
        other = self._copy_slots()
        other.totals = list(self.totals)
        other.round_results = list(self.round_results)
        other.pack = list(self.pack)
        other.hands = [list(h) for h in self.hands]
        other.progress = list(self.progress)
        other.progress_cards = [list(c) for c in self.progress_cards]
        other.completed = [list(c) for c in self.completed]
        other.piles = [list(p) for p in self.piles]
        other.trick = list(self.trick)
        other.trick_seats = list(self.trick_seats)
        other.voids = list(self.voids)
        return other

    def sample_world(self, seat: int, rng: random.Random) -> CalypsoState:
        return sample_world(self, seat, rng)
