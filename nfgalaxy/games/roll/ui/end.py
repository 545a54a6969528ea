"""Roll for the Galaxy's end of game: cost-6 bonuses and the tie-break, per player."""

from __future__ import annotations

from typing import Any

from nfgalaxy.games.roll.ui.glyphs import dice_count


def roll_details(state: Any) -> list[str]:
    """Each player's cost-6 development bonuses, and what the tie-break counts."""
    lines = []
    for player, score in zip(state.players, state.score_details(), strict=True):
        parts = [f"{name} +{vp}" for name, vp in score.bonuses]
        lines.append(
            f"{player.name}: "
            + (", ".join(parts) if parts else "no cost-6 bonuses")
            + f"; tie-break {dice_count(sum(player.cup.values()))} in the cup + ${player.credits}"
        )
    return lines
