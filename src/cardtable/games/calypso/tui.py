"""Calypso's face in the terminal (found by the game's name: :mod:`cardtable.play.tui.faces`):
the partnerships' scores, every player's calypso as a row of 13 slots, the
trick in the middle, the trick piles, renounce markers, the trick rule, and the scoring sheet at
the end of each round."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cardtable.cards import SUIT_LETTERS, SUIT_SYMBOLS
from cardtable.engine import Event
from cardtable.games.calypso.text import reason_words, rule_words, suit_words
from cardtable.i18n import _
from cardtable.play.tui.face import Obs, TableFace, register_face

__all__ = ["CalypsoFace"]

# The calypso's slots, ace first as the cards rank.
_SLOTS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
_SIDE_STYLES = ("cyan", "magenta")


def _symbol(letter: str) -> str:
    return SUIT_SYMBOLS[SUIT_LETTERS.index(letter)]


@register_face
class CalypsoFace(TableFace):
    game_name: ClassVar[str] = "calypso"

    def board(self, obs: Obs, players: Sequence[str], viewer: int | None) -> RenderableType:
        """The two partnerships: their suits, this round's points so far, the game total."""
        suits = obs.get("suits") or ["S", "C", "H", "D"]
        points = obs.get("points") or [0, 0, 0, 0]
        scores = obs.get("scores") or [0, 0, 0, 0]
        table = Table(
            _("Partnership"),
            _("Suits"),
            _("This round"),
            _("Total"),
            box=None,
            padding=(0, 1),
        )
        for side in (0, 1):
            seats = (side, side + 2)
            names = " + ".join(self.seat_name(s, players, viewer) for s in seats)
            table.add_row(
                Text(names, style=_SIDE_STYLES[side]),
                " ".join(_symbol(suits[s]) for s in seats),
                str(points[side] + points[side + 2]),
                Text(str(scores[side]), style="bold"),
            )
        return table

    def calypso_row(self, suit: str, cards: Sequence[str]) -> Text:
        """Thirteen slots, A down to 2: the ranks the calypso holds face up, the rest dots."""
        have = {c[:-1] for c in cards}
        row = Text()
        for rank in _SLOTS:
            if rank in have:
                row.append_text(self.card(rank + suit))
            else:
                row.append("·" + " " * len(rank), style="dim")
            row.append(" ")
        return row

    def table(self, obs: Obs, players: Sequence[str], viewer: int | None) -> RenderableType:
        grid = Table(box=None, padding=(0, 1), show_header=False)
        grid.add_column(style="bold", no_wrap=True)
        grid.add_column()
        # The trick first: on a small terminal the table scrolls, and the trick must show.
        grid.add_row(_("Trick"), self.trick_line(obs.get("trick") or [], players, viewer))
        last = obs.get("last_trick")
        if last and not obs.get("trick"):
            line = self.trick_line(last["cards"], players, viewer)
            line.append(
                "  → "
                + _("{name}: {why}").format(
                    name=self.seat_name(int(last["winner"]), players, viewer),
                    why=reason_words(str(last["reason"])),
                ),
                style="bold",
            )
            grid.add_row(_("Last trick"), line)
        grid.add_row(_("Trick rule"), Text(rule_words(str(obs.get("trick_rule")))))
        grid.add_row(
            _("Round, deal"),
            Text(
                _("round {round} of {rounds}, deal {deal} of 4").format(
                    round=obs.get("round"), rounds=obs.get("rounds"), deal=obs.get("deal")
                )
            ),
        )
        dealer = obs.get("dealer")
        if isinstance(dealer, int):
            grid.add_row(_("Dealer"), Text(self.seat_name(dealer, players, viewer)))
        grid.add_row(_("Undealt"), Text(str(obs.get("undealt", 0))))
        suits = obs.get("suits") or ["S", "C", "H", "D"]
        sizes = obs.get("hand_sizes") or [0] * 4
        calypsos = obs.get("calypsos") or [[]] * 4
        completed = obs.get("completed") or [0] * 4
        piles = obs.get("pile_sizes") or [0] * 4
        voids = obs.get("voids") or [[]] * 4
        for seat in range(4):
            name = Text(
                f"{self.seat_name(seat, players, viewer)} {_symbol(suits[seat])}",
                style=_SIDE_STYLES[seat % 2],
            )
            row = self.calypso_row(suits[seat], calypsos[seat])
            if completed[seat]:
                row.append(
                    _("calypsos: {count}").format(count=completed[seat]) + "  ",
                    style="bold yellow",
                )
            row.append(_("pile {count}").format(count=piles[seat]), style="dim")
            if seat != viewer:
                row.append("  " + "▮" * int(sizes[seat]), style="blue")
            if voids[seat]:
                shown = " ".join(_symbol(s) for s in voids[seat])
                row.append("  " + _("void: {suits}").format(suits=shown), style="red")
            grid.add_row(name, row)
        return grid

    def trick_line(
        self, plays: Sequence[dict[str, Any]], players: Sequence[str], viewer: int | None
    ) -> Text:
        if not plays:
            return Text("–", style="dim")
        line = Text()
        for i, play in enumerate(plays):
            if i:
                line.append("  ")
            line.append(f"{play['seat']}:", style=_SIDE_STYLES[int(play["seat"]) % 2])
            line.append_text(self.card(str(play["card"])))
        return line

    prompts_viewer = True

    def waiting(self, obs: Obs, name: str) -> str:
        if obs.get("trick"):
            return _("{name} to play; {suit} was led.").format(
                name=name, suit=suit_words(obs.get("led"))
            )
        return _("{name} to lead.").format(name=name)

    def last_play(self, obs: Obs, events: Sequence[Event]) -> RenderableType:
        """The tricks of the current deal, one line each with its winner and why."""
        tricks: list[Event] = []
        for event in events:
            if event.type == "deal":
                tricks = []
            elif event.type == "trick":
                tricks.append(event)
        if not tricks:
            return Text(_("No trick has been taken in this deal yet."))
        lines = []
        for number, event in enumerate(tricks, 1):
            line = Text(f"{number:>2}. ")
            plays = [
                {"seat": s, "card": c}
                for s, c in zip(event.data["seats"], event.data["cards"], strict=True)
            ]
            line.append_text(self.trick_line(plays, (), None))
            line.append(
                "  → "
                + _("seat {seat}: {why}").format(
                    seat=event.seat, why=reason_words(str(event.data["reason"]))
                )
            )
            lines.append(line)
        return Group(*lines)

    def deal_summary(self, events: Sequence[Event]) -> RenderableType | None:
        """The scoring sheet when a round ended in these events (only then: deals in between
        score nothing)."""
        rounds = [e for e in events if e.type == "round over"]
        if not rounds:
            return None
        return self.score_sheet(rounds[-1])

    def score_sheet(self, event: Event) -> RenderableType:
        d: dict[str, Any] = dict(event.data)
        table = Table(
            _("Seat"),
            _("Calypsos"),
            _("Unfinished"),
            _("Trick pile"),
            _("Points"),
            title=_("Round {round}: the scoring").format(round=d["round"]),
        )
        for row in d["seats"]:
            table.add_row(
                Text(
                    _("Seat {seat}").format(seat=row["seat"]), style=_SIDE_STYLES[row["seat"] % 2]
                ),
                f"{row['calypsos']} = {row['calypso_points']}",
                f"{row['in_progress']} × 20 = {row['in_progress_points']}",
                f"{row['pile']} × 10 = {row['pile_points']}",
                Text(str(row["points"]), style="bold"),
            )
        sides, totals = d["sides"], d["totals"]
        for side in (0, 1):
            table.add_row(
                Text(_("Seats {a} + {b}").format(a=side, b=side + 2), style=_SIDE_STYLES[side]),
                "",
                "",
                "",
                Text(
                    _("{points} (total {total})").format(points=sides[side], total=totals[side]),
                    style="bold yellow",
                ),
            )
        return table
