"""The browser client: its files, its pages, its words and the games' catalogue for its menus.

The client is static ES modules in the package folder ``cardtable/web``; a game's face (how
its table is drawn) lives in the game's own package, in the folder ``face`` (``face.js`` and
``face.css``). The page loads them from versioned addresses, ``/static/v/{version}/...`` and
``/static/v/{version}/faces/{game}/...``, that a browser keeps for good (``immutable``): the
version is a hash of every one of those files, so a changed file has a new address and a warm
reload asks only for the page and the API. ``/static/...``, ``/static/faces/{game}/...`` and
``/faces/{game}/...`` answer the same files revalidated (``no-cache``) for older links. Every
page (``/``, ``/t/{id}``, ``/join/{token}``, ``/replay/{id}``, ``/rules/{game}``,
``/players/{id}``, ``/leaderboard/{game}``) answers the same ``index.html``, its ``/static/``
addresses versioned, and the client routes by its address. Every HTTP answer carries headers
that keep the page to its own scripts and styles, out of frames, and the invitation tokens in
its addresses out of ``Referer``.

>>> SECURITY_HEADERS["Content-Security-Policy"].startswith("default-src 'self'")
True
"""

from __future__ import annotations

import copy
import functools
import hashlib
import importlib
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

from babel.messages.extract import extract_javascript
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from starlette.datastructures import MutableHeaders
from starlette.exceptions import HTTPException
from starlette.middleware.gzip import GZipMiddleware
from starlette.responses import Response
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from cardtable.bots.level_words import level_sentence
from cardtable.bots.levels import LEVELS
from cardtable.i18n import (
    _,
    game_summary,
    game_title,
    ngettext,
    option_help,
    unwrap,
    using_language,
)
from cardtable.options import Option, choice_label, option_label
from cardtable.registry import game_class, games, load, vocabulary
from cardtable.server.config import Settings
from cardtable.table.view import level_word

__all__ = [
    "FACE_FILES",
    "GZIP_FROM",
    "IMMUTABLE",
    "SECURITY_HEADERS",
    "WEB",
    "SecurityHeaders",
    "WebFiles",
    "add_web",
    "catalog",
    "client_version",
    "extract_strings",
    "face_folder",
    "files_version",
    "versioned",
    "web_strings",
]

#: The package folder of the browser client.
WEB = Path(__file__).resolve().parent.parent / "web"

#: Headers on every HTTP answer. The page runs only its own scripts and styles (no inline
#: code, so injected markup cannot run), talks only to its own server, is never framed, and
#: sends no ``Referer`` (an invitation token is in the address of ``/join/...``).
SECURITY_HEADERS: dict[str, str] = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; "
        "form-action 'self'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}

#: Types by suffix, not by the system's table (which names JavaScript differently on some
#: systems): with ``nosniff`` a browser runs a module only if it is served as JavaScript.
_TYPES = {
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".html": "text/html; charset=utf-8",
    ".svg": "image/svg+xml",
    ".json": "application/json",
}

#: The smallest answer worth compressing, in bytes (smaller ones gain less than gzip's frame).
GZIP_FROM = 500

#: The files of a game's face, the only ones served from its folder.
FACE_FILES = ("face.js", "face.css")

#: How the versioned files are kept: a year, never revalidated (a new release has new addresses).
IMMUTABLE = "public, max-age=31536000, immutable"

#: A version as it appears in an address: the first 12 hex digits of a SHA-256.
_VERSION = re.compile(r"[0-9a-f]{12}")

#: The pages of the client: each answers ``index.html``.
PAGES = (
    "/",
    "/t/{table_id}",
    "/join/{token}",
    "/replay/{table_id}",
    "/rules/{game}",
    "/players/{player}",
    "/leaderboard/{game}",
)


