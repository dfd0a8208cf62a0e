"""The browser faces stay honest: a game's face (``games/<name>/face/face.js``) imports only the
client's shared modules, keeps no table of phrases (the game's words come from its declared
vocabulary, ``games/<name>/vocabulary.py``, through the view), and asks only for words its game
declares. The generic face (``web/js/games/generic.js``) keeps the same rule on phrases.

What counts as a phrase table, exactly (:func:`phrase_tables`):

- an object literal with two or more properties whose value is a phrase: a translated message
  (``_(...)``, ``N_(...)``, ``ngettext(...)``, ``pgettext(...)``, also behind ``() =>``), or a
  string literal of words (a letter, white space, a letter); the attributes of an element
  (``class``, ``id``, ``role``, ``title``, ``aria-*``, ``data-*``...) are not counted;
- an array of two or more pairs ``["key", phrase]`` (a ``Map``'s entries);
- a ``switch`` with two or more ``case "key":`` each followed at once by ``return phrase``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from cardtable.registry import vocabulary

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "cardtable"
FACES = sorted(PACKAGE.glob("games/*/face/face.js"))
GENERIC = PACKAGE / "web" / "js" / "games" / "generic.js"

#: What a face may import to run, and what it may name in its JSDoc types besides.
SHARED = {"/static/js/cards.js", "/static/js/dom.js", "/static/js/i18n.js", "/static/js/widgets.js"}
SHARED_TYPES = SHARED | {"/static/js/moves.js", "/static/js/games/generic.js"}

#: Keys of an element's attributes: their values are not a face's words for the game.
ATTRIBUTES = re.compile(
    r"^(class|id|role|title|type|rel|href|target|for|name|value|placeholder|alt|lang|d|"
    r"viewBox|points|transform|fill|stroke|aria-[a-z]+|data-[a-z-]+)$"
)
TRANSLATED = {"_", "N_", "ngettext", "pgettext"}
WORDS = re.compile(r"[A-Za-z]\s+[A-Za-z]")


@dataclass(frozen=True)
class Token:
    kind: str  # "name", "string", "number", "punct"
    text: str  # a string's content without its quotes
    line: int


_PUNCT = ("=>", "...", "?.", "??", "===", "!==", "==", "!=", "&&", "||", "<=", ">=")
_REGEX_AFTER = set("(,=:[!&|?{};+-*%<>~^") | {"=>", "return", "typeof", "case", "&&", "||", "??"}


def tokens(source: str) -> list[Token]:
    """The tokens of a JavaScript source, comments dropped, strings and templates as one
    token each (a template's ``${...}`` is not looked into), regular expressions skipped.

    >>> [t.text for t in tokens('const a = {x: _("Hi there")}; // note')]
    ['const', 'a', '=', '{', 'x', ':', '_', '(', 'Hi there', ')', '}', ';']
    >>> [t.kind for t in tokens("f(/a{2}/g, `b ${c}`)")]
    ['name', 'punct', 'punct', 'string', 'punct']
    """
    out: list[Token] = []
    i, line, n = 0, 1, len(source)
    while i < n:
        c = source[i]
        if c == "\n":
            line += 1
            i += 1
        elif c.isspace():
            i += 1
        elif source.startswith("//", i):
            i = source.find("\n", i) if "\n" in source[i:] else n
        elif source.startswith("/*", i):
            end = source.index("*/", i + 2) + 2
            line += source.count("\n", i, end)
            i = end
        elif c in "\"'`":
            j = i + 1
            while source[j] != c:
                j += 2 if source[j] == "\\" else 1
            out.append(Token("string", source[i + 1 : j], line))
            line += source.count("\n", i, j)
            i = j + 1
        elif c == "/" and (not out or out[-1].text in _REGEX_AFTER):
            j = i + 1
            in_class = False
            while in_class or source[j] != "/":
                if source[j] == "\\":
                    j += 1
                elif source[j] == "[":
                    in_class = True
                elif source[j] == "]":
                    in_class = False
                j += 1
            j += 1
            while j < n and source[j].isalpha():
                j += 1
            i = j
        elif c.isalpha() or c in "_$":
            j = i
            while j < n and (source[j].isalnum() or source[j] in "_$"):
                j += 1
            out.append(Token("name", source[i:j], line))
            i = j
        elif c.isdigit():
            j = i
            while j < n and (source[j].isalnum() or source[j] == "."):
                j += 1
            out.append(Token("number", source[i:j], line))
            i = j
        else:
            punct = next((p for p in _PUNCT if source.startswith(p, i)), c)
            out.append(Token("punct", punct, line))
            i += len(punct)
    return out


def _phrase_at(toks: list[Token], i: int) -> bool:
    """Whether the value starting at token ``i`` is a phrase (see the module's note)."""
    if i + 2 < len(toks) and [t.text for t in toks[i : i + 3]] == ["(", ")", "=>"]:
        i += 3
    if i >= len(toks):
        return False
    t = toks[i]
    if t.kind == "string":
        return bool(WORDS.search(t.text))
    following = toks[i + 1].text if i + 1 < len(toks) else ""
    return t.kind == "name" and t.text in TRANSLATED and following == "("


def phrase_tables(source: str) -> list[str]:
    """Where ``source`` keeps phrases by key, one line each (empty: none).

    >>> phrase_tables('const R = {win: () => _("we win"), lose: () => _("we lose")};')
    ['line 1: an object of 2 phrases by key']
    >>> phrase_tables('h("p", {class: "a b", title: _("Hi"), "aria-label": _("Ho")});')
    []
    >>> phrase_tables('new Map([["a", _("x")], ["b", _("y")]])')
    ['line 1: 2 pairs of a key and a phrase']
    >>> phrase_tables('switch (k) { case "a": return "it is a"; case "b": return _("B"); }')
    ['line 1: a switch of 2 phrases by key']
    >>> phrase_tables('const one = {key: "a", title: _("Tricks of this deal")};')
    []
    """
    toks = tokens(source)
    found: list[str] = []
    # Per open bracket: [its token index, phrase properties, key-phrase pairs, phrase cases].
    stack: list[list[int]] = []
    for i, t in enumerate(toks):
        if t.text in ("{", "[", "("):
            stack.append([i, 0, 0, 0])
            continue
        if t.text in ("}", "]", ")") and stack:
            start, properties, pairs, cases = stack.pop()
            line = toks[start].line
            if properties >= 2:
                found.append(f"line {line}: an object of {properties} phrases by key")
            if pairs >= 2:
                found.append(f"line {line}: {pairs} pairs of a key and a phrase")
            if cases >= 2:
                found.append(f"line {line}: a switch of {cases} phrases by key")
            # A closed ["key", phrase] counts in the bracket around it.
            inner = toks[start + 1 : i]
            if (
                t.text == "]"
                and stack
                and len(inner) >= 3
                and inner[0].kind == "string"
                and inner[1].text == ","
                and _phrase_at(toks, start + 3)
            ):
                stack[-1][2] += 1
            continue
        if not stack:
            continue
        before = toks[i - 1].text
        after = toks[i + 1].text if i + 1 < len(toks) else ""
        frame = stack[-1]
        is_key = t.kind in ("name", "string", "number") and after == ":"
        if is_key and before in ("{", ",") and toks[frame[0]].text == "{":
            if not ATTRIBUTES.match(t.text) and _phrase_at(toks, i + 2):
                frame[1] += 1
        elif (
            is_key
            and before == "case"
            and t.kind == "string"
            and i + 2 < len(toks)
            and toks[i + 2].text == "return"
            and _phrase_at(toks, i + 3)
        ):
            frame[3] += 1
    return sorted(found)


@pytest.mark.parametrize("path", [*FACES, GENERIC], ids=lambda p: p.parent.parent.name)
def test_a_face_keeps_no_phrase_table(path: Path) -> None:
    assert phrase_tables(path.read_text(encoding="utf-8")) == []


def test_the_rule_finds_the_tables_the_faces_had() -> None:
    # Kloepper's roles and Calypso's trick rules as they were written before the vocabularies.
    roles = """const ROLES = {
  queens: () => _("queens team"),
  alone: () => _("alone"),
  opponents: () => _("opponent"),
};"""
    rules = """function reasonName(reason) {
  /** @type {Record<string, () => string>} */
  const names = {
    fifteen: () => _("fifteen"),
    "thirty-one": () => _("thirty-one"),
  };
  return names[reason] ? names[reason]() : reason;
}"""
    plain = 'const KINDS = {win: "the queens team wins", lose: "the opponents win"};'
    assert phrase_tables(roles) == ["line 1: an object of 3 phrases by key"]
    assert phrase_tables(rules) == ["line 3: an object of 2 phrases by key"]
    assert phrase_tables(plain) == ["line 1: an object of 2 phrases by key"]


def _imports(source: str) -> tuple[list[str], list[str]]:
    """What a module imports to run (``import ... from "X"``, ``import("X")`` in code) and
    what its JSDoc types name (``import("X")`` inside comments)."""
    code_only = re.sub(r"/\*.*?\*/|//[^\n]*", "", source, flags=re.S)
    running = re.findall(r"""\bfrom\s*["']([^"']+)["']""", code_only)
    running += re.findall(r"""\bimport\s*\(\s*["'`]([^"'`]+)["'`]""", code_only)
    everything = re.findall(r"""\bimport\s*\(\s*["'`]([^"'`]+)["'`]""", source)
    return running, everything


@pytest.mark.parametrize("path", FACES, ids=lambda p: p.parent.parent.name)
def test_a_face_imports_only_the_shared_modules(path: Path) -> None:
    running, named = _imports(path.read_text(encoding="utf-8"))
    assert running, "a face draws with the shared modules"
    assert set(running) <= SHARED, sorted(set(running) - SHARED)
    assert set(named) <= SHARED_TYPES, sorted(set(named) - SHARED_TYPES)


#: ``word(ctx, "key"`` or ``word(ctx, `prefix:${...}``, and ``vocabulary["key"]`` likewise.
ASKED = re.compile(r"""(?:\bword\(\s*ctx\s*,\s*|\.vocabulary\[\s*)(["`])([^"`$]*)(\$\{)?""")


@pytest.mark.parametrize("path", FACES, ids=lambda p: p.parent.parent.name)
def test_a_face_asks_only_for_words_its_game_declares(path: Path) -> None:
    game = path.parent.parent.name
    declared = vocabulary(game)
    for _quote, key, open_end in ASKED.findall(path.read_text(encoding="utf-8")):
        if open_end:
            assert any(k.startswith(key) for k in declared), f"{game} declares no {key}..."
        else:
            assert key in declared, f"{game} declares no {key!r}"
