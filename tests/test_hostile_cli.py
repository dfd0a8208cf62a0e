"""The command line against hostile input: records and values that carry escape sequences or
markup, files that are no records, huge files and values, Click's own mistakes, and records
saved in the same second (issue 14)."""

from __future__ import annotations

import asyncio
import io
import json
import os
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console
from rich.markup import escape
from rich.text import Text
from typer.testing import CliRunner

import cardtable
import cardtable.i18n as i18n
from cardtable.cli import app
from cardtable.cli.common import ECHO_LIMIT, LINE_LIMIT, error_line, inert, inert_json
from cardtable.play.storage import MAX_RECORD_MB, load_record, save_record, saved_records
from cardtable.play.tui import CardtableApp
from cardtable.play.tui.replay import ReplayScreen, shown_name

runner = CliRunner()

OSC = "\x1b]0;pwned\x07"
CLEAR = "\x1b[2J"
LINK = "[link=http://x]y[/link]"
HOSTILE = OSC + CLEAR + LINK
# Every character a terminal may act on: C0 (ESC, BEL, CR...), DEL, C1 (CSI, OSC), and the
# marks that reorder a line.
ACTIVE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path))
    return tmp_path


def invoke(*args: str, **kwargs: Any) -> tuple[int, str]:
    """Exit code and everything printed (stdout and stderr), on a wide terminal."""
    env = {"COLUMNS": "400", **kwargs.pop("env", {})}
    result = runner.invoke(app, list(args), env=env, **kwargs)
    assert "Traceback" not in result.output
    assert not isinstance(result.exception, Exception) or isinstance(
        result.exception, SystemExit
    ), repr(result.exception)
    return result.exit_code, result.output


def one_error_line(*args: str, **kwargs: Any) -> str:
    code, output = invoke(*args, **kwargs)
    assert code == 2, output
    lines = output.splitlines()
    assert len(lines) == 1, output
    assert lines[0].startswith(("error: ", "エラー: ")), output
    return lines[0]


def assert_inert(output: str) -> None:
    assert not ACTIVE.search(output), ascii(output)


def record(**changes: Any) -> dict[str, Any]:
    state = cardtable.load("cribbage").new_state(seed=4)
    state.apply(state.legal_moves()[0])
    data = state.to_record()
    data.update(changes)
    return data