class SecurityHeaders:
    """ASGI middleware: :data:`SECURITY_HEADERS` on every HTTP answer (websockets untouched)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    headers[name] = value
            await send(message)

        await self.app(scope, receive, send_with_headers)


class WebFiles(StaticFiles):
    """The client's files: always revalidated (``no-cache`` with the ETag), so that a new
    release is picked up at once, and served with the types of :data:`_TYPES`."""

    #: The ``Cache-Control`` of every answer.
    cache = "no-cache"

    def file_response(
        self,
        full_path: str | os.PathLike[str],
        stat_result: os.stat_result,
        scope: Scope,
        status_code: int = 200,
    ) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        response.headers["Cache-Control"] = self.cache
        kind = _TYPES.get(Path(full_path).suffix.lower())
        if kind is not None and response.status_code == 200:
            response.headers["Content-Type"] = kind
        return response


class VersionedFiles(WebFiles):
    """The client's files at their versioned address: kept by the browser for good."""

    cache = IMMUTABLE


def face_folder(game: str) -> Path | None:
    """The folder of game ``game``'s face: ``face`` in the package its class lives in, when
    that folder has ``face.js``; None for a game drawn by the generic face (one whose class
    is not in a package of its own, or whose package has no face).

    >>> face_folder("cribbage").relative_to(WEB.parent).as_posix()
    'games/cribbage/face'
    """
    module = importlib.import_module(game_class(game).__module__)
    if hasattr(module, "__path__"):
        package = module
    else:
        parent = module.__name__.rpartition(".")[0]
        if not parent:
            return None
        package = importlib.import_module(parent)
    where = getattr(package, "__file__", None)
    if where is None:
        return None
    folder = Path(where).resolve().parent / "face"
    return folder if (folder / "face.js").is_file() else None


def _face_folders() -> tuple[Path, ...]:
    """The face folders of every registered game, in the order of the games."""
    return tuple(f for f in (face_folder(name) for name in games()) if f is not None)


def files_version(*folders: Path) -> str:
    """A short hash (12 hex digits of a SHA-256) of every file under ``folders``: their
    places and contents, so that any change, added or removed file gives another version.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     _ = Path(tmp, "a.js").write_text("1")
    ...     before = files_version(Path(tmp))
    ...     _ = Path(tmp, "a.js").write_text("2")
    ...     (len(before), before == files_version(Path(tmp)))
    (12, False)
    """
    digest = hashlib.sha256()
    for number, folder in enumerate(folders):
        for path in sorted(p for p in folder.rglob("*") if p.is_file()):
            content = path.read_bytes()
            place = f"{number}/{path.relative_to(folder).as_posix()}"
            digest.update(f"{place}\0{len(content)}\0".encode())
            digest.update(content)
    return digest.hexdigest()[:12]


@functools.cache
def client_version() -> str:
    """The version of the client's files and every game's face, read once per process
    (a release is a new process; a changed file under a running server is seen after a
    restart)."""
    return files_version(WEB, *_face_folders())


def versioned(text: str, version: str) -> str:
    """``text`` (the page, a face) with its addresses of the client's files at ``version``,
    so that a face's modules are the very ones the page loaded (one address, one module).

    >>> versioned('<script src="/static/js/app.js">', "0123456789ab")
    '<script src="/static/v/0123456789ab/js/app.js">'
    """
    return text.replace('"/static/', f'"/static/v/{version}/')


def _text_answer(body: bytes, kind: str, cache: str, request: Request) -> Response:
    """``body`` with its ETag, or 304 when the browser holds it already."""
    tag = f'"{hashlib.sha256(body).hexdigest()[:20]}"'
    headers = {"Cache-Control": cache, "ETag": tag}
    if tag in request.headers.get("if-none-match", ""):
        return Response(status_code=304, headers=headers)
    return Response(body, media_type=kind, headers=headers)


def _js_files(*folders: Path) -> Iterator[Path]:
    for folder in folders:
        yield from sorted(p for p in folder.rglob("*.js") if p.is_file())


