"""The words Calypso's browser face shows beyond events and moves, by key, in the current
language: the names of the trick rules (``rule:<rule>``) and why a trick was won
(``reason:<reason>``). The words are text.py's own; this only keys them for the face.

>>> words = vocabulary()
>>> words["rule:last-trump"], words["reason:trump-in"]
('last-trump (the last trump-in wins)', 'trumps in')
"""

from __future__ import annotations

from cardtable.games.calypso.text import RULE_WORDS, reason_words, rule_words
from cardtable.games.calypso.tricks import REASONS

__all__ = ["vocabulary"]


def vocabulary() -> dict[str, str]:
    """Calypso's face words by key, translated now (see the module's note).

    >>> sorted(k for k in vocabulary() if k.startswith("rule:"))[0]
    'rule:all-fours'
    """
    words = {f"rule:{rule}": rule_words(rule) for rule in RULE_WORDS}
    words.update({f"reason:{reason}": reason_words(reason) for reason in REASONS})
    return words
