"""A hint as the decision list shows it: the search's best decisions marked where they stand.

A hint belongs to the decision it was asked for. Shown as a notice it stayed on screen into the
next decision (and in hot-seat onto the next player's screen), and "Thinking about a hint…"
stacked on it; marked in the list, it goes when the list is offered anew.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from nfgalaxy.core.decision import Decision
from nfgalaxy.core.words import counted

#: A hint marks this many decisions.
HINT_TOP = 3
#: What the list's border says while the search weighs the decisions.
THINKING = "Thinking about a hint…"


@dataclass(frozen=True)
class HintMark:
    """One of the search's best decisions: its rank, estimated chance to win and the sampled
    futures the estimate rests on."""

    decision: Decision
    rank: int
    value: float
    trials: int

    def words(self) -> str:
        return (
            f"◆ hint {self.rank}: {self.value:.0%} to win, "
            f"over {counted(self.trials, 'sampled future')}"
        )


def hint_marks(rows: list[tuple[Decision, float, int]]) -> list[HintMark]:
    """The search's best decisions, in its order (``Table.hint``'s rows)."""
    return [HintMark(d, rank, value, n) for rank, (d, value, n) in enumerate(rows[:HINT_TOP], 1)]


def hint_note(marks: list[HintMark], reasons: str = "") -> str:
    """The border's line under a marked list. The order is the search's choice, which is not
    always the order of the figures: a decision dropped early in its race has a rougher
    estimate from fewer futures, and a game's plan wins a near tie. A player seeing a higher
    figure lower down is told so, rather than left to think the hint is wrong. ``reasons``:
    what the judgement of the position rests on (``nfgalaxy.bots.reasons``), first, since a
    narrow border cuts its line's end."""
    if not marks:
        return "Hint: no decision to weigh"
    note = f"Hint: ◆ the search's best {len(marks)}, from what you may see"
    if reasons:
        note = f"Hint: you are {reasons} · ◆ the search's best {len(marks)}"
    figures = [mark.value for mark in marks]
    if any(later > earlier + 0.005 for earlier, later in itertools.pairwise(figures)):
        note += " · ranked by the search: fewer futures, rougher figures"
    return note
