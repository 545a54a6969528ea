"""A bot's move in one line of the log, so a player who looked away can follow it.

The table's log (``table_log``) reads a run of a bot's public events as that one line, where
the run happened: not the events and then a summary of them (the log said each move twice),
and not after the next round's marker (a summary written when the bot's turn ended came after
the events that ended the round).

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

from collections.abc import Mapping, Sequence

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


def table_log(events: Sequence[Event], bots: Mapping[int, str]) -> list[str]:
    """The log as the table shows it: every event in its words, in the order it happened,
    except that a bot's run of public events (two or more in a row that name it) reads as the
    one line ``bot_line`` makes of them, in its place. ``bots``: each bot seat's name.

    The lines are made from the events alone, so the log reads the same after an undo, a
    load or a replay. A summary an older version wrote into the log (a note starting with
    ``MARK``) is left out: the run it summed up is summed up here."""
    lines: list[str] = []
    index = 0
    while index < len(events):
        event = events[index]
        end = index + 1
        if event.kind == "note":
            if not event.text.startswith(MARK):
                lines.append(event.text)
            index = end
            continue
        seat = event.seat
        if seat in bots:
            while end < len(events) and events[end].seat == seat and events[end].kind != "note":
                end += 1
        run = events[index:end]
        line = bot_line(bots[seat], seat, run) if seat is not None and len(run) > 1 else None
        lines.extend([line] if line else [e.text for e in run])
        index = end
    return lines
