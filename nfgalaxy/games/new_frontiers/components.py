"""Immutable component definitions for New Frontiers: worlds, home colonies, developments, goals.

The definitions are loaded once from TOML (see ``tileset.py``) and never change during a game.
Abilities are data: a phase, an effect name from a small vocabulary, and a few parameters. The
rules engine interprets that vocabulary in one place per phase (``abilities.py``), so a new tile
rarely needs new code.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

from nfgalaxy.core.words import counted


class Kind(enum.IntEnum):
    """The four kinds of goods and worlds. The value is the trade price minus one."""

    NOVELTY = 0
    RARE = 1
    GENES = 2
    ALIEN = 3

    def __bool__(self) -> bool:
        # Novelty has the value 0; a kind must never read as "no kind" in a truth test.
        return True

    @property
    def price(self) -> int:
        """Base trade price: Novelty $1, Rare Elements $2, Genes $3, Alien Technology $4."""
        return int(self) + 1

    @property
    def label(self) -> str:
        return KIND_LABELS[self]

    @property
    def letter(self) -> str:
        return "NRGA"[self]


#: The kinds by value: ``KINDS[k]`` is ``Kind(k)`` without the enum's (slow) call.
KINDS = tuple(Kind)

KIND_LABELS = {
    Kind.NOVELTY: "Novelty",
    Kind.RARE: "Rare Elements",
    Kind.GENES: "Genes",
    Kind.ALIEN: "Alien Technology",
}

#: Goods in the box, per kind (rulebook component list).
GOODS_IN_BOX = {Kind.NOVELTY: 19, Kind.RARE: 17, Kind.GENES: 13, Kind.ALIEN: 11}

#: Data-file spelling of kinds.
KIND_NAMES = {"novelty": Kind.NOVELTY, "rare": Kind.RARE, "genes": Kind.GENES, "alien": Kind.ALIEN}


class GoodsType(enum.Enum):
    """How a world gets goods: once when settled, every Produce, or never."""

    WINDFALL = "windfall"
    PRODUCTION = "production"
    GRAY = "gray"


class Phase(enum.Enum):
    """The six ability categories printed on tiles (rules §7.1)."""

    # Members are singletons: identity hashing is exact and much faster than Enum's default.
    __hash__ = object.__hash__

    DEVELOP = "develop"
    EXPLORE = "explore"
    SETTLE = "settle"
    PRODUCE = "produce"
    TRADE = "trade"
    CONSUME = "consume"


class Status(enum.Enum):
    """Where a tile's data comes from; shown by the tile inspector and ``nfgalaxy tiles``."""

    KNOWN = "known"
    KNOWN_FILLED = "known+filled"
    RECONSTRUCTED = "reconstructed"


KEYWORDS = ("Alien", "Imperium", "Rebel", "Terraforming", "Uplift")


@dataclass(frozen=True, slots=True)
class Ability:
    """One ability of a tile: which action it changes, what it does, and its parameters.

    Only the fields that the effect uses are set; ``EFFECT_FIELDS`` in ``tileset.py`` says which
    fields each effect accepts, so a data file cannot carry a parameter the engine ignores.
    """

    phase: Phase
    effect: str
    amount: int = 0
    kind: Kind | None = None
    keyword: str | None = None
    military: bool | None = None
    optional: bool = False
    # Consume parameters.
    count: int = 0
    up_to: bool = False
    distinct: bool = False
    per_good: bool = False
    vp: int = 0
    credits: int = 0
    # Develop / settle parameters.
    large_amount: int = 0
    draw_worlds: int = 0
    colonists: int = 0
    reduction: int = 0
    max_increase: int = 0
    bonus_if_owned: str | None = None
    bonus_vp: int = 0


@dataclass(frozen=True, slots=True)
class BonusLine:
    """One line of a "?" VP condition.

    ``count`` is ``colony``, ``development`` or ``tile`` (either) for a per-tile line; every
    filter that is set must match. Per-tile lines of one "?" tile share the tiles: each tile
    counts for one line only, the best for the player (rules §9.5). ``military_strength`` and
    ``colony_kinds`` are whole-empire lines that use no tiles.
    """

    count: str
    vp: int = 0
    kind: Kind | None = None
    goods: GoodsType | None = None
    military: bool | None = None
    keyword: str | None = None
    colonists: int | None = None
    home: bool | None = None
    ids: tuple[str, ...] = ()
    has_phase: Phase | None = None
    large: bool | None = None
    gives_military: bool | None = None
    table: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class HomeSide:
    """Where a home colony is printed: empire mat, side, and whether that is the first-game side."""

    mat: int
    side: str
    first_game: bool


