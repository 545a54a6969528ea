"""Load and validate Roll for the Galaxy component data from TOML.

The built-in set lives in ``data/roll.toml``: the start dice, the seven die colours, 9 faction
tiles, 9 home worlds and 55 double-sided game tiles. An owner of the physical game can correct
it with a file of their own (``roll-for-the-galaxy-tiles.toml`` in the user data dir, or a path):
its entries replace built-in entries with the same id (dice: the same colour; ``[start]``: the
whole table) and add new ones, or, with ``replace_all = true`` at the top, replace the whole set.
Whatever is loaded is checked against the schema below, the power vocabulary of
``components.py`` (``EFFECT_FIELDS``) and the rulebook's counts (``statistics.py``); a bad file
raises ``TileDataError`` naming the tile and field at fault, and the caller keeps the built-in
set.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from nfgalaxy.core.tilefiles import Entry as _Entry
from nfgalaxy.core.tilefiles import TileDataError, TileSource
from nfgalaxy.core.tilefiles import read_toml as _read_toml
from nfgalaxy.games.roll.components import (
    EFFECT_FIELDS,
    MEASURE_FILTERS,
    MEASURE_PARAMETERS,
    Destination,
    Development,
    DieColour,
    DieType,
    Face,
    Faction,
    GameTile,
    Measure,
    Phase,
    Power,
    Side,
    Start,
    TileSet,
    Timing,
    World,
    WorldColour,
)

BUILTIN = "roll.toml"
USER_FILE = "roll-for-the-galaxy-tiles.toml"

#: Source codes of the facts file (shared/data/roll-for-the-galaxy-tiles.md, "Sources").
SOURCE_CODES = ("S", "K", "B", "J", "A")
#: Where a German name comes from: S the rulebook (official), J a fan card generator.
GERMAN_SOURCES = ("S", "J")
MAX_COST = 6


def _names(enum_type: Any) -> dict[str, Any]:
    return {member.value: member for member in enum_type}


_DIE_COLOURS = _names(DieColour)
_WORLD_COLOURS = _names(WorldColour)
_PHASES = _names(Phase)
_TIMINGS = _names(Timing)

# --- powers ----------------------------------------------------------------------------------

_BOOL_PARAMETERS = {"optional", "to_selected", "same_column", "exact", "reassign"}
_INT_PARAMETERS = {"credits", "vp", "amount", "count", "per", "minimum", "cost", "count_if_most"}
_MAX_INT = 12
#: Parameters holding one enum value, and lists of enum values (lists: no value twice).
_ONE_OF: dict[str, dict[str, Any]] = {
    "colour": _DIE_COLOURS,
    "most_worlds": _WORLD_COLOURS,
    "to": _names(Destination),
    "measure": _names(Measure),
}
_LIST_OF: dict[str, dict[str, Any]] = {
    "colours": _DIE_COLOURS,
    "workers": _DIE_COLOURS,
    "world_colours": _WORLD_COLOURS,
    "from_phases": _PHASES,
    "to_phases": _PHASES,
}
_REPEATABLE = {"workers"}  # two virtual workers may share a colour


def _parameter(entry: _Entry, where: str, key: str, value: Any) -> Any:
    """One power parameter, converted to the type ``Power`` holds."""
    if key in _BOOL_PARAMETERS:
        if not isinstance(value, bool):
            raise entry.fail(where, f"expected true or false, got {value!r}")
        return value
    if key in _INT_PARAMETERS:
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= _MAX_INT:
            raise entry.fail(where, f"expected an integer 1..{_MAX_INT}, got {value!r}")
        return value
    if key in _ONE_OF:
        options = _ONE_OF[key]
        if not isinstance(value, str) or value not in options:
            raise entry.fail(where, f"{value!r} is not one of {', '.join(options)}")
        return options[value]
    options = _LIST_OF[key]
    if not isinstance(value, list) or not value:
        raise entry.fail(where, f"expected a non-empty list, got {value!r}")
    for item in value:
        if not isinstance(item, str) or item not in options:
            raise entry.fail(where, f"{item!r} is not one of {', '.join(options)}")
    if key not in _REPEATABLE and len(set(value)) != len(value):
        raise entry.fail(where, "names a value twice")
    return tuple(options[item] for item in value)


def _power(entry: _Entry, raw: Any, index: int) -> Power:
    where = f"powers[{index}]"
    if not isinstance(raw, dict):
        raise entry.fail(where, "expected a table")
    timing = raw.get("phase")
    if not isinstance(timing, str) or timing not in _TIMINGS:
        raise entry.fail(f"{where}.phase", f"{timing!r} is not one of {', '.join(_TIMINGS)}")
    timing = _TIMINGS[timing]
    effect = raw.get("effect")
    spec = EFFECT_FIELDS.get((timing, effect)) if isinstance(effect, str) else None
    if spec is None:
        known = sorted(e for t, e in EFFECT_FIELDS if t is timing)
        raise entry.fail(
            f"{where}.effect", f"{effect!r} is not an effect of {timing.value} ({', '.join(known)})"
        )
    required, accepted = spec
    values: dict[str, Any] = {"phase": timing, "effect": effect}
    for key, value in raw.items():
        if key in ("phase", "effect"):
            continue
        if key != "optional" and key not in required and key not in accepted:
            raise entry.fail(f"{where}.{key}", f"not a parameter of {timing.value}/{effect}")
        values[key] = _parameter(entry, f"{where}.{key}", key, value)
    missing = sorted(required - values.keys())
    if missing:
        raise entry.fail(f"{where}.{missing[0]}", f"missing: {timing.value}/{effect} needs it")
    power = Power(**values)
    _check_power(entry, where, power, set(values))
    return power


def _check_power(entry: _Entry, where: str, power: Power, given: set[str]) -> None:
    """Rules between parameters that the per-effect field lists cannot express."""
    if power.effect == "consume_bonus" and not given & {"credits", "vp"}:
        raise entry.fail(f"{where}.credits", "consume_bonus needs credits or vp")
    if power.effect == "reassign":
        if ("count_if_most" in given) != ("most_worlds" in given):
            raise entry.fail(f"{where}.most_worlds", "count_if_most and most_worlds go together")
        if power.count_if_most and power.count_if_most <= power.count:
            raise entry.fail(f"{where}.count_if_most", "must be more than count")
        if power.to_selected and power.to_phases:
            raise entry.fail(f"{where}.to_phases", "not together with to_selected")
        if power.exact and power.count < 2:
            raise entry.fail(f"{where}.exact", "exact needs a count of at least 2")
    if power.measure is not None:
        allowed = MEASURE_FILTERS[power.measure]
        for key in sorted(given & set(MEASURE_PARAMETERS)):
            if key not in allowed:
                raise entry.fail(
                    f"{where}.{key}", f"not a filter of the measure {power.measure.value}"
                )


def _powers(entry: _Entry, allowed: set[Timing], why: str) -> tuple[Power, ...]:
    raw = entry.get("powers", list)
    if not raw:
        raise entry.fail("powers", "every tile side has at least one power or effect")
    powers = tuple(_power(entry, item, i) for i, item in enumerate(raw))
    for index, power in enumerate(powers):
        if power.phase not in allowed:
            raise entry.fail(f"powers[{index}].phase", f"{power.phase.value}: {why}")
    return powers


# --- tile sides ------------------------------------------------------------------------------

_COMMON = {"id", "name", "german", "german_source", "german_also", "cost", "text", "sources"}
_COMMON |= {"notes", "powers"}
_DEV_FIELDS = _COMMON | {"bonus_text"}
_WORLD_FIELDS = _COMMON | {"colour"}

#: Which timings a side may use, and why not others.
_GAME_WORLD = ({Timing.IMMEDIATE}, "a game-tile world's effect applies on completion (immediate)")
_START_WORLD = ({Timing.SETUP}, "a faction or home world's effect applies at setup only")
_GAME_DEV = (set(Timing) - {Timing.SETUP}, "a development has no setup effect")
_FACTION_DEV = (
    set(Timing) - {Timing.SETUP, Timing.IMMEDIATE},
    "a faction development is never completed, so it has no setup or immediate effect",
)


def _common(entry: _Entry, expected_id: str | None) -> dict[str, Any]:
    side_id = entry.get("id", str)
    if expected_id is not None and side_id != expected_id:
        raise entry.fail("id", f"expected {expected_id!r} for this side")
    sources = entry.strings("sources", SOURCE_CODES)
    if not sources:
        raise entry.fail("sources", "name at least one source")
    return {
        "id": side_id,
        "name": entry.get("name", str),
        "german": entry.get("german", str),
        "german_source": entry.choice("german_source", {s: s for s in GERMAN_SOURCES}),
        "german_also": entry.strings("german_also"),
        "cost": entry.int_in("cost", 0, MAX_COST),
        "text": entry.get("text", str),
        "sources": sources,
        "notes": entry.get("notes", str, ""),
    }


def _development(
    entry: _Entry, expected_id: str | None, timings: tuple[set[Timing], str], extra: set[str]
) -> Development:
    entry.check_known(_DEV_FIELDS | extra)
    dev = Development(
        **_common(entry, expected_id),
        powers=_powers(entry, *timings),
        bonus_text=entry.get("bonus_text", str, ""),
    )
    if dev.bonus and not dev.bonus_text:
        raise entry.fail("bonus_text", "a development with a game_end power prints its bonus")
    if dev.bonus_text and not dev.bonus:
        raise entry.fail("powers", "bonus_text needs a game_end power")
    return dev


def _world(
    entry: _Entry, expected_id: str | None, timings: tuple[set[Timing], str], extra: set[str]
) -> World:
    entry.check_known(_WORLD_FIELDS | extra)
    world = World(
        **_common(entry, expected_id),
        colour=entry.choice("colour", _WORLD_COLOURS),
        powers=_powers(entry, *timings),
    )
    for index, power in enumerate(world.powers):
        if power.to is Destination.GOOD and not world.holds_goods:
            raise entry.fail(f"powers[{index}].to", "a gray world holds no goods")
    return world


def _game_tile(entry: _Entry) -> GameTile:
    entry.check_known({"id", "development", "world"})
    tile_id = entry.get("id", str)
    dev = _development(entry.child("development", "development"), f"{tile_id}d", _GAME_DEV, set())
    world = _world(entry.child("world", "world"), f"{tile_id}w", _GAME_WORLD, set())
    for index, power in enumerate(dev.powers):
        if power.to is Destination.GOOD:
            raise TileDataError(
                f"{entry.source}: {entry.label}: field 'development.powers[{index}].to': "
                "a development holds no goods"
            )
    return GameTile(id=tile_id, development=dev, world=world)


def _faction(entry: _Entry) -> Faction:
    entry.check_known({"id", "a", "b"})
    faction_id = entry.get("id", str)
    halves: list[Side] = []
    for half in ("a", "b"):
        side = entry.child(half, f"half {half}")
        kind = side.choice("type", {"development": Development, "world": World})
        if kind is World:
            halves.append(_world(side, f"{faction_id}{half}", _START_WORLD, {"type"}))
        else:
            halves.append(_development(side, f"{faction_id}{half}", _FACTION_DEV, {"type"}))
    return Faction(id=faction_id, a=halves[0], b=halves[1])


def _home(entry: _Entry) -> World:
    return _world(entry, None, _START_WORLD, set())


def _die(entry: _Entry) -> DieType:
    entry.check_known({"colour", "name", "german", "count", "faces", "sources", "notes"})
    faces = entry.strings("faces", tuple(_names(Face)))
    if not faces:
        raise entry.fail("faces", "a die has faces")
    return DieType(
        colour=entry.choice("colour", _DIE_COLOURS),
        name=entry.get("name", str),
        german=entry.get("german", str),
        count=entry.int_in("count", 0, 200),
        faces=tuple(Face(f) for f in faces),
        sources=entry.strings("sources", SOURCE_CODES),
        notes=entry.get("notes", str, ""),
    )


def _dice_counts(entry: _Entry, name: str) -> dict[DieColour, int]:
    raw = entry.get(name, dict)
    out = {}
    for colour, count in raw.items():
        if colour not in _DIE_COLOURS:
            raise entry.fail(f"{name}.{colour}", f"not one of {', '.join(_DIE_COLOURS)}")
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= 10:
            raise entry.fail(f"{name}.{colour}", f"expected an integer 0..10, got {count!r}")
        out[_DIE_COLOURS[colour]] = count
    return out


def _start(source: str, raw: Any) -> Start:
    entry = _Entry(source, "start", raw)
    entry.check_known({"cup", "citizenry", "credits"})
    return Start(
        cup=_dice_counts(entry, "cup"),
        citizenry=_dice_counts(entry, "citizenry"),
        credits=entry.int_in("credits", 0, 10),
    )


# --- files -----------------------------------------------------------------------------------


_SECTIONS = ("die", "faction", "home", "game_tile")
_LABELS = {"die": "die", "faction": "faction", "home": "home world", "game_tile": "game tile"}


def _sections(data: dict[str, Any], source: str) -> dict[str, list[Any]]:
    for key in data:
        if key not in {*_SECTIONS, "start", "replace_all"}:
            raise TileDataError(f"{source}: unknown top-level entry '{key}'")
    if not isinstance(data.get("replace_all", False), bool):
        raise TileDataError(f"{source}: 'replace_all' must be true or false")
    out = {}
    for key in _SECTIONS:
        value = data.get(key, [])
        if not isinstance(value, list):
            raise TileDataError(f"{source}: '{key}' must be an array of tables ([[{key}]])")
        out[key] = value
    return out


def parse(text: str, source: str, base: TileSet | None = None) -> TileSet:
    """Parse a tile file. With ``base``, entries replace or add to it by id (dice by colour)."""
    data = _read_toml(text, source)
    sections = _sections(data, source)
    replace_all = data.get("replace_all", False) or base is None
    dice: dict[DieColour, DieType] = {} if replace_all else dict(base.dice)
    factions: dict[str, Faction] = {} if replace_all else dict(base.factions)
    homes: dict[str, World] = {} if replace_all else dict(base.homes)
    game_tiles: dict[str, GameTile] = {} if replace_all else dict(base.game_tiles)
    if "start" in data:
        start = _start(source, data["start"])
    elif replace_all:
        raise TileDataError(f"{source}: a complete tile set needs a [start] table")
    else:
        start = base.start
    seen: set[str] = set()

    def add(target: dict[Any, Any], key: Any, item: Any, entry: _Entry, ids: list[str]) -> None:
        for item_id in ids:
            if item_id in seen:
                field = "colour" if isinstance(item, DieType) else "id"
                raise entry.fail(field, f"{item_id!r} is used twice")
            seen.add(item_id)
        target[key] = item

    readers: dict[str, Callable[[_Entry], Any]] = {
        "die": _die,
        "faction": _faction,
        "home": _home,
        "game_tile": _game_tile,
    }
    targets: dict[str, dict[Any, Any]] = {
        "die": dice,
        "faction": factions,
        "home": homes,
        "game_tile": game_tiles,
    }
    for section in _SECTIONS:
        for index, raw in enumerate(sections[section]):
            entry = _Entry.top(source, _LABELS[section], raw, index)
            item = readers[section](entry)
            if isinstance(item, DieType):
                add(targets[section], item.colour, item, entry, [f"die {item.colour.value}"])
            else:
                sides = _sides_of(item)
                ids = [item.id, *(s.id for s in sides if s.id != item.id)]
                add(targets[section], item.id, item, entry, ids)
    _check_unique_ids(source, [*factions.values(), *homes.values(), *game_tiles.values()])
    return TileSet(
        dice=dice,
        start=start,
        factions=factions,
        homes=homes,
        game_tiles=game_tiles,
        source=source,
    )


def _check_unique_ids(source: str, tiles: list[Faction | GameTile | World]) -> None:
    """No two tiles or sides share an id once a correction is merged into the built-in set."""
    owner: dict[str, str] = {}
    for tile in tiles:
        for item_id in {tile.id, *(side.id for side in _sides_of(tile))}:
            if item_id in owner and owner[item_id] != tile.id:
                raise TileDataError(
                    f"{source}: '{tile.id}': field 'id': {item_id!r} is also used by "
                    f"'{owner[item_id]}'"
                )
            owner[item_id] = tile.id


def _sides_of(item: Faction | GameTile | World) -> tuple[Side, ...]:
    if isinstance(item, Faction):
        return item.halves
    if isinstance(item, GameTile):
        return item.sides
    return (item,)


def _check(tiles: TileSet) -> list[str]:
    from nfgalaxy.games.roll.statistics import check

    return check(tiles)


def _parse(text: str, source: str, base: TileSet | None) -> TileSet:
    return parse(text, source, base=base)


SOURCE: TileSource[TileSet] = TileSource("nfgalaxy.games.roll", BUILTIN, USER_FILE, _parse, _check)
builtin = SOURCE.builtin
load_file = SOURCE.load_file
resolve = SOURCE.resolve


def user_tile_file() -> Path:
    """Where the game looks for an owner's corrected tile file."""
    return SOURCE.user_file


__all__ = [
    "EFFECT_FIELDS",
    "TileDataError",
    "builtin",
    "load_file",
    "parse",
    "resolve",
    "user_tile_file",
]
