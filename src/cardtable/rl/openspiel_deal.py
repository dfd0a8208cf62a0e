"""How the OpenSpiel adapter deals: the chance nodes before the first decision.

Two ways, chosen by the adapter's ``deal`` parameter:

- ``deal="seed"`` (:class:`SeedDeal`, the default): :data:`SEED_NODES` uniform chance nodes of
  256 outcomes draw the bytes of a 64-bit seed (most significant first), then
  ``game.new_state(seed=...)`` deals; every later shuffle comes from that seed. One chance
  outcome per seed: fast and replayable, but 2^64 outcomes, out of reach of exact tools.
- ``deal="cards"`` (:class:`CardDeal`): the first pack is dealt card by card. Each chance node's
  outcomes are the cards left in the pack (the outcome is the card's id), each with probability
  1 / the cards left; then ``game.new_state(decks=[pack])`` deals from the cards drawn, the pack's
  remaining cards below them in id order. Only the cards the first deal uses are drawn (the
  rest never reach play, so their order does not matter); a game whose options may shuffle
  again (another deal) then draws a seed the same way as ``deal="seed"`` for those shuffles.
  This is the form exact solvers need, on a small game (a tiny variant).

>>> import cardtable
>>> deal = CardDeal(cardtable.load("cribbage", deck="tiny"))  # 6 cards: 4H 4S 5H 5S 6H 6S
>>> deal.groups  # the pack positions of each hand, then the starter's
[(0, 2), (1, 3), (4,)]
>>> [(card_str(c), round(p, 3)) for c, p in deal.outcomes(())]  # the first hand's lower card
[('4H', 0.333), ('4S', 0.267), ('5H', 0.2), ('5S', 0.133), ('6H', 0.067)]
>>> SeedDeal().outcomes(())[:2]
[(0, 0.00390625), (1, 0.00390625)]
"""

from __future__ import annotations

import itertools
import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from math import comb

from cardtable.cards import PACK_SIZE, card_str
from cardtable.encoding import Codec
from cardtable.engine import Game, State
from cardtable.errors import OptionError
from cardtable.registry import codec as codec_of

__all__ = ["DEALS", "SEED_NODES", "CardDeal", "Deal", "SeedDeal", "make_deal", "seed_actions"]

#: Chance nodes that draw a seed, one byte each.
SEED_NODES = 8
_BYTES = 256
_UNIFORM = [(byte, 1.0 / _BYTES) for byte in range(_BYTES)]
#: The values of the adapter's ``deal`` parameter.
DEALS = ("seed", "cards")
#: Random games played to find which cards of the pack one deal uses (a card revealed late,
#: such as Cribbage's starter, leaves the stock only during play).
PROBE_GAMES = 8


def seed_actions(seed: int) -> list[int]:
    """The chance actions that draw ``seed`` (its bytes, most significant first).

    >>> seed_actions(258)
    [0, 0, 0, 0, 0, 0, 1, 2]
    """
    return list(seed.to_bytes(SEED_NODES, "big"))


class Deal(ABC):
    """The chance nodes of one game with its options: how many, their outcomes, and the
    cardtable state the outcomes drawn deal."""

    #: How many chance nodes come before the first decision.
    nodes: int
    #: The most outcomes a chance node has, and one more than the highest outcome's id.
    max_outcomes: int
    name: str

    @abstractmethod
    def outcomes(self, drawn: Sequence[int]) -> list[tuple[int, float]]:
        """The next chance node's outcomes and probabilities, after the outcomes ``drawn``."""

    @abstractmethod
    def deal(self, game: Game, drawn: Sequence[int]) -> State:
        """The cardtable state that the ``nodes`` outcomes ``drawn`` deal."""

    @abstractmethod
    def action_name(self, drawn: Sequence[int], action: int) -> str:
        """What chance outcome ``action`` means after the outcomes ``drawn``."""

    @abstractmethod
    def sample(self, count: int, rng: random.Random) -> tuple[int, ...]:
        """``count`` outcomes drawn at random, as the chance nodes would (for a world that
        nobody has seen a card of)."""

    def describe(self, drawn: Sequence[int]) -> str:
        """The text of a state still at its chance nodes (it names no outcome)."""
        return f"dealing: {len(drawn)} of {self.nodes} chance outcomes drawn ({self.name})"


