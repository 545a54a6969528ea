"""The action card a decision chooses, for a player's statistics
(``GameDescriptor.phase_chosen``)."""

from __future__ import annotations

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.race.state import Action


def phase_chosen(decision: Decision) -> str | None:
    """The action card a player selects (``action``), by its words (``Explore (+5)``)."""
    if decision.kind != "action" or not decision.args:
        return None
    try:
        return Action(decision.args[0]).label
    except ValueError:
        return None
