"""What an action tile would do, for the player choosing it: the preview beside the decisions.

A tile's decision already names its bonus ("Choose Develop (bonus: your development costs $1
less)"); what a new player also wants is the action everyone then takes (rules §5) and where
they stand for it: credits, colonists, worlds explored, goods, the bag. Everything here is on
the table for all to see.
"""

from __future__ import annotations

from typing import Any

from rich.markup import escape

from nfgalaxy.core.decision import Decision
from nfgalaxy.core.words import counted
from nfgalaxy.games.new_frontiers.components import GoodsType
from nfgalaxy.games.new_frontiers.rules import NewFrontiers
from nfgalaxy.games.new_frontiers.rules.common import SELECT
from nfgalaxy.games.new_frontiers.state import ActionTile, Player

#: The action every player takes once the tile is chosen, chooser first (rules §5).
ACTIONS = {
    ActionTile.RETREAT: "No action for anyone.",
    ActionTile.GOALS: "No action for anyone.",
    ActionTile.DEVELOP: "Each player, you first, may buy one development.",
    ActionTile.EXPLORE: "Each player, you first, takes 1 of 7 worlds drawn from the bag.",
    ActionTile.SETTLE: (
        "Each player, you first, either takes 2 colonists or settles one explored world. "
        "If 4 colonists or fewer are left in the supply, the game ends after the round."
    ),
    ActionTile.PRODUCE: "Each production colony without a good gets one.",
    ActionTile.TRADE: (
        "Each player, you first, may sell one good (Novelty $1, Rare Elements $2, Genes $3, "
        "Alien Technology $4, with abilities added), then uses their consume abilities."
    ),
    ActionTile.AMBASSADOR: "No action for anyone.",
}


def explain_action(state: Any, decision: Decision) -> str | None:
    """Rich markup for the choice of an action tile by the player to move (None for any other
    decision): the label (with its bonus), the action, and the chooser's standing for it."""
    if decision.kind != SELECT or not isinstance(state, NewFrontiers):
        return None
    seat = state.to_move()
    if seat is None:
        return None
    tile = ActionTile(decision.args[0])
    you = _standing(state, state.players[seat], tile)
    return "\n\n".join([f"[b]{escape(str(decision))}[/b]", ACTIONS[tile], f"You: {you}."])


def _standing(g: NewFrontiers, p: Player, tile: ActionTile) -> str:
    if tile in (ActionTile.RETREAT, ActionTile.GOALS, ActionTile.DEVELOP):
        return f"${p.credits}"
    if tile is ActionTile.EXPLORE:
        return (
            f"{p.world_count()} of 9 worlds (explored and colonies); "
            f"{counted(len(g.bag), 'world')} in the bag"
        )
    if tile is ActionTile.SETTLE:
        waiting = ", ".join(
            f"{g.world(w).name} (needs {counted(g.world(w).colonists, 'colonist')})"
            for w in p.explored
        )
        return (
            f"{counted(p.colonists, 'colonist')} ({p.colonists + 1} with the bonus); "
            f"{g.colonist_supply} in the supply; "
            + (f"explored: {waiting}" if waiting else "no explored world to settle")
        )
    if tile is ActionTile.PRODUCE:
        empty = [c for c in p.colonies if c not in p.goods]
        production = sum(1 for c in empty if g.world(c).goods is GoodsType.PRODUCTION)
        windfall = sum(1 for c in empty if g.world(c).goods is GoodsType.WINDFALL)
        return (
            f"${g.produce_credits} on the tile; {production} production and {windfall} windfall "
            "colonies without a good"
        )
    if tile is ActionTile.TRADE:
        return f"{counted(len(p.goods), 'good')}, ${p.credits}"
    return f"{counted(p.vp, 'VP chip')}"
