"""Load and validate New Frontiers component data from TOML.

The built-in set lives in ``data/new_frontiers.toml``. An owner of the physical game can correct
it with a tile file of their own (``--tiles PATH`` or ``new-frontiers-tiles.toml`` in the user
data dir): its entries replace built-in entries with the same id and add new ones, or, with
``replace_all = true`` at the top, replace the whole set. Whatever is loaded is checked against
the schema below and the rulebook's statistics (``statistics.py``); a bad file raises
``TileDataError`` naming the tile and field at fault, and the caller keeps the built-in set.
"""

from __future__ import annotations

import functools
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

from nfgalaxy.core.tilefiles import Entry as _Entry
from nfgalaxy.core.tilefiles import TileDataError, TileSource
from nfgalaxy.core.tilefiles import read_toml as _read_toml
from nfgalaxy.games.new_frontiers.components import (
    KEYWORDS,
    KIND_NAMES,
    Ability,
    BonusLine,
    Development,
    Goal,
    GoodsType,
    HomeSide,
    Kind,
    Phase,
    Status,
    TileSet,
    World,
)

BUILTIN = "new_frontiers.toml"
USER_FILE = "new-frontiers-tiles.toml"


#: For each (phase, effect): the parameters it accepts. ``phase``, ``effect`` and ``optional``
#: are always accepted. The engine interprets exactly these.
EFFECT_FIELDS: dict[tuple[Phase, str], frozenset[str]] = {
    (Phase.DEVELOP, "discount"): frozenset({"amount", "large_amount"}),
    (Phase.DEVELOP, "after_develop"): frozenset({"credits"}),
    (Phase.EXPLORE, "draw_worlds"): frozenset({"amount"}),
    (Phase.EXPLORE, "colonists"): frozenset({"amount"}),
    (Phase.SETTLE, "military"): frozenset({"amount", "kind", "keyword"}),
    (Phase.SETTLE, "discount"): frozenset({"amount", "kind"}),
    (Phase.SETTLE, "temporary_military"): frozenset({"amount"}),
    (Phase.SETTLE, "pay_for_military"): frozenset({"reduction"}),
    (Phase.SETTLE, "after_settle"): frozenset({"draw_worlds", "credits", "colonists"}),
    (Phase.SETTLE, "second_settle"): frozenset(),
    (Phase.SETTLE, "upgrade"): frozenset({"max_increase"}),
    (Phase.SETTLE, "replace_self"): frozenset(),
    (Phase.PRODUCE, "windfall"): frozenset({"kind"}),
    (Phase.PRODUCE, "credits"): frozenset({"amount"}),
    (Phase.PRODUCE, "credits_per_colony"): frozenset({"amount", "kind", "keyword", "military"}),
    (Phase.PRODUCE, "credits_when_produced_here"): frozenset({"amount"}),
    (Phase.PRODUCE, "most_produced"): frozenset({"kind", "credits"}),
    (Phase.TRADE, "bonus"): frozenset({"amount", "kind"}),
    (Phase.CONSUME, "goods"): frozenset(
        {"count", "up_to", "kind", "distinct", "per_good", "vp", "credits"}
    ),
    (Phase.CONSUME, "reward"): frozenset({"vp", "credits"}),
    (Phase.CONSUME, "booming"): frozenset({"vp", "bonus_if_owned", "bonus_vp"}),
    (Phase.CONSUME, "sell"): frozenset(),
}

BONUS_COUNTS = {"colony", "development", "tile", "military_strength", "colony_kinds"}
GOAL_MEASURES = {
    "ability_actions",
    "consume_abilities",
    "colony_kinds",
    "keywords",
    "unused_colonists",
    "stockpiled_worlds",
    "stockpiled_goods",
    "stockpiled_credits",
}


def _keywords(entry: _Entry) -> frozenset[str]:
    words = entry.get("keywords", list, [])
    for word in words:
        if word not in KEYWORDS:
            raise entry.fail("keywords", f"{word!r} is not one of {', '.join(KEYWORDS)}")
    return frozenset(words)


_KIND_OR_NONE = {**KIND_NAMES}


