"""Hints that explain themselves: the search's error bars, paired gaps and reason counters, the
rows in words, and at the wire, twin deals (the same view, other hidden cards) give the same hint.
"""

from __future__ import annotations

import asyncio
import math
import random
from pathlib import Path
from typing import Any

import pytest

import cardtable
from cardtable.bots.explain import Weighed, explaining, hint_rows, view_seed, weighed
from cardtable.bots.search import IsmctsBot, MoveStats, PimcBot, margin95, paired_gap
from cardtable.cards import card_str, parse_cards
from cardtable.engine import State
from cardtable.games.cribbage.analysis import discard_advice
from cardtable.games.cribbage.bot import CribbageRulesBot
from cardtable.i18n import using_names
from cardtable.seat_view import SeatView
from cardtable.server.protocol import TableIn
from server_harness import LiveServer, Player

NAMES = ["Ann", "Bob"]


def _pegging(deck: list[str]) -> State:
    """Cribbage dealt from ``deck``, both discards made by seat order's first legal discard."""
    state = cardtable.load("cribbage").new_state(seed=7, decks=[deck])
    state.apply(state.legal_moves()[0])
    state.apply(state.legal_moves()[0])
    return state


def _deck(seed: int) -> list[str]:
    cards = list(range(52))
    random.Random(seed).shuffle(cards)
    return [card_str(c) for c in cards]


def _twin(deck: list[str], seen: set[str], seed: int) -> list[str]:
    """``deck`` with every card not in ``seen`` moved among the unseen places."""
    places = [i for i, c in enumerate(deck) if c not in seen]
    hidden = [deck[i] for i in places]
    random.Random(seed).shuffle(hidden)
    twin = list(deck)
    for i, card in zip(places, hidden, strict=True):
        twin[i] = card
    return twin


def _seen(state: State, seat: int) -> set[str]:
    """The cards ``seat`` has seen: its hand, the two it laid away and the starter."""
    obs = state.observation(seat)
    starter: int = getattr(state, "starter")  # noqa: B009 (Cribbage's own field)
    return {*obs["hand"], *obs["laid_away"], card_str(starter)}


def test_margin_is_196_standard_errors() -> None:
    # Samples 1, 2, 3, 4: mean 2.5, sample variance 5/3, standard error sqrt(5/12).
    assert margin95(10.0, 30.0, 4) == round(1.96 * (5 / 12) ** 0.5, 4) == 1.2652
    assert margin95(3.0, 9.0, 1) is None


def test_a_paired_gap_is_the_mean_of_the_differences_world_by_world() -> None:
    # Move 0 less move 2 in each world: -1, -3, -2, -2: mean -2, sample variance 2/3.
    values = [[1.0, 0.0, 2.0], [2.0, 9.0, 5.0], [4.0, 1.0, 6.0], [0.0, 3.0, 2.0]]
    assert paired_gap(values, 0, 2) == (-2.0, round(1.96 * (2 / 3 / 4) ** 0.5, 4)) == (-2.0, 0.8002)
    assert paired_gap(values, 2, 2) == (0.0, 0.0)
    assert paired_gap(values[:1], 1, 2) == (-2.0, None)


def test_pimc_gaps_are_paired_and_narrower_than_the_values_margins() -> None:
    state = _pegging(_deck(1))
    seat = state.to_move
    assert seat is not None
    bot = PimcBot(seed=4, worlds=30)
    bot.choose(SeatView(state, seat))
    best, *rest = bot.last_stats
    assert (best.gap, best.gap_margin, best.paired) == (0.0, 0.0, True)
    assert rest and all(s.paired for s in rest)
    for s in rest:
        assert s.gap is not None and s.gap_margin is not None and s.margin is not None
        # The mean of the differences is the difference of the means (one play-out a world).
        assert s.gap == pytest.approx(s.mean - best.mean, abs=1e-9) and s.gap <= 0
        # The deal's luck, shared by both moves in a world, is gone from the difference.
        assert best.margin is not None
        assert s.gap_margin < math.hypot(s.margin, best.margin)
    assert [round(s.gap or 0.0, 4) for s in bot.last_stats] == [0.0, -0.4333, -0.4667, -0.5333]
    assert [s.gap_margin for s in bot.last_stats] == [0.0, 1.0619, 1.0453, 1.0908]
    assert [s.margin for s in bot.last_stats] == [1.5308, 1.6232, 1.8192, 1.8135]


