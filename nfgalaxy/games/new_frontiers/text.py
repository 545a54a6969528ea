"""New Frontiers read line by line (``nfgalaxy play``): the table and an empire, as text."""

from __future__ import annotations

from nfgalaxy.core.descriptor import TextAdapter
from nfgalaxy.core.words import counted
from nfgalaxy.games.new_frontiers.components import GoodsType
from nfgalaxy.games.new_frontiers.rules import NewFrontiers
from nfgalaxy.games.new_frontiers.state import ActionTile


def describe_player(state: NewFrontiers, seat: int) -> str:
    tiles = state.tiles
    p = state.players[seat]
    colonies = []
    for c in p.colonies:
        world = tiles.world(c)
        good = f"[{'NRGA'[p.goods[c]]}]" if c in p.goods else ""
        mark = {GoodsType.WINDFALL: "w", GoodsType.PRODUCTION: "p", GoodsType.GRAY: ""}[world.goods]
        colonies.append(f"{world.name}({mark}){good}")
    explored = [tiles.world(w).name for w in p.explored]
    devs = [tiles.developments[d].name for d in p.developments]
    return (
        f"{p.name}: ${p.credits}, {p.vp} VP chips, {counted(p.colonists, 'colonist')}, "
        f"slots {p.slots_used(tiles)}\n"
        f"   colonies: {', '.join(colonies)}\n"
        f"   explored: {', '.join(explored) or '-'}\n"
        f"   developments: {', '.join(devs) or '-'}"
    )


def table_line(state: NewFrontiers) -> str:
    taken = ", ".join(f"{ActionTile(t).label} ({state.name(p)})" for t, p in state.chosen.items())
    return (
        f"Round {state.round} | bag {len(state.bag)} | VP supply {state.vp_general} | "
        f"colonists {state.colonist_supply} | $ on Produce {state.produce_credits} | "
        f"taken: {taken or '-'}"
    )


def describe_table(state: NewFrontiers, _viewer: int) -> str:
    return table_line(state)


def describe_empire(state: NewFrontiers, seat: int, _viewer: int) -> str:
    """Nothing of an empire is hidden in New Frontiers (hidden goals are not shown here)."""
    return describe_player(state, seat)


#: ``nfgalaxy play``: the descriptor's plain-terminal adapter.
TEXT = TextAdapter(describe_table, describe_empire)
