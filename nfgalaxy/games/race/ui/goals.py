"""The goals of The Gathering Storm and Rebel vs Imperium, face up above the table (§B5).

A line per goal: whether it is a "First" (3 VP, claimed once) or a "Most" goal (5 VP, can
move), what it counts and the number it needs, who claimed or holds it, and every player's
count now, so a player sees at a glance how near everyone is. The counts are the engine's own
(``goals.goal_progress``); the panel only words them. Goals are public: everyone sees the same.
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from nfgalaxy.games.race.components import TRADE_MARK
from nfgalaxy.games.race.rules import RaceGame
from nfgalaxy.games.race.rules.goals import (
    Goal,
    GoalCount,
    GoalKind,
    claimed_by,
    goal,
    goal_progress,
)

#: What a goal counts, in a few words (the full text is in the help and the tiles report).
COUNT_WORDS = {
    GoalCount.VP_CHIPS: "VP in chips",
    GoalCount.WORLD_KINDS: "kinds of goods worlds",
    GoalCount.HAND_LIMIT_DISCARD: "discard to the hand limit",
    GoalCount.POWER_PHASES: f"phases with a power (I, II, III, {TRADE_MARK}, IV, V)",
    GoalCount.VARIABLE_SIX_COST: "6-cost development with ? VP",
    GoalCount.TABLEAU_CARDS: "cards in the tableau",
    GoalCount.GOODS: "goods",
    GoalCount.TOTAL_MILITARY: "total Military",
    GoalCount.NOVELTY_RARE_WORLDS: "Novelty and Rare worlds",
    GoalCount.DEVELOPMENTS: "developments",
    GoalCount.PRODUCTION_WORLDS: "production worlds",
    GoalCount.EXPLORE_POWER_CARDS: "cards with an Explore power",
    GoalCount.REBEL_MILITARY_WORLDS: "Rebel military worlds",
}


#: The same in fewer words, for the short cells of a crowded table.
COUNT_SHORT = {
    GoalCount.VP_CHIPS: "chips",
    GoalCount.WORLD_KINDS: "world kinds",
    GoalCount.HAND_LIMIT_DISCARD: "hand-limit discard",
    GoalCount.POWER_PHASES: "phases",
    GoalCount.VARIABLE_SIX_COST: "?-VP 6-dev",
    GoalCount.TABLEAU_CARDS: "cards",
    GoalCount.GOODS: "goods",
    GoalCount.TOTAL_MILITARY: "Military",
    GoalCount.NOVELTY_RARE_WORLDS: "Nov+Rare worlds",
    GoalCount.DEVELOPMENTS: "devs",
    GoalCount.PRODUCTION_WORLDS: "prod. worlds",
    GoalCount.EXPLORE_POWER_CARDS: "Explore cards",
    GoalCount.REBEL_MILITARY_WORLDS: "Rebel mil. worlds",
}


def short_requirement(item: Goal) -> str:
    """'≥4 goods', 'Military ≥6' (a "Most" goal: its minimum), 'hand-limit discard'."""
    if item.counts is GoalCount.KEYWORD_CARDS and item.keyword is not None:
        what = item.keyword.value.upper()
    else:
        what = COUNT_SHORT[item.counts]
    if item.kind is GoalKind.MOST:
        return f"{what} ≥{item.minimum}"  # the cell's "M" says "most"
    if item.counts in (GoalCount.HAND_LIMIT_DISCARD, GoalCount.VARIABLE_SIX_COST):
        return what
    return f"≥{item.threshold} {what}"


def requirement(item: Goal) -> str:
    """'first to 4 goods', 'most Rebel military worlds (at least 3)'."""
    if item.counts is GoalCount.KEYWORD_CARDS and item.keyword is not None:
        what = f"{item.keyword.value.upper()} cards"
    else:
        what = COUNT_WORDS[item.counts]
    if item.kind is GoalKind.MOST:
        return f"most {what} (at least {item.minimum})"
    if item.counts in (GoalCount.HAND_LIMIT_DISCARD, GoalCount.VARIABLE_SIX_COST):
        return f"first {what}"
    return f"first to {item.threshold} {what}"


def goal_line(state: RaceGame, goal_id: str) -> Text:
    """One goal: kind and VP, name, requirement, claim or holder, and each player's count."""
    item = goal(goal_id)
    claims = claimed_by(state, goal_id)
    progress = goal_progress(state, goal_id)
    first = item.kind is GoalKind.FIRST
    text = Text()
    text.append("First 3 VP " if first else "Most  5 VP ", style="bold")
    text.append(item.name, style="bold")
    text.append(f": {requirement(item)}")
    names = [state.players[seat].name for seat in claims]
    if first and claims:
        text.append(" — claimed by " + ", ".join(names), style="bold")
        return text  # gone for everybody else: the counts no longer matter
    if claims:
        text.append(f" — held by {names[0]}", style="bold")
    counts = " · ".join(f"{state.players[seat].name} {progress[seat]}" for seat in state.order)
    text.append(f" — {counts}" if not claims else f" · {counts}", style="dim")
    return text


