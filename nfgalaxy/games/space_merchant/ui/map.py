"""The star map: every space in its cell, the lines of dots, the ships, and the roll's routes.

The map is larger than a terminal, so it scrolls (arrow keys move a cursor from space to space
and the map follows it; the mouse wheel and scrollbars work too). Under the cursor the board
shows what the space is. Enter on a space, or a click, takes the step the engine offers towards
it: the next space itself, landing where the ship is, or the first decision of the route the
preview shows to a farther place. The engine judges that decision like any other.
"""

from __future__ import annotations

from typing import ClassVar

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
from nfgalaxy.games.space_merchant.rules.common import FIRST, JUMP_START, LAND
from nfgalaxy.games.space_merchant.rules.game import MerchantGame
from nfgalaxy.games.space_merchant.ui.glyphs import glyph, ship_style, system_label
from nfgalaxy.games.space_merchant.ui.layout import ASPECT, MapLayout, layout_board
from nfgalaxy.games.space_merchant.ui.routes import RoutePreview
from nfgalaxy.ui.widgets.decisions import Decided

#: Styles laid over a space's glyph: where a way of the roll ends, and where the next step goes.
DESTINATION = "on #1f4f1f"
NEXT_STEP = "underline on #1f2f5f"
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


class MerchantMap(ScrollView, can_focus=True):
    """The board drawn from the state; ``show`` redraws it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor(0, -1)", "Map cursor", show=False),
        Binding("down", "cursor(0, 1)", "Map cursor", show=False),
        Binding("left", "cursor(-1, 0)", "Map cursor", show=False),
        Binding("right", "cursor(1, 0)", "Map cursor", show=False),
        Binding("enter,space", "choose", "Go there"),
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
            self.cursor = ship
            self.call_after_refresh(self.bring_into_view, ship)
        self.cells = self._draw()
        self._strips = {}
        self.refresh()

    def _draw(self) -> list[list[tuple[str, str]]]:
        """Every cell of the map as (character, style), without the cursor."""
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
        """One row of the map as drawn, the cursor included (made once until it changes)."""
        found = self._strips.get(row)
        if found is not None:
            return found
        cells = list(self.cells[row])
        if self.cursor is not None and self.chart is not None:
            x, y = self.chart.at[self.cursor]
            if y == row:
                char, style = cells[x]
                cells[x] = (char, f"{style} {CURSOR}")
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

    def move_cursor(self, space: str) -> None:
        if self.chart is not None:
            for old in (self.cursor, space):  # only the two rows the cursor left and entered
                if old is not None:
                    self._strips.pop(self.chart.at[old][1], None)
            self.refresh()
        self.cursor = space
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

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or self.chart is None:
            return
        x, y = offset.x + self.scroll_offset.x, offset.y + self.scroll_offset.y
        space = next(
            (found for dx in (0, -1, 1) if (found := self.chart.space_at(x + dx, y)) is not None),
            None,
        )
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

    def decision_for(self, space: str) -> tuple[Decision | None, str]:
        """The offered decision that takes the ship towards ``space``, or why there is none."""
        state, preview = self.state, self.preview
        if space in self.named:
            return self.named[space], ""
        if state is None or preview is None or state.to_move() != self.viewer:
            return None, ""
        offered = state.legal_decisions()
        steps = preview.next_steps.get(space, [])
        if len(steps) == 1:
            return steps[0], ""
        if steps:
            pilots = ", ".join(str(d.args[1]) for d in steps)
            return None, f"Pilot numbers {pilots} lead there: choose one in the decision list."
        if space == state.players[preview.seat].space:
            land = next((d for d in offered if d.kind == LAND), None)
            if land is not None:
                return land, ""
        flight = preview.flight_to(space)
        if flight is not None:  # the first decision of the route the preview shows
            chosen = next((d for d in offered if d == flight.route.decisions[0]), None)
            if chosen is not None:
                return chosen, ""
        return None, "No way of this roll leads there."

    def choose(self, space: str) -> None:
        decision, why = self.decision_for(space)
        if decision is not None:
            self.post_message(Decided(decision))
        elif why:
            self.notify(why, severity="warning")
