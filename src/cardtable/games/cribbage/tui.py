"""Cribbage's face in the terminal (found by the game's name: :mod:`cardtable.play.tui.faces`):
the peg board, the crib, the starter, the count, the discard advisor and the breakdown of every
counted hand.

>>> import cardtable
>>> face = CribbageFace(cardtable.load("cribbage"))
>>> [panel.key for panel in face.panels()]
['a', 'b']
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb
from typing import Any, ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cardtable.engine import JSON, Event
from cardtable.games.cribbage.text import call
from cardtable.i18n import _
from cardtable.play.tui.face import Obs, Panel, Seen, TableFace, register_face

__all__ = ["CribbageFace"]

_BAR = 41  # marks of the peg track: one for every three points of 121


def _strings(value: JSON) -> list[str]:
    """A row's list of cards (the advice is JSON)."""
    return [str(card) for card in value] if isinstance(value, list) else []


def _number(value: JSON) -> float:
    """A row's expected points (the advice is JSON)."""
    return float(value) if isinstance(value, int | float) else 0.0


def _counted(events: Sequence[Event]) -> list[Event]:
    """The events that tell a hand's count: a counted show, or with muggins the count after
    the claim was answered (a muggins show lays the cards out without their count)."""
    return [e for e in events if e.type == "count" or (e.type == "show" and "points" in e.data)]


