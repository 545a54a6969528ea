"""The phase a decision selects, for a player's statistics (``GameDescriptor.phase_chosen``)."""

from __future__ import annotations

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.roll.components import Phase
from nfgalaxy.games.roll.rules.common import SELECT


def phase_chosen(decision: Decision) -> str | None:
    """The phase a player selects with a die (``select``: its last argument, §5.2.2)."""
    if decision.kind != SELECT or not decision.args:
        return None
    try:
        return Phase(decision.args[-1]).label
    except ValueError:
        return None
