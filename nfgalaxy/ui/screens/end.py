"""End of game: each player's score by category, the tie-break, and the winner."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static

from nfgalaxy.games.new_frontiers.rules import NewFrontiers


class EndScreen(Screen[None]):
    BINDINGS = [
        Binding("n", "new_game", "New game"),
        Binding("q", "app.quit", "Quit"),
    ]
    DEFAULT_CSS = """
    EndScreen #winner { padding: 1 2; text-style: bold; }
    EndScreen DataTable { height: auto; margin: 0 2; }
    """

    def __init__(self, state: NewFrontiers) -> None:
        super().__init__()
        self.state = state

    def compose(self) -> ComposeResult:
        yield Header()
        names = [self.state.players[w].name for w in self.state.winners()]
        verdict = ("Winner: " if len(names) == 1 else "Shared victory: ") + ", ".join(names)
        reasons = ", ".join(self.state.end_reasons)
        yield Static(
            f"{verdict}   (game over after round {self.state.round}: {reasons})", id="winner"
        )
        yield DataTable(id="scores", cursor_type="row")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns(
            "Player", "VP chips", "Tiles", '"?" bonuses', "Goals", "Total", "Goods + $ (tie-break)"
        )
        for player, score in zip(self.state.players, self.state.scores(), strict=True):
            table.add_row(
                player.name,
                score["chips"],
                score["tiles"],
                score["bonus"],
                score["goals"],
                score["total"],
                score["tiebreak"],
                key=player.name,
            )

    def action_new_game(self) -> None:
        self.app.action_new_game()