@register_face
class CribbageFace(TableFace):
    game_name: ClassVar[str] = "cribbage"

    def _sides(self, obs: Obs) -> list[list[int]]:
        players = int(obs.get("players", 2))
        return [[0, 2], [1, 3]] if players == 4 else [[s] for s in range(players)]

    def board(self, obs: Obs, players: Sequence[str], viewer: int | None) -> RenderableType:
        target = int(obs.get("target", 121))
        scores = obs.get("scores", [])
        match = obs.get("match_points", [])
        table = Table(box=None, padding=(0, 1), show_header=False)
        table.add_column(no_wrap=True)
        table.add_column(no_wrap=True)
        table.add_column(justify="right", no_wrap=True)
        colours = ("cyan", "magenta", "yellow")
        for i, side in enumerate(self._sides(obs)):
            score = int(scores[side[0]]) if scores else 0
            # Short names: with partners both seats share one row.
            names = " + ".join(self.seat_name(s, (), viewer) for s in side)
            # One mark for every three points; a gap every fifteen, as the streets of a board.
            filled = score / 3
            track = Text()
            for k in range(_BAR):
                if k and k % 5 == 0:
                    track.append(" ")
                if k + 1 <= filled:
                    track.append("●", style=colours[i])
                elif k < filled:
                    track.append("◐", style=colours[i])
                else:
                    track.append("·", style="dim")
            table.add_row(names, track, f"{score}/{target}")
        if self.game.options.get("games") not in (None, 1):
            points = ", ".join(
                _("seat {seat} {score}").format(seat=s, score=v) for s, v in enumerate(match)
            )
            return Group(table, Text(_("Match points: {points}").format(points=points)))
        return table

    def table(self, obs: Obs, players: Sequence[str], viewer: int | None) -> RenderableType:
        dealer = obs.get("dealer")
        grid = Table(box=None, padding=(0, 1), show_header=False)
        grid.add_column(style="bold", no_wrap=True)
        grid.add_column()
        # The count and the starter first: on a small terminal the table scrolls, and the
        # cards being counted must show.
        count_line = Text(f"{obs.get('count', 0)}  ", style="bold")
        count_line.append_text(self.cards(obs.get("count_cards") or []))
        grid.add_row(_("Count"), count_line)
        starter = obs.get("starter")
        grid.add_row(_("Starter"), self.cards([starter] if starter else []))
        grid.add_row(
            _("Game, deal"),
            Text(f"{obs.get('game_number')}, {obs.get('deal_number')}"),
        )
        if isinstance(dealer, int):
            grid.add_row(_("Dealer"), Text(self.seat_name(dealer, players, viewer)))
        grid.add_row(
            _("Crib"),
            Text(_("{count} cards, face down").format(count=obs.get("crib_size", 0))),
        )
        sizes = obs.get("hand_sizes", [])
        for seat, played in enumerate(obs.get("played", [])):
            row = self.cards(played)
            if seat != viewer and seat < len(sizes):
                row.append("   " + "▮" * int(sizes[seat]), style="blue")
            grid.add_row(self.seat_name(seat, players, viewer), row)
        for shown in obs.get("shown", []):
            what = _("crib") if shown.get("what") == "crib" else _("hand")
            grid.add_row(
                _("Seat {seat} {what}").format(seat=shown.get("seat"), what=what),
                self.cards(shown.get("cards", [])),
            )
        return grid

    prompts_viewer = True

    def waiting(self, obs: Obs, name: str) -> str:
        phase = obs.get("phase")
        if phase == "discard":
            return _("{name} is laying away to the crib.").format(name=name)
        if phase == "play":
            return _("{name} to play; the count is {count}.").format(
                name=name, count=obs.get("count", 0)
            )
        if phase == "claim":
            return _("{name} is claiming the points of the shown cards.").format(name=name)
        return _("{name} may call muggins.").format(name=name)

    def last_play(self, obs: Obs, events: Sequence[Event]) -> RenderableType:
        # The plays of the current deal, one line per count.
        counts: list[list[str]] = [[]]
        totals: list[int] = [0]
        for event in events:
            if event.type == "deal":
                counts, totals = [[]], [0]
            elif event.type == "play":
                counts[-1].append(str(event.data["card"]))
                totals[-1] = int(event.data["count"])
            elif event.type == "reset":
                counts.append([])
                totals.append(0)
        rows = [(c, t) for c, t in zip(counts, totals, strict=True) if c]
        if not rows:
            return Text(_("Nothing has been played in this deal yet."))
        lines = []
        for cards, total in rows:
            line = self.cards(cards)
            line.append(f"  = {total}", style="bold")
            lines.append(line)
        return Group(*lines)

    def deal_summary(self, events: Sequence[Event]) -> RenderableType | None:
        shows = _counted(events)
        if not shows:
            return None
        return Group(*(self._show(e) for e in shows))

    def _show(self, event: Event) -> RenderableType:
        d: dict[str, Any] = dict(event.data)
        what = _("crib") if d["what"] == "crib" else _("hand")
        head = Text(_("Seat {seat} {what}: ").format(seat=event.seat, what=what), style="bold")
        head.append_text(self.cards(d["cards"]))
        head.append(" + ")
        head.append_text(self.cards([d["starter"]]))
        head.append(_(" = {points}").format(points=d["points"]), style="bold yellow")
        if "claimed" in d:
            head.append("  " + _("(claimed {points})").format(points=d["claimed"]))
        lines: list[RenderableType] = [head]
        for combo in d.get("breakdown", []):
            line = Text("    ")
            line.append_text(self.cards(combo["cards"]))
            line.append(f"  {call(str(combo['kind']), int(combo['points']))}")
            lines.append(line)
        return Group(*lines)

    def advisor(self, seen: Seen) -> RenderableType:
        """The game's advice (:meth:`~cardtable.engine.State.advice`): the best ways to lay
        away two of six cards, with the kept hand's, the crib's and the pegging's expected
        points and the chance to win the game after each."""
        rows = seen.advice
        if not rows:
            return Text(_("The advisor helps with the two-player discard of six cards."))
        hand = seen.obs.get("hand") or []
        # Two of the hand's cards go to the crib: 15 ways for six cards.
        ways = comb(len(hand), 2)
        table = Table(
            _("Lay away"),
            _("Keep"),
            _("Hand"),
            _("Crib"),
            _("Net"),
            _("Pegging"),
            _("Win chance"),
            caption=_(
                "The best {shown} of the {total} ways to lay away two cards, by expected points"
            ).format(shown=len(rows), total=ways),
        )
        for row in rows:
            table.add_row(
                self.cards(_strings(row["discard"])),
                self.cards(_strings(row["keep"])),
                f"{_number(row['hand']):.2f}",
                # The crib's points count for the dealer (+) and against the other seat (-).
                f"{_number(row['crib']):+.2f}",
                f"{_number(row['net']):.2f}",
                # Our expected pegs less the opponent's, under the rules bot's pegging.
                f"{_number(row.get('pegs')):+.2f}",
                "–" if row.get("win") is None else f"{_number(row.get('win')):.1%}",
            )
        return table

    def breakdown(self, seen: Seen) -> RenderableType:
        events = seen.events
        shows = _counted(events)
        if not shows:
            return Text(_("No hand has been counted yet."))
        # The last deal's counted hands.
        last_deal = max((i for i, e in enumerate(events) if e.type == "deal"), default=0)
        recent = _counted(events[last_deal:]) or shows[-3:]
        return Group(*(self._show(e) for e in recent))

    def panels(self) -> list[Panel]:
        return [
            Panel("a", _("Discard advisor"), self.advisor),
            Panel("b", _("Counted hands"), self.breakdown),
        ]
