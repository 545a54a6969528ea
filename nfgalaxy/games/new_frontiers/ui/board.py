"""New Frontiers' table: action tiles on top, the empires, and the bag and supplies beside them."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll

from nfgalaxy.core.seats import round_from
from nfgalaxy.games.new_frontiers.rules import NewFrontiers
from nfgalaxy.games.new_frontiers.ui.action_tiles import ActionTiles
from nfgalaxy.games.new_frontiers.ui.explore_display import ExploreDisplay
from nfgalaxy.games.new_frontiers.ui.supply import DevelopmentSupply, Supply
from nfgalaxy.games.new_frontiers.ui.tableau import Tableau
from nfgalaxy.games.new_frontiers.ui.world_bag import WorldBag
from nfgalaxy.ui.widgets.panel import arrange


def tableau_order(state: NewFrontiers) -> list[int]:
    """The tableaux top to bottom: the player to move's (large), then the others compact in
    player order, the priority track's (§4: each player once, by their first disc), on from
    the mover round the track as an action is carried out (§4.1)."""
    track = list(dict.fromkeys(seat for seat, _disc in state.order))
    return round_from(track or range(len(state.players)), state.to_move())


class NewFrontiersBoard(VerticalScroll):
    """Scrolls as a whole in a compact layout (the screen's ``compact`` class), where every
    empire and the supplies stack at the full width, each tableau with all its lines; on a
    large terminal the empires and the supplies sit side by side and scroll on their own."""

    def __init__(self, players: int, **kwargs) -> None:
        super().__init__(**kwargs)
        self.players = players

    def compose(self) -> ComposeResult:
        yield ExploreDisplay(id="explored")
        yield ActionTiles(id="actions")
        with Horizontal(id="table"):
            with VerticalScroll(id="empires"):
                for seat in range(self.players):
                    yield Tableau(id=f"tableau-{seat}")
            with VerticalScroll(id="side"):
                yield WorldBag(id="bag")
                yield Supply(id="supply")
                yield DevelopmentSupply(id="developments")

    def show(self, state: NewFrontiers, viewer: int | None) -> None:
        """Draw the table; ``viewer`` is the human at the keyboard, who may see their own
        hidden goal."""
        mover = state.to_move()
        self.query_one(ExploreDisplay).show(state, viewer)
        self.query_one(ActionTiles).show(state)
        self.query_one(WorldBag).show(state)
        self.query_one(Supply).show(state)
        self.query_one(DevelopmentSupply).show(state)
        order = tableau_order(state)
        tableaux = [self.query_one(f"#tableau-{seat}", Tableau) for seat in order]
        for seat, tableau in zip(order, tableaux, strict=True):
            tableau.show(state, seat, large=seat == mover, private=seat == viewer)
        arrange(self.query_one("#empires"), tableaux)
