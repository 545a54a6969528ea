"""Check a tile set against the counts the sources give for Roll for the Galaxy.

The German rulebook has no tile list, so the built-in data comes from public implementations
(see ``shared/data/roll-for-the-galaxy-tiles.md``), and owners of the game may load corrections
of their own. The rulebook does give counts: dice per colour and what each colour emphasises,
the number of tiles of each kind, world colours, the three kinds of development, and that the
cost-6 developments score end-game bonuses. Any tile set we play with must meet them, so that a
typo in a correction cannot quietly change the game. Figures marked "derived" are not in the
rulebook (its chart of costs was lost in extraction); they are the facts file's own counts
(section 4 there; rules §2.3), kept so that a correction cannot shift costs unnoticed.

Every check returns readable problems with the numbers ("red dice: expected 22, found 21"), so
the owner of a corrected file can fix it without reading code.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import TypeVar

from nfgalaxy.games.roll.components import (
    DieColour,
    DieType,
    Face,
    Faction,
    Start,
    TileSet,
    Timing,
    WorldColour,
)

#: Dice per colour (rules §2.2, stated in the rulebook).
DICE: Mapping[DieColour, int] = {
    DieColour.HOME: 25,
    DieColour.MILITARY: 22,
    DieColour.CONSUMPTION: 9,
    DieColour.NOVELTY: 20,
    DieColour.RARE: 14,
    DieColour.GENES: 12,
    DieColour.ALIEN: 9,
}
DICE_TOTAL = 111
FACES_PER_DIE = 6

#: The rulebook's emphasis per colour: these faces, and only these, are the die's most frequent;
#: where the rulebook says "3×", the count it gives (rules §2.2).
EMPHASIS: Mapping[DieColour, tuple[frozenset[Face], int | None]] = {
    DieColour.HOME: (frozenset({Face.EXPLORE}), None),
    DieColour.MILITARY: (frozenset({Face.DEVELOP, Face.SETTLE}), None),
    DieColour.CONSUMPTION: (frozenset({Face.SHIP}), 3),
    DieColour.NOVELTY: (frozenset({Face.PRODUCE, Face.SHIP}), None),
    DieColour.RARE: (frozenset({Face.DEVELOP}), None),
    DieColour.GENES: (frozenset({Face.SETTLE, Face.WILD}), None),
    DieColour.ALIEN: (frozenset({Face.WILD}), 3),
}

#: Faces a colour never shows: white has no wild (rules §5.3: the 2-player roll always shows a
#: phase), yellow has no Explore (rulebook FAQ on Alien Technology explorers).
NO_FACE: Mapping[DieColour, Face] = {DieColour.HOME: Face.WILD, DieColour.ALIEN: Face.EXPLORE}

#: Every player's start before home world and faction (rules §4 step 3 and 6).
START_CUP = {DieColour.HOME: 3}
START_CITIZENRY = {DieColour.HOME: 2}
START_CREDITS = 1

GAME_TILES = 55
FACTIONS = 9
HOME_WORLDS = 9
PHYSICAL_TILES = GAME_TILES + FACTIONS + HOME_WORLDS  # 73
#: Factions by their halves: usually a development and a world; Destroyed Colony is two worlds.
FACTION_SHAPES = {("development", "world"): 8, ("world", "world"): 1}

#: World sides of the game tiles per colour (rules §2.3, stated in the rulebook).
WORLD_COLOURS: Mapping[WorldColour, int] = {
    WorldColour.NOVELTY: 15,
    WorldColour.RARE: 13,
    WorldColour.GENES: 9,
    WorldColour.ALIEN: 7,
    WorldColour.GRAY: 11,
}
#: Development sides per kind (rules §2.3, stated in the rulebook).
DEVELOPMENT_CATEGORIES = {"reassign": 18, "other": 34, "immediate": 3}
CATEGORY_NAMES = {
    "reassign": "a reassign power",
    "other": "other powers",
    "immediate": "an immediate effect",
}
#: Printed costs per side run from 1 to 6 (rulebook); the counts per cost are derived.
WORLD_COSTS = {1: 7, 2: 14, 3: 15, 4: 10, 5: 5, 6: 4}
DEVELOPMENT_COSTS = {1: 9, 2: 10, 3: 15, 4: 6, 5: 5, 6: 10}
#: The developments of this cost, and only they, score an end-game bonus (rules §9.3).
BONUS_COST = 6

K = TypeVar("K")


def check(tiles: TileSet) -> list[str]:
    """Every way ``tiles`` differs from the counts of the sources; empty when it fits."""
    problems: list[str] = []
    problems += check_dice(tiles.dice)
    problems += check_start(tiles.start)
    problems += check_game_tiles(tiles)
    problems += check_factions(list(tiles.factions.values()))
    problems += _expect("home worlds", HOME_WORLDS, len(tiles.homes))
    physical = len(tiles.game_tiles) + len(tiles.factions) + len(tiles.homes)
    problems += _expect("physical tiles", PHYSICAL_TILES, physical)
    problems += check_names(tiles)
    return problems


# --- dice ------------------------------------------------------------------------------------


def check_dice(dice: Mapping[DieColour, DieType]) -> list[str]:
    """Count per colour, six faces each, the rulebook's emphasis and the missing faces."""
    problems = [
        f"dice: {colour.value} ({colour.label}) is missing" for colour in DICE if colour not in dice
    ]
    problems += _expect("dice", DICE_TOTAL, sum(die.count for die in dice.values()))
    for die in dice.values():
        problems += _check_die(die)
    return problems


