"""Languages: the catalogues are complete and tidy, and everything a player reads is translated.

The catalogue tests extract the messages from the source exactly as ``make messages`` does (same
``babel.cfg``, same keywords); when one fails, its message lists what to fix.
"""

from __future__ import annotations

import random
import re
import string
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

import cardtable
from cardtable.cards import parse_card, parse_deck
from cardtable.cli.render import colour_cards, result_text
from cardtable.engine import Event, State
from cardtable.errors import CardError, IllegalMoveError, OptionError, UnknownGameError
from cardtable.games.cribbage.moves import parse_move
from cardtable.games.cribbage.text import call, describe_event, materialize, reason_name
from cardtable.i18n import (
    LANGUAGES,
    N_,
    _,
    card_name,
    catalogue_file,
    game_summary,
    game_title,
    get_language,
    join_and,
    language_from_env,
    move_words,
    ngettext,
    normalize_language,
    option_help,
    rank_name,
    set_language,
    suit_name,
    using_language,
)
from cardtable.registry import game_class

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "cardtable"
KEYWORDS: dict[str, Any] = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "NP_": ((1, "c"), 2),
    "pgettext": ((1, "c"), 2),
}
MsgId = str | tuple[str, ...]

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
# Card notation (5H, 10S, AS) is ASCII in every language; any other letter is a word.
CARD = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9AJQK])[CDHS](?![A-Za-z0-9])")


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


# ----------------------------------------------------------------- the catalogues


def source_messages() -> dict[MsgId, list[str]]:
    """Every marked message of the package, with where it is used."""
    with (ROOT / "babel.cfg").open(encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)  # type: ignore[no-untyped-call]
    found: dict[MsgId, list[str]] = {}
    for filename, lineno, message, _comments, context in extract_from_dir(
        PACKAGE, method_map, options_map, keywords=KEYWORDS
    ):
        found.setdefault(key(message, context), []).append(f"{filename}:{lineno}")
    return found


def read_catalog(path: Path | Any, locale: str | None = None) -> Catalog:
    with path.open("rb") as fp:
        return read_po(fp, locale=locale)


def entries(catalog: Catalog) -> dict[MsgId, Any]:
    return {key(m.id, m.context): m for m in catalog if m.id}


def key(msgid: str | tuple[str, ...] | list[str], context: str | None = None) -> MsgId:
    """A message's identity: its msgid, after its context where it has one (gettext's way)."""
    if context:
        return f"{context}\x04{msgid}"
    return msgid if isinstance(msgid, str) else tuple(msgid)


Field = tuple[str, str | None, str]


def fields(text: str) -> set[Field]:
    """The ``str.format`` fields of a message: (name, conversion, format spec)."""
    return {
        (name, conversion, spec or "")
        for _literal, name, spec, conversion in string.Formatter().parse(text)
        if name is not None
    }


def spell(found: set[Field]) -> str:
    """Fields as they are written: ``{move!r}``, ``{deals:,}``."""
    out = []
    for name, conversion, spec in sorted(found, key=str):
        out.append(
            "{"
            + name
            + (f"!{conversion}" if conversion else "")
            + (f":{spec}" if spec else "")
            + "}"
        )
    return " ".join(out) or "no fields"


def show(msgid: MsgId, where: dict[MsgId, list[str]]) -> str:
    return f"  {msgid!r}  ({', '.join(where.get(msgid, ['the catalogue']))})"


def test_every_message_is_a_valid_format_string_with_named_fields() -> None:
    bad = []
    for msgid, where in source_messages().items():
        for text in msgid if isinstance(msgid, tuple) else (msgid,):
            try:
                names = {name for name, _conversion, _spec in fields(text)}
            except ValueError as err:
                bad.append(f"{show(msgid, {msgid: where})}: {err}")
                continue
            if any(not name.isidentifier() for name in names):
                bad.append(f"{show(msgid, {msgid: where})}: use named fields, e.g. {{seat}}")
    assert not bad, "messages with broken or unnamed placeholders:\n" + "\n".join(bad)


