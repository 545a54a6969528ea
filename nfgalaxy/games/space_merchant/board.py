"""The Space Merchant board: spaces, the links between them and the systems they belong to.

The board is an undirected graph (rules §2.1). It is plain data, fixed for a whole game: what a
?-marker turns a ?-box into, and which orbit spaces carry a built spaceport, are game state and
live in the engine. Everything movement needs (§5) can be asked of it: the neighbours of a
space, the link between two spaces and its pilot numbers at a navigation circle, the spaces of a
system, the sibling cities of a planet, the printed telegates and the cost of a plain step.

A board is built from a file (``boardfile.py``), by the generator (``generator.py``) or by hand
(tests); ``boardcheck.check_board`` says whether it is playable. Building one never fails, so
that a broken board can reach the validator and be named there.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

#: The label every generated board carries, in the game and in every save (§15.5.2).
GENERATED_LABEL = "Generated board — not the published map"
PILOT_NUMBERS = frozenset(range(1, 7))


class Colour(enum.Enum):
    """A space's colour: drives skip yellow or red spaces; blue is never skipped (§5.8)."""

    __hash__ = object.__hash__

    BLUE = "blue"
    YELLOW = "yellow"
    RED = "red"

    @property
    def letter(self) -> str:
        """A letter for the colour, so that colour never carries meaning alone."""
        return self.value[0].upper()


class SpaceKind(enum.Enum):
    """What a printed space is (§2.1). The value is the word used in board files."""

    __hash__ = object.__hash__

    DOT = "dot"
    PENALTY = "penalty"
    ASTEROID = "asteroid"
    QBOX = "qbox"
    NAVIGATION = "navigation"
    ORBIT = "orbit"
    SPACE_CITY = "space_city"
    SURFACE_CITY = "surface_city"
    GALACTIC_BASE = "galactic_base"
    #: A face-up telegate printed on the board. The generated board has none (its telegates
    #: are ?-markers, revealed in play); files and test boards may print them.
    TELEGATE = "telegate"

    @property
    def is_city(self) -> bool:
        return self in (SpaceKind.SPACE_CITY, SpaceKind.SURFACE_CITY)

    @property
    def is_printed_landing_site(self) -> bool:
        """A ship may land here whatever happens in play (§1 "Landing site"). A ?-box becomes
        one only if its marker says so, and an orbit space once a spaceport is built on it."""
        return self in (
            SpaceKind.ASTEROID,
            SpaceKind.SPACE_CITY,
            SpaceKind.SURFACE_CITY,
            SpaceKind.GALACTIC_BASE,
        )

    @property
    def is_printed_trading_site(self) -> bool:
        """A ship may trade here whatever happens in play (§7.1): a city or Galactic Base. A
        spaceport (built, or an open one revealed on a ?-box) becomes one in play."""
        return self in (SpaceKind.SPACE_CITY, SpaceKind.SURFACE_CITY, SpaceKind.GALACTIC_BASE)

    @property
    def may_be_coloured(self) -> bool:
        """Kinds printed as (numbered or orbit) space dots and penalty ovals; the published mix
        counts orbit spaces and navigation circles among the space dots (§15.2). Landing sites,
        ?-boxes and telegates are always blue: a drive must never skip them."""
        return self in (SpaceKind.DOT, SpaceKind.PENALTY, SpaceKind.NAVIGATION, SpaceKind.ORBIT)


#: A space's kind as a player says it (decision labels, the map's lines, the log).
KIND_WORDS = {
    SpaceKind.DOT: "space dot",
    SpaceKind.PENALTY: "penalty oval",
    SpaceKind.ASTEROID: "asteroid",
    SpaceKind.QBOX: "?-box",
    SpaceKind.NAVIGATION: "navigation circle",
    SpaceKind.ORBIT: "orbit space",
    SpaceKind.SPACE_CITY: "space city",
    SpaceKind.SURFACE_CITY: "surface city",
    SpaceKind.GALACTIC_BASE: "Galactic Base",
    SpaceKind.TELEGATE: "telegate",
}


class SystemKind(enum.Enum):
    """What a region of the board is (§2.1 ``system``, §15.5.1 ``systems``)."""

    __hash__ = object.__hash__

    #: Has a culture box and one hidden culture, which trades at its cities and spaceports.
    HABITABLE = "habitable"
    #: Holds only hazards: no culture, no trading site, no ?-box.
    HAZARD = "hazard"
    GALACTIC_BASE = "galactic_base"
    #: A line of dots between systems.
    LINE = "line"


