"""Check a tile set against the published statistics of New Frontiers.

The printed tile list is not available, so the built-in set is a reconstruction, and owners of
the game may load corrections of their own. The rulebook does print statistics about the world
bag ("Über die Welten") and the component counts of the developments, home colonies and goals.
Any tile set we play with must meet them, so that a reconstruction or a typo in a correction
cannot quietly change the balance of the game. The figures come from section 1 of
``shared/data/new-frontiers-tiles.md`` and section 4 of ``new-frontiers-reconstruction.md``.

Every check returns readable problems with the numbers ("military defence 3: expected 3 worlds,
found 2"), so the owner of a corrected file can fix it without reading code.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TypeVar

from nfgalaxy.games.new_frontiers.components import (
    KIND_LABELS,
    Development,
    GoodsType,
    TileSet,
    World,
)


@dataclass(frozen=True)
class BagTargets:
    """The rulebook's figures for one type of world in the bag (military or non-military)."""

    label: str
    total: int
    number_name: str  # what the printed number is: defence or cost
    numbers: Mapping[int, int]  # defence or cost -> worlds
    colonists: Mapping[int, int]  # colonists needed -> worlds
    goods: Mapping[GoodsType, int]
    kinds: Mapping[str, int]  # kind key (see _kind_key) -> worlds; gray worlds are in `goods`
    keywords: Mapping[str, int]
    vp_range: tuple[int, int]  # printed VP; both ends must occur
    bonus_keywords: frozenset[str]  # keywords named by the "?"-VP worlds of this type
    gray_alien: int | None  # gray worlds with the Alien keyword (None: no figure printed)
    rebel_and_uplift: int | None  # worlds with both Rebel and Uplift (None: no figure printed)


WORLDS_IN_BAG = 60

BAG: tuple[BagTargets, ...] = (
    BagTargets(
        label="military",
        total=26,
        number_name="defence",
        numbers={1: 5, 2: 6, 3: 3, 4: 3, 5: 2, 6: 2, 7: 1, 8: 2, 9: 2},
        colonists={1: 18, 2: 8},
        goods={GoodsType.WINDFALL: 12, GoodsType.PRODUCTION: 6, GoodsType.GRAY: 8},
        kinds={"novelty": 3, "rare": 4, "genes": 6, "alien": 5, "any": 0},
        keywords={"Imperium": 3, "Rebel": 11, "Uplift": 6},
        vp_range=(0, 9),
        bonus_keywords=frozenset({"Rebel", "Uplift"}),
        gray_alien=None,
        rebel_and_uplift=1,
    ),
    BagTargets(
        label="non-military",
        total=34,
        number_name="cost",
        numbers={0: 1, 1: 3, 2: 12, 3: 5, 4: 4, 5: 6, 6: 2, 7: 1},
        colonists={1: 21, 2: 13},
        goods={GoodsType.WINDFALL: 11, GoodsType.PRODUCTION: 20, GoodsType.GRAY: 3},
        kinds={"novelty": 12, "rare": 9, "genes": 5, "alien": 4, "any": 1},
        keywords={"Imperium": 4, "Rebel": 0, "Uplift": 4},
        vp_range=(0, 6),
        bonus_keywords=frozenset({"Imperium", "Uplift"}),
        gray_alien=1,
        rebel_and_uplift=None,
    ),
)


@dataclass(frozen=True)
class GroupTargets:
    """How one group of developments is built: stacks, faces per stack, copies per stack."""

    group: str
    stacks: int
    faces: tuple[str, ...]  # face letters of every stack
    copies: int  # physical tiles per stack (a large tile is one tile with two faces)


DEVELOPMENT_GROUPS: tuple[GroupTargets, ...] = (
    GroupTargets("large", stacks=8, faces=("a", "b"), copies=1),
    GroupTargets("variable", stacks=8, faces=("a", "b"), copies=3),
    GroupTargets("fixed", stacks=8, faces=("a",), copies=3),
)
DEVELOPMENT_TILES = 56  # 8 large + 16 small stacks x 3 (rulebook component list)
DEVELOPMENT_FACES = 40  # 16 large + 16 variable small + 8 fixed small
LARGE_COST = 9

EMPIRE_MATS = 8
HOME_SIDES = ("a", "b")
GOALS = 8

K = TypeVar("K")

_KIND_NAMES = {kind.name.lower(): label for kind, label in KIND_LABELS.items()}
_KIND_NAMES["any"] = "any-kind"


