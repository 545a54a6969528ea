"""Immutable component definitions for Roll for the Galaxy: dice, tiles and their powers.

The definitions are loaded once from TOML (see ``tileset.py``) and never change during a game.
A tile's powers are data: ``Power(phase, effect, ...parameters)``, where ``phase`` says when the
power works (a ``Timing``: the Assign step, one of the five phases, on completion, at setup,
always, or at game end) and ``effect`` is a word from a small vocabulary. The rules engine
interprets the vocabulary in one place per timing, so a corrected tile rarely needs new code.

``EFFECT_FIELDS`` lists, per (timing, effect), the parameters the effect requires and accepts;
``EFFECTS`` says what each effect does and ``PARAMETERS`` what each parameter means. General
conventions of the vocabulary:

- Powers of a phase work whenever the phase is played, even if the player has no worker in it
  (rules §5.4). "End of phase" powers also work in the phase in which their tile was completed.
- A power that reacts to completing a tile never reacts to the completion of its own tile
  (Public Works, Galactic Recycling, Galactic Federation, Investment Credits).
- Every power is mandatory unless ``optional`` is true (rules §5.2.5). All Assign-step powers
  are optional, because reassigning is (rules §5.2.3).
- A development "has a reassign power" when it has a power with the timing ``assign``; that is
  what Biological Adaptation, New Economy and System Diversification look at.
- A world's effect is a list of powers applied in order: ``immediate`` for game tiles (once, on
  completion), ``setup`` for faction and home worlds (once, at setup).
- Fractions are rounded up everywhere (rules §8.6).
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


class Phase(enum.Enum):
    """The five phases, in the order they are played (rules §5.4)."""

    # Members are singletons: identity hashing is exact and faster than Enum's default.
    __hash__ = object.__hash__

    EXPLORE = "explore"
    DEVELOP = "develop"
    SETTLE = "settle"
    PRODUCE = "produce"
    SHIP = "ship"

    @property
    def numeral(self) -> str:
        """The Roman numeral printed on the phase tile: I … V."""
        return ("I", "II", "III", "IV", "V")[list(Phase).index(self)]

    @property
    def label(self) -> str:
        return self.value.capitalize()


class Face(enum.Enum):
    """A die face: one of the five phases, or wild (may be assigned to any column)."""

    __hash__ = object.__hash__

    EXPLORE = "explore"
    DEVELOP = "develop"
    SETTLE = "settle"
    PRODUCE = "produce"
    SHIP = "ship"
    WILD = "wild"

    @property
    def phase(self) -> Phase | None:
        """The column this face puts the die in; None for wild (the player chooses)."""
        return None if self is Face.WILD else Phase(self.value)

    @property
    def label(self) -> str:
        return self.value.capitalize()


class WorldColour(enum.Enum):
    """The colour of a world. It fixes the trade price; gray worlds hold no goods (rules §7.5)."""

    __hash__ = object.__hash__

    NOVELTY = "blue"
    RARE = "brown"
    GENES = "green"
    ALIEN = "yellow"
    GRAY = "gray"

    @property
    def label(self) -> str:
        return WORLD_LABELS[self]

    @property
    def letter(self) -> str:
        """A letter for the colour, so that colour never carries meaning alone."""
        return {"blue": "N", "brown": "R", "green": "G", "yellow": "A", "gray": "-"}[self.value]

    @property
    def holds_goods(self) -> bool:
        return self is not WorldColour.GRAY

    @property
    def trade_price(self) -> int | None:
        """Credits for trading a good from a world of this colour; None for gray."""
        return TRADE_PRICES.get(self)


class DieColour(enum.Enum):
    """The seven die colours. The value is the colour word used in the data file."""

    __hash__ = object.__hash__

    HOME = "white"
    MILITARY = "red"
    CONSUMPTION = "purple"
    NOVELTY = "blue"
    RARE = "brown"
    GENES = "green"
    ALIEN = "yellow"

    @property
    def label(self) -> str:
        return DIE_LABELS[self]

    @property
    def letter(self) -> str:
        """A letter for the colour, so that colour never carries meaning alone."""
        return {
            "white": "H",
            "red": "M",
            "purple": "C",
            "blue": "N",
            "brown": "R",
            "green": "G",
            "yellow": "A",
        }[self.value]

    def matches(self, world: WorldColour) -> bool:
        """Whether this die counts as the world's colour when Consuming (rules §7.5).

        Purple matches every world colour, but only here: never for powers or scoring.
        """
        return self is DieColour.CONSUMPTION or self.value == world.value


DIE_LABELS = {
    DieColour.HOME: "Home",
    DieColour.MILITARY: "Military",
    DieColour.CONSUMPTION: "Consumption",
    DieColour.NOVELTY: "Novelty",
    DieColour.RARE: "Rare Elements",
    DieColour.GENES: "Genes",
    DieColour.ALIEN: "Alien Technology",
}

WORLD_LABELS = {
    WorldColour.NOVELTY: "Novelty",
    WorldColour.RARE: "Rare Elements",
    WorldColour.GENES: "Genes",
    WorldColour.ALIEN: "Alien Technology",
    WorldColour.GRAY: "gray",
}

#: Trade price by world colour; the good's colour does not matter (rules §7.5).
TRADE_PRICES = {
    WorldColour.NOVELTY: 3,
    WorldColour.RARE: 4,
    WorldColour.GENES: 5,
    WorldColour.ALIEN: 6,
}

#: VP chips in the box: value -> chips (rules §2.1). The 10s are the reserve (rules §9.1).
VP_CHIPS = {1: 20, 5: 8, 10: 5}


class Timing(enum.Enum):
    """When a power works: the ``phase`` of a ``Power``."""

    __hash__ = object.__hash__

    ASSIGN = "assign"  # the reassign part of the Assign step (rules §5.2.3)
    EXPLORE = "explore"
    DEVELOP = "develop"
    SETTLE = "settle"
    PRODUCE = "produce"
    SHIP = "ship"
    IMMEDIATE = "immediate"  # once, when the tile is completed (every game-tile world; 3 devs)
    SETUP = "setup"  # once, at setup (faction and home worlds)
    PERMANENT = "permanent"  # always, from completion (Galactic Reserves)
    GAME_END = "game_end"  # end-game bonus VP (the cost-6 developments)

    @property
    def phase(self) -> Phase | None:
        """The phase this timing belongs to, if it is one of the five."""
        try:
            return Phase(self.value)
        except ValueError:
            return None


class Destination(enum.Enum):
    """Where a gained die goes (rules §7.3)."""

    __hash__ = object.__hash__

    CUP = "cup"
    CITIZENRY = "citizenry"
    GOOD = "good"  # on the world that gave it, as a good


class Measure(enum.Enum):
    """What an end-game bonus counts in the owner's empire (``bonus_vp``)."""

    __hash__ = object.__hash__

    DEVELOPMENTS = "developments"  # developments in the tableau (faction halves included)
    DEVELOPMENT_COST = "development_cost"  # their total printed cost
    WORLDS = "worlds"  # worlds in the tableau (faction and home worlds included)
    WORLD_COST = "world_cost"  # their total printed cost
    GOODS = "goods"  # goods on the owner's worlds
    DIE_COLOURS = "die_colours"  # different colours among the dice the player owns
    DICE = "dice"  # dice the player owns (anywhere but the supply; rules §8.8)


