"""The first screen waits for nothing it does not show (issue 42, point 6: start-up).

Before, the app read every game's stylesheet when it was made, which imported every game's
screens, and it imported the game screen (with the bots and the search) before the new-game
form could be drawn: the first screen took about three times a bare Textual app's. The ratio
itself is measured by ``benchmarks/bench_startup.py``; this keeps the cause from coming back.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from textual.widget import Widget

from nfgalaxy.ui.app import NfGalaxyApp
from nfgalaxy.ui.screens.new_game import NewGameScreen

FIRST_SCREEN = """
import json, sys
from nfgalaxy.ui.app import NfGalaxyApp
app = NfGalaxyApp()
shown = {}
async def first_screen(pilot):
    await pilot.pause()
    shown["screen"] = type(app.screen).__name__
    shown["widgets"] = len(list(app.screen.walk_children(with_self=True)))
    app.exit()
app.run(headless=True, size=(120, 40), auto_pilot=first_screen)
shown["modules"] = sorted(m for m in sys.modules if m.startswith("nfgalaxy."))
print(json.dumps(shown))
"""


def test_the_first_screen_imports_no_games_screens_and_composes_one_games_form(
    tmp_path: Path,
) -> None:
    env = {**os.environ, "NFGALAXY_DATA_DIR": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", FIRST_SCREEN], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    shown = json.loads(done.stdout.strip().splitlines()[-1])
    assert shown["screen"] == "NewGameScreen"
    games_screens = [m for m in shown["modules"] if m.startswith("nfgalaxy.games.") and ".ui" in m]
    assert games_screens == [], "the first screen imported a game's screens"
    assert "nfgalaxy.ui.screens.game" not in shown["modules"]
    # One game's seats and options: every game's rows at once came to 160 widgets, and 82
    # while the game and each seat's kind were Selects (six widgets each; a Cycle is one).
    assert shown["widgets"] <= 60, shown["widgets"]


async def test_the_first_focus_goes_to_start_and_not_through_the_whole_form(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Textual's own first focus went to the scrolling form and then on to Start: both
    restyled the form's every widget."""
    monkeypatch.setenv("NFGALAXY_DATA_DIR", str(tmp_path))
    focused: list[str] = []
    watch = Widget.watch_has_focus

    def noted(widget: Widget, has_focus: bool) -> None:
        if has_focus:
            focused.append(type(widget).__name__ + (f"#{widget.id}" if widget.id else ""))
        watch(widget, has_focus)

    monkeypatch.setattr(Widget, "watch_has_focus", noted)
    app = NfGalaxyApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert focused == ["Button#start"]