def test_template_matches_the_source() -> None:
    source = source_messages()
    template = entries(read_catalog(PACKAGE / "locale" / "cardtable.pot"))
    missing = [show(m, source) for m in source if m not in template]
    extra = [show(m, source) for m in template if m not in source]
    assert not missing and not extra, (
        "locale/cardtable.pot is out of date: run `make messages`.\n"
        f"not in the template ({len(missing)}):\n" + "\n".join(missing) + "\n"
        f"in the template but not the source ({len(extra)}):\n" + "\n".join(extra)
    )


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_message_has_a_translation(lang: str) -> None:
    source = source_messages()
    catalog = read_catalog(catalogue_file(lang), locale=lang)
    po = entries(catalog)
    untranslated, fuzzy, placeholders = [], [], []
    for msgid in source:
        entry = po.get(msgid)
        forms = entry.string if entry is not None else ""
        forms = forms if isinstance(forms, tuple | list) else (forms,)
        if entry is None or not all(forms):
            untranslated.append(show(msgid, source))
            continue
        if entry.fuzzy:
            fuzzy.append(show(msgid, source))
        texts = msgid if isinstance(msgid, tuple) else (msgid,)
        expected = set().union(*(fields(t) for t in texts))
        for form in forms:
            got = fields(form)
            if got != expected:
                placeholders.append(
                    f"{show(msgid, source)}\n    {form!r} has {spell(got)}, needs {spell(expected)}"
                )
    unused = [show(m, source) for m in po if m not in source]
    problems = [
        (untranslated, "without a translation (translate them in the .po)"),
        (fuzzy, "marked fuzzy (check the guess, then delete the fuzzy flag)"),
        (placeholders, "whose {placeholders} differ from the English"),
        (unused, "no longer in the source (run `make messages`)"),
        ([show(key(m.id), source) for m in catalog.obsolete.values()], "obsolete (#~) entries"),
    ]
    report = [
        f"{len(items)} {lang} entries {what}:\n" + "\n".join(items)
        for items, what in problems
        if items
    ]
    assert not report, f"{catalogue_file(lang)}:\n" + "\n".join(report)


def test_the_catalogue_loads_and_translates() -> None:
    with using_language("ja"):
        assert _("Cribbage") == "クリベッジ"
        assert _("a message nobody marked") == "a message nobody marked"
        assert _("") == ""
        assert ngettext("{cards} is not in your hand", "{cards} are not in your hand", 2) == (
            "{cards} は手札にありません"
        )
    assert N_("Cribbage") == "Cribbage" == _("Cribbage")


# ----------------------------------------------------------------- choosing the language


def test_english_is_the_default() -> None:
    assert get_language() == "en"
    assert _("Cribbage") == "Cribbage"
    assert game_title(game_class("cribbage")) == "Cribbage"


def test_language_from_the_environment() -> None:
    assert language_from_env({"LANG": "ja_JP.UTF-8"}) == "ja"
    assert language_from_env({"LANG": "en_US.UTF-8"}) == "en"
    assert language_from_env({}) == "en"
    assert language_from_env({"LANG": "fr_FR.UTF-8"}) == "en"
    assert language_from_env({"LANG": "C"}) == "en"
    # LC_ALL, then LC_MESSAGES, then LANG, then LANGUAGE; empty values do not count.
    assert language_from_env({"LC_ALL": "en_GB.UTF-8", "LANG": "ja_JP.UTF-8"}) == "en"
    assert language_from_env({"LC_ALL": "ja_JP.UTF-8", "LANG": "en_US.UTF-8"}) == "ja"
    assert language_from_env({"LC_ALL": "", "LANG": "ja_JP.UTF-8"}) == "ja"
    assert language_from_env({"LC_MESSAGES": "ja_JP", "LANG": "en_US"}) == "ja"
    assert language_from_env({"LANGUAGE": "fr:ja:en"}) == "ja"
    assert language_from_env({"LANG": "en_US", "LANGUAGE": "ja"}) == "en"


def test_normalize_language() -> None:
    assert normalize_language("ja") == "ja"
    assert normalize_language("ja_JP.UTF-8") == "ja"
    assert normalize_language("ja-JP") == "ja"
    assert normalize_language("en_US@euro") == "en"
    assert normalize_language("fr") is None
    assert normalize_language("") is None


def test_set_language_and_unknown_languages() -> None:
    set_language("ja")
    assert get_language() == "ja"
    assert _("Cribbage") == "クリベッジ"
    with pytest.raises(OptionError) as info:
        set_language("fr")
    assert str(info.value) == "不明な言語 'fr'。指定できる言語: en, ja"
    assert get_language() == "ja"  # a refused language changes nothing
    set_language(" EN ")
    assert get_language() == "en"
    with pytest.raises(OptionError) as info:
        set_language("ja_JP.UTF-8")  # a code, not a locale: normalize_language reads those
    assert str(info.value) == "unknown language 'ja_JP.UTF-8'; allowed: en, ja"
    with pytest.raises(OptionError), using_language("fr"):
        pass


