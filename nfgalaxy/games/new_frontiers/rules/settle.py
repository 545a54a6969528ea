"""Settle (rules §5.4, §10): ways to settle, military, upgrades and replacements."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nfgalaxy.core.decision import Decision
from nfgalaxy.core.words import counted
from nfgalaxy.games.new_frontiers import abilities as ab
from nfgalaxy.games.new_frontiers.components import (
    Ability,
    GoodsType,
    Phase,
    World,
)
from nfgalaxy.games.new_frontiers.rules.common import (
    BOOST,
    COLONISTS,
    DONE,
    REPLACE,
    SETTLE,
    UPGRADE,
    Step,
    Unlabelled,
)
from nfgalaxy.games.new_frontiers.state import (
    COLONIST_END,
    COLONY_END,
)
from nfgalaxy.games.new_frontiers.tileset import REVISION

if TYPE_CHECKING:
    from nfgalaxy.games.new_frontiers.rules.game import NewFrontiers

# Read off the enums once: a member read from an enum class is a slow lookup on Python 3.11,
# and these are read for almost every decision of a playout.
_PHASE = Phase.SETTLE
_STEP = Step.SETTLE
_WINDFALL = GoodsType.WINDFALL

_DONE = Decision(DONE, (), "End your Settle turn")
_COLONISTS = Decision(COLONISTS, ())
_SETTLE = Unlabelled(SETTLE)


def _run_settle_bonus(g: NewFrontiers, seat: int, _arg: int, _d: Decision | None) -> None:
    if g.gain_colonists(seat, 1):
        g.record("settle_bonus", seat)


def _run_settle_start(g: NewFrontiers, seat: int, _arg: int, _d: Decision | None) -> None:
    g.turn = {
        "main": "",
        "settled": [],
        "temp": 0,
        "boosts": [],
        "upgrade": False,
        "replace": False,
    }


def _settle_ways(
    terms: tuple[int | None, int, int | None], world: World, credits: int, turn: dict[str, Any]
) -> tuple[tuple[int, int], ...]:
    """(mode, price) ways to settle a world with enough colonists: 0 = pay credits or use
    military, 1 = pay for a military world with a Contact Specialist-like ability. ``terms``:
    ``SettlePowers.terms`` of the world."""
    price, strength, pay = terms
    if price is not None:  # a non-military world
        return ((0, price),) if price <= credits else ()
    ways: tuple[tuple[int, int], ...] = (
        ((0, 0),) if strength + turn["temp"] >= world.number else ()  # its defence
    )
    if pay is not None and pay <= credits:
        ways += ((1, pay),)
    return ways


def _settle_open(g: NewFrontiers, second_settle: bool) -> bool:
    """May the player still settle a world in this action (first, or Improved Logistics' second,
    ``second_settle``: the player has such an ability)?"""
    turn = g.turn
    if turn["main"] == "":
        return True
    if turn["main"] != "settled" or len(turn["settled"]) != 1:
        return False
    return second_settle


def _opt_settle(g: NewFrontiers, seat: int, _arg: int) -> list[Decision]:
    player = g.players[seat]
    turn = g.turn
    quiet = g.quiet
    if not player.explored:
        # Nothing to settle, upgrade or replace: only the colonists (a forced choice) if the
        # player has done nothing yet, else nothing.
        if turn["main"]:
            return []
        if quiet:
            return [_COLONISTS]
        got = min(2, g.colonist_supply)
        return [Decision(COLONISTS, (), f"Take {counted(got, 'colonist')} instead of settling")]
    powers = g.powers(seat, _PHASE, ab.SettlePowers)
    by_id = g.tiles.by_id
    out: list[Decision] = []
    open_ = _settle_open(g, powers.second_settle)
    if turn["main"] == "":
        if quiet:
            out.append(_COLONISTS)
        else:
            got = min(2, g.colonist_supply)
            label = f"Take {counted(got, 'colonist')} instead of settling"
            out.append(Decision(COLONISTS, (), label))
    if open_:
        for world_id in player.explored:
            world = by_id[world_id]
            if player.colonists < world.colonists:
                continue
            for mode, price in _settle_ways(powers.terms(world), world, player.credits, turn):
                if quiet:
                    out.append(_SETTLE[world_id, mode])
                    continue
                key = (SETTLE, world_id, mode, price, bool(turn["settled"]))
                decision = g.offers.get(key)
                if decision is None:
                    how = (
                        f"pay ${price} as a non-military world"
                        if mode
                        else (
                            f"military vs defence {world.defence}"
                            if world.military
                            else f"${price}"
                        )
                    )
                    second = " as your second world" if turn["settled"] else ""
                    label = f"Settle {world.name}{second} ({how})"
                    decision = g.offers[key] = Decision(SETTLE, (world_id, mode), label)
                out.append(decision)
        # Temporary military (§5.4): spend a good, only offered when a military world is in reach.
        boosts = (
            powers.temporary
            and player.goods
            and [(t, a) for t, a in powers.temporary if t not in turn["boosts"]]
        )
        if boosts and any(
            (w := by_id[x]).military
            and player.colonists >= w.colonists
            and powers.terms(w)[1] + turn["temp"] < w.number  # its defence
            for x in player.explored
        ):
            for tile, ability in boosts:
                for colony in player.goods:
                    label = (
                        ""
                        if quiet
                        else f"Return the good on {g.world(colony).name} for "
                        f"+{ability.amount} temporary military ({g.tile_name(tile)})"
                    )
                    out.append(Decision(BOOST, (tile, colony), label))
    if not turn["upgrade"] and powers.upgrade_limit is not None:
        out += _upgrade_options(g, seat, powers.upgrade_limit)
    if not turn["replace"] and powers.replace_self:
        out += _replace_options(g, seat, powers.replace_self)
    if turn["main"] and out:
        out.append(_DONE)
    return out


def _same_kind(old: World, new: World) -> bool:
    """Terraforming Engineers' kind test: gray for gray; the Oort refinery is any kind, not gray."""
    if old.any_kind or new.any_kind:
        return (old.any_kind or old.kind is not None) and (new.any_kind or new.kind is not None)
    return old.kind is new.kind


