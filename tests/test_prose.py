"""Prose: line breaks at spaces and between Japanese characters, never starting a line with
「。」 nor ending one with 「「」; ASCII words and card notation whole; styles kept; the same in
a Rich console, a Textual ``Static`` and ``cardtable rules``."""

from __future__ import annotations

import asyncio
import io
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.cells import cell_len
from rich.console import Console
from rich.measure import Measurement
from rich.style import Style
from rich.text import Text
from typer.testing import CliRunner

from cardtable.cli import app
from cardtable.i18n import game_summary, using_language
from cardtable.play.look import colour_cards
from cardtable.play.prose import NO_END, NO_START, Prose, break_offsets, unwrap, wrap_text
from cardtable.registry import game_class
from cardtable.registry import games as game_names

runner = CliRunner()


def lines(text: str, width: int) -> list[str]:
    return [line.plain for line in wrap_text(Text(text), width)]


def shown(renderable: Prose, width: int) -> list[str]:
    """The lines a console of ``width`` cells prints."""
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text().splitlines()


# ------------------------------------------------------------------------ exact breaks


@pytest.mark.parametrize(
    ("text", "width", "expected"),
    [
        # English: at spaces only, greedily, the spaces at a break dropped.
        ("Trumps, high to low: QC QS JC JS", 12, ["Trumps, high", "to low: QC", "QS JC JS"]),
        ("play knock-off now", 10, ["play", "knock-off", "now"]),
        ("a   b", 2, ["a", "b"]),
        ("a b", 3, ["a b"]),
        # A word wider than the line is cut, but not before its closing bracket.
        ("abcdefghij", 4, ["abcd", "efgh", "ij"]),
        ("abcdefg)", 7, ["abcdef", "g)"]),
        # Newlines in the text are kept; the spaces before them dropped, an indent kept.
        ("ab cd  \n  ef", 10, ["ab cd", "  ef"]),
        ("ab\n\ncd", 10, ["ab", "", "cd"]),
        # Japanese: six characters fill 12 cells, but the seventh is 。, so す goes down too.
        ("これは例です。次の文。", 12, ["これは例で", "す。次の文。"]),
        # 」 and 。 may not start a line: え comes down with both.
        ("あいうえ」。かき", 10, ["あいう", "え」。かき"]),
        # 「 may not end one: it goes down with what it opens.
        ("ああああ「いい」", 10, ["ああああ", "「いい」"]),
        # The long-vowel mark and the small kana stay with the kana before them.
        ("あゲーム", 4, ["あ", "ゲー", "ム"]),
        ("あいきっと", 6, ["あい", "きっと"]),
        # Card notation stays whole; a line may break beside it where Japanese touches it.
        ("席1が10Dを出す。", 8, ["席1が10D", "を出す。"]),
        ("取り札は10Dが3点、2Sが2点", 12, ["取り札は10D", "が3点、2Sが", "2点"]),
        (
            "切り札は強い順に QC QS JC JS。ほかは A 10 K Q 9 の順。",
            20,
            ["切り札は強い順に QC", "QS JC JS。ほかは A", "10 K Q 9 の順。"],
        ),
        # A run that breaks a rule wherever it is cut: cut as late as fits.
        ("「あ」", 4, ["「あ", "」"]),
    ],
)
def test_breaks(text: str, width: int, expected: list[str]) -> None:
    assert lines(text, width) == expected


def test_a_plain_cut_would_start_a_line_with_a_full_stop() -> None:
    text = "これは例です。次の文。"
    assert text[6] == "。"  # what a cut at 12 cells would put first on the second line
    assert break_offsets(text, 12) == [5]
    assert break_offsets("Trumps: QC QS JC", 10) == [11]
    assert break_offsets("ab cd  \n  ef", 10) == [8]
    assert break_offsets("", 10) == []


def test_a_character_wider_than_the_line_stands_alone() -> None:
    assert lines("ああ", 1) == ["あ", "あ"]
    assert lines("ab あ", 1) == ["a", "b", "あ"]


def test_combining_marks_stay_with_their_letter() -> None:
    assert lines("e\u0301e\u0301e\u0301", 2) == ["e\u0301e\u0301", "e\u0301"]


def test_styles_are_kept_across_lines() -> None:
    wrapped = wrap_text(colour_cards("play QC now, then 10H"), 8)
    assert [line.plain for line in wrapped] == ["play Q♣", "now,", "then 10♥"]
    first, _, last = wrapped
    assert [(first.plain[s.start : s.end], s.style) for s in first.spans] == [
        ("Q♣", "bold default")
    ]
    assert [(last.plain[s.start : s.end], s.style) for s in last.spans] == [("10♥", "bold red")]


