"""End of game: each player's score by category, the tie-break, and the winner."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static

from nfgalaxy.core.registry import descriptor
from nfgalaxy.ui.game_ui import game_ui


class EndScreen(Screen[None]):
    BINDINGS = [
        Binding("n", "new_game", "New game"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self, state: Any) -> None:
        super().__init__()
        self.state = state
        self.ui = game_ui(state.game_id)

    def compose(self) -> ComposeResult:
        yield Header()
        names = [self.state.players[w].name for w in self.state.winners()]
        verdict = ("Winner: " if len(names) == 1 else "Shared victory: ") + ", ".join(names)
        reasons = ", ".join(self.state.end_reasons)
        yield Static(
            f"{verdict}   (game over after round {self.state.round}: {reasons})", id="winner"
        )
        yield DataTable(id="scores", cursor_type="row")
        yield Static("\n".join(self.ui.bonus_details(self.state)), id="details")
        yield Footer()

    def on_mount(self) -> None:
        # The end has its own header line: the game that ended, not the app's list of games.
        self.title = descriptor(self.state.game_id).title
        self.sub_title = f"Game over after round {self.state.round}"
        table = self.query_one(DataTable)
        table.add_columns("Player", *(heading for _, heading in self.ui.score_columns))
        for player, score in zip(self.state.players, self.state.scores(), strict=True):
            table.add_row(
                player.name, *(score[key] for key, _ in self.ui.score_columns), key=player.name
            )

    def action_new_game(self) -> None:
        self.app.action_new_game()