class SeedDeal(Deal):
    """The deal's 64-bit seed as :data:`SEED_NODES` uniform bytes."""

    nodes = SEED_NODES
    max_outcomes = _BYTES
    name = "seed"

    def outcomes(self, drawn: Sequence[int]) -> list[tuple[int, float]]:
        return list(_UNIFORM)

    def deal(self, game: Game, drawn: Sequence[int]) -> State:
        return game.new_state(seed=int.from_bytes(bytes(drawn), "big"))

    def action_name(self, drawn: Sequence[int], action: int) -> str:
        return f"seed byte {action}"

    def sample(self, count: int, rng: random.Random) -> tuple[int, ...]:
        return tuple(rng.randrange(_BYTES) for _ in range(count))


class CardDeal(Deal):
    """The first pack card by card (see the module's docs), then a seed where the game may
    shuffle again (``seeded``).

    A one-deal game's cards are drawn place by place (``groups``: the pack positions that go
    to one place, such as a hand, where their order changes nothing), each place's cards in
    increasing order: the outcomes of a node are the cards that can still be that place's next
    card, each with the probability that it is (the place holds a uniform random set of the
    cards left, shown smallest first). So every deal is drawn by exactly one path, not by one
    path per order of each hand, and deals keep their real probabilities. A game that may
    shuffle again draws its whole pack in order, each card left equally likely.
    """

    name = "cards"

    def __init__(self, game: Game, codec: Codec | None = None) -> None:
        codec = codec if codec is not None else codec_of(game)
        start = game.new_state(seed=0)
        self.pack: tuple[int, ...] = tuple(
            sorted(c for p in start.card_places().values() for c in p)
        )
        self.seeded = not codec.single_deal()
        self.groups: list[tuple[int, ...]]
        if self.seeded:
            # The last card left is no choice: it is never a chance node of its own.
            self.groups = [(i,) for i in range(len(self.pack) - 1)]
        else:
            self.groups = _groups(game, self.pack)
        #: For each card node in drawing order: its group, and its place within the group.
        self.slots = [(g, k) for g, group in enumerate(self.groups) for k in range(len(group))]
        self.cards = len(self.slots)
        self.nodes = self.cards + (SEED_NODES if self.seeded else 0)
        self.max_outcomes = max(self.pack[-1] + 1, _BYTES if self.seeded else 0)

    def outcomes(self, drawn: Sequence[int]) -> list[tuple[int, float]]:
        at = len(drawn)
        if at >= self.cards:
            return list(_UNIFORM)
        taken = set(drawn)
        left = [card for card in self.pack if card not in taken]
        group, k = self.slots[at]
        rest = len(self.groups[group]) - k  # cards the group still takes, this one included
        if k:  # above the group's last card: its set is uniform among the cards above that
            last = drawn[at - 1]
            left = [card for card in left if card > last]
        whole = comb(len(left), rest)
        out = []
        for i, card in enumerate(left):
            # This card is the smallest of the group's rest: the others are above it.
            ways = comb(len(left) - 1 - i, rest - 1)
            if ways:
                out.append((card, ways / whole))
        return out

    def deal(self, game: Game, drawn: Sequence[int]) -> State:
        deck: list[int | None] = [None] * len(self.pack)
        for (group, k), card in zip(self.slots, drawn, strict=False):
            deck[self.groups[group][k]] = card
        taken = set(drawn[: self.cards])
        rest = iter(card for card in self.pack if card not in taken)
        cards = [card if card is not None else next(rest) for card in deck]
        seed = int.from_bytes(bytes(drawn[self.cards :]), "big") if self.seeded else 0
        return game.new_state(seed=seed, decks=[cards])

    def action_name(self, drawn: Sequence[int], action: int) -> str:
        if len(drawn) >= self.cards:
            return f"seed byte {action}"
        if self.pack[-1] < PACK_SIZE:
            return f"deal {card_str(action)}"
        # Several packs: each copy of a face is its own outcome.
        return f"deal {card_str(action)} (pack {action // PACK_SIZE + 1})"

    def sample(self, count: int, rng: random.Random) -> tuple[int, ...]:
        # A whole deal drawn at random, each group's cards in increasing order, then cut.
        cards = rng.sample(self.pack, self.cards)
        out: list[int] = []
        for group in self.groups:
            out.extend(sorted(cards[len(out) : len(out) + len(group)]))
        drawn = out[:count]
        return (*drawn, *(rng.randrange(_BYTES) for _ in range(count - len(drawn))))


