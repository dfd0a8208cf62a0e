"""Kloepper's face in the terminal (found by the game's name: :mod:`cardtable.play.tui.faces`):
scores to the target, each seat's side as far as the viewer knows it,
card points and tricks taken, the call, the knock, the trick on the table, the deal's tricks
and the scoring table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from rich.console import Group, RenderableType
from rich.progress_bar import ProgressBar
from rich.table import Table
from rich.text import Text

from cardtable.engine import Event
from cardtable.games.kloepper.text import RESULT_NAMES, result_name
from cardtable.i18n import N_, _, join_and
from cardtable.play.tui.face import Obs, Panel, Seen, TableFace, register_face

__all__ = ["KloepperFace", "role_name"]

_ROLES = {
    "queens": N_("queens team"),
    "alone": N_("alone"),
    "opponents": N_("opponent"),
}

_SUITS = {
    "clubs": N_("clubs"),
    "hearts": N_("hearts"),
    "spades": N_("spades"),
    "trumps": N_("trumps"),
}


def role_name(role: str | None) -> str:
    """A seat's side in words, ``?`` while the viewer cannot tell.

    >>> role_name("queens"), role_name(None)
    ('queens team', '?')
    """
    return _(_ROLES[role]) if role in _ROLES else "?"


@register_face
class KloepperFace(TableFace):
    game_name: ClassVar[str] = "kloepper"

    def board(self, obs: Obs, players: Sequence[str], viewer: int | None) -> RenderableType:
        target = int(obs.get("target", 30))
        scores = obs.get("scores", [])
        roles = obs.get("roles", [None] * 4)
        taken = obs.get("card_points", [0] * 4)
        tricks = obs.get("tricks_won", [0] * 4)
        table = Table(
            _("Seat"),
            _("Side"),
            _("Card points"),
            _("Tricks"),
            _("Score"),
            "",
            box=None,
            padding=(0, 1),
        )
        for column in table.columns[:-1]:
            column.no_wrap = True
        for seat, score in enumerate(scores):
            side = Text(role_name(roles[seat]))
            if roles[seat] in ("queens", "alone"):
                side.stylize("bold magenta")
            # The bar takes the width left over, down to nothing: the rows never wrap.
            bar = ProgressBar(
                total=target, completed=min(int(score), target), complete_style="cyan"
            )
            table.add_row(
                self.seat_name(seat, players, viewer),
                side,
                str(taken[seat]),
                str(tricks[seat]),
                f"{score}/{target}",
                bar,
            )
        return table

    def table(self, obs: Obs, players: Sequence[str], viewer: int | None) -> RenderableType:
        grid = Table(box=None, padding=(0, 1), show_header=False)
        grid.add_column(style="bold", no_wrap=True)
        grid.add_column()
        # The trick first: on a small terminal the table scrolls (a hint's reasons take room),
        # and the cards of the trick, the last trick and a knock must show.
        # Tricks a deal: the trick's number less one and the most cards a seat still holds (six
        # with the full pack, two with the tiny one); once every card is played, the number.
        number = int(obs.get("trick_number") or 1)
        tricks = max(number, number - 1 + max(obs.get("hand_sizes") or [0]))
        trick = Text(f"{number}/{tricks}", style="bold")
        for play in obs.get("trick", []):
            trick.append("  " + _("seat {seat}").format(seat=play["seat"]) + " ")
            trick.append_text(self.cards([play["card"]]))
        grid.add_row(_("Trick"), trick)
        done = obs.get("tricks") or []
        if done and not obs.get("trick"):
            # The trick just taken stays in sight until the next card is led.
            grid.add_row(_("Last trick"), self._trick_line(done[-1]["cards"], done[-1]))
        knocker = obs.get("knocker")
        if knocker is not None:
            if obs.get("lone_knock"):
                knock = _("seat {seat} knocked alone").format(seat=knocker)
            else:
                knock = _("seat {seat} knocked").format(seat=knocker)
            off = obs.get("knock_off")
            if off is not None:
                knock += "; " + _("seat {seat} knocked off").format(seat=off)
            grid.add_row(_("Knock"), Text(knock, style="bold red"))
        elif obs.get("may_knock"):
            grid.add_row(_("Knock"), Text(_("you may knock now"), style="yellow"))
        dealer = obs.get("dealer")
        grid.add_row(_("Deal"), Text(str(obs.get("deal_number"))))
        if isinstance(dealer, int):
            grid.add_row(_("Dealer"), Text(self.seat_name(dealer, players, viewer)))
        call, caller = obs.get("call"), obs.get("caller")
        if call is not None and caller is not None:
            grid.add_row(
                _("Call"), self.line(_("seat {seat} called {ace}").format(seat=caller, ace=call))
            )
        elif obs.get("phase") != "declare":
            grid.add_row(_("Call"), Text(_("no call")))
        partner = obs.get("partner")
        if partner is not None:
            grid.add_row(_("Partner"), Text(self.seat_name(partner, players, viewer)))
        by_seat = {p["seat"]: p["card"] for p in obs.get("trick", [])}
        sizes = obs.get("hand_sizes", [])
        for seat in range(int(obs.get("players", 4))):
            row = self.cards([by_seat[seat]]) if seat in by_seat else Text("  ", style="dim")
            if seat != viewer and seat < len(sizes):
                row.append("   " + "▮" * int(sizes[seat]), style="blue")
            voids = obs.get("voids", [[]] * 4)[seat]
            if voids:
                suits = ", ".join(_(_SUITS.get(v, v)) for v in voids)
                row.append("   " + _("void: {suits}").format(suits=suits), style="dim")
            grid.add_row(self.seat_name(seat, players, viewer), row)
        return grid

    def _trick_line(self, cards: Sequence[str], trick: Mapping[str, Any]) -> Text:
        """A trick's cards and who took it for how many card points."""
        line = self.cards(list(cards))
        line.append(
            "  → "
            + _("seat {seat}, {points}").format(seat=trick["winner"], points=trick["points"]),
            style="bold",
        )
        return line

    prompts_viewer = True

    def waiting(self, obs: Obs, name: str) -> str:
        phase = obs.get("phase")
        if phase == "declare":
            return _("{name} is declaring.").format(name=name)
        if phase == "knock-off":
            return _("{name} may knock off or pass.").format(name=name)
        return _("{name} to play to trick {trick}.").format(
            name=name, trick=obs.get("trick_number")
        )

    def last_play(self, obs: Obs, events: Sequence[Event]) -> RenderableType:
        # The tricks of the current deal, one line each, and the trick on the table.
        lines: list[RenderableType] = []
        current: list[str] = []
        for event in events:
            if event.type == "deal":
                lines, current = [], []
            elif event.type == "play":
                current.append(str(event.data["card"]))
            elif event.type == "trick":
                trick = {"winner": event.seat, "points": event.data["points"]}
                lines.append(self._trick_line(list(event.data["cards"]), trick))
                current = []
        if current:
            lines.append(self.cards(current))
        if not lines:
            return Text(_("Nothing has been played in this deal yet."))
        return Group(*lines)

    def deal_summary(self, events: Sequence[Event]) -> RenderableType | None:
        scores = [e for e in events if e.type == "deal score"]
        if not scores:
            return None
        # The box stands over the next deal's empty table: it shows the last trick itself.
        tricks = [e for e in events if e.type == "trick"]
        parts: list[RenderableType] = []
        if tricks:
            last = tricks[-1]
            line = Text(_("Last trick") + ": ", style="bold")
            line.append_text(
                self._trick_line(
                    list(last.data["cards"]), {"winner": last.seat, "points": last.data["points"]}
                )
            )
            parts.append(line)
        parts.extend(self._score(e) for e in scores)
        return Group(*parts)

    def _score(self, event: Event) -> RenderableType:
        d: dict[str, Any] = dict(event.data)
        queens = join_and(str(s) for s in d["queens"])
        if d.get("alone"):
            head = _("Seat {seats} played alone").format(seats=queens)
        elif d.get("call"):
            head = _("Queens team: seats {seats} (called {ace})").format(
                seats=queens, ace=d["call"]
            )
        else:
            head = _("Queens team: seats {seats}").format(seats=queens)
        lines: list[RenderableType] = [self.line(head, "bold")]
        lines.append(
            Text(
                _("{points} card points, {tricks} tricks").format(
                    points=d["card_points"], tricks=d["tricks"]
                )
            )
        )
        winners = join_and(str(s) for s in d["winners"])
        lines.append(
            Text(
                _("{result}: seats {seats} +{points} each").format(
                    result=result_name(str(d["result"])), seats=winners, points=d["points"]
                ),
                style="bold yellow",
            )
        )
        return Group(*lines)

    def tricks(self, seen: Seen) -> RenderableType:
        done = seen.obs.get("tricks", [])
        if not done:
            return Text(_("No trick has been taken in this deal yet."))
        table = Table(_("Trick"), _("Cards"), _("Winner"), _("Points"), box=None)
        for i, trick in enumerate(done, 1):
            table.add_row(
                str(i), self.cards(trick["cards"]), str(trick["winner"]), str(trick["points"])
            )
        return table

    def scoring(self, seen: Seen) -> RenderableType:
        table = Table(_("Result"), _("Points each"), box=None)
        values = getattr(self.game, "table", {})
        for key in RESULT_NAMES:
            table.add_row(result_name(key), str(values.get(key, "")))
        return table

    def panels(self) -> list[Panel]:
        return [
            Panel("a", _("Tricks of this deal"), self.tricks),
            Panel("b", _("Scoring table"), self.scoring),
        ]
