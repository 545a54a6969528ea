"""The seeded board generator (§15.5.3): a board with the published structure and scale, never
the published map.

Shape: Galactic Base, 14 habitable systems and 2 hazard-only systems, joined by 24 lines of 3–7
dots. Each star system is a ring of 6–12 spaces. A habitable system's ring holds 1–3 orbit
spaces (25 in all), a space city in 5 of them, 0–5 ?-boxes (24), 0–2 asteroids (12) and 0–4
penalty ovals; 20 of the orbit spaces lead to a surface city, and the surface cities of one
system are sibling cities on one planet, joined by flyable links. Colours follow the published
mix (about 50% blue, 29% red, 21% yellow for dots). 8–10 navigation circles sit where lines
meet the rings; two of them are the Cloud's body and wing circles, joined by the invisible link.

The lines form a tree of depth two around Galactic Base plus a few cross-links, which keeps
every system 6–25 MP from the base. A draw that fails ``acceptance_problems`` is thrown away
and the next one tried; attempt *k* of a seed always draws from the same stream, so one seed
always gives one board.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from heapq import heappop, heappush
from itertools import pairwise
from typing import Any

from nfgalaxy.core.rng import Rng
from nfgalaxy.games.space_merchant.board import (
    GENERATED_LABEL,
    PILOT_NUMBERS,
    Board,
    Colour,
    Link,
    Space,
    SpaceKind,
    StarSystem,
    SystemKind,
)
from nfgalaxy.games.space_merchant.boardcheck import check_board
from nfgalaxy.games.space_merchant.names import NameBook

BASE = "gb"
MAX_ATTEMPTS = 100


@dataclass(frozen=True)
class Scale:
    """The published board's numbers (§15.2) that a generated board reproduces."""

    habitable: int = 14
    hazard: int = 2
    lines: int = 24
    orbits: int = 25
    surface_cities: int = 20
    space_cities: int = 5  # besides Galactic Base, which is the sixth
    qboxes: int = 24
    asteroids: int = 12
    penalty_ovals: int = 28
    navigation: tuple[int, int] = (8, 10)
    ring: tuple[int, int] = (6, 12)
    line_dots: tuple[int, int] = (3, 7)
    #: Shortest route from Galactic Base to each star system, in MP.
    reach: tuple[int, int] = (6, 25)


SCALE = Scale()
#: Out of 100: dots in the open (the published mix), in hazard systems, and penalty ovals.
_DOT_MIX = ((Colour.BLUE, 50), (Colour.RED, 29), (Colour.YELLOW, 21))
_HAZARD_MIX = ((Colour.BLUE, 20), (Colour.RED, 45), (Colour.YELLOW, 35))
_OVAL_MIX = ((Colour.BLUE, 36), (Colour.RED, 43), (Colour.YELLOW, 21))
_MAX_REGION_LINES = 5
_HABITABLE_OVALS = 12
_HAZARD_OVALS = 4


class _Retry(Exception):
    """This draw cannot be completed; the next attempt is tried."""


def generate_board(seed: int) -> Board:
    """The generated board of a seed: the same seed always gives the same board."""
    stream = Rng(seed)
    for _ in range(MAX_ATTEMPTS):
        rng = Rng(stream.next64())
        try:
            board = _Draw(rng).board(seed)
        except _Retry:
            continue
        if not acceptance_problems(board):
            return board
    raise RuntimeError(f"no acceptable board for seed {seed} in {MAX_ATTEMPTS} attempts")


def acceptance_problems(board: Board) -> list[str]:
    """The generator's acceptance checks (§15.5.3), on top of the validator's: only surface
    cities are dead ends, every star system is 6–25 MP from Galactic Base by its shortest
    route, and every ?-box lies in a habitable system. Empty if the board is accepted."""
    problems = check_board(board)
    if problems:
        return problems
    for space in board.spaces:
        if len(board.neighbours(space.id)) < 2 and space.kind is not SpaceKind.SURFACE_CITY:
            problems.append(f"space '{space.id}' is a dead end but no surface city")
    for space in board.spaces_of_kind(SpaceKind.QBOX):
        if board.system_of(space.id).kind is not SystemKind.HABITABLE:
            problems.append(f"?-box '{space.id}' lies outside the habitable systems")
    distance = distances_from_base(board)
    low, high = SCALE.reach
    for system in board.systems:
        if system.kind not in (SystemKind.HABITABLE, SystemKind.HAZARD):
            continue
        nearest = min(distance[s.id] for s in board.spaces_of(system.id))
        if not low <= nearest <= high:
            problems.append(f"system '{system.id}' is {nearest} MP from Galactic Base")
    return problems


