"""The tiny decks of Kloepper and Cribbage (option ``deck="tiny"``): their rules as stated in
the options, their bots, codecs and records, and the size of one deal's game tree when every
card is a chance node (run this file as a script for the full Kloepper count, about a minute).

The contract test plays both tiny decks through every engine invariant (twins that differ
only in hidden cards, replay from seed and moves, card conservation), as it does every option
value; these tests pin what the tiny rules change.
"""

from __future__ import annotations

import itertools
import math
import random
import sys

import pytest

import cardtable
from cardtable.bots import choose_for, make_bot
from cardtable.cards import parse_card
from cardtable.engine import State
from cardtable.errors import CardtableError, IllegalMoveError, OptionError
from cardtable.games.cribbage.tiny_bot import peg_net
from cardtable.registry import codec

TINY_CRIBBAGE = ["4H", "5H", "6H", "6S", "4S", "5S"]
TINY_KLOEPPER = ["QC", "AH", "JH", "AD", "QS", "10H", "AS", "10S"]


# ---------------------------------------------------------------------- options


def test_the_deck_option_names_its_values_and_the_tiny_limits() -> None:
    with pytest.raises(
        OptionError, match=r"option 'deck' does not allow huge; allowed: standard, tiny"
    ):
        cardtable.load("kloepper", deck="huge")
    with pytest.raises(
        OptionError,
        match=r"allows tiny only with 2 players and a game of 1 .* allowed with 3 players and 1 "
        r"games: standard",
    ):
        cardtable.load("cribbage", deck="tiny", players=3)
    with pytest.raises(OptionError, match=r"with 2 players and 2 games: standard"):
        cardtable.load("cribbage", deck="tiny", games=2)
    assert cardtable.load("cribbage").options["deck"] == "standard"
    assert cardtable.load("kloepper").options["deck"] == "standard"


def test_an_explicit_tiny_pack_must_hold_the_tiny_cards() -> None:
    with pytest.raises(CardtableError, match=r"4H 5H 6H 4S 5S 6S, each once"):
        cardtable.load("cribbage", deck="tiny").new_state(
            decks=[["4H", "5H", "6H", "6S", "4S", "7S"]]
        )
    with pytest.raises(CardtableError, match=r"QC QS JH AD AH 10H AS 10S, each once"):
        cardtable.load("kloepper", deck="tiny").new_state(decks=[[*TINY_KLOEPPER[:-1], "9S"]])


# ---------------------------------------------------------------------- cribbage


def test_a_tiny_cribbage_deal_lays_away_one_pegs_to_ten_and_ends_after_the_show() -> None:
    state = cardtable.load("cribbage", deck="tiny").new_state(decks=[TINY_CRIBBAGE])
    # Dealt one at a time from the non-dealer (seat 0); the fifth card is the starter.
    assert state.observation(0)["hand"] == ["4H", "6H"]
    assert state.observation(1)["hand"] == ["5H", "6S"]
    assert [m.text for m in state.legal_moves()] == ["discard 4H", "discard 6H"]
    for move in ("discard 4H", "discard 5H", "play 6H"):
        state.apply(move)
    # 6 + 6 passes 10: seat 1 says go, seat 0 pegs the go; seat 1 then plays alone.
    assert state.scores == [1, 0] and state.observation(None)["starter"] == "4S"
    state.apply("play 6S")
    words = [state.game.describe(e) for e in state.events_for(None)][-8:-1]
    assert words == [
        "Seat 1 plays 6S, count 6",
        "Seat 1: last card, total 1",
        "Seat 0 shows hand 6H + 4S: 0",
        "Seat 1 shows hand 6S + 4S: 2",
        "Seat 1: flush of 2 (6S 4S), total 3",
        "Seat 1 shows crib 4H 5H + 4S: 2",
        "Seat 1: pair for two (4H 4S), total 5",
    ]
    assert state.is_over and state.result is not None
    assert state.result["winners"] == [1] and state.result["scores"] == [1, 5]


def test_reaching_the_tiny_limit_scores_two_and_a_level_deal_is_a_draw() -> None:
    # Seat 0 keeps 4H, seat 1 keeps 6S: 4 + 6 makes 10, the limit, for 2 (and no last card).
    state = cardtable.load("cribbage", deck="tiny").new_state(decks=[TINY_CRIBBAGE])
    for move in ("discard 6H", "discard 5H", "play 4H", "play 6S"):
        state.apply(move)
    limit = next(e for e in state.events_for(None) if e.type == "score")
    assert (limit.seat, limit.data["reason"], limit.data["points"]) == (1, "limit", 2)
    assert state.game.describe(limit) == "Seat 1: count limit for two (4H 6S), total 2"
    # Seat 0: a pair with the starter (2); seat 1: the limit, a flush of 2, and a crib of
    # fifteen 2 and a run of 3.
    assert state.result is not None and state.result["scores"] == [2, 9]
    level = cardtable.load("cribbage", deck="tiny").new_state(
        decks=[["4H", "5H", "6H", "4S", "6S", "5S"]]
    )
    for move in ("discard 4H", "discard 4S", "play 6H", "play 5H"):
        level.apply(move)
    assert level.scores == [3, 3]
    assert level.result is not None
    assert level.result["winners"] == [0, 1]
    assert level.result["games"] == [
        {"game": 1, "winners": [0, 1], "pegs": [3, 3], "kind": "draw", "points": 0}
    ]


