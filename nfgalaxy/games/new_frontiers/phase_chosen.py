"""The action a decision chooses, for a player's statistics (``GameDescriptor.phase_chosen``)."""

from __future__ import annotations

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.new_frontiers.state import ACTION_LABELS, ActionTile


def phase_chosen(decision: Decision) -> str | None:
    """The action tile a player chooses (``select``), by its name on the tile."""
    if decision.kind != "select" or not decision.args:
        return None
    try:
        return ACTION_LABELS[ActionTile(decision.args[0])]
    except (ValueError, KeyError):
        return None
