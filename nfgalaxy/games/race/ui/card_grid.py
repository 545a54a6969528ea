"""A grid of compact cards with a cursor: the arrow keys move it, Enter or a click reads a card.

The grid places its cells row by row, as many columns as fit the width (fewer on a small
terminal, down to one); a heading takes a row of its own, so the cells after it start a new
row. Where each cell sits is worked out here rather than read back from the layout, so the
arrow keys move the same way before and after the screen is drawn. The grid takes the height
its cells need (it never scrolls inside itself, so it never keeps a stale scroll position
after a resize; its container scrolls). Given a number of rows to fit in (``fit``), it draws
its cards as fully as that room allows (``Density``): whole compact cards, then each card's
first two lines in its border, then one line per card; the cursor's card always has its
whole text in the board's preview. Cells can be marked as chosen (a composed choice:
``chosen``, kept across a resize); what choosing means is the subclass's (``HandGrid``).
Nothing is decided here: moving and reading post messages for the board.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from rich.console import Console
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.containers import ScrollableContainer
from textual.message import Message
from textual.widgets import Static

#: The narrowest a card may be drawn, border included: wide enough for most powers' short form.
CELL_WIDTH = 26
#: The narrowest a one-line card may be: the marks, the kind letter, most names and the price.
LINE_WIDTH = 25
#: The gap between two columns of cells (``grid-gutter`` in game.tcss).
GUTTER = 1


class Density(enum.Enum):
    """How much of each card the grid draws, the fullest first: the whole compact card, its
    first two lines (name; price, VP and kind), or one line without a border."""

    FULL = "full"
    HEAD = "head"
    LINE = "line"


@dataclass(frozen=True)
class Entry:
    """One cell: a card (its id) or a heading (``card`` None); ``classes`` style it; ``group``
    says where the card lies (the hand, the cards explored), for a choice among them."""

    card: str | None
    text: Text
    classes: tuple[str, ...] = ()
    group: str = ""
    #: The card on one line (``Density.LINE``); None: the first line of ``text``.
    line: Text | None = None
    #: The card's first lines (``Density.HEAD``); None: the first two lines of ``text``.
    head: Text | None = None

    def face(self, density: Density) -> Text:
        """The text drawn at ``density`` (a heading is always whole)."""
        if self.card is None or density is Density.FULL:
            return self.text
        if density is Density.HEAD:
            return self.head if self.head is not None else head_of(self.text)
        return self.line if self.line is not None else self.text.split("\n")[0]


def head_of(text: Text) -> Text:
    """A card's first two lines: its name; its price, VP and kind."""
    return Text("\n").join(text.split("\n")[:2])


class CardCell(Static):
    """One compact card, or a heading across the grid, or an empty filler at a row's end."""

    def __init__(self, index: int) -> None:
        super().__init__()
        self.index = index

    def on_click(self, event: events.Click) -> None:
        """A click moves the cursor here and reads the card, or chooses it while a choice is
        being composed (mouse support)."""
        grid = self.parent
        if isinstance(grid, CardGrid) and grid.card_at(self.index) is not None:
            event.stop()
            grid.focus()
            grid.move_to(self.index)
            grid.clicked()


def place(entries: list[Entry | None], columns: int) -> list[tuple[int, int]]:
    """(row, column) of each entry: cards fill rows left to right; a heading (card None,
    not a filler) takes a whole row; a filler (None) ends a row early."""
    spots: list[tuple[int, int]] = []
    row, col = 0, 0
    for entry in entries:
        if entry is not None and entry.card is None:  # a heading: a row of its own
            if col:
                row, col = row + 1, 0
            spots.append((row, 0))
            row += 1
            continue
        spots.append((row, col))
        col += 1
        if col == columns:
            row, col = row + 1, 0
    return spots


