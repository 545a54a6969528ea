"""Charts in the terminal, as plain text: a sparkline of a series, a bar of a value.

Block characters only (no colour), so a chart reads the same in a plain terminal, in the app
and in a file, and a screen reader still gets the figure written beside it.
"""

from __future__ import annotations

from collections.abc import Sequence

#: From lowest to highest: the eight heights of a sparkline's columns.
SPARKS = "▁▂▃▄▅▆▇█"
#: A bar's eighths, for the partial block at its end.
EIGHTHS = " ▏▎▍▌▋▊▉"
FULL = "█"


def sparkline(values: Sequence[float], lowest: float | None = None) -> str:
    """One character per value, its height by where it lies between the series' lowest
    (or ``lowest``) and its highest: a flat series is a flat line."""
    if not values:
        return ""
    low = min(values) if lowest is None else min(lowest, min(values))
    span = max(values) - low
    if span <= 0:
        return SPARKS[len(SPARKS) // 2 - 1] * len(values)
    top = len(SPARKS) - 1
    return "".join(SPARKS[round((value - low) / span * top)] for value in values)


def bar(value: float, largest: float, width: int) -> str:
    """A bar ``width`` characters long at ``largest``, in eighths of a character, so small
    differences show; padded to ``width``."""
    if largest <= 0 or value <= 0:
        return " " * width
    eighths = round(min(value / largest, 1.0) * width * 8)
    whole, part = divmod(eighths, 8)
    drawn = FULL * whole + (EIGHTHS[part] if part else "")
    return drawn.ljust(width)
