"""Race for the Galaxy's table: the phase strip on top, the viewer's hand with the text of the
card being read, and every tableau (the viewer's in full first, the others compact).

The hand takes the height its cards need in a side column that scrolls on its own, and draws
its cards as fully as the column's visible height allows (whole cards, their first lines, or
one line each), so that every card is in sight at once; the card being read has its whole text
in the preview under the hand. On a small terminal (the screen's ``compact`` class, e.g.
80x24) the hand and the tableaux stop sharing the width and the whole board scrolls as one
column, the hand fitting the board's height; every part can take the focus (Tab, or ``b`` for
the board), and the focused part scrolls into view, so nothing is out of the keyboard's reach.
What the focused decision does is the shared screen's preview (at 80x24 it gives its rows to
the decisions while they need them: ``GameUi.narrow_preview``). While a choice of several
cards is composed in the hand, the hand takes the focus and comes into view from its first
part (``take_focus``).
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll

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

#: The rows kept for the card preview under a hand drawn with whole cards (beside the
#: tableaux): whole cards that would leave less are drawn shorter.
PREVIEW_ROWS = 6


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
            with VerticalScroll(id="side", can_focus=False):
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
        self.call_after_refresh(self.fit_hand)

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self.fit_hand, True)

    def fit_hand(self, resized: bool = False) -> None:
        """Give the hand the rows it may take and stay in sight: the side column's visible
        height (the board's, when the board scrolls as one), less the parts above the hand
        and, beside the tableaux, a few rows for the preview under it. Drawn anew (or the
        terminal resized), it is shown from its top."""
        side = self.query_one("#side", VerticalScroll)
        compact = self.screen.has_class("compact")
        rows = (self if compact else side).scrollable_content_region.height
        above = [self.query_one(DecisionGuide), self.query_one(ChoiceLine)]
        rows -= sum(part.outer_size.height for part in above if part.display)
        hand = self.query_one(HandGrid)
        before = hand.density, hand.columns
        hand.fit(rows, spare=0 if compact else PREVIEW_ROWS)
        if (hand.density, hand.columns) == before and not resized:
            return
        # Drawn anew: from its top, the line of a choice composed in it above.
        if hand.composition is not None:
            self.show_choice()
        elif not compact:
            side.scroll_home(animate=False)

    def show_choice(self) -> None:
        """Scroll the choice composed in the hand into view from its first part: the guide
        (while paying), else the live line, the hand under it."""
        guide = self.query_one(DecisionGuide)
        first = guide if guide.display else self.query_one(ChoiceLine)
        self.call_after_refresh(first.scroll_visible, animate=False, top=True)

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
        hand.focus(scroll_visible=False)  # from the choice's first part, not the hand's
        self.show_choice()
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
