"""Every seat on one line, for a table of five or six players (The Gathering Storm and Rebel
vs Imperium): at 120x40 six tableaux cannot all be on screen, so the roster keeps each
player's chips, Military, hand, tableau size, score and this round's choice in view while the
tableaux below scroll. What it says of a secret choice is what ``secrets`` allows the viewer.
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from nfgalaxy.games.race.rules import RaceGame
from nfgalaxy.games.race.scoring import total_military
from nfgalaxy.games.race.state import TABLEAU_END
from nfgalaxy.games.race.ui.goals import CROWDED
from nfgalaxy.games.race.ui.secrets import action_words, placement_words, takeover_words


def roster(state: RaceGame, viewer: int | None) -> Table:
    """A row per seat in player order: the mover marked, name, VP chips, total Military, hand,
    tableau size, score so far, and what they chose this round as far as ``viewer`` may know."""
    grid = Table.grid(padding=(0, 1))
    for justify in ("left", "left", "right", "right", "right", "right", "right", "left"):
        grid.add_column(justify=justify)  # type: ignore[arg-type]
    grid.add_row("", "", "chips", "Mil", "hand", "cards", "score", "", style="dim")
    scores = state.score_details()
    for seat in state.order:
        p = state.players[seat]
        words = [
            w
            for w in (action_words(state, seat, viewer), placement_words(state, seat, viewer))
            if w
        ]
        words += takeover_words(state, seat, viewer)
        grid.add_row(
            "▶" if state.to_move() == seat else "",
            Text(p.name + (" (you)" if seat == viewer else ""), style="bold"),
            str(p.vp),
            f"{total_military(state.cards, p.tableau):+d}",
            str(len(p.hand)),
            f"{len(p.tableau)}/{TABLEAU_END}",
            Text(str(scores[seat].total), style="bold"),
            Text("; ".join(words), style="dim"),
        )
    return grid


class SeatRoster(Static):
    """All seats in player order, a row each; shown only with five or six players."""

    def show(self, state: RaceGame, viewer: int | None) -> None:
        self.display = len(state.players) >= CROWDED
        if self.display:
            self.border_title = "Players"
            self.update(roster(state, viewer))
