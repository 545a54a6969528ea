"""The one place where the power vocabulary of ``components.py`` is interpreted.

The rules flow (``rules/``) asks questions here: how many workers does this tile need, may this
power move that worker there, what does this Consume pay, what does a player earn at the end of a
phase. Each answer reads the owner's tableau powers; no tile is named in code, so a corrected
tile in a data file changes play without changing this module.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
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
from nfgalaxy.games.roll.state import DEV, PHASES, Player


class Table(Protocol):
    """What a power comparing empires reads of the game: the tiles and every player. (A
    protocol, not the game class: the rules import this module, never the other way round.)"""

    tiles: TileSet
    players: list[Player]


def ceil_div(a: int, b: int) -> int:
    """Fractions are rounded up everywhere (§8.6)."""
    return -(-a // b)


#: Every timing (iterating the enum itself is slow: an index is made for every new tableau).
_TIMINGS = tuple(Timing)


class TableauPowers:
    """The powers of one tableau, grouped by timing once.

    Rules ask about a player's powers several times per decision; scanning every tile of the
    tableau each time was a hot spot of search playouts. A tableau changes only when a tile is
    completed, so each player keeps the index of its current tableau (``tableau_powers``), and
    ``memo`` keeps answers that depend on nothing but the tableau and the tiles.
    """

    __slots__ = ("by_timing", "effects", "memo", "tableau", "tiles")

    def __init__(self, tiles: TileSet, tableau: list[str]) -> None:
        self.tiles = tiles
        self.tableau = tableau  # a copy: the player's own list changes in place
        found: dict[Timing, list[tuple[str, Power]]] = {}
        for side_id in tableau:
            for power in tiles.by_id[side_id].powers:
                found.setdefault(power.phase, []).append((side_id, power))
        # Tuples, empty ones shared: thousands of indexes are kept, and the garbage collector
        # walks every container they hold.
        self.by_timing = {t: tuple(found.get(t, ())) for t in _TIMINGS}
        self.effects = {t: tuple(p.effect for _, p in v) for t, v in self.by_timing.items()}
        self.memo: dict[Any, Any] = {}


#: Indexes kept per tile set (copies and playouts meet the same tableaux again); cleared when
#: this many, so a long search cannot grow it without bound (nor the garbage collector's work:
#: a new one costs about as much as a handful of decisions).
_INDEX_LIMIT = 1024


def tableau_powers(tiles: TileSet, player: Player) -> TableauPowers:
    """The index of ``player``'s current tableau: the player's own if still current, else one
    shared through the tile set, else a new one."""
    index = player.powers_index
    if index is not None and index.tiles is tiles and index.tableau == player.tableau:
        return index
    key = tuple(player.tableau)
    known = tiles.tableaux
    index = known.get(key)
    if index is None:
        if len(known) >= _INDEX_LIMIT:
            known.clear()
        index = known[key] = TableauPowers(tiles, list(key))
    player.powers_index = index
    return index


def powers(tiles: TileSet, player: Player, timing: Timing) -> tuple[tuple[str, Power], ...]:
    """(side id, power) for every power of this timing in the player's tableau."""
    index = player.powers_index  # ``tableau_powers``' first test, without a call: hot
    if index is None or index.tiles is not tiles or index.tableau != player.tableau:
        index = tableau_powers(tiles, player)
    return index.by_timing[timing]


def has_effect(tiles: TileSet, player: Player, timing: Timing, effect: str) -> bool:
    index = player.powers_index  # as in ``powers``
    if index is None or index.tiles is not tiles or index.tableau != player.tableau:
        index = tableau_powers(tiles, player)
    return effect in index.effects[timing]


def _remembered(
    tiles: TileSet, player: Player, key: tuple[Any, ...], compute: Callable[..., Any], *args: Any
) -> Any:
    """``compute(tiles, player, *args)``, kept with the tableau's index under ``key``: for
    answers that depend on nothing but the tableau, the tiles and ``args``."""
    memo = tableau_powers(tiles, player).memo
    if key in memo:
        return memo[key]
    value = memo[key] = compute(tiles, player, *args)
    return value


# ---------------------------------------------------------------- Develop and Settle


