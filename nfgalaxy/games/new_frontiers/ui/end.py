"""New Frontiers' end of game: where each player's "?" bonuses and goal VP came from, and which
action tiles each player chose how often (the end screen's story of the game)."""

from __future__ import annotations

from collections import Counter
from typing import Any


def action_counts(state: Any) -> list[Counter[str]]:
    """Per seat, how often it chose each action tile, read from the game's events (a game
    loaded from a save older than events has none)."""
    counts: list[Counter[str]] = [Counter() for _ in state.players]
    for event in state.events:
        if event.kind == "select" and event.seat is not None and event.components:
            counts[event.seat][state.action_label(event.components[0])] += 1
    return counts


def action_lines(state: Any) -> list[str]:
    """ "Actions chosen" and a line per player, most chosen first."""
    lines = ["Actions chosen:"]
    for player, counts in zip(state.players, action_counts(state), strict=True):
        chosen = ", ".join(f"{label} ×{n}" for label, n in counts.most_common())
        lines.append(f"{player.name}: {chosen or 'none'}")
    return lines


def new_frontiers_details(state: Any) -> list[str]:
    """Where the "?" bonuses and goal VP came from, player by player; then the actions chosen."""
    lines = []
    tiles, goals = state.tiles, state.tiles.goals
    for player, score in zip(state.players, state.score_details(), strict=True):
        parts = [f"{tiles.by_id[t].name} +{vp}" for t, vp in score.bonus_detail]
        parts += [f"goal {goals[g].name} +{vp}" for g, vp in score.goal_detail if vp]
        lines.append(f"{player.name}: " + (", ".join(parts) if parts else "no bonuses"))
    return [*lines, "", *action_lines(state)]
