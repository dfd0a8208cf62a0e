"""Random Kloepper games with Kloepper's own invariants checked after every move.

The invariants every game keeps (cards conserved, legal moves, refusals, JSON observations,
the generic leak test, records that replay, outcome and standing) are checked for Kloepper by
``tests/test_contract.py``; this file holds what only Kloepper promises:

- the 120 card points are accounted for (hands, trick, tricks taken), tricks counted;
- scores follow the deal scores of the scoring table, and the game ends at the target;
- the hidden partnership: a seat's observation, events, legal moves, sampled worlds and the
  rules bot's choice do not change when cards hidden from it are swapped, where a secret
  "alone" is replayed as a "pass" (and back) so that who holds the queens may change;
- sampled worlds respect voids, the call and the knocks.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import cardtable
from cardtable.cards import card_str, parse_card
from cardtable.engine import Move, State
from cardtable.games.kloepper.moves import KNOCK, parse_move
from cardtable.games.kloepper.tables import PACK, POINTS, QC, QS
from cardtable.seat_view import SeatView
from invariants import RANDOM_GAMES

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"target": 12},
    {"dealer": 0},
    {"scoring": "knock=3, lone-knock=5, knock-off-failed=4", "target": 20},
]


def random_decks(rng: random.Random, count: int) -> list[list[str]]:
    decks = []
    for _ in range(count):
        cards = list(PACK)
        rng.shuffle(cards)
        decks.append([card_str(c) for c in cards])
    return decks


def check_invariants(state: State) -> None:
    places = state.card_places()
    obs = state.observation(0)
    in_hands = sum(POINTS[c] for s in range(4) for c in places[f"hand {s}"])
    in_trick = sum(POINTS[c] for c in places["trick"])
    assert sum(obs["card_points"]) + in_hands + in_trick == 120
    for s in range(4):
        assert sum(POINTS[c] for c in places[f"taken {s}"]) == obs["card_points"][s]
    assert sum(obs["tricks_won"]) == len(obs["tricks"])
    assert all(p >= 0 for p in obs["scores"])


def visible_cards(state: State, seat: int) -> set[int]:
    obs = state.observation(seat)
    names = list(obs["hand"]) + [p["card"] for p in obs["trick"]]
    for trick in obs["tricks"]:
        names += trick["cards"]
    return {parse_card(c) for c in names}


def _map_move(text: str, sigma: dict[int, int], legal: list[str]) -> str | None:
    """The twin's version of a move: cards mapped; the hidden pass/alone choice re-made."""
    if text in ("pass", "alone"):
        if "call" in " ".join(legal):
            return None  # the twin deals someone both queens where the real game had no call
        return "alone" if "alone" in legal else "pass"
    move = parse_move(text)
    return Move(move.verb, tuple(sigma.get(c, c) for c in move.cards), move.number).text


def swapped_twin(
    state: State, decks: list[list[str]], seat: int, rng: random.Random
) -> State | None:
    """The same game with the cards hidden from ``seat`` in the current deal permuted, when the
    same public moves replay to the same public events (a world the seat cannot rule out)."""
    deals = [e for e in state.events if e.type == "deal"]
    current = len(deals) - 1
    hidden = sorted(set(PACK) - visible_cards(state, seat))
    if len(hidden) < 2:
        return None
    start = state.deal_start  # type: ignore[attr-defined]
    public = [e.to_dict() for e in state.events_for(None)]
    for tries in range(6):
        shuffled = hidden[:]
        rng.shuffle(shuffled)
        sigma = dict(zip(hidden, shuffled, strict=True))
        if tries % 2:
            # Swap only one pair: far likelier to keep the same voids and calls.
            a, b = rng.sample(hidden, 2)
            sigma = {a: b, b: a}
        new_decks = [list(d) for d in decks]
        new_decks[current] = [
            card_str(sigma.get(parse_card(c), parse_card(c))) for c in decks[current]
        ]
        twin = state.game.new_state(seed=state.seed, decks=new_decks)
        twin.apply_all(state.history[:start])
        ok = True
        for text in state.history[start:]:
            legal = [m.text for m in twin.legal_moves()]
            mapped = _map_move(text, sigma, legal)
            if mapped is None or mapped not in legal:
                ok = False
                break
            twin.apply(mapped)
        same = ok and twin.to_move == state.to_move
        if same and [e.to_dict() for e in twin.events_for(None)] == public:
            return twin
    return None