def requirement(tiles: TileSet, player: Player, side: Side) -> int:
    """Workers needed to complete a tile: printed cost less every applicable reduction (§7.2,
    §7.3). Reductions with a higher minimum go first (Free Trade Zone before Replicant Robots,
    as in the rulebook's example); none raises a requirement, and the result is at least 1."""
    index = player.powers_index  # as in ``powers``
    if index is None or index.tiles is not tiles or index.tableau != player.tableau:
        index = tableau_powers(tiles, player)
    memo = index.memo
    key = ("requirement", side.id)
    need = memo.get(key)
    if need is None:
        need = memo[key] = _requirement(tiles, player, side)
    return need


def _requirement(tiles: TileSet, player: Player, side: Side) -> int:
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
    return _remembered(tiles, player, ("completion", completed.id), _completion_credits, completed)


def _completion_credits(tiles: TileSet, player: Player, completed: Side) -> int:
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
    """Where the workers that completed ``completed`` go (a tile's own power does not count)."""
    return _remembered(tiles, player, ("to_cup", completed.id), _workers_to_cup, completed)


def _workers_to_cup(tiles: TileSet, player: Player, completed: Side) -> ToCup:
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
    #: Answers derived from this power alone (``targets``, and the moves the rules offer),
    #: kept because a reassign step is asked again after every move: not compared.
    memo: dict[Any, Any] = field(default_factory=dict, compare=False, hash=False, repr=False)

    def targets(self, colour: str, column: str, selected: str) -> tuple[str, ...]:
        """The phases a worker of this colour in this column may move to, in phase order
        (what ``allows`` says, asked once per colour, column and selection: the reassign
        choices are offered after every move)."""
        key = (colour, column, selected)
        found = self.memo.get(key)
        if found is None:
            worker = {"colour": colour, "column": column}
            found = tuple(to for to in PHASES if self.allows(worker, to, selected))
            self.memo[key] = found
        return found

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


def reassign_from(tiles: TileSet, data: dict[str, Any]) -> Reassign:
    """``Reassign.from_json(data)``, made once per different session (a reassign step is
    asked again after every move; its ``targets`` are kept with it)."""
    key = (
        data["source"],
        data["count"],
        data["exact"],
        data["same_column"],
        tuple(data["colours"]),
        tuple(data["from_phases"]),
        tuple(data["to_phases"]),
        data["to_selected"],
    )
    known = tiles.reassigns
    found = known.get(key)
    if found is None:
        found = known[key] = Reassign.from_json(data)
    return found


def reassign_powers(game: Table, player: Player) -> tuple[Reassign, ...]:
    """The reassign powers of the player's tableau, with counts for this round (Mad Scientists
    compares Novelty worlds across all tableaux: alone with the most gives ``count_if_most``)."""
    memo = tableau_powers(game.tiles, player).memo
    found = memo.get("reassign")
    if found is None:
        found = memo["reassign"] = _reassign_powers(game.tiles, player)
    base, most = found
    if not most:
        return base
    out = list(base)
    for i, count, colour in most:
        if _alone_most_worlds(game, player, colour):
            out[i] = _interned(game.tiles, replace(base[i], count=count))
    return tuple(out)


def _interned(tiles: TileSet, power: Reassign) -> Reassign:
    """The tile set's one ``Reassign`` equal to ``power``: what it keeps in its ``memo``
    (the moves it allows, as decisions) then serves every tableau that has the power."""
    key = ("power", power.source, power.count)
    known = tiles.reassigns
    found = known.get(key)
    if found is None or found != power:
        found = known[key] = power
    return found


def _reassign_powers(
    tiles: TileSet, player: Player
) -> tuple[tuple[Reassign, ...], tuple[tuple[int, int, WorldColour], ...]]:
    """The tableau's reassign powers with their printed counts, and (index, count, world
    colour) of those whose count depends on the other tableaux."""
    found = []
    most = []
    for side_id, p in powers(tiles, player, Timing.ASSIGN):
        if p.effect != "reassign":
            continue
        if p.count_if_most and p.most_worlds is not None:
            most.append((len(found), p.count_if_most, p.most_worlds))
        power = Reassign(
            source=side_id,
            count=p.count,
            exact=p.exact,
            same_column=p.same_column,
            colours=frozenset(c.value for c in p.colours),
            from_phases=frozenset(ph.value for ph in p.from_phases),
            to_phases=frozenset(ph.value for ph in p.to_phases),
            to_selected=p.to_selected,
        )
        found.append(_interned(tiles, power))
    return tuple(found), tuple(most)


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