@dataclass(frozen=True)
class StarSystem:
    """A region of the board: a star system, Galactic Base's region, or a line between them."""

    id: str
    kind: SystemKind
    name: str = ""


@dataclass(frozen=True)
class Space:
    """One space of the board (§2.1).

    ``penalty`` is the printed dollar penalty of a penalty oval (0 elsewhere). ``orbit_site``
    names the spaceport site of an orbit space (spaceport deeds name it). ``planet`` groups
    surface cities: cities of one planet are siblings (Air Foil, §9); an orbit space may name
    the planet it circles. ``telegate`` is the number of a printed telegate.
    """

    id: str
    system: str
    kind: SpaceKind
    colour: Colour = Colour.BLUE
    penalty: int = 0
    orbit_site: str | None = None
    planet: str | None = None
    telegate: int | None = None
    name: str = ""

    @property
    def label(self) -> str:
        """How a player would name the space: its name, else its id."""
        return self.name or self.id


@dataclass(frozen=True)
class Link:
    """A link between two spaces; a step along it costs 1 MP (2 into or out of a surface city).

    ``pilot_a`` are the pilot numbers that select this link when leaving ``a`` (``a`` is then a
    navigation circle), ``pilot_b`` the same from ``b``. A ``flyable`` link joins two sibling
    surface cities and exists only for a ship with Air Foil. An ``invisible`` link is not drawn
    on the board (the Cloud's body–wing path) but moves like any other.
    """

    a: str
    b: str
    pilot_a: frozenset[int] = frozenset()
    pilot_b: frozenset[int] = frozenset()
    flyable: bool = False
    invisible: bool = False

    def other(self, space: str) -> str:
        """The end of the link that is not ``space``."""
        return self.b if space == self.a else self.a

    def pilot_numbers_from(self, space: str) -> frozenset[int]:
        """The pilot numbers that select this link when a ship leaves ``space`` by it."""
        return self.pilot_a if space == self.a else self.pilot_b

    @property
    def ends(self) -> frozenset[str]:
        return frozenset((self.a, self.b))


def _freeze(table: dict) -> Mapping:
    return MappingProxyType(table)


