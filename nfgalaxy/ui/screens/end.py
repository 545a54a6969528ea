"""End of game: each player's score by category, the tie-break, and the winner."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static

from nfgalaxy.ui.games import game_ui


def new_frontiers_details(state: Any) -> list[str]:
    """Where the "?" bonuses and goal VP came from, player by player."""
    lines = []
    tiles, goals = state.tiles, state.tiles.goals
    for player, score in zip(state.players, state.score_details(), strict=True):
        parts = [f"{tiles.by_id[t].name} +{vp}" for t, vp in score.bonus_detail]
        parts += [f"goal {goals[g].name} +{vp}" for g, vp in score.goal_detail if vp]
        lines.append(f"{player.name}: " + (", ".join(parts) if parts else "no bonuses"))
    return lines


def roll_details(state: Any) -> list[str]:
    """Each player's cost-6 development bonuses, and what the tie-break counts."""
    lines = []
    for player, score in zip(state.players, state.score_details(), strict=True):
        parts = [f"{name} +{vp}" for name, vp in score.bonuses]
        lines.append(
            f"{player.name}: "
            + (", ".join(parts) if parts else "no cost-6 bonuses")
            + f"; tie-break {sum(player.cup.values())} dice in the cup + ${player.credits}"
        )
    return lines


class EndScreen(Screen[None]):
    BINDINGS = [
        Binding("n", "new_game", "New game"),
        Binding("q", "app.quit", "Quit"),
    ]
    DEFAULT_CSS = """
    EndScreen #winner { padding: 1 2; text-style: bold; }
    EndScreen DataTable { height: auto; margin: 0 2; }
    EndScreen #details { padding: 1 2; }
    """

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
        yield Static("\n".join(self.ui.details(self.state)), id="details")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("Player", *(heading for _, heading in self.ui.score_columns))
        for player, score in zip(self.state.players, self.state.scores(), strict=True):
            table.add_row(
                player.name, *(score[key] for key, _ in self.ui.score_columns), key=player.name
            )

    def action_new_game(self) -> None:
        self.app.action_new_game()
