"""The contract every registered game keeps (ARCHITECTURE.md, "Invariants"), as functions.

``tests/test_contract.py`` runs them over every game of :func:`cardtable.games`, and
``tests/test_fifth_game.py`` over a game that exists only in the tests. Nothing here names a
game (but for two tables of hints: option values no spec lists, options that shorten a game):
what a check needs it reads from the game (its options, its packs, its notation) or from its
observations.

After every move of a random game the cheap checks run (cards conserved, legal moves and the
end of the game, outcome and standing); in the thorough games, which are dealt from explicit
shuffled packs, on a sample of positions the expensive ones too (every legal move applies on a
clone, probes of illegal moves are refused and change nothing, observations are JSON-safe,
what a clone or a seat's view hands out is a copy or read-only, the leak test with twins), and
at the end the record replays through JSON. Every view refuses a seat that is none (out of
range, a bool, a string) alike, with a package error.

The leak test builds twins: the same game with the cards a seat cannot see permuted in the
current pack, replayed with the moves mapped by the same permutation, kept only when it agrees
with every public fact (the same seat to move at every step, each mapped move legal, the same
public events). A card is *seen* by a seat if its notation appears anywhere in the seat's
observation; in a game of several packs only faces of which no copy is seen are permuted.
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import suppress
from dataclasses import FrozenInstanceError, dataclass, field
from itertools import chain
from pathlib import Path
from typing import Any

import cardtable
from cardtable.cards import PACK_SIZE, card_str, face_of, parse_card, rank_of, suit_of
from cardtable.engine import Event, Game, Move, PackSource, State
from cardtable.errors import CardtableError, IllegalMoveError
from cardtable.options import Option, OptionValue
from cardtable.registry import codec, entry
from cardtable.seat_view import SeatView
from invariants import assert_replays, snapshot

__all__ = [
    "ContractRun",
    "assert_same_games_in_other_processes",
    "cards_named",
    "option_sets",
    "play_contract",
]

#: Option values the game's own specs cannot list (free text): tried beside the defaults.
EXTRA_VALUES: dict[str, dict[str, list[OptionValue]]] = {
    "kloepper": {"scoring": ["knock=3, lone-knock=5, knock-off-failed=4"]},
}
#: Options that make a game shorter, added to every option set but the defaults (the defaults
#: are played as they are once), so that many option sets stay cheap.
SHORTER: dict[str, dict[str, OptionValue]] = {
    "krypkasino": {"deals": 1},
}
#: A whole-number option with more values than this is tried at its lowest two values only.
FEW_VALUES = 8

#: Canonical card notation as a game writes it (never a word of a message such as "as").
CARD = re.compile(r"(?:A|[2-9]|10|J|Q|K)[CDHS]")
_TOKEN = re.compile(r"[^\s'\",.:;()\[\]{}=]+")


# ---------------------------------------------------------------------- option sets


def _values(spec: Option) -> list[OptionValue]:
    """The non-default values of an option worth a game: every choice, every value of a short
    range, the lowest two of a long one."""
    if spec.choices is not None:
        values = list(spec.choices)
    elif spec.low is not None and spec.high is not None and spec.high - spec.low <= FEW_VALUES:
        values = list(range(spec.low, spec.high + 1))
    elif spec.low is not None:
        values = [spec.low, spec.low + 1]
    else:
        values = []
    return [v for v in values if v != spec.default]


def _valid(cls: type[Game], options: dict[str, OptionValue]) -> bool:
    try:
        cls(**options)
    except CardtableError:
        return False
    return True


def option_sets(cls: type[Game]) -> list[dict[str, OptionValue]]:
    """The defaults, then one set per (option, non-default value); a value that needs another
    option (6 players for teams of three) gets the first other value that makes it valid."""
    name = cls.name
    shorter = SHORTER.get(name, {})
    extra = EXTRA_VALUES.get(name, {})
    sets: list[dict[str, OptionValue]] = [{}]
    for spec in cls.option_specs:
        for value in [*_values(spec), *extra.get(spec.name, [])]:
            options = {**shorter, spec.name: value}
            if not _valid(cls, options):
                completions = (
                    {**options, other.name: v}
                    for other in cls.option_specs
                    if other.name != spec.name
                    for v in _values(other)
                )
                found = next((o for o in completions if _valid(cls, o)), None)
                assert found is not None, f"no option set of {name} allows {spec.name}={value}"
                options = found
            if options not in sets:
                sets.append(options)
    return sets


# ---------------------------------------------------------------------- cards seen


def cards_named(value: Any) -> set[int]:
    """The faces whose notation appears anywhere in a JSON value (strings, words inside
    strings such as move texts, and dict keys)."""
    out: set[int] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
        elif isinstance(item, str):
            for token in _TOKEN.findall(item):
                if CARD.fullmatch(token):
                    out.add(parse_card(token))
    return out


def renumbered(faces: Sequence[int], packs: int) -> list[int]:
    """Card ids of a pack given by faces, the n-th copy of a face being copy n (as
    :func:`cardtable.cards.parse_deck` numbers them)."""
    seen = [0] * PACK_SIZE
    out = []
    for face in faces:
        out.append(seen[face] * PACK_SIZE + face)
        seen[face] += 1
    assert max(seen) <= packs
    return out


# ---------------------------------------------------------------------- one random game


@dataclass
class ContractRun:
    """One random game as the driver saw it, and what the checks found along the way."""

    game: Game
    seed: int
    decks: list[list[int]]
    reference: list[int]
    state: State
    rng: random.Random
    #: The seat to move before each ply.
    turns: list[int] = field(default_factory=list)
    #: Which explicit pack is in play (None: the seed's), and the first ply played with it.
    pack: int | None = 0
    pack_ply: int = 0
    #: Every move seen legal in this game: probes once they are not legal.
    seen_moves: dict[Move, None] = field(default_factory=dict)
    #: Twins built, and twins required (right after a deal) and found.
    twins: int = 0
    fresh_twins: int = 0

    @property
    def packs(self) -> int:
        return self.game.packs


def _source(state: State) -> PackSource:
    """The state's pack source (every game is a LoggedState keeping one as ``_src``)."""
    source = getattr(state, "_src", None)
    assert isinstance(source, PackSource), f"{type(state).__name__} keeps no PackSource"
    return source