def _check_die(die: DieType) -> list[str]:
    name = die.colour.value
    problems = _expect(f"{name} dice", DICE[die.colour], die.count)
    problems += _expect(f"{name} die faces", FACES_PER_DIE, len(die.faces))
    faces = die.face_counts()
    top = max(faces.values(), default=0)
    most = {face for face, count in faces.items() if count == top}
    emphasised, times = EMPHASIS[die.colour]
    if most != emphasised:
        problems.append(
            f"{name} die: most frequent faces: expected {_faces(emphasised)}, found {_faces(most)}"
        )
    if times is not None:
        for face in sorted(emphasised, key=list(Face).index):
            problems += _expect(f"{name} die: {face.value} faces", times, faces[face])
    absent = NO_FACE.get(die.colour)
    if absent is not None:
        problems += _expect(f"{name} die: {absent.value} faces", 0, faces[absent])
    return problems


def check_start(start: Start) -> list[str]:
    """3 white dice in the cup, 2 in the citizenry and $1 (rules §4)."""
    problems = []
    if dict(start.cup) != START_CUP:
        problems.append(f"start cup: expected {_dice(START_CUP)}, found {_dice(start.cup)}")
    if dict(start.citizenry) != START_CITIZENRY:
        problems.append(
            f"start citizenry: expected {_dice(START_CITIZENRY)}, found {_dice(start.citizenry)}"
        )
    problems += _expect("start credits", START_CREDITS, start.credits)
    return problems


# --- game tiles ------------------------------------------------------------------------------


def check_game_tiles(tiles: TileSet) -> list[str]:
    """55 tiles; world colours, development kinds and costs per side; cost-6 bonuses."""
    worlds = tiles.worlds()
    devs = tiles.developments()
    problems = _expect("game tiles", GAME_TILES, len(tiles.game_tiles))
    problems += _tally("world sides", WORLD_COLOURS, Counter(w.colour for w in worlds), _colour)
    problems += _tally(
        "development sides with",
        DEVELOPMENT_CATEGORIES,
        Counter(d.category for d in devs),
        CATEGORY_NAMES.__getitem__,
    )
    problems += _distribution("world sides of cost", WORLD_COSTS, Counter(w.cost for w in worlds))
    problems += _distribution(
        "development sides of cost", DEVELOPMENT_COSTS, Counter(d.cost for d in devs)
    )
    for world in worlds:
        if not any(p.phase is Timing.IMMEDIATE for p in world.powers):
            problems.append(f"world {world.id} '{world.name}': every world has an immediate effect")
    all_devs = devs + [d for f in tiles.factions.values() for d in f.developments]
    for dev in all_devs:
        label = f"development {dev.id} '{dev.name}'"
        if not dev.powers:
            problems.append(f"{label}: expected at least 1 power, found none")
        if dev.cost == BONUS_COST and not dev.bonus:
            problems.append(f"{label}: a cost-{BONUS_COST} development has an end-game bonus")
        if dev.cost != BONUS_COST and dev.bonus:
            problems.append(
                f"{label}: only cost-{BONUS_COST} developments have an end-game bonus, "
                f"this one costs {dev.cost}"
            )
    return problems


# --- factions and home worlds ----------------------------------------------------------------


def check_factions(factions: list[Faction]) -> list[str]:
    """9 faction tiles of two halves: 8 development + world, Destroyed Colony two worlds."""
    problems = _expect("faction tiles", FACTIONS, len(factions))
    problems += _expect("faction halves", 2 * FACTIONS, sum(len(f.halves) for f in factions))
    shapes = Counter(_shape(f) for f in factions)
    problems += _tally("factions with halves", FACTION_SHAPES, shapes, lambda s: " + ".join(s))
    problems += [
        f"faction {f.id}: halves {' + '.join(_shape(f))} do not occur"
        for f in factions
        if _shape(f) not in FACTION_SHAPES
    ]
    return problems


def _shape(faction: Faction) -> tuple[str, ...]:
    return tuple(sorted(type(half).__name__.lower() for half in faction.halves))


# --- every tile ------------------------------------------------------------------------------


def check_names(tiles: TileSet) -> list[str]:
    """Every tile side has its own name: all developments are unique (rules §2.3)."""
    names = Counter(side.name for side in tiles.by_id.values())
    return [f"tile name '{name}': used by {n} sides" for name, n in names.items() if n > 1]


# --- helpers ---------------------------------------------------------------------------------


def _expect(label: str, expected: int, found: int) -> list[str]:
    """The one message format of this module: what, how many expected, how many found."""
    if expected == found:
        return []
    return [f"{label}: expected {expected}, found {found}"]


def _distribution(label: str, expected: Mapping[int, int], found: Counter[int]) -> list[str]:
    """A distribution of values; a value the table does not list must not occur at all."""
    return [
        problem
        for value in sorted(set(expected) | set(found))
        for problem in _expect(f"{label} {value}", expected.get(value, 0), found[value])
    ]


def _tally(
    label: str, expected: Mapping[K, int], found: Counter[K], name: Callable[[K], str]
) -> list[str]:
    """Only the listed keys, in the order of the table."""
    return [
        problem
        for key, count in expected.items()
        for problem in _expect(f"{label} {name(key)}", count, found[key])
    ]


def _colour(colour: WorldColour) -> str:
    return f"{colour.value} ({colour.label})" if colour.holds_goods else colour.value


def _faces(faces: Iterable[Face]) -> str:
    return ", ".join(f.value for f in sorted(faces, key=list(Face).index)) or "none"


def _dice(counts: Mapping[DieColour, int]) -> str:
    return ", ".join(f"{n} {c.value}" for c, n in counts.items()) or "none"