def assert_same_to(state: State, twin: State, seat: int) -> None:
    from cardtable.games.kloepper.bot import KloepperRulesBot

    assert twin.observation(seat) == state.observation(seat)
    assert [e.to_dict() for e in twin.events_for(seat)] == [
        e.to_dict() for e in state.events_for(seat)
    ]
    assert SeatView(twin, seat).legal_moves() == SeatView(state, seat).legal_moves()
    if not state.is_over:
        a = state.sample_world(seat, random.Random(9))
        b = twin.sample_world(seat, random.Random(9))
        assert a.hands == b.hands  # type: ignore[attr-defined]
        assert a.observation(seat) == state.observation(seat)
        if state.to_move == seat:
            bot_a = KloepperRulesBot(seed=3).choose(SeatView(state, seat))
            bot_b = KloepperRulesBot(seed=3).choose(SeatView(twin, seat))
            assert bot_a is bot_b


def assert_scores_follow_events(state: State) -> None:
    totals = [0] * 4
    table = state.game.table  # type: ignore[attr-defined]
    events = state.events
    scored = [(e.seat, e.data["points"], e.data["total"]) for e in events if e.type == "score"]
    expected = []
    for event in events:
        if event.type != "deal score":
            continue
        d = event.data
        assert d["points"] == table[d["result"]]
        for s in d["winners"]:
            totals[s] += d["points"]
            expected.append((s, d["points"], totals[s]))
        assert d["scores"] == totals
        queens = set(d["queens"])
        assert (set(d["winners"]) == queens) != (set(d["winners"]) == set(range(4)) - queens)
    assert state.scores == totals
    assert scored == expected
    target = state.game.options["target"]
    assert isinstance(target, int)
    assert max(totals) >= target and state.result is not None
    assert state.result["winners"] == [s for s in range(4) if totals[s] == max(totals)]


def play_checked(seed: int, options: dict[str, Any], thorough: bool) -> State:
    rng = random.Random(seed)
    game = cardtable.load("kloepper", **options)
    decks = random_decks(rng, 60)
    state = game.new_state(seed=seed, decks=decks)
    check_invariants(state)
    while not state.is_over:
        legal = state.legal_moves()
        fresh = len(state.history) == state.deal_start  # type: ignore[attr-defined]
        if thorough and (fresh or rng.random() < 0.08):
            seat = rng.randrange(4)
            twin = swapped_twin(state, decks, seat, rng)
            assert twin is not None or not fresh, "at the start of a deal a twin always exists"
            if twin is not None:
                assert_same_to(state, twin, seat)
        state.apply(legal[int(rng.random() * len(legal))])
        if thorough:
            check_invariants(state)
    check_invariants(state)
    assert_scores_follow_events(state)
    return state


@settings(RANDOM_GAMES, max_examples=60)
@given(seed=st.integers(0, 2**31 - 1), options=st.sampled_from(OPTION_SETS))
def test_random_games_keep_every_invariant(seed: int, options: dict[str, Any]) -> None:
    play_checked(seed, options, thorough=True)


def test_thousands_of_random_deals() -> None:
    """Random games until more than 3,000 deals, the scores checked against the deal scores
    and the card points at the end."""
    deals = 0
    seed = 0
    rows: set[str] = set()
    while deals < 3000:
        state = play_checked(seed, OPTION_SETS[seed % len(OPTION_SETS)], thorough=False)
        deals += state.deal_no  # type: ignore[attr-defined]
        rows.update(str(e.data["result"]) for e in state.events if e.type == "deal score")
        seed += 1
    # Random play reaches every row a real deal can (the queens team always takes the trick
    # with QC, so "lose-all", "lone-lose-all" and "knock-off" cannot happen).
    assert {"win", "win-high", "win-all", "lose", "lose-high", "knock", "knock-failed"} <= rows
    assert {"lone-win", "lone-lose", "lone-knock-failed", "knock-off-failed"} <= rows
    assert not rows & {"lose-all", "lone-lose-all", "knock-off"}


def deck(*hands: str) -> list[str]:
    h = [x.split() for x in hands]
    return [c for k in (0, 3) for seat in range(4) for c in h[seat][k : k + 3]]


