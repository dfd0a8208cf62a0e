"""What menus and status lines show is words, in English and Japanese (issue 25): the
catalogue's option labels and values, the bot levels' sentences, Kloepper's typed scoring table,
the status line without the hand, and refusals that name suits, cards and players. Typed on a
command line, options keep their names and values.
"""

from __future__ import annotations

import asyncio
import random
import re
from typing import Any

import httpx
import pytest

import cardtable
from cardtable.engine import Move
from cardtable.errors import IllegalMoveError, OptionError
from cardtable.games.kloepper import KloepperGame
from cardtable.i18n import LANGUAGES, cards_word, using_language, using_names
from cardtable.server.app import create_app
from cardtable.server.config import Settings
from cardtable.server.web import catalog

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]


def _menus(language: str) -> dict[str, list[tuple[str, str, list[str]]]]:
    """Per game: each option's name, label and its choices' labels."""
    return {
        g["name"]: [
            (o["name"], o["label"], [c["label"] for c in o["choices"] or ()]) for o in g["options"]
        ]
        for g in catalog(language)["games"]
    }


SUITS = ["♠ ♣ ♥ ♦", "♠ ♦ ♥ ♣", "♥ ♣ ♠ ♦", "♥ ♦ ♠ ♣", "♣ ♠ ♦ ♥", "♣ ♥ ♦ ♠", "♦ ♠ ♣ ♥", "♦ ♥ ♣ ♠"]


def test_the_options_read_as_words_in_english() -> None:
    assert _menus("en") == {
        "calypso": [
            (
                "trick_rule",
                "Trick rule",
                [
                    "Standard: the highest trump-in wins",
                    "A led trump competes by rank",
                    "The last trump-in wins",
                    "All fours: trump in at any time",
                ],
            ),
            ("suits", "Trump suits", SUITS),
            ("rounds", "Rounds", []),
            ("dealer", "First dealer", []),
        ],
        "cribbage": [
            ("players", "Players", ["2", "3", "4"]),
            ("target", "Target score", ["121 points", "61 points"]),
            (
                "skunk",
                "Skunk rule",
                [
                    "ACC: a skunk at 31 points ahead, a double at 61",
                    "Hoyle: a lurch when the loser has under half",
                    "No skunks",
                ],
            ),
            ("muggins", "Muggins", ["off", "on"]),
            ("games", "Games in the match", []),
            ("dealer", "First dealer", []),
        ],
        "kloepper": [
            ("target", "Target score", []),
            ("scoring", "Scoring table", []),
            ("dealer", "First dealer", []),
        ],
        "krypkasino": [
            ("players", "Players", []),
            (
                "teams",
                "Teams",
                ["Everyone for themselves", "Partners sitting opposite", "Two teams of three"],
            ),
            (
                "capture",
                "Captures",
                ["Any largest set of groups", "Only those taking the most cards"],
            ),
            ("deals", "Hands in a game", []),
            ("dealer", "First dealer", []),
        ],
    }