class CardGrid(ScrollableContainer, can_focus=True):
    """Cards in a grid with a cursor (the cell drawn with a heavy border)."""

    BINDINGS = [
        Binding("left", "move(0, -1)", "Card", show=False),
        Binding("right", "move(0, 1)", "Card", show=False),
        Binding("up", "move(-1, 0)", "Card", show=False),
        Binding("down", "move(1, 0)", "Card", show=False),
        Binding("home", "first", "First card", show=False),
        Binding("end", "last", "Last card", show=False),
        Binding("enter", "read", "Read card"),
    ]

    class Highlighted(Message):
        """The cursor moved to a card."""

        def __init__(self, grid: CardGrid, card: str) -> None:
            super().__init__()
            self.grid = grid
            self.card = card

    class Selected(Message):
        """The player asked to read a card (Enter or a click)."""

        def __init__(self, grid: CardGrid, card: str) -> None:
            super().__init__()
            self.grid = grid
            self.card = card

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        #: The card id of each cell, None for a heading or a filler.
        self.card_ids: list[str | None] = []
        self.entries: list[Entry | None] = []
        #: The cell the cursor is on (always a card), None when there is no card.
        self.cursor: int | None = None
        self.columns = 1
        self.spots: list[tuple[int, int]] = []
        #: The cells in grid order (kept here: a cell being removed may still be queried).
        self.cells: list[CardCell] = []
        #: The entries chosen, in the order chosen, by their place among the entries given to
        #: ``fill`` (fillers move with the columns; these places do not).
        self.chosen: list[int] = []
        #: The words under a chosen card ("✓ discard").
        self.chosen_mark = "✓ chosen"
        self.density = Density.FULL
        #: The rows the grid should fit in, border included (None: no limit, whole cards).
        self.room: int | None = None
        #: The rows whole cards must leave of the room (``fit``).
        self.spare = 0
        #: Cards may be chosen now: the room is reckoned with each card's chosen line, so
        #: choosing one never changes how the cards are drawn.
        self.choosable = False
        #: The cell drawn with the cursor's mark (one-line cards mark it in their text).
        self.marked: int | None = None
        #: The width the grid was last laid out at (0: not yet).
        self.width = 0

    # ------------------------------------------------------------------ filling

    def fill(self, entries: list[Entry], keep_chosen: bool = False) -> None:
        """Draw ``entries``; the cursor stays on the same card if it is still there. New
        entries forget what was chosen (``keep_chosen``: the same entries laid out anew)."""
        keep = self.card_at(self.cursor)
        if not keep_chosen:
            self.chosen = []
        self.density, self.columns = self.choose(entries)
        self.styles.grid_size_columns = self.columns
        self.set_class(self.density is Density.LINE, "-line")
        self.marked = self.cursor = None  # set below, once the cells are dressed
        self.entries = self._with_fillers(entries)
        self.card_ids = [e.card if e is not None else None for e in self.entries]
        self.spots = place(self.entries, self.columns)
        fresh = []
        for index, entry in enumerate(self.entries):
            if index < len(self.cells):
                cell = self.cells[index]
            else:
                cell = CardCell(index)
                fresh.append(cell)
            self._dress(cell, entry)
        for cell in self.cells[len(self.entries) :]:
            cell.remove()
        self.cells = self.cells[: len(self.entries)] + fresh
        if fresh:
            self.mount_all(fresh)
        cards = [i for i, card in enumerate(self.card_ids) if card is not None]
        if not cards:
            self.cursor = None
        elif keep is not None and keep in self.card_ids:
            self.cursor = self.card_ids.index(keep)
        else:
            self.cursor = cards[0]
        self._paint()
        if self.cursor is not None:
            self.post_message(self.Highlighted(self, self.card_ids[self.cursor]))

    def _with_fillers(self, entries: list[Entry]) -> list[Entry | None]:
        """The entries with a filler before each heading that would leave a row half full,
        so that the grid's own placement and ``place`` agree."""
        out: list[Entry | None] = []
        col = 0
        for entry in entries:
            if entry.card is None:
                if col:
                    out += [None] * (self.columns - col)
                col = 0
                out.append(entry)
                continue
            out.append(entry)
            col = (col + 1) % self.columns
        return out

    def _dress(self, cell: CardCell, entry: Entry | None) -> None:
        heading = entry is not None and entry.card is None
        chosen = self.place_of(cell.index) in self.chosen
        cell.set_classes(("card-cell",) + (entry.classes if entry is not None else ()))
        cell.set_class(heading, "heading")
        cell.set_class(entry is None, "filler")
        cell.set_class(chosen, "-chosen")
        cell.styles.column_span = self.columns if heading else 1
        # A heading spans the grid, but the grid reckons an auto row at one column's width
        # (a long heading left a blank line under it): its height is bounded by its lines.
        width = self.width
        cell.styles.max_height = self.lines(entry.text, width) if heading and width else None
        text = entry.face(self.density) if entry is not None else Text()
        if self.density is Density.LINE and entry is not None and not heading:
            # No border to say it: a mark before the card (the cursor's is also reversed).
            mark = "✓" if chosen else "▶" if cell.index == self.cursor else " "
            text = Text(mark, style="bold").append_text(text)
        elif chosen:  # said in words too: the border's colour alone would not
            text = text.copy()
            text.append(f"\n{self.chosen_mark}", style="bold reverse")
        cell.update(text)

    def place_of(self, index: int) -> int | None:
        """The place among the entries given to ``fill`` of the cell ``index`` (None for a
        filler)."""
        if index >= len(self.entries) or self.entries[index] is None:
            return None
        return sum(1 for entry in self.entries[:index] if entry is not None)

    def set_chosen(self, chosen: list[int]) -> None:
        """Mark these entries (places among those given to ``fill``) as chosen."""
        changed = set(chosen) ^ set(self.chosen)
        self.chosen = list(chosen)
        for cell in self.cells:
            if self.place_of(cell.index) in changed:
                self._dress(cell, self.entries[cell.index])
        self._paint()

    def chosen_cards(self) -> list[str]:
        """The card ids chosen, in the order chosen."""
        plain = [entry for entry in self.entries if entry is not None]
        return [str(plain[place].card) for place in self.chosen]

    def _paint(self) -> None:
        for cell in self.cells:
            cell.set_class(cell.index == self.cursor, "-cursor")
        if self.density is Density.LINE and self.marked != self.cursor:
            for index in (self.marked, self.cursor):
                if index is not None and index < len(self.cells):
                    self._dress(self.cells[index], self.entries[index])
        self.marked = self.cursor

    # ------------------------------------------------------------------ size

    def on_resize(self, event: events.Resize) -> None:
        self.lay_out(self.content_region.width)

    def fit(self, rows: int | None, spare: int = 0) -> None:
        """Draw the cards as fully as ``rows`` rows allow (None: whole cards); whole cards
        only if they leave ``spare`` of them (for what lies under the grid)."""
        self.room, self.spare = rows, spare
        self.lay_out(self.width)

    def lay_out(self, width: int) -> None:
        """Choose the columns and how much of each card to draw for ``width`` columns and the
        room, the fullest density whose cells fit (one line per card when none does); drawn
        again when that changes, from the first card on."""
        resized, self.width = width != self.width, width
        plain = [e for e in self.entries if e is not None]
        if self.choose(plain) != (self.density, self.columns):
            self.fill(plain, keep_chosen=True)
            self.scroll_home(animate=False)
        elif resized:  # the headings' heights follow the width
            for cell in self.cells:
                if cell.has_class("heading"):
                    self._dress(cell, self.entries[cell.index])

    def choose(self, entries: list[Entry]) -> tuple[Density, int]:
        """The fullest density whose cells fit the room at this width, and its columns."""
        width = self.width
        if not width:  # not laid out yet: as before
            return self.density, self.columns
        for density in (Density.FULL, Density.HEAD):
            columns = max(1, width // CELL_WIDTH)
            room = None if self.room is None else self.room - self.spare * (density is Density.FULL)
            if room is None or self.height_of(entries, density, columns, width) <= room:
                return density, columns
        return Density.LINE, max(1, width // LINE_WIDTH)

    @staticmethod
    def lines(text: Text, width: int) -> int:
        """The lines ``text`` takes wrapped at ``width`` columns."""
        return len(text.wrap(Console(width=max(width, 1)), max(width, 1)))

    def height_of(self, entries: list[Entry], density: Density, columns: int, width: int) -> int:
        """The rows ``entries`` take at ``density`` in ``columns`` columns of a grid ``width``
        wide, its border included: each row of cells as tall as its tallest, each line
        wrapped as the cell wraps it."""
        cell = max(1, (width - GUTTER * (columns - 1)) // columns)
        bordered = density is not Density.LINE
        rows: dict[int, int] = {}
        at = 0
        for entry in entries:
            face = entry.face(density)
            if entry.card is None:  # a heading, across the grid
                if at % columns:
                    at += columns - at % columns
                rows[at // columns] = self.lines(face, width)
                at += columns
                continue
            inside = cell - 3 if bordered else cell - 1  # border and padding; the mark
            lines = self.lines(face, inside)
            tall = lines + 2 + (1 if self.choosable else 0) if bordered else lines
            row = at // columns
            rows[row] = max(rows.get(row, 0), tall)
            at += 1
        return sum(rows.values()) + 2

    # ------------------------------------------------------------------ moving

    def card_at(self, index: int | None) -> str | None:
        if index is None or index >= len(self.card_ids):
            return None
        return self.card_ids[index]

    @property
    def highlighted_card(self) -> str | None:
        return self.card_at(self.cursor)

    def move_to(self, index: int) -> None:
        if self.card_at(index) is None or index == self.cursor:
            return
        self.cursor = index
        self._paint()
        if index < len(self.cells):
            self.cells[index].scroll_visible(animate=False)
        self.post_message(self.Highlighted(self, self.card_ids[index]))

    def action_move(self, rows: int, cols: int) -> None:
        if self.cursor is None:
            return
        row, col = self.spots[self.cursor]
        cards = [(self.spots[i], i) for i, c in enumerate(self.card_ids) if c is not None]
        if cols:  # the next card in reading order, across rows
            order = [i for _, i in sorted(cards)]
            at = order.index(self.cursor) + cols
            if 0 <= at < len(order):
                self.move_to(order[at])
            return
        rows_with_cards = sorted({r for (r, _), _ in cards})
        at = rows_with_cards.index(row) + rows
        if not 0 <= at < len(rows_with_cards):
            return
        target = rows_with_cards[at]
        in_row = [(c, i) for (r, c), i in cards if r == target]
        # The card below (above) this one, or the row's last when that row is shorter.
        best = max((ci for ci in in_row if ci[0] <= col), default=in_row[0])
        self.move_to(best[1])

    def action_first(self) -> None:
        cards = [i for i, c in enumerate(self.card_ids) if c is not None]
        if cards:
            self.move_to(cards[0])

    def action_last(self) -> None:
        cards = [i for i, c in enumerate(self.card_ids) if c is not None]
        if cards:
            self.move_to(cards[-1])

    def action_read(self) -> None:
        card = self.highlighted_card
        if card is not None:
            self.post_message(self.Selected(self, card))

    def clicked(self) -> None:
        """A click on the cursor's card: it is read (a subclass may choose it instead)."""
        self.action_read()