def test_leak_two_deals_differing_only_in_who_holds_the_queen_of_spades() -> None:
    """Seat 0 cannot tell whether its partner-to-be (the holder of QS) is seat 1 or seat 2."""
    a_hands = (
        "AH 10H KH 9C 10C KC",
        "QS AC AS 10S KS 9S",
        "JD QH 9H JH 9D KD",
        "QC JC JS AD 10D QD",
    )
    b_hands = (
        "AH 10H KH 9C 10C KC",
        "JD AC AS 10S KS 9S",
        "QS QH 9H JH 9D KD",
        "QC JC JS AD 10D QD",
    )
    game = cardtable.load("kloepper")
    a = game.new_state(decks=[deck(*a_hands)])
    b = game.new_state(decks=[deck(*b_hands)])
    moves = ["pass"] * 4 + ["play AH", "play 10S", "play QH", "play JC"]  # seat 3 wins
    for text in moves:
        a.apply(text)
        b.apply(text)
        assert a.observation(0) == b.observation(0)
    assert [e.to_dict() for e in a.events_for(0)] == [e.to_dict() for e in b.events_for(0)]
    assert a.observation(0)["roles"] == ["opponents", None, None, None]
    world_a, world_b = a.sample_world(0, random.Random(1)), b.sample_world(0, random.Random(1))
    assert world_a.hands == world_b.hands  # type: ignore[attr-defined]
    # Seat 3 knows it is on the queens team; neither it nor seat 0 knows with whom.
    assert a.observation(3)["roles"] == b.observation(3)["roles"] == [None, None, None, "queens"]
    # The holders themselves see the difference.
    assert a.observation(1)["roles"] != b.observation(1)["roles"]
    # Once the queen is played, everyone knows.
    a.apply_all(["play QC", "play 9C"])
    b.apply_all(["play QC", "play 9C"])
    assert a.observation(0)["roles"] == ["opponents", None, None, "queens"]
    assert a.observation(0) == b.observation(0)
    a.apply("play QS")  # seat 1 must follow trumps with QS
    assert a.observation(0)["roles"] == ["opponents", "queens", "opponents", "queens"]


def test_worlds_respect_voids_the_call_and_the_knocks() -> None:
    rng = random.Random(5)
    checked = 0
    for seed in range(400):
        state = cardtable.load("kloepper").new_state(seed=seed)
        while not state.is_over and state.deal_no == 1:  # type: ignore[attr-defined]
            legal = state.legal_moves()
            # Knock whenever allowed, so knocked deals are common.
            move = KNOCK if KNOCK in legal else legal[int(rng.random() * len(legal))]
            state.apply(move)
            if rng.random() < 0.15 and not state.is_over:
                seat = rng.randrange(4)
                world = state.sample_world(seat, random.Random(seed))
                check_world(state, world, seat)
                checked += 1
    assert checked > 500


def check_world(state: State, world: State, seat: int) -> None:
    w: Any = world
    s: Any = state
    assert world.observation(seat) == state.observation(seat)
    assert world.history == [] and world.decks == ()
    for other in range(4):
        assert len(w.hands[other]) == len(s.hands[other])
        for c in w.hands[other]:
            from cardtable.games.kloepper.tables import KEY

            assert not s.voids[other] >> KEY[c] & 1, "a card of a suit the seat showed void in"
    if s.caller >= 0:
        assert {QC, QS} <= set(w.dealt[s.caller]) and s.call not in w.dealt[s.caller]
    if s.knocker >= 0:
        assert w.team >> s.knocker & 1
        assert w.alone == s.alone
    if s.knock_off >= 0:
        assert not w.team >> s.knock_off & 1
    # The world plays on to the end of the game.
    rng = random.Random(1)
    copy = world.clone()
    while not copy.is_over:
        legal = copy.legal_moves()
        copy.apply(legal[int(rng.random() * len(legal))])


def test_leak_a_secret_lone_player_looks_like_split_queens() -> None:
    """Seat 2 holding both black queens and playing alone, unannounced, looks to seats 0 and 3
    exactly like the queens split between seats 1 and 2."""
    lone = ("AH 10H KH 9C 10C KC", "AC AS 10S KS 9S JD", "QC QS QH 9H JH 9D", "JC JS AD 10D QD KD")
    split = ("AH 10H KH 9C 10C KC", "AC AS 10S KS 9S QS", "QC JD QH 9H JH 9D", "JC JS AD 10D QD KD")
    game = cardtable.load("kloepper")
    a = game.new_state(decks=[deck(*lone)])
    b = game.new_state(decks=[deck(*split)])
    a.apply_all(["pass", "pass", "alone", "pass"])
    b.apply_all(["pass", "pass", "pass", "pass"])
    for text in ["play AH", "play 9S", "play QH", "play JC"]:
        for seat in (0, 3):
            assert a.observation(seat) == b.observation(seat)
            events_a = [e.to_dict() for e in a.events_for(seat)]
            assert events_a == [e.to_dict() for e in b.events_for(seat)]
            world_a = a.sample_world(seat, random.Random(4))
            world_b = b.sample_world(seat, random.Random(4))
            assert world_a.hands == world_b.hands  # type: ignore[attr-defined]
        a.apply(text)
        b.apply(text)
    assert a.observation(0) == b.observation(0)
    assert a.observation(2)["roles"] == ["opponents", "opponents", "alone", "opponents"]
    assert b.observation(2)["roles"] == [None, None, "queens", None]
