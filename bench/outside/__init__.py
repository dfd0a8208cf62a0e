"""Measuring cardtable's Cribbage bots against an outside program, the open-source simulator
markafitzgerald1/simulate-cribbage-games (MPL-2.0).

The simulator stays outside cardtable: it is imported from its own checkout at run time (see
:mod:`outside.simulator`) and none of its code is copied here. A cardtable ``CribbageState`` is
the one referee of every game (:mod:`outside.match`); the simulator's strategies are only asked
for their decisions (:mod:`outside.opponents`), given what their own code is given: their hand,
the play so far in their notation (:mod:`outside.actions`), the starter and the scores.
"""