def _ability(entry: _Entry, raw: Any, index: int) -> Ability:
    where = f"abilities[{index}]"
    if not isinstance(raw, dict):
        raise entry.fail(where, "expected a table")
    try:
        phase = Phase(raw.get("phase"))
    except ValueError:
        phase_names = ", ".join(p.value for p in Phase)
        raise entry.fail(
            f"{where}.phase", f"{raw.get('phase')!r} is not one of {phase_names}"
        ) from None
    effect = raw.get("effect")
    allowed = EFFECT_FIELDS.get((phase, effect))
    if allowed is None:
        known = sorted(e for p, e in EFFECT_FIELDS if p is phase)
        raise entry.fail(
            f"{where}.effect", f"{effect!r} is not a {phase.value} effect ({', '.join(known)})"
        )
    values: dict[str, Any] = {"phase": phase, "effect": effect}
    types = {f.name: f.type for f in fields(Ability)}
    for key, value in raw.items():
        if key in ("phase", "effect"):
            continue
        if key != "optional" and key not in allowed:
            raise entry.fail(f"{where}.{key}", f"not a parameter of {phase.value}/{effect}")
        if key == "kind":
            if value not in KIND_NAMES:
                raise entry.fail(f"{where}.kind", f"{value!r} is not one of {sorted(KIND_NAMES)}")
            value = KIND_NAMES[value]
        elif key == "keyword":
            if value not in KEYWORDS:
                raise entry.fail(f"{where}.keyword", f"{value!r} is not a keyword")
        elif "bool" in str(types[key]):
            if not isinstance(value, bool):
                raise entry.fail(f"{where}.{key}", f"expected true or false, got {value!r}")
        elif "int" in str(types[key]):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 20:
                raise entry.fail(f"{where}.{key}", f"expected an integer 0..20, got {value!r}")
        elif not isinstance(value, str):
            raise entry.fail(f"{where}.{key}", f"expected a string, got {value!r}")
        values[key] = value
    if effect == "goods" and values.get("count", 0) < 1:
        raise entry.fail(f"{where}.count", "a goods consume ability needs count >= 1")
    return Ability(**values)


def _bonus(entry: _Entry) -> tuple[BonusLine, ...]:
    lines = entry.get("bonus", list, [])
    out = []
    for index, raw in enumerate(lines):
        where = f"bonus[{index}]"
        if not isinstance(raw, dict):
            raise entry.fail(where, "expected a table")
        count = raw.get("count")
        if count not in BONUS_COUNTS:
            raise entry.fail(f"{where}.count", f"{count!r} is not one of {sorted(BONUS_COUNTS)}")
        values: dict[str, Any] = {"count": count}
        for key, value in raw.items():
            if key == "count":
                continue
            if key == "kind":
                if value not in KIND_NAMES:
                    raise entry.fail(f"{where}.kind", f"{value!r} is not a kind")
                value = KIND_NAMES[value]
            elif key == "goods":
                try:
                    value = GoodsType(value)
                except ValueError:
                    raise entry.fail(
                        f"{where}.goods", f"{value!r} is not windfall/production/gray"
                    ) from None
            elif key == "has_phase":
                try:
                    value = Phase(value)
                except ValueError:
                    raise entry.fail(f"{where}.has_phase", f"{value!r} is not a phase") from None
            elif key in ("ids", "table"):
                if not isinstance(value, list):
                    raise entry.fail(f"{where}.{key}", "expected a list")
                value = tuple(value)
            elif key == "keyword":
                if value not in KEYWORDS:
                    raise entry.fail(f"{where}.keyword", f"{value!r} is not a keyword")
            elif key in ("military", "home", "large", "gives_military"):
                if not isinstance(value, bool):
                    raise entry.fail(f"{where}.{key}", "expected true or false")
            elif key in ("vp", "colonists"):
                if isinstance(value, bool) or not isinstance(value, int):
                    raise entry.fail(f"{where}.{key}", "expected an integer")
            else:
                raise entry.fail(f"{where}.{key}", "unknown field")
            values[key] = value
        if count == "colony_kinds" and len(values.get("table", ())) != 4:
            raise entry.fail(f"{where}.table", "colony_kinds needs 4 values (1..4 kinds)")
        out.append(BonusLine(**values))
    return tuple(out)


def _vp(entry: _Entry) -> int | None:
    vp = entry.get("vp", (int, str))
    if vp == "?":
        if not entry.raw.get("bonus"):
            raise entry.fail("bonus", 'a "?" VP tile needs bonus lines')
        return None
    if isinstance(vp, str):
        raise entry.fail("vp", f'expected an integer or "?", got {vp!r}')
    if not 0 <= vp <= 12:
        raise entry.fail("vp", f"{vp} is outside 0..12")
    if entry.raw.get("bonus"):
        raise entry.fail("bonus", 'only a "?" VP tile has bonus lines')
    return vp