def check(tiles: TileSet) -> list[str]:
    """Every way ``tiles`` differs from the published statistics; empty when it fits."""
    problems: list[str] = []
    problems += check_bag(list(tiles.worlds.values()))
    problems += check_developments(list(tiles.developments.values()))
    problems += check_homes(list(tiles.homes.values()))
    problems += _expect("goal tiles", GOALS, len(tiles.goals), "")
    problems += check_references(tiles)
    return problems


# --- world bag -------------------------------------------------------------------------------


def check_bag(worlds: list[World]) -> list[str]:
    """The figures of the rulebook's section "Über die Welten" (rules §12)."""
    problems = _expect("worlds in the bag", WORLDS_IN_BAG, len(worlds), "")
    for target in BAG:
        military = target.label == "military"
        group = [w for w in worlds if w.military == military]
        problems += _check_bag_type(target, group)
    return problems


def _check_bag_type(target: BagTargets, worlds: list[World]) -> list[str]:
    """One row of the rulebook's tables: the figures are printed per type of world."""
    label = target.label
    problems = _expect(label, target.total, len(worlds))
    problems += _distribution(
        f"{label} {target.number_name}", target.numbers, Counter(w.number for w in worlds)
    )
    problems += _tally(
        target.colonists,
        Counter(w.colonists for w in worlds),
        lambda n: f"{label} {n} colonist{'s' if n > 1 else ''}",
    )
    problems += _tally(
        target.goods,
        Counter(w.goods for w in worlds),
        lambda goods: f"{label} {goods.value}",
    )
    problems += _tally(
        target.kinds,
        Counter(_kind_key(w) for w in worlds),
        lambda key: f"{label} {_KIND_NAMES[key]}",
    )
    problems += _tally(
        target.keywords,
        Counter(word for w in worlds for word in w.keywords),
        lambda word: f"{label} keyword {word}",
    )
    if target.gray_alien is not None:
        found = sum(1 for w in worlds if w.goods is GoodsType.GRAY and "Alien" in w.keywords)
        problems += _expect(f"{label} gray with keyword Alien", target.gray_alien, found)
    if target.rebel_and_uplift is not None:
        found = sum(1 for w in worlds if {"Rebel", "Uplift"} <= w.keywords)
        problems += _expect(f"{label} with both Rebel and Uplift", target.rebel_and_uplift, found)
    problems += _check_vp_range(target, worlds)
    problems += _check_bonus_keywords(target, worlds)
    return problems


def _kind_key(world: World) -> str:
    """The kind column a world counts in; gray worlds are counted by their goods type."""
    if world.any_kind:
        return "any"
    return world.kind.name.lower() if world.kind is not None else "gray"


def _check_vp_range(target: BagTargets, worlds: list[World]) -> list[str]:
    """Printed VP stay in the range and reach both ends; "?" worlds have no printed VP."""
    low, high = target.vp_range
    printed = [w for w in worlds if w.vp is not None]
    problems = [
        f"{target.label} world {w.id} '{w.name}': VP {w.vp} is outside {low}–{high}"
        for w in printed
        if w.vp is not None and not low <= w.vp <= high
    ]
    values = {w.vp for w in printed}
    for end in (low, high):
        if end not in values:
            problems.append(f"{target.label} VP range {low}–{high}: no world has {end} VP")
    return problems


def _check_bonus_keywords(target: BagTargets, worlds: list[World]) -> list[str]:
    """The keywords that the "?" conditions of the worlds of this type refer to."""
    found = {
        line.keyword for w in worlds if w.vp is None for line in w.bonus if line.keyword is not None
    }
    if found == target.bonus_keywords:
        return []
    return [
        f'keywords referred to by {target.label} "?"-VP worlds: expected '
        f"{_names(target.bonus_keywords)}, found {_names(found)}"
    ]


# --- developments ----------------------------------------------------------------------------


def check_developments(developments: list[Development]) -> list[str]:
    """8 large double-sided tiles, 8 flippable small stacks, 8 fixed small kinds (rules §3.2)."""
    problems: list[str] = []
    stacks: dict[str, list[Development]] = {}
    for dev in developments:
        stacks.setdefault(dev.stack, []).append(dev)
    tiles = 0
    for target in DEVELOPMENT_GROUPS:
        group = {name: faces for name, faces in stacks.items() if faces[0].group == target.group}
        problems += _expect(f"{target.group} development stacks", target.stacks, len(group), "")
        tiles += len(group) * target.copies
        for name, faces in group.items():
            problems += _check_stack(target, name, faces)
    problems += _expect("development tiles", DEVELOPMENT_TILES, tiles, "")
    problems += _expect("development faces", DEVELOPMENT_FACES, len(developments), "")
    return problems


