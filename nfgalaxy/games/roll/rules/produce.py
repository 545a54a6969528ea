"""Produce (§7.4): each producer becomes a good on a world with room for it."""

from __future__ import annotations

from typing import Any

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.roll.rules.base import RollBase
from nfgalaxy.games.roll.rules.common import (
    PRODUCE,
    Entry,
    Step,
    TileNames,
    die_name,
    worded,
)
from nfgalaxy.games.roll.state import COLOURS

# Read off the enums once: a member read from an enum class is a slow lookup on Python 3.11,
# and these are read for almost every decision of a playout.
_PRODUCE_STEP = Step.PRODUCE


def produce_steps(g: RollBase) -> list[Entry]:
    return [*[[Step.PRODUCE, s, 0] for s in g.order], [Step.PHASE_END, -1, "produce"]]


@worded(PRODUCE)
def _produce_words(names: TileNames, key: tuple[Any, ...]) -> str:
    colour, world_id = key
    return f"Produce a {die_name(colour)} good on {names.describe_side(world_id)}"


def opt_produce(g: RollBase, seat: int, _arg: Any) -> list[Decision]:
    p = g.players[seat]
    found = {w["colour"] for w in p.workers if w["column"] == "produce"}
    if not found:
        return []
    colours = [c for c in COLOURS if c in found]
    made = g.offered[_produce_words]
    return [made[c, world_id] for world_id in g._free_capacity(p) for c in colours]


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
    g.queue.insert(0, [_PRODUCE_STEP, seat, 0])
