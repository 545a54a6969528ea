"""Explore (§7.1): Stock for credits or Scout for tiles, placing drawn tiles, the empty bag,
Advanced Logistics and the end-of-Explore draws."""

from __future__ import annotations

from typing import Any

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.roll import powers as pw
from nfgalaxy.games.roll.components import Timing
from nfgalaxy.games.roll.rules.base import RollBase, use_worker
from nfgalaxy.games.roll.rules.common import (
    BOTTOM,
    DISCARD,
    DONE,
    DRAW,
    PLACE,
    REARRANGE,
    RETURN_TILE,
    SCOUT,
    STOCK,
    TOP,
    Entry,
    Step,
    TileNames,
    die_name,
    pronoun_stack,
    without,
    worded,
)
from nfgalaxy.games.roll.state import DEV, STACKS, WORLD, Player

# Read off the enums once: a member read from an enum class is a slow lookup on Python 3.11,
# and these are read for almost every decision of a playout.
_EXPLORE = Timing.EXPLORE
_EXPLORE_STEP = Step.EXPLORE
_SCOUT_STEP = Step.SCOUT
_PLACE_STEP = Step.PLACE_TILES


def explore_steps(g: RollBase) -> list[Entry]:
    return [
        [Step.EXPLORE_START, -1, 0],
        *[[Step.EXPLORE, s, 0] for s in g.order],
        [Step.EXPLORE_END, -1, 0],
    ]


def run_explore_start(g: RollBase, _seat: int, _arg: Any, _d: Decision | None) -> None:
    for p in g.players:
        p.virtual = pw.virtual_workers(g.tiles, p, Timing.EXPLORE)
        p.scouted, p.rearranged = [], []
        p.top_allowed = pw.has_effect(g.tiles, p, Timing.EXPLORE, "scout_to_top")


@worded(DONE)
def _done_words(_n: TileNames, _key: tuple[Any, ...]) -> str:
    return "Done exploring"


def _explorer(colour: str, virtual: int) -> str:
    return f"{'virtual ' if virtual else ''}{die_name(colour)} explorer"


@worded(STOCK, 2)
def _stock_words(_n: TileNames, key: tuple[Any, ...]) -> str:
    colour, virtual, credits = key
    return f"Stock with a {_explorer(colour, virtual)}: +${credits}"


@worded(SCOUT)
def _scout_words(_n: TileNames, key: tuple[Any, ...]) -> str:
    return f"Scout with a {_explorer(*key)}: discard tiles, then draw one more"


def opt_explore(g: RollBase, seat: int, _arg: Any) -> list[Decision]:
    p = g.players[seat]
    explorers = g._explorers(p)
    rearrange = pw.has_effect(g.tiles, p, _EXPLORE, "rearrange")
    if not explorers:
        # §5.4: a power works in its phase even without workers, so Advanced Logistics may
        # still rearrange after the last explorer, or with none at all (§12: any number of times).
        moves = _rearrange_options(g, p) if rearrange else []
        return [g.offered[_done_words][()], *moves] if moves else []
    stock = g.offered[_stock_words]
    scout = g.offered[_scout_words]
    out = []
    for colour, virtual in explorers:
        out.append(stock[colour, virtual, pw.stock_credits(g.tiles, p, colour)])
        out.append(scout[colour, virtual])
    if rearrange:
        out += _rearrange_options(g, p)
    return out


@worded(REARRANGE)
def _rearrange_words(names: TileNames, key: tuple[Any, ...]) -> str:
    side_id, target, pos = key
    new_side = side_id[:-1] + ("d" if target == DEV else "w")
    return (
        f"Advanced Logistics: put {names.describe_side(side_id)} on the {pos} of the "
        f"{pronoun_stack(target)} as {names.describe_side(new_side)}"
    )


def _rearrange_options(g: RollBase, p: Player) -> list[Decision]:
    """Advanced Logistics: move one tile to the top or bottom of either stack, flipping it to
    the side that stack holds. Each tile moves at most once between two explorers, which is
    enough to reach any arrangement and keeps the choice finite."""
    made = g.offered[_rearrange_words]
    out = []
    for kind in STACKS:
        for i, side_id in enumerate(p.stacks[kind]):
            if side_id[:-1] in p.rearranged:
                continue
            for target in STACKS:
                n = len(p.stacks[target])
                for pos in (TOP, BOTTOM):
                    if target == kind and (
                        (pos == TOP and i == 0) or (pos == BOTTOM and i == n - 1)
                    ):
                        continue
                    out.append(made[side_id, target, pos])
    return out


def run_explore(g: RollBase, seat: int, _arg: Any, d: Decision | None) -> None:
    p = g.players[seat]
    if d is None or d.kind == DONE:
        return
    if d.kind == REARRANGE:
        side_id, target, pos = d.args
        kind = DEV if side_id.endswith("d") else WORLD
        p.stacks[kind].remove(side_id)
        new_side = side_id[:-1] + ("d" if target == DEV else "w")
        if pos == TOP:
            p.stacks[target].insert(0, new_side)
        else:
            p.stacks[target].append(new_side)
        p.rearranged = [*p.rearranged, side_id[:-1]]  # replaced: copies share it
        g.record("rearrange", seat)
        g.queue.insert(0, [_EXPLORE_STEP, seat, 0])
        return
    colour, virtual = d.args
    use_worker(g, p, "explore", colour, virtual)
    p.rearranged = []
    if d.kind == STOCK:
        gain = pw.stock_credits(g.tiles, p, colour)
        g.gain_credits(p, gain)
        g.record("stock", seat, (colour,), (gain,))
        g.queue.insert(0, [_EXPLORE_STEP, seat, 0])
        return
    p.scouted = [*p.scouted, colour]  # replaced: copies share it
    p.discards = 0
    g.queue[0:0] = [[_SCOUT_STEP, seat, 0], [_EXPLORE_STEP, seat, 0]]


