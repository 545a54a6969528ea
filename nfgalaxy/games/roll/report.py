"""``nfgalaxy tiles --game roll``: Roll for the Galaxy's dice and tiles as text or JSON, each
with the sources its values come from (codes explained in ``SOURCES``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from nfgalaxy.core.descriptor import TilesReport
from nfgalaxy.games.roll.components import (
    DieType,
    Face,
    Faction,
    GameTile,
    Power,
    Side,
    TileSet,
    World,
)
from nfgalaxy.games.roll.tileset import resolve

FACTS_FILE = "shared/data/roll-for-the-galaxy-tiles.md"

#: The source codes of the tile data (see the facts file for the full references).
SOURCES = {
    "S": "the German rulebook (official names, dice counts, clarifications)",
    "K": "an open-source web implementation (full tile list, die faces)",
    "B": "a Board Game Arena studio implementation (full tile list, dice, bonus formulas)",
    "J": "a German fan card generator (German names and texts: unofficial unless also S)",
    "A": "a partial implementation (two faction tiles)",
}


def _power(power: Power) -> str:
    """A power in the data vocabulary: 'ship: consume_bonus'."""
    return f"{power.phase.value}: {power.effect}"


def side_json(side: Side) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": side.id,
        "name": side.name,
        "german": side.german,
        "german_source": side.german_source,
        "cost": side.cost,
        "vp": side.vp,
    }
    if isinstance(side, World):
        data["kind"] = "world"
        data["colour"] = side.colour.value
    else:
        data["kind"] = "development"
        data["category"] = side.category
        data["bonus"] = side.bonus_text
    data["text"] = side.text
    data["powers"] = [_power(p) for p in side.powers]
    data["sources"] = list(side.sources)
    data["notes"] = side.notes
    return data


def die_json(die: DieType) -> dict[str, Any]:
    counts = die.face_counts()
    return {
        "colour": die.colour.value,
        "name": die.name,
        "german": die.german,
        "count": die.count,
        "faces": [f.value for f in die.faces],
        "face_counts": {f.value: counts[f] for f in Face if counts[f]},
        "sources": list(die.sources),
        "notes": die.notes,
    }


def faction_json(faction: Faction) -> dict[str, Any]:
    return {"id": faction.id, "halves": [side_json(h) for h in faction.halves]}


def game_tile_json(tile: GameTile) -> dict[str, Any]:
    return {
        "id": tile.id,
        "development": side_json(tile.development),
        "world": side_json(tile.world),
    }


def tiles_json(tiles: TileSet) -> dict[str, Any]:
    return {
        "game": "roll-for-the-galaxy",
        "source": tiles.source,
        "facts": FACTS_FILE,
        "legend": dict(SOURCES),
        "start": {
            "credits": tiles.start.credits,
            "cup": {c.value: n for c, n in tiles.start.cup.items()},
            "citizenry": {c.value: n for c, n in tiles.start.citizenry.items()},
        },
        "dice": [die_json(d) for d in tiles.dice.values()],
        "factions": [faction_json(f) for f in tiles.factions.values()],
        "home_worlds": [side_json(h) for h in tiles.homes.values()],
        "game_tiles": [game_tile_json(t) for t in tiles.game_tiles.values()],
    }


def _side_line(side: Side, indent: str = "") -> str:
    if isinstance(side, World):
        kind = f"{side.colour.label} world"
    else:
        kind = f"development ({side.category})"
    sources = ",".join(side.sources) or "-"
    german = f"{side.german} ({side.german_source})" if side.german else "-"
    lines = [
        f"{indent}{side.id:5} {side.name[:34]:34} cost/VP {side.cost}  {kind[:28]:28} "
        f"[sources {sources}] German: {german}"
    ]
    if side.text:
        lines.append(f"{indent}      {side.text}")
    if not isinstance(side, World) and side.bonus_text:
        lines.append(f"{indent}      End of game: {side.bonus_text}")
    if side.notes:
        lines.append(f"{indent}      Notes: {side.notes}")
    return "\n".join(lines)


def _die_line(die: DieType) -> str:
    counts = die.face_counts()
    faces = ", ".join(f"{counts[f]}× {f.label}" for f in Face if counts[f])
    return (
        f"{die.colour.value:7} {die.name:17} {die.count:3} dice  faces: {faces}  "
        f"[sources {','.join(die.sources) or '-'}]"
    )


def tiles_text(tiles: TileSet) -> str:
    start = tiles.start
    cup = ", ".join(f"{n} {c.value}" for c, n in start.cup.items())
    citizenry = ", ".join(f"{n} {c.value}" for c, n in start.citizenry.items())
    lines = [f"Roll for the Galaxy components ({tiles.source})", ""]
    lines.append(f"Sources of each value (full references in {FACTS_FILE}):")
    lines += [f"  {code}  {text}" for code, text in SOURCES.items()]
    lines += ["", f"START: ${start.credits}; cup {cup}; citizenry {citizenry}"]
    lines += ["", f"DICE ({sum(d.count for d in tiles.dice.values())})"]
    lines += [_die_line(d) for d in tiles.dice.values()]
    lines += ["", f"FACTIONS ({len(tiles.factions)}, two halves each)"]
    lines += _paired((f.id, f.halves) for f in tiles.factions.values())
    lines += ["", f"HOME WORLDS ({len(tiles.homes)})"]
    lines += [_side_line(h) for h in tiles.homes.values()]
    lines += ["", f"GAME TILES ({len(tiles.game_tiles)}, development side / world side)"]
    lines += _paired((t.id, t.sides) for t in tiles.game_tiles.values())
    return "\n".join(lines)


def _paired(items: Iterable[tuple[str, tuple[Side, Side]]]) -> list[str]:
    """A two-sided (or two-halved) tile: its id, then each side indented."""
    lines = []
    for tile_id, sides in items:
        lines.append(tile_id)
        lines += [_side_line(s, "  ") for s in sides]
    return lines


#: ``nfgalaxy tiles --game ...``: the descriptor's tiles report.
TILES_REPORT = TilesReport(resolve, tiles_text, tiles_json)