def test_using_language_restores_even_after_an_error() -> None:
    with using_language("ja"):
        assert get_language() == "ja"
        with using_language("en"):
            assert get_language() == "en"
        assert get_language() == "ja"
    assert get_language() == "en"
    with pytest.raises(CardError), using_language("ja"):
        parse_card("1X")
    assert get_language() == "en"


def test_the_process_language_reaches_new_threads_and_overrides_stay_local() -> None:
    seen: list[str] = []

    def look() -> None:
        seen.append(get_language())
        with using_language("en"):
            seen.append(get_language())

    set_language("ja")
    thread = threading.Thread(target=look)
    thread.start()
    thread.join()
    assert seen == ["ja", "en"]
    assert get_language() == "ja"
    with using_language("en"):
        set_language("ja")  # the block's own language holds until it ends
        assert get_language() == "en"
    assert get_language() == "ja"


# ----------------------------------------------------------------- cards, titles, help


def test_card_names() -> None:
    assert card_name(parse_card("5H")) == "five of hearts"
    assert card_name(parse_card("AS")) == "ace of spades"
    assert card_name(parse_card("KC") + 52) == "king of clubs"  # a second pack's copy
    assert [suit_name(s) for s in range(4)] == ["clubs", "diamonds", "hearts", "spades"]
    with using_language("ja"):
        assert card_name(parse_card("5H")) == "ハートの5"
        assert card_name(parse_card("AS")) == "スペードのエース"
        assert card_name(parse_card("QD")) == "ダイヤのクイーン"
        assert [suit_name(s) for s in range(4)] == ["クラブ", "ダイヤ", "ハート", "スペード"]
        assert [rank_name(r) for r in (1, 2, 10, 11, 12, 13)] == [
            "エース",
            "2",
            "10",
            "ジャック",
            "クイーン",
            "キング",
        ]
        assert len({card_name(c) for c in range(52)}) == 52
    assert len({card_name(c) for c in range(52)}) == 52
    with pytest.raises(ValueError):
        rank_name(0)
    with pytest.raises(ValueError):
        suit_name(4)


def test_title_summary_and_option_help() -> None:
    cls = game_class("cribbage")
    assert game_title(cls) == "Cribbage" and game_title(cardtable.load("cribbage")) == "Cribbage"
    assert game_summary(cls) == cls.summary
    assert [option_help(spec) for spec in cls.option_specs] == [s.help for s in cls.option_specs]
    with using_language("ja"):
        assert game_title(cls) == "クリベッジ"
        summary = game_summary(cls)
        assert summary.startswith("クリベッジ:") and "ヒズ・ノッブ" in summary
        assert not re.search(r"[A-Za-z]", summary)
        for spec in cls.option_specs:
            assert JAPANESE.search(option_help(spec)), spec.name
        games = next(s for s in cls.option_specs if s.name == "games")
        assert games.allowed() == "1から99までの整数"


def test_join_and() -> None:
    assert join_and(["0", "2", "4"]) == "0 and 2 and 4"
    with using_language("ja"):
        assert join_and(["0", "2"]) == "0と2"


# ----------------------------------------------------------------- Cribbage events


def play_random(state: State, seed: int) -> State:
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_moves()))
    return state


def described(events: list[Event], lang: str) -> list[str]:
    with using_language(lang):
        return [describe_event(e) for e in events]


def test_calls_in_both_languages() -> None:
    assert call("fifteen", 2) == "fifteen two"
    assert call("double pair royal", 12) == "double pair royal for 12"
    assert call("muggins", 3) == "muggins for 3"
    assert reason_name("nobs") == "nobs"
    with using_language("ja"):
        assert call("fifteen", 2) == "フィフティーン2点"
        assert call("run", 4) == "ラン4点"
        assert call("pair royal", 6) == "ペア・ロイヤル6点"
        assert call("his heels", 2) == "ヒズ・ヒール"
        assert call("claim", 12) == "12点を申告"
        assert reason_name("nobs") == "ヒズ・ノッブ"


