"""Who watches a table and what its chat rooms said: the names a presence carries, and the
log a client is sent when it joins a room (on connect, and when its seat changes).

>>> watcher_names(["Dan", "Carol", "Dan"], {"p2": (10.0, ["Ann"])}, moment=5.0)
['Ann', 'Carol', 'Dan']
>>> watcher_names(["Dan"], {"p2": (1.0, ["Ann"])}, moment=5.0)
['Dan']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from cardtable.i18n import using_language
from cardtable.server.accounts_store import Accounts
from cardtable.server.store import Store
from cardtable.table.clock import aware
from cardtable.table.view import shown_name

__all__ = ["CHAT_LOG_LINES", "MAX_WATCHERS", "chat_log", "watcher_names"]

#: How many lines of a room's chat a client is sent when it enters the room.
CHAT_LOG_LINES = 100

#: How many watchers' names a presence carries (the count says how many there are).
MAX_WATCHERS = 20


def watcher_names(
    here: Iterable[str],
    remote: Mapping[str, tuple[float, Sequence[str]]],
    moment: float,
) -> list[str]:
    """The names of who watches: this process's spectators and those other processes told of
    (while their notice lasts, ``(until, names)`` by process), each once, sorted, at most
    :data:`MAX_WATCHERS`."""
    names = set(here)
    for until, theirs in remote.values():
        if until > moment:
            names.update(theirs)
    return sorted(names)[:MAX_WATCHERS]


async def chat_log(
    store: Store, table_id: str, room: str, reader: str | None = None, language: str = "en"
) -> dict[str, Any]:
    """The ``chat_log`` message of one room of a table: its last lines, oldest first, read
    from the database (lines sent through other processes are there too), without the lines
    of the players ``reader`` muted; each line with its ``id`` (to mute its author by), a
    deleted account's name in the reader's ``language``."""
    lines = await Accounts(store).chat_lines(table_id, room, CHAT_LOG_LINES, reader)
    with using_language(language):
        said = [
            {
                "id": line.id,
                "from": shown_name(line.name),
                "text": line.text,
                "at": aware(line.at).isoformat(),
            }
            for line in lines
        ]
    return {"type": "chat_log", "lines": said}