def _play(game: Game, deck: Sequence[int], seed: int) -> list[object]:
    """Everything every seat and the public see through one random game dealt from ``deck``."""
    state = game.new_state(seed=0, decks=[list(deck)])
    rng = random.Random(seed)
    seats: list[int | None] = [None, *range(game.num_players)]
    seen: list[object] = [state.card_places()]
    while not state.is_over:
        seen.append([state.observation(s) for s in seats])
        state.apply(rng.choice(state.legal_moves()))
    seen.append((state.scores, [state.observation(s) for s in seats]))
    return seen


def _groups(game: Game, pack: Sequence[int]) -> list[tuple[int, ...]]:
    """The positions of the pack that one deal of ``game`` uses, grouped by the place their
    card goes to at the deal where their order there changes nothing (checked by swapping
    neighbours of a group and playing :data:`PROBE_GAMES` random games both ways); a card left
    in the stock (a starter turned later) is a group of its own. Groups come in the order of
    their first position."""
    used = _cards_used(game, pack)
    where: dict[int, str] = {}
    for name, cards in game.new_state(seed=0, decks=[list(pack)]).card_places().items():
        if name != "stock":
            where.update(dict.fromkeys(cards, name))
    by_place: dict[str, list[int]] = {}
    groups: list[list[int]] = []
    for i in range(used):
        place = where.get(pack[i])
        if place is None:
            groups.append([i])
        elif place in by_place:
            by_place[place].append(i)
        else:
            by_place[place] = [i]
            groups.append(by_place[place])
    out: list[tuple[int, ...]] = []
    for group in groups:
        if _symmetric(game, pack, group):
            out.append(tuple(group))
        else:  # the order matters: each card is a place of its own
            out.extend((i,) for i in group)
    return out


def _symmetric(game: Game, pack: Sequence[int], group: Sequence[int]) -> bool:
    """Whether swapping neighbouring positions of ``group`` changes no game (over a few)."""
    for a, b in itertools.pairwise(group):
        swapped = list(pack)
        swapped[a], swapped[b] = swapped[b], swapped[a]
        for seed in range(PROBE_GAMES // 2):
            if _play(game, pack, seed) != _play(game, swapped, seed):
                return False
    return True


def _cards_used(game: Game, pack: Sequence[int]) -> int:
    """How many cards from the top of the pack one deal of ``game`` uses: one more than the
    deepest place of a card that ever leaves the stock, over :data:`PROBE_GAMES` random games
    dealt from ``pack`` in order (every card a one-deal game dealt or turned up)."""
    place = {card: i for i, card in enumerate(pack)}
    deepest = -1
    rng = random.Random(0)
    for _ in range(PROBE_GAMES):
        state = game.new_state(seed=0, decks=[list(pack)])
        while True:
            for name, cards in state.card_places().items():
                if name != "stock":
                    deepest = max([deepest, *(place[c] for c in cards)])
            if deepest == len(pack) - 1 or state.is_over:
                break
            state.apply(rng.choice(state.legal_moves()))
        if deepest == len(pack) - 1:
            break
    return deepest + 1


def make_deal(kind: str, game: Game, codec: Codec | None = None) -> Deal:
    """The deal of the adapter's ``deal`` parameter ``kind`` for ``game``.

    >>> import cardtable
    >>> make_deal("cards", cardtable.load("cribbage", target=61)).nodes  # 51 cards, a seed
    59
    >>> make_deal("hands", cardtable.load("cribbage"))
    Traceback (most recent call last):
    ...
    cardtable.errors.OptionError: unknown deal 'hands'; allowed: seed, cards
    """
    if kind == "seed":
        return SeedDeal()
    if kind == "cards":
        return CardDeal(game, codec)
    raise OptionError(f"unknown deal {kind!r}; allowed: {', '.join(DEALS)}")
