"""Krypkasino card values and the capture search (RULES.md 2.3, 2.4 and the capture rules of 2.6).

A table is described for the search by how many cards of each rank lie on it, packed in one int
(four bits a rank: two packs hold at most eight cards of a rank), so the answer for a played
value and a table is computed once and then found by one dict look-up. A capture is a *take*:
how many cards of each rank it takes; which faces of a rank are taken is the player's choice and
is expanded by :func:`expand_takes`.

>>> from cardtable.cards import parse_cards
>>> table = rank_code(parse_cards("3C 3D 6S"))
>>> [sorted(take) for take in captures(9, table).takes]  # 6 and one of the 3s
[[(3, 1), (6, 1)]]
>>> captures(9, table).sweeps, captures(12, table).sweeps  # 3+3+6 = 12 sweeps
(False, True)
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations, product
from typing import NamedTuple

from cardtable.cards import PACK_SIZE

__all__ = [
    "FACE_KEY",
    "HAND_VALUE",
    "POINTS",
    "RANK",
    "TABLE_VALUE",
    "Captures",
    "can_form",
    "captures",
    "clear_cache",
    "counts_of",
    "expand_takes",
    "points_of",
    "rank_code",
    "sweep_mask",
]

#: The sort key of each card id of both packs: hands, tables and piles are kept in face order,
#: the first copy of a face before the second.
FACE_KEY: tuple[int, ...] = tuple(
    (c % PACK_SIZE) * 2 + c // PACK_SIZE for c in range(2 * PACK_SIZE)
)
#: Rank (1 ace .. 13 king) of each card id of both packs.
RANK: tuple[int, ...] = tuple((c % PACK_SIZE) // 4 + 1 for c in range(2 * PACK_SIZE))
#: Capture value of a card played from the hand: the ace counts 14.
HAND_VALUE: tuple[int, ...] = tuple(14 if r == 1 else r for r in RANK)
#: Value of a card lying on the table: the ace counts 1.
TABLE_VALUE: tuple[int, ...] = RANK


def _points(face: int) -> int:
    rank, suit = face // 4 + 1, face % 4
    if face == 37:  # 10D, storan
        return 3
    if face == 7:  # 2S, lillan
        return 2
    if rank == 1:
        return 2 if suit == 3 else 1  # the ace of spades is an ace and a spade
    return 1 if suit == 3 else 0


#: Penalty points of each card id (both packs): 42 in all.
POINTS: tuple[int, ...] = tuple(_points(c % PACK_SIZE) for c in range(2 * PACK_SIZE))
#: The packed-count step of each rank: a card of rank r adds ``STEP[r]`` to a table's code.
STEP: tuple[int, ...] = tuple(1 << (4 * (r - 1)) if r else 0 for r in range(14))
#: The step of each card id, for keeping a table's code as cards come and go.
CARD_STEP: tuple[int, ...] = tuple(STEP[r] for r in RANK)


def points_of(cards: Iterable[int]) -> int:
    """The penalty points of some card ids (RULES.md 2.4).

    >>> from cardtable.cards import parse_cards
    >>> points_of(parse_cards("10D 2S AS AH KS 7C"))
    9
    """
    return sum(POINTS[c] for c in cards)


def rank_code(cards: Iterable[int]) -> int:
    """The packed rank counts of some cards (any ids): the key of the capture search.

    >>> from cardtable.cards import parse_cards
    >>> counts_of(rank_code(parse_cards("3C 3D 6S")))[3]
    2
    """
    return sum(CARD_STEP[c] for c in cards)


def counts_of(code: int) -> list[int]:
    """The count of each rank (index 1..13; index 0 unused) of a packed code."""
    return [0] + [(code >> (4 * (r - 1))) & 15 for r in range(1, 14)]


def _reach(counts: list[int], target: int) -> int:
    """Bit set of the sums (up to ``target``) that some sub-multiset of ``counts`` makes."""
    reach = 1
    full = (1 << (target + 1)) - 1
    for r in range(1, min(13, target) + 1):
        for _ in range(min(counts[r], target // r)):
            reach = (reach | (reach << r)) & full
    return reach


def can_form(counts: list[int], target: int) -> bool:
    """Whether some of the cards (rank counts) sum to exactly ``target``.

    >>> can_form([0, 0, 0, 0, 1, 1] + [0] * 8, 9), can_form([0, 1] + [0] * 12, 14)
    (True, False)
    """
    return bool(_reach(counts, target) >> target & 1)


_PARTITION: dict[tuple[int, int], bool] = {}


def _partitions(code: int, value: int) -> bool:
    """Whether the cards of ``code`` split into disjoint groups that each sum to ``value``."""
    if code == 0:
        return True
    key = (code, value)
    known = _PARTITION.get(key)
    if known is not None:
        return known
    counts = counts_of(code)
    total = sum(r * c for r, c in enumerate(counts))
    answer = False
    if total % value == 0:
        # The highest card must lie in some group: try every group that holds it.
        top = max(r for r in range(1, 14) if counts[r])
        counts[top] -= 1
        rest = code - STEP[top]
        for group in _groups(counts, value - top, top):
            if _partitions(rest - group, value):
                answer = True
                break
    _PARTITION[key] = answer
    return answer


def _groups(counts: list[int], target: int, highest: int) -> list[int]:
    """The codes of every sub-multiset of ``counts`` with ranks up to ``highest`` summing to
    ``target`` (``[0]`` for a target of 0)."""
    if target == 0:
        return [0]
    out: list[int] = []
    for r in range(min(highest, target), 0, -1):
        if not counts[r]:
            continue
        counts[r] -= 1
        out.extend(g + STEP[r] for g in _groups(counts, target - r, r))
        counts[r] += 1
    return out


def _candidates(value: int, counts: list[int]) -> list[tuple[list[int], list[int], int]]:
    """The takes worth checking: how many of each rank (``ranks``, the table's ranks up to
    ``value``) to take, summing to a multiple of ``value``, with their packed code. Only takes
    whose rest could hold no group are listed: a card of the value itself is always taken, of
    two ranks that sum to the value one is taken whole, and of half the value at most one card
    stays; so a big table checks a few takes, not every subset."""
    ranks = [r for r in range(1, min(13, value) + 1) if counts[r]]
    out: list[tuple[list[int], list[int], int]] = []
    rest = [0] * 15
    picks = [0] * len(ranks)
    last = len(ranks)

    def walk(i: int, taken: int, code: int) -> None:
        if i == last:
            if taken and not taken % value:
                out.append((list(picks), ranks, code))
            return
        r = ranks[i]
        c = counts[r]
        low = 0
        if r == value:
            low = c
        elif 2 * r == value:
            low = c - 1
        elif 0 < value - r < r and rest[value - r]:
            low = c
        step = STEP[r]
        for p in range(low, c + 1):
            rest[r] = c - p
            picks[i] = p
            walk(i + 1, taken + p * r, code + p * step)
        rest[r] = 0
        picks[i] = 0

    walk(0, 0, 0)
    return out


class Captures(NamedTuple):
    """What a card of one value may capture on one table: every legal take (each a tuple of
    (rank, count) pairs), the number of cards each takes, and whether one of them sweeps."""

    takes: tuple[tuple[tuple[int, int], ...], ...]
    sizes: tuple[int, ...]
    sweeps: bool


_NONE = Captures((), (), False)
_CACHE: dict[int, Captures] = {}
_CACHE_LIMIT = 1 << 18  # about 100 MB at most; random play fills some 60,000 a 3,000 hands


def captures(value: int, code: int) -> Captures:
    """Every maximal capture of a card of hand ``value`` on the table ``code`` (RULES.md 2.6).

    A take is legal when its cards split into disjoint groups summing to ``value`` and the
    cards it leaves hold no such group (the family of groups is maximal). Takes are listed with
    the most cards first. No take means the card creeps (krypa).

    >>> from cardtable.cards import parse_cards
    >>> captures(11, rank_code(parse_cards("3C 8D 5C 6H JD"))).takes  # all five: 3+8, 5+6, J
    (((3, 1), (5, 1), (6, 1), (8, 1), (11, 1)),)
    >>> captures(14, rank_code(parse_cards("AC"))).takes  # a hand ace is 14, a table ace 1
    ()
    """
    key = code << 4 | value
    found = _CACHE.get(key)
    if found is not None:
        return found
    counts = counts_of(code)
    if not can_form(counts, value):
        found = _NONE
    else:
        found_takes: list[tuple[int, tuple[tuple[int, int], ...]]] = []
        sweeps = False
        for picks, ranks, take_code in _candidates(value, counts):
            rest = counts_of(code - take_code)
            if can_form(rest, value) or not _partitions(take_code, value):
                continue
            take = tuple((r, p) for p, r in zip(picks, ranks, strict=True) if p)
            found_takes.append((sum(picks), take))
            sweeps = sweeps or take_code == code
        found_takes.sort(key=lambda t: (-t[0], t[1]))
        found = Captures(tuple(t for _, t in found_takes), tuple(k for k, _ in found_takes), sweeps)
    if len(_CACHE) >= _CACHE_LIMIT:
        _CACHE.clear()
        _PARTITION.clear()
    _CACHE[key] = found
    return found


_SWEEPS: dict[int, int] = {}


def sweep_mask(code: int) -> int:
    """The hand values that sweep the table ``code``, as bits (bit v): those that divide the
    table's sum, are no lower than its highest card, and split it into groups of that value.
    It asks :func:`captures` nothing, so a new table costs a few sums, not thirteen searches.

    >>> from cardtable.cards import parse_cards
    >>> [v for v in range(15) if sweep_mask(rank_code(parse_cards("4S 5D 9C"))) >> v & 1]
    [9]
    >>> sweep_mask(0)
    0
    """
    mask = _SWEEPS.get(code)
    if mask is not None:
        return mask
    mask = 0
    if code:
        total = 0
        top = 0
        for r in range(1, 14):
            k = (code >> (4 * (r - 1))) & 15
            if k:
                total += r * k
                top = r
        for v in range(max(2, top), min(14, total) + 1):
            if total % v == 0 and _partitions(code, v):
                mask |= 1 << v
    if len(_SWEEPS) >= _CACHE_LIMIT:
        _SWEEPS.clear()
    _SWEEPS[code] = mask
    return mask


def clear_cache() -> None:
    """Forget every cached answer (for timing the search from cold)."""
    _CACHE.clear()
    _PARTITION.clear()
    _SWEEPS.clear()


def expand_takes(
    takes: tuple[tuple[tuple[int, int], ...], ...], by_rank: dict[int, list[int]]
) -> list[tuple[int, ...]]:
    """The distinct sets of table faces (sorted) that the rank-count ``takes`` can name;
    ``by_rank`` lists the table's faces of each rank (repeats for both copies), sorted.

    >>> from cardtable.cards import parse_cards, cards_str
    >>> three_c, three_d, six_s = parse_cards("3C 3D 6S")
    >>> takes = (((3, 1), (6, 1)),)  # one 3 and one 6
    >>> [cards_str(t) for t in expand_takes(takes, {3: [three_c, three_d], 6: [six_s]})]
    [['3C', '6S'], ['3D', '6S']]
    """
    out: dict[tuple[int, ...], None] = {}
    for take in takes:
        parts: list[list[tuple[int, ...]]] = []
        for rank, count in take:
            faces = by_rank[rank]
            if count == len(faces) or faces[0] == faces[-1]:
                parts.append([tuple(faces[:count])])
            else:
                parts.append(list(dict.fromkeys(combinations(faces, count))))
        if len(parts) == 1:
            for chosen in parts[0]:
                out[tuple(sorted(chosen))] = None
        else:
            for combo in product(*parts):
                out[tuple(sorted(f for part in combo for f in part))] = None
    return list(out)
