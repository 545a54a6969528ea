"""Race for the Galaxy's end of game: each player's 6-cost developments and the tie-break."""

from __future__ import annotations

from typing import Any

from nfgalaxy.games.race.rules.common import plural


def race_details(state: Any) -> list[str]:
    """Per player: the VP of each 6-cost development, and what the tie-break counts (§16)."""
    lines = []
    for player, score in zip(state.players, state.score_details(), strict=True):
        parts = [f"{state.card_name(card)} +{vp}" for card, vp in score.bonuses]
        bonuses = ", ".join(parts) if parts else "no 6-cost developments"
        lines.append(
            f"{player.name}: {bonuses}; tie-break {plural(len(player.hand), 'card')} in hand "
            f"+ {plural(len(player.goods), 'good')} = {score.tiebreak}"
        )
    return lines