def _packs_drawn(state: State) -> int:
    """How many packs the state has taken from its pack source."""
    return _source(state).used


_REFERENCE: dict[tuple[str, str], list[int]] = {}


def reference_cards(game: Game) -> list[int]:
    """Every card id of the pack the game shuffles: ``game.packs`` packs of 52, or the short
    pack its pack source deals from (Kloepper's 24); a fresh state holds each once."""
    key = (game.name, json.dumps(game.options, sort_keys=True))
    if key not in _REFERENCE:
        _REFERENCE[key] = _reference_cards(game)
    return _REFERENCE[key]


def _reference_cards(game: Game) -> list[int]:
    source = _source(game.new_state(seed=0))
    if source.cards is None:
        assert source.packs == game.packs, "the pack source and game.packs disagree"
        cards = list(range(PACK_SIZE * game.packs))
    else:
        cards = sorted(source.cards)
        assert len(set(cards)) == len(cards) and set(cards) <= set(range(PACK_SIZE * game.packs))
    for seed in range(2):
        places = game.new_state(seed=seed).card_places()
        assert sorted(chain.from_iterable(places.values())) == cards, (
            "a fresh state does not hold every card of its pack once"
        )
    return cards


def random_decks(
    game: Game, reference: Sequence[int], rng: random.Random, count: int
) -> list[list[int]]:
    """``count`` shuffled packs as card ids, numbered as their notation reads back."""
    decks = []
    for _ in range(count):
        faces = [face_of(c) for c in reference]
        rng.shuffle(faces)
        decks.append(renumbered(faces, game.packs))
    return decks


# ---------------------------------------------------------------------- the cheap checks


