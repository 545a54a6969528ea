"""The installed ``nfgalaxy`` command in a real terminal (tmux): start a game and see the table."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import time

import pytest

TMUX = shutil.which("tmux")
COMMAND = shutil.which("nfgalaxy")
#: One tmux session per test process: the suite runs in several at once (pytest-xdist).
SESSION = f"nfgalaxy-smoke-{os.getpid()}"
# A log line about the human (log lines start right after the panel border).
YOUR_LOG_LINE = re.compile(
    r"│Player (?:chooses|develops|buys|explores|settles|takes|sells|consumes)"
)


def screen() -> str:
    return subprocess.run(
        ["tmux", "capture-pane", "-t", SESSION, "-p"], capture_output=True, text=True
    ).stdout


def wait_for(*texts: str, seconds: float = 20) -> str:
    """Wait until any of the texts is on the screen."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        shown = screen()
        if any(text in shown for text in texts):
            return shown
        time.sleep(0.2)
    raise AssertionError(f"{texts!r} never appeared; the screen shows:\n{screen()}")


def wait_all(*texts: str, seconds: float = 20) -> str:
    """Wait until every one of the texts is on the screen: a screen of several panels may
    reach the terminal a panel at a time."""
    deadline = time.monotonic() + seconds
    while not all(text in (shown := screen()) for text in texts):
        assert time.monotonic() < deadline, f"not all of {texts!r} appeared:\n{shown}"
        time.sleep(0.2)
    return shown


def press_and_wait(key: str, seconds: float = 10) -> str:
    """Press ``key`` and wait until the screen shows its effect (anything changed): a key
    pressed again before the app drew the last one's effect would act twice, or on the next
    step, when the machine is slow (a full suite beside other work)."""
    before = screen()
    keys(key)
    deadline = time.monotonic() + seconds
    while (shown := screen()) == before and time.monotonic() < deadline:
        time.sleep(0.1)
    return shown


def wait_gone(text: str, seconds: float = 20, strict: bool = True) -> None:
    """Wait until ``text`` is off the screen; ``strict``: fail if it stays."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if text not in screen():
            return
        time.sleep(0.1)
    if strict:
        raise AssertionError(f"{text!r} stayed on the screen:\n{screen()}")


def passed_environment() -> list[str]:
    """``NAME=value`` words for ``env``: the suite's settings the app must run with."""
    names = ("NFGALAXY_BOT", "NFGALAXY_DATA_DIR")
    return [f"{name}={os.environ[name]}" for name in names if name in os.environ]


def start_app(*args: str) -> None:
    """The installed command in a tmux session of its own, with ``args`` (``--bot-delay``)."""
    subprocess.run(["tmux", "kill-session", "-t", SESSION], capture_output=True)
    subprocess.run(
        # COLUMNS/LINES from the test runner would override the pane size the app sees.
        [
            "tmux",
            "new-session",
            "-d",
            "-s",
            SESSION,
            "-x",
            "160",
            "-y",
            "45",
            "env",
            "-u",
            "COLUMNS",
            "-u",
            "LINES",
            # A tmux server started earlier keeps its own environment: what the app must see
            # (greedy bots by default, the test's data directory) is passed here.
            *passed_environment(),
            COMMAND,
            *args,
        ],
        check=True,
    )


def keys(*names: str) -> None:
    subprocess.run(["tmux", "send-keys", "-t", SESSION, *names], check=True)


def quit_app() -> None:
    keys("C-q")
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        alive = subprocess.run(["tmux", "has-session", "-t", SESSION], capture_output=True)
        if alive.returncode != 0:
            return
        time.sleep(0.2)
    raise AssertionError("the app did not quit on ctrl+q")


needs_terminal = pytest.mark.skipif(
    TMUX is None or COMMAND is None, reason="needs tmux and an installed nfgalaxy"
)


@needs_terminal
def test_installed_command_starts_a_game_in_a_real_terminal(private_data_dir) -> None:
    start_app()
    try:
        wait_for("Start game")
        keys("Enter")
        shown = wait_for("Action tiles")
        assert "World bag" in shown and "Supply" in shown and "Log" in shown
        wait_for("Player: choose", seconds=30)  # the bots before you have moved
        before = len(YOUR_LOG_LINE.findall(screen()))
        keys("Enter")
        deadline = time.monotonic() + 20
        while len(YOUR_LOG_LINE.findall(screen())) <= before:  # the log shows what you did
            assert time.monotonic() < deadline, screen()
            time.sleep(0.2)
        quit_app()
    finally:
        subprocess.run(["tmux", "kill-session", "-t", SESSION], capture_output=True)


@needs_terminal
def test_roll_for_the_galaxy_is_played_with_the_dice_cup_in_a_real_terminal(
    private_data_dir,
) -> None:
    start_app()
    try:
        wait_for("Start game")
        keys("Tab", "Tab", "Left", "Left")  # the game chooser, back round the titles
        wait_for("◂ Roll for the Galaxy")  # by title: New Frontiers, Race, Roll, Space…
        deadline = time.monotonic() + 10
        while "Goals variant" in screen():  # New Frontiers' options hide for Roll
            assert time.monotonic() < deadline, screen()
            time.sleep(0.2)
        keys("C-s")
        shown = wait_for("Phase tiles")
        assert "Dice cup" in shown and "Log" in shown
        wait_for("Player: choose", seconds=30)
        keys("Enter")  # the starting tiles
        shown = wait_for("keys here", seconds=30)  # the dice cup has the keys
        assert "behind the screen" in shown  # the bots' rolls stay hidden
        # One key at a time, each waited for: a key sent while the screen still shows the
        # last decision's position is read against that position (the deal is random).
        for _ in range(8):  # the wild dice to Explore, one by one
            if "Wild, to place" not in screen():
                break
            keys("e")
            wait_gone("Wild, to place", seconds=2, strict=False)
        wait_gone("Wild, to place")
        keys("x")  # select a phase with the chosen die...
        wait_for("select which phase")
        keys("v")  # ...Develop
        wait_gone("select which phase")
        keys("Enter")  # done
        # After the reveal the phase tiles name who selected what: Develop, by the human among
        # others (the log's "Reveal:" line may already have scrolled away when the bots and
        # the phases that follow go quickly, so the tiles are what is waited for).
        deadline = time.monotonic() + 30
        while not re.search(r"II Develop: [^│]*Player", screen()):
            assert time.monotonic() < deadline, screen()
            time.sleep(0.2)
        quit_app()
    finally:
        subprocess.run(["tmux", "kill-session", "-t", SESSION], capture_output=True)