@pytest.mark.parametrize("mine", ["4H", "5H", "6H", "4S", "5S", "6S"])
def test_the_tiny_bots_pegging_count_matches_the_engine(mine: str) -> None:
    """``peg_net`` against every kept card, checked by playing the deal out in the engine."""
    game = cardtable.load("cribbage", deck="tiny")
    for theirs in TINY_CRIBBAGE:
        if theirs == mine:
            continue
        rest = [c for c in TINY_CRIBBAGE if c not in (mine, theirs)]
        # Seat 0 (the non-dealer, who leads) gets mine and rest[0], seat 1 theirs and rest[1].
        state = game.new_state(decks=[[mine, theirs, rest[0], rest[1], rest[2], rest[3]]])
        state.apply(f"discard {rest[0]}")
        state.apply(f"discard {rest[1]}")
        while state.observation(None)["phase"] == "play":
            state.apply(state.legal_moves()[0])
        pegged = [
            e for e in state.events_for(None) if e.type == "score" and e.data["phase"] == "play"
        ]
        net = sum(e.data["points"] * (1 if e.seat == 0 else -1) for e in pegged)
        assert peg_net(parse_card(mine), parse_card(theirs), True, 10) == net


# ---------------------------------------------------------------------- kloepper


def test_a_tiny_kloepper_deal_calls_ah_or_as_and_plays_its_last_trick_itself() -> None:
    state = cardtable.load("kloepper", deck="tiny", target=1).new_state(decks=[TINY_KLOEPPER])
    assert [state.observation(s)["hand"] for s in range(4)] == [
        ["QC", "QS"],
        ["AH", "10H"],
        ["JH", "AS"],
        ["AD", "10S"],
    ]
    assert [m.text for m in state.legal_moves()] == ["call AH", "call AS", "alone"]
    with pytest.raises(IllegalMoveError, match=r"AC is not in the tiny Kloepper pack"):
        state.apply("call AC")
    for move in ("call AS", "pass", "pass", "pass"):
        state.apply(move)
    # Only before the first lead may the queens team knock.
    assert [m.text for m in state.legal_moves()] == ["play QC", "play QS", "knock"]
    state.apply("play QC")
    state.apply("play 10H")
    with pytest.raises(IllegalMoveError, match=r"before the lead to the first trick"):
        state.apply("knock")
    state.apply("play JH")
    state.apply("play AD")
    # The second trick, one card each, played itself: QS takes AH AS 10S.
    assert state.is_over and len(state.history) == 8
    deal = next(e for e in state.events_for(None) if e.type == "deal score")
    assert (deal.data["card_points"], deal.data["tricks"], deal.data["result"]) == (
        61,
        2,
        "win-all",
    )
    assert state.scores == [6, 0, 6, 0]


def test_a_tiny_knock_is_answered_and_scores_as_in_the_full_game() -> None:
    state = cardtable.load("kloepper", deck="tiny", target=1).new_state(decks=[TINY_KLOEPPER])
    for move in ("call AS", "pass", "pass", "pass", "knock"):
        state.apply(move)
    assert state.to_move == 1 and [m.text for m in state.legal_moves()] == ["knock-off", "pass"]
    state.apply("pass")
    assert [m.text for m in state.legal_moves()] == ["pass"]  # seat 2 is the caller's partner
    for move in ("pass", "pass", "play QS", "play AH", "play JH", "play AD"):
        state.apply(move)
    assert state.is_over and state.scores == [12, 0, 12, 0]


def test_the_tiny_kloepper_thresholds_scale_the_full_games() -> None:
    from cardtable.games.kloepper.tables import DECKS

    assert DECKS["standard"].thresholds() == (61, 91, 30)
    assert DECKS["tiny"].thresholds() == (31, 46, 15)


# ---------------------------------------------------------------------- both games


@pytest.mark.parametrize(("name", "options"), [("cribbage", {}), ("kloepper", {"target": 3})])
def test_every_level_plays_the_tiny_deck_and_records_replay(
    name: str, options: dict[str, object]
) -> None:
    game = cardtable.load(name, deck="tiny", **options)
    for level in ("random", "rules", "easy", "hard", "expert"):
        state = game.new_state(seed=7)
        bots = [make_bot(name, level, seed=s) for s in range(game.num_players)]
        while not state.is_over:
            state.apply(choose_for(bots[state.to_move], state))  # type: ignore[index]
        replayed = cardtable.from_record(state.to_record())
        assert replayed.history == state.history and replayed.scores == state.scores