def check_position(state: State, reference: list[int], seats: int) -> None:
    """After every move: cards conserved; legal moves, the seat to move, the outcome and the
    standing agree with whether the game is over."""
    places = state.card_places()
    assert sorted(chain.from_iterable(places.values())) == reference, (
        "a card is lost, added or in two places"
    )
    standing = state.standing()
    assert len(standing) == seats and all(
        isinstance(p, int | float) and not isinstance(p, bool) for p in standing
    ), f"standing {standing} is not one number per seat"
    scores = state.scores
    assert len(scores) == seats
    if state.is_over:
        assert state.to_move is None, "the game is over but a seat is to move"
        assert state.legal_moves() == [], "legal moves once the game is over"
        result = state.result
        assert result is not None
        outcome = state.outcome()
        assert outcome is not None and outcome == result["winners"], (
            f"outcome {outcome} is not the result's winners {result.get('winners')}"
        )
        best = min(scores) if state.game.lower_wins else max(scores)
        assert outcome == [s for s in range(seats) if scores[s] == best], (
            f"winners {outcome} are not the best scores {scores}"
            f" (lower wins: {state.game.lower_wins})"
        )
        assert standing == scores, "standing differs from the final scores"
    else:
        assert state.to_move in range(seats)
        legal = state.legal_moves()
        assert legal, "no legal move while the game goes on"
        assert len({m.text for m in legal}) == len(legal), "two legal moves read the same"
        assert state.result is None
        assert state.outcome() is None, "an outcome while the game goes on"


# ---------------------------------------------------------------------- the sampled checks


def assert_json_safe(state: State) -> None:
    """Every seat's observation and the spectator's survive JSON unchanged."""
    for seat in [*range(state.game.num_players), None]:
        obs = state.observation(seat)
        assert isinstance(obs, dict)
        assert json.loads(json.dumps(obs)) == obs, f"observation({seat}) is not JSON-safe"


def assert_every_legal_move_applies(run: ContractRun) -> None:
    """Each legal move applies on a clone; the original does not change."""
    state = run.state
    before = snapshot(state)
    for move in state.legal_moves():
        copy = state.clone()
        try:
            copy.apply(move)
        except Exception as err:
            raise AssertionError(f"legal move {move} does not apply: {err!r}") from err
        check_position(copy, run.reference, run.game.num_players)
    assert snapshot(state) == before, "playing on a clone changed the original"


def probes(run: ContractRun, count: int = 4) -> list[Move | str]:
    """A handful of illegal moves for the current position: moves seen legal elsewhere (other
    verbs, cards not held), an unknown verb and garbage text."""
    state = run.state
    legal = {m.text for m in state.legal_moves()}
    others = [m for m in run.seen_moves if m.text not in legal]
    picked: list[Move | str] = list(run.rng.sample(others, min(count, len(others))))
    face = int(run.rng.random() * PACK_SIZE)
    for verb in sorted({m.verb for m in state.legal_moves()}):
        move = Move(verb, (face,))
        if move.text not in legal:
            picked.append(move)
    picked += [Move("xyzzy"), "xyzzy 5H", "play 1X", "play", "", "   "]
    return picked


def _refusal(state: State, probe: Move | str, seat: int | None) -> str:
    """The message refusing ``probe`` from ``seat``, which must leave the state as it was
    (callers compare a full snapshot where they can afford it)."""
    plies, to_move = len(state.history), state.to_move
    try:
        state.apply(probe, seat=seat)
    except IllegalMoveError as err:
        message = str(err)
        assert message, f"{probe!r} refused without a message"
        assert (len(state.history), state.to_move) == (plies, to_move), (
            f"refusing {probe!r} changed the state"
        )
        return message
    raise AssertionError(f"{probe!r} (from seat {seat}) was accepted but is not legal")


def assert_refuses(run: ContractRun) -> None:
    """Illegal moves are refused with a message naming only what the sender may see, and
    change nothing; a move from a seat not to act is refused as out of turn."""
    state = run.state
    mover = state.to_move
    before = snapshot(state)
    # What a refusal to the seat to move may name is checked by the leak test (the same
    # refusal in every twin); rules and notation help name cards of their own (call AC).
    legal = state.legal_moves()
    listed = ", ".join(m.text for m in legal)
    for probe in probes(run):
        message = _refusal(state, probe, None)
        # (Text that does not parse is answered with the notation, which may read alike.)
        if isinstance(probe, Move) and len(legal) >= 2:
            assert listed not in message, f"{message!r} lists the legal moves"
    for seat in range(run.game.num_players):
        if seat == mover or not legal:
            continue
        seen = cards_named(state.observation(seat))
        for probe in (legal[int(run.rng.random() * len(legal))], *probes(run, 1)[:1]):
            message = _refusal(state, probe, seat)
            assert "cannot move now" in message, f"not refused as out of turn: {message!r}"
            assert cards_named(message) <= seen, f"{message!r} names a card seat {seat} cannot see"
    if mover is not None:
        _refusal(state, legal[0], run.game.num_players)  # no such seat
    assert snapshot(state) == before, "a refused move changed the state"