def write(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


# 1. Escape sequences and markup from a record or a user reach the terminal inert.


def test_hostile_meta_options_and_moves_are_shown_inert(data_dir: Path) -> None:
    folder = data_dir / "records"
    folder.mkdir()
    meta = write(folder / "a-meta.json", record(meta={"players": [HOSTILE] * 2, "x": HOSTILE}))
    option = write(folder / "b-option.json", record(options={"target": HOSTILE}))
    move = write(folder / "c-move.json", record(moves=[HOSTILE]))
    named = write(folder / f"d-{HOSTILE.replace('/', '_')}.json", record())

    code, listing = invoke("records")
    assert code == 0
    assert_inert(listing)
    rows = {line.split("│")[1].strip(): line for line in listing.splitlines() if "│" in line}
    assert "Cribbage" in rows[meta.name]
    # The escape sequences made visible, the markup shown as it was written (not a link).
    assert "unreadable:" in rows[option.name] and "\\x1b[2J" + LINK in rows[option.name]
    assert "\\x1b]0;pwned\\x07" in rows[move.name] and LINK in rows[move.name]
    assert inert(named.name) in listing

    for path in (meta, named):
        code, plain = invoke("replay", str(path), "--plain")
        assert code == 0, plain
        assert_inert(plain)
        code, text = invoke("replay", str(path), "--json")
        assert code == 0
        assert_inert(text)
        assert json.loads(text)["events"]
    for path in (option, move):
        for extra in ([], ["--json"], ["--plain"]):
            line = one_error_line("replay", str(path), *extra)
            assert_inert(line)
            assert "\\x1b" in line and LINK in line


def test_a_bad_option_value_is_echoed_inert() -> None:
    for command in (
        ["simulate", "cribbage"],
        ["demo", "cribbage"],
        ["play", "--plain", "cribbage"],
    ):
        line = one_error_line(*command, "-o", f"target={CLEAR}", input="")
        assert_inert(line)
        assert "does not allow \\x1b[2J" in line
    line = one_error_line("play", "--plain", "--players", f"human,{HOSTILE}", input="")
    assert_inert(line)
    assert LINK in line


def test_arena_shows_a_path_with_markup_as_typed(tmp_path: Path) -> None:
    folder = tmp_path / "[red]x"
    folder.mkdir()
    code, output = invoke(
        "arena", "cribbage", "--bots", "random,rules", "--deals", "2", "-j", "1",
        "--json", str(folder / "r.json"),
    )  # fmt: skip
    assert code == 0, output
    assert f"Saved {folder / 'r.json'} and {folder / 'r.png'}" in output


def test_json_output_escapes_what_json_leaves_raw() -> None:
    text = json.dumps({"a": "\x9b2J\u202e\x1b"}, ensure_ascii=False)
    assert json.loads(inert_json(text)) == json.loads(text)
    assert_inert(inert_json(text))


@given(st.text())
def test_inert_text_is_inert_and_keeps_its_content(text: str) -> None:
    shown = inert(text)
    assert_inert(shown)
    assert "\u2028" not in shown and "\u2029" not in shown
    # The markup-escaped form reads back as the same characters: nothing is taken as a tag.
    # (With a last character: rich's escape doubles a backslash at the very end.)
    assert Text.from_markup(escape(shown + ".")).plain == shown + "."
    # Inert text stays as it is; text without active characters is unchanged.
    assert inert(shown) == shown
    if not ACTIVE.search(text) and not re.search("[\u2028\u2029\x7f]", text):
        assert shown == text


@given(st.text())
def test_error_lines_are_one_inert_bounded_line(message: str) -> None:
    line = error_line(message)
    assert_inert(line)
    assert "\n" not in line and "\t" not in line
    assert len(line) <= len("error: ") + LINE_LIMIT + 40


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.text(min_size=1, max_size=60))
def test_any_text_in_a_record_is_shown_inert(tmp_path: Path, text: str) -> None:
    # Ending in ESC, the text is never a legal move nor an option value.
    text += "\x1b"
    path = write(tmp_path / "r.json", record(moves=[text], meta={"players": [text, text]}))
    assert_inert(one_error_line("replay", str(path), "--plain"))
    path = write(tmp_path / "r.json", record(options={"skunk": text}))
    assert_inert(one_error_line("replay", str(path), "--json"))


@given(st.text(max_size=100))
def test_a_players_name_is_shown_inert_in_the_table_view(name: str) -> None:
    shown = shown_name(name)
    assert shown.isprintable() or not shown
    # Read as markup (a rich table cell) it shows what the inert text shows.
    assert "\n" not in Text.from_markup(shown).plain
    assert len(Text.from_markup(shown).plain) <= 10 * 41


def test_the_replay_screen_shows_hostile_player_names_as_text() -> None:
    async def scenario() -> None:
        state = cardtable.load("cribbage").new_state(seed=4)
        app = CardtableApp(replay=state, replay_players=[HOSTILE, "rules"])
        async with app.run_test(size=(150, 50)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ReplayScreen)
            obs = screen.state.observation(0)
            for renderable in (
                screen.face.board(obs, screen.players, None),
                screen.face.table(obs, screen.players, None),
            ):
                console = Console(width=200, record=True, file=io.StringIO())
                console.print(renderable)
                shown = console.export_text()
                assert_inert(shown)
            # A face puts the name into rich tables, which read it as markup: it shows as typed.
            name = Text.from_markup(screen.face.seat_name(0, screen.players, None)).plain
            assert LINK in name and "\\x1b]0;pwned\\x07" in name

    asyncio.run(scenario())


# 2. One bad file in the records folder is one unreadable row; the listing goes on.


