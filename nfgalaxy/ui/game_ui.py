"""What the shared screens need from a game's ``ui/`` package: one ``GameUi``.

The screens are written once (turns, bots, privacy, saves, the end table); each game brings the
widget that draws its table, its help, its end-of-game columns and its tile text. A game's
descriptor returns its ``GameUi`` from ``descriptor.ui()``; nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from textual.widget import Widget

from nfgalaxy.core.decision import Decision
from nfgalaxy.core.descriptor import GameDescriptor
from nfgalaxy.core.registry import UnknownGame, descriptor, games


@dataclass(frozen=True)
class GameUi:
    #: players -> the table widget; it has ``show(state, viewer)`` and may have
    #: ``take_focus(state)`` (a board that turns keys into decisions).
    board: Callable[[int], Widget]
    #: The rules summary and key reference, in Markdown.
    help_markdown: Callable[[], str]
    #: (key in ``state.scores()``, column heading) for the end-of-game table.
    score_columns: tuple[tuple[str, str], ...]
    #: The built-in tile set (for the inspector before a game); has ``by_id``.
    builtin_tiles: Callable[[], Any]
    #: A tile's inspector text (Rich markup).
    describe_tile: Callable[[Any], str]
    #: Per player, where their bonus VP came from (end screen).
    bonus_details: Callable[[Any], list[str]]
    #: The game's stylesheet (``.tcss``), read when its game screen is first shown.
    css_path: Path | None = None
    #: The tile set of a game in play, for the inspector (a game may keep it elsewhere than
    #: ``state.tiles``, or need to give it ``by_id``).
    tiles_of: Callable[[Any], Any] = lambda state: state.tiles
    #: What a decision that names no tile would do for the player to move (an action card, a
    #: phase), as Rich markup, or None: the preview then shows the decision's own words.
    explain_decision: Callable[[Any, Decision], str | None] = lambda state, decision: None
    #: False for a board that shows the whole text of the cards itself (Race's preview under
    #: the hand): on a narrow screen the shared preview then gives its rows to the decision
    #: list while the decisions need them, so that every choice is in sight at 80x24.
    narrow_preview: bool = True

    def make_board(self, players: int) -> Widget:
        board = self.board(players)
        board.id = "board"
        return board


class NotInApp(ValueError):
    """A game that has no screens of its own yet: it is played with ``nfgalaxy play``."""


def app_games() -> list[GameDescriptor]:
    """The installed games the app can show (those whose package brings a ``ui``)."""
    return [game for game in games() if game.ui is not None]


def game_ui(game_id: str) -> GameUi:
    """The ``GameUi`` of an installed game (by id or alias); ``NotInApp`` for a game without
    one, with the command that plays it."""
    game = descriptor(game_id)
    if game.ui is None:
        raise NotInApp(
            f"{game.title} cannot be played in the app yet; "
            f"play it in the terminal with: nfgalaxy play --game {game.id}"
        )
    return game.ui()


def game_title(game_id: str) -> str:
    """A game's title for a list of saves; the id itself for a game no longer installed (the
    save is still listed, so its owner sees what it was)."""
    try:
        return descriptor(game_id).title
    except UnknownGame:
        return game_id