def _scribble(value: Any) -> None:
    """Change everything reachable from ``value`` in place where it lets itself be changed:
    every list and dict (each item replaced, one added), every event's fields; read-only ones
    (an event's data) refuse with TypeError."""
    if isinstance(value, Event):
        for name in ("type", "seat", "data", "visible_to"):
            with suppress(FrozenInstanceError, AttributeError, TypeError):
                setattr(value, name, "scribbled")
        _scribble(value.data)
    elif isinstance(value, dict):
        for item in list(value.values()):
            _scribble(item)
        with suppress(TypeError):
            for key in list(value):
                value[key] = "scribbled"
            value["scribbled"] = "scribbled"
    elif isinstance(value, list):
        for item in list(value):
            _scribble(item)
        with suppress(TypeError):
            for index in range(len(value)):
                value[index] = "scribbled"
            value.append("scribbled")
    elif isinstance(value, tuple):
        for item in value:
            _scribble(item)


def assert_views_are_copies(state: State) -> None:
    """What a state hands out cannot change it: scribbling over everything reachable from the
    events, each seat's events and observations (the spectator's too), the scores, the
    standing, the result, the card places and the record of a clone, and from every seat's
    :class:`SeatView`, leaves the state (and the clone) as they were."""
    before = snapshot(state)
    seats = [*range(state.game.num_players), None]
    clone = state.clone()
    _scribble(clone.events)
    for seat in seats:
        _scribble(clone.events_for(seat))
        _scribble(clone.observation(seat))
    for handed_out in (clone.scores, clone.standing(), clone.result, clone.card_places()):
        _scribble(handed_out)
    _scribble(clone.to_record())
    for seat in seats[:-1]:
        view = SeatView(state, seat)
        _scribble(view.events())
        _scribble(view.observation())
        _scribble(view.legal_moves())
    assert snapshot(state) == before, (
        "changing what a clone or a seat's view handed out changed the state"
    )
    assert snapshot(clone) == before, "changing what a clone handed out changed the clone"


#: Seats that are none: out of range, a bool, a string, a float.
NO_SEATS: tuple[Any, ...] = (-1, True, False, "0", 1.0, [0])


def assert_refuses_no_seats(state: State) -> None:
    """Every view refuses a seat that is none with a package error naming what a seat is
    (observation and events_for allow None, the spectator; sample_world and SeatView do not)."""
    players = state.game.num_players
    before = snapshot(state)
    calls: list[tuple[str, Callable[[Any], object], bool]] = [
        ("observation", state.observation, True),
        ("events_for", state.events_for, True),
        ("sample_world", lambda seat: state.sample_world(seat, random.Random(0)), False),
        ("SeatView", lambda seat: SeatView(state, seat), False),
    ]
    for name, call, spectator_ok in calls:
        for seat in (*NO_SEATS, players, *(() if spectator_ok else (None,))):
            try:
                call(seat)
            except CardtableError as err:
                message = str(err)
                assert message.startswith(f"seat must be a whole number from 0 to {players - 1}"), (
                    f"{name}({seat!r}): {message!r}"
                )
            else:
                raise AssertionError(f"{name}({seat!r}) was not refused")
    assert snapshot(state) == before, "a refused seat changed the state"


# ---------------------------------------------------------------------- twins (the leak test)


