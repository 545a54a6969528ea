"""Space Merchant's table: the star map with a line about the space under its cursor, and
beside it the merchants, the route preview of the roll and the market under the cursor.

On a small terminal (the screen's ``compact`` class, e.g. 80x24) the map keeps a fixed height
and scrolls inside itself, and the panels stack below it at the full width; the whole board
scrolls as one. Decisions come from the shared decision list (digits, arrows, Enter) or from
the map (Enter on the cursor's space, or a click: a flight sends several).
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from nfgalaxy.games.space_merchant.rules.common import FIRST, JUMP, JUMP_START, LAND, STEP, Step
from nfgalaxy.games.space_merchant.rules.game import MerchantGame
from nfgalaxy.games.space_merchant.ui.glyphs import KEY, describe_space
from nfgalaxy.games.space_merchant.ui.map import MerchantMap
from nfgalaxy.games.space_merchant.ui.market import MerchantMarket
from nfgalaxy.games.space_merchant.ui.players import MerchantPlayers
from nfgalaxy.games.space_merchant.ui.route_panel import MerchantRoutes
from nfgalaxy.games.space_merchant.ui.routes import RoutePreview, route_preview
from nfgalaxy.ui.widgets.decisions import DecisionList


class MerchantBoard(VerticalScroll, can_focus=False):
    def __init__(self, players: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.players = players
        self.state: MerchantGame | None = None
        self.viewer: int | None = None
        self.preview: RoutePreview | None = None
        self._preview_key: tuple | None = None

    def compose(self) -> ComposeResult:
        with Horizontal(id="table"):
            with Vertical(id="map-pane"):
                yield MerchantMap(id="map")
                yield Static(id="space-info")
            with VerticalScroll(id="side", can_focus=False):
                yield MerchantPlayers(id="players")
                yield MerchantRoutes(id="routes")
                yield MerchantMarket(id="market")

    def on_mount(self) -> None:
        self.call_after_refresh(self.scroll_home, animate=False)
        self.call_after_refresh(self.follow_the_decision_list)

    def take_focus(self, state: MerchantGame) -> bool:
        """A player moving with the map keeps it (Enter flies on from where a flight stopped);
        anything else is chosen in the decision list."""
        moving = state.step_name() in (Step.MOVE, Step.MULLIGAN)
        return moving and self.query_one(MerchantMap).has_focus

    def follow_the_decision_list(self) -> None:
        """Moving through the shared decision list puts the map's cursor on the space a step
        (or landing) decision names: the list names spaces, the map shows where they are."""
        lists = self.screen.query(DecisionList)
        if lists:
            decisions = lists.first()
            self.watch(decisions, "highlighted", lambda index: self.point_at(decisions, index))

    def point_at(self, decisions: DecisionList, index: int | None) -> None:
        if self.state is None or index is None or not 0 <= index < len(decisions.decisions):
            return
        decision = decisions.decisions[index]
        space: str | None = None
        named = decision.kind in (STEP, JUMP, FIRST, JUMP_START) and bool(decision.args)
        if named and self.state.board.has_space(str(decision.args[0])):
            space = str(decision.args[0])
        elif decision.kind == LAND and self.state.turn is not None:
            space = self.state.players[self.state.turn.seat].space
        if space is not None:
            self.query_one(MerchantMap).move_cursor(space)

    def show(self, state: MerchantGame, viewer: int | None) -> None:
        """Draw the table as ``viewer`` (the human at the keyboard, or None) may see it."""
        self.state, self.viewer = state, viewer
        self.preview = self._preview(state, viewer)
        board_map = self.query_one(MerchantMap)
        board_map.border_title = "Map"
        board_map.border_subtitle = state.pack.labels[0]
        board_map.show(state, viewer, self.preview)
        self.query_one(MerchantPlayers).show(state)
        self.query_one(MerchantRoutes).show(state, viewer, self.preview)
        self.describe(board_map.cursor or state.board.galactic_base)

    def _preview(self, state: MerchantGame, viewer: int | None) -> RoutePreview | None:
        """The route preview of the viewer's own roll, worked out once per position."""
        if viewer is None or state.to_move() != viewer or state.turn is None:
            self._preview_key = None
            return None
        t = state.turn
        key = (
            id(state),
            len(state.history),
            state.step_name(),
            viewer,
            state.players[viewer].space,
        )
        key += (t.mp, t.pilot, t.previous, tuple(t.dice), len(t.path), t.penalty_pending)
        if key != self._preview_key:
            self._preview_key = key
            self.preview = route_preview(state, viewer)
        return self.preview

    def describe(self, space: str) -> None:
        """The line under the map: the space under the cursor, what Enter would do there."""
        state = self.state
        if state is None:
            return
        text = describe_space(state, space, self.viewer)
        plan, _why = self.query_one(MerchantMap).plan_for(space)
        if plan is not None:
            text += f"\n[b]Enter or click:[/b] {plan.words}"
        else:
            text += f"\n[dim]{KEY}[/dim]"
        self.query_one("#space-info", Static).update(text)
        self.query_one(MerchantMarket).show(state, self.viewer, space)

    def on_merchant_map_cursor_moved(self, event: MerchantMap.CursorMoved) -> None:
        event.stop()
        self.describe(event.space)
