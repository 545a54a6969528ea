"""The one place where the power vocabulary of ``components.py`` is interpreted.

The rules flow (``rules/``) asks questions here: how many workers does this tile need, may this
power move that worker there, what does this Consume pay, what does a player earn at the end of a
phase. Each answer reads the owner's tableau powers; no tile is named in code, so a corrected
tile in a data file changes play without changing this module.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Protocol

from nfgalaxy.games.roll.components import (
    Development,
    DieColour,
    Power,
    Side,
    TileSet,
    Timing,
    World,
    WorldColour,
)
from nfgalaxy.games.roll.state import DEV, Player


class Table(Protocol):
    """What a power comparing empires reads of the game: the tiles and every player. (A
    protocol, not the game class: the rules import this module, never the other way round.)"""

    tiles: TileSet
    players: list[Player]


def ceil_div(a: int, b: int) -> int:
    """Fractions are rounded up everywhere (§8.6)."""
    return -(-a // b)


def powers(tiles: TileSet, player: Player, timing: Timing) -> Iterator[tuple[str, Power]]:
    """(side id, power) for every power of this timing in the player's tableau."""
    for side_id in player.tableau:
        for power in tiles.by_id[side_id].powers:
            if power.phase is timing:
                yield side_id, power


def has_effect(tiles: TileSet, player: Player, timing: Timing, effect: str) -> bool:
    return any(p.effect == effect for _, p in powers(tiles, player, timing))


# ---------------------------------------------------------------- Develop and Settle


def requirement(tiles: TileSet, player: Player, side: Side) -> int:
    """Workers needed to complete a tile: printed cost less every applicable reduction (§7.2,
    §7.3). Reductions with a higher minimum go first (Free Trade Zone before Replicant Robots,
    as in the rulebook's example); none raises a requirement, and the result is at least 1."""
    timing = Timing.DEVELOP if isinstance(side, Development) else Timing.SETTLE
    reductions = [
        p
        for _, p in powers(tiles, player, timing)
        if p.effect == "cost_reduction" and _reduction_applies(p, side)
    ]
    need = side.cost
    for p in sorted(reductions, key=lambda p: -p.minimum):
        need = min(need, max(p.minimum, need - p.amount))
    return max(1, need)


def _reduction_applies(power: Power, side: Side) -> bool:
    if isinstance(side, World):
        return not power.world_colours or side.colour in power.world_colours
    if power.reassign is not None:
        return side.reassign == power.reassign
    return True


def completion_credits(tiles: TileSet, player: Player, completed: Side) -> int:
    """Credits from 'after completing' powers (Public Works, Galactic Recycling, Terraforming
    Robots); a tile never pays for its own completion."""
    timing = Timing.DEVELOP if isinstance(completed, Development) else Timing.SETTLE
    total = 0
    for side_id, p in powers(tiles, player, timing):
        if p.effect != "credits_per_completion" or side_id == completed.id:
            continue
        if p.world_colours and not (
            isinstance(completed, World) and completed.colour in p.world_colours
        ):
            continue
        total += p.credits
    return total


@dataclass(frozen=True)
class ToCup:
    """Where the workers used for a completed tile go: ``all_of`` colours all go to the cup
    (New Galactic Order), then the owner picks up to ``choose`` more (Galactic Exchange)."""

    all_of: frozenset[str]
    choose: int


def workers_to_cup(tiles: TileSet, player: Player, completed: Side) -> ToCup:
    timing = Timing.DEVELOP if isinstance(completed, Development) else Timing.SETTLE
    all_of: set[str] = set()
    choose = 0
    for side_id, p in powers(tiles, player, timing):
        if p.effect != "workers_to_cup" or side_id == completed.id:
            continue
        if p.count:
            choose += p.count
        else:
            all_of.update(c.value for c in p.colours or DieColour)
    return ToCup(frozenset(all_of), choose)


# ---------------------------------------------------------------- Assign step