def _permutations(
    hidden: list[int], movable: set[int], rng: random.Random
) -> Iterator[dict[int, int]]:
    """Permutations of the hidden faces that move at least one ``movable`` face (one not in
    the stock), from the freest to the mildest: all of them, within each suit, within each
    rank, then swaps of a movable card with another hidden one (any, same suit, same rank)."""
    keys: list[Callable[[int], int]] = [lambda c: 0, suit_of, rank_of]
    for key in keys:
        groups: dict[int, list[int]] = {}
        for c in hidden:
            groups.setdefault(key(c), []).append(c)
        sigma: dict[int, int] = {}
        for group in groups.values():
            shuffled = group[:]
            rng.shuffle(shuffled)
            sigma.update((a, b) for a, b in zip(group, shuffled, strict=True) if a != b)
        if movable & sigma.keys():
            yield sigma
    ordered = sorted(movable)
    for key in (*keys, keys[0]):
        a = ordered[int(rng.random() * len(ordered))]
        others = [c for c in hidden if c != a and key(c) == key(a)]
        if others:
            b = others[int(rng.random() * len(others))]
            yield {a: b, b: a}


def _mapped(twin: State, text: str, sigma: dict[int, int]) -> Move | None:
    """The twin's legal move that plays the cards of ``text`` mapped by ``sigma``: the same
    verb, number and faces (the first card the same where the order matters), or None."""
    move = twin.game.parse_move(text)
    faces = [sigma.get(face_of(c), face_of(c)) for c in move.cards]
    want = sorted(faces)
    found = [
        m
        for m in twin.legal_moves()
        if m.verb == move.verb
        and m.number == move.number
        and sorted(face_of(c) for c in m.cards) == want
    ]
    if len(found) > 1 and faces:
        found = [m for m in found if face_of(m.cards[0]) == faces[0]]
    if len(found) > 1:
        found = [m for m in found if [face_of(c) for c in m.cards] == faces]
    return found[0] if len(found) == 1 else None


def _replayed(run: ContractRun, sigma: dict[int, int], seat: int | None) -> State | None:
    """The game with the current pack's faces mapped by ``sigma`` and the moves of this pack
    mapped too, or None where it contradicts a public fact."""
    state = run.state
    assert run.pack is not None
    pack = [sigma.get(face_of(c), face_of(c)) for c in run.decks[run.pack]]
    decks = [*run.decks[: run.pack], renumbered(pack, run.packs)]
    twin = run.game.new_state(seed=run.seed, decks=decks)
    for ply, text in enumerate(state.history):
        if twin.to_move != run.turns[ply]:
            return None
        if ply < run.pack_ply:
            twin.apply(text)
            continue
        move = _mapped(twin, text, sigma)
        if move is None:
            return None
        twin.apply(move)
    if twin.to_move != state.to_move:
        return None
    public = [e.to_dict() for e in state.events_for(None)]
    other = [e.to_dict() for e in twin.events_for(None)]
    if other != public:
        # Public events may differ for a reason (an automatic "go" tells that a hand holds
        # nothing small enough): such a twin is one the seat can rule out. But events alike in
        # all but the names of the cards moved name hidden cards.
        assert not _renamed(public, other, sigma), (
            f"public events name cards hidden from seat {seat}: {_first_diff(public, other)}"
        )
        return None
    return twin


_CARD_WORD = re.compile(r"(?<![\w])(?:A|[2-9]|10|J|Q|K)[CDHS](?![\w])")


def _rename(value: Any, sigma: dict[int, int]) -> Any:
    """A JSON value with every card named in it mapped by ``sigma`` (faces)."""
    if isinstance(value, dict):
        return {_rename(k, sigma): _rename(v, sigma) for k, v in value.items()}
    if isinstance(value, list):
        return [_rename(v, sigma) for v in value]
    if isinstance(value, str):
        return _CARD_WORD.sub(
            lambda m: card_str(sigma.get(parse_card(m.group()), parse_card(m.group()))), value
        )
    return value


def _renamed(a: list[dict[str, Any]], b: list[dict[str, Any]], sigma: dict[int, int]) -> bool:
    """Whether ``b`` is ``a`` with the cards ``sigma`` moves renamed, and nothing else."""
    changed = [(x, y) for x, y in zip(a, b, strict=False) if x != y]
    return len(a) == len(b) and all(_rename(x, sigma) == y for x, y in changed)


def _first_diff(a: list[dict[str, Any]], b: list[dict[str, Any]]) -> str:
    return next((f"{x} / {y}" for x, y in zip(a, b, strict=False) if x != y), "")