def test_pimc_pairs_its_exact_worlds_too() -> None:
    state = _pegging(_deck(1))
    seat = state.to_move
    assert seat is not None
    bot = PimcBot(seed=4, worlds=6, exact=200_000)
    bot.choose(SeatView(state, seat))
    assert bot.last_exact
    best = bot.last_stats[0]
    for s in bot.last_stats:
        assert s.paired and s.gap == pytest.approx(s.mean - best.mean, abs=1e-9)


def test_ismcts_gaps_are_not_paired_their_margins_combined() -> None:
    state = _pegging(_deck(1))
    seat = state.to_move
    assert seat is not None
    bot = IsmctsBot(seed=4, iterations=200)
    bot.choose(SeatView(state, seat))
    best, *rest = bot.last_stats
    assert (best.gap, best.gap_margin, best.paired) == (0.0, 0.0, False)
    assert best.margin is not None
    for s in rest:
        assert not s.paired and s.margin is not None
        assert s.gap == pytest.approx(s.mean - best.mean, abs=1e-9)
        assert s.gap_margin == round(math.hypot(s.margin, best.margin), 4)


@pytest.mark.parametrize("kind", ["pimc", "ismcts"])
def test_explaining_changes_no_move_and_counts_every_playout(kind: str) -> None:
    state = _pegging(_deck(3))
    seat = state.to_move
    assert seat is not None

    def bot() -> PimcBot | IsmctsBot:
        return PimcBot(seed=5, worlds=12) if kind == "pimc" else IsmctsBot(seed=5, iterations=60)

    plain, told = bot(), explaining(bot())
    assert plain.choose(SeatView(state, seat)) is told.choose(SeatView(state, seat))
    assert plain.last_report == told.last_report
    assert [s.margin for s in plain.last_stats] == [s.margin for s in told.last_stats]
    assert all(s.counted == 0 for s in plain.last_stats)
    for stats in told.last_stats:
        # Every play-out of the move was counted, once each, with every counter of the game.
        assert stats.counted == stats.visits
        assert set(stats.counters) == {
            "pegs",
            "their_pegs",
            "their_15",
            "their_pair",
            "their_31",
            "their_go",
        }
        assert 0 <= stats.counters["their_15"] <= stats.counted
        if stats.visits >= 2:
            assert stats.margin is not None and stats.margin >= 0


def test_pimc_counts_each_move_in_every_world() -> None:
    state = _pegging(_deck(4))
    bot = explaining(PimcBot(seed=1, worlds=10, playouts=2))
    bot.choose(SeatView(state, 0 if state.to_move == 0 else 1))
    assert {(s.visits, s.counted) for s in bot.last_stats} == {(20, 20)}
    assert [s.row for s in bot.last_stats] == bot.last_report


