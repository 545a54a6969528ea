"""New Frontiers' end of game: where each player's "?" bonuses and goal VP came from."""

from __future__ import annotations

from typing import Any


def new_frontiers_details(state: Any) -> list[str]:
    """Where the "?" bonuses and goal VP came from, player by player."""
    lines = []
    tiles, goals = state.tiles, state.tiles.goals
    for player, score in zip(state.players, state.score_details(), strict=True):
        parts = [f"{tiles.by_id[t].name} +{vp}" for t, vp in score.bonus_detail]
        parts += [f"goal {goals[g].name} +{vp}" for g, vp in score.goal_detail if vp]
        lines.append(f"{player.name}: " + (", ".join(parts) if parts else "no bonuses"))
    return lines