def test_the_listing_shows_each_bad_file_as_unreadable(data_dir: Path) -> None:
    folder = data_dir / "records"
    folder.mkdir()
    good = Path(save_record(record()))
    (folder / "latin1.json").write_bytes(b'{"game": "caf\xe9"}')
    (folder / "deep.json").write_text("[" * 2000 + "]" * 2000, encoding="utf-8")
    write(folder / "list.json", [1, 2, 3])
    write(folder / "other.json", {"name": "not a record"})
    (folder / "empty.json").write_bytes(b"")
    (folder / "folder.json").mkdir()
    (folder / "huge-number.json").write_text('{"seed": ' + "9" * 5000 + "}", encoding="utf-8")

    code, listing = invoke("records")
    assert code == 0, listing
    rows = {line.split("│")[1].strip(): line for line in listing.splitlines() if "│" in line}
    assert "Cribbage" in rows[good.name]
    reasons = {
        "latin1.json": "not UTF-8",
        "deep.json": "nested deeper than 64 levels",
        "list.json": "must be a JSON object",
        "other.json": "unknown record field 'name'",
        "empty.json": "not valid JSON",
        "folder.json": "cannot read record",
        "huge-number.json": "more than 4300 digits",
    }
    for name, reason in reasons.items():
        assert "unreadable:" in rows[name] and reason in rows[name], rows[name]


# 5. Limits: no file is read beyond the cap, and no error line repeats a huge value whole.


def test_a_record_larger_than_the_cap_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    with path.open("wb") as file:  # sparse: takes no disk
        file.truncate(MAX_RECORD_MB * 1_000_000 + 1)
    line = one_error_line("replay", str(path))
    assert f"is larger than {MAX_RECORD_MB} MB" in line
    # A file just at the cap is read (and found to be no JSON).
    with path.open("r+b") as file:
        file.truncate(MAX_RECORD_MB * 1_000_000)
    assert "not valid JSON" in one_error_line("replay", str(path))


def test_an_endless_file_is_read_only_up_to_the_cap() -> None:
    line = one_error_line("replay", "/dev/zero")
    assert f"is larger than {MAX_RECORD_MB} MB" in line


def test_a_huge_value_is_echoed_short() -> None:
    huge = "x" * 10_000_000
    line = one_error_line("simulate", "cribbage", "-o", f"target={huge}")
    assert len(line) < 300
    # Cut here, or already where the message was made.
    assert "x" * ECHO_LIMIT + "…" in line and "x" * (ECHO_LIMIT + 1) not in line
    line = one_error_line("play", "--plain", "--players", "human," + "y" * 1_000_000, input="")
    assert len(line) < 300 and "(1000000 characters)" in line


def test_a_huge_move_in_a_record_is_echoed_short(tmp_path: Path) -> None:
    path = write(tmp_path / "r.json", record(moves=["play " + "5H" * 2_000_000]))
    line = one_error_line("replay", str(path))
    assert len(line) < 600
    assert "(4000000 characters)" in line


