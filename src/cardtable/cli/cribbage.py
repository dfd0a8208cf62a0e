"""``cardtable cribbage ...``: score a show, rank discards, and the exact score distributions."""

from __future__ import annotations

import time
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from cardtable.cards import card_str, parse_card, parse_cards, rank_of
from cardtable.cli.common import out, user_errors
from cardtable.cli.render import card_text, cards_text, rich_format
from cardtable.cli.usage import CommandGroup
from cardtable.errors import CardError
from cardtable.games.cribbage.analysis import discard_advice, mean_score, score_distribution
from cardtable.games.cribbage.scoring import breakdown, score_hand
from cardtable.games.cribbage.text import reason_name
from cardtable.i18n import _

__all__ = ["app"]

app = typer.Typer(
    cls=CommandGroup,
    help="Cribbage tools: score a hand, choose a discard, see how hands score.",
    no_args_is_help=True,
    add_completion=False,
)


def _distinct(cards: list[int]) -> None:
    repeated = sorted({card_str(c) for c in cards if cards.count(c) > 1})
    if repeated:
        raise CardError(
            _("the hand holds {cards} more than once; cards must differ").format(
                cards=", ".join(repeated)
            )
        )


@app.command()
@user_errors
def score(
    cards: Annotated[
        list[str], typer.Argument(help="the four cards of the hand, e.g. 5H 5D 5C JS")
    ],
    starter: Annotated[str, typer.Option("--starter", "-s", help="the starter (turn-up) card")],
    crib: Annotated[
        bool, typer.Option("--crib", help="count as a crib: a flush needs the starter too")
    ] = False,
) -> None:
    """Count a show: every fifteen, pair, run, flush and nobs, and the total."""
    hand = parse_cards(" ".join(cards))
    if len(hand) != 4:
        raise CardError(
            _("a hand to score holds 4 cards, not {count} (the starter: --starter)").format(
                count=len(hand)
            )
        )
    _distinct(hand)
    turn = parse_card(starter)
    if turn in hand:
        raise CardError(_("the starter {card} is also in the hand").format(card=card_str(turn)))
    combos = breakdown(hand, turn, crib)
    console = out()
    title = _("Crib {cards}, starter {starter}") if crib else _("Hand {cards}, starter {starter}")
    console.print(rich_format(title, cards=cards_text(hand), starter=card_text(turn)))
    if combos:
        table = Table(_("Combination"), _("Cards"), _("Points"), _("Total"), title_justify="left")
        running = 0
        for combo in combos:
            running += combo.points
            # Fifteens read lowest card first, the way they are counted aloud.
            shown = sorted(combo.cards, key=rank_of) if combo.kind == "fifteen" else combo.cards
            table.add_row(
                reason_name(combo.kind), cards_text(shown), str(combo.points), str(running)
            )
        console.print(table)
    total = score_hand(hand, turn, crib)
    line = Text(_("Total:") + " ", style="bold")
    line.append(str(total), style="bold yellow")
    if total == 0:
        line.append(" " + _('(a "nineteen": nothing scores)'))
    console.print(line)


@app.command()
@user_errors
def discard(
    cards: Annotated[list[str], typer.Argument(help="the six cards dealt, e.g. 5H 5D 5C JS 4S 6H")],
    dealer: Annotated[bool, typer.Option("--dealer", help="you deal: the crib is yours")] = False,
    pone: Annotated[
        bool, typer.Option("--pone", help="your opponent deals: the crib is theirs")
    ] = False,
    scores: Annotated[
        tuple[int, int] | None,
        typer.Option(
            "--scores",
            help="your score and your opponent's as the deal starts: adds the chance to win",
        ),
    ] = None,
    target: Annotated[
        int, typer.Option("--target", help="points that win a game (121 or 61)")
    ] = 121,
) -> None:
    """Rank all 15 ways to lay away two of six cards by exact expected points (two players),
    with each kept hand's expected pegging and, given the scores, the chance to win."""
    if dealer == pone:
        raise CardError(_("say whose crib it is: give exactly one of --dealer and --pone"))
    hand = parse_cards(" ".join(cards))
    if len(hand) != 6:
        raise CardError(_("a two-player hand holds 6 cards, not {count}").format(count=len(hand)))
    _distinct(hand)
    options = discard_advice(hand, dealer=dealer, scores=scores, target=target)
    console = out()
    if dealer:
        head = _("Dealer holding {cards}: net = hand + crib")
    else:
        head = _("Pone holding {cards}: net = hand - crib (the crib is the opponent's)")
    console.print(rich_format(head, cards=cards_text(hand)))
    heads = ["#", _("Keep"), _("Lay away"), _("Hand EV"), _("Crib EV"), _("Net"), _("Pegging")]
    table = Table(*heads, *([_("Win chance")] if scores is not None else []))
    for rank, option in enumerate(options, 1):
        win = [] if option.win is None else [f"{option.win:.1%}"]
        table.add_row(
            str(rank),
            cards_text(option.keep),
            cards_text(option.discard),
            f"{option.hand_ev:.3f}",
            f"{option.crib_ev:.3f}",
            Text(f"{option.net:.3f}", style="bold" if rank == 1 else ""),
            f"{option.pegs:+.2f}",
            *win,
        )
    console.print(table)
    console.print(
        _("Exact averages over every starter and every toss the opponent could make."),
        style="dim",
    )
    console.print(
        _(
            "Pegging: your expected pegs less your opponent's, both pegging by rules of thumb "
            "(simulated)."
        ),
        style="dim",
    )


@app.command()
@user_errors
def stats() -> None:
    """The exact distribution of hand and crib scores over all 12,994,800 deals."""
    started = time.perf_counter()
    hand = score_distribution(crib=False)
    crib = score_distribution(crib=True)
    elapsed = time.perf_counter() - started
    deals = sum(hand.values())
    table = Table(_("Score"), _("Hands"), _("Share"), _("Cribs"), _("Share"))
    for points in sorted(hand):
        row = [str(points)]
        for dist in (hand, crib):
            count = dist[points]
            row += [f"{count:,}", f"{100 * count / deals:.5f}%"]
        table.add_row(*row, style="dim" if hand[points] == crib[points] == 0 else "")
    table.add_section()
    table.add_row(_("total"), f"{deals:,}", "100%", f"{sum(crib.values()):,}", "100%")
    table.add_row(_("mean"), f"{mean_score(hand):.4f}", "", f"{mean_score(crib):.4f}", "")
    console = out()
    console.print(table)
    console.print(
        _(
            "Every four-card hand with every starter ({deals:,} deals), counted exactly "
            "in {elapsed:.3f} s."
        ).format(deals=deals, elapsed=elapsed)
    )
