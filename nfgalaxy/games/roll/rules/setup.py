"""Setup (§4): factions, home worlds, starting dice and credits, and the two starting tiles."""

from __future__ import annotations

from typing import Any

from nfgalaxy.core.decision import Decision
from nfgalaxy.core.rng import Rng
from nfgalaxy.games.roll.components import DieColour, Timing
from nfgalaxy.games.roll.rules.base import RollBase
from nfgalaxy.games.roll.rules.common import START_TILES, Step
from nfgalaxy.games.roll.state import DEV, VP_PER_PLAYER, WORLD, Player


def deal(g: RollBase, players: int, seed: int, options: dict[str, Any]) -> None:
    """Set up a game for 2–5 players (§4); the first step waits in the queue."""
    if not 2 <= players <= 5:
        raise ValueError("Roll for the Galaxy is for 2 to 5 players")
    tiles = g.tiles
    names = list(options.get("names") or [])
    names += [f"Player {i + 1}" for i in range(len(names), players)]
    g.options = {
        "players": players,
        "seed": seed,
        "names": names[:players],
        "tiles": options.get("tiles"),
    }
    g.rng = Rng(seed)
    g.supply = {c.value: tiles.dice[c].count for c in DieColour}
    g.bag = sorted(tiles.game_tiles)
    g.vp_pool = VP_PER_PLAYER * players
    factions = sorted(tiles.factions)
    homes = sorted(tiles.homes)
    g.rng.shuffle(factions)
    g.rng.shuffle(homes)
    g.players = [Player(seat=i, name=names[i]) for i in range(players)]
    for p in g.players:
        p.faction = factions[p.seat]
        p.home = homes[p.seat]
        faction = tiles.factions[p.faction]
        p.tableau = [faction.a.id, faction.b.id, p.home]
        p.credits = tiles.start.credits
        for colour, n in tiles.start.cup.items():
            p.cup[colour.value] += g._take_dice(colour.value, n)
        for colour, n in tiles.start.citizenry.items():
            p.citizenry[colour.value] += g._take_dice(colour.value, n)
        for side_id in p.tableau:
            for power in tiles.by_id[side_id].powers:
                if power.phase is Timing.SETUP:
                    _setup_power(g, p, side_id, power)
    g.order = sorted(range(players), key=lambda s: g.players[s].faction)
    for seat in g.order:
        p = g.players[seat]
        g._draw(p, 2)
        g.record("empire", seat, (p.faction + "a", p.faction + "b", p.home), (p.credits,))
    g.queue = [[Step.START_TILES, seat, 0] for seat in g.order] + [[Step.ROUND_START, -1, 0]]


def _setup_power(g: RollBase, p: Player, side_id: str, power: Any) -> None:
    if power.effect == "start_credits":
        p.credits = power.credits
    elif power.effect == "gain_dice":
        g._gain_dice(p, side_id, power.colour.value, power.count or 1, power.to)
    else:  # the loader only allows these two at setup
        raise ValueError(f"{side_id}: unknown setup effect {power.effect!r}")


def opt_start_tiles(g: RollBase, seat: int, _arg: Any) -> list[Decision]:
    a, b = g.players[seat].drawn[:2]
    out = []
    for dev, world in ((a, b), (b, a)):
        out.append(
            Decision(
                START_TILES,
                (dev,),
                ""
                if g.quiet
                else (
                    f"{g.describe_side(dev + 'd')} on the development stack, "
                    f"{g.describe_side(world + 'w')} on the world stack"
                ),
            )
        )
    return out


def run_start_tiles(g: RollBase, seat: int, _arg: Any, d: Decision | None) -> None:
    """§4 step 5: one tile development side up, the other world side up."""
    p = g.players[seat]
    assert d is not None
    dev = d.args[0]
    world = next(t for t in p.drawn if t != dev)
    p.drawn = []
    p.stacks[DEV].append(dev + "d")
    p.stacks[WORLD].append(world + "w")
    g.record("start_tiles", seat, (dev + "d", world + "w"))
