"""Helpers for the layout tests: start a game at a terminal size and read parts of the screen."""

from __future__ import annotations

import html
import re
from collections.abc import Awaitable, Callable
from typing import Any

from textual.widget import Widget

from nfgalaxy.ui.app import NfGalaxyApp
from nfgalaxy.ui.screens.game import GameScreen
from nfgalaxy.ui.widgets.decisions import DecisionList
from tests.ui.playtest import until_human_decides
from tests.ui.test_snapshots import compare

#: The width of one terminal column in Textual's SVG export, the height of a line, and the
#: first line's baseline.
COLUMN = 12.2
LINE = 24.4
FIRST_LINE = 20.0

GAMES = {
    "new-frontiers": ["human", "greedy", "greedy", "greedy"],
    "roll-for-the-galaxy": ["human", "random", "random"],
}


async def start_game(app: NfGalaxyApp, pilot: Any, game: str) -> GameScreen:
    """Choose ``game`` with one human and bots, and start it with the Start button (pressed,
    not clicked: at 80x24 the button may lie below the screen's edge)."""
    screen = app.screen
    screen.query_one("#game").value = game
    kinds = GAMES[game]
    for index in range(5):
        screen.query_one(f"#kind-{index}").value = kinds[index] if index < len(kinds) else "empty"
    await pilot.pause()
    screen.query_one("#start").press()
    await until_human_decides(app, pilot)
    assert isinstance(app.screen, GameScreen)
    return app.screen


async def play_a_little(app: NfGalaxyApp, pilot: Any, game: str, decisions: int) -> GameScreen:
    """Start ``game`` and take the first offered decision ``decisions`` times (by the list,
    so Roll's dice cup is left as the engine offers it)."""
    screen = await start_game(app, pilot, game)
    for _ in range(decisions):
        listed = await until_human_decides(app, pilot)
        screen.play(listed.decisions[0])
    await until_human_decides(app, pilot)
    await settle(app, pilot)
    return screen


async def settle(app: NfGalaxyApp, pilot: Any, most: int = 20) -> None:
    """Wait until the screen stops changing (two pauses in a row draw the same thing): a
    scroll into view is scheduled after the refresh that lays a new decision out, and on a
    busy machine one pause can catch the screen before it (a snapshot then showed the board
    one line less scrolled)."""
    await pilot.pause()
    before = app.export_screenshot()
    for _ in range(most):
        await pilot.pause()
        now = app.export_screenshot()
        if now == before:
            return
        before = now


def screen_grid(app: NfGalaxyApp) -> list[str]:
    """The terminal's text line by line, each character in its own column (the SVG leaves out
    some blank runs, and whole blank lines, so its texts are placed by their x and y)."""
    width, height = app.size
    grid = [[" "] * width for _ in range(height)]
    svg = app.export_screenshot()
    for match in re.finditer(
        r'<text class="[^"]*" x="([\d.]+)" y="([\d.]+)"[^>]*>(.*?)</text>', svg
    ):
        row = round((float(match.group(2)) - FIRST_LINE) / LINE)
        text = html.unescape(match.group(3)).replace("\xa0", " ")
        start = round(float(match.group(1)) / COLUMN)
        for offset, char in enumerate(text):
            if row < height and start + offset < width:
                grid[row][start + offset] = char
    return ["".join(line) for line in grid]


def text_in(app: NfGalaxyApp, widget: Widget) -> str:
    """The words the screen shows inside ``widget``'s visible region, as one line."""
    region = widget.region.intersection(app.screen.region)
    lines = screen_grid(app)[region.y : region.bottom]
    text = " ".join(line[region.x : region.right] for line in lines)
    return " ".join(text.translate(FRAME).split())


#: Borders and scrollbars, left out of the words read off the screen.
FRAME = str.maketrans(dict.fromkeys("│╭╮╰╯─▁▂▃▄▅▆▇█▔▕▏▎▍▌▋▊▉", " "))


def decision_list(app: NfGalaxyApp) -> DecisionList:
    return app.screen.query_one(DecisionList)


async def snapshot_at(
    name: str, size: tuple[int, int], seed: int, reach: Callable[[Any, Any], Awaitable[object]]
) -> None:
    """Compare the screen ``reach`` brings a fresh app to at ``size`` with the snapshot
    ``name_WxH``."""
    app = NfGalaxyApp(bot_delay=0, seed=seed)
    async with app.run_test(size=size) as pilot:
        await reach(app, pilot)
        compare(f"{name}_{size[0]}x{size[1]}", app.export_screenshot())