@dataclass(frozen=True)
class Reassign:
    """One use of a reassign power: how many workers and where they may come from and go."""

    source: str  # side id, or "dictate"
    count: int
    exact: bool = False
    same_column: bool = False
    colours: frozenset[str] = frozenset()
    from_phases: frozenset[str] = frozenset()
    to_phases: frozenset[str] = frozenset()
    to_selected: bool = False

    def allows(self, worker: dict[str, Any], to: str, selected: str) -> bool:
        if worker["column"] == to:
            return False
        if self.colours and worker["colour"] not in self.colours:
            return False
        if self.from_phases and worker["column"] not in self.from_phases:
            return False
        if self.to_phases and to not in self.to_phases:
            return False
        return not (self.to_selected and to != selected)

    def to_json(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "count": self.count,
            "exact": self.exact,
            "same_column": self.same_column,
            "colours": sorted(self.colours),
            "from_phases": sorted(self.from_phases),
            "to_phases": sorted(self.to_phases),
            "to_selected": self.to_selected,
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> Reassign:
        return Reassign(
            source=data["source"],
            count=int(data["count"]),
            exact=bool(data["exact"]),
            same_column=bool(data["same_column"]),
            colours=frozenset(data["colours"]),
            from_phases=frozenset(data["from_phases"]),
            to_phases=frozenset(data["to_phases"]),
            to_selected=bool(data["to_selected"]),
        )


def reassign_powers(game: Table, player: Player) -> list[Reassign]:
    """The reassign powers of the player's tableau, with counts for this round (Mad Scientists
    compares Novelty worlds across all tableaux: alone with the most gives ``count_if_most``)."""
    found = []
    for side_id, p in powers(game.tiles, player, Timing.ASSIGN):
        if p.effect != "reassign":
            continue
        count = p.count
        most = p.most_worlds
        if p.count_if_most and most is not None and _alone_most_worlds(game, player, most):
            count = p.count_if_most
        found.append(
            Reassign(
                source=side_id,
                count=count,
                exact=p.exact,
                same_column=p.same_column,
                colours=frozenset(c.value for c in p.colours),
                from_phases=frozenset(ph.value for ph in p.from_phases),
                to_phases=frozenset(ph.value for ph in p.to_phases),
                to_selected=p.to_selected,
            )
        )
    return found


def _alone_most_worlds(game: Table, player: Player, colour: WorldColour) -> bool:
    counts = [world_count(game.tiles, q, colour) for q in game.players]
    mine = world_count(game.tiles, player, colour)
    return mine > 0 and counts.count(mine) == 1 and mine == max(counts)


def dictate_moves(tiles: TileSet, player: Player) -> int:
    """Workers a Dictate may move: 1, or more with Galactic Mandate (§5.2.4)."""
    assign = powers(tiles, player, Timing.ASSIGN)
    extra = [p.count for _, p in assign if p.effect == "dictate_moves"]
    return max([1, *extra])


def may_repeat_dictate(tiles: TileSet, player: Player) -> bool:
    return has_effect(tiles, player, Timing.ASSIGN, "repeat_dictate")


# ---------------------------------------------------------------- counting


def worlds(tiles: TileSet, player: Player) -> list[World]:
    return [s for s in (tiles.by_id[i] for i in player.tableau) if isinstance(s, World)]


def developments(tiles: TileSet, player: Player) -> list[Development]:
    return [s for s in (tiles.by_id[i] for i in player.tableau) if isinstance(s, Development)]


def world_count(tiles: TileSet, player: Player, colour: WorldColour) -> int:
    return sum(1 for w in worlds(tiles, player) if w.colour is colour)


def goods_capacity(tiles: TileSet, player: Player) -> int:
    """Goods a non-gray world may hold: 1, or more with Galactic Reserves (permanent)."""
    amounts = [p.amount for _, p in powers(tiles, player, Timing.PERMANENT)]
    return max([1, *amounts])


# ---------------------------------------------------------------- Explore


def stock_credits(tiles: TileSet, player: Player, explorer: str) -> int:
    """A Stock gives $2, or more for an explorer of a colour a power names (§7.1)."""
    best = 2
    for _, p in powers(tiles, player, Timing.EXPLORE):
        if p.effect == "stock_credits" and explorer in {c.value for c in p.colours}:
            best = max(best, p.credits)
    return best


def virtual_workers(tiles: TileSet, player: Player, timing: Timing) -> list[str]:
    out: list[str] = []
    for _, p in powers(tiles, player, timing):
        if p.effect == "virtual_workers":
            out.extend(c.value for c in p.workers)
    return out


# ---------------------------------------------------------------- Ship


def trade_income(tiles: TileSet, player: Player, world: World) -> int:
    """Trade price by world colour (§7.5) plus every trade bonus that applies."""
    price = world.colour.trade_price or 0
    for _, p in powers(tiles, player, Timing.SHIP):
        if p.effect == "trade_bonus" and (not p.world_colours or world.colour in p.world_colours):
            price += p.credits
    return price


def trade_for_vp(tiles: TileSet, player: Player) -> tuple[int, int] | None:
    """(cost, vp) of an optional 'pay after a trade for VP' power (Galactic Bankers), if any."""
    for _, p in powers(tiles, player, Timing.SHIP):
        if p.effect == "trade_for_vp":
            return p.cost, p.vp
    return None


def consume_reward(
    tiles: TileSet, player: Player, world: World, good: str, shipper: str
) -> tuple[int, int]:
    """(VP, credits) for consuming ``good`` from ``world`` with a ``shipper`` die (§7.5): 1 VP,
    +1 if the good matches the world, +1 if the shipper does (purple matches every colour),
    plus consume bonuses."""
    vp = 1
    vp += DieColour(good).matches(world.colour)
    vp += DieColour(shipper).matches(world.colour)
    credits = 0
    for _, p in powers(tiles, player, Timing.SHIP):
        if p.effect == "consume_bonus" and (not p.world_colours or world.colour in p.world_colours):
            vp += p.vp
            credits += p.credits
    return vp, credits


# ---------------------------------------------------------------- end of a phase


def phase_end_income(
    game: Table, player: Player, timing: Timing
) -> tuple[int, int, list[tuple[str, int, bool]]]:
    """(credits, VP chips, reasons) the player's end-of-phase powers pay for this phase; a
    reason is (side id, amount, whether the amount is VP)."""
    tiles = game.tiles
    credits = vp = 0
    reasons: list[tuple[str, int, bool]] = []
    for side_id, p in powers(tiles, player, timing):
        gain = 0
        if p.effect == "gain_credits":
            gain = p.credits
        elif p.effect == "gain_vp":
            vp += p.vp
            reasons.append((side_id, p.vp, True))
            continue
        elif p.effect == "credits_per_citizenry_die":
            dice = sum(player.citizenry[c.value] for c in p.colours)
            gain = p.credits * ceil_div(dice, p.per)
        elif p.effect == "credits_per_good":
            gain = p.credits * _goods_matching(tiles, player, p)
        elif p.effect == "credits_if_most_developments":
            mine = len(developments(tiles, player))
            others = [len(developments(tiles, q)) for q in game.players if q is not player]
            gain = p.credits if all(mine > n for n in others) else 0
        elif p.effect == "credits_if_highest_world":
            gain = p.credits if _owns_all_highest(game, player) else 0
        if gain:
            credits += gain
            reasons.append((side_id, gain, False))
    return credits, vp, reasons


def _goods_matching(tiles: TileSet, player: Player, power: Power) -> int:
    colours = {c.value for c in power.colours}
    count = 0
    for world_id, dice in player.goods.items():
        world = tiles.by_id[world_id]
        assert isinstance(world, World)
        if power.world_colours and world.colour not in power.world_colours:
            continue
        count += sum(1 for d in dice if not colours or d in colours)
    return count


def _owns_all_highest(game: Table, player: Player) -> bool:
    """Space Tourism: printed costs only; on a tie every tied world must be yours (§8.9)."""
    best = -1
    owners: set[int] = set()
    for q in game.players:
        for w in worlds(game.tiles, q):
            if w.cost > best:
                best, owners = w.cost, {q.seat}
            elif w.cost == best:
                owners.add(q.seat)
    return owners == {player.seat}


def stack_of(side: Side) -> str:
    return DEV if isinstance(side, Development) else "world"
