"""Produce (§7.4): each producer becomes a good on a world with room for it."""

from __future__ import annotations

from typing import Any

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.roll.rules.base import RollBase
from nfgalaxy.games.roll.rules.common import PRODUCE, Entry, Step, die_name, distinct
from nfgalaxy.games.roll.state import COLOURS


def produce_steps(g: RollBase) -> list[Entry]:
    return [*[[Step.PRODUCE, s, 0] for s in g.order], [Step.PHASE_END, -1, "produce"]]


def opt_produce(g: RollBase, seat: int, _arg: Any) -> list[Decision]:
    p = g.players[seat]
    colours = distinct(sorted((w["colour"] for w in p.column("produce")), key=COLOURS.index))
    out = []
    for world_id in g._free_capacity(p):
        for c in colours:
            out.append(
                Decision(
                    PRODUCE,
                    (c, world_id),
                    ""
                    if g.quiet
                    else (f"Produce a {die_name(c)} good on {g.describe_side(world_id)}"),
                )
            )
    return out


def run_produce(g: RollBase, seat: int, _arg: Any, d: Decision | None) -> None:
    """§7.4: each producer becomes a good on a non-gray world with room; the rest go back."""
    p = g.players[seat]
    if d is None:
        back = p.column("produce")
        for w in back:
            p.workers.remove(w)
            p.cup[w["colour"]] += 1
        if back:
            g.record("producers_back", seat, (), (len(back),))
        return
    colour, world_id = d.args
    g._take_worker(p, "produce", colour)
    p.goods.setdefault(world_id, []).append(colour)
    g.record("produce", seat, (colour, world_id))
    g._push([Step.PRODUCE, seat, 0])