def test_exact_event_lines() -> None:
    five_h, five_d, five_c, jack_s = (parse_card(c) for c in ("5H", "5D", "5C", "JS"))
    pegged = materialize(("peg", 1, (five_h, five_d, five_c), 15, 10), 121)
    heels = materialize(("score", 0, 2, "his heels", (jack_s,), 2), 121)
    go = [Event("go", 1, {}), *materialize(("score", 0, 1, "go", (), 31), 121)]
    over = materialize(
        (
            "game over",
            {
                "game": 1,
                "winners": [0, 2],
                "pegs": [121, 80, 121, 80],
                "kind": "skunk",
                "points": 2,
            },
        ),
        121,
    )
    events = pegged + heels + go + over
    # The event data stays English (for machines) whatever the language.
    with using_language("ja"):
        assert [e.data.get("call") for e in pegged] == ["fifteen two", "pair royal for six"]
    assert described(events, "en") == [
        "Seat 1: fifteen two (5H 5D 5C), total 12",
        "Seat 1: pair royal for six (5H 5D 5C), total 18",
        "Seat 0: his heels (JS), total 2",
        "Seat 1: go",
        "Seat 0: go, total 31",
        "Game 1 over: Seats 0 and 2 win (skunk, 2), 121-80-121-80",
    ]
    assert described(events, "ja") == [
        "席1: フィフティーン2点 (5H 5D 5C)、計12点",
        "席1: ペア・ロイヤル6点 (5H 5D 5C)、計18点",
        "席0: ヒズ・ヒール (JS)、計2点",
        "席1: ゴー",
        "席0: ゴー、計31点",
        "第1ゲーム終了: 席0と2の勝ち (スカンク、勝ち点2)、121-80-121-80",
    ]


@pytest.mark.parametrize(
    ("options", "seed"),
    [
        ({}, 1),
        ({"players": 3, "target": 61}, 2),
        ({"players": 4, "games": 2, "skunk": "hoyle"}, 3),
        ({"muggins": True, "target": 61}, 4),
    ],
)
def test_a_japanese_game_reads_in_japanese(options: dict[str, Any], seed: int) -> None:
    with using_language("ja"):
        state = play_random(cardtable.load("cribbage", **options).new_state(seed=seed), seed)
        game = state.game
        lines = [game.describe(e) for e in state.events]
    types = {e.type for e in state.events}
    assert {"deal", "hand", "play", "score", "show", "game over"} <= types
    if options.get("muggins"):
        assert "claim" in types
    for event, line in zip(state.events, lines, strict=True):
        assert line and JAPANESE.search(line), (event, line)
        words = CARD.sub("", line)
        assert not re.search(r"[A-Za-z]", words), f"English in {line!r} ({event})"
    # The same events still read in English outside the block.
    english = described(state.events, "en")
    assert all(not JAPANESE.search(line) for line in english)
    assert english[0].startswith("Game 1, deal 1: seat ")


# ----------------------------------------------------------------- errors


def test_errors_in_japanese() -> None:
    with using_language("ja"):
        with pytest.raises(CardError) as card_info:
            parse_card("1X")
        with pytest.raises(OptionError) as option_info:
            cardtable.load("cribbage", colour=1)
        with pytest.raises(OptionError) as value_info:
            cardtable.load("cribbage", target=100)
        with pytest.raises(UnknownGameError) as game_info:
            cardtable.load("poker")
        with pytest.raises(IllegalMoveError) as move_info:
            parse_move("fly 5H")
        state = cardtable.load("cribbage").new_state(seed=5)
        with pytest.raises(IllegalMoveError) as illegal_info:
            state.apply("play 5H")
        with pytest.raises(CardError) as pack_info:
            parse_deck(["AS"] * 52)
    assert str(card_info.value) == (
        "カード '1X' が読めません: カードの書き方はランク (A 2 3 4 5 6 7 8 9 10 J Q K、"
        "10 は T でも可) の後にスート (C D H S または ♣ ♦ ♥ ♠)、大文字でも小文字でも可。"
        "例: 10H、TH、10♥、as、qd"
    )
    assert str(option_info.value) == (
        "cribbage に不明なオプション 'colour'。"
        "オプション: players, target, skunk, muggins, games, deck, dealer"
    )
    assert str(value_info.value) == (
        "オプション 'target' に 100 は指定できません。指定できる値: 121, 61"
    )
    assert str(game_info.value) == (
        "不明なゲーム 'poker'。ゲーム: calypso, cribbage, kloepper, krypkasino"
    )
    assert str(move_info.value) == (
        "入力 'fly 5H' を解釈できません。手の書き方: 捨てる C [C]、出す C、申告 N、マッギン、パス "
        "(C は 5H のようなカード、N は数。英語の discard、play、claim、muggins、pass も使えます)"
    )
    assert str(illegal_info.value) == (
        "席0の手 'play 5H' は不正です: クリブに2枚捨てる番です (捨てる C C)"
    )
    assert str(pack_info.value) == "各カード1枚ずつの山札に AS が2枚あります"