@worded(DRAW, 0)
def _draw_words(_n: TileNames, key: tuple[Any, ...]) -> str:
    discards = key[0]
    return f"Draw {discards + 1} tile{'s' if discards else ''}"


@worded(DISCARD, 1)
def _discard_words(names: TileNames, key: tuple[Any, ...]) -> str:
    side_id, kind = key
    return f"Discard {names.describe_side(side_id)} from the {pronoun_stack(kind)}"


def opt_scout(g: RollBase, seat: int, _arg: Any) -> list[Decision]:
    p = g.players[seat]
    made = g.offered[_discard_words]
    return [
        g.offered[_draw_words][(p.discards,)],
        *[made[side_id, kind] for kind in STACKS for side_id in p.stacks[kind]],
    ]


def run_scout(g: RollBase, seat: int, _arg: Any, d: Decision | None) -> None:
    """§7.1 Scout: discard any tiles (they lie hidden under phase tile I), then draw one more
    than were discarded."""
    p = g.players[seat]
    if d is not None and d.kind == DISCARD:
        side_id = d.args[0]
        p.stacks[DEV if side_id.endswith("d") else WORLD].remove(side_id)
        g.discards.append(side_id[:-1])
        p.discards += 1
        g.queue.insert(0, [_SCOUT_STEP, seat, 0])
        return
    n = p.discards + 1
    g.record("scout", seat, (), (p.discards, n))
    p.discards = 0
    _draw_and_place(g, p, n)


def _draw_and_place(g: RollBase, p: Player, n: int) -> None:
    short = g._draw(p, n)
    steps: list[Entry] = [[Step.PLACE_TILES, p.seat, 0]]
    if short:  # §7.1 step 4: still short after the discards went back
        p.owed = short
        g.record("bag_short", None, (), (short,))
        steps += [[Step.RETURN_TILE, s, 0] for s in g.order]
        steps.append([Step.DRAW_OWED, p.seat, 0])
    g._push(*steps)


@worded(PLACE)
def _place_words(names: TileNames, key: tuple[Any, ...]) -> str:
    tile, kind, pos = key
    side_id = tile + ("d" if kind == DEV else "w")
    return f"Put {names.describe_side(side_id)} on the {pos} of the {pronoun_stack(kind)}"


def opt_place(g: RollBase, seat: int, _arg: Any) -> list[Decision]:
    p = g.players[seat]
    made = g.offered[_place_words]
    positions = (BOTTOM, TOP) if p.top_allowed else (BOTTOM,)
    return [
        made[tile, kind, pos]
        for tile in dict.fromkeys(p.drawn)
        for kind in STACKS
        for pos in positions
    ]


def run_place(g: RollBase, seat: int, _arg: Any, d: Decision | None) -> None:
    p = g.players[seat]
    if d is None:
        return
    tile, kind, pos = d.args
    p.drawn = without(p.drawn, tile)
    side_id = tile + ("d" if kind == DEV else "w")
    if pos == TOP:
        p.stacks[kind].insert(0, side_id)
        g.record("place_top", seat, (kind, side_id))
    else:
        p.stacks[kind].append(side_id)
        # Only a tile alone on its stack shows: one under another is hidden (§3).
        shown = (kind, side_id) if len(p.stacks[kind]) == 1 else (kind,)
        g.record("place_bottom", seat, shown)
    if p.drawn:
        g.queue.insert(0, [_PLACE_STEP, seat, 0])


@worded(RETURN_TILE)
def _return_words(names: TileNames, key: tuple[Any, ...]) -> str:
    return f"Return {names.describe_side(key[0])} to the bag"


def opt_return_tile(g: RollBase, seat: int, _arg: Any) -> list[Decision]:
    p = g.players[seat]
    if p.construction_count() < 3:
        return []
    made = g.offered[_return_words]
    return [made[(side_id,)] for side_id in g.zone(p)]


def run_return_tile(g: RollBase, seat: int, _arg: Any, d: Decision | None) -> None:
    p = g.players[seat]
    if d is None:
        return
    side_id = d.args[0]
    p.stacks[DEV if side_id.endswith("d") else WORLD].remove(side_id)
    g.bag.append(side_id[:-1])
    g.bag.sort()
    g.record("return_tile", seat)


def run_draw_owed(g: RollBase, seat: int, _arg: Any, _d: Decision | None) -> None:
    p = g.players[seat]
    owed, p.owed = p.owed, 0
    short = g._draw(p, owed)
    if short:
        g.record("cannot_draw", seat, (), (short,))
    if p.drawn:
        g.queue.insert(0, [_PLACE_STEP, seat, 0])


def run_explore_end(g: RollBase, _seat: int, _arg: Any, _d: Decision | None) -> None:
    """§7.1 end of Explore: Alien Research Team draws come first, then end-of-phase income,
    then the discards go back into the bag (phase_end)."""
    steps: list[Entry] = []
    for seat in g.order:
        p = g.players[seat]
        p.top_allowed = False  # §14.7: the extra tile goes to the bottom
        p.rearranged = []
        for side_id, power in pw.powers(g.tiles, p, Timing.EXPLORE):
            if power.effect != "extra_tile":
                continue
            bonus = 0
            if power.credits and set(p.scouted) & {c.value for c in power.colours}:
                g.gain_credits(p, power.credits)
                bonus = power.credits
            short = g._draw(p, power.count)
            g.record("extra_tiles", seat, (side_id,), (power.count - short, bonus))
            if p.drawn:
                steps.append([Step.PLACE_TILES, seat, 0])
    steps.append([Step.PHASE_END, -1, "explore"])
    g._push(*steps)