@pytest.mark.parametrize("name", ["cribbage", "kloepper"])
def test_the_codec_maps_every_tiny_legal_move_to_its_own_action(name: str) -> None:
    game = cardtable.load(name, deck="tiny")
    full = codec(cardtable.load(name))
    tiny = codec(game)
    assert (tiny.num_actions, tiny.obs_size, tiny.info_size) == (
        full.num_actions,
        full.obs_size,
        full.info_size,
    )
    rng = random.Random(3)
    for seed in range(30):
        state = game.new_state(seed=seed)
        while not state.is_over:
            legal = state.legal_moves()
            actions = [tiny.actions(m) for m in legal]
            assert len(set(actions)) == len(legal)
            assert [tiny.action_name(a[0]) for a in actions] == [m.text for m in legal]
            seat = state.to_move
            assert len(tiny.observe(state.observation(seat))) == tiny.obs_size
            state.apply(legal[int(rng.random() * len(legal))])


# ---------------------------------------------------------------------- the size of a deal


def subtree(state: State) -> tuple[int, int, int]:
    """(nodes, terminal nodes, decision nodes) of the game tree below a dealt state."""
    if state.is_over:
        return 1, 1, 0
    nodes = ends = decisions = 0
    for move in state.legal_moves():
        child = state.clone()
        child.apply(move)
        a, b, c = subtree(child)
        nodes, ends, decisions = nodes + a, ends + b, decisions + c
    return nodes + 1, ends, decisions + 1


def deal_tree(name: str, options: dict[str, object], positions: int) -> dict[str, int]:
    """One deal's tree with the first ``positions`` cards of the pack drawn one at a time as
    chance nodes (every order: ``orders``), and with each hand drawn as a set (``deals``
    distinct deals, one chance path each); the decision trees of equal deals are counted once.
    """
    game = cardtable.load(name, **options)
    pack = list(game.deck.pack)  # type: ignore[attr-defined]
    trees: dict[str, tuple[int, int, int]] = {}
    ordered = [0, 0, 0]
    orders = 0
    for order in itertools.permutations(pack, positions):
        rest = [c for c in pack if c not in order]
        state = game.new_state(decks=[[*order, *rest]])
        # Where every card lies, and the starter (before the cut it hides in the stock).
        key = repr((sorted(state.card_places().items()), getattr(state, "starter_card", None)))
        if key not in trees:
            trees[key] = subtree(state)
        ordered = [x + y for x, y in zip(ordered, trees[key], strict=True)]
        orders += 1
    by_set = [sum(t[i] for t in trees.values()) for i in range(3)]
    return {
        "orders": orders,
        "chance_nodes_by_order": sum(math.perm(len(pack), j) for j in range(positions)),
        "histories_by_order": sum(math.perm(len(pack), j) for j in range(positions)) + ordered[0],
        "decisions_by_order": ordered[2],
        "ends_by_order": ordered[1],
        "deals": len(trees),
        "decisions": by_set[2],
        "ends": by_set[1],
    }


def test_one_tiny_cribbage_deal_is_eleven_thousand_histories() -> None:
    assert deal_tree("cribbage", {"deck": "tiny"}, 5) == {
        "orders": 720,
        "chance_nodes_by_order": 517,
        "histories_by_order": 11317,
        "decisions_by_order": 7920,
        "ends_by_order": 2880,
        "deals": 180,
        "decisions": 1980,
        "ends": 720,
    }


def test_one_tiny_kloepper_deal_has_a_small_decision_tree() -> None:
    game = cardtable.load("kloepper", deck="tiny", target=1)
    # The deal above: the caller chooses AH, AS or alone; the leader may knock.
    assert subtree(game.new_state(decks=[TINY_KLOEPPER])) == (166, 40, 126)
    # The black queens apart (seats 0 and 3): four passes, and the leader may knock.
    other = ["QC", "AH", "JH", "QS", "10S", "10H", "AS", "AD"]
    assert subtree(game.new_state(decks=[other])) == (83, 32, 51)


if __name__ == "__main__":  # the full counts quoted in docs/research.md
    deals: tuple[tuple[str, dict[str, object], int], ...] = (
        ("cribbage", {"deck": "tiny"}, 5),
        ("kloepper", {"deck": "tiny", "target": 1}, 8),
    )
    for name, options, positions in deals:
        print(name, options, deal_tree(name, options, positions), file=sys.stdout)


def test_the_tiny_decks_are_research_options_no_players_menu_offers() -> None:
    # A two-card deal is for exact solvers: the browser's catalogue and a table's summary leave
    # the deck out, while the command line and the research API still take it.
    from cardtable.server.web import catalog

    for language in ("en", "ja"):
        menus = {g["name"]: [o["name"] for o in g["options"]] for g in catalog(language)["games"]}
        assert "deck" not in menus["cribbage"] and "deck" not in menus["kloepper"]
    for name in ("cribbage", "kloepper"):
        spec = next(s for s in type(cardtable.load(name)).option_specs if s.name == "deck")
        assert spec.research and spec.choices == ("standard", "tiny")
    assert cardtable.load("cribbage", deck="tiny").options["deck"] == "tiny"
