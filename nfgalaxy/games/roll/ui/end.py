"""Roll for the Galaxy's end of game: cost-6 bonuses and the tie-break per player, and which
phases each player selected how often (the end screen's story of the game)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from nfgalaxy.games.roll.rules.common import PHASE_LABELS
from nfgalaxy.games.roll.ui.glyphs import dice_count


def phase_counts(state: Any) -> list[Counter[str]]:
    """Per seat, how often it selected each phase, read from the Reveal events (only what was
    revealed: a phase played only because another player selected it is not counted)."""
    counts: list[Counter[str]] = [Counter() for _ in state.players]
    for event in state.events:
        if event.kind == "reveal":
            for seat, phase in zip(event.numbers, event.components, strict=True):
                counts[seat][PHASE_LABELS[phase]] += 1
    return counts


def phase_lines(state: Any) -> list[str]:
    """ "Phases selected" and a line per player, most selected first."""
    lines = ["Phases selected:"]
    for player, counts in zip(state.players, phase_counts(state), strict=True):
        chosen = ", ".join(f"{label} ×{n}" for label, n in counts.most_common())
        lines.append(f"{player.name}: {chosen or 'none'}")
    return lines


def roll_details(state: Any) -> list[str]:
    """Each player's cost-6 development bonuses and what the tie-break counts; then the phases
    each selected."""
    lines = []
    for player, score in zip(state.players, state.score_details(), strict=True):
        parts = [f"{name} +{vp}" for name, vp in score.bonuses]
        lines.append(
            f"{player.name}: "
            + (", ".join(parts) if parts else "no cost-6 bonuses")
            + f"; tie-break {dice_count(sum(player.cup.values()))} in the cup + ${player.credits}"
        )
    return [*lines, "", *phase_lines(state)]
