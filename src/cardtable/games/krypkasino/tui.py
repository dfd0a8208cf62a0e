"""Krypkasino's face in the terminal (found by the game's name: :mod:`cardtable.play.tui.faces`):
the cards on the table and set aside, the stock and the extra deals
left, each player's hand size, captured points and tabbe markers, the teams, what each card in
hand would capture, and the scoring of every hand. Drawn only from one seat's observation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cardtable.engine import Event
from cardtable.i18n import _, ngettext
from cardtable.play.tui.face import Obs, Panel, Seen, TableFace, register_face

__all__ = ["KrypkasinoFace"]

_TEAM_STYLES = ("cyan", "magenta", "yellow", "green", "blue", "red")


@register_face
class KrypkasinoFace(TableFace):
    game_name: ClassVar[str] = "krypkasino"

    def _sides(self, obs: Obs) -> list[list[int]]:
        teams = list(obs.get("teams", []))
        sides: dict[int, list[int]] = {}
        for seat, team in enumerate(teams):
            sides.setdefault(int(team), []).append(seat)
        return list(sides.values())

    def _teamed(self, obs: Obs) -> bool:
        return any(len(side) > 1 for side in self._sides(obs))

    def event_line(self, event: Event) -> Text:
        """An event in words for the log: sweeps and the hands' scores stand out."""
        styles = {"tabbe": "bold red", "hand over": "bold yellow", "extra deal": "cyan"}
        if event.type in styles and event.visible_to is None:
            return self.line(self.game.describe(event), styles[event.type])
        return super().event_line(event)

    def board(self, obs: Obs, players: Sequence[str], viewer: int | None) -> RenderableType:
        """Penalty points: this hand so far and the game, per player or team (low is good)."""
        hand_points = list(obs.get("hand_points", []))
        totals = list(obs.get("totals", []))
        table = Table(
            _("Seat") if not self._teamed(obs) else _("Team"),
            _("This hand"),
            _("Game"),
            box=None,
            padding=(0, 1),
            caption=_("Penalty points: the lowest total wins"),
        )
        for i, side in enumerate(self._sides(obs)):
            names = " + ".join(self.seat_name(s, players, viewer) for s in side)
            now = sum(int(hand_points[s]) for s in side) if hand_points else 0
            total = sum(int(totals[s]) for s in side) if totals else 0
            style = _TEAM_STYLES[i % len(_TEAM_STYLES)] if self._teamed(obs) else ""
            table.add_row(Text(names, style=style), str(now), str(total))
        return table

    def table(self, obs: Obs, players: Sequence[str], viewer: int | None) -> RenderableType:
        grid = Table(box=None, padding=(0, 1), show_header=False)
        grid.add_column(style="bold", no_wrap=True)
        grid.add_column()
        # The cards played to first: on a small terminal the table scrolls, and they must show.
        grid.add_row(_("Table"), self.cards(obs.get("table") or []))
        grid.add_row(
            _("Hand"),
            Text(
                _("{hand} of {hands}").format(
                    hand=obs.get("hand_number"), hands=obs.get("hands_in_game")
                )
            ),
        )
        dealer = obs.get("dealer")
        if isinstance(dealer, int):
            grid.add_row(_("Dealer"), Text(self.seat_name(dealer, players, viewer)))
        grid.add_row(_("Set aside"), self.cards(obs.get("set_aside") or []))
        extra = int(obs.get("extra_deals_left", 0))
        stock = int(obs.get("stock", 0))
        grid.add_row(
            _("Stock"),
            Text(
                ngettext(
                    "{stock} cards, {extra} extra deal left",
                    "{stock} cards, {extra} extra deals left",
                    extra,
                ).format(stock=stock, extra=extra)
            ),
        )
        sizes = list(obs.get("hand_sizes", []))
        captured = list(obs.get("captured", []))
        points = list(obs.get("captured_points", []))
        tabbe = list(obs.get("tabbe_points", []))
        tabbes = list(obs.get("tabbes", []))
        teams = list(obs.get("teams", []))
        last = obs.get("last_capturer")
        teamed = self._teamed(obs)
        for seat in range(len(sizes)):
            row = Text()
            row.append("▮" * int(sizes[seat]), style="blue")
            row.append(
                "  "
                + ngettext(
                    "{count} card taken, worth {points}",
                    "{count} cards taken, worth {points}",
                    len(captured[seat]) if seat < len(captured) else 0,
                ).format(
                    count=len(captured[seat]) if seat < len(captured) else 0,
                    points=points[seat] if seat < len(points) else 0,
                )
            )
            if seat < len(tabbes) and tabbes[seat]:
                row.append("  " + "T" * int(tabbes[seat]), style="bold red")
            if seat < len(tabbe) and tabbe[seat]:
                row.append(
                    "  " + _("tabbe {points:+d}").format(points=int(tabbe[seat])),
                    style="bold red" if tabbe[seat] > 0 else "bold green",
                )
            if seat == last:
                row.append("  " + _("(last capture)"), style="dim")
            name = self.seat_name(seat, players, viewer)
            if teamed and seat < len(teams):
                name = _("{name}, team {team}").format(name=name, team=int(teams[seat]) + 1)
                style = _TEAM_STYLES[int(teams[seat]) % len(_TEAM_STYLES)]
                grid.add_row(Text(name, style=style), row)
            else:
                grid.add_row(name, row)
        return grid

    prompts_viewer = True

    def waiting(self, obs: Obs, name: str) -> str:
        return _("{name} to play.").format(name=name)

    def last_play(self, obs: Obs, events: Sequence[Event]) -> RenderableType:
        """The plays since the last deal (or extra deal), with what each took."""
        recent: list[Event] = []
        for event in events:
            if event.type in ("deal", "extra deal"):
                recent = []
            elif event.type in ("play", "tabbe", "courts"):
                recent.append(event)
        if not recent:
            return Text(_("Nothing has been played since the deal."))
        return Group(*(self.line(self.game.describe(e)) for e in recent[-12:]))

    def deal_summary(self, events: Sequence[Event]) -> RenderableType | None:
        ends = [e for e in events if e.type == "hand over"]
        if not ends:
            return None
        end = ends[-1]
        data: dict[str, Any] = dict(end.data)
        tabbes = [e for e in events if e.type == "tabbe"]
        leftover = [e for e in events if e.type == "leftover"]
        table = Table(_("Seat"), _("Points"), _("Total"), box=None, padding=(0, 1))
        for seat, (points, total) in enumerate(zip(data["points"], data["totals"], strict=True)):
            table.add_row(_("Seat {seat}").format(seat=seat), str(points), str(total))
        lines: list[RenderableType] = [
            Text(_("Hand {hand}: 42 penalty points").format(hand=data["hand"]), style="bold"),
            table,
        ]
        lines += [self.line(self.game.describe(e)) for e in tabbes + leftover]
        return Group(*lines)

    def captures_panel(self, seen: Seen) -> RenderableType:
        """What each card in hand would do now: the moves, grouped by card."""
        obs = seen.obs
        legal = list(obs.get("legal_moves") or [])
        if not legal:
            return Text(_("The capture choices show when it is your turn."))
        table = Table(_("Card"), _("Choices"), box=None, padding=(0, 1))
        takes = list(obs.get("takes") or [[] for _m in legal])
        by_card: dict[str, list[Text]] = {}
        for text, taken in zip(legal, takes, strict=True):
            line = self.line(str(text))
            if taken and " take " not in str(text):
                # ``play C`` with its one capture: the notation leaves the cards out.
                line.append("  " + _("takes") + " ")
                line.append_text(self.cards(taken))
            elif not taken:
                line.append("  " + _("takes nothing"), style="dim")
            by_card.setdefault(str(text).split()[1], []).append(line)
        for card, lines in by_card.items():
            table.add_row(self.cards([card]), Group(*lines))
        return Group(Text(_("Pick a move in the list and press Enter.")), table)

    def piles_panel(self, seen: Seen) -> RenderableType:
        """Every player's captured cards (all of them were face up when taken)."""
        captured = list(seen.obs.get("captured", []))
        table = Table(_("Seat"), _("Captured"), box=None, padding=(0, 1))
        for seat, cards in enumerate(captured):
            table.add_row(_("Seat {seat}").format(seat=seat), self.cards(cards))
        return table

    def panels(self) -> list[Panel]:
        return [
            Panel("a", _("Capture choices"), self.captures_panel),
            Panel("b", _("Captured cards"), self.piles_panel),
        ]