def _upgrade_options(g: NewFrontiers, seat: int, limit: int) -> list[Decision]:
    """Terraforming Engineers-like upgrades; ``limit``: the largest cost increase allowed.

    The home colony may be replaced too: the seed treats home colonies as normal colonies for
    every rule, ability and effect (rules §1, "Home colony"), and no ruling excepts them."""
    if not g.players[seat].explored:
        return []
    player = g.players[seat]
    placed = g.action.get("placed", {}).get(str(seat), [])
    out = []
    for old_id in player.colonies:
        old = g.world(old_id)
        if old.military or old_id in placed:
            continue
        if old.is_home and g.options.get("revision", REVISION) < 2:
            continue  # a save from before this reading plays on as it was played
        for new_id in player.explored:
            new = g.world(new_id)
            if new.military or not _same_kind(old, new):
                continue
            if not 0 <= new.cost - old.cost <= limit:
                continue
            if new.colonists - old.colonists > player.colonists:
                continue
            label = "" if g.quiet else f"Replace {old.name} with {new.name} for free (Terraforming)"
            out.append(Decision(UPGRADE, (old_id, new_id), label))
    return out


def _replace_options(
    g: NewFrontiers, seat: int, replace_self: list[tuple[str, Ability]]
) -> list[Decision]:
    """Dying Colony-like replacements; ``replace_self``: the player's such abilities."""
    player = g.players[seat]
    if not player.explored:
        return []
    out = []
    for tile, _ability in replace_self:
        if tile not in player.colonies:
            continue
        old = g.world(tile)
        for new_id in player.explored:
            new = g.world(new_id)
            if new.military or "Alien" in new.keywords:
                continue
            if new.colonists - old.colonists > player.colonists:
                continue
            label = "" if g.quiet else f"Replace {old.name} with {new.name} for $0"
            out.append(Decision(REPLACE, (tile, new_id), label))
    return out


def _run_settle(g: NewFrontiers, seat: int, arg: int, d: Decision | None) -> None:
    if d is None or d.kind == DONE:
        return
    turn = g.turn
    if d.kind == COLONISTS:
        got = g.gain_colonists(seat, 2)
        turn["main"] = "colonists"
        g.record("take_colonists", seat, (), (got,))
    elif d.kind == SETTLE:
        _settle_world(g, seat, d.args[0], d.args[1])
    elif d.kind == BOOST:
        tile, colony = d.args
        ability = next(
            a for t, a in g._active(seat, _PHASE) if t == tile and a.effect == "temporary_military"
        )
        g.remove_good(seat, colony)
        turn["temp"] += ability.amount
        turn["boosts"].append(tile)
        g.record("boost", seat, (tile,), (ability.amount,))
    elif d.kind in (UPGRADE, REPLACE):
        _replace_colony(g, seat, d.args[0], d.args[1], d.kind)
    if not _nothing_left(g, seat):
        g.queue.insert(0, [_STEP, seat, arg])


def _nothing_left(g: NewFrontiers, seat: int) -> bool:
    """True when ``_opt_settle`` would now offer nothing, so the turn ends without asking again
    (most turns end after the first decision). The same tests, only those that are cheap: when
    unsure, False, and the options are made as usual."""
    player = g.players[seat]
    turn = g.turn
    if not player.explored:
        return bool(turn["main"])  # else only the colonists are left (a forced choice)
    powers = g.powers(seat, _PHASE, ab.SettlePowers)
    if _settle_open(g, powers.second_settle):
        return False
    if not turn["upgrade"] and powers.upgrade_limit is not None:
        return False
    return turn["replace"] or not powers.replace_self