def extract_strings(*folders: Path) -> list[str]:
    """Every message the JavaScript under ``folders`` marks, ``_("...")`` or the singular of
    ``ngettext("...", "...", n)``, in order of the files and lines, each once.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     _ = Path(tmp, "a.js").write_text('_("Your turn"); ngettext("{n} card", "{n} cards", n)')
    ...     extract_strings(Path(tmp))
    ['Your turn', '{n} card']
    """
    found: dict[str, None] = {}
    keywords: dict[str, Any] = {"_": None, "ngettext": (1, 2)}
    for path in _js_files(*folders):
        with path.open("rb") as source:
            for _line, _name, messages, _comments in extract_javascript(source, keywords, [], {}):
                first = messages[0] if isinstance(messages, tuple) else messages
                if isinstance(first, str) and first:
                    found[first] = None
    return list(found)


@functools.cache
def _plurals(folders: tuple[Path, ...]) -> dict[str, str]:
    """The singular of each ``ngettext`` message of the client, to its plural."""
    out: dict[str, str] = {}
    keywords: dict[str, Any] = {"ngettext": (1, 2)}
    for path in _js_files(*folders):
        with path.open("rb") as source:
            for _line, _name, messages, _comments in extract_javascript(source, keywords, [], {}):
                if isinstance(messages, tuple) and len(messages) >= 2:
                    one, many = messages[0], messages[1]
                    if isinstance(one, str) and isinstance(many, str):
                        out[one] = many
    return out


@functools.cache
def _strings(language: str, folders: tuple[Path, ...]) -> dict[str, str]:
    plurals = _plurals(folders)
    with using_language(language):
        return {
            msgid: ngettext(msgid, plurals[msgid], 1) if msgid in plurals else _(msgid)
            for msgid in extract_strings(*folders)
        }


def web_strings(language: str, folder: Path | None = None) -> dict[str, str]:
    """The client's messages in ``language``, as ``{English: translation}``: those of the
    JavaScript under ``folder``, by default the client's and every game's face; read once
    per language and folders.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     _ = Path(tmp, "a.js").write_text('const x = _("it is not your turn");')
    ...     web_strings("ja", Path(tmp))
    {'it is not your turn': 'あなたの番ではありません'}
    """
    folders = (WEB, *_face_folders()) if folder is None else (folder,)
    return dict(_strings(language, folders))


def _players(name: str) -> dict[str, Any]:
    """How many seats a game has: a fixed number, or the value of its ``players`` option."""
    cls = game_class(name)
    if any(spec.name == "players" for spec in cls.option_specs):
        return {"option": "players"}
    return {"fixed": load(name).num_players}


def _option(spec: Option) -> dict[str, Any]:
    """An option for a form, in words: ``kind`` is ``int``, ``bool``, ``str`` (with
    ``choices``), ``seat`` (an int naming a seat: a form shows seats counted from 1) or
    ``text`` (typed: ``example`` and ``pattern``, a regular expression the whole value
    matches; the server checks it again)."""
    free = spec.kind is str and spec.choices is None
    out: dict[str, Any] = {
        "name": spec.name,
        "label": option_label(spec),
        "help": option_help(spec),
        "default": spec.default,
        "kind": "text" if free else "seat" if spec.seat else spec.kind.__name__,
        "choices": None
        if spec.choices is None
        else [{"value": v, "label": choice_label(v, spec)} for v in spec.choices],
        "low": spec.low,
        "high": spec.high,
    }
    if free:
        out["example"] = spec.example
        out["pattern"] = spec.pattern
    return out


@functools.cache
def _catalog(language: str) -> dict[str, Any]:
    out = []
    with using_language(language):
        for name in games():
            cls = game_class(name)
            rules = [unwrap(p) for p in game_summary(cls).split("\n\n") if p.strip()]
            options = [_option(spec) for spec in cls.option_specs if not spec.research]
            face = face_folder(name)
            levels = [
                {
                    "name": level,
                    "label": level_word(level),
                    "description": level_sentence(name, level),
                }
                for level in LEVELS
            ]
            out.append(
                {
                    "name": name,
                    "title": game_title(cls),
                    "summary": rules[0] if rules else "",
                    "rules": rules,
                    "players": _players(name),
                    "options": options,
                    "levels": levels,
                    "face": face is not None,
                    "face_style": face is not None and (face / "face.css").is_file(),
                    "vocabulary": vocabulary(name),
                }
            )
    return {"language": language, "games": out}


