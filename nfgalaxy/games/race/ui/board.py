"""Race for the Galaxy's table: the phase strip on top, the viewer's hand with the text of the
card being read, and every tableau (the viewer's in full first, the others compact).

On a small terminal (the screen's ``compact`` class, e.g. 80x24) the hand and the tableaux stop
sharing the width and the whole board scrolls as one column; every part can take the focus
(Tab, or ``b`` for the board), and the focused part scrolls into view, so nothing is out of the
keyboard's reach. What the focused decision does is the shared screen's preview. While a
choice of several cards is composed in the hand, the hand takes the focus (``take_focus``).
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll

from nfgalaxy.core.seats import round_from
from nfgalaxy.games.race.rules import RaceGame
from nfgalaxy.games.race.ui.card_grid import CardGrid
from nfgalaxy.games.race.ui.card_preview import CardPreview
from nfgalaxy.games.race.ui.goals import GoalsPanel
from nfgalaxy.games.race.ui.guide import DecisionGuide
from nfgalaxy.games.race.ui.hand import ChoiceLine, HandGrid
from nfgalaxy.games.race.ui.roster import SeatRoster
from nfgalaxy.games.race.ui.strip import PhaseStrip
from nfgalaxy.games.race.ui.tableau import RaceTableau
from nfgalaxy.ui.widgets.panel import arrange


def tableau_order(state: RaceGame, viewer: int | None) -> list[int]:
    """The tableaux top to bottom: the viewer's (or, with nobody at the keyboard, the one to
    move's) first, then the others in player order round the table from it (§14)."""
    return round_from(state.order, viewer if viewer is not None else state.to_move())


class RaceBoard(VerticalScroll, can_focus=False):
    """The table; ``t`` (while a part of it has the focus) steps through the tableaux, the
    viewer's first, then the others' in player order from the viewer on round the table, each
    scrolled into view."""

    BINDINGS = [Binding("t", "next_tableau", "Next tableau")]

    def __init__(self, players: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.players = players
        self.state: RaceGame | None = None
        self.viewer: int | None = None

    def compose(self) -> ComposeResult:
        yield PhaseStrip(id="strip")
        yield GoalsPanel(id="goals")
        with Horizontal(id="table"):
            with Vertical(id="side"):
                yield DecisionGuide(id="guide")
                yield ChoiceLine(id="choice-line")
                yield HandGrid(id="hand")
                yield CardPreview(id="card")
            with VerticalScroll(id="empires", can_focus=False):
                yield SeatRoster(id="roster")
                for seat in range(self.players):
                    yield RaceTableau(id=f"tableau-{seat}")

    def on_mount(self) -> None:
        self.query_one(CardPreview).preview(None, None)
        # The screen gives the first focusable widget (the hand) the focus when it opens,
        # which scrolls a compact board past the phase strip: start at the top instead.
        self.call_after_refresh(self.scroll_home, animate=False)

    def show(self, state: RaceGame, viewer: int | None) -> None:
        """Draw the table as ``viewer`` (the human at the keyboard, or None) may see it."""
        if viewer != self.viewer:
            # never leave a card of the last player
            self.query_one(CardPreview).preview(None, None)
        self.state, self.viewer = state, viewer
        self.query_one(PhaseStrip).show(state, viewer)
        self.query_one(GoalsPanel).show(state)
        self.query_one(DecisionGuide).show(state, viewer)
        hand = self.query_one(HandGrid)
        hand.show(state, viewer)
        self.query_one(ChoiceLine).show(hand.line())
        order = tableau_order(state, viewer)
        tableaux = [self.query_one(f"#tableau-{seat}", RaceTableau) for seat in order]
        for seat, tableau in zip(order, tableaux, strict=True):
            tableau.show(state, seat, viewer, full=seat == viewer)
        roster = self.query_one(SeatRoster)
        roster.show(state, viewer)
        arrange(self.query_one("#empires"), [roster, *tableaux])

    def action_next_tableau(self) -> None:
        """Focus the tableau after the focused one (the first from elsewhere): with five or
        six players they cannot all be on screen, so a key brings each into view."""
        tableaux = list(self.query_one("#empires").query(RaceTableau))
        focused = self.screen.focused
        at = tableaux.index(focused) + 1 if focused in tableaux else 0
        target = tableaux[at % len(tableaux)]
        target.focus(scroll_visible=False)
        target.scroll_visible(animate=False, top=True)

    def take_focus(self, state: RaceGame) -> bool:
        """A choice of several cards is composed in the hand: the hand has the keys (Space,
        Enter), with the live line above it in view; otherwise the decision list has them."""
        hand = self.query_one(HandGrid)
        if hand.composition is None:
            return False
        hand.focus()
        line = self.query_one(ChoiceLine)
        self.call_after_refresh(line.scroll_visible, animate=False, top=True)
        return True

    def on_hand_grid_toggled(self, event: HandGrid.Toggled) -> None:
        event.stop()
        self.query_one(ChoiceLine).show(self.query_one(HandGrid).line())

    def on_card_grid_highlighted(self, event: CardGrid.Highlighted) -> None:
        """Moving through the hand shows the card's whole text."""
        event.stop()
        if self.state is not None and self.viewer is not None:
            self.query_one(CardPreview).preview(self.state, event.card)

    def on_card_grid_selected(self, event: CardGrid.Selected) -> None:
        """Enter (or a click) on a card: its whole text, scrolled into view."""
        event.stop()
        if self.state is not None and self.viewer is not None:
            self.query_one(CardPreview).preview(self.state, event.card)
            self.query_one(CardPreview).scroll_visible(animate=False)