def test_unwrap_joins_source_lines() -> None:
    assert unwrap("Trumps, high\n  to low:\n\nQC") == "Trumps, high to low: QC"
    # No space between Japanese characters, nor after a full stop; a space before ASCII.
    assert unwrap("配り切ります。\n13枚ずつ、\n4回の\nディールで\n(既定") == (
        "配り切ります。13枚ずつ、4回のディールで (既定"
    )


# ------------------------------------------------------------------------ the renderable


def test_prose_in_a_console() -> None:
    prose = Prose(colour_cards("クレッパー: 切り札は強い順に QC QS JC JS JH JD AD 10D。"))
    assert shown(prose, 20) == [
        "クレッパー: 切り札は",
        "強い順に Q♣ Q♠ J♣ J♠",
        "J♥ J♦ A♦ 10♦。",
    ]
    assert shown(Prose("one two three"), 20) == ["one two three"]
    assert repr(Prose("x")) == "Prose('x')"


def test_prose_keeps_styles_and_justifies() -> None:
    console = Console(width=10, record=True, file=io.StringIO(), color_system="standard")
    console.print(Prose(Text("ab cd ef gh", style="bold")), justify="right")
    assert console.export_text().splitlines() == ["  ab cd ef", "        gh"]
    segments = [s for s in console.export_text(styles=True).split("\n") if s]
    assert all("\x1b[1m" in line for line in segments)


def test_prose_expands_tabs_before_wrapping() -> None:
    assert shown(Prose("a\tb c"), 10) == ["a       b", "c"]


def test_prose_without_wrapping_keeps_its_lines() -> None:
    console = Console(width=6, record=True, file=io.StringIO())
    console.print(Prose("ab cd ef\ngh"), no_wrap=True, crop=False)
    assert console.export_text().splitlines() == ["ab cd ef", "gh"]


def test_prose_measures_its_widest_unit_and_longest_line() -> None:
    console = Console(width=100)
    measured = Measurement.get(console, console.options, Prose("knock-off あい\nab"))
    assert measured == Measurement(9, 14)
    # The narrowest Japanese is a character and whatever may not be parted from it.
    measured = Measurement.get(console, console.options, Prose("あい。う"))
    assert measured == Measurement(4, 8)


def test_prose_in_a_textual_static() -> None:
    from textual.app import App, ComposeResult
    from textual.geometry import Region
    from textual.widgets import Static

    text = "切り札は強い順に QC QS JC JS JH JD AD 10D。ほかのスートは A 10 K Q 9 の順。"

    class Shown(App[None]):
        CSS = "Static { width: 24; }"

        def compose(self) -> ComposeResult:
            yield Static(Prose(colour_cards(text)), id="prose")

    async def scenario() -> list[str]:
        async with Shown().run_test(size=(60, 20)) as pilot:
            await pilot.pause()
            static = pilot.app.query_one("#prose", Static)
            region = Region(0, 0, static.size.width, static.size.height)
            return [strip.text.rstrip() for strip in static.render_lines(region)]

    assert asyncio.run(scenario()) == [
        "切り札は強い順に Q♣ Q♠",
        "J♣ J♠ J♥ J♦ A♦ 10♦。ほか",
        "のスートは A 10 K Q 9 の",
        "順。",
    ]


# ------------------------------------------------------------------------ properties

JAPANESE = "あいうえおかきくけこカードスペードクラブ切り札席点枚人出"
WORDS = st.one_of(
    st.sampled_from(["10D", "QC", "play", "knock-off", "a", "A♠", "1+3", "x" * 30]),
    st.text("abcdefghijklmnopqrstuvwxyz0123456789-", min_size=1, max_size=14),
)
PIECES = st.one_of(
    st.text(JAPANESE, min_size=1, max_size=12),
    WORDS,
    st.sampled_from(sorted(NO_START)),
    st.sampled_from(sorted(NO_END)),
    st.sampled_from([" ", " ", "  ", "   ", "\n"]),
)
TEXTS = st.lists(PIECES, max_size=40).map("".join)


def _free(text: str, start: int, q: int) -> bool:
    """Whether a line starting at ``start`` could break at ``q`` keeping the kinsoku rules."""
    before, after = text[q - 1], text[q]
    if after == " ":
        return False  # a run of spaces is tried once, at its end
    if before == " ":
        run = q - 1
        while run > start and text[run - 1] == " ":
            run -= 1
        return run > start and text[run - 1] not in NO_END and after not in NO_START
    return before not in NO_END and after not in NO_START


