"""``cardtable replay --review``: a finished game reviewed from one seat by the expert, printed
as words (or as JSON), each decision where the expert would have chosen otherwise with what it
cost on the expert's reckoning."""

from __future__ import annotations

import json
from collections.abc import Mapping

import typer
from rich.console import Console
from rich.text import Text

from cardtable.bots.review import review_game
from cardtable.bots.review_words import review_words
from cardtable.cli.common import progress_bar
from cardtable.engine import State
from cardtable.i18n import _, game_title
from cardtable.play.look import colour_cards

__all__ = ["default_seat", "print_review"]


def default_seat(meta: Mapping[str, object]) -> int:
    """The seat to review when none is named: the first a person played (``meta.players``
    as ``cardtable play`` writes it), else seat 0.

    >>> default_seat({"players": ["easy", "human"]}), default_seat({})
    (1, 0)
    """
    players = meta.get("players")
    if isinstance(players, list) and "human" in players:
        return players.index("human")
    return 0


def print_review(
    console: Console,
    final: State,
    seat: int,
    spec: str = "expert",
    as_json: bool = False,
    four_colour: bool = False,
) -> None:
    """Review ``seat``'s play in the finished game ``final`` with bot ``spec`` and print it
    (a progress bar on a terminal while the expert thinks)."""
    record = final.to_record()
    with progress_bar(console) as bar:
        task = bar.add_task(_("The expert weighs each decision"), total=None)

        def progress(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        review = review_game(record, seat, spec, progress=progress)
    words = review_words(review, record)
    if as_json:
        typer.echo(json.dumps(words, ensure_ascii=False, indent=1))
        return
    console.print(
        Text.assemble(
            (game_title(final.game), "bold"),
            " "
            + (
                _("reviewed by the expert")
                if spec == "expert"
                else _("reviewed by bot {bot}").format(bot=spec)
            ),
        )
    )
    console.print(words["summary"])
    for line in words["lines"]:
        console.print(colour_cards(line["text"], four_colour=four_colour))
