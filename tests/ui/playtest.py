"""Helpers for the play-test checks: start a game by its screen, wait for a human's turn, read
the terminal back as text, and spot the engine's words in a message."""

from __future__ import annotations

import html
import re
from typing import Any

from textual.widgets import Header

from nfgalaxy.core import Decision
from nfgalaxy.core.registry import descriptor
from nfgalaxy.games.new_frontiers.rules.common import Step as NfStep
from nfgalaxy.games.roll.rules.common import Step as RollStep
from nfgalaxy.ui.app import NfGalaxyApp
from nfgalaxy.ui.screens.game import GameScreen
from nfgalaxy.ui.widgets.decisions import DecisionList

SIZE = (120, 40)
NAMES = [
    "Bartholomew Fitzwill",
    "Maximiliana Orsolyax",
    "Konstantinos Papadop",
    "Wilhelmina Harringto",
    "Alexandrina Quelloux",
]


def screen_lines(app: NfGalaxyApp) -> list[str]:
    """The terminal's text, line by line, read back from the exported screenshot."""
    rows: dict[float, list[tuple[float, str]]] = {}
    svg = app.export_screenshot()
    for match in re.finditer(
        r'<text class="[^"]*" x="([\d.]+)" y="([\d.]+)"[^>]*>(.*?)</text>', svg
    ):
        text = html.unescape(match.group(3)).replace("\xa0", " ")
        rows.setdefault(float(match.group(2)), []).append((float(match.group(1)), text))
    return ["".join(t for _, t in sorted(row)) for _, row in sorted(rows.items())]


def header_text(app: NfGalaxyApp) -> tuple[str, str]:
    header = app.screen.query_one(Header)
    return header.screen_title, header.screen_sub_title


def internal_words(message: str) -> list[str]:
    """The engine's words in a message: step names, quoted steps, Python lists."""
    steps = [s.value for s in (*NfStep, *RollStep)]
    found = [s for s in steps if "_" in s and s in message]
    found += [f"'{s}'" for s in steps if f"'{s}'" in message]
    return found + [w for w in ("step '", "expects", "[", "]") if w in message]


async def rows_shown(screen, pilot, game: str) -> None:
    """Pause until the form holds ``game``'s seat rows and options (on a loaded machine the
    awaited mounts may take more than one pause)."""
    wanted = descriptor(game).max_players
    for _ in range(100):
        await pilot.pause()
        seats = len(screen.query(".seat")) >= wanted and screen.query(f"#kind-{wanted - 1}")
        if seats and (screen.query(f".for-{game}") or not descriptor(game).options):
            return
    raise AssertionError(f"the form never showed {game}'s rows")


async def start(app: NfGalaxyApp, pilot: Any, game: str, kinds: list[str]) -> GameScreen:
    """Choose ``game`` and the seats on the new-game screen, then press Start."""
    screen = app.screen
    screen.query_one("#game").value = game
    await rows_shown(screen, pilot, game)  # seats set before the game's rows were lost
    for index in range(5):
        screen.query_one(f"#kind-{index}").value = kinds[index] if index < len(kinds) else "empty"
        screen.query_one(f"#name-{index}").value = NAMES[index]
    await pilot.pause()
    await pilot.click("#start")
    await pilot.pause()
    assert isinstance(app.screen, GameScreen)
    return app.screen


async def until_human_decides(app: NfGalaxyApp, pilot: Any) -> DecisionList:
    for _ in range(500):
        await pilot.pause()
        decisions = app.screen.query_one(DecisionList)
        if decisions.decisions:
            return decisions
    raise AssertionError("the bots never handed over")


def record_submissions(game: GameScreen) -> list[Decision]:
    """Every decision the screen hands to the table, in order."""
    played: list[Decision] = []
    submit = game.table.submit

    def recording(decision: Decision, version: int | None = None) -> None:
        played.append(decision)
        submit(decision, version)

    game.table.submit = recording  # type: ignore[method-assign]
    return played
