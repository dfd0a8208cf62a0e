"""``GET /api/export``: the open record of games over HTTP (``docs/protocol.md``), for anyone,
signed in or not, at most :data:`RATE` requests a second from one address (in bursts of
:data:`BURST`).

Anyone may ask, because the record names nobody who did not choose it and holds nothing
personal: researchers' scripts need no account, and a cookie would protect nothing (a guest is
one request away). The rate limit is this process's, per address, like the websocket's.

>>> sorted(r.path for r in router.routes)
['/api/export']
"""

from __future__ import annotations

import math
from collections import OrderedDict
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import StreamingResponse

from cardtable.i18n import ngettext, using_language
from cardtable.server.clients import Bucket
from cardtable.server.edge import Edge, edge_of, language_of
from cardtable.server.export import lines, page
from cardtable.server.export_names import (
    Cursor,
    ExportError,
    check_game,
    check_limit,
    parse_since,
)
from cardtable.server.protocol import HTTPErrorOut

__all__ = ["BURST", "RATE", "router"]

router = APIRouter(prefix="/api")
Edges = Annotated[Edge, Depends(edge_of)]

#: Requests a second one address may make, in bursts of this many.
RATE = 1.0
BURST = 10
#: Addresses whose buckets are kept (the least recently seen is forgotten beyond).
_ADDRESSES = 4096
#: The media type of JSON Lines.
NDJSON = "application/x-ndjson"


def _take(request: Request) -> None:
    """Refuse (429 ``too-fast``, with ``Retry-After``) an address past its rate."""
    state = request.app.state
    buckets: OrderedDict[str, Bucket] | None = getattr(state, "export_buckets", None)
    if buckets is None:
        buckets = state.export_buckets = OrderedDict()
    address = request.client.host if request.client is not None else "unknown"
    bucket = buckets.pop(address, None) or Bucket(RATE, BURST)
    buckets[address] = bucket
    while len(buckets) > _ADDRESSES:
        buckets.popitem(last=False)
    if not bucket.take():
        wait = max(1, math.ceil((1 - bucket.tokens) / bucket.rate))
        raise ExportError(
            "too-fast",
            429,
            ngettext(
                "too many export requests: at most {rate} a second from one address; "
                "try again in {seconds} second",
                "too many export requests: at most {rate} a second from one address; "
                "try again in {seconds} seconds",
                wait,
            ).format(rate=f"{RATE:g}", seconds=wait),
            retry_after=wait,
        )


_ANSWERS: dict[int | str, Any] = {
    200: {
        "description": "cardtable-record/1 records, one a line (JSON Lines), oldest first; "
        'the next page\'s address in Link (rel="next") and its cursor in X-Next-Cursor',
        "content": {NDJSON: {}},
    },
    400: {"model": HTTPErrorOut, "description": "codes: bad-request, bad-export"},
    429: {"model": HTTPErrorOut, "description": "codes: too-fast"},
}


@router.get("/export", response_class=StreamingResponse, responses=_ANSWERS)
async def export(
    request: Request,
    edge: Edges,
    game: Annotated[str, Query(max_length=40)],
    since: Annotated[str | None, Query(max_length=40)] = None,
    cursor: Annotated[str | None, Query(max_length=200)] = None,
    limit: int | None = None,
) -> StreamingResponse:
    """The finished rated games of ``game`` finished at ``since`` or later, oldest first by
    finish time, at most ``limit`` (100 unless asked, at most 1,000), as JSON Lines; the next
    page (where there is one) is the address in ``Link``, or this one with ``cursor`` set to
    ``X-Next-Cursor``."""
    with using_language(await language_of(request)):
        _take(request)
        name, most = check_game(game), check_limit(limit)
        moment = parse_since(since)
        after = Cursor.parse(cursor) if cursor is not None else None
    chosen = await page(edge.store, name, moment, after, most)
    headers = {}
    if chosen.next is not None:
        token = chosen.next.token()
        headers["Link"] = f'<{request.url.include_query_params(cursor=token)}>; rel="next"'
        headers["X-Next-Cursor"] = token
    return StreamingResponse(
        lines(edge.store, edge.settings.secret, chosen.rows), media_type=NDJSON, headers=headers
    )