def goods_worlds(tiles: TileSet, player: Player) -> tuple[str, ...]:
    """The ids of the tableau's worlds that hold goods (not gray), in tableau order."""
    return _remembered(tiles, player, ("goods_worlds",), _goods_worlds)


def _goods_worlds(tiles: TileSet, player: Player) -> tuple[str, ...]:
    return tuple(w.id for w in worlds(tiles, player) if w.holds_goods)


def goods_capacity(tiles: TileSet, player: Player) -> int:
    """Goods a non-gray world may hold: 1, or more with Galactic Reserves (permanent)."""
    return _remembered(tiles, player, ("capacity",), _goods_capacity)


def _goods_capacity(tiles: TileSet, player: Player) -> int:
    amounts = [p.amount for _, p in powers(tiles, player, Timing.PERMANENT)]
    return max([1, *amounts])


# ---------------------------------------------------------------- Explore


def stock_credits(tiles: TileSet, player: Player, explorer: str) -> int:
    """A Stock gives $2, or more for an explorer of a colour a power names (§7.1)."""
    memo = tableau_powers(tiles, player).memo
    key = ("stock", explorer)
    best = memo.get(key)
    if best is None:
        best = memo[key] = _stock_credits(tiles, player, explorer)
    return best


def _stock_credits(tiles: TileSet, player: Player, explorer: str) -> int:
    best = 2
    for _, p in powers(tiles, player, Timing.EXPLORE):
        if p.effect == "stock_credits" and explorer in {c.value for c in p.colours}:
            best = max(best, p.credits)
    return best


def virtual_workers(tiles: TileSet, player: Player, timing: Timing) -> list[str]:
    """The colours of the virtual workers the tableau gives in this phase (a new list: the
    rules use them up)."""
    return list(_remembered(tiles, player, ("virtual", timing), _virtual_workers, timing))


def _virtual_workers(tiles: TileSet, player: Player, timing: Timing) -> list[str]:
    out: list[str] = []
    for _, p in powers(tiles, player, timing):
        if p.effect == "virtual_workers":
            out.extend(c.value for c in p.workers)
    return out


# ---------------------------------------------------------------- Ship


def trade_income(tiles: TileSet, player: Player, world: World) -> int:
    """Trade price by world colour (§7.5) plus every trade bonus that applies."""
    memo = tableau_powers(tiles, player).memo
    key = ("trade", world.id)
    price = memo.get(key)
    if price is None:
        price = memo[key] = _trade_income(tiles, player, world)
    return price


def _trade_income(tiles: TileSet, player: Player, world: World) -> int:
    price = world.colour.trade_price or 0
    for _, p in powers(tiles, player, Timing.SHIP):
        if p.effect == "trade_bonus" and (not p.world_colours or world.colour in p.world_colours):
            price += p.credits
    return price


def trade_for_vp(tiles: TileSet, player: Player) -> tuple[int, int] | None:
    """(cost, vp) of an optional 'pay after a trade for VP' power (Galactic Bankers), if any."""
    return _remembered(tiles, player, ("bankers",), _trade_for_vp)


def _trade_for_vp(tiles: TileSet, player: Player) -> tuple[int, int] | None:
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
    memo = tableau_powers(tiles, player).memo
    key = ("consume", world.id, good, shipper)
    reward = memo.get(key)
    if reward is None:
        reward = memo[key] = _consume_reward(tiles, player, world, good, shipper)
    return reward


def _consume_reward(
    tiles: TileSet, player: Player, world: World, good: str, shipper: str
) -> tuple[int, int]:
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
    found = powers(tiles, player, timing)
    if not found:
        return 0, 0, []
    credits = vp = 0
    reasons: list[tuple[str, int, bool]] = []
    for side_id, p in found:
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