def _settle_world(g: NewFrontiers, seat: int, world_id: str, mode: int) -> None:
    player = g.players[seat]
    world = g.world(world_id)
    powers = g.powers(seat, _PHASE, ab.SettlePowers)
    price = 0
    if not world.military:
        price = powers.settle_price(world)
    elif mode == 1:
        price = powers.pay_for_military_price(world) or 0
    player.credits -= price
    player.colonists -= world.colonists
    player.settle(world_id)
    player.tiles_changed(g.tiles, world_id)
    g._mark_placed(seat, world_id)
    g.turn["main"] = "settled"
    g.turn["settled"].append(world_id)
    by_military = 0 if price or not world.military else 1
    g.record("settle", seat, (world_id,), (price, by_military))
    windfall = world.goods is _WINDFALL and world.kind is not None
    if windfall and g.put_good(seat, world_id, int(world.kind)):
        g.record("windfall", seat, (world_id,), (int(world.kind),))
    # Triggers of tiles placed before this action fire once per settled world (§7.7).
    for tile, ability in g._active(seat, _PHASE):
        if ability.effect != "after_settle":
            continue
        if ability.credits:
            player.credits += ability.credits
            g.record("credits", seat, (tile,), (ability.credits,))
        if ability.colonists and g.gain_colonists(seat, ability.colonists):
            g.record("settle_colonist", seat, (tile,))
        for _ in range(ability.draw_worlds):
            drawn = g.draw_world()
            if drawn is not None:
                player.explore(drawn)
                g.record("draw_world", seat, (drawn, tile))


def _replace_colony(g: NewFrontiers, seat: int, old_id: str, new_id: str, kind: str) -> None:
    """Terraforming Engineers / Dying Colony: not settling; old world to the bag after Settle."""
    player = g.players[seat]
    old, new = g.world(old_id), g.world(new_id)
    player.colonists -= new.colonists - old.colonists
    if old_id in player.goods:
        # The good leaves with the old world and reaches the supply after the whole action.
        g.action.setdefault("to_supply", []).append(player.take_good(old_id))
    player.replace_colony(old_id, new_id)
    player.tiles_changed(g.tiles, old_id, new_id)
    g._mark_placed(seat, new_id)
    if not old.is_home:
        # A home colony is printed on the empire mat: the new world covers it for the rest of
        # the game, as it cannot go to the bag.
        g.action.setdefault("to_bag", []).append(old_id)
    g.turn["upgrade" if kind == UPGRADE else "replace"] = True
    g.record("replace", seat, (old_id, new_id))
    if new.goods is _WINDFALL and new.kind is not None and g.put_good(seat, new_id, int(new.kind)):
        g.record("windfall", seat, (new_id,), (int(new.kind),))


def _run_settle_end(g: NewFrontiers, _seat: int, _arg: int, _d: Decision | None) -> None:
    """Replaced worlds (and their goods) go back; then the colony and colonist end checks (§8)."""
    g.bag.extend(g.action.get("to_bag", []))
    for kind in g.action.get("to_supply", []):
        g.goods_supply[kind] += 1
    for player in g.players:
        if len(player.colonies) >= COLONY_END and "colonies" not in g.end_reasons:
            g.end_game_because("colonies")
            g.record("end_colonies", player.seat, (), (len(player.colonies),))
    if g.colonist_supply <= COLONIST_END and "colonists" not in g.end_reasons:
        g.end_game_because("colonists")
        g.record("end_colonists", None, (), (g.colonist_supply,))


def _explain_settle(g: NewFrontiers, seat: int, d: Decision) -> tuple[str, str] | None:
    player = g.players[seat]
    world_id = d.args[0] if d.args else None
    if world_id not in player.explored:
        return ("§5.4 Settle", "you can only settle one of your own explored worlds")
    world = g.world(world_id)
    powers = ab.SettlePowers(g._active(seat, _PHASE))
    if not _settle_open(g, powers.second_settle):
        return ("§5.4 Settle", "you have already settled or taken colonists in this action")
    if player.colonists < world.colonists:
        return (
            "§5.4 colonists",
            f"{world.name} needs {world.colonists} colonist{'s' * (world.colonists != 1)}"
            f" and you have {player.colonists}"
            " (a cost reduction does not remove the colonist requirement, §7.6)",
        )
    if world.military and (d.args[1] if len(d.args) > 1 else 0) == 0:
        strength = powers.military_against(world, g.turn["temp"])
        return (
            "§5.4 military",
            f"{world.name} has defence {world.defence}; your military against it is {strength}",
        )
    if world.military:
        return (
            "§10 Contact Specialist",
            f"you cannot pay for {world.name} (no such ability, Alien world, or not enough $)",
        )
    price = powers.settle_price(world)
    return ("§5.4 cost", f"{world.name} costs ${price} and you have ${player.credits}")
