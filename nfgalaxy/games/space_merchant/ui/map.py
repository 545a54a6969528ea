"""The star map: every space in its cell, the lines of dots, the ships, and the roll's routes.

The map is larger than a terminal, so it scrolls (arrow keys move a cursor from space to space
and the map follows it; the mouse wheel and scrollbars work too). Under the cursor the board
shows what the space is. Enter on a space, or a click, goes there. Before the roll that names
the first space. After it, on a place the route preview marks, it flies there: as soon as the
cursor (or the mouse pointer) is on the place the map draws the route the preview found, every
space the ship would enter, and Enter sends the route's decisions, the engine's own, one after
another (``Decided`` with ``then``). The game screen stops a flight where the engine refuses a
decision or the player learns something new; the cursor then stays on the place, so Enter flies
on. On a
next space that is no place (one the ship would only pass) Enter takes that single step, and
the decision list always offers the single steps.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.markup import escape
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.space_merchant.board import Board
from nfgalaxy.games.space_merchant.rules.common import FIRST, JUMP_START
from nfgalaxy.games.space_merchant.rules.game import MerchantGame
from nfgalaxy.games.space_merchant.ui.glyphs import glyph, ship_style, system_label
from nfgalaxy.games.space_merchant.ui.layout import ASPECT, MapLayout, layout_board
from nfgalaxy.games.space_merchant.ui.route_panel import flight_words
from nfgalaxy.games.space_merchant.ui.routes import Destination, RoutePreview
from nfgalaxy.ui.widgets.decisions import Decided

#: Styles laid over a space's glyph: where a way of the roll ends, and where the next step goes.
DESTINATION = "on #1f4f1f"
NEXT_STEP = "underline on #1f2f5f"
#: The spaces of the route to the place under the cursor (also listed in words under the map).
ROUTE = "bold on #6f4f00"
CURSOR = "reverse"
_CONNECTOR = {False: "#7a7a7a", True: "#9a9a9a"}

_LAYOUTS: dict[int, tuple[Board, MapLayout]] = {}


def map_layout(board: Board) -> MapLayout:
    """The layout of a board, made once per board (a game keeps its board)."""
    cached = _LAYOUTS.get(id(board))
    if cached is None or cached[0] is not board:
        _LAYOUTS.clear()
        cached = (board, layout_board(board))
        _LAYOUTS[id(board)] = cached
    return cached[1]


@dataclass(frozen=True)
class Plan:
    """What Enter or a click does on a space: the decisions it sends, in order, in words (Rich
    markup); and the place of the roll it flies to, if it is a flight."""

    decisions: tuple[Decision, ...]
    words: str
    flight: Destination | None = None


class MerchantMap(ScrollView, can_focus=True):
    """The board drawn from the state; ``show`` redraws it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor(0, -1)", "Map cursor", show=False),
        Binding("down", "cursor(0, 1)", "Map cursor", show=False),
        Binding("left", "cursor(-1, 0)", "Map cursor", show=False),
        Binding("right", "cursor(1, 0)", "Map cursor", show=False),
        Binding("enter,space", "choose", "Fly there"),
        Binding("n", "next_place", "Next place"),
        Binding("m", "my_ship", "Ship"),
    ]

    class CursorMoved(Message):
        """The cursor is on another space: the board describes it."""

        def __init__(self, space: str) -> None:
            super().__init__()
            self.space = space

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.state: MerchantGame | None = None
        self.viewer: int | None = None
        self.preview: RoutePreview | None = None
        #: Before the roll: the spaces the offered declarations name (the first space, a Jump
        #: Start's telegate), each with its decision.
        self.named: dict[str, Decision] = {}
        self.chart: MapLayout | None = None
        self.cursor: str | None = None
        #: The place a flight was sent to: the cursor stays there while the roll can still
        #: reach it (a flight stopped on the way goes on with Enter).
        self.target: str | None = None
        #: The place under the cursor whose route is drawn, if any.
        self.shown: Destination | None = None
        self.cells: list[list[tuple[str, str]]] = []
        self._strips: dict[int, Strip] = {}
        self._followed: tuple[int | None, str] | None = None

    # ------------------------------------------------------------------ drawing

    def show(self, state: MerchantGame, viewer: int | None, preview: RoutePreview | None) -> None:
        """Draw ``state`` as ``viewer`` may see it, with the roll's routes if any."""
        self.state, self.viewer, self.preview = state, viewer, preview
        self.named = self._named_spaces()
        self.chart = map_layout(state.board)
        self.virtual_size = Size(self.chart.width, self.chart.height)
        mover = state.to_move()
        focus_seat = mover if mover is not None else viewer
        ship = state.players[focus_seat].space if focus_seat is not None else None
        if self.cursor is None or not state.board.has_space(self.cursor):
            self.cursor = ship or state.board.galactic_base
        followed = (focus_seat, ship or "")
        if ship is not None and followed != self._followed:  # the cursor follows the mover
            self._followed = followed
            if not self._flying_on():
                self.target = None
                self.cursor = ship
                self.call_after_refresh(self.bring_into_view, ship)
        self.cells = self._draw()
        self.shown = self.flight_under(self.cursor)
        self._strips = {}
        self.refresh()

    def _flying_on(self) -> bool:
        """Whether a flight stopped on the way to a place this roll can still reach."""
        target, preview = self.target, self.preview
        reachable = preview is not None and target is not None and preview.flight_to(target)
        return bool(reachable) and self.cursor == target

    def flight_under(self, space: str | None) -> Destination | None:
        """The place of the roll at ``space``, whose route the map draws, if any."""
        if space is None or self.preview is None or self.state is None:
            return None
        if self.state.to_move() != self.viewer:
            return None
        return self.preview.flight_to(space)

    def _draw(self) -> list[list[tuple[str, str]]]:
        """Every cell of the map as (character, style), without the cursor and the route."""
        state, layout = self.state, self.chart
        assert state is not None and layout is not None
        rows: list[list[tuple[str, str]]] = [
            [(" ", "")] * layout.width for _ in range(layout.height)
        ]
        for c in layout.connectors:
            style = "dim italic" if c.hidden else _CONNECTOR[c.dotted]
            rows[c.y][c.x] = (c.char, style)
        for label in layout.labels:
            text = system_label(state, label.system, self.viewer)[: label.width]
            start = label.x + (label.width - len(text)) // 2
            for i, char in enumerate(text):
                rows[label.y][start + i] = (char, "bold")
        preview = self.preview
        ends = preview.spaces() if preview else set()
        steps = set(preview.next_steps) if preview else set()
        steps |= set(self.named)
        ships: dict[str, list[int]] = {}
        for p in state.players:
            ships.setdefault(p.space, []).append(p.seat)
        mover = state.to_move()
        for space, (x, y) in layout.at.items():
            char, style = glyph(state, space)
            here = ships.get(space)
            if here:
                seat = mover if mover in here else here[0]
                char, style = str(seat + 1) if len(here) == 1 else "+", ship_style(seat)
            if space in ends:
                style += f" {DESTINATION}" if not here else ""
            if space in steps:
                style += f" {NEXT_STEP}"
            rows[y][x] = (char, style)
        return rows

    def strip(self, row: int) -> Strip:
        """One row of the map as drawn, the cursor and the route to the place under it
        included (made once until they change)."""
        found = self._strips.get(row)
        if found is not None:
            return found
        cells = list(self.cells[row])
        if self.chart is not None:
            route = self.shown.route.spaces if self.shown else ()
            ships = {p.space for p in self.state.players} if self.state else set()
            marks = [(s, ROUTE) for s in route if s not in ships]  # a ship keeps its colour
            if self.cursor is not None:
                marks.append((self.cursor, CURSOR))
            for space, mark in marks:
                x, y = self.chart.at[space]
                if y == row:
                    char, style = cells[x]
                    cells[x] = (char, f"{style} {mark}")
        segments: list[Segment] = []
        run, run_style = "", ""
        for char, style in cells:
            if style != run_style and run:
                segments.append(Segment(run, Style.parse(run_style)))
                run = ""
            run += char
            run_style = style
        if run:
            segments.append(Segment(run, Style.parse(run_style)))
        found = self._strips[row] = Strip(segments, len(cells))
        return found

    @property
    def strips(self) -> list[Strip]:
        """Every row of the map as drawn."""
        return [self.strip(row) for row in range(len(self.cells))]

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        row = y + scroll_y
        width = self.size.width
        base = self.rich_style
        if row >= len(self.cells):
            return Strip.blank(width, base)
        strip = self.strip(row).crop(scroll_x, scroll_x + width)
        return strip.apply_style(base).extend_cell_length(width, base)

    def bring_into_view(self, space: str) -> None:
        """Scroll just enough that ``space`` and a little around it are on the screen."""
        if self.chart is None or space not in self.chart.at:
            return
        x, y = self.chart.at[space]
        self.scroll_to_region(Region(x - 6, y - 3, 13, 7), animate=False, force=True)

    # ------------------------------------------------------------------ the cursor

    def move_cursor(self, space: str, scroll: bool = True) -> None:
        """The cursor onto ``space``, the route to it drawn if it is a place of the roll."""
        shown = self.flight_under(space)
        if self.chart is not None:  # redrawn: only the rows the cursor and the routes touch
            touched = [self.cursor, space]
            for flight in (self.shown, shown):
                touched += flight.route.spaces if flight else ()
            for old in touched:
                if old is not None:
                    self._strips.pop(self.chart.at[old][1], None)
            self.refresh()
        self.cursor, self.shown = space, shown
        if scroll:
            self.bring_into_view(space)
        self.post_message(self.CursorMoved(space))

    def action_cursor(self, dx: int, dy: int) -> None:
        """To the nearest space in that direction (as the eye sees it: columns are narrow)."""
        if self.chart is None or self.cursor is None:
            return
        cx, cy = self.chart.at[self.cursor]
        best: tuple[float, str] | None = None
        for space, (x, y) in self.chart.at.items():
            ahead = ((x - cx) * ASPECT * dx) + ((y - cy) * dy)
            aside = abs((x - cx) * ASPECT * dy) + abs((y - cy) * dx)
            if ahead <= 0 or aside > ahead * 2:
                continue
            score = ahead + 2 * aside
            if best is None or score < best[0]:
                best = (score, space)
        if best is not None:
            self.move_cursor(best[1])

    def places(self) -> list[str]:
        """The places ``n`` goes through: the next steps, then the ways' ends, then the ships."""
        found: list[str] = []
        found += sorted(self.named)
        if self.preview is not None:
            found += sorted(self.preview.next_steps)
            found += [d.space for d in self.preview.destinations]
        if self.state is not None:
            found += [p.space for p in self.state.players]
        return list(dict.fromkeys(found))

    def action_next_place(self) -> None:
        places = self.places()
        if not places:
            return
        index = places.index(self.cursor) + 1 if self.cursor in places else 0
        self.move_cursor(places[index % len(places)])

    def action_my_ship(self) -> None:
        if self.state is None:
            return
        seat = self.viewer if self.viewer is not None else self.state.to_move()
        if seat is not None:
            self.move_cursor(self.state.players[seat].space)

    # ------------------------------------------------------------------ choosing

    def action_choose(self) -> None:
        if self.cursor is not None:
            self.choose(self.cursor)

    def space_under(self, event: events.MouseEvent) -> str | None:
        """The space under the mouse pointer (or beside it: a cell is one column wide)."""
        offset = event.get_content_offset(self)
        if offset is None or self.chart is None:
            return None
        x, y = offset.x + self.scroll_offset.x, offset.y + self.scroll_offset.y
        return next(
            (found for dx in (0, -1, 1) if (found := self.chart.space_at(x + dx, y)) is not None),
            None,
        )

    def on_mouse_move(self, event: events.MouseMove) -> None:
        """The pointer on a place of the roll draws its route, as the cursor would, so the
        way is seen before the click that flies it."""
        space = self.space_under(event)
        if space is not None and space != self.cursor and self.flight_under(space):
            self.move_cursor(space, scroll=False)

    def on_click(self, event: events.Click) -> None:
        space = self.space_under(event)
        if space is None:
            return
        self.move_cursor(space)
        self.choose(space)

    def _named_spaces(self) -> dict[str, Decision]:
        state = self.state
        if state is None or self.viewer is None or state.to_move() != self.viewer:
            return {}
        named = {}
        for d in state.legal_decisions():
            if d.kind in (FIRST, JUMP_START) and d.args and state.board.has_space(str(d.args[0])):
                named[str(d.args[0])] = d
        return named

    def plan_for(self, space: str) -> tuple[Plan | None, str]:
        """What Enter would send for ``space``, or why nothing: the declaration naming it
        before the roll; after it the route to the place of the roll there, or the single
        step onto a next space the ship would only pass."""
        state, preview = self.state, self.preview
        if space in self.named:
            named = self.named[space]
            return Plan((named,), escape(named.label or str(named))), ""
        if state is None or preview is None or state.to_move() != self.viewer:
            return None, ""
        flight = preview.flight_to(space)
        if flight is not None:
            return Plan(flight.route.decisions, flight_words(state, flight), flight), ""
        steps = preview.next_steps.get(space, [])
        if len(steps) == 1:
            return Plan((steps[0],), escape(steps[0].label or str(steps[0]))), ""
        if steps:
            pilots = ", ".join(str(d.args[1]) for d in steps)
            return None, f"Pilot numbers {pilots} lead there: choose one in the decision list."
        return None, "No way of this roll leads there."

    def choose(self, space: str) -> None:
        plan, why = self.plan_for(space)
        if plan is None:
            if why:
                self.notify(why, severity="warning")
            return
        if plan.flight is None:
            self.post_message(Decided(plan.decisions[0]))
            return
        self.target = space
        what = f"The flight to {self.state.place(space) if self.state else space}"
        first, *rest = plan.decisions
        self.post_message(Decided(first, then=rest, what=what))
