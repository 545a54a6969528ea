"""What putting a die under a phase would do, for the player assigning: the preview beside the
decisions while selecting a phase or placing a wild die.

These decisions name no tile, so the preview had only their label ("Select Develop with a Home
die (Explore) from Explore"). A new player wants to know what the phase's workers will do and
how many they would have there: the workers already in its column, the die this decision puts
there, and for Develop and Settle the tile on top of the stack with the dice it still needs.
Everything read here is the assigning player's own (the screen shows it only to them).
"""

from __future__ import annotations

from typing import Any

from rich.markup import escape

from nfgalaxy.core.decision import Decision
from nfgalaxy.core.words import counted
from nfgalaxy.games.roll import powers as pw
from nfgalaxy.games.roll.rules import RollGame
from nfgalaxy.games.roll.rules.common import PHASE_LABELS, SELECT, WILD
from nfgalaxy.games.roll.state import DEV, WORLD, Player

#: What each worker of a phase does when it is played (rules §7).
WORKERS = {
    "explore": (
        "each explorer either scouts (draws tiles from the bag onto your construction stacks, "
        "after discarding any you like) or stocks (+$2)"
    ),
    "develop": (
        "each developer goes on your top development; when its dice reach the cost it is built"
    ),
    "settle": "each settler goes on your top world; when its dice reach the cost it is settled",
    "produce": "each producer becomes a good on one of your non-gray worlds with room for one",
    "ship": (
        "each shipper takes a good and trades it for credits (by the world's colour) or consumes "
        "it for VP"
    ),
}
#: Said under a selection (§5.2.2).
SELECTING = "Selecting makes sure the phase is played this round; you select exactly one."


def explain_phase(state: Any, decision: Decision) -> str | None:
    """Rich markup for selecting a phase or placing a wild die (None for any other decision):
    what the phase's workers do and how many the assigning player would have there."""
    if decision.kind not in (SELECT, WILD) or not isinstance(state, RollGame):
        return None
    seat = state.to_move()
    if seat is None:
        return None
    p = state.players[seat]
    phase = decision.args[-1]
    there = sum(1 for w in p.workers if w["column"] == phase)
    moves_in = decision.kind == WILD or decision.args[2] != phase  # SELECT: from another column
    workers = there + (1 if moves_in else 0)
    lines = [
        f"[b]{escape(str(decision))}[/b]",
        f"{PHASE_LABELS[phase]}: {WORKERS[phase]}.",
        f"You would have {counted(workers, 'worker')} there.",
    ]
    stack = {"develop": DEV, "settle": WORLD}.get(phase)
    if stack is not None:
        lines[-1] += " " + _stack_words(state, p, stack)
    if decision.kind == SELECT:
        lines.append(SELECTING)
    return "\n\n".join(lines)


def _stack_words(g: RollGame, p: Player, stack: str) -> str:
    tiles = p.stacks[stack]
    if not tiles:
        return "Your stack is empty: the workers would go back to the cup."
    top = g.side(tiles[0])
    need = pw.requirement(g.tiles, p, top) - len(p.stack_dice[stack])
    return f"On top: {escape(top.name)}, {counted(max(need, 0), 'more die', 'more dice')} to go."
