"""The installed ``nfgalaxy`` command in a real terminal (tmux): choose Race for the Galaxy and
play a round with the keyboard."""

from __future__ import annotations

import os
import re
import subprocess
import time

import pytest

from tests.ui import test_terminal_smoke as smoke
from tests.ui.test_terminal_smoke import (
    keys,
    needs_terminal,
    quit_app,
    screen,
    start_app,
    wait_for,
)

#: A tmux session of its own (and of this test process): the smoke tests and other test
#: processes on the machine use their own names.
SESSION = f"nfgalaxy-race-{os.getpid()}"


@needs_terminal
def test_race_is_chosen_and_a_round_played_with_the_keyboard(
    private_data_dir, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(smoke, "SESSION", SESSION)
    start_app("--bot-delay", "0.05")  # bots at full speed: the round, not the pace, is tested
    try:
        wait_for("Start game")
        keys("Tab", "Tab", "Right")  # the game chooser, on to the next game by title
        wait_for("◂ Race for the Galaxy")
        wait_for("Advanced 2-player game")  # Race's own options
        keys("C-s")
        shown = wait_for("Phases")
        assert "hand" in shown and "Log" in shown
        wait_for("0 of 2 chosen", seconds=30)  # the start discards, chosen in the hand
        keys("Space", "Right", "Space")
        wait_for("2 of 2 chosen")
        keys("Enter")
        wait_for("Explore (+5)", seconds=30)
        keys("4")  # Settle, by its number
        shown = wait_for("Actions revealed", seconds=30)
        # After the reveal the strip names who chose which phase: Settle, by the human.
        assert re.search(r"III Settle: [^│]*Player Settle", shown), shown
        deadline = time.monotonic() + 120
        while "Round 2" not in screen():  # the rest of the round: the first option each time
            assert time.monotonic() < deadline, screen()
            if "Player: choose" in screen():
                keys("d", "Enter")  # from the list (a choice of cards gives the hand the keys)
            time.sleep(0.5)
        quit_app()
    finally:
        subprocess.run(["tmux", "kill-session", "-t", SESSION], capture_output=True)