def distances_from_base(board: Board) -> dict[str, int]:
    """The fewest MP from Galactic Base to every space, by ordinary steps without drives."""
    start = board.galactic_base
    best = {start: 0}
    heap = [(0, start)]
    while heap:
        cost, here = heappop(heap)
        if cost > best[here]:
            continue
        for there in board.neighbours(here):
            step = cost + board.step_cost(here, there)
            if step < best.get(there, step + 1):
                best[there] = step
                heappush(heap, (step, there))
    return best


def _spread(rng: Rng, total: int, caps: list[int], floors: list[int] | None = None) -> list[int]:
    """``total`` items over slots, each slot between its floor and cap, uniformly at random."""
    counts = list(floors) if floors else [0] * len(caps)
    remaining = total - sum(counts)
    if remaining < 0 or sum(caps) < total or any(f > c for f, c in zip(counts, caps, strict=True)):
        raise _Retry
    open_slots = [i for i, cap in enumerate(caps) if counts[i] < cap]
    for _ in range(remaining):
        slot = rng.choice(open_slots)
        counts[slot] += 1
        if counts[slot] == caps[slot]:
            open_slots.remove(slot)
    return counts


def _mixed(rng: Rng, mix: tuple[tuple[Colour, int], ...]) -> Colour:
    roll = rng.below(sum(weight for _, weight in mix))
    for colour, weight in mix:
        if roll < weight:
            return colour
        roll -= weight
    raise AssertionError("unreachable")


