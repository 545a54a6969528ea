"""What must hold in every New Frontiers position: every component conserved, nothing negative.

The conformance tests (and the property tests) check these after every decision of many random
games. Each check returns the problems found, in words, so a failure says what broke.
"""

from __future__ import annotations

from typing import Any

from nfgalaxy.games.new_frontiers.components import GOODS_IN_BOX, Kind
from nfgalaxy.games.new_frontiers.state import PER_PLAYER, STACK_COPIES, WORLD_LIMIT


def problems(state: Any) -> list[str]:
    """Every broken invariant of ``state`` (a ``NewFrontiers``); empty when all hold."""
    found: list[str] = []
    tiles = state.tiles
    n = len(state.players)
    # Worlds: bag + explore display + explored + colonies (not home) + stockpiles = 60. Worlds
    # replaced during Settle wait in ``action["to_bag"]`` until the action ends.
    worlds = list(state.bag) + list(state.display) + list(state.action.get("to_bag", []))
    for p in state.players:
        worlds += p.explored + [c for c in p.colonies if c not in tiles.homes] + p.stock_worlds
    if sorted(worlds) != sorted(tiles.worlds):
        found.append("worlds are not conserved")
    # Colonists: supply + colonist areas + on colonies = 12 per player.
    on_worlds = sum(tiles.world(c).colonists for p in state.players for c in p.colonies)
    areas = sum(p.colonists for p in state.players)
    if state.colonist_supply < 0 or any(p.colonists < 0 for p in state.players):
        found.append("a negative number of colonists")
    if state.colonist_supply + areas + on_worlds != PER_PLAYER * n:
        found.append("colonists are not conserved")
    # Goods: supply + on colonies + stockpiled (+ waiting to return) = the box, per kind.
    for kind in Kind:
        held = sum(1 for p in state.players for k in p.goods.values() if k == kind)
        stocked = sum(p.stock_goods[kind] for p in state.players)
        waiting = state.action.get("to_supply", []).count(kind)
        if state.goods_supply[kind] < 0:
            found.append(f"negative {kind.label} goods in the supply")
        if state.goods_supply[kind] + held + stocked + waiting != GOODS_IN_BOX[kind]:
            found.append(f"{kind.label} goods are not conserved")
    for p in state.players:
        if not set(p.goods) <= set(p.colonies):
            found.append(f"{p.name} has a good on something that is not a colony")
        if p.credits < 0 or p.vp < 0 or p.stock_credits < 0:
            found.append(f"{p.name} has negative credits or VP")
    # VP chips: general supply + chips held - paid from the reserve = 12 per player.
    chips = sum(p.vp for p in state.players)
    if state.vp_general < 0 or state.vp_reserve < 0:
        found.append("a negative VP supply")
    if state.vp_general + chips - state.vp_reserve != PER_PLAYER * n:
        found.append("VP chips are not conserved")
    # Developments: supply + owned = the tiles in play; nobody owns one twice.
    copies = STACK_COPIES[n]
    for dev_id, left in state.supply.items():
        owned = sum(p.developments.count(dev_id) for p in state.players)
        total = 1 if tiles.developments[dev_id].large else copies
        if left < 0 or left + owned != total:
            found.append(f"development {dev_id} is not conserved")
    for p in state.players:
        if len(set(p.developments)) != len(p.developments):
            found.append(f"{p.name} owns a development twice")
    # Goals: pile + hidden + revealed (+ drawn, while one is being kept) = 8 with the variant.
    goals = state.goal_pile + state.goals_revealed + [g for _p, g in state.goals_hidden]
    if state.queue and state.queue[0][0] == "keep_goal":
        goals += state.turn.get("drawn", [])
    if sorted(goals) != (sorted(tiles.goals) if state.options["goals"] else []):
        found.append("goals are not conserved")
    if len(state.goals_hidden) > 1:
        found.append("more than one hidden goal")
    # The 9-world limit holds whenever a player is asked to choose an action.
    if state.queue and state.queue[0][0] == "select":
        for p in state.players:
            if p.world_count() > WORLD_LIMIT and p.explored:
                found.append(f"{p.name} is over the world limit")
    return found
