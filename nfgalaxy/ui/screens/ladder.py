"""The ladder: every rated player of a game, and the bot levels of bot-ladder tables, by
rating; reached from the lobby.

A rating is shown as its ordinal (``mu - 3 sigma``, what the ladder orders by) with the games
it comes from; the player's own row is marked, so they find themselves on a long ladder.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Label, Select, Static

from nfgalaxy.tables.ratings import Rating
from nfgalaxy.ui.game_ui import app_games
from nfgalaxy.ui.online import OnlineSession
from nfgalaxy.ui.widgets.header import TitleHeader

YOU = "◀ you"


def rating_words(rating: Rating) -> str:
    """A rating as a player reads it: ``12.3 (4 games)``."""
    return f"{rating.ordinal:.1f} ({rating.games} game{'s' if rating.games != 1 else ''})"


class LadderScreen(Screen[None]):
    BINDINGS = [Binding("escape", "app.pop_screen", "Back to the lobby")]

    def __init__(self, session: OnlineSession, game: str | None = None) -> None:
        super().__init__()
        self.session = session
        games = app_games()
        self.game = game or (games[0].id if games else "")
        self.ratings: list[Rating] = []

    def compose(self) -> ComposeResult:
        yield TitleHeader()
        with Horizontal(classes="option"):
            yield Label("Game")
            yield Select([(g.title, g.id) for g in app_games()], value=self.game,
                         allow_blank=False, id="ladder-game")  # fmt: skip
        yield Static("", id="ladder-hint")
        yield DataTable(id="ladder", cursor_type="row")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Ladder"
        self.query_one("#ladder", DataTable).add_columns("Rank", "Name", "Rating", "Games", "")
        self.show(self.game)
        self.query_one("#ladder", DataTable).focus()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "ladder-game" and isinstance(event.value, str):
            self.show(event.value)

    def show(self, game: str) -> None:
        """The ladder of ``game``."""
        self.game = game
        self.ratings = self.session.store.ladder(game)
        table = self.query_one("#ladder", DataTable)
        table.clear()
        for rank, rating in enumerate(self.ratings, start=1):
            mine = rating.rater == self.session.key
            table.add_row(
                rank,
                rating.name,
                f"{rating.ordinal:.1f}",
                rating.games,
                YOU if mine else "",
                key=rating.rater,
            )
        self.query_one("#ladder-hint", Static).update(
            "Rating: the skill you are very likely above (mean − 3 × uncertainty); it grows as "
            "rated games show it."
            if self.ratings
            else "Nobody is rated at this game yet: a rated table's result rates its players."
        )