def twin(run: ContractRun, seat: int | None) -> State | None:
    """A state that differs from the real one only in cards ``seat`` (None: a spectator)
    cannot see, and agrees with every public fact; None if none was found."""
    if run.pack is None:
        return None
    seen = cards_named(run.state.observation(seat))
    hidden = sorted({face_of(c) for c in run.decks[run.pack]} - seen)
    # A twin that only reorders the undealt stock proves little: some card dealt must move.
    places = run.state.card_places()
    dealt = {face_of(c) for name, cards in places.items() if name != "stock" for c in cards}
    movable = dealt.intersection(hidden)
    if len(hidden) < 2 or not movable:
        return None
    for sigma in _permutations(hidden, movable, run.rng):
        found = _replayed(run, sigma, seat)
        if found is not None:
            run.twins += 1
            return found
    return None


def _events(state: State, seat: int | None) -> list[dict[str, Any]]:
    return [e.to_dict() for e in state.events_for(seat)]


def assert_same_to(run: ContractRun, real: State, other: State, seat: int) -> None:
    """Two states that differ only in cards hidden from ``seat`` look the same to it: the
    observation, its events, its legal moves, the refusals it gets, and its sampled worlds."""
    assert other.observation(seat) == real.observation(seat), f"observation({seat}) leaks"
    assert _events(other, seat) == _events(real, seat), f"events_for({seat}) leak"
    assert_same_tensors(real, other, seat)
    assert other.observation(None) == real.observation(None), "the spectator's view leaks"
    if real.to_move == seat:
        texts = [m.text for m in real.legal_moves()]
        assert [m.text for m in other.legal_moves()] == texts, "legal moves leak"
    for probe in probes(run):
        assert _refusal(other, probe, seat) == _refusal(real, probe, seat), "a refusal leaks"
    if real.is_over:
        return
    seats = [*range(run.game.num_players), None]
    for k in range(2):
        a = real.sample_world(seat, random.Random(k))
        b = other.sample_world(seat, random.Random(k))
        # A world is a whole state the seat cannot tell from the real one, with no past.
        assert a.observation(seat) == real.observation(seat), "a world changes what seat sees"
        assert a.history == [] and a.decks == () and a.to_move == real.to_move
        check_position(a, run.reference, run.game.num_players)
        assert [a.observation(t) for t in seats] == [b.observation(t) for t in seats], (
            f"worlds sampled for seat {seat} depend on cards it cannot see"
        )
        # Where every card lies, the order of the stock included (what later deals deal).
        assert a.card_places() == b.card_places(), (
            f"worlds sampled for seat {seat} place cards by what it cannot see"
        )


def assert_same_tensors(real: State, other: State, seat: int) -> None:
    """The research API's tensors of a seat (its codec's observation and information state)
    are the same in two states it cannot tell apart (games without a codec pass)."""
    if entry(real.game.name).codec is None:
        return
    c = codec(real.game)
    a = c.info_state(real.observation(seat), real.events_for(seat))
    b = c.info_state(other.observation(seat), other.events_for(seat))
    assert (a == b).all(), f"the information-state tensor of seat {seat} leaks"


def assert_no_leak(run: ContractRun, require: bool) -> None:
    """The leak test for every seat and the spectator; ``require``: a twin must exist (right
    after a deal nothing about the hidden cards is public yet)."""
    real = run.state
    assert len(real.history) == len(run.turns), "the history changed outside a move"
    for seat in range(run.game.num_players):
        other = twin(run, seat)
        assert other is not None or not require, f"no twin for seat {seat} after a deal"
        if other is not None:
            assert_same_to(run, real, other, seat)
    other = twin(run, None)
    assert other is not None or not require, "no twin for a spectator after a deal"
    if other is not None:
        assert other.observation(None) == real.observation(None), "the spectator's view leaks"
    if require:
        run.fresh_twins += 1


# ---------------------------------------------------------------------- the driver


