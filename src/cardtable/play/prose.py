"""Line breaking for prose that mixes Japanese and English, as a Rich renderable.

Rich wraps at spaces only, so Japanese (which has none) is cut at whatever cell the line runs
out, and a line may start with 「。」. Here a line may also break between a wide character and
its neighbour, but never before a closing or small mark (。、」ー) nor after an opening bracket
(「（): the Japanese rule of kinsoku shori. ASCII words ("10D", "knock-off") stay whole.

A plain cut at 12 cells would start the second line with 「。」:

>>> from rich.console import Console
>>> Console(width=12).print(Prose("これは例です。次の文。"))
これは例で
す。次の文。
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.containers import Lines
from rich.measure import Measurement
from rich.segment import Segment
from rich.text import Text

from cardtable.i18n import unwrap

__all__ = ["Prose", "break_offsets", "unwrap", "wrap_text"]

#: What never starts a line: closing brackets and punctuation, small kana, the long-vowel mark
#: and the repetition marks, which all belong to the character before them.
NO_START = frozenset(
    "。、，．・：；？！」』）〕］｝〉》】〙〗〟’”ー…‥〜～々ゝゞヽヾ"
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ"
    "｡､｣･ｰｧｨｩｪｫｯｬｭｮ"
    ")]},.:;!?"
)
#: What never ends a line: opening brackets, which belong to the character after them.
NO_END = frozenset("「『（〔［｛〈《【〘〖〝‘“｢([{")

_ZWJ = "\u200d"


class _Break(NamedTuple):
    """A place to break, as cluster indices: the line ends at ``end``, the next starts at
    ``next`` (after the spaces between them, which no line shows)."""

    end: int
    next: int


class _Run(NamedTuple):
    """A run of spaces, as cluster indices ``start..end``."""

    start: int
    end: int


class _Clusters:
    """One hard line cut into what is never split (a character with its combining marks, an
    emoji joined by ZWJ), with the cell widths and the places where a line may break."""

    def __init__(self, text: str, start: int, stop: int) -> None:
        self.text = text
        self.starts: list[int] = []
        self.widths: list[int] = []
        i = start
        while i < stop:
            j = i + 1
            # A zero-width character (combining mark, variation selector) or the one after a
            # zero-width joiner draws on the cell before: never break between them.
            while j < stop and (text[j - 1] == _ZWJ or cell_len(text[j]) == 0):
                j += 1
            self.starts.append(i)
            self.widths.append(cell_len(text[i:j]))
            i = j
        self.starts.append(stop)
        # cells[k]: how wide clusters 0..k-1 are, so any run's width is one subtraction.
        self.cells = [0]
        for width in self.widths:
            self.cells.append(self.cells[-1] + width)
        count = len(self.widths)
        # A space with a combining mark on it is a character to show, not a gap to drop.
        self.space = [
            text[self.starts[k]] == " " and self.starts[k + 1] == self.starts[k] + 1
            for k in range(count)
        ]
        # The text ends before its trailing spaces: they would only push a line over.
        self.content_end = count
        while self.content_end and self.space[self.content_end - 1]:
            self.content_end -= 1
        self.breaks = [b for k in range(1, count) if (b := self._break_at(k)) is not None]

    def __len__(self) -> int:
        return len(self.widths)

    def width(self, start: int, end: int) -> int:
        return self.cells[end] - self.cells[start]

    def _kinsoku_ok(self, last: int, first: int) -> bool:
        """Whether a line may end with cluster ``last`` and the next begin with ``first``."""
        return (
            self.text[self.starts[last]] not in NO_END
            and self.text[self.starts[first]] not in NO_START
        )

    def _run_bounds(self, k: int) -> _Run:
        """The run of spaces that cluster ``k`` is in (or begins just after)."""
        start = k
        while start and self.space[start - 1]:
            start -= 1
        end = k
        while end < len(self) and self.space[end]:
            end += 1
        return _Run(start, end)

    def _break_at(self, k: int) -> _Break | None:
        """The break opportunity just before cluster ``k``, if there is one."""
        if self.space[k]:
            return None  # a run of spaces offers one break, at its end
        if self.space[k - 1]:
            run = self._run_bounds(k - 1)
            # Spaces that start the line indent it: there is nothing before them to break off.
            if run.start == 0 or not self._kinsoku_ok(run.start - 1, k):
                return None
            return _Break(run.start, k)
        wide = self.widths[k - 1] == 2 or self.widths[k] == 2
        # Between two ASCII characters is inside a word; beside a wide one, a line may break,
        # but not between a number and the counter after it ("13枚", "2点").
        counted = self.text[self.starts[k - 1]] in "0123456789" and self.widths[k] == 2
        if wide and not counted and self._kinsoku_ok(k - 1, k):
            return _Break(k, k)
        return None

    def chop(self, start: int, stop: int, width: int) -> int:
        """Where the next line starts when the unbreakable run ``start..stop`` is wider than
        ``width``: as late as fits, keeping the kinsoku rules where any place allows it."""
        fit = start + 1
        while fit < stop and self.width(start, fit + 1) <= width:
            fit += 1
        if fit >= stop:
            return stop  # one cluster wider than the line: it stands alone
        for q in range(fit, start, -1):
            if self.space[q - 1] and self.space[q]:
                continue
            if self.space[q]:
                run = self._run_bounds(q)
                if self._kinsoku_ok(q - 1, run.end):
                    return run.end
            elif self.space[q - 1]:
                run = self._run_bounds(q - 1)
                if run.start > start and self._kinsoku_ok(run.start - 1, q):
                    return q
            elif self._kinsoku_ok(q - 1, q):
                return q
        # Every place breaks a rule (say "「あ」" in four cells): cut as late as fits, and never
        # start the next line with the spaces that a line end drops anyway.
        return self._run_bounds(fit).end if self.space[fit] else fit


def _line_starts(clusters: _Clusters, width: int) -> Iterator[int]:
    """The clusters that start the second and later lines of one hard line, greedily filled."""
    breaks = clusters.breaks
    start = 0
    i = 0  # the first break not yet passed
    while clusters.width(start, clusters.content_end) > width:
        while i < len(breaks) and breaks[i].end <= start:
            i += 1
        best = None
        # The last break that fits; a lone cluster wider than the line (a wide character in one
        # cell) goes on a line of its own rather than nowhere.
        while i < len(breaks) and (
            clusters.width(start, breaks[i].end) <= width or breaks[i].end == start + 1
        ):
            best = breaks[i]
            i += 1
        if best is not None:
            start = best.next
        else:
            stop = breaks[i].end if i < len(breaks) else clusters.content_end
            start = clusters.chop(start, stop, width)
        if start >= clusters.content_end:
            return
        yield start


def break_offsets(text: str, width: int) -> list[int]:
    """The offsets in ``text`` where its lines start (the first excepted) when wrapped to
    ``width`` cells: at spaces and beside wide characters, never before 「。」 or after 「（」,
    and after every newline. A line drops the spaces at its end.

    >>> break_offsets("Trumps: QC QS JC", 10), break_offsets("play 5H\\n(one card)", 20)
    ([11], [8])
    >>> text = "これは例です。次の文。"
    >>> [text[i:j] for i, j in zip([0, *break_offsets(text, 12)], [*break_offsets(text, 12), None])]
    ['これは例で', 'す。次の文。']
    """
    width = max(width, 1)
    offsets: list[int] = []
    line_start = 0
    while True:
        newline = text.find("\n", line_start)
        stop = len(text) if newline < 0 else newline
        clusters = _Clusters(text, line_start, stop)
        offsets.extend(clusters.starts[k] for k in _line_starts(clusters, width))
        if newline < 0:
            return offsets
        line_start = newline + 1
        offsets.append(line_start)


def _strip_end(line: Text) -> Text:
    # Only spaces and the newline: an ideographic space (U+3000) is text, not a gap to drop.
    plain = line.plain
    dropped = len(plain) - len(plain.rstrip(" \n"))
    if dropped:  # right_crop(0) would crop everything: plain[:-0] is empty
        line.right_crop(dropped)
    return line


def wrap_text(text: Text, width: int) -> Lines:
    """``text`` wrapped to ``width`` cells as by :func:`break_offsets`, styles kept, with no
    spaces (or newline) at the end of any line.

    >>> [line.plain for line in wrap_text(Text("席 1 が 5♥ を出す。次へ"), 8)]
    ['席 1 が', '5♥ を出', 'す。次へ']
    """
    return Lines(_strip_end(line) for line in text.divide(break_offsets(text.plain, width)))


class Prose:
    """Text that wraps to its width by :func:`break_offsets`: Japanese between its characters,
    never starting a line with 「。」; a Rich renderable, so also the content of a Textual
    ``Static``.

    >>> from rich.console import Console
    >>> Console(width=16).print(Prose("Trumps: QC QS JC JS JH JD"))
    Trumps: QC QS JC
    JS JH JD
    """

    def __init__(self, text: Text | str) -> None:
        self.text = Text(text) if isinstance(text, str) else text

    def __repr__(self) -> str:
        return f"Prose({self.text.plain!r})"

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        text = self.text
        if "\t" in text.plain:
            # A tab is as wide as the console makes it: expanded first, so that it is measured.
            text = text.copy()
            text.expand_tabs(console.tab_size if text.tab_size is None else text.tab_size)
        if options.no_wrap or text.no_wrap:
            lines = Lines(_strip_end(line) for line in text.split("\n", allow_blank=True))
        else:
            lines = wrap_text(text, width)
        justify = text.justify or options.justify
        if justify:
            # Left pads every line to the width, centre and right move it, as Text does.
            lines.justify(console, width, justify=justify, overflow="fold")
        # Joined as Rich joins a Text's own lines, so its styles and links render alike.
        yield from Text("\n").join(lines).render(console)
        yield Segment.line()

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        # At least the widest unbreakable run (wrapping narrower only chops it); at most the
        # longest line as written.
        plain = self.text.plain.expandtabs(console.tab_size)
        widest = 0
        longest = 0
        for line in plain.split("\n"):
            clusters = _Clusters(line, 0, len(line))
            longest = max(longest, clusters.width(0, clusters.content_end))
            start = 0
            for found in clusters.breaks:
                widest = max(widest, clusters.width(start, found.end))
                start = found.next
            widest = max(widest, clusters.width(start, clusters.content_end))
        return Measurement(widest, longest)