def test_rows_say_up_to_three_moves_with_values_margins_and_reasons() -> None:
    state = _pegging(_deck(1))
    seat = state.to_move
    assert seat is not None
    bot = explaining(PimcBot(seed=view_seed(state, seat), worlds=30))
    bot.choose(SeatView(state, seat))
    with using_names(NAMES):
        rows = hint_rows(state, weighed(bot))
    assert 1 <= len(rows) <= 3
    stats = bot.last_stats
    best, second = stats[0], stats[1]
    assert second.gap is not None and second.gap_margin is not None
    for i, (row, s) in enumerate(zip(rows, stats, strict=False)):
        assert row["move"] == s.move and row["deals"] == 30 and row["paired"] is True
        assert row["value"] == round(s.mean, 3) and row["margin"] == s.margin
        assert row["gap"] == round(s.gap or 0.0, 3) and row["gap_margin"] == s.gap_margin
        line = str(row["line"])
        if i == 0:
            # The best: its own value over the deals, then its lead over the next move.
            assert line.startswith(
                f"{row['words']}: {s.mean:+.1f} points against theirs on average over 30 deals"
                f" (±{s.margin:.1f}), {-second.gap:.1f} points better than "
                f"{_card(second.move)} over the same deals (±{second.gap_margin:.1f})"
            )
        else:
            # Another: how much worse than the best, paired over the same deals.
            assert s.gap is not None and s.gap_margin is not None
            assert line.startswith(
                f"{row['words']}: {-s.gap:.1f} points worse than {_card(best.move)}"
                f" over the same deals (±{s.gap_margin:.1f})"
            )
        # Words, never notation: a card is written with its suit's symbol.
        assert " play " not in line and any(sym in line for sym in "♠♥♦♣")
        if row["reason"] is not None:
            assert line.endswith(f"; {row['reason']}")


def _card(move: str) -> str:
    """The card a Cribbage play names, as a player reads it ("play 7S": 7♠)."""
    card = move.split()[1]
    return card[:-1] + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[card[-1]]


def test_a_bot_that_reports_only_means_gets_gaps_without_margins() -> None:
    state = _pegging(_deck(1))
    legal = [m.text for m in state.legal_moves()]
    report = [(legal[0], -9.25, 50), (legal[1], -9.75, 50), (legal[2], -9.27, 50)]
    stats = [MoveStats(m, v, n) for m, v, n in report]
    with using_names(NAMES):
        rows = hint_rows(state, Weighed(legal[0], stats))
    first, second = (_card(m) for m in legal[:2])
    assert [row["line"] for row in rows] == [
        f"{rows[0]['words']}: -9.2 points against theirs on average over 50 deals,"
        f" 0.5 points better than {second} on average",
        f"{rows[1]['words']}: 0.5 points worse than {first} on average",
        f"{rows[2]['words']}: as good as {first} on average",
    ]
    assert [(row["gap"], row["gap_margin"], row["paired"]) for row in rows] == [
        (0.0, None, False),
        (-0.5, None, False),
        (-0.02, None, False),
    ]


def test_a_bot_that_does_not_search_gives_its_move_and_reason() -> None:
    state = cardtable.load("cribbage").new_state(seed=1)
    move = state.legal_moves()[0].text
    with using_names(NAMES):
        (row,) = hint_rows(state, Weighed(move))
        (why,) = hint_rows(state, Weighed(move, reason=("it keeps {n} points", {"n": 8})))
    assert row["value"] is None and row["reason"] is None and row["line"] == row["words"]
    assert why["line"] == f"{why['words']}; it keeps 8 points"
    stats = [MoveStats(move, 0.0, 0)]
    assert hint_rows(state, Weighed(move, stats))[0]["deals"] == 0


def test_the_cribbage_rules_bot_says_why_it_discards_and_plays() -> None:
    state = cardtable.load("cribbage").new_state(seed=1)
    bot = CribbageRulesBot(seed=0)
    lines = []
    for seat, before in ((0, []), (0, ["discard 2H 4C", "discard 3H 4S"]), (1, ["play QD"])):
        state.apply_all(before)
        move = bot.choose(SeatView(state, seat))
        with using_names(NAMES):
            (row,) = hint_rows(state, weighed(bot, move.text))
        assert row["move"] == move.text and row["deals"] == 0 and row["gap"] is None
        lines.append(row["line"])
    # The discard the advisor ranks first, with its exact expectations (seat 0 is the pone).
    hand = parse_cards("2H 4C 7S 9S JC QD")
    best = discard_advice(hand, dealer=False)[0]
    assert (round(best.hand_ev, 1), round(best.net, 1)) == (4.4, 0.5)
    assert lines == [
        "Lay away 7♠ Q♦ to Bob's crib; it keeps 2♥ 4♣ 9♠ J♣, worth 4.4 points on average,"
        " 0.5 after their crib",
        "Play Q♦ (count 10); their best reply pegs 1.0 points on average",
        "Play Q♣ (count 20); it pegs 2 now, and their best reply 0.8 points on average",
    ]


