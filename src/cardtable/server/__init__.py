"""The table server: friends and bots at one table from different machines (``cardtable serve``).

The server is authoritative and the protocol is JSON (``docs/protocol.md``): HTTP for the lobby
and the tables, one websocket per client for play. Every outgoing payload is built by
:mod:`cardtable.table.view` from a table and a seat; tables, seats and the move log are kept
by :mod:`cardtable.server.store` (SQLAlchemy, SQLite or PostgreSQL).
"""
