"""The browser client's source keeps the rules of ``docs/web.md``: text is never parsed as
markup, nothing is fetched from elsewhere, no inline script or style (the Content-Security-Policy
forbids them), every module type-checked by its editor (``// @ts-check``), every import found.
The games' faces (``games/<name>/face/``) are the client's too."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "cardtable"
WEB = PACKAGE / "web"
FACES = sorted(PACKAGE.glob("games/*/face"))
SCRIPTS = sorted(WEB.rglob("*.js")) + [p for face in FACES for p in sorted(face.glob("*.js"))]


def _name(path: Path) -> str:
    return path.relative_to(PACKAGE).as_posix()


SVG_NS = "http://www.w3.org/2000/svg"


def test_the_client_is_there() -> None:
    names = {_name(p) for p in SCRIPTS}
    games = {"calypso", "cribbage", "kloepper", "krypkasino"}
    assert {"web/js/app.js", "web/js/table.js", "web/js/lobby.js", "web/js/replay.js"} <= names
    assert {f"games/{g}/face/face.js" for g in games} <= names
    assert (WEB / "index.html").is_file() and (WEB / "favicon.svg").is_file()


@pytest.mark.parametrize("path", SCRIPTS, ids=_name)
def test_no_markup_from_strings_and_no_code_from_text(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    for sink in (
        "innerHTML",
        "outerHTML",
        "insertAdjacentHTML",
        "document.write",
        "eval(",
        "new Function",
        "createContextualFragment",
        'setAttribute("style"',
    ):
        assert sink not in source, f"{path.name} uses {sink}"
    assert source.startswith("// @ts-check"), f"{path.name} does not start with // @ts-check"


@pytest.mark.parametrize("path", SCRIPTS, ids=_name)
def test_every_import_is_a_file_of_the_client(path: Path) -> None:
    # A relative address from the module's own folder, or the client's files at /static/.
    for target in re.findall(r"""(?:from|import)\s*\(?\s*["']([./][^"']+)["']""", path.read_text()):
        if target.startswith("/"):
            assert target.startswith("/static/"), f"{_name(path)} imports {target}"
            found = WEB / target.removeprefix("/static/")
        else:
            found = path.parent / target
        assert found.resolve().is_file(), f"{_name(path)} imports {target}"


def test_nothing_is_fetched_from_elsewhere() -> None:
    styles = [*WEB.rglob("*.css"), *(p for face in FACES for p in face.glob("*.css"))]
    for path in [*SCRIPTS, *styles, *WEB.rglob("*.html"), *WEB.rglob("*.svg")]:
        text = path.read_text(encoding="utf-8").replace(SVG_NS, "")
        assert not re.search(r"(?:https?:)?//[a-z0-9.-]+\.[a-z]{2,}/", text), path.name
        assert "@import url(http" not in text and "fonts.g" not in text, path.name


def test_the_page_has_no_inline_script_or_style() -> None:
    page = (WEB / "index.html").read_text(encoding="utf-8")
    assert re.findall(r"<script\b[^>]*>", page) == [
        '<script type="module" src="/static/js/app.js">'
    ]
    assert "</script>" in page and re.search(r"<script[^>]*>\s*</script>", page)
    assert "<style" not in page and " style=" not in page and " on" not in page.replace(" one", "")


@pytest.mark.parametrize("path", SCRIPTS, ids=_name)
def test_every_message_is_where_gettext_finds_it(path: Path) -> None:
    # Babel's JavaScript reader does not look inside a template literal's ${...}: a message
    # there would never be translated.
    found = re.findall(r"\$\{[^{}`]*\b_\([^{}`]*\}", path.read_text(encoding="utf-8"))
    assert found == [], f"{path.name}: messages inside template literals: {found}"
