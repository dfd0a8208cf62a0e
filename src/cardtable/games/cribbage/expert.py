"""The Cribbage expert (bot ``pegger``): pegging by exact search over the hands the opponent's
discard makes likely.

For each play it weighs the opponent's possible held cards by what its hidden discard and its
plays so far say (:func:`~cardtable.games.cribbage.inference.opponent_deals`), solves the rest
of the play exactly for each of the likeliest
(:func:`~cardtable.games.cribbage.solver.play_values`: the opponent answers with best play,
knowing our cards, so the search never counts on a mistake it would like the opponent to make)
and plays the rank with the best weighted mean. Discards are the exact advisor's; three and
four players are left to the ``rules`` bot.

With ``board`` set (off by default: it measured no gain, see below), near the end of a game
(from ``board`` points short of the target on, for either player) it plays to the board: each
likely world (held cards and discards, so the crib is known too) is solved by
:func:`~cardtable.games.cribbage.endgame.endgame_values`, in game points: reaching the target
in the play wins at once, and a play that ends short is worth the shows in their order and then
the board table's chance (:mod:`~cardtable.games.cribbage.board`), skunks counted as the
options say when a match is played; :data:`PEG_WIN` game points a net peg are added, as an
opponent who sees our cards (the search's) wins nearly every close world and the game values
alone often tie. Measured with ``bench/cribbage_endgame.py`` (games started with both scores
from 85 to 120, 200 starts from both seats): ``board=60`` won 49.0% [47.3, 50.7] against
``board=0``, so the level leaves it off.

With ``board_discards`` set (off by default, likewise) it lays away to the board from that many
points short of the target on: of the advisor's best :data:`BOARD_OPTIONS` discards, the one
whose show (every starter; the crib's mean when it deals) gives the most expected game points by
:func:`~cardtable.games.cribbage.board.show_value`, the dealer's show moved by what the pone's
discard adds to its crib. From the same late starts (300, both seats) it won 49.5%
[47.9, 51.1] against the advisor's discards.

With ``pegs`` set (0 by default, the advisor's discards) it lays away by the full expected
value: the advisor's hand and crib points plus ``pegs`` times the kept hand's expected pegging
(ours less the opponent's, :mod:`~cardtable.games.cribbage.pegging_table`). It measured no
gain, so the level leaves it off: whole first deals from both seats
(``bench/cribbage_discard_duel.py``) ``pegs=1`` against ``pegs=0`` -0.023 [-0.104, +0.058]
points a deal over 1,759 deals; with the rules bot's pegging on both sides, the table's own
model, +0.002 [-0.033, +0.037] over 6,000 deals, where the table foresaw +0.054 (on the deals
whose discard it changes, it foresaw 0.75 more pegs and 0.26 [-0.03, +0.55] came).

>>> import cardtable
>>> from cardtable.seat_view import SeatView
>>> state = cardtable.load("cribbage").new_state(seed=1)
>>> state.apply(state.legal_moves()[0]); state.apply(state.legal_moves()[0])
>>> bot = CribbageExpertBot(seed=2, draws=40, solve=30)
>>> move = bot.choose(SeatView(state, state.to_move))
>>> move in state.legal_moves(), move.verb, bot.last_report[0][2]  # the 30 likeliest hands
(True, 'play', 30)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, TypeVar

from cardtable.bots.search import MoveStats
from cardtable.bots.weighted_stats import weighted_stats
from cardtable.cards import parse_card, parse_cards
from cardtable.engine import Move
from cardtable.games.cribbage.analysis import DiscardOption, discard_advice
from cardtable.games.cribbage.board import after_play, show_value
from cardtable.games.cribbage.endgame import endgame_values
from cardtable.games.cribbage.inference import (
    held_only,
    likeliest_holdings,
    opponent_deals,
    past_plays,
)
from cardtable.games.cribbage.pegging_table import pegging_sd
from cardtable.games.cribbage.sampling import go_limits
from cardtable.games.cribbage.scoring import rank_points, score_hand
from cardtable.games.cribbage.solver import MAX_WORLDS, CribbageSolverBot, play_values
from cardtable.games.cribbage.tables import RANK
from cardtable.i18n import N_
from cardtable.random_bot import number_setting, whole_setting
from cardtable.seat_view import SeatView

__all__ = ["BOARD_OPTIONS", "PEG_WIN", "CribbageExpertBot", "CribbageFastBot"]

#: The advisor's best discards that a discard to the board chooses among.
BOARD_OPTIONS = 6
#: Game points a net peg is worth near the end, beside the endgame search's own values.
PEG_WIN = 0.02
#: What a pegging search's values are, in a hint's words.
PEGGING_UNIT = N_("net pegs against their best replies")


class CribbageExpertBot(CribbageSolverBot):
    """Two-player pegging by exact search over ``draws`` opponent hands (each with
    ``per_hand`` drawn discards) weighted by how likely their discard was (softmax sharpness
    ``beta`` per point) and by the pegs its plays so far passed up (``gamma`` per point),
    solving at most ``solve`` of the likeliest; within ``board`` points
    of the target (0: never) by game points over at most ``board_worlds`` worlds; discards
    by the advisor, to the board within ``board_discards`` points of the target (0: never),
    the kept hand's expected pegging weighed ``pegs`` times beside its show points (0: not);
    ``batch=1`` draws the opponent's hands all at once with numpy (the same distribution,
    other draws: faster, and a seed plays otherwise than with 0, the level's)."""

    name: ClassVar[str] = "pegger"

    def __init__(
        self,
        seed: int | None = None,
        draws: int = 150,
        per_hand: int = 4,
        beta: float = 1.0,
        gamma: float = 1.0,
        solve: int = 50,
        board: int = 0,
        board_worlds: int = 24,
        board_discards: int = 0,
        discard_worlds: int = 0,
        discard_options: int = 4,
        pegs: float = 0.0,
        batch: int = 0,
    ) -> None:
        super().__init__(seed, discard_worlds=discard_worlds, discard_options=discard_options)
        self.draws = whole_setting("draws", draws, 1, MAX_WORLDS)
        self.per_hand = whole_setting("per_hand", per_hand, 1, 100)
        self.beta = number_setting("beta", beta, 0.0, 100.0)
        self.gamma = number_setting("gamma", gamma, 0.0, 100.0)
        self.solve = whole_setting("solve", solve, 1, MAX_WORLDS)
        self.board = whole_setting("board", board, 0, 120)
        self.board_worlds = whole_setting("board_worlds", board_worlds, 1, MAX_WORLDS)
        self.board_discards = whole_setting("board_discards", board_discards, 0, 120)
        self.pegs = number_setting("pegs", pegs, 0.0, 10.0)
        self.batch = bool(whole_setting("batch", batch, 0, 1))
        self._skunk_rule = "none"
        self._stats: list[MoveStats] = []
        # What the last search's stats are worked out from, until they are first asked for:
        # a training opponent never asks, and they cost a twentieth of its time.
        self._stats_from: tuple[list[str], list[list[float]], list[float], list[int]] | None
        self._stats_from = None
        #: What ``last_stats``' values are (None: the game's points, as the hint says them).
        self.value_unit: str | None = None

    @property
    def last_stats(self) -> list[MoveStats]:
        """The ranks weighed at the last pegging search (two players, not near the board):
        weighted means of the net pegs over the solved hands, with error bars and paired gaps;
        empty after any other decision."""
        if self._stats_from is not None:
            self._stats, self._stats_from = weighted_stats(*self._stats_from), None
        return self._stats

    @last_stats.setter
    def last_stats(self, stats: list[MoveStats]) -> None:
        self._stats, self._stats_from = stats, None

    def choose(self, view: SeatView) -> Move:
        self._skunk_rule = self._skunk(view)
        self.last_stats, self.value_unit = [], None
        return super().choose(view)

    def _discard(self, obs: dict[str, Any], seat: int, legal: list[Move]) -> Move:
        scores: list[int] = obs["scores"]
        target = int(obs["target"])
        if int(obs["players"]) != 2:
            return super()._discard(obs, seat, legal)
        if not self.board_discards or max(scores) < target - self.board_discards:
            if self.pegs:
                return self._pegging_discard(obs, seat, legal)
            return super()._discard(obs, seat, legal)
        hand = parse_cards(obs["hand"])
        dealer = obs["dealer"] == seat
        held = set(hand)
        starters = [c for c in range(52) if c not in held]
        best: tuple[float, DiscardOption] | None = None
        options = discard_advice(hand, dealer=dealer)[:BOARD_OPTIONS]
        for option in options:
            shows: dict[int, float] = {}
            crib = option.crib_ev if dealer else 0.0
            low = int(crib)
            for starter in starters:
                points = score_hand(option.keep, starter) + low
                # The crib's mean, split between the two whole counts around it.
                shows[points] = shows.get(points, 0.0) + (1 - (crib - low)) / len(starters)
                shows[points + 1] = shows.get(points + 1, 0.0) + (crib - low) / len(starters)
            # As the pone, what this discard gives the dealer's crib beyond the advisor's best.
            shift = 0.0 if dealer else option.crib_ev - options[0].crib_ev
            value = show_value(
                shows, scores[seat], scores[1 - seat], not dealer, target, self._skunk_rule, shift
            )
            if best is None or value > best[0] + 1e-9:
                best = (value, option)
        assert best is not None
        wanted = tuple(sorted(best[1].discard))
        return next(m for m in legal if tuple(sorted(m.cards)) == wanted)

    def _pegging_discard(self, obs: dict[str, Any], seat: int, legal: list[Move]) -> Move:
        """The discard with the most expected hand, crib and ``pegs`` times pegging points."""
        hand = parse_cards(obs["hand"])
        dealer = obs["dealer"] == seat
        by_cards = {tuple(sorted(m.cards)): m for m in legal}
        # The advisor's order (net points, then the cards) breaks ties, as sorted() is stable.
        scored = sorted(
            ((o.net + self.pegs * o.pegs, o) for o in discard_advice(hand, dealer=dealer)),
            key=lambda pair: -pair[0],
        )
        best = scored[0][1]
        # The table's deals behind each pegging mean, as the report's count.
        deals = pegging_sd([RANK[c] for c in best.keep], dealer)[1]
        self.last_report = [
            (by_cards[tuple(sorted(o.discard))].text, value, deals) for value, o in scored
        ]
        self._keeps(best.keep, best.hand_ev, best.net, dealer)
        return by_cards[tuple(sorted(best.discard))]

    def _play(self, view: SeatView, obs: dict[str, Any], legal: list[Move]) -> Move:
        if int(obs["players"]) != 2:
            return super()._play(view, obs, legal)
        by_rank: dict[int, Move] = {}
        for move in legal:
            by_rank.setdefault(RANK[move.cards[0]], move)
        if len(by_rank) == 1:
            return next(iter(by_rank.values()))
        count = int(obs["count"])
        run = tuple(RANK[c] for c in parse_cards(obs["count_cards"]))
        mine = tuple(sorted(RANK[c] for c in parse_cards(obs["hand"])))
        totals = dict.fromkeys(by_rank, 0.0)
        scores: list[int] = obs["scores"]
        target = int(obs["target"])
        board = bool(self.board) and max(scores) >= target - self.board
        if board:
            worlds = _likeliest(self._opponent(view, obs), self.board_worlds)
            used = len(worlds)
            for (opp, thrown), weight in worlds:
                finish = self._finish(view, obs, opp, thrown)
                values = endgame_values(
                    mine,
                    opp,
                    count,
                    run,
                    scores[view.seat],
                    scores[1 - view.seat],
                    finish,
                    target,
                    self._skunk(view),
                )
                pegs = play_values(mine, opp, count, run)
                for rank, value in values.items():
                    if rank not in totals:
                        continue  # a view may offer fewer moves than the hand allows
                    # The opponent who sees our cards wins nearly every close world, so the
                    # game values often tie: a peg (worth about PEG_WIN of a game late on)
                    # breaks the ties and weighs the worlds the search calls lost.
                    totals[rank] += weight * (value + PEG_WIN * pegs[rank])
        else:
            if self.batch:  # the likeliest held ranks weighed in arrays, the same draws
                worlds_held = likeliest_holdings(**self._evidence(view, obs), most=self.solve)
            else:
                worlds_held = _likeliest(held_only(self._opponent(view, obs)), self.solve)
            used = len(worlds_held)
            ranks = list(totals)
            rows: list[list[float]] = [[] for _ in ranks]
            for held, weight in worlds_held:
                solved = play_values(mine, held, count, run)
                for rank, value in solved.items():
                    if rank in totals:  # a view may offer fewer moves than the hand allows
                        totals[rank] += weight * value
                for row, rank in zip(rows, ranks, strict=True):
                    row.append(float(solved.get(rank, 0)))
        order = sorted(totals, key=lambda r: (-totals[r], -r))
        self.last_report = [(by_rank[r].text, totals[r], used) for r in order]
        if not board:
            texts = [by_rank[r].text for r in ranks]
            at = [ranks.index(r) for r in order]
            self._stats_from = (texts, rows, [w for _, w in worlds_held], at)
            self.value_unit = PEGGING_UNIT
        return by_rank[order[0]]

    @staticmethod
    def _skunk(view: SeatView) -> str:
        """The skunk rule that counts: none in a single game, where only the win matters."""
        options = view.game.options
        return str(options["skunk"]) if int(options["games"]) > 1 else "none"  # type: ignore[arg-type]

    def _finish(
        self, view: SeatView, obs: dict[str, Any], held: tuple[int, ...], thrown: tuple[int, int]
    ) -> Callable[[int, int], float]:
        """My game points once this world's play is over: its shows, then the board."""
        seat = view.seat
        starter = parse_card(obs["starter"])
        s_rank = RANK[starter]
        played = [parse_cards(p) for p in obs["played"]]
        mine = [*parse_cards(obs["hand"]), *played[seat]]
        theirs = [RANK[c] for c in played[1 - seat]] + list(held)
        crib_ranks = [RANK[c] for c in parse_cards(obs["laid_away"])] + list(thrown)
        # Suits of the hidden cards are unknown: their flushes and nobs are left out.
        crib = rank_points([*crib_ranks, s_rank])
        dealer = obs["dealer"] == seat
        my_show = score_hand(mine, starter) + (crib if dealer else 0)
        their_show = rank_points([*theirs, s_rank]) + (0 if dealer else crib)
        target = int(obs["target"])
        skunk = self._skunk(view)

        def finish(my_score: int, their_score: int) -> float:
            return after_play(my_score, their_score, my_show, their_show, not dealer, target, skunk)

        return finish

    def _opponent(
        self, view: SeatView, obs: dict[str, Any]
    ) -> dict[tuple[tuple[int, ...], tuple[int, int]], float]:
        """The opponent's (held ranks, discarded ranks) with their probabilities."""
        return opponent_deals(**self._evidence(view, obs), batch=self.batch)

    def _evidence(self, view: SeatView, obs: dict[str, Any]) -> dict[str, Any]:
        """What the inference of the opponent's cards is given: the cards seen, what the
        opponent played and holds, its go, its role, its plays, and the bot's draws."""
        seat = view.seat
        opp = 1 - seat
        sizes: list[int] = obs["hand_sizes"]
        played = [parse_cards(p) for p in obs["played"]]
        count_cards = parse_cards(obs["count_cards"])
        plays = self._plays(view, played, count_cards)
        limits = go_limits(2, plays, sizes, obs["count"], seat)
        seen = [
            *parse_cards(obs["hand"]),
            *parse_cards(obs["laid_away"]),
            *played[0],
            *played[1],
            parse_card(obs["starter"]),
        ]
        return {
            "seen": seen,
            "opp_played": played[opp],
            "held": sizes[opp],
            "limit": limits[opp],
            "dealer": obs["dealer"] == opp,
            "draws": self.draws,
            "per_hand": self.per_hand,
            "beta": self.beta,
            "rng": self.rng,
            "plays": past_plays(plays, opp),
            "gamma": self.gamma,
        }


