"""The installed ``nfgalaxy`` command in a real terminal (tmux, 120x40): choose Space Merchant,
see the map and the panels, and make a move with the keyboard: after the roll the route
preview says where the dice can take the ship, and Enter on the map takes a step."""

from __future__ import annotations

import os
import re
import subprocess
import time

import pytest

from tests.ui import test_terminal_smoke as smoke
from tests.ui.test_terminal_smoke import (
    COMMAND,
    keys,
    needs_terminal,
    passed_environment,
    press_and_wait,
    quit_app,
    screen,
    wait_all,
    wait_for,
)

#: A tmux session of its own (and of this test process): other terminal tests and other test
#: processes on the machine use their own names.
SESSION = f"nfgalaxy-merchant-{os.getpid()}"


def start_app(width: int, height: int) -> None:
    """The app in a tmux pane of this size, bots moving without a pause."""
    subprocess.run(["tmux", "kill-session", "-t", SESSION], capture_output=True)
    pane = ["tmux", "new-session", "-d", "-s", SESSION, "-x", str(width), "-y", str(height)]
    # COLUMNS/LINES from the test runner would override the pane size the app sees.
    environment = ["env", "-u", "COLUMNS", "-u", "LINES", *passed_environment()]
    subprocess.run([*pane, *environment, str(COMMAND), "--bot-delay", "0"], check=True)


@needs_terminal
def test_space_merchant_is_played_on_the_map_in_a_real_terminal(
    private_data_dir, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(smoke, "SESSION", SESSION)
    start_app(120, 40)
    try:
        wait_for("Start game")
        keys("Tab", "Tab", "Left")  # the game chooser, back round to the last title
        wait_for("◂ Space Merchant")  # by title: New Frontiers, Race, Roll, Space Merchant
        wait_for("Net worth that wins")  # Space Merchant's own options
        keys("C-s")
        # Every panel waited for, not only the first drawn: the terminal may show the
        # merchants' panel a moment before the map's (a check at once failed a run, 2.7 s in).
        panels = ("Merchants", "Map", "Route preview", "Market")
        wait_all(*panels, "Generated board — not the published map (seed 1)")
        deadline = time.monotonic() + 90
        while not re.search(r"Dice [1-6 ]+· \d+ MP, \d+ left", shown := screen()):
            assert time.monotonic() < deadline, shown
            if "Player: choose" in shown:
                # The first offered decision (a species, move, the first space), once: the
                # next Enter waits for this one's effect.
                press_and_wait("Enter")
            else:
                time.sleep(0.3)
        # The places the roll reaches, under one of the panel's headings, waited for: a full
        # suite once failed an immediate check for the first three (its capture was not kept);
        # the panel's lines may reach the terminal after the dice line, and a roll whose ways
        # all lead to face-down ?-boxes has only the fourth.
        headings = ("Land at", "End on", "Stop at", "Reach a face-down ?-box")
        deadline = time.monotonic() + 10
        while not any(heading in (shown := screen()) for heading in headings):
            assert time.monotonic() < deadline, shown
            time.sleep(0.3)
        before = re.search(r"(\d+) left", shown)
        assert before is not None
        keys("b")  # the map; n goes round the marked places, the next steps first
        wait_for("Map")
        deadline = time.monotonic() + 60
        while "Enter or click:" not in (shown := screen()):
            assert time.monotonic() < deadline, shown
            press_and_wait("n", seconds=3)
        keys("Enter")
        deadline = time.monotonic() + 20
        while f"{before.group(1)} left" in screen() and "Player moves" not in screen():
            assert time.monotonic() < deadline, screen()
            time.sleep(0.3)
        quit_app()
    finally:
        subprocess.run(["tmux", "kill-session", "-t", SESSION], capture_output=True)
