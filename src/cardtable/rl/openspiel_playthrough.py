"""OpenSpiel playthroughs of cardtable games: write them, and check them as OpenSpiel checks
its own games' (replay the recorded actions, regenerate the text, compare).

A playthrough (OpenSpiel's ``generate_playthrough``) is one random game written out state by
state: the game's type and sizes, then, for the states it shows, every player's strings and
tensors, the legal actions and the action taken. Checked-in playthroughs catch any change of
what a game shows a player. Regenerate them after a deliberate change::

    python -m cardtable.rl.openspiel_playthrough tests/data/playthroughs
    python -m cardtable.rl.openspiel_playthrough DIR 'cardtable_cribbage(deck=tiny,deal=cards)'

The first form rewrites every file of the folder from the game and actions it records; the
second writes a new file for each game string given. A long playthrough is kept compressed.

>>> text = playthrough("cardtable_cribbage(deal=cards,deck=tiny)", seed=1)
>>> text.splitlines()[0], "PublicObservationString()" in text
('game: cardtable_cribbage(deal=cards,deck=tiny)', True)
"""

from __future__ import annotations

import argparse
import gzip
import os
from collections.abc import Sequence
from pathlib import Path

from open_spiel.python.algorithms import generate_playthrough

from cardtable.errors import CardtableError
from cardtable.rl.openspiel import register

__all__ = ["file_name", "main", "playthrough", "read", "recorded", "replay", "write"]


#: A playthrough longer than this (characters) is kept gzip-compressed (``.txt.gz``).
COMPRESS_ABOVE = 500_000


def playthrough(game_string: str, seed: int = 0, actions: Sequence[int] = ()) -> str:
    """The playthrough of one game of ``game_string``: the ``actions`` given, then random ones
    drawn from ``seed`` to the end."""
    register(bots=False)
    return str(generate_playthrough.playthrough(game_string, list(actions), seed=seed))


def file_name(game_string: str, text: str = "") -> str:
    """The file the playthrough ``text`` of ``game_string`` is kept in.

    >>> file_name("cardtable_kloepper(target=1)")
    'cardtable_kloepper(target=1).txt'
    """
    return f"{game_string}.txt" + (".gz" if len(text) > COMPRESS_ABOVE else "")


def read(path: str | os.PathLike[str]) -> str:
    """The text of a playthrough file (plain or gzip-compressed)."""
    data = Path(path).read_bytes()
    if str(path).endswith(".gz"):
        data = gzip.decompress(data)
    return data.decode("utf-8")


def write(folder: str | os.PathLike[str], game_string: str, seed: int = 0) -> Path:
    """Write the playthrough of ``game_string`` into ``folder``; returns its path."""
    text = playthrough(game_string, seed)
    path = Path(folder) / file_name(game_string, text)
    _save(path, text)
    return path


def _save(path: Path, text: str) -> None:
    data = text.encode("utf-8")
    if path.name.endswith(".gz"):
        data = gzip.compress(data, mtime=0)  # no time stamp: the same text, the same bytes
    path.write_bytes(data)


def recorded(text: str) -> tuple[str, list[int]]:
    """The game string and the actions a playthrough records (its ``game:`` and ``action:``
    lines, as OpenSpiel's replay reads them).

    >>> recorded("game: kuhn_poker\\n\\n# State 0\\naction: 2\\naction: 0\\n")
    ('kuhn_poker', [2, 0])
    """
    game = ""
    actions = []
    for line in text.splitlines():
        if line.startswith("game: "):
            game = line[len("game: ") :]
        elif line.startswith("action: "):
            actions.append(int(line[len("action: ") :]))
    if not game:
        raise CardtableError("not a playthrough: it has no 'game:' line")
    return game, actions


def replay(path: str | os.PathLike[str]) -> tuple[str, str]:
    """The playthrough file at ``path`` and the text its game and actions give now (equal
    where nothing a player sees has changed)."""
    original = read(path)
    game, actions = recorded(original)
    return original, playthrough(game, actions=actions)


def main(argv: Sequence[str] | None = None) -> None:
    """Regenerate every playthrough of a folder, or write new ones (see the module's docs)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folder", help="the folder of playthrough files")
    parser.add_argument("games", nargs="*", help="game strings to write new playthroughs of")
    parser.add_argument("--seed", type=int, default=0, help="seed of the new games' actions")
    args = parser.parse_args(argv)
    if args.games:
        for game in args.games:
            print(f"wrote {write(args.folder, game, args.seed)}")
        return
    for path in sorted(Path(args.folder).glob("*.txt*")):
        original, new = replay(path)
        if original != new:
            _save(path, new)
            print(f"updated {path}")


if __name__ == "__main__":
    main()