def _check_stack(target: GroupTargets, name: str, faces: list[Development]) -> list[str]:
    """One tile or stack: its faces, its first-game face (setup §3.2) and its group's rules."""
    where = f"{target.group} development stack {name}"
    problems = []
    mixed = sorted({dev.id for dev in faces if dev.group != target.group})
    if mixed:
        problems.append(f"{where}: faces {', '.join(mixed)} belong to another group")
    letters = sorted(dev.face for dev in faces)
    if letters != sorted(target.faces):
        problems.append(
            f"{where}: expected faces {', '.join(target.faces)}, found {', '.join(letters)}"
        )
    first = [dev.id for dev in faces if dev.first_game]
    if len(first) != 1:
        problems.append(f"{where}: expected exactly 1 first-game face, found {len(first)}")
    for dev in faces:
        label = f"{where}: {dev.id} '{dev.name}'"
        if target.group == "large":
            if dev.cost != LARGE_COST:
                problems.append(f"{label}: expected cost {LARGE_COST}, found {dev.cost}")
            if dev.vp is not None:
                problems.append(f'{label}: expected "?" VP, found {dev.vp}')
        elif dev.cost >= LARGE_COST:
            problems.append(f"{label}: a small development costs less than {LARGE_COST}")
        if target.group == "fixed" and len(dev.abilities) != 1:
            problems.append(f"{label}: expected exactly 1 ability, found {len(dev.abilities)}")
    return problems


# --- home colonies ---------------------------------------------------------------------------


def check_homes(homes: list[World]) -> list[str]:
    """8 double-sided empire mats, one first-game side each, every home colony with an ability."""
    mats: dict[int, list[World]] = {}
    for home in homes:
        assert home.home is not None
        mats.setdefault(home.home.mat, []).append(home)
    problems = _expect("empire mats", EMPIRE_MATS, len(mats), "")
    problems += _expect("home colonies", EMPIRE_MATS * len(HOME_SIDES), len(homes), "")
    for mat, sides in sorted(mats.items()):
        letters = sorted(h.home.side for h in sides if h.home is not None)
        if letters != list(HOME_SIDES):
            problems.append(
                f"empire mat {mat}: expected sides {', '.join(HOME_SIDES)}, "
                f"found {', '.join(letters)}"
            )
        first = sum(1 for h in sides if h.home is not None and h.home.first_game)
        if first != 1:
            problems.append(f"empire mat {mat}: expected exactly 1 first-game side, found {first}")
    problems += [
        f"home colony {h.id} '{h.name}': expected at least 1 ability, found none"
        for h in homes
        if not h.abilities
    ]
    return problems


# --- cross-references ------------------------------------------------------------------------


def check_references(tiles: TileSet) -> list[str]:
    """Tiles named by a "?" line or by Booming Economy exist, or the bonus could never score."""
    problems = []
    for tile in tiles.by_id.values():
        named = [tile_id for line in tile.bonus for tile_id in line.ids]
        named += [a.bonus_if_owned for a in tile.abilities if a.bonus_if_owned]
        problems += [
            f"{tile.id} '{tile.name}' names tile {tile_id}, which is not in the set"
            for tile_id in named
            if tile_id not in tiles.by_id
        ]
    return problems


# --- helpers ---------------------------------------------------------------------------------


def _expect(label: str, expected: int, found: int, unit: str = "worlds") -> list[str]:
    """The one message format of this module: what, how many expected, how many found."""
    if expected == found:
        return []
    if unit and expected == 1:
        unit = unit.removesuffix("s")
    what = f" {unit}" if unit else ""
    return [f"{label}: expected {expected}{what}, found {found}"]


def _distribution(label: str, expected: Mapping[int, int], found: Counter[int]) -> list[str]:
    """A printed distribution; a value the table does not list must not occur at all."""
    return [
        problem
        for value in sorted(set(expected) | set(found))
        for problem in _expect(f"{label} {value}", expected.get(value, 0), found[value])
    ]


def _tally(expected: Mapping[K, int], found: Counter[K], label: Callable[[K], str]) -> list[str]:
    """Only the listed keys: the tables leave some categories (gray kind, Alien) uncounted."""
    return [
        problem
        for key, count in expected.items()
        for problem in _expect(label(key), count, found[key])
    ]


def _names(words: Iterable[str]) -> str:
    return ", ".join(sorted(words)) or "none"