@dataclass(frozen=True)
class Board:
    """A whole board: its systems, spaces and links, with the label and seed it came with.

    ``label`` says where the board comes from (``GENERATED_LABEL`` for a generated board);
    ``seed`` is the generator seed, or None for a board that was not generated.
    """

    label: str
    systems: tuple[StarSystem, ...]
    spaces: tuple[Space, ...]
    links: tuple[Link, ...]
    seed: int | None = None
    _space: Mapping[str, Space] = field(init=False, repr=False, compare=False)
    _system: Mapping[str, StarSystem] = field(init=False, repr=False, compare=False)
    _links: Mapping[str, tuple[Link, ...]] = field(init=False, repr=False, compare=False)
    _pair: Mapping[frozenset[str], Link] = field(init=False, repr=False, compare=False)
    _members: Mapping[str, tuple[str, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Indexes for the queries below. Duplicates keep the first entry: the validator names
        # them, and building a board must not fail before it can.
        spaces: dict[str, Space] = {}
        for space in self.spaces:
            spaces.setdefault(space.id, space)
        systems: dict[str, StarSystem] = {}
        for system in self.systems:
            systems.setdefault(system.id, system)
        by_space: dict[str, list[Link]] = {}
        pairs: dict[frozenset[str], Link] = {}
        for link in self.links:
            pairs.setdefault(link.ends, link)
            by_space.setdefault(link.a, []).append(link)
            if link.b != link.a:
                by_space.setdefault(link.b, []).append(link)
        members: dict[str, list[str]] = {}
        for space in self.spaces:
            members.setdefault(space.system, []).append(space.id)
        object.__setattr__(self, "_space", _freeze(spaces))
        object.__setattr__(self, "_system", _freeze(systems))
        object.__setattr__(self, "_links", _freeze({k: tuple(v) for k, v in by_space.items()}))
        object.__setattr__(self, "_pair", _freeze(pairs))
        object.__setattr__(self, "_members", _freeze({k: tuple(v) for k, v in members.items()}))

    # --- spaces and systems ---------------------------------------------------------------

    def space(self, space_id: str) -> Space:
        """The space with this id; ``KeyError`` names it if there is none."""
        try:
            return self._space[space_id]
        except KeyError:
            raise KeyError(f"no space {space_id!r} on this board") from None

    def has_space(self, space_id: str) -> bool:
        return space_id in self._space

    def system(self, system_id: str) -> StarSystem:
        """The system with this id; ``KeyError`` names it if there is none."""
        try:
            return self._system[system_id]
        except KeyError:
            raise KeyError(f"no system {system_id!r} on this board") from None

    def has_system(self, system_id: str) -> bool:
        return system_id in self._system

    def place(self, space_id: str, with_id: bool = True, kind: str = "") -> str:
        """A space as a player names it: its name, or for an unnamed one its kind and the
        system it lies in, and (``with_id``) its id, since two dots of one system would read
        the same in a list of moves: "space dot in Vega (v-03)", "penalty oval on line Vega –
        Sol (l02-1)". ``kind``: what the space is now, if play changed it (a ?-box whose
        marker is face up is named by what the marker made of it)."""
        space = self.space(space_id)
        if space.name:
            return space.name
        system = self.system(space.system)
        where = system.name or system.id
        where = f"on line {where}" if system.kind is SystemKind.LINE else f"in {where}"
        words = f"{kind or KIND_WORDS.get(space.kind, space.kind.value)} {where}"
        return f"{words} ({space.id})" if with_id else words

    def system_of(self, space_id: str) -> StarSystem:
        return self.system(self.space(space_id).system)

    def spaces_of(self, system_id: str) -> tuple[Space, ...]:
        """The spaces of one system, in board order."""
        return tuple(self._space[s] for s in self._members.get(system_id, ()))

    def systems_of_kind(self, kind: SystemKind) -> tuple[StarSystem, ...]:
        return tuple(s for s in self.systems if s.kind is kind)

    def spaces_of_kind(self, kind: SpaceKind) -> tuple[Space, ...]:
        return tuple(s for s in self.spaces if s.kind is kind)

    @property
    def galactic_base(self) -> str:
        """The id of Galactic Base, where every ship starts (§3.1)."""
        for space in self.spaces:
            if space.kind is SpaceKind.GALACTIC_BASE:
                return space.id
        raise KeyError("this board has no Galactic Base")

    # --- links ----------------------------------------------------------------------------

    def link(self, a: str, b: str) -> Link | None:
        """The link between two spaces (flyable or not), or None if they are not linked."""
        return self._pair.get(frozenset((a, b)))

    def links_of(self, space_id: str) -> tuple[Link, ...]:
        """Every link at a space, flyable ones included."""
        return self._links.get(space_id, ())

    def neighbours(self, space_id: str) -> tuple[str, ...]:
        """The spaces one ordinary step away: flyable links are left out (Air Foil only)."""
        return tuple(link.other(space_id) for link in self.links_of(space_id) if not link.flyable)

    def flyable_neighbours(self, space_id: str) -> tuple[str, ...]:
        """The sibling cities a ship with Air Foil may fly to directly from this city (§9)."""
        return tuple(link.other(space_id) for link in self.links_of(space_id) if link.flyable)

    def exits(self, space_id: str) -> Mapping[int, str]:
        """At a navigation circle: pilot number → the neighbour its exit leads to (§5.9).
        Empty for any other space."""
        table: dict[int, str] = {}
        for link in self.links_of(space_id):
            if link.flyable:
                continue
            for number in link.pilot_numbers_from(space_id):
                table.setdefault(number, link.other(space_id))
        return _freeze(dict(sorted(table.items())))

    def exit_for(self, space_id: str, pilot: int) -> str | None:
        """The neighbour a ship with this pilot number must move to on leaving a navigation
        circle, or None if no exit carries the number (or the space is no circle)."""
        return self.exits(space_id).get(pilot)

    def siblings(self, space_id: str) -> tuple[str, ...]:
        """The other surface cities on the same planet as this surface city (§2.1, §9)."""
        space = self.space(space_id)
        if space.kind is not SpaceKind.SURFACE_CITY or space.planet is None:
            return ()
        return tuple(
            other.id
            for other in self.spaces
            if other.kind is SpaceKind.SURFACE_CITY
            and other.planet == space.planet
            and other.id != space_id
        )

    def telegates(self) -> Mapping[int, str]:
        """Printed telegates by number (revealed ?-marker telegates are game state)."""
        return _freeze(
            {
                s.telegate: s.id
                for s in self.spaces
                if s.kind is SpaceKind.TELEGATE and s.telegate is not None
            }
        )

    def step_cost(self, a: str, b: str, *, air_foil: bool = False) -> int:
        """The MP of one step from ``a`` to ``b`` before drives: 1, or 2 into or out of a
        surface city (1 with Air Foil) — §5.3. Drive skipping and telegate jumps are the
        engine's business."""
        if air_foil:
            return 1
        surface = SpaceKind.SURFACE_CITY
        return 2 if surface in (self.space(a).kind, self.space(b).kind) else 1
