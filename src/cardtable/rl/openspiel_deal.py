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
>>> deal = CardDeal(cardtable.load("kloepper", target=1))
>>> deal.nodes, len(deal.outcomes(())), deal.outcomes((0,))[0]
(23, 24, (1, 0.043478260869565216))
>>> SeedDeal().outcomes(())[:2]
[(0, 0.00390625), (1, 0.00390625)]
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence

from cardtable.cards import card_str
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
    """The first pack card by card (see the module's docs); ``cards`` cards are drawn, then a
    seed where the game may shuffle again (``seeded``)."""

    name = "cards"

    def __init__(self, game: Game, codec: Codec | None = None) -> None:
        codec = codec if codec is not None else codec_of(game)
        start = game.new_state(seed=0)
        self.pack: tuple[int, ...] = tuple(
            sorted(c for p in start.card_places().values() for c in p)
        )
        self.seeded = not codec.single_deal()
        # The last card left is no choice: it is never a chance node of its own.
        last = len(self.pack) - 1
        self.cards = last if self.seeded else min(_cards_used(game, self.pack), last)
        self.nodes = self.cards + (SEED_NODES if self.seeded else 0)
        self.max_outcomes = max(self.pack[-1] + 1, _BYTES if self.seeded else 0)

    def outcomes(self, drawn: Sequence[int]) -> list[tuple[int, float]]:
        if len(drawn) >= self.cards:
            return list(_UNIFORM)
        taken = set(drawn)
        left = [card for card in self.pack if card not in taken]
        return [(card, 1.0 / len(left)) for card in left]

    def deal(self, game: Game, drawn: Sequence[int]) -> State:
        cards = list(drawn[: self.cards])
        taken = set(cards)
        deck = cards + [card for card in self.pack if card not in taken]
        seed = int.from_bytes(bytes(drawn[self.cards :]), "big") if self.seeded else 0
        return game.new_state(seed=seed, decks=[deck])

    def action_name(self, drawn: Sequence[int], action: int) -> str:
        if len(drawn) >= self.cards:
            return f"seed byte {action}"
        return f"deal {card_str(action)}"

    def sample(self, count: int, rng: random.Random) -> tuple[int, ...]:
        cards = tuple(rng.sample(self.pack, min(count, self.cards)))
        return cards + tuple(rng.randrange(_BYTES) for _ in range(count - len(cards)))


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