def catalog(language: str) -> dict[str, Any]:
    """Every game, in the order of :func:`cardtable.registry.games`, with its title, rules,
    seats, options, bot levels and its faces' words (``vocabulary``) in ``language``, and
    whether it has a face of its own (``face``) with a stylesheet (``face_style``), for the
    client's menus and tables.

    >>> crib = next(g for g in catalog("en")["games"] if g["name"] == "cribbage")
    >>> crib["players"], [o for o in crib["options"] if o["name"] == "target"][0]["default"]
    ({'option': 'players'}, 121)
    >>> crib["face"], crib["vocabulary"]["kind:skunk"]
    (True, 'skunk')
    """
    return copy.deepcopy(_catalog(language))


def add_web(app: FastAPI, settings: Settings) -> None:
    """The client's pages, files and words on ``app``, and the security headers on all of it
    (added last, so that they wrap every answer of the application)."""

    @functools.cache
    def page_text() -> bytes:
        text = (WEB / "index.html").read_text(encoding="utf-8")
        return versioned(text, client_version()).encode()

    def page(request: Request) -> Response:
        return _text_answer(page_text(), _TYPES[".html"], "no-cache", request)

    for path in PAGES:
        app.add_api_route(path, page, methods=["GET"], include_in_schema=False)

    @app.get("/api/strings")
    async def strings(language: Literal["en", "ja"] = "en") -> JSONResponse:
        """The client's messages in ``language``: ``{English: translation}``."""
        return JSONResponse(web_strings(language))

    files = WebFiles(directory=WEB)
    kept = VersionedFiles(directory=WEB)
    faces: dict[tuple[Path, bool], WebFiles] = {}

    def face_files(game: str, name: str) -> Path:
        """The face folder of ``game`` when ``name`` is one of its files; else a 404, the same
        answer as for a missing file under /static/ (nothing else of a package is readable)."""
        folder = face_folder(game) if game in games() else None
        if folder is None or name not in FACE_FILES:
            raise HTTPException(status_code=404)
        return folder

    async def serve_face(folder: Path, name: str, keep: bool, request: Request) -> Response:
        served = faces.get((folder, keep))
        if served is None:
            served = faces[folder, keep] = (VersionedFiles if keep else WebFiles)(directory=folder)
        return await served.get_response(name, request.scope)

    def version_of(version: str) -> bool:
        """Whether ``version`` is this release's (kept for good) or another's: an open page
        of an earlier release still gets the modules it loads later, revalidated as under
        /static/ (never kept: that address is not this release's)."""
        if not _VERSION.fullmatch(version):
            raise HTTPException(status_code=404)
        return version == client_version()

    @app.get("/static/v/{version}/faces/{game}/{name}", include_in_schema=False)
    async def versioned_face(version: str, game: str, name: str, request: Request) -> Response:
        """A game's face at a version; its module imports the client at that same version."""
        keep = version_of(version)
        folder = face_files(game, name)
        if name != "face.js":
            return await serve_face(folder, name, keep, request)
        body = versioned((folder / name).read_text(encoding="utf-8"), version).encode()
        return _text_answer(body, _TYPES[".js"], IMMUTABLE if keep else "no-cache", request)

    @app.get("/static/v/{version}/{name:path}", include_in_schema=False)
    async def versioned_file(version: str, name: str, request: Request) -> Response:
        """A file of the client at a version."""
        return await (kept if version_of(version) else files).get_response(name, request.scope)

    @app.get("/static/faces/{game}/{name}", include_in_schema=False)
    @app.get("/faces/{game}/{name}", include_in_schema=False)
    async def face(game: str, name: str, request: Request) -> Response:
        """A game's face (``face.js``, ``face.css``), as the client's own files are served;
        nothing else of a game's package is readable."""
        return await serve_face(face_files(game, name), name, False, request)

    app.mount("/static", files, name="static")
    # The client's files and the API's answers go compressed to a browser that takes gzip
    # (a cold table load is about a quarter of its size); websockets pass by untouched.
    app.add_middleware(GZipMiddleware, minimum_size=GZIP_FROM, compresslevel=6)
    app.add_middleware(SecurityHeaders)
