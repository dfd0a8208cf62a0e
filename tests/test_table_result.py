"""The result line in words, one function for every face (cardtable.table.result): seat numbers
in the plain mode, the players' names inside ``using_names``, in English and Japanese."""

from __future__ import annotations

import cardtable
from cardtable.i18n import using_language, using_names
from cardtable.play.plain import result_line
from cardtable.table.result import result_words, state_result_words

NAMES = ["Ann", "Bob", "Cy", "Dee"]


def test_one_winner_in_the_plain_mode_and_with_names() -> None:
    assert result_words([1], [98, 121], "") == "Result: seat 1 wins (seat 0 98, seat 1 121)"
    with using_names(NAMES[:2]):
        assert result_words([1], [98, 121], "") == "Result: Bob wins (Ann 98, Bob 121)"
    with using_language("ja"), using_names(NAMES[:2]):
        assert result_words([1], [98, 121], "") == "結果: Bobの勝ち (Ann 98, Bob 121)"


def test_partners_win_together_and_a_tie_is_shared() -> None:
    note = "as partners, with a skunk (2 game points)"
    assert result_words([1, 3], [81, 121, 81, 121], note) == (
        "Result: seats 1 and 3 win, as partners, with a skunk (2 game points) "
        "(seat 0 81, seat 1 121, seat 2 81, seat 3 121)"
    )
    with using_names(NAMES):
        assert result_words([1, 3], [81, 121, 81, 121], "as partners") == (
            "Result: Bob and Dee win, as partners (Ann 81, Bob 121, Cy 81, Dee 121)"
        )
        assert result_words([0, 2], [60, 50, 60], "") == (
            "Result: Ann, Cy share the win (Ann 60, Bob 50, Cy 60)"
        )
    assert result_words([0, 2], [60, 50, 60], "") == (
        "Result: seats 0, 2 share the win (seat 0 60, seat 1 50, seat 2 60)"
    )
    with using_language("ja"):
        assert result_words([0, 2], [60, 50, 60], "") == (
            "結果: 席0, 2が勝ちを分け合う (席0 60, 席1 50, 席2 60)"
        )
        with using_names(NAMES):
            assert result_words([1, 3], [1, 2, 1, 2], "組で") == (
                "結果: BobとDeeの勝ち、組で (Ann 1, Bob 2, Cy 1, Dee 2)"
            )


FINISHED = {
    "calypso": (
        "Result: seats 1 and 3 win, the partnership of clubs and diamonds "
        "(seat 0 1440, seat 1 2080, seat 2 1440, seat 3 2080)",
        "Result: Bob and Dee win, the partnership of clubs and diamonds "
        "(Ann 1440, Bob 2080, Cy 1440, Dee 2080)",
    ),
    "kloepper": (
        "Result: seats 0, 2, 3 share the win (seat 0 36, seat 1 6, seat 2 36, seat 3 36)",
        "Result: Ann, Cy, Dee share the win (Ann 36, Bob 6, Cy 36, Dee 36)",
    ),
    "krypkasino": (
        "Result: seat 0 wins (seat 0 27, seat 1 38, seat 2 48, seat 3 55)",
        "Result: Ann wins (Ann 27, Bob 38, Cy 48, Dee 55)",
    ),
}


def test_a_finished_game_reads_the_same_in_the_plain_mode_and_by_names() -> None:
    for name, (plain, named) in FINISHED.items():
        state = cardtable.load(name).new_state(seed=5)
        while not state.is_over:
            state.apply(state.legal_moves()[-1])
        assert state_result_words(state) == result_line(state) == plain
        with using_names(NAMES):
            assert state_result_words(state) == named
