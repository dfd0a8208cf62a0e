"""Scripts for the play tests: what a person would type to play a whole game."""

from __future__ import annotations

from cardtable.play.session import Session


def first_moves(session: Session) -> list[str]:
    """Play ``session`` to its end, every person taking their first legal move each time (the
    bots playing their own); the people's moves, in order, to replay as a typed script."""
    moves: list[str] = []
    while True:
        session.run_bots()
        if session.state.is_over:
            return moves
        move = session.state.legal_moves()[0]
        moves.append(move.text)
        session.play(move)
