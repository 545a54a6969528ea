"""Roll for the Galaxy's table: phase tiles on top, the empires, and the viewer's dice cup."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll

from nfgalaxy.core.seats import round_from
from nfgalaxy.games.roll.rules import RollGame
from nfgalaxy.games.roll.ui.dice_cup import DiceCup
from nfgalaxy.games.roll.ui.phase_tiles import PhaseTiles
from nfgalaxy.games.roll.ui.tableau import RollTableau
from nfgalaxy.ui.widgets.panel import arrange


def tableau_order(state: RollGame, viewer: int | None) -> list[int]:
    """The empires top to bottom: the viewer's (or the one to move's) first, then the others
    clockwise from it, the rules' player order (§10: clockwise from the lowest faction).
    The engine's ``order`` lists the seats by faction number, which need not go round the
    table, so the seats are taken round from the one shown first."""
    return round_from(range(len(state.players)), viewer if viewer is not None else state.to_move())


class RollBoard(VerticalScroll):
    """Scrolls as a whole in a compact layout (the screen's ``compact`` class), where the dice
    cup comes first and the empires stack below it at the full width; on a large terminal the
    cup is docked beside the empires and each part scrolls on its own."""

    def __init__(self, players: int, **kwargs) -> None:
        super().__init__(**kwargs)
        self.players = players

    def compose(self) -> ComposeResult:
        yield PhaseTiles(id="phases")
        with Horizontal(id="table"):
            with VerticalScroll(id="side"):
                yield DiceCup(id="dice-cup")
            with VerticalScroll(id="empires"):
                for seat in range(self.players):
                    yield RollTableau(id=f"tableau-{seat}")

    def show(self, state: RollGame, viewer: int | None) -> None:
        """Draw the table as ``viewer`` (the human at the keyboard, or None) may see it."""
        self.query_one(PhaseTiles).show(state)
        cup = self.query_one(DiceCup)
        cup.show(state, viewer)
        first = viewer if viewer is not None else state.to_move()
        order = tableau_order(state, viewer)
        tableaux = [self.query_one(f"#tableau-{seat}", RollTableau) for seat in order]
        for seat, tableau in zip(order, tableaux, strict=True):
            tableau.show(state, seat, viewer, large=seat == first)
        arrange(self.query_one("#empires"), tableaux)

    def take_focus(self, state: RollGame) -> bool:
        """During Assign and while recruiting the dice cup has the keys; otherwise the
        decision list does."""
        cup = self.query_one(DiceCup)
        if cup.interactive():
            cup.focus()
            return True
        return False

    def on_focus(self) -> None:
        """``b`` (the board) brings the keys to the dice cup while it has something to do;
        the arrow keys that it does not use still scroll the board."""
        cup = self.query_one(DiceCup)
        if cup.interactive():
            cup.focus()