@dataclass(frozen=True, slots=True)
class World:
    """A world tile or a home colony (home colonies are normal colonies for every rule)."""

    id: str
    name: str
    status: Status
    adapts: str
    military: bool
    number: int  # cost if non-military, defence if military
    colonists: int
    kind: Kind | None  # None: gray, or the joker kind when ``any_kind``
    any_kind: bool
    goods: GoodsType
    keywords: frozenset[str]
    vp: int | None  # None: "?" VP
    bonus: tuple[BonusLine, ...]
    abilities: tuple[Ability, ...]
    text: str
    notes: str = ""
    german: str = ""
    home: HomeSide | None = None

    @property
    def cost(self) -> int:
        return 0 if self.military else self.number

    @property
    def defence(self) -> int:
        return self.number if self.military else 0

    @property
    def is_home(self) -> bool:
        return self.home is not None

    def describe(self) -> str:
        """A one-line summary a player can read: kind, cost or defence, colonists, VP."""
        kind = (
            "any kind" if self.any_kind else (self.kind.label if self.kind is not None else "gray")
        )
        number = f"defence {self.number}" if self.military else f"cost ${self.number}"
        vp = "? VP" if self.vp is None else f"{self.vp} VP"
        goods = "" if self.goods is GoodsType.GRAY else f" {self.goods.value}"
        return f"{self.name} ({kind}{goods}, {number}, {counted(self.colonists, 'colonist')}, {vp})"


@dataclass(frozen=True, slots=True)
class Development:
    """One face of a development tile. A stack of identical tiles shares one face in a game."""

    id: str
    name: str
    status: Status
    adapts: str
    group: str  # large | variable | fixed
    stack: str  # the tile or stack this face belongs to; both faces of a tile share it
    face: str  # a or b
    first_game: bool
    cost: int
    keywords: frozenset[str]
    vp: int | None
    bonus: tuple[BonusLine, ...]
    abilities: tuple[Ability, ...]
    text: str
    notes: str = ""
    german: str = ""

    @property
    def large(self) -> bool:
        """The 9-cost developments take two development slots (rules §5.2)."""
        return self.cost == 9

    @property
    def slots(self) -> int:
        return 2 if self.large else 1


@dataclass(frozen=True, slots=True)
class Goal:
    """A goal tile of the goals variant; ``thresholds`` are (amount, VP) lines read as minimums."""

    id: str
    name: str
    german: str
    type: str  # category | quantity | stockpile
    measure: str
    thresholds: tuple[tuple[int, int], ...]
    text: str
    maximum: int = 0  # stockpile goals only
    action: str = ""  # stockpile goals only: the action after which items may be stored

    def vp_for(self, amount: int) -> int:
        """VP for an amount: the highest line reached, 0 below the first (rules §11.4)."""
        vp = 0
        for need, points in self.thresholds:
            if amount >= need:
                vp = points
        return vp


@dataclass(frozen=True)
class TileSet:
    """Every component definition of one game, with its source file for messages."""

    worlds: dict[str, World]
    homes: dict[str, World]
    developments: dict[str, Development]
    goals: dict[str, Goal]
    source: str = "built-in"
    by_id: dict[str, World | Development] = field(default_factory=dict, repr=False)
    descriptions: dict[str, str] = field(default_factory=dict, repr=False, compare=False)
    #: Labelled decisions the rules have made, by kind, arguments and what their words depend
    #: on (the words come from these tiles): made once per tile set, never changed.
    offers: dict[tuple[Any, ...], Any] = field(default_factory=dict, repr=False, compare=False)
    #: Development id -> printed cost: Develop's options read it for every tile in the supply.
    costs: dict[str, int] = field(default_factory=dict, repr=False, compare=False)
    #: (most a small development may cost, whether a 9-cost one is affordable, the supply's
    #: ids) -> the ids with such costs, in supply order: Develop's options (``develop.py``).
    affordable: dict[tuple[Any, ...], list[str]] = field(
        default_factory=dict, repr=False, compare=False
    )
    #: Tile id -> its abilities as (phase, (tile id, ability)): a player's ability table is
    #: rebuilt from these whenever its tiles change, many times in every playout.
    phased: dict[str, tuple[tuple[Phase, tuple[str, Ability]], ...]] = field(
        default_factory=dict, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        self.by_id.update(self.worlds)
        self.by_id.update(self.homes)
        self.by_id.update(self.developments)
        self.costs.update((d.id, d.cost) for d in self.developments.values())
        for tile in self.by_id.values():
            self.phased[tile.id] = tuple((a.phase, (tile.id, a)) for a in tile.abilities)

    def world(self, tile_id: str) -> World:
        """A world or home colony by id."""
        return self.worlds.get(tile_id) or self.homes[tile_id]

    def describe(self, tile_id: str) -> str:
        """``World.describe`` for a world, computed once per tile set."""
        text = self.descriptions.get(tile_id)
        if text is None:
            text = self.descriptions[tile_id] = self.world(tile_id).describe()
        return text

    def stacks(self) -> dict[str, list[Development]]:
        """Development faces grouped by tile/stack, in data order."""
        out: dict[str, list[Development]] = {}
        for dev in self.developments.values():
            out.setdefault(dev.stack, []).append(dev)
        return out

    def mats(self) -> dict[int, list[World]]:
        """Home colonies grouped by empire mat number."""
        out: dict[int, list[World]] = {}
        for home in self.homes.values():
            assert home.home is not None
            out.setdefault(home.home.mat, []).append(home)
        return dict(sorted(out.items()))
