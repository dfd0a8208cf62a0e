"""The ratings' routes of the HTTP API (``docs/protocol.md``): a player's profile and a game's
leaderboard, for any signed-in user.

>>> sorted(r.path for r in router.routes)
['/api/leaderboard/{game}', '/api/players/{player}']
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path
from starlette.exceptions import HTTPException

from cardtable.errors import CardtableError
from cardtable.server.edge import Edge, Me, edge_of
from cardtable.server.protocol import HTTPErrorOut
from cardtable.server.ratings_protocol import LeaderboardOut, ProfileOut
from cardtable.server.ratings_reads import leaderboard, profile
from cardtable.server.schema import answers
from cardtable.table.errors import Fault, TableError

__all__ = ["router"]

router = APIRouter(prefix="/api")
Edges = Annotated[Edge, Depends(edge_of)]


@router.get(
    "/players/{player}",
    response_model=None,
    responses=answers(Fault.NO_USER, checked=True)
    | {200: {"model": ProfileOut}, 404: {"model": HTTPErrorOut, "description": "code: not-found"}},
)
async def player(
    player: Annotated[str, Path(max_length=210)], user: Me, edge: Edges
) -> dict[str, Any]:
    """A player's rating in each game they played rated, with its history, and their recent
    rated games with their replays: a person by user id, a bot as ``bot:SPEC``."""
    found = await profile(edge.store, player, user.language)
    if found is None:
        raise HTTPException(404)  # answered as not-found: "there is nothing at ..."
    return found


@router.get(
    "/leaderboard/{game}",
    response_model=None,
    responses=answers(Fault.NO_USER, Fault.BAD_TABLE, checked=True)
    | {200: {"model": LeaderboardOut}},
)
async def board(game: Annotated[str, Path(max_length=40)], user: Me, edge: Edges) -> dict[str, Any]:
    """The people with enough rated games of ``game`` (``min_games``), best first, and the
    bots apart."""
    try:
        return await leaderboard(edge.store, game, user.language)
    except CardtableError as err:
        raise TableError(Fault.BAD_TABLE, str(err)) from None
