"""Take the README's screenshots: each game's table in the browser, on a phone held upright
(390×844) and sideways (844×390) and on a laptop (1280×800), in English and in Japanese
(``-ja``), part-way through a game against bots, into ``docs/screenshots/``; and check each
with axe-core.

    .venv/bin/python tests/make_screenshots.py          # needs Chromium: apt-get install chromium

It starts its own server, plays some random moves through the page as a person does, and saves
what the screen shows (the viewport, not the whole page: what lies below the fold is what a
person does not see), then prints axe-core's violations of that page. Not part of ``make test``:
a person looks at the pictures.
"""

from __future__ import annotations

import random
import sys
import tempfile
from itertools import product
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from axe_playwright_python.sync_playwright import Axe

from browser_harness import FrameLog, context, launch_chromium, serve_for_browser
from browser_play import BrowserSeat, sign_in, start_table

OUT = Path(__file__).resolve().parent.parent / "docs" / "screenshots"

#: (game, options, seats, moves of the person before the picture)
SCENES = [
    ("calypso", {}, ["open", "medium", "medium", "medium"], 9),
    ("cribbage", {}, ["open", "medium"], 4),
    ("kloepper", {}, ["open", "medium", "medium", "medium"], 3),
    ("krypkasino", {"players": 3}, ["open", "medium", "medium"], 3),
]
SIZES = {"phone": (390, 844), "landscape": (844, 390), "desktop": (1280, 800)}
#: Each picture in English (``calypso-phone.png``) and Japanese (``calypso-phone-ja.png``).
LOCALES = {"": "en-US", "-ja": "ja-JP"}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with (
        tempfile.TemporaryDirectory() as folder,
        serve_for_browser(Path(folder), bot_pause=0.05) as served,
        launch_chromium() as browser,
    ):
        for (game, options, seats, moves), (suffix, locale), (size, viewport) in product(
            SCENES, LOCALES.items(), SIZES.items()
        ):
            with context(browser, locale=locale, viewport=viewport) as made:
                page = made.new_page()
                frames = FrameLog(page)
                sign_in(page, served.base, "Ann", locale[:2])
                table = start_table(page, served.base, game, seats, options)["table"]["id"]
                page.goto(f"{served.base}/t/{table}")
                seat = BrowserSeat(page, frames, random.Random(7))
                seat.wait_for_view()
                while seat.moves_made < moves and not seat.over():
                    seat.wait_turn_or_end()
                    if not seat.over():
                        seat.play_one("clicks")
                seat.wait_turn_or_end()
                page.wait_for_timeout(400)  # the last card's arrival
                path = OUT / f"{game}-{size}{suffix}.png"
                page.screenshot(path=str(path), full_page=False)
                found = Axe().run(page).response["violations"]
                rules = ", ".join(
                    f"{v['id']} at {[n['target'] for n in v['nodes']]}" for v in found
                )
                print(path, "axe:", rules or "no violations")


if __name__ == "__main__":
    main()