MEASURE_PARAMETERS = ("world_colours", "colours", "reassign")

#: Which filters each measure understands (a subset of ``MEASURE_PARAMETERS``).
MEASURE_FILTERS: dict[Measure, frozenset[str]] = {
    Measure.DEVELOPMENTS: frozenset({"reassign"}),
    Measure.DEVELOPMENT_COST: frozenset({"reassign"}),
    Measure.WORLDS: frozenset({"world_colours"}),
    Measure.WORLD_COST: frozenset({"world_colours"}),
    Measure.GOODS: frozenset({"world_colours", "colours"}),
    Measure.DIE_COLOURS: frozenset(),
    Measure.DICE: frozenset({"colours"}),
}


@dataclass(frozen=True, slots=True)
class Power:
    """One power of a tile: when it works, what it does, and its parameters.

    Only the parameters the effect uses are set; ``EFFECT_FIELDS`` says which, so a data file
    cannot carry a parameter the engine ignores. ``PARAMETERS`` explains each field.
    """

    phase: Timing
    effect: str
    optional: bool = False
    credits: int = 0
    vp: int = 0
    amount: int = 0
    count: int = 0
    per: int = 1
    minimum: int = 0
    cost: int = 0
    colour: DieColour | None = None
    to: Destination | None = None
    colours: tuple[DieColour, ...] = ()
    workers: tuple[DieColour, ...] = ()
    world_colours: tuple[WorldColour, ...] = ()
    from_phases: tuple[Phase, ...] = ()
    to_phases: tuple[Phase, ...] = ()
    to_selected: bool = False
    same_column: bool = False
    exact: bool = False
    count_if_most: int = 0
    most_worlds: WorldColour | None = None
    reassign: bool | None = None
    measure: Measure | None = None


