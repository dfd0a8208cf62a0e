"""A bot for a cardtable server in plain Python: httpx and websockets, no cardtable import.

It is the whole bot API (``docs/bots-api.md``) in one file, for a program that is not
cardtable's: it asks for its invitations, takes each up, and plays the table over the
websocket, choosing among the legal moves the server sends (here at random: put your own
program in ``choose``). Run it against a local server::

    cardtable serve &
    # in the browser: make an account, then a bot under "Bots", and copy its token
    python examples/bot_client.py http://127.0.0.1:8000 --token ctb_... --games 1

It plays ``--games`` games (0: until Ctrl-C) and prints one line per game.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
from typing import Any

import httpx
from websockets.asyncio.client import connect


def choose(view: dict[str, Any], rng: random.Random) -> str:
    """The move to send: one of ``view["legal"]``'s ``move`` texts. ``view["observation"]``
    holds everything the seat may know (its hand, the table, the scores)."""
    return str(rng.choice(view["legal"])["move"])


async def play_table(base: str, token: str, table: str, rng: random.Random) -> dict[str, Any]:
    """Play one table until the game is over; its last view."""
    url = base.replace("http", "ws", 1) + f"/ws/tables/{table}"
    async with connect(url, additional_headers={"Authorization": f"Bearer {token}"}) as socket:
        async for raw in socket:
            message = json.loads(raw)
            if message["type"] != "view":
                continue  # presence, chat, chat_log, errors: a bot may ignore them
            if message["status"] in ("over", "abandoned"):
                return dict(message)
            if message["legal"]:  # this seat's turn
                move = choose(message, rng)
                await socket.send(json.dumps({"type": "move", "ply": message["ply"], "move": move}))
    raise ConnectionError("the server closed the table's connection")


async def main(base: str, token: str, games: int, poll: float) -> int:
    rng = random.Random()
    headers = {"Authorization": f"Bearer {token}"}
    played = 0
    async with httpx.AsyncClient(base_url=base, headers=headers, timeout=15) as http:
        me = await http.get("/api/me")
        if me.status_code != 200:
            print("error:", me.json()["error"]["message"], file=sys.stderr)
            return 2
        print("signed in as", me.json()["name"], flush=True)
        while games == 0 or played < games:
            invitations = (await http.get("/api/bot/invitations")).json()["invitations"]
            if not invitations:
                await asyncio.sleep(poll)
                continue
            invitation = invitations[0]
            taken = await http.post(f"/api/bot/invitations/{invitation['id']}/accept")
            if taken.status_code != 200:
                continue  # the seat went, or the game began: the next one
            final = await play_table(base, token, invitation["table"], rng)
            played += 1
            print(f"table {invitation['table']}: {final['result_text']}", flush=True)
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url", help="the server, e.g. http://127.0.0.1:8000")
    parser.add_argument("--token", required=True, help="the bot account's token")
    parser.add_argument("--games", type=int, default=0, help="games to play (0: until Ctrl-C)")
    parser.add_argument("--poll", type=float, default=3.0, help="seconds between looks")
    args = parser.parse_args()
    try:
        sys.exit(asyncio.run(main(args.url.rstrip("/"), args.token, args.games, args.poll)))
    except KeyboardInterrupt:
        sys.exit(0)