class _Draw:
    """One attempt at a board: spaces and links are drafted as dicts, frozen at the end."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self.names = NameBook(rng)
        self.systems: list[StarSystem] = []
        self.spaces: dict[str, dict[str, Any]] = {}
        self.links: list[dict[str, Any]] = []
        self.attach: dict[str, list[str]] = {}
        self.ovals_placed = 0

    def board(self, seed: int) -> Board:
        habitable = [f"h{i:02d}" for i in range(1, SCALE.habitable + 1)]
        hazard = [f"z{i}" for i in range(1, SCALE.hazard + 1)]
        edges = self._region_graph(habitable + hazard)
        degree = Counter(r for edge in edges for r in edge)
        self._base(degree[BASE])
        self._habitable(habitable, degree)
        for index, region in enumerate(hazard):
            self._hazard(region, degree[region], cloud=index == 0)
        self._lines(edges)
        self._navigation()
        return self._freeze(seed)

    # --- the regions -----------------------------------------------------------------------

    def _region_graph(self, regions: list[str]) -> list[tuple[str, str]]:
        """Which regions a line joins: a tree of depth two around the base, then cross-links
        between star systems until there are ``SCALE.lines`` lines."""
        rng = self.rng
        order = list(regions)
        rng.shuffle(order)
        first = 4 + rng.below(3)
        inner = order[:first]
        edges = [(BASE, r) for r in inner]
        degree = Counter({r: 1 for r in inner})
        for region in order[first:]:
            parent = rng.choice([r for r in inner if degree[r] < _MAX_REGION_LINES])
            edges.append((parent, region))
            degree[parent] += 1
            degree[region] += 1
        pairs = [(a, b) for i, a in enumerate(regions) for b in regions[i + 1 :]]
        rng.shuffle(pairs)
        linked = {frozenset(e) for e in edges}
        for a, b in pairs:
            if len(edges) == SCALE.lines:
                break
            if frozenset((a, b)) in linked or max(degree[a], degree[b]) >= _MAX_REGION_LINES:
                continue
            edges.append((a, b))
            linked.add(frozenset((a, b)))
            degree[a] += 1
            degree[b] += 1
        if len(edges) != SCALE.lines:
            raise _Retry
        return edges

    def _base(self, lines: int) -> None:
        self.systems.append(StarSystem(BASE, SystemKind.GALACTIC_BASE, "Galactic Base"))
        size = max(SCALE.ring[0], lines + 2)
        self._ring(BASE, size, [SpaceKind.GALACTIC_BASE], lines, mix=_DOT_MIX)

    def _habitable(self, systems: list[str], degree: Counter[str]) -> None:
        rng, count = self.rng, len(systems)
        orbits = _spread(rng, SCALE.orbits, [3] * count, [1] * count)
        order = list(range(count))
        rng.shuffle(order)
        stations = set(order[: SCALE.space_cities])
        floors = [0 if i in stations else 1 for i in range(count)]
        cities = _spread(rng, SCALE.surface_cities, orbits, floors)
        top = SCALE.ring[1]
        room = [top - orbits[i] - (i in stations) - degree[s] for i, s in enumerate(systems)]
        qboxes = _spread(rng, SCALE.qboxes, [min(5, r) for r in room])
        room = [r - q for r, q in zip(room, qboxes, strict=True)]
        rocks = _spread(rng, SCALE.asteroids, [min(2, r) for r in room])
        room = [r - a for r, a in zip(room, rocks, strict=True)]
        ovals = _spread(
            rng, min(_HABITABLE_OVALS, sum(min(4, r) for r in room)), [min(4, r) for r in room]
        )
        for i, system in enumerate(systems):
            name = self.names.word()
            self.systems.append(StarSystem(system, SystemKind.HABITABLE, name))
            kinds = [SpaceKind.ORBIT] * orbits[i] + [SpaceKind.QBOX] * qboxes[i]
            kinds += [SpaceKind.ASTEROID] * rocks[i] + [SpaceKind.PENALTY] * ovals[i]
            if i in stations:
                kinds.append(SpaceKind.SPACE_CITY)
            low = max(SCALE.ring[0], len(kinds) + degree[system])
            size = low + rng.below(top - low + 1)
            ring = self._ring(system, size, kinds, degree[system], mix=_DOT_MIX)
            self._cities(
                system, name, [s for s in ring if self._kind(s) is SpaceKind.ORBIT], cities[i]
            )

    def _cities(self, system: str, name: str, orbit_spaces: list[str], count: int) -> None:
        """Name the orbit sites and hang ``count`` surface cities, all on one planet, below as
        many of the orbit spaces; sibling cities are joined by flyable links."""
        planet = f"{system}-p"
        for number, orbit in enumerate(orbit_spaces, 1):
            self.spaces[orbit].update(orbit_site=f"{name} orbit {number}", planet=planet)
        below = list(orbit_spaces)
        self.rng.shuffle(below)
        cities = []
        for number, orbit in enumerate(below[:count], 1):
            city = f"{system}-c{number}"
            self._add(city, system, SpaceKind.SURFACE_CITY, planet=planet, name=self.names.city())
            self._link(orbit, city)
            cities.append(city)
        for i, a in enumerate(cities):
            for b in cities[i + 1 :]:
                self._link(a, b, flyable=True)

    def _hazard(self, system: str, lines: int, cloud: bool) -> None:
        self.systems.append(StarSystem(system, SystemKind.HAZARD, self.names.hazard()))
        kinds = [SpaceKind.PENALTY] * _HAZARD_OVALS
        low = max(SCALE.ring[0] + 2 * cloud, len(kinds) + lines + 2 * cloud)
        size = low + self.rng.below(max(1, 10 - low + 1))
        fixed = {0: SpaceKind.NAVIGATION, size // 2: SpaceKind.NAVIGATION} if cloud else {}
        ring = self._ring(system, size, kinds, lines, mix=_HAZARD_MIX, fixed=fixed)
        if cloud:
            self._link(ring[0], ring[size // 2], invisible=True)
            self.spaces[ring[0]]["name"] = "Cloud body circle"
            self.spaces[ring[size // 2]]["name"] = "Cloud wing circle"

    def _ring(
        self,
        system: str,
        size: int,
        kinds: list[SpaceKind],
        lines: int,
        mix: tuple[tuple[Colour, int], ...],
        fixed: dict[int, SpaceKind] | None = None,
    ) -> list[str]:
        """A ring of ``size`` spaces holding ``kinds`` (the rest dots); ``lines`` of its dots
        become the places where lines attach. Returns the ring's ids in order."""
        fixed = fixed or {}
        free = size - len(fixed)
        if len(kinds) + lines > free:
            raise _Retry
        tokens = kinds + [SpaceKind.DOT] * (free - len(kinds))
        if kinds and kinds[0] is SpaceKind.GALACTIC_BASE:
            tokens = tokens[1:]
            self.rng.shuffle(tokens)
            tokens.insert(0, SpaceKind.GALACTIC_BASE)
        else:
            self.rng.shuffle(tokens)
        for position in sorted(fixed):
            tokens.insert(position, fixed[position])
        ring = []
        for position, kind in enumerate(tokens):
            space = f"{system}-{position:02d}"
            self._add(space, system, kind, mix=mix)
            ring.append(space)
        for a, b in zip(ring, ring[1:] + ring[:1], strict=True):
            self._link(a, b)
        dots = [s for s, k in zip(ring, tokens, strict=True) if k is SpaceKind.DOT]
        self.rng.shuffle(dots)
        self.attach[system] = dots[:lines]
        return ring

    def _lines(self, edges: list[tuple[str, str]]) -> None:
        rng = self.rng
        low, high = SCALE.line_dots
        lengths = [
            (low + 1 + rng.below(high - low - 1))
            if BASE in edge
            else low + rng.below(high - low + 1)
            for edge in edges
        ]
        ovals = _spread(rng, SCALE.penalty_ovals - self.ovals_placed, [2] * len(edges))
        for number, ((a, b), length) in enumerate(zip(edges, lengths, strict=True), 1):
            line = f"l{number:02d}"
            names = [self._system_name(a), self._system_name(b)]
            self.systems.append(StarSystem(line, SystemKind.LINE, " – ".join(names)))
            kinds = [SpaceKind.PENALTY] * ovals[number - 1]
            kinds += [SpaceKind.DOT] * (length - len(kinds))
            rng.shuffle(kinds)
            path = [self.attach[a].pop()]
            for step, kind in enumerate(kinds, 1):
                space = f"{line}-{step}"
                self._add(space, line, kind, mix=_DOT_MIX)
                path.append(space)
            path.append(self.attach[b].pop())
            for x, y in pairwise(path):
                self._link(x, y)

    def _navigation(self) -> None:
        """Turn some junctions into navigation circles and label every circle's exits with a
        random partition of 1–6 (each exit gets at least one number)."""
        rng = self.rng
        circles = [s for s, d in self.spaces.items() if d["kind"] is SpaceKind.NAVIGATION]
        junctions = [
            s
            for s, d in self.spaces.items()
            if d["kind"] is SpaceKind.DOT and len(self._links_at(s)) >= 3
        ]
        rng.shuffle(junctions)
        low, high = SCALE.navigation
        wanted = low + rng.below(high - low + 1) - len(circles)
        if len(junctions) < wanted:
            raise _Retry
        for space in junctions[:wanted]:
            self.spaces[space].update(kind=SpaceKind.NAVIGATION, colour=Colour.BLUE)
            circles.append(space)
        for circle in circles:
            exits = self._links_at(circle)
            rng.shuffle(exits)
            numbers = sorted(PILOT_NUMBERS)
            rng.shuffle(numbers)
            for index, number in enumerate(numbers):
                link = exits[index] if index < len(exits) else rng.choice(exits)
                side = "pilot_a" if link["a"] == circle else "pilot_b"
                link[side].add(number)

    # --- drafting ----------------------------------------------------------------------------

    def _add(
        self,
        space: str,
        system: str,
        kind: SpaceKind,
        mix: tuple[tuple[Colour, int], ...] = (),
        **fields: Any,
    ) -> None:
        entry: dict[str, Any] = {"id": space, "system": system, "kind": kind, **fields}
        if kind is SpaceKind.DOT and mix:
            entry["colour"] = _mixed(self.rng, mix)
        elif kind is SpaceKind.PENALTY:
            entry["colour"] = _mixed(self.rng, _OVAL_MIX)
            entry["penalty"] = 10 * (1 + self.rng.below(4))
            self.ovals_placed += 1
        elif kind is SpaceKind.SPACE_CITY:
            entry["name"] = self.names.station()
        elif kind is SpaceKind.GALACTIC_BASE:
            entry["name"] = "Galactic Base"
        self.spaces[space] = entry

    def _link(self, a: str, b: str, **flags: bool) -> None:
        self.links.append({"a": a, "b": b, "pilot_a": set(), "pilot_b": set(), **flags})

    def _links_at(self, space: str) -> list[dict[str, Any]]:
        return [
            link
            for link in self.links
            if space in (link["a"], link["b"]) and not link.get("flyable")
        ]

    def _kind(self, space: str) -> SpaceKind:
        return self.spaces[space]["kind"]

    def _system_name(self, system: str) -> str:
        return next(s.name for s in self.systems if s.id == system)

    def _freeze(self, seed: int) -> Board:
        spaces = tuple(Space(**entry) for entry in self.spaces.values())
        links = tuple(
            Link(
                a=link["a"],
                b=link["b"],
                pilot_a=frozenset(link["pilot_a"]),
                pilot_b=frozenset(link["pilot_b"]),
                flyable=link.get("flyable", False),
                invisible=link.get("invisible", False),
            )
            for link in self.links
        )
        return Board(GENERATED_LABEL, tuple(self.systems), spaces, links, seed)
