"""Parts of a line that must stay whole (a phase tile, a phase with its choosers), set in a
row and broken between parts, never inside one: a panel's own wrapping split "IV Produce"
after its "I" and "V Produce" after its "V" at 120 columns."""

from __future__ import annotations

from rich.text import Text


def flow(parts: list[Text], width: int, gap: str = " ") -> Text:
    """``parts`` in a row, a new line wherever the next one would not fit in ``width``
    (0: never); a part longer than a line still wraps on its own."""
    text = Text()
    used = 0
    for part in parts:
        size = part.cell_len
        if used and width and used + len(gap) + size > width:
            text.append("\n")
            used = 0
        elif used:
            text.append(gap)
            used += len(gap)
        text.append_text(part)
        used += size
    return text