def test_the_options_read_as_words_in_japanese() -> None:
    menus = _menus("ja")
    assert menus["cribbage"] == [
        ("players", "人数", ["2", "3", "4"]),
        ("target", "目標点", ["121点", "61点"]),
        (
            "skunk",
            "スカンクの規則",
            [
                "ACC: 31点差でスカンク、61点差でダブル",
                "ホイル: 負けた側が半分未満ならラーチ",
                "スカンクなし",
            ],
        ),
        ("muggins", "マッギン", ["オフ", "オン"]),
        ("games", "マッチのゲーム数", []),
        ("dealer", "最初のディーラー", []),
    ]
    assert menus["calypso"][0][1:] == (
        "トリックの規則",
        [
            "標準: 最も高い割り込みの切り札が勝つ",
            "リードの切り札も位で競う",
            "最後に割り込んだ切り札が勝つ",
            "オール・フォーズ: いつでも切り札で割り込める",
        ],
    )
    assert menus["calypso"][1][1:] == ("切り札スート", SUITS)
    assert menus["kloepper"][1][1] == "得点表"
    assert menus["krypkasino"][1][1:] == (
        "チーム",
        ["個人戦", "向かい合う2人が組む", "3人ずつの2チーム"],
    )
    assert menus["krypkasino"][2][1:] == (
        "取り方",
        ["任意の極大な組の集まり", "最も多く取るものだけ"],
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_menu_word_is_a_typed_name_or_value(language: str) -> None:
    """No label carries the typed name ("目標点 (target)"), and no help counts seats from 0."""
    for game in catalog(language)["games"]:
        for option in game["options"]:
            label = option["label"]
            assert f"({option['name']})" not in label and label != option["name"]
            assert "_" not in label
            assert not re.search(r"\d\+\d|seats? 0|席0|\(C D H S\)", option["help"]), option
            for choice in option["choices"] or ():
                if isinstance(choice["value"], str):
                    assert choice["value"] not in choice["label"], choice


def test_typed_options_keep_their_names_and_values() -> None:
    game = cardtable.load("calypso", trick_rule="last-trump", suits="hdsc")
    assert (game.options["trick_rule"], game.options["suits"]) == ("last-trump", "hdsc")
    crib = cardtable.load("cribbage", skunk="hoyle", target="61")
    assert (crib.options["skunk"], crib.options["target"]) == ("hoyle", 61)
    with pytest.raises(OptionError) as err:
        cardtable.load("cribbage", skunk="ACC: a skunk")
    assert str(err.value) == (
        "option 'skunk' does not allow ACC: a skunk; allowed: acc, hoyle, none"
    )


LEVELS_EN = {
    "calypso": [
        "Picks any legal move at random.",
        "Plays by rules of thumb, and picks 70% of its moves at random.",
        "Plays by rules of thumb.",
        "Before each card, imagines 30 ways the hidden cards may lie and picks the move that "
        "does best across them.",
        "Before each card, imagines 80 ways the hidden cards may lie, plays each out by rules"
        " of thumb and picks the move that does best across them.",
    ],
    "cribbage": [
        "Picks any legal move at random.",
        "Plays by rules of thumb, and picks 30% of its moves at random. Keeps the cards worth"
        " most on their own, with no thought for the crib. Pegs the most points it can at "
        "once, without weighing the reply.",
        "Plays by rules of thumb. Pegs the most points it can at once, without weighing the reply.",
        "Plays by rules of thumb.",
        "Lays away by the exact odds of hand and crib; before each card, weighs the hands the"
        " opponent may hold, trusting most those that fit what they laid away and played, and"
        " works the pegging out exactly against their best replies.",
    ],
    "kloepper": [
        "Picks any legal move at random.",
        "Picks its moves at random, except those that raise the stakes.",
        "Plays by rules of thumb.",
        "Before each card, imagines 20 ways the hidden cards may lie, plays each out by rules"
        " of thumb and picks the move that does best across them.",
        "Before each card, imagines 80 ways the hidden cards may lie, trusting most those "
        "that fit how the others have played, plays each out by rules of thumb and picks the "
        "move that does best; it calls and knocks only when those deals show it pays with "
        "room to spare. Works out the last 3 tricks of each imagined deal exactly.",
    ],
    "krypkasino": [
        "Picks any legal move at random.",
        "Plays by rules of thumb, and picks 60% of its moves at random.",
        "Plays by rules of thumb, and picks 10% of its moves at random.",
        "Plays by rules of thumb.",
        "Before each card, imagines 24 ways the hidden cards may lie, plays each out by rules"
        " of thumb and picks the move that does best across them.",
    ],
}


def _levels(language: str) -> dict[str, list[str]]:
    return {
        g["name"]: [level["description"] for level in g["levels"]]
        for g in catalog(language)["games"]
    }


def test_bot_levels_say_what_they_do() -> None:
    assert _levels("en") == LEVELS_EN
    ja = _levels("ja")
    assert ja["calypso"] == [
        "出せる手からでたらめに選びます。",
        "定石どおりに打ちますが、70%の手はでたらめに選びます。",
        "定石どおりに打ちます。",
        "毎回、見えないカードの配られ方を30通り想定し、全体で最も良い手を選びます。",
        "毎回、見えないカードの配られ方を80通り想定し、それぞれを定石どおりに最後まで打って、全体で最も良い手を選びます。",
    ]
    assert ja["cribbage"][1] == (
        "定石どおりに打ちますが、30%の手はでたらめに選びます。"
        "クリブを考えずに、それだけで点の高いカードを残します。"
        "相手の応じ手を考えずに、その場で最も多くの点を取ります。"
    )
    assert ja["kloepper"][1] == "賭けを上げる手のほかは、でたらめに選びます。"
    assert ja["kloepper"][4].endswith("想像した配りの最後の3トリックは、正確に読み切ります。")
    for language in LANGUAGES:
        for texts in _levels(language).values():
            assert not any("=" in text or "pimc" in text for text in texts)


def _scoring(language: str) -> dict[str, Any]:
    kloepper = next(g for g in catalog(language)["games"] if g["name"] == "kloepper")
    spec: dict[str, Any] = next(o for o in kloepper["options"] if o["name"] == "scoring")
    return spec


def test_kloeppers_scoring_table_is_typed_with_an_example_and_a_pattern() -> None:
    spec = _scoring("en")
    assert (spec["kind"], spec["default"], spec["example"], spec["choices"]) == (
        "text",
        "default",
        "knock=10, lone-win=8",
        None,
    )
    assert spec["help"].startswith(
        "default for the table of the rules, or the rows to change, as row=points separated "
        "by commas (e.g. knock=10, lone-win=8); rows: win, win-high,"
    )
    assert _scoring("ja")["help"].startswith("規則どおりの表なら default。")
    pattern = re.compile(spec["pattern"])
    for good in ("default", "DEFAULT", "knock=10, lone-win=8", " win = 0 ,lose=999 ", "win-all=6"):
        assert pattern.fullmatch(good), good
    for bad in ("knock=ten", "knock=1000", "jump=3", "knock=10,", "knock 10", "default, win=2"):
        assert not pattern.fullmatch(bad), bad
    # Every other option is a number, a switch, a list or a seat (the first dealer, which a
    # form shows counted from 1).
    kinds = {o["kind"] for g in catalog("en")["games"] for o in g["options"] if o is not spec}
    assert kinds == {"int", "str", "bool", "text", "seat"}
    seats = {
        (g["name"], o["name"])
        for g in catalog("en")["games"]
        for o in g["options"]
        if o["kind"] == "seat"
    }
    assert seats == {(name, "dealer") for name in ("calypso", "cribbage", "kloepper", "krypkasino")}


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (
            "jump=3",
            "option 'scoring': unknown row 'jump'; rows: win, win-high, win-all, lose, "
            "lose-high, lose-all, lone-win, lone-win-high, lone-win-all, lone-lose, "
            "lone-lose-high, lone-lose-all, knock, knock-failed, knock-off, knock-off-failed, "
            "lone-knock, lone-knock-failed",
        ),
        (
            "knock=ten",
            "option 'scoring': 'knock=ten' is not row=points with points a whole number from 0 "
            "to 999",
        ),
    ],
)
def test_a_bad_scoring_table_is_refused_naming_the_problem(value: str, message: str) -> None:
    with pytest.raises(OptionError) as err:
        cardtable.load("kloepper", scoring=value)
    assert str(err.value) == message
    game = cardtable.load("kloepper", scoring="Knock=10, lone-win=8")
    assert isinstance(game, KloepperGame)
    assert (game.table["knock"], game.table["lone-win"], game.table["win"]) == (10, 8, 2)