_COMMON = {"id", "name", "status", "adapts", "keywords", "vp", "bonus", "abilities", "text"}
_COMMON |= {"notes", "german"}
_WORLD_FIELDS = _COMMON | {"military", "cost", "defence", "colonists", "kind", "goods"}
_HOME_FIELDS = _WORLD_FIELDS | {"mat", "side", "first_game"}
_DEV_FIELDS = _COMMON | {"group", "stack", "face", "first_game", "cost"}
_GOAL_FIELDS = {"id", "name", "german", "type", "measure", "thresholds", "text", "maximum"}
_GOAL_FIELDS |= {"action"}
_STATUS = {s.value: s for s in Status}


def _abilities(entry: _Entry) -> tuple[Ability, ...]:
    raw = entry.get("abilities", list, [])
    return tuple(_ability(entry, item, i) for i, item in enumerate(raw))


def _common(entry: _Entry) -> dict[str, Any]:
    """The fields every world, home colony and development has."""
    return {
        "id": entry.get("id", str),
        "name": entry.get("name", str),
        "status": entry.choice("status", _STATUS),
        "adapts": entry.get("adapts", str, ""),
        "keywords": _keywords(entry),
        "vp": _vp(entry),
        "bonus": _bonus(entry),
        "abilities": _abilities(entry),
        "text": entry.get("text", str, ""),
        "notes": entry.get("notes", str, ""),
        "german": entry.get("german", str, ""),
    }


def _world(entry: _Entry, home: bool) -> World:
    entry.check_known(_HOME_FIELDS if home else _WORLD_FIELDS)
    military = entry.get("military", bool)
    if military:
        if "cost" in entry.raw:
            raise entry.fail("cost", "a military world has a defence, not a cost")
        number = entry.int_in("defence", 0, 12)
    else:
        if "defence" in entry.raw:
            raise entry.fail("defence", "a non-military world has a cost, not a defence")
        number = entry.int_in("cost", 0, 12)
    kind_name = entry.get("kind", str)
    goods = entry.choice("goods", {g.value: g for g in GoodsType})
    if kind_name == "gray":
        kind, any_kind = None, False
        if goods is not GoodsType.GRAY:
            raise entry.fail("goods", "a gray world (kind 'gray') never holds goods")
    elif kind_name == "any":
        kind, any_kind = None, True
    elif kind_name in KIND_NAMES:
        kind, any_kind = KIND_NAMES[kind_name], False
    else:
        raise entry.fail("kind", f"{kind_name!r} is not novelty, rare, genes, alien, any or gray")
    if kind_name != "gray" and goods is GoodsType.GRAY:
        raise entry.fail("goods", f"a {kind_name} world is windfall or production, not gray")
    side = None
    if home:
        side = HomeSide(
            mat=entry.int_in("mat", 1, 8),
            side=entry.choice("side", {"a": "a", "b": "b"}),
            first_game=entry.get("first_game", bool),
        )
    return World(
        **_common(entry),
        military=military,
        number=number,
        colonists=entry.int_in("colonists", 1, 2),
        kind=kind,
        any_kind=any_kind,
        goods=goods,
        home=side,
    )


def _development(entry: _Entry) -> Development:
    entry.check_known(_DEV_FIELDS)
    return Development(
        **_common(entry),
        group=entry.choice("group", {g: g for g in ("large", "variable", "fixed")}),
        stack=entry.get("stack", str),
        face=entry.choice("face", {"a": "a", "b": "b"}),
        first_game=entry.get("first_game", bool),
        cost=entry.int_in("cost", 0, 9),
    )


def _goal(entry: _Entry) -> Goal:
    entry.check_known(_GOAL_FIELDS)
    raw_lines = entry.get("thresholds", list)
    lines = []
    for line in raw_lines:
        if not (
            isinstance(line, list) and len(line) == 2 and all(isinstance(v, int) for v in line)
        ):
            raise entry.fail("thresholds", "expected a list of [amount, vp] pairs")
        lines.append((line[0], line[1]))
    goal_type = entry.choice("type", {t: t for t in ("category", "quantity", "stockpile")})
    goal = Goal(
        id=entry.get("id", str),
        name=entry.get("name", str),
        german=entry.get("german", str, ""),
        type=goal_type,
        measure=entry.choice("measure", {m: m for m in GOAL_MEASURES}),
        thresholds=tuple(lines),
        text=entry.get("text", str, ""),
        maximum=entry.int_in("maximum", 0, 20, 0),
        action=entry.get("action", str, ""),
    )
    if goal_type == "stockpile" and (goal.maximum < 1 or not goal.action):
        raise entry.fail("maximum", "a stockpile goal needs a maximum and an action")
    return goal