#: What each power parameter means. Colours are die colours unless the name says world.
PARAMETERS: dict[str, str] = {
    "optional": "the owner may decline the power ('may' on the tile); default false",
    "credits": "credits ($) gained or paid per occurrence",
    "vp": "VP: chips taken per occurrence, or bonus VP per counted unit at game end",
    "amount": "size of a reduction or a capacity",
    "count": "number of dice, tiles or workers (see the effect)",
    "per": "divisor: one payment per this many counted items, rounded up; default 1",
    "minimum": "a reduction never takes the requirement below this (nor raises it)",
    "cost": "credits paid for the effect",
    "colour": "the die colour gained",
    "to": "where a gained die goes: cup, citizenry, or good (on this world)",
    "colours": "only dice of these colours (workers, goods, citizenry or owned dice)",
    "workers": "colours of the virtual workers, one entry per worker",
    "world_colours": "only worlds of these colours (gray included as 'gray')",
    "from_phases": "reassign only workers now in these columns",
    "to_phases": "reassign only into these columns",
    "to_selected": "reassign only into the column of the phase this player selected",
    "same_column": "the moved workers must come from one column and move together",
    "exact": "exactly ``count`` workers, not 1 to ``count``",
    "count_if_most": "count instead of ``count`` when the owner alone has the most worlds of "
    "``most_worlds`` (a tie, also 0-0, gives ``count``)",
    "most_worlds": "world colour compared between all tableaux for ``count_if_most``",
    "reassign": "only developments with (true) or without (false) a reassign power",
    "measure": "what an end-game bonus counts: " + ", ".join(m.value for m in Measure),
}