class CribbageFastBot(CribbageExpertBot):
    """The expert at a training budget (bot ``pegger-fast``): 150 drawn hands with one discard
    each, drawn at once, the 20 likeliest solved. It plays over a thousand decisions a second
    on the 2-core development machine once its memo is warm, and keeps most of the expert's
    edge over the ``rules`` bot (``docs/research.md``, "A fast opponent"); any of the expert's
    settings may be given.

    >>> import cardtable
    >>> from cardtable.seat_view import SeatView
    >>> state = cardtable.load("cribbage").new_state(seed=1)
    >>> state.apply(state.legal_moves()[0]); state.apply(state.legal_moves()[0])
    >>> bot = CribbageFastBot(seed=2)
    >>> move = bot.choose(SeatView(state, state.to_move))
    >>> move in state.legal_moves(), bot.last_report[0][2], bot.draws, bot.batch
    (True, 20, 150, True)
    """

    name: ClassVar[str] = "pegger-fast"

    def __init__(
        self,
        seed: int | None = None,
        draws: int = 150,
        per_hand: int = 1,
        solve: int = 20,
        batch: int = 1,
        **settings: Any,
    ) -> None:
        super().__init__(seed, draws=draws, per_hand=per_hand, solve=solve, batch=batch, **settings)


K = TypeVar("K", bound=tuple[Any, ...])


def _likeliest(dist: dict[K, float], most: int) -> list[tuple[K, float]]:
    """The ``most`` likeliest keys of ``dist``, their weights scaled to sum to 1."""
    top = sorted(dist.items(), key=lambda item: (-item[1], item[0]))[:most]
    total = sum(w for _, w in top)
    return [(key, w / total) for key, w in top]
