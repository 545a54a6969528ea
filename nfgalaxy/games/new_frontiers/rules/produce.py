"""Produce (rules §5.5): production, windfall bonuses, credits, and stockpiling goods."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.new_frontiers.components import (
    KINDS,
    Ability,
    GoodsType,
    Kind,
    Phase,
)
from nfgalaxy.games.new_frontiers.rules.common import (
    DECLARE,
    DONE,
    PRODUCE_ON,
    STORE_GOOD,
    Step,
    Unlabelled,
)

if TYPE_CHECKING:
    from nfgalaxy.games.new_frontiers.rules.game import NewFrontiers

_DECLARE = [
    Decision(DECLARE, (int(k),), f"Declare Alien Oort Cloud Refinery {k.label}") for k in Kind
]
_STOP = Decision(DONE, (), "Stop stockpiling goods")
_PRODUCE_ON = Unlabelled(PRODUCE_ON)


def _run_produce_bonus(g: NewFrontiers, seat: int, _arg: int, _d: Decision | None) -> None:
    if g.produce_credits:
        g.players[seat].credits += g.produce_credits
        g.record("produce_bonus", seat, (), (g.produce_credits,))
        g.produce_credits = 0


# Read off the enums once: a member read from an enum class is a slow lookup on Python 3.11,
# and these are read for almost every decision of a playout.
_PHASE = Phase.PRODUCE
_STEP = Step.PRODUCE
_WINDFALL = GoodsType.WINDFALL
_PRODUCTION = GoodsType.PRODUCTION


def _any_kind_last(ability: Ability) -> bool:
    return ability.kind is None


def _run_produce_start(g: NewFrontiers, seat: int, _arg: int, _d: Decision | None) -> None:
    player = g.players[seat]
    active = g._active(seat, _PHASE)
    pending: list[dict[str, Any]] = []
    by_id = g.tiles.by_id
    oort = [c for c in player.colonies if by_id[c].any_kind]
    if oort and (
        oort[0] not in player.goods
        or any(a.effect == "credits_per_colony" and a.kind is not None for _t, a in active)
    ):
        pending.append({"t": "declare"})
    pending.append({"t": "production"})
    windfall = [a for _t, a in active if a.effect == "windfall"]
    # Abilities tied to one kind first, then any-kind ones, then the chooser's bonus.
    for ability in sorted(windfall, key=_any_kind_last) if windfall else windfall:
        pending.append({"t": "windfall", "kind": -1 if ability.kind is None else int(ability.kind)})
    if seat == g.action["chooser"]:
        pending.append({"t": "windfall", "kind": -1, "bonus": 1})
    g.turn = {"pending": pending, "produced": []}
    if pending[0]["t"] == "production":
        # Normal production needs no choice: it is done now, as the Produce step that follows
        # would do it first (only a shortage of goods leaves choices to that step).
        pending.pop(0)
        _normal_production(g, seat, pending)
    if pending:
        g.queue.insert(0, [_STEP, seat, 0])


def _produce_candidates(g: NewFrontiers, seat: int, item: dict[str, Any]) -> list[str]:
    player = g.players[seat]
    out = []
    if item["t"] == "short":
        kind = item["kind"]
        if g.goods_supply[kind] <= 0:
            return []
        return [c for c in item["colonies"] if c not in player.goods]
    for colony in player.colonies:
        world = g.world(colony)
        if world.goods is not _WINDFALL or colony in player.goods or world.kind is None:
            continue
        if item["kind"] >= 0 and int(world.kind) != item["kind"]:
            continue
        if g.goods_supply[int(world.kind)] > 0:
            out.append(colony)
    return out


def _opt_produce(g: NewFrontiers, seat: int, _arg: int) -> list[Decision]:
    pending = g.turn["pending"]
    if not pending:
        return []
    item = pending[0]
    if item["t"] == "declare":
        return list(_DECLARE)
    if item["t"] == "production":
        return []
    if g.quiet:
        return [_PRODUCE_ON[c] for c in _produce_candidates(g, seat, item)]
    why = (
        "Produce bonus"
        if item.get("bonus")
        else ("goods are short" if item["t"] == "short" else "Produce ability")
    )
    return [
        Decision(PRODUCE_ON, (c,), f"Produce on {g.world(c).name} ({why})")
        for c in _produce_candidates(g, seat, item)
    ]


def _run_produce(g: NewFrontiers, seat: int, arg: int, d: Decision | None) -> None:
    pending = g.turn["pending"]
    if not pending:
        return
    item = pending[0]
    player = g.players[seat]
    if item["t"] == "declare":
        assert d is not None
        player.oort_kind = d.args[0]
        pending.pop(0)
        g.record("declare", seat, (), (d.args[0],))
    elif item["t"] == "production":
        pending.pop(0)
        _normal_production(g, seat, pending)
    elif d is None:
        pending.pop(0)
    else:
        colony = d.args[0]
        _produce_on(g, seat, colony, g.colony_kind(seat, colony))
        if item["t"] == "short":
            item["left"] -= 1
            if item["left"] <= 0:
                pending.pop(0)
        else:
            pending.pop(0)
    g.queue.insert(0, [_STEP, seat, arg])


def _normal_production(g: NewFrontiers, seat: int, pending: list[dict[str, Any]]) -> None:
    """Every empty production colony produces; with too few goods the player chooses where."""
    player = g.players[seat]
    by_kind: dict[int, list[str]] = {}
    by_id = g.tiles.by_id
    for colony in player.colonies:
        world = by_id[colony]
        if world.goods is not _PRODUCTION or colony in player.goods:
            continue
        kind = g.colony_kind(seat, colony)
        if kind is not None:
            by_kind.setdefault(int(kind), []).append(colony)
    shortages = []
    for kind, colonies in by_kind.items():
        if len(colonies) <= g.goods_supply[kind]:
            for colony in colonies:
                _produce_on(g, seat, colony, KINDS[kind])
        elif g.goods_supply[kind] > 0:
            shortages.append(
                {"t": "short", "kind": kind, "colonies": colonies, "left": g.goods_supply[kind]}
            )
    pending[0:0] = shortages


def _produce_on(g: NewFrontiers, seat: int, colony: str, kind: Kind | None) -> None:
    if kind is not None and g.put_good(seat, colony, int(kind)):
        g.turn["produced"].append([colony, int(kind)])
        g.record("produce", seat, (colony,), (int(kind),))


def _run_produce_finish(g: NewFrontiers, seat: int, _arg: int, _d: Decision | None) -> None:
    """Credit abilities, which need the goods actually produced in this action (§5.5)."""
    player = g.players[seat]
    produced = g.turn["produced"]
    here = {c for c, _k in produced}
    for tile, ability in g._active(seat, _PHASE):
        gained = 0
        if ability.effect == "credits" or (
            ability.effect == "credits_when_produced_here" and tile in here
        ):
            gained = ability.amount
        elif ability.effect == "credits_per_colony":
            for colony in player.colonies:
                world = g.world(colony)
                if ability.kind is not None and g.colony_kind(seat, colony) is not ability.kind:
                    continue
                if ability.keyword is not None and ability.keyword not in world.keywords:
                    continue
                if ability.military is not None and world.military != ability.military:
                    continue
                gained += ability.amount
        if gained:
            player.credits += gained
            g.record("credits", seat, (tile,), (gained,))
    g.action.setdefault("produced", {})[str(seat)] = [k for _c, k in produced]
    g.turn = {}


def _run_produce_end(g: NewFrontiers, _seat: int, _arg: int, _d: Decision | None) -> None:
    """Mining Industry-like abilities compare goods produced in this action by all players."""
    produced = g.action.get("produced", {})
    for player in g.players:
        for tile, ability in g._active(player.seat, _PHASE):
            if ability.effect != "most_produced" or ability.kind is None:
                continue
            kind = int(ability.kind)
            mine = produced.get(str(player.seat), []).count(kind)
            others = [
                produced.get(str(p.seat), []).count(kind) for p in g.players if p is not player
            ]
            if mine >= 1 and all(mine > o for o in others):
                player.credits += ability.credits
                g.record("credits", player.seat, (tile,), (ability.credits,))


def _opt_store_goods(g: NewFrontiers, seat: int, _arg: int) -> list[Decision]:
    goal = g._stock_goal("stockpiled_goods")
    player = g.players[seat]
    if goal is None or sum(player.stock_goods) >= goal.maximum or not player.goods:
        return []
    if g.quiet:
        out = [Decision(STORE_GOOD, (c,)) for c in player.goods]
    else:
        out = [
            Decision(STORE_GOOD, (c,), f"Stockpile the {Kind(k).label} good on {g.world(c).name}")
            for c, k in player.goods.items()
        ]
    out.append(_STOP)
    return out


def _run_store_goods(g: NewFrontiers, seat: int, arg: int, d: Decision | None) -> None:
    if d is None or d.kind == DONE:
        return
    player = g.players[seat]
    kind = player.take_good(d.args[0])
    stock = player.stock_goods[:]  # shared with copies: replaced, never changed
    stock[kind] += 1
    player.stock_goods = stock
    g.record("stock_good", seat, (), (kind,))
    g.queue.insert(0, [Step.STORE_GOODS, seat, arg])