def _named(language: str, players: int, build: Any) -> Any:
    with using_language(language), using_names(NAMES[:players]):
        return build()


def test_the_status_line_says_what_to_do_without_the_hand() -> None:
    crib = cardtable.load("cribbage").new_state(seed=1)
    calypso = cardtable.load("calypso").new_state(seed=1)
    kloepper = cardtable.load("kloepper").new_state(seed=1)
    kryp = cardtable.load("krypkasino", players=2).new_state(seed=1)
    cases = [(crib, 2), (calypso, 4), (kloepper, 4), (kryp, 2)]
    lines = {
        lang: [_named(lang, n, lambda s=s: s.game.prompt(s.observation(0))) for s, n in cases]
        for lang in LANGUAGES
    }
    assert lines["en"] == [
        "Lay away two cards to Bob's crib.",
        "You lead (any card).",
        "Declare: pass (only the holder of both black queens calls).",
        "Table: 5♦ 8♠ A♥ A♥. Play a card.",
    ]
    assert lines["ja"] == [
        "Bobのクリブに2枚捨ててください。",
        "あなたのリードです (どのカードでも可)。",
        "宣言: パスしてください (コールできるのは黒のクイーン2枚の持ち主だけです)。",
        "場札: 5♦ 8♠ A♥ A♥。カードを1枚出してください。",
    ]
    # The plain terminal (no names) still shows the hand.
    assert kryp.game.prompt(kryp.observation(0)) == (
        "Your hand: AD 3S 4D 5D 7S 10C. Table: 5D 8S AH AH. Play a card (e.g. play AD)."
    )


