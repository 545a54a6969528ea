"""Statistics: each player's and bot's games, wins, scores, places, lengths and favourite
phases, per game, in words and terminal charts (the lines of ``nfgalaxy stats``).

Opened from the app (the player's own finished games, tournaments kept among them) or from
the lobby (the server's finished tables, the player's own first). A choice of game and of
player narrows the list.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Label, Select, Static

from nfgalaxy.records.record import GameRecord
from nfgalaxy.records.statistics import Statistics, statistics
from nfgalaxy.records.stats_command import describe
from nfgalaxy.ui.game_ui import game_title
from nfgalaxy.ui.widgets.header import TitleHeader

EVERYONE = "*"
EVERY_GAME = "*"


class StatisticsScreen(Screen[None]):
    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    def __init__(self, records: Sequence[GameRecord], player: str | None = None) -> None:
        super().__init__()
        self.records = list(records)
        self.everything = statistics(self.records)
        names = sorted({s.name for s in self.everything if not s.is_bot}, key=str.casefold)
        bots = sorted({s.name for s in self.everything if s.is_bot})
        self.people = [(name, name) for name in names] + [(f"Bot: {k}", k) for k in bots]
        known = {value.casefold() for _, value in self.people}
        self.player = player if player and player.casefold() in known else EVERYONE
        self.shown: list[Statistics] = []

    def compose(self) -> ComposeResult:
        yield TitleHeader()
        games = sorted({s.game for s in self.everything})
        with Horizontal(classes="option"):
            yield Label("Game")
            yield Select([("Every game", EVERY_GAME)] + [(game_title(g), g) for g in games],
                         value=EVERY_GAME, allow_blank=False, id="stats-game")  # fmt: skip
            yield Label("Player")
            yield Select([("Everyone", EVERYONE), *self.people], value=self.player,
                         allow_blank=False, id="stats-player")  # fmt: skip
        with VerticalScroll(id="stats-body"):
            yield Static("", id="stats")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Statistics"
        self.show()
        self.query_one("#stats-body").focus()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id in ("stats-game", "stats-player"):
            self.show()

    def show(self) -> None:
        game = str(self.query_one("#stats-game", Select).value)
        player = str(self.query_one("#stats-player", Select).value)
        self.shown = statistics(
            self.records,
            player=None if player == EVERYONE else player,
            game=None if game == EVERY_GAME else game,
        )
        text = "\n\n".join("\n".join(describe(s, game_title(s.game))) for s in self.shown)
        self.query_one("#stats", Static).update(
            escape(text) if text else "No finished games to count yet."
        )
