"""What a malformed request or message did wrong, in the reader's language.

Pydantic's own messages (``String should have at most 40 characters``) are English, whatever
the reader speaks. The server never shows them: it reads a validation error by its ``type``
and says the same in a phrase of the catalogue, with the limits from the error's ``ctx``. A
type this protocol cannot produce gets a generic phrase, still translated. Nothing of the
input is repeated, only where it was (the field's path).

>>> from pydantic import BaseModel, Field, ValidationError
>>> from cardtable.i18n import using_language
>>> class Guest(BaseModel):
...     name: str = Field(max_length=40)
>>> try:
...     Guest(name="x" * 41)
... except ValidationError as err:
...     problem = err.errors()[0]
>>> where(problem, skip=0), describe(problem)
('name', 'must be at most 40 characters')
>>> with using_language("ja"):
...     describe(problem)
'40文字以内でなければなりません'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from cardtable.errors import clip
from cardtable.i18n import _, ngettext

__all__ = ["allowed", "describe", "where"]


def _limit(ctx: Mapping[str, Any], *names: str) -> Any:
    for name in names:
        if name in ctx:
            return clip(ctx[name])
    return "?"


def _many(ctx: Mapping[str, Any]) -> int:
    """The count that chooses the plural: the length limit of a ``*_too_long/short`` error."""
    limit = _limit(ctx, "max_length", "min_length")
    return limit if isinstance(limit, int) else 2


def allowed(expected: object) -> str:
    """The values a literal allows, from pydantic's ``ctx["expected"]`` (``'en' or 'ja'``),
    listed without its English ``or``.

    >>> allowed("'move', 'chat' or 'sync'")
    "'move', 'chat', 'sync'"
    """
    return ", ".join(p for p in re.split(r", | or ", str(expected)) if p)


Phrase = Callable[[Mapping[str, Any]], str]

# Each phrase is a function (it is translated when it is read, in the reader's language).
_WHOLE: Phrase = lambda ctx: _("must be a whole number")  # noqa: E731
_NUMBER: Phrase = lambda ctx: _("must be a number")  # noqa: E731
_TRUTH: Phrase = lambda ctx: _("must be true or false")  # noqa: E731
_OBJECT: Phrase = lambda ctx: _("must be a JSON object")  # noqa: E731
_JSON: Phrase = lambda ctx: _("is not valid JSON")  # noqa: E731

#: A phrase for each type of error the protocol's models can produce.
PHRASES: dict[str, Phrase] = {
    "missing": lambda ctx: _("is required"),
    "extra_forbidden": lambda ctx: _("is not a known field"),
    "string_too_long": lambda ctx: ngettext(
        "must be at most {limit} character", "must be at most {limit} characters", _many(ctx)
    ).format(limit=_limit(ctx, "max_length")),
    "string_too_short": lambda ctx: ngettext(
        "must be at least {limit} character", "must be at least {limit} characters", _many(ctx)
    ).format(limit=_limit(ctx, "min_length")),
    "too_long": lambda ctx: ngettext(
        "must have at most {limit} item", "must have at most {limit} items", _many(ctx)
    ).format(limit=_limit(ctx, "max_length")),
    "too_short": lambda ctx: ngettext(
        "must have at least {limit} item", "must have at least {limit} items", _many(ctx)
    ).format(limit=_limit(ctx, "min_length")),
    "greater_than_equal": lambda ctx: _("must be at least {limit}").format(limit=_limit(ctx, "ge")),
    "greater_than": lambda ctx: _("must be more than {limit}").format(limit=_limit(ctx, "gt")),
    "less_than_equal": lambda ctx: _("must be at most {limit}").format(limit=_limit(ctx, "le")),
    "less_than": lambda ctx: _("must be less than {limit}").format(limit=_limit(ctx, "lt")),
    "string_type": lambda ctx: _("must be a string"),
    "int_type": _WHOLE,
    "int_parsing": _WHOLE,
    "int_from_float": _WHOLE,
    "float_type": _NUMBER,
    "float_parsing": _NUMBER,
    "finite_number": _NUMBER,
    "bool_type": _TRUTH,
    "bool_parsing": _TRUTH,
    "literal_error": lambda ctx: _("must be one of {allowed}").format(
        allowed=clip(allowed(ctx.get("expected", "")), 200)
    ),
    "dict_type": _OBJECT,
    "model_type": _OBJECT,
    "model_attributes_type": _OBJECT,
    "list_type": lambda ctx: _("must be a list"),
    "none_required": lambda ctx: _("must be null"),
    "json_invalid": _JSON,
    "json_type": _JSON,
}


def describe(error: Mapping[str, Any]) -> str:
    """What is wrong, by the error's ``type``, in the current language (see the module).

    >>> describe({"type": "literal_error", "ctx": {"expected": "'en' or 'ja'"}})
    "must be one of 'en', 'ja'"
    >>> describe({"type": "missing"}), describe({"type": "url_scheme"})
    ('is required', 'is not valid')
    """
    phrase = PHRASES.get(str(error.get("type")))
    ctx = error.get("ctx")
    if phrase is None:
        return _("is not valid")
    return phrase(ctx if isinstance(ctx, Mapping) else {})


def where(error: Mapping[str, Any], skip: int = 1) -> str:
    """The path of the field an error is about, without its first ``skip`` parts (FastAPI's
    ``body``/``query``/``path``, the protocol's message type); ``""`` for the whole.

    >>> where({"loc": ("body", "seats", 2)})
    'seats.2'
    >>> where({"loc": ("body",)})
    ''
    """
    loc = error.get("loc") or ()
    return str(clip(".".join(str(part) for part in tuple(loc)[skip:])))
