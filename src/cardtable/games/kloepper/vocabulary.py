"""The words Kloepper's browser face shows beyond events and moves, by key, in the current
language: each row of the scoring table (``result:<key>``, text.py's names), a seat's side
(``role:<role>``: queens team, alone, opponent) and the suits and trumps a seat showed it lacks
(``void:<key>``).

>>> words = vocabulary()
>>> words["result:knock-off"], words["role:queens"], words["void:trumps"]
('the knock-off is made', 'queens team', 'trumps')
"""

from __future__ import annotations

from cardtable.games.kloepper.tables import KEY_NAMES
from cardtable.games.kloepper.text import RESULT_NAMES, result_name
from cardtable.i18n import N_, _

__all__ = ["vocabulary"]

#: A seat's side as the observation's ``roles`` names it, in words.
ROLE_WORDS = {
    "queens": N_("queens team"),
    "alone": N_("alone"),
    "opponents": N_("opponent"),
}
#: The suits and the trumps, as the observation's ``voids`` names them.
VOID_WORDS = {
    "clubs": N_("clubs"),
    "diamonds": N_("diamonds"),
    "hearts": N_("hearts"),
    "spades": N_("spades"),
    "trumps": N_("trumps"),
}
assert set(VOID_WORDS) == set(KEY_NAMES)


def vocabulary() -> dict[str, str]:
    """Kloepper's face words by key, translated now (see the module's note).

    >>> len([k for k in vocabulary() if k.startswith("result:")])
    18
    """
    words = {f"result:{key}": result_name(key) for key in RESULT_NAMES}
    words.update({f"role:{role}": _(text) for role, text in ROLE_WORDS.items()})
    words.update({f"void:{key}": _(text) for key, text in VOID_WORDS.items()})
    return words
