"""``nfgalaxy tiles``: the component data as text or JSON, with where every tile comes from."""

from __future__ import annotations

from typing import Any

from nfgalaxy.core.descriptor import TilesReport
from nfgalaxy.games.new_frontiers.components import Development, Goal, Status, TileSet, World
from nfgalaxy.games.new_frontiers.tileset import resolve

SOURCE_NOTE = {
    Status.KNOWN: "printed tile, every value from a source",
    Status.KNOWN_FILLED: "named in a source; missing values designed for nfgalaxy (see notes)",
    Status.RECONSTRUCTED: (
        "NOT the printed tile: designed for nfgalaxy from a Race for the Galaxy card"
    ),
}


def _kind(world: World) -> str:
    if world.any_kind:
        return "any"
    return world.kind.label if world.kind is not None else "gray"


def world_json(world: World) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": world.id,
        "name": world.name,
        "military": world.military,
        ("defence" if world.military else "cost"): world.number,
        "colonists": world.colonists,
        "kind": _kind(world),
        "goods": world.goods.value,
        "keywords": sorted(world.keywords),
        "vp": "?" if world.vp is None else world.vp,
        "text": world.text,
        "status": world.status.value,
        "source": SOURCE_NOTE[world.status],
        "adapts": world.adapts,
        "notes": world.notes,
    }
    if world.home:
        data["mat"] = world.home.mat
        data["side"] = world.home.side
        data["first_game"] = world.home.first_game
    return data


def development_json(dev: Development) -> dict[str, Any]:
    return {
        "id": dev.id,
        "name": dev.name,
        "group": dev.group,
        "stack": dev.stack,
        "face": dev.face,
        "first_game": dev.first_game,
        "cost": dev.cost,
        "slots": dev.slots,
        "keywords": sorted(dev.keywords),
        "vp": "?" if dev.vp is None else dev.vp,
        "text": dev.text,
        "status": dev.status.value,
        "source": SOURCE_NOTE[dev.status],
        "adapts": dev.adapts,
        "notes": dev.notes,
    }


def goal_json(goal: Goal) -> dict[str, Any]:
    return {
        "id": goal.id,
        "name": goal.name,
        "german": goal.german,
        "type": goal.type,
        "thresholds": [list(t) for t in goal.thresholds],
        "maximum": goal.maximum or None,
        "text": goal.text,
        "source": "rulebook (goal tiles are fully described there)",
    }


def tiles_json(tiles: TileSet) -> dict[str, Any]:
    return {
        "game": "new-frontiers",
        "source": tiles.source,
        "legend": {s.value: note for s, note in SOURCE_NOTE.items()},
        "worlds": [world_json(w) for w in tiles.worlds.values()],
        "home_colonies": [world_json(w) for w in tiles.homes.values()],
        "developments": [development_json(d) for d in tiles.developments.values()],
        "goals": [goal_json(g) for g in tiles.goals.values()],
    }


def _world_line(world: World) -> str:
    number = f"def {world.number}" if world.military else f"${world.number}"
    keywords = ",".join(sorted(world.keywords)) or "-"
    vp = "?" if world.vp is None else str(world.vp)
    home = f" [mat {world.home.mat}{world.home.side}]" if world.home else ""
    return (
        f"{world.id:5} {world.name[:32]:32} {number:6} {world.colonists}c "
        f"{_kind(world)[:16]:16} {world.goods.value:10} {keywords[:22]:22} {vp:>2} VP  "
        f"[{world.status.value}{'; adapts ' + world.adapts if world.adapts else ''}]{home}"
        + (f"\n      {world.text}" if world.text else "")
    )


def _dev_line(dev: Development) -> str:
    vp = "?" if dev.vp is None else str(dev.vp)
    first = " first-game" if dev.first_game else ""
    keywords = ",".join(sorted(dev.keywords)) or "-"
    return (
        f"{dev.id:5} {dev.name[:32]:32} ${dev.cost:<2} {vp:>2} VP {keywords[:14]:14} "
        f"{dev.group}/{dev.stack}{dev.face}{first}  [{dev.status.value}"
        f"{'; adapts ' + dev.adapts if dev.adapts else ''}]"
        + (f"\n      {dev.text}" if dev.text else "")
    )


def tiles_text(tiles: TileSet) -> str:
    lines = [f"New Frontiers components ({tiles.source})", ""]
    lines.append("Source of each tile:")
    lines += [f"  {s.value:14} {note}" for s, note in SOURCE_NOTE.items()]
    lines += ["", f"WORLDS IN THE BAG ({len(tiles.worlds)})"]
    lines += [_world_line(w) for w in tiles.worlds.values()]
    lines += ["", f"HOME COLONIES ({len(tiles.homes)})"]
    lines += [_world_line(w) for w in tiles.homes.values()]
    lines += ["", f"DEVELOPMENT FACES ({len(tiles.developments)})"]
    lines += [_dev_line(d) for d in tiles.developments.values()]
    lines += ["", f"GOALS ({len(tiles.goals)})"]
    for goal in tiles.goals.values():
        steps = ", ".join(f"{a}→{v}" for a, v in goal.thresholds)
        limit = f", max {goal.maximum}" if goal.maximum else ""
        lines.append(f"{goal.id:20} {goal.name:22} {goal.type:9} {steps}{limit}")
    return "\n".join(lines)


#: ``nfgalaxy tiles --game ...``: the descriptor's tiles report.
TILES_REPORT = TilesReport(resolve, tiles_text, tiles_json)