def check_wrapped(text: str, width: int) -> list[str]:
    """Every property of the lines of ``text`` at ``width``; returns them."""
    offsets = break_offsets(text, width)
    wrapped = lines(text, width)
    assert offsets == sorted(set(offsets)) and all(0 < o <= len(text) for o in offsets)
    assert len(wrapped) == len(offsets) + 1
    starts, ends = [0, *offsets], [*offsets, len(text)]
    for i, line in enumerate(wrapped):
        # Fits (a word wider than the line is cut to it), and is its piece of the text but
        # for the spaces and newline at its end.
        assert cell_len(line) <= width, (line, width)
        piece = text[starts[i] : ends[i]]
        assert piece.startswith(line) and "\n" not in line and not line.endswith(" ")
        dropped = piece[len(line) :]
        assert re.fullmatch(" *\n?" if i < len(wrapped) - 1 else " *", dropped), dropped
        if i == len(wrapped) - 1 or dropped.endswith("\n"):
            continue
        # A soft break: the next line starts with no space, and breaks the kinsoku rules
        # only where nothing in this line could have been broken instead.
        following = wrapped[i + 1]
        assert not following.startswith(" ")
        if following[:1] in NO_START or line[-1:] in NO_END:
            inside = range(starts[i] + 1, starts[i] + len(line))
            assert not any(_free(text, starts[i], q) for q in inside), (line, following)
    return wrapped


@settings(max_examples=400, deadline=None)
@given(TEXTS, st.integers(4, 100))
def test_any_text_wraps_within_the_rules(text: str, width: int) -> None:
    check_wrapped(text, width)


# Japanese sentences as written: words of two or more characters, some in 「」, each followed
# by at most one mark. Nothing unbreakable is wider than three characters, so from six cells
# on no line may start with a closing mark or end with an opening one, ever.
KANA = "".join(c for c in JAPANESE if c not in NO_START)
SENTENCE = st.lists(
    st.tuples(
        st.text(KANA, min_size=2, max_size=8),
        st.booleans(),
        st.sampled_from(["", "", "、", "。", "ー", "っ", "！"]),
    ),
    min_size=1,
    max_size=30,
).map(lambda words: "".join(("「" + w + "」" if q else w) + mark for w, q, mark in words))


@settings(max_examples=300, deadline=None)
@given(SENTENCE, st.integers(6, 60))
def test_japanese_never_starts_a_line_with_a_closing_mark(text: str, width: int) -> None:
    wrapped = check_wrapped(text, width)
    assert all(line[:1] not in NO_START for line in wrapped[1:]), wrapped
    assert all(line[-1:] not in NO_END for line in wrapped[:-1]), wrapped


# ------------------------------------------------------------------------ the summaries


@pytest.mark.parametrize("game", game_names())
def test_japanese_summaries_wrap_within_the_rules(game: str) -> None:
    with using_language("ja"):
        summary = game_summary(game_class(game))
    paragraphs = [colour_cards(unwrap(p)) for p in summary.split("\n\n")]
    for width in range(40, 101):
        for paragraph in paragraphs:
            printed = shown(Prose(paragraph), width)
            assert all(cell_len(line) <= width for line in printed)
            assert not [line for line in printed if line[:1] in "。、"], (width, printed)
            assert not [line for line in printed if line[:1] in NO_START], (width, printed)
            # Nothing lost: the same characters, but for the spaces at the breaks.
            assert "".join(printed).replace(" ", "") == paragraph.plain.replace(" ", "")


def run(*args: str, columns: int = 80) -> str:
    result = runner.invoke(app, list(args), env={"COLUMNS": str(columns)})
    assert result.exit_code == 0, result.output
    return result.output


def test_rules_shows_suit_symbols() -> None:
    english = run("rules", "kloepper")
    assert "Q♣ Q♠ J♣" in english and "QC QS JC" not in english
    japanese = run("--lang", "ja", "rules", "kloepper")
    assert "Q♣ Q♠ J♣" in japanese and "QC QS JC" not in japanese


@pytest.mark.parametrize("columns", [40, 57, 80])
@pytest.mark.parametrize("game", game_names())
def test_rules_in_japanese_never_starts_a_line_with_a_stop(game: str, columns: int) -> None:
    printed = run("--lang", "ja", "rules", game, columns=columns).splitlines()
    table = next(i for i, line in enumerate(printed) if line.startswith("オプション"))
    summary = printed[1:table]
    assert summary and all(cell_len(line) <= columns for line in summary)
    assert not [line for line in summary if line[:1] in NO_START], summary


def test_styled_text_keeps_its_base_style() -> None:
    wrapped = wrap_text(Text("ab cd", style=Style(bold=True)), 2)
    assert [(line.plain, line.style) for line in wrapped] == [
        ("ab", Style(bold=True)),
        ("cd", Style(bold=True)),
    ]
