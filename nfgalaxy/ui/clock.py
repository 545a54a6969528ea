"""A table's clock in words: what the lobby and the table's header say of the time left."""

from __future__ import annotations

from nfgalaxy.tables.model import Pace, PaceKind


def time_left_words(pace: Pace, left: float | None) -> str:
    """``42 s left`` on a live table, ``2 d 5 h left`` on an async one, ``time is up``;
    nothing once the game is over (``left`` None)."""
    if left is None:
        return ""
    if left <= 0:
        return "time is up"
    if pace.kind is PaceKind.LIVE:
        return f"{left:.0f} s left"
    days, hours = divmod(int(left // 3600), 24)
    return f"{days} d {hours} h left" if days else f"{hours} h left"
