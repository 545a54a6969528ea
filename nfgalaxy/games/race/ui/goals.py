"""The goals of The Gathering Storm and Rebel vs Imperium, face up above the table (§B5).

A line per goal: whether it is a "First" (3 VP, claimed once) or a "Most" goal (5 VP, can
move), what it counts and the number it needs, who claimed or holds it, and every player's
count now, so a player sees at a glance how near everyone is. The counts are the engine's own
(``goals.goal_progress``); the panel only words them. Goals are public: everyone sees the same.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

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
    GoalCount.POWER_PHASES: "phases with a power (I, II, III, $, IV, V)",
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


class GoalsPanel(Static):
    """Every goal in play, a line each; hidden in a game without goals."""

    def show(self, state: RaceGame) -> None:
        self.display = bool(state.goals)
        if state.goals:
            self.border_title = "Goals"
            self.update(Text("\n").join(goal_line(state, g) for g in state.goals))