@pytest.mark.parametrize("kind", ["missing", "folder", "unreadable", "latin1", "huge", "deep"])
def test_replay_of_any_bad_path_is_one_error_line(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "r.json"
    if kind == "folder":
        path.mkdir()
    elif kind == "unreadable":
        if os.geteuid() == 0:
            # Root reads any file whatever its mode: a link to itself no one can read.
            path.symlink_to(path)
        else:
            write(path, record()).chmod(0)
    elif kind == "latin1":
        path.write_bytes(b"\xff\xfe{}")
    elif kind == "huge":
        with path.open("wb") as file:
            file.truncate(50_000_000)
    elif kind == "deep":
        path.write_text('{"meta": ' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8")
    for extra in ([], ["--json"], ["--plain"]):
        line = one_error_line("replay", str(path), *extra)
        assert repr(str(path)) in line


def test_a_path_too_long_is_one_error_line(tmp_path: Path) -> None:
    long = str(tmp_path / ("x" * 5000))
    assert "cannot read record" in one_error_line("replay", long)
    assert "no folder" in one_error_line("demo", "--record", long + "/r.json")


def test_load_record_reads_meta_and_the_state(tmp_path: Path) -> None:
    path = write(tmp_path / "r.json", record(meta={"players": ["human", "rules"]}))
    state, meta = load_record(path)
    assert meta == {"players": ["human", "rules"]} and len(state.history) == 1


def test_demo_record_to_a_folder_is_one_error_line(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    line = one_error_line("demo", "--seed", "1", "--record", str(tmp_path / "sub"))
    assert "is a folder: name a file" in line


# 6. Click's mistakes are one line, in the chosen language, naming what is allowed.

CLICK_MISTAKES = {
    ("simulate", "cribbage", "--seed", "abc"): "error: --seed: 'abc' is not a whole number",
    ("simulate", "cribbage", "--games", "0"): (
        "error: --games: '0' is not a whole number of at least 1"
    ),
    ("demo", "--delay", "-1"): "error: --delay: '-1' is not a number of at least 0",
    ("play", "--delay", "-1"): "error: --delay: '-1' is not a number of at least 0",
    ("cribbage", "score", "5H", "5D", "5C", "JS"): (
        "error: cardtable cribbage score needs --starter (see cardtable cribbage score --help)"
    ),
    ("rules",): "error: cardtable rules needs GAME: one of calypso, cribbage, kloepper, krypkasino",
    ("simulate", "--bogus"): "error: cardtable simulate has no option --bogus; options: "
    "--games, --seed, --option, --progress/--no-progress, --help",
    ("--bogus",): "error: cardtable has no option --bogus; options: --version, --lang, --help",
    ("nosuch",): "error: cardtable has no command 'nosuch'; commands: play, arena, eval, "
    "serve, verify, bot, export, games, rules, simulate, replay, records, demo, cribbage, admin",
    ("cribbage", "nosuch"): "error: cardtable cribbage has no command 'nosuch'; commands: "
    "score, discard, stats",
    ("demo", "--seed"): "error: --seed needs a value: a whole number",
    ("replay", "--plain=x"): "error: --plain takes no value",
    ("games", "extra"): "error: cardtable games does not take 'extra' (see cardtable games --help)",
    ("replay", "--seat", "x"): "error: --seat: 'x' is not a whole number",
}


@pytest.mark.parametrize("args", list(CLICK_MISTAKES))
def test_click_mistakes_are_one_line(args: tuple[str, ...]) -> None:
    assert one_error_line(*args, input="") == CLICK_MISTAKES[args]


# Proposed Japanese for the new messages: used here only while the catalogue lacks them.
PROPOSED_JA = {
    "{option}: {value!r} is not {wanted}": "{option}: {value!r} は{wanted}ではありません",
    "{option} takes {wanted}": "{option} には{wanted}を指定します",
    "{command} needs {name}: {wanted}": "{command} には {name} が必要です: {wanted}",
    "{command} needs {name} (see {command} --help)": (
        "{command} には {name} が必要です（{command} --help を参照）"
    ),
    "{command} has no option {option}; options: {options}": (
        "{command} にオプション {option} はありません。オプション: {options}"
    ),
    "{command} has no command {name!r}; commands: {commands}": (
        "{command} にコマンド {name!r} はありません。コマンド: {commands}"
    ),
    "{option} needs a value: {wanted}": "{option} には値が必要です: {wanted}",
    "{option} needs a value (see {command} --help)": (
        "{option} には値が必要です（{command} --help を参照）"
    ),
    "{option} takes no value": "{option} は値を取りません",
    "{command} does not take {arguments!r} (see {command} --help)": (
        "{command} は {arguments!r} を受け付けません（{command} --help を参照）"
    ),
    "{problem} (see {command} --help)": "{problem}（{command} --help を参照）",
    "one of {choices}": "{choices} のいずれか",
    "a whole number of at most {high}": "{high}以下の整数",
    "a number": "数",
    "a number of at least {low}": "{low}以上の数",
    "a number of at most {high}": "{high}以下の数",
    "a number from {low} to {high}": "{low}から{high}までの数",
    "({count} characters)": "（{count} 文字）",
}


@pytest.fixture
def japanese_catalogue(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    real = i18n._translations

    class WithProposed:
        def __init__(self, lang: str) -> None:
            self.translations = real(lang)

        def gettext(self, message: str) -> str:
            found = self.translations.gettext(message)
            return PROPOSED_JA.get(message, found) if found == message else found

        def ngettext(self, singular: str, plural: str, n: int) -> str:
            return self.translations.ngettext(singular, plural, n)

        def pgettext(self, context: str, message: str) -> str:
            return self.translations.pgettext(context, message)

    monkeypatch.setattr(i18n, "_translations", WithProposed)
    yield


JAPANESE = re.compile("[\u3040-\u30ff\u4e00-\u9fff]")


@pytest.mark.usefixtures("japanese_catalogue")
@pytest.mark.parametrize("args", list(CLICK_MISTAKES))
@pytest.mark.parametrize("how", ["option", "locale"])
def test_click_mistakes_are_one_line_in_japanese(args: tuple[str, ...], how: str) -> None:
    if how == "option":
        line = one_error_line("--lang", "ja", *args, input="")
    else:
        line = one_error_line(*args, input="", env={"LANG": "ja_JP.UTF-8"})
    assert line.startswith("エラー: ")
    english = CLICK_MISTAKES[args].removeprefix("error: ")
    body = line.removeprefix("エラー: ")
    assert body != english and JAPANESE.search(body), line
    for word in ("needs", "takes", "is not", "has no", "does not", "see "):
        assert word not in body, line


def test_play_lang_ja_is_the_language_of_its_own_mistakes(japanese_catalogue: None) -> None:
    line = one_error_line("play", "--lang", "ja", "--seed", "abc", input="")
    assert line == "エラー: --seed: 'abc' は整数ではありません"


def test_help_still_prints_help() -> None:
    for args in (["--help"], ["simulate", "--help"], ["cribbage", "score", "--help"]):
        code, output = invoke(*args)
        assert code == 0 and "Usage" in output
    code, output = invoke()
    assert "Usage" in output  # no command at all: the help


# 12. The last game saved is the last one listed, even within one second.


def test_records_saved_in_one_second_list_in_the_order_saved(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    saved = []
    with monkeypatch.context() as patch:
        # Every save in the same second (and microsecond), as a fast machine may do.
        patch.setattr(time, "time_ns", lambda: 1_800_000_000_123_456_000)
        patch.setattr(time, "strftime", lambda *args: "20270115-080000")
        for n in range(12):
            data = cardtable.load("cribbage").new_state(seed=4).to_record()
            data["meta"] = {"n": n}
            saved.append(save_record(data))
    # Same names but for -2 ... -12, and the same time written: the order must still hold.
    for path in saved:
        os.utime(path, ns=(1_800_000_000_000_000_000, 1_800_000_000_000_000_000))
    assert saved_records() == saved
    assert [load_record(path)[1]["n"] for path in saved_records()] == list(range(12))


@given(st.lists(st.integers(min_value=1, max_value=40), min_size=1, max_size=12, unique=True))
@settings(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_records_are_ordered_by_the_time_written(data_dir: Path, order: list[int]) -> None:
    folder = data_dir / "records"
    folder.mkdir(exist_ok=True)
    for old in folder.iterdir():
        old.unlink()
    # Names that sort against the order written: the time written decides.
    paths = []
    for i, k in enumerate(order):
        path = folder / f"game-{k}.json"
        path.write_text("{}", encoding="utf-8")
        os.utime(path, ns=(10**18 + i * 1000, 10**18 + i * 1000))
        paths.append(path)
    assert saved_records() == paths


def test_replay_with_no_argument_opens_the_last_saved() -> None:
    # Saved in one second, the first name sorts last ("-9" after "-4").
    first = save_record(cardtable.load("cribbage").new_state(seed=9).to_record())
    last = save_record(record())
    os.utime(first, ns=(2 * 10**18, 2 * 10**18))
    os.utime(last, ns=(2 * 10**18 + 1, 2 * 10**18 + 1))
    code, output = invoke("replay", "--plain")
    assert code == 0 and "seed 4" in output
