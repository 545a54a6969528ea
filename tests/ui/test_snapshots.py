"""Snapshot tests: the main screens at a fixed terminal size, compared as exported SVG.

The SVG depends on the Textual and Rich versions that draw it, so the versions that made the
snapshots are stored beside them; with other versions the comparison is skipped (and says why)
rather than failing on a rendering change. ``NFGALAXY_UPDATE_SNAPSHOTS=1`` rewrites them.
"""

from __future__ import annotations

import json
import os
from importlib.metadata import version
from pathlib import Path

import pytest

from nfgalaxy.bots import make_bot
from nfgalaxy.core.registry import new_game
from nfgalaxy.ui.app import NfGalaxyApp
from nfgalaxy.ui.screens.end import EndScreen

SNAPSHOTS = Path(__file__).parent / "snapshots"
VERSIONS = {"textual": version("textual"), "rich": version("rich")}
UPDATE = os.environ.get("NFGALAXY_UPDATE_SNAPSHOTS") == "1"
SIZE = (140, 45)


def compare(name: str, svg: str) -> None:
    path = SNAPSHOTS / f"{name}.svg"
    stamp = SNAPSHOTS / "versions.json"
    if UPDATE:
        SNAPSHOTS.mkdir(exist_ok=True)
        path.write_text(svg, encoding="utf-8")
        stamp.write_text(json.dumps(VERSIONS, indent=2) + "\n", encoding="utf-8")
        return
    recorded = json.loads(stamp.read_text(encoding="utf-8"))
    if recorded != VERSIONS:
        pytest.skip(f"snapshots were made with {recorded}, this is {VERSIONS}")
    assert path.exists(), f"no snapshot {path.name}: run with NFGALAXY_UPDATE_SNAPSHOTS=1"
    assert svg == path.read_text(encoding="utf-8"), f"{name} looks different from its snapshot"


async def settle(app: NfGalaxyApp, pilot) -> None:
    """Wait until the bots have moved and a human must decide (or the game is over)."""
    from nfgalaxy.ui.widgets.decisions import DecisionList

    for _ in range(500):
        await pilot.pause()
        if isinstance(app.screen, EndScreen):
            return
        lists = app.screen.query(DecisionList)
        if lists and lists.first().decisions:
            return
    raise AssertionError("the bots never handed over")


async def test_new_game_screen_snapshot() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        compare("new_game", app.export_screenshot())


async def test_game_screen_snapshot() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await settle(app, pilot)
        for _ in range(4):
            await pilot.press("enter")
            await settle(app, pilot)
        compare("game", app.export_screenshot())


async def test_end_screen_snapshot() -> None:
    """The end of a 4-player New Frontiers game (greedy bots, played by the engine: the screen
    is drawn from the final state alone; the app's own way to it is tested by the games played
    to the end by keys)."""
    state = new_game("new-frontiers", players=4, seed=5)
    bots = [make_bot("greedy", seat) for seat in range(4)]
    while not state.is_over():
        state.apply(bots[state.to_move()].choose(state))
    app = NfGalaxyApp(bot_delay=0, seed=5)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(EndScreen(state, humans=[0]))
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        # Drawn once more after the table and the charts have their sizes (on a loaded
        # machine one pause could take the picture before the last layout).
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()
        await pilot.pause()
        compare("end", app.export_screenshot())


async def test_roll_game_screen_snapshot() -> None:
    """Roll for the Galaxy during the Assign step: the human's dice cup, the others' dice
    behind their screens."""
    app = NfGalaxyApp(bot_delay=0, seed=5)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        screen.query_one("#game").value = "roll-for-the-galaxy"
        for index, kind in enumerate(["human", "random", "random", "empty", "empty"]):
            screen.query_one(f"#kind-{index}").value = kind
        await pilot.pause()
        await pilot.click("#start")
        await settle(app, pilot)
        await pilot.press("enter")  # the starting tiles
        await settle(app, pilot)
        compare("roll_game", app.export_screenshot())
