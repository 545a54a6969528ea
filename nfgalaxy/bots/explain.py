"""A bot's move in one line of the log, so a player who looked away can follow it.

The line is composed only from the events the bot's decisions produced and that name the bot:
the games record an event with only what every player may know (a secret choice, such as Roll's
dice assignment or Race's action card, is recorded without naming it, or not at all until the
reveal). So the line can never say more than the log already says, and it never reads the
bot's decisions themselves, whose labels may hold secrets. A run of decisions by one bot that
made nothing public adds no line, and neither does one that made a single event public (the
log's line for it is already one line: "Bot 1 has chosen." followed by "» Bot 1: has chosen."
only doubled the log). Nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Sequence

from nfgalaxy.core.events import Event

#: Marks a bot's summary in the log, so it reads apart from the events it sums up.
MARK = "»"
#: More clauses than this and the line ends "and N more": one line, not a paragraph.
MOST_CLAUSES = 6


def _clause(name: str, text: str) -> str:
    """An event's words without the actor's name in front and the full stop at the end."""
    text = text.strip()
    for lead in (f"{name}: ", f"{name}, ", f"{name} "):
        if text.startswith(lead):
            text = text[len(lead) :]
            break
    return text.rstrip(".").strip()


def bot_line(name: str, seat: int, events: Sequence[Event], over: bool = False) -> str | None:
    """One line for what ``seat`` (named ``name``) did with a run of its decisions: the words
    of the events those decisions produced that name the seat, or None if they made one
    public event or none. ``over``: the run ended the game, so the end-of-game events (from
    the first one that names no seat: game over, scores, winner) belong to the end screen, not
    to the move."""
    counts: dict[str, int] = {}  # the same event twice reads "(×2)", in first-seen order
    for event in events:
        if over and event.seat is None:
            break
        if event.seat != seat or event.kind == "note":
            continue
        clause = _clause(name, event.text)
        if clause:
            counts[clause] = counts.get(clause, 0) + 1
    if not counts or list(counts.values()) == [1]:
        return None  # nothing public, or one event: its own line in the log already says it
    clauses = [c if n == 1 else f"{c} (×{n})" for c, n in counts.items()]
    shown = clauses[:MOST_CLAUSES]
    more = len(clauses) - len(shown)
    text = "; ".join(shown) + (f"; and {more} more" if more else "")
    return f"{MARK} {name}: {text}."