def play_contract(
    name: str,
    options: Mapping[str, OptionValue],
    seed: int,
    *,
    sample: float = 0.0,
    leaks: float = 0.0,
    fresh_leaks: int = 0,
    decks: int = 40,
) -> ContractRun:
    """One random game with the cheap checks after every move; at a share ``sample`` of the
    positions the legal moves, the probes and JSON, at ``leaks`` the leak test, and right
    after each of the first ``fresh_leaks`` deals the leak test with twins required."""
    rng = random.Random(seed)
    game = cardtable.load(name, **options)
    reference = reference_cards(game)
    # Explicit packs only where twins are built from them; other games deal from the seed.
    twins = leaks or fresh_leaks
    packs = random_decks(game, reference, rng, decks) if twins else []
    state = game.new_state(seed=seed, decks=packs)
    run = ContractRun(game, seed, packs, reference, state, rng)
    seats = game.num_players
    drawn = _packs_drawn(state)
    run.pack = drawn - 1 if drawn <= len(packs) else None
    check_position(state, reference, seats)
    if sample:
        assert_refuses_no_seats(state)
    fresh_left = fresh_leaks
    while not state.is_over:
        legal = state.legal_moves()
        run.seen_moves.update(dict.fromkeys(legal))
        fresh = len(state.history) == run.pack_ply
        if fresh and fresh_left and run.pack is not None:
            fresh_left -= 1
            assert_no_leak(run, require=True)
        elif leaks and rng.random() < leaks:
            assert_no_leak(run, require=False)
        if sample and rng.random() < sample:
            assert_json_safe(state)
            assert_every_legal_move_applies(run)
            assert_refuses(run)
            assert_views_are_copies(state)
        to_move = state.to_move
        assert to_move is not None
        run.turns.append(to_move)
        state.apply(legal[int(rng.random() * len(legal))])
        now = _packs_drawn(state)
        if now != drawn:
            drawn = now
            run.pack = drawn - 1 if drawn <= len(packs) else None
            run.pack_ply = len(state.history)
        check_position(state, reference, seats)
    if sample:
        assert_json_safe(state)
        assert_refuses(run)
        assert_views_are_copies(state)
        events = [e.to_dict() for e in state.events]
        assert json.loads(json.dumps(events)) == events, "events are not JSON-safe"
        assert_replays(state)
    return run


# ---------------------------------------------------------------------- other processes

_SCRIPT = """
import json, sys
sys.path[:0] = json.loads(sys.argv[2])
import cardtable
from cardtable.bots import choose_for, make_bot
held = [__import__(module).registered() for module in json.loads(sys.argv[3])]
for context in held:
    context.__enter__()
records = []
for name, options, seed in json.loads(sys.argv[1]):
    state = cardtable.load(name, **options).new_state(seed=seed)
    bots = [make_bot(name, "random", seed=seed + s) for s in range(state.game.num_players)]
    while not state.is_over:
        state.apply(choose_for(bots[state.to_move], state))
    records.append(state.to_record())
print(json.dumps(records, sort_keys=True))
"""


def assert_same_games_in_other_processes(
    games: Iterable[tuple[str, Mapping[str, OptionValue], int]],
    modules: Sequence[str] = (),
    hash_seeds: Sequence[str] = ("0", "12345"),
) -> None:
    """The same seeds and the same seeded random bots give the same records in processes
    with different string hashing (``PYTHONHASHSEED``). ``modules`` are test modules whose
    ``registered()`` registers a game the processes need."""
    args = json.dumps([[name, dict(options), seed] for name, options, seed in games])
    path = json.dumps([str(Path(__file__).parent)])
    outputs = []
    for hash_seed in hash_seeds:
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", _SCRIPT, args, path, json.dumps(list(modules))],
            capture_output=True,
            text=True,
            env=env,
            check=False,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        outputs.append(done.stdout)
    records = json.loads(outputs[0])
    assert all(r["result"] is not None for r in records)
    assert all(out == outputs[0] for out in outputs), "a seed plays differently in another process"


# ---------------------------------------------------------------------- many games


def check_contract(
    name: str, options: Mapping[str, OptionValue], games: int, thorough: int, first_seed: int = 0
) -> None:
    """``games`` random games of one option set, the first ``thorough`` of them with the
    sampled checks and the leak test (a twin required right after each of the first two
    deals), the others with the cheap checks after every move."""
    for seed in range(first_seed, first_seed + games):
        if seed - first_seed < thorough:
            run = play_contract(name, options, seed, sample=0.05, leaks=0.03, fresh_leaks=2)
            assert run.fresh_twins >= 1, "no twin was checked right after a deal"
        else:
            play_contract(name, options, seed)