def test_errors_stay_english_by_default() -> None:
    with pytest.raises(CardError) as info:
        parse_card("1X")
    assert str(info.value).startswith("malformed card '1X': a card is a rank (A 2 3")
    with pytest.raises(CardError) as info:
        parse_deck(["AS"] * 52)
    assert str(info.value) == "card AS appears 2 times in a pack of 1 copy of each card"
    state = cardtable.load("cribbage").new_state(seed=5)
    with pytest.raises(IllegalMoveError) as move_info:
        state.apply("play 5H")
    assert str(move_info.value) == (
        "illegal move 'play 5H' for seat 0: it is time to lay away 2 cards to the crib "
        "(discard C C)"
    )


# ----------------------------------------------------------------- the command line's text


def test_rendering_in_japanese() -> None:
    # Cards beside kana still get their suit symbols.
    assert colour_cards("席0が5Hを出す、カウント5").plain == "席0が5♥を出す、カウント5"
    assert colour_cards("Seat 0 plays 10H").plain == "Seat 0 plays 10♥"
    assert colour_cards("ABC5H 5HX").plain == "ABC5H 5HX"
    state = play_random(cardtable.load("cribbage", target=61).new_state(seed=8), 8)
    english = result_text(state).plain
    assert re.fullmatch(
        r"Result: seat [01] wins \(seat 0 \d+, seat 1 \d+\) after \d+ moves", english
    )
    with using_language("ja"):
        japanese = result_text(state).plain
    assert re.fullmatch(r"結果: 席[01]の勝ち \(席0 \d+, 席1 \d+\)、\d+手", japanese)


def test_the_japanese_game_names_are_spelled_as_the_sources_spell_them() -> None:
    """One spelling everywhere: クリプカシノ, as the Japanese rule source writes it."""
    with using_language("ja"):
        titles = [game_title(cardtable.load(name)) for name in cardtable.games()]
        assert titles == ["カリプソ", "クリベッジ", "クレッパー", "クリプカシノ"]
        assert game_summary(cardtable.load("krypkasino")).startswith("クリプカシノ: ")


# ----------------------------------------------------------------- moves in Japanese words

ENGLISH_VERB = re.compile(r"\b(play|discard|claim|muggins|pass|call|alone|knock|knock-off|take)\b")


@pytest.mark.parametrize("name", ["calypso", "cribbage", "kloepper", "krypkasino"])
def test_a_japanese_player_sees_moves_in_japanese_and_may_type_them(name: str) -> None:
    options = {"muggins": True} if name == "cribbage" else {}
    game = cardtable.load(name, **options)
    state = game.new_state(seed=11)
    rng = random.Random(11)
    seen: set[str] = set()
    with using_language("ja"):
        while not state.is_over and len(state.history) < 400:
            seat = state.to_move
            assert seat is not None
            prompt = game.prompt(state.observation(seat))
            assert not ENGLISH_VERB.search(prompt), prompt
            legal = state.legal_moves()
            for move in legal:
                words = state.describe_move(move)
                assert not ENGLISH_VERB.search(words), words
                # What a Japanese player sees is what he may type: it reads as the same move.
                assert game.read_move(move_words(move.text), legal) is move
                seen.add(words.split()[0])
            state.apply(rng.choice(legal))
    expected = {
        "calypso": {"出す"},
        "cribbage": {"捨てる", "出す", "申告", "マッギン", "パス"},
        "kloepper": {"出す", "パス"},
        "krypkasino": {"出す"},
    }[name]
    assert expected <= seen


def test_typed_english_notation_stays_accepted_in_japanese() -> None:
    game = cardtable.load("cribbage")
    state = game.new_state(seed=1)
    with using_language("ja"):
        assert game.read_move("discard 2H 4C", state.legal_moves()).text == "discard 2H 4C"
        assert game.read_move("捨てる 2H 4C", state.legal_moves()).text == "discard 2H 4C"
        state.apply("捨てる 2H 4C")
    # Records keep the notation, whatever language the move was typed in.
    assert state.history == ["discard 2H 4C"]