def test_twin_deals_give_the_same_rows() -> None:
    deck = _deck(2)
    state = _pegging(deck)
    seat = state.to_move
    assert seat is not None
    seen = _seen(state, seat)
    twin = _pegging(_twin(deck, seen, 9))
    assert twin.observation(seat) == state.observation(seat)
    assert twin.card_places() != state.card_places()
    said = []
    for position in (state, twin):
        bot = explaining(PimcBot(seed=view_seed(position, seat), worlds=20))
        bot.choose(SeatView(position, seat))
        with using_names(NAMES):
            said.append(hint_rows(position, weighed(bot)))
    assert said[0] == said[1] and said[0][0]["deals"] == 20


# ---------------------------------------------------------------------- at the wire


@pytest.fixture
def server(tmp_path: Path) -> Any:
    with LiveServer(f"sqlite+aiosqlite:///{tmp_path / 'server.db'}") as live:
        yield live


async def _hint_at_play(server: LiveServer, deck: list[str]) -> dict[str, Any]:
    """Seat 0's hint at its first play of a two-person Cribbage table dealt from ``deck``."""
    people = [await Player(server.base, f"P{i}").guest() for i in range(2)]
    hub = server.app.state.hub
    me = (await people[0].http.get("/api/me")).json()
    creator = server.call(hub.store.user(me["id"]))
    request = TableIn(game="cribbage", options={}, seats=["open", "open"])
    table, _invite, _seat = server.call(hub.create(creator, request, {"seed": 7, "decks": [deck]}))
    assert (await people[1].post(f"/api/tables/{table.id}/sit")).status_code == 200
    for client in people:
        await client.connect(table.id)
        await client.until("presence")
    assert (await people[0].post(f"/api/tables/{table.id}/start")).status_code == 200
    ply = 0
    view: dict[str, Any] = {}
    while True:
        for client in people:
            view = await client.until("view")
            while view["ply"] < ply:
                view = await client.until("view")
        if view["observation"]["phase"] == "play":
            break
        mover = people[ply % 2]
        await mover.send({"type": "move", "ply": ply, "move": _first(mover, ply)})
        ply += 1
    ann = people[0]
    await ann.send({"type": "hint", "ply": ply})
    hint = await ann.until("hint")
    for client in people:
        await client.close()
    return hint


def _first(player: Player, ply: int) -> str:
    view = next(f for f in reversed(player.frames) if f.get("type") == "view")
    assert view["ply"] == ply and view["legal"]
    return str(view["legal"][0]["move"])


def test_twin_deals_give_the_same_hint_message(server: LiveServer) -> None:
    deck = _deck(2)
    state = _pegging(deck)
    assert state.to_move == 0
    seen = _seen(state, 0)
    twin = _twin(deck, seen, 9)
    assert _pegging(twin).observation(0) == state.observation(0)

    async def scenario() -> list[dict[str, Any]]:
        return [await _hint_at_play(server, d) for d in (deck, twin)]

    first, second = asyncio.run(scenario())
    assert first == second
    assert first["rows"] and first["rows"][0]["move"] == first["move"]
    assert all(
        set(row)
        == {"move", "words", "value", "margin", "deals", "gap", "gap_margin", "paired"}
        | {"reason", "line"}
        for row in first["rows"]
    )