#: What each effect does. Parameters in backquotes; see ``PARAMETERS``.
EFFECTS: dict[str, str] = {
    # Worlds and immediate developments.
    "gain_dice": "take `count` dice of `colour` from the general supply and put them `to` the "
    "cup, the citizenry or this world as a good; a colour the supply lacks is lost",
    "remove_die": "return any one of your own dice, wherever it is, to the general supply",
    "start_credits": "start the game with $`credits` instead of the usual start credits",
    "gain_credits": "+$`credits`: at once (immediate) or at the end of the phase",
    "gain_vp": "take `vp` VP chips at the end of the phase",
    # End-of-phase income that counts something.
    "credits_per_citizenry_die": "end of phase: +$`credits` per `per` dice of `colours` in "
    "your citizenry, rounded up",
    "credits_per_good": "end of phase: +$`credits` per good on your worlds of "
    "`world_colours`, counting only good dice of `colours` (empty: any)",
    "credits_if_most_developments": "end of phase: +$`credits` if you alone have the most "
    "developments of all tableaux (a tie gives nothing)",
    "credits_if_highest_world": "end of phase: +$`credits` if the world(s) with the highest "
    "printed cost in all tableaux are all yours",
    "credits_per_completion": "+$`credits` after each development (Develop) or world "
    "(Settle) you complete other than this tile; only worlds of `world_colours` if given",
    # Explore.
    "stock_credits": "a Stock done by an explorer of `colours` gives $`credits` instead of $2",
    "scout_to_top": "a scouted tile may go on top of its stack instead of the bottom",
    "rearrange": "during Explore, any number of times: reorder the construction zone freely, "
    "move tiles between the stacks and flip them",
    "extra_tile": "end of Explore, after every player explored and before discards return to "
    "the bag: draw `count` tiles and keep them; +$`credits` if an explorer of `colours` "
    "scouted for you this phase",
    "virtual_workers": "every time the phase is played you have extra workers of `workers` "
    "colours; they are not dice and never go to the citizenry",
    # Develop and Settle.
    "cost_reduction": "a development (Develop) or world (Settle), of `world_colours` or "
    "`reassign` if given, needs `amount` fewer workers: req = min(req, max(`minimum`, "
    "req - `amount`)); reductions with the higher `minimum` apply first; mandatory",
    "workers_to_cup": "when you complete a tile in this phase other than this one, workers "
    "used for it go to the cup instead of the citizenry: 1 to `count` of them (the owner "
    "chooses), or all of them if `count` is not given; only dice of `colours` if given",
    # Ship.
    "trade_bonus": "+$`credits` per good you Trade from a world of `world_colours` (any)",
    "consume_bonus": "+$`credits` and +`vp` VP chips per good you Consume from a world of "
    "`world_colours` (any)",
    "trade_for_vp": "each time you Trade, you may pay $`cost` to take `vp` VP chips",
    # Permanent.
    "goods_capacity": "each of your non-gray worlds holds up to `amount` goods",
    # Assign step.
    "reassign": "move 1 to `count` workers (exactly `count` if `exact`) to other columns, "
    "restricted by `colours`, `from_phases`, `to_phases`, `to_selected`, `same_column`; "
    "`count_if_most` replaces `count` for the sole leader in `most_worlds` worlds",
    "repeat_dictate": "you may Dictate more than once in a round",
    "dictate_moves": "when you Dictate, you may move up to `count` other workers instead of 1",
    # Game end.
    "bonus_vp": "`vp` × ceil(`measure` / `per`) VP, counting only what the filters allow",
    "vp_chip_triangle": "n VP, n the largest number with n(n+1)/2 ≤ your VP chips",
}

_PHASES = (Timing.EXPLORE, Timing.DEVELOP, Timing.SETTLE, Timing.PRODUCE, Timing.SHIP)


_REASSIGN_FILTERS = (
    "exact",
    "same_column",
    "colours",
    "from_phases",
    "to_phases",
    "to_selected",
    "count_if_most",
    "most_worlds",
)

