"""A grid of compact cards with a cursor: the arrow keys move it, Enter or a click reads a card.

The grid places its cells row by row, as many columns as fit the width (fewer on a small
terminal, down to one); a heading takes a row of its own, so the cells after it start a new
row. Where each cell sits is worked out here rather than read back from the layout, so the
arrow keys move the same way before and after the screen is drawn. The grid scrolls, and the
cursor's cell is always scrolled into view. Cells can be marked as chosen (a composed choice:
``chosen``, kept across a resize); what choosing means is the subclass's (``HandGrid``).
Nothing is decided here: moving and reading post messages for the board.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.containers import ScrollableContainer
from textual.message import Message
from textual.widgets import Static

#: The narrowest a card may be drawn, border included: wide enough for most powers' short form.
CELL_WIDTH = 26


@dataclass(frozen=True)
class Entry:
    """One cell: a card (its id) or a heading (``card`` None); ``classes`` style it; ``group``
    says where the card lies (the hand, the cards explored), for a choice among them."""

    card: str | None
    text: Text
    classes: tuple[str, ...] = ()
    group: str = ""


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

    # ------------------------------------------------------------------ filling

    def fill(self, entries: list[Entry], keep_chosen: bool = False) -> None:
        """Draw ``entries``; the cursor stays on the same card if it is still there. New
        entries forget what was chosen (``keep_chosen``: the same entries laid out anew)."""
        keep = self.card_at(self.cursor)
        if not keep_chosen:
            self.chosen = []
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
        text = entry.text if entry is not None else Text()
        if chosen:  # said in words too: the border's colour alone would not
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

    # ------------------------------------------------------------------ size

    def on_resize(self, event: events.Resize) -> None:
        columns = max(1, event.size.width // CELL_WIDTH)
        if columns != self.columns:
            self.columns = columns
            self.styles.grid_size_columns = columns
            plain = [e for e in self.entries if e is not None]
            if plain:
                self.fill(plain, keep_chosen=True)

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