def goal_cell(state: RaceGame, goal_id: str) -> Text:
    """One goal in a few words, for a table of five or six players where a count per player
    would not fit: the claimants or holder, else who leads and with how many (everyone's own
    counts are in their tableaux, ``goal_counts``)."""
    item = goal(goal_id)
    claims = claimed_by(state, goal_id)
    progress = goal_progress(state, goal_id)
    text = Text()
    text.append("F " if item.kind is GoalKind.FIRST else "M ", style="bold")
    text.append(item.name, style="bold")
    text.append(f": {short_requirement(item)}")
    names = [state.players[seat].name for seat in claims]
    if item.kind is GoalKind.FIRST and claims:
        text.append(" ✓ " + ", ".join(names), style="bold")
    elif claims:
        text.append(f", held {names[0]} ({progress[claims[0]]})", style="bold")
    elif max(progress) > 0:
        best = max(progress)
        leaders = [state.players[s].name for s in state.order if progress[s] == best]
        more = f" +{len(leaders) - 1}" if len(leaders) > 1 else ""
        text.append(f", lead {leaders[0]}{more} ({best})", style="dim")
    return text


def goal_counts(state: RaceGame, seat: int) -> Text | None:
    """``seat``'s count toward every open goal, for its tableau (None without goals)."""
    parts = []
    for goal_id in state.goals:
        item = goal(goal_id)
        claims = claimed_by(state, goal_id)
        if item.kind is GoalKind.FIRST and claims:
            if seat in claims:
                parts.append(f"{item.name} ✓")
            continue
        held = " (held)" if seat in claims else ""
        parts.append(f"{item.name} {goal_progress(state, goal_id)[seat]}{held}")
    if not parts:
        return None
    return Text("goals: " + " · ".join(parts), style="dim")


#: From this many players on, goals are shown in short cells, two to a line.
CROWDED = 5


class GoalsPanel(Static):
    """Every goal in play; hidden in a game without goals. Up to four players a line per goal
    with everyone's count; five or six players, two goals to a line in short (the screen has
    room for no more at 120x40)."""

    def show(self, state: RaceGame) -> None:
        self.display = bool(state.goals)
        if not state.goals:
            return
        self.border_title = "Goals"
        if len(state.players) < CROWDED:
            self.update(Text("\n").join(goal_line(state, g) for g in state.goals))
            return
        grid = Table.grid(expand=True, padding=(0, 2))
        grid.add_column(ratio=1)
        grid.add_column(ratio=1)
        cells = [goal_cell(state, g) for g in state.goals]
        for i in range(0, len(cells), 2):
            grid.add_row(*cells[i : i + 2])
        self.update(grid)