# (effect, timings, required parameters, further accepted parameters)
_SPECS: tuple[tuple[str, tuple[Timing, ...], tuple[str, ...], tuple[str, ...]], ...] = (
    ("gain_dice", (Timing.SETUP, Timing.IMMEDIATE), ("colour", "count", "to"), ()),
    ("remove_die", (Timing.IMMEDIATE,), (), ()),
    ("start_credits", (Timing.SETUP,), ("credits",), ()),
    ("gain_credits", (Timing.IMMEDIATE, *_PHASES), ("credits",), ()),
    ("gain_vp", (Timing.SHIP,), ("vp",), ()),
    ("credits_per_citizenry_die", _PHASES, ("credits", "colours"), ("per",)),
    ("credits_per_good", (Timing.PRODUCE,), ("credits",), ("world_colours", "colours")),
    ("credits_if_most_developments", _PHASES, ("credits",), ()),
    ("credits_if_highest_world", (Timing.SHIP,), ("credits",), ()),
    ("credits_per_completion", (Timing.DEVELOP,), ("credits",), ()),
    ("credits_per_completion", (Timing.SETTLE,), ("credits",), ("world_colours",)),
    ("stock_credits", (Timing.EXPLORE,), ("credits", "colours"), ()),
    ("scout_to_top", (Timing.EXPLORE,), (), ()),
    ("rearrange", (Timing.EXPLORE,), (), ()),
    ("extra_tile", (Timing.EXPLORE,), ("count",), ("credits", "colours")),
    ("virtual_workers", (Timing.EXPLORE, Timing.SHIP), ("workers",), ()),
    ("cost_reduction", (Timing.DEVELOP,), ("amount", "minimum"), ("reassign",)),
    ("cost_reduction", (Timing.SETTLE,), ("amount", "minimum"), ("world_colours",)),
    ("workers_to_cup", (Timing.DEVELOP, Timing.SETTLE), (), ("count", "colours")),
    ("trade_bonus", (Timing.SHIP,), ("credits",), ("world_colours",)),
    ("consume_bonus", (Timing.SHIP,), (), ("credits", "vp", "world_colours")),
    ("trade_for_vp", (Timing.SHIP,), ("cost", "vp"), ()),
    ("goods_capacity", (Timing.PERMANENT,), ("amount",), ()),
    ("reassign", (Timing.ASSIGN,), ("count",), _REASSIGN_FILTERS),
    ("repeat_dictate", (Timing.ASSIGN,), (), ()),
    ("dictate_moves", (Timing.ASSIGN,), ("count",), ()),
    ("bonus_vp", (Timing.GAME_END,), ("measure", "vp"), ("per", *MEASURE_PARAMETERS)),
    ("vp_chip_triangle", (Timing.GAME_END,), (), ()),
)

#: For each (timing, effect): (required parameters, further accepted parameters). ``phase``,
#: ``effect`` and ``optional`` are always accepted. The engine interprets exactly these.
EFFECT_FIELDS: dict[tuple[Timing, str], tuple[frozenset[str], frozenset[str]]] = {
    (timing, effect): (frozenset(required), frozenset(accepted))
    for effect, timings, required, accepted in _SPECS
    for timing in timings
}


# --- dice ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DieType:
    """One colour of die: its six faces and how many such dice are in the box."""

    colour: DieColour
    name: str
    german: str
    count: int
    faces: tuple[Face, ...]
    sources: tuple[str, ...] = ()
    notes: str = ""

    def face_counts(self) -> Counter[Face]:
        """How many of the six faces show each symbol."""
        return Counter(self.faces)


@dataclass(frozen=True)
class Start:
    """What every player starts with before the home world and faction add theirs (rules §4)."""

    cup: Mapping[DieColour, int]
    citizenry: Mapping[DieColour, int]
    credits: int


# --- tiles -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Development:
    """A development: a game-tile side or a faction half. Its VP equal its printed cost."""

    id: str
    name: str
    german: str
    german_source: str  # S: official (rulebook); J: fan card generator (see the facts file)
    cost: int
    powers: tuple[Power, ...]
    text: str
    bonus_text: str = ""  # the end-game bonus, cost-6 developments only
    sources: tuple[str, ...] = ()
    notes: str = ""
    german_also: tuple[str, ...] = ()

    @property
    def vp(self) -> int:
        return self.cost

    @property
    def reassign(self) -> bool:
        """Has a reassign power (used in the Assign step; rules §5.2.3)."""
        return any(p.phase is Timing.ASSIGN for p in self.powers)

    @property
    def immediate(self) -> bool:
        """Has a one-shot effect on completion (Conscription, Information Tech, Space Marines)."""
        return any(p.phase is Timing.IMMEDIATE for p in self.powers)

    @property
    def category(self) -> str:
        """The rulebook's three kinds of development: reassign, immediate or other."""
        if self.reassign:
            return "reassign"
        return "immediate" if self.immediate else "other"

    @property
    def bonus(self) -> tuple[Power, ...]:
        """The end-game bonus powers."""
        return tuple(p for p in self.powers if p.phase is Timing.GAME_END)