@pytest.mark.parametrize(
    ("name", "options"),
    [("calypso", {}), ("cribbage", {}), ("kloepper", {}), ("krypkasino", {"players": 3})],
)
def test_no_status_line_of_a_whole_game_lists_the_hand(name: str, options: dict[str, Any]) -> None:
    state = cardtable.load(name, **options).new_state(seed=2)
    rng = random.Random(2)
    players = state.game.num_players
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        obs = state.observation(seat)
        hand = obs.get("hand") or []
        for lang in LANGUAGES:
            line = _named(lang, players, lambda o=obs: state.game.prompt(o))
            shown = _named(lang, players, lambda h=hand: cards_word(h))
            assert "Your hand:" not in line and "手札:" not in line, line
            if len(hand) > 1 and obs.get("phase") != "claim":
                assert shown not in line, line
        state.apply(rng.choice(state.legal_moves()))


def test_a_refused_card_names_the_suit_and_the_cards_that_follow() -> None:
    state = cardtable.load("calypso").new_state(seed=1)
    state.apply(state.legal_moves()[0])  # Ann leads 10♣; Bob holds Q♣ 8♣ 8♣ 6♣ 2♣ and K♠
    refusal = {lang: _named(lang, 4, lambda: state.refusal("play KS")) for lang in LANGUAGES}
    assert refusal == {
        "en": "Follow clubs ♣: you hold Q♣ 8♣ 6♣ 2♣",
        "ja": "クラブ♣に従ってください: Q♣ 8♣ 6♣ 2♣を持っています",
    }
    # The plain terminal keeps its letters.
    assert state.refusal("play KS") == "C was led and you hold C: follow suit"


def test_a_move_out_of_turn_names_the_players() -> None:
    state = cardtable.load("cribbage").new_state(seed=4)
    for lang, expected in (
        ("en", "Bob cannot move now: it is Ann's turn"),
        ("ja", "Bobは今は手を指せません: Annの番です"),
    ):
        with pytest.raises(IllegalMoveError) as err:
            _named(lang, 2, lambda: state.apply("play 2S", seat=1))
        assert str(err.value) == expected
    with pytest.raises(IllegalMoveError) as err:
        state.apply("play 2S", seat=1)
    assert str(err.value) == "seat 1 cannot move now: it is seat 0's turn"
    with pytest.raises(IllegalMoveError) as err:
        _named("en", 2, lambda: state.apply(Move("play", (0,)), seat=0))
    assert str(err.value) == (
        "illegal move 'play AC' for Ann: it is time to lay away 2 cards to the crib"
    )


def test_the_server_refuses_a_bad_typed_scoring_table_in_words() -> None:
    """What the lobby's text field sends is checked by the server, the error naming the row
    or the value and what is allowed; a good table is kept as typed."""
    app = create_app(Settings(database_url="sqlite+aiosqlite:///:memory:", secret="k"))

    async def scenario() -> list[tuple[int, Any]]:
        answers = []
        async with (
            app.router.lifespan_context(app),
            httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t") as web,
        ):
            await web.post("/api/guest", json={"name": "Ann"})
            for value in ("knock=ten", "knock=10, lone-win=8"):
                answer = await web.post(
                    "/api/tables",
                    json={
                        "game": "kloepper",
                        "options": {"scoring": value},
                        "seats": ["open", "easy", "easy", "easy"],
                    },
                )
                answers.append((answer.status_code, answer.json()))
        return answers

    (bad_status, bad), (good_status, good) = asyncio.run(scenario())
    assert (bad_status, bad) == (
        400,
        {
            "error": {
                "code": "bad-table",
                "message": "option 'scoring': 'knock=ten' is not row=points with points a whole "
                "number from 0 to 999",
            }
        },
    )
    assert good_status == 200 and good["table"]["options"]["scoring"] == "knock=10, lone-win=8"
