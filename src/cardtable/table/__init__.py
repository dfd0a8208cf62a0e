"""A table, with no I/O: seats and who sits in them, the clock, the moves' door, rematches,
hints, and what each seat sees (:func:`cardtable.table.view.view`).

The terminal (``cardtable.play``) and the server (``cardtable.server``) drive the same
:class:`~cardtable.table.core.Table`; neither keeps rules of its own about seats or moves.
"""