@dataclass(frozen=True, slots=True)
class World:
    """A world: a game-tile side, a faction half or a home world. VP equal its printed cost."""

    id: str
    name: str
    german: str
    german_source: str
    cost: int
    colour: WorldColour
    powers: tuple[Power, ...]
    text: str
    sources: tuple[str, ...] = ()
    notes: str = ""
    german_also: tuple[str, ...] = ()

    @property
    def vp(self) -> int:
        return self.cost

    @property
    def holds_goods(self) -> bool:
        return self.colour.holds_goods

    def describe(self) -> str:
        """A one-line summary a player can read: colour, cost and VP."""
        return f"{self.name} ({self.colour.label} world, cost {self.cost}, {self.vp} VP)"


Side = Development | World


@dataclass(frozen=True, slots=True)
class GameTile:
    """One of the 55 double-sided tiles in the bag: a development on one side, a world on the
    other. Its owner chooses the side when placing it (rules §7.1)."""

    id: str
    development: Development
    world: World

    @property
    def sides(self) -> tuple[Development, World]:
        return (self.development, self.world)


@dataclass(frozen=True, slots=True)
class Faction:
    """A double-width faction tile: two halves (a, b), each a development or a world, counted as
    two tableau tiles. ``id`` is the order of sources K and B, not the printed number."""

    id: str
    a: Side
    b: Side

    @property
    def halves(self) -> tuple[Side, Side]:
        return (self.a, self.b)

    @property
    def worlds(self) -> tuple[World, ...]:
        return tuple(h for h in self.halves if isinstance(h, World))

    @property
    def developments(self) -> tuple[Development, ...]:
        return tuple(h for h in self.halves if isinstance(h, Development))


@dataclass(frozen=True)
class TileSet:
    """Every component definition of the game, with its source file for messages."""

    dice: dict[DieColour, DieType]
    start: Start
    factions: dict[str, Faction]
    homes: dict[str, World]
    game_tiles: dict[str, GameTile]
    source: str = "built-in"
    by_id: dict[str, Side] = field(default_factory=dict, repr=False)
    #: Each die colour's six faces as words (``"explore"``…, ``"wild"``): rolled every round.
    face_words: dict[str, tuple[str, ...]] = field(default_factory=dict, repr=False, compare=False)
    #: Power indexes of the tableaux met so far, by tableau (``powers.tableau_powers``).
    tableaux: dict[tuple[str, ...], Any] = field(default_factory=dict, repr=False, compare=False)
    #: Reassign sessions by their saved form (``powers.reassign_from``), and the saved form
    #: of a Dictate by how many workers it moves (``rules.assign``).
    reassigns: dict[tuple[Any, ...], Any] = field(default_factory=dict, repr=False, compare=False)
    #: Decisions the rules have offered, worded (key False) or for quiet copies (True)
    #: (``rules.common.offer_tables``): each made once per tile set; decisions are immutable.
    offers: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.face_words.update(
            (c.value, tuple(f.value for f in d.faces)) for c, d in self.dice.items()
        )
        for faction in self.factions.values():
            self.by_id.update((half.id, half) for half in faction.halves)
        self.by_id.update(self.homes)
        for tile in self.game_tiles.values():
            self.by_id.update((side.id, side) for side in tile.sides)

    def developments(self) -> list[Development]:
        """Development sides of the game tiles, in data order (faction halves excluded)."""
        return [tile.development for tile in self.game_tiles.values()]

    def worlds(self) -> list[World]:
        """World sides of the game tiles, in data order (faction and home worlds excluded)."""
        return [tile.world for tile in self.game_tiles.values()]