def _sections(data: dict[str, Any], source: str) -> dict[str, list[Any]]:
    known = {"world", "home", "development", "goal", "replace_all"}
    for key in data:
        if key not in known:
            raise TileDataError(f"{source}: unknown top-level entry '{key}'")
    out = {}
    for key in ("world", "home", "development", "goal"):
        value = data.get(key, [])
        if not isinstance(value, list):
            raise TileDataError(f"{source}: '{key}' must be an array of tables ([[{key}]])")
        out[key] = value
    return out


def parse(text: str, source: str, base: TileSet | None = None) -> TileSet:
    """Parse a tile file. With ``base``, entries replace or add to it by id."""
    data = _read_toml(text, source)
    sections = _sections(data, source)
    replace_all = data.get("replace_all", False) or base is None
    worlds = {} if replace_all else dict(base.worlds)
    homes = {} if replace_all else dict(base.homes)
    devs = {} if replace_all else dict(base.developments)
    goals = {} if replace_all else dict(base.goals)
    seen: set[str] = set()

    def add(target: dict[str, Any], item: Any, label: str) -> None:
        if item.id in seen:
            raise TileDataError(f"{source}: {label} '{item.id}': field 'id': used twice")
        seen.add(item.id)
        target[item.id] = item

    for i, raw in enumerate(sections["world"]):
        add(worlds, _world(_Entry.top(source, "world", raw, i), home=False), "world")
    for i, raw in enumerate(sections["home"]):
        add(homes, _world(_Entry.top(source, "home", raw, i), home=True), "home")
    for i, raw in enumerate(sections["development"]):
        add(devs, _development(_Entry.top(source, "development", raw, i)), "development")
    for i, raw in enumerate(sections["goal"]):
        add(goals, _goal(_Entry.top(source, "goal", raw, i)), "goal")
    return TileSet(worlds=worlds, homes=homes, developments=devs, goals=goals, source=source)


def _check(tiles: TileSet) -> list[str]:
    from nfgalaxy.games.new_frontiers.statistics import check

    return check(tiles)


def _parse(text: str, source: str, base: TileSet | None) -> TileSet:
    return parse(text, source, base=base)


SOURCE: TileSource[TileSet] = TileSource(
    "nfgalaxy.games.new_frontiers", BUILTIN, USER_FILE, _parse, _check
)
builtin = SOURCE.builtin
load_file = SOURCE.load_file
resolve = SOURCE.resolve

#: The built-in set's revision. 2 (issue 17): Public Works costs 1 and Asteroid Belt has
#: "Settle: +1 military", so that every worked example of the rules can happen with the shipped
#: tiles, and Terraforming Engineers may replace the home colony. A game keeps its revision in
#: its options; saves from before have none and play on as revision 1, so their decisions still
#: replay exactly (undo replays them) on the tiles they were played with.
REVISION = 2


def for_revision(tiles: TileSet, revision: int) -> TileSet:
    """``tiles`` as played at ``revision``: only the built-in set has older revisions."""
    if revision >= REVISION or tiles is not builtin():
        return tiles
    return _revision_1()


@functools.cache
def _revision_1() -> TileSet:
    tiles = builtin()
    worlds, developments = dict(tiles.worlds), dict(tiles.developments)
    worlds["WN12"] = replace(worlds["WN12"], abilities=(), text="", notes="")
    developments["F8"] = replace(
        developments["F8"], cost=2, notes=developments["F8"].notes.split(" Cost 1,")[0]
    )
    return TileSet(
        worlds=worlds,
        homes=dict(tiles.homes),
        developments=developments,
        goals=dict(tiles.goals),
        source=tiles.source,
    )


def user_tile_file() -> Path:
    """Where the game looks for an owner's corrected tile file."""
    return SOURCE.user_file


__all__ = [
    "EFFECT_FIELDS",
    "REVISION",
    "Kind",
    "TileDataError",
    "builtin",
    "for_revision",
    "load_file",
    "parse",
    "resolve",
    "user_tile_file",
]
