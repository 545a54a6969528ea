"""Small hand-built Space Merchant boards: each shows one thing movement must get right.

The engine's movement tests (§5) start from these; the validator's tests break them one way at
a time. Every board here is playable (``validate_board`` accepts it). Ids are short so that a
test reads like a route: ``["base", "d1", "nav", "l1"]``.
"""

from __future__ import annotations

from itertools import pairwise

from nfgalaxy.games.space_merchant.board import (
    Board,
    Colour,
    Link,
    Space,
    SpaceKind,
    StarSystem,
    SystemKind,
)
from nfgalaxy.games.space_merchant.boardcheck import validate_board

BASE = Space("base", "gb", SpaceKind.GALACTIC_BASE, name="Galactic Base")
BASE_SYSTEM = StarSystem("gb", SystemKind.GALACTIC_BASE, "Galactic Base")
LINE_SYSTEM = StarSystem("line", SystemKind.LINE, "The line")


def dot(space: str, colour: Colour = Colour.BLUE, system: str = "line") -> Space:
    return Space(space, system, SpaceKind.DOT, colour)


def path(*spaces: str) -> list[Link]:
    """Links joining the spaces in the order given."""
    return [Link(a, b) for a, b in pairwise(spaces)]


def board(label: str, systems: list[StarSystem], spaces: list[Space], links: list[Link]) -> Board:
    return validate_board(Board(label, tuple(systems), tuple(spaces), tuple(links)), label)


def straight_line() -> Board:
    """Galactic Base, eight blue dots in a row, and an asteroid at the end:
    base – d1 – … – d8 – rock."""
    dots = [dot(f"d{i}") for i in range(1, 9)]
    rock = Space("rock", "line", SpaceKind.ASTEROID)
    ids = ["base", *(d.id for d in dots), "rock"]
    return board("straight line", [BASE_SYSTEM, LINE_SYSTEM], [BASE, *dots, rock], path(*ids))


def fork_with_navigation() -> Board:
    """base – d1 – nav, where the navigation circle forks: pilot 1–2 lead back to d1, 3–4 to
    the left branch (l1 – l2 – l3 – lrock), 5–6 to the right (r1 – r2 – r3 – rrock)."""
    nav = Space("nav", "line", SpaceKind.NAVIGATION, name="Fork circle")
    spaces = [BASE, dot("d1"), nav]
    spaces += [dot(f"l{i}") for i in (1, 2, 3)] + [dot(f"r{i}") for i in (1, 2, 3)]
    spaces += [
        Space("lrock", "line", SpaceKind.ASTEROID),
        Space("rrock", "line", SpaceKind.ASTEROID),
    ]
    links = [
        *path("base", "d1"),
        Link("d1", "nav", pilot_b=frozenset({1, 2})),
        Link("nav", "l1", pilot_a=frozenset({3, 4})),
        Link("nav", "r1", pilot_a=frozenset({5, 6})),
    ]
    links += path("l1", "l2", "l3", "lrock") + path("r1", "r2", "r3", "rrock")
    return board("fork with a navigation circle", [BASE_SYSTEM, LINE_SYSTEM], spaces, links)


def telegate_pair() -> Board:
    """Two arms from Galactic Base, each with a printed telegate: base – a1 – gate1 (telegate
    1) – a2 – a3 – arock, and base – b1 – gate4 (telegate 4) – b2 – b3 – brock."""
    spaces = [BASE]
    for arm, number in (("a", 1), ("b", 4)):
        spaces += [
            dot(f"{arm}1"),
            Space(f"gate{number}", "line", SpaceKind.TELEGATE, telegate=number),
        ]
        spaces += [dot(f"{arm}2"), dot(f"{arm}3"), Space(f"{arm}rock", "line", SpaceKind.ASTEROID)]
    links = path("base", "a1", "gate1", "a2", "a3", "arock")
    links += path("base", "b1", "gate4", "b2", "b3", "brock")
    return board("telegate pair", [BASE_SYSTEM, LINE_SYSTEM], spaces, links)


def sibling_cities() -> Board:
    """A habitable system on a ring with Galactic Base: base – s1 – orbit1 – port – orbit2 – s2
    – base. Below orbit1 and orbit2 lie the surface cities north and south of one planet
    (siblings, joined by a flyable link); ``port`` is a space city."""
    home = StarSystem("h1", SystemKind.HABITABLE, "Homeworld")
    spaces = [
        BASE,
        dot("s1", system="h1"),
        Space("orbit1", "h1", SpaceKind.ORBIT, orbit_site="High orbit", planet="terra"),
        Space("port", "h1", SpaceKind.SPACE_CITY, name="Ring Port"),
        Space("orbit2", "h1", SpaceKind.ORBIT, orbit_site="Low orbit", planet="terra"),
        dot("s2", system="h1"),
        Space("north", "h1", SpaceKind.SURFACE_CITY, planet="terra", name="North City"),
        Space("south", "h1", SpaceKind.SURFACE_CITY, planet="terra", name="South City"),
    ]
    links = path("base", "s1", "orbit1", "port", "orbit2", "s2", "base")
    links += [
        Link("orbit1", "north"),
        Link("orbit2", "south"),
        Link("north", "south", flyable=True),
    ]
    return board("sibling cities", [BASE_SYSTEM, home], spaces, links)


def penalty_ovals() -> Board:
    """base – d1 – blue30 (blue oval, $30) – d2 – yellow20 (yellow oval, $20) – d3 – rock."""
    spaces = [
        BASE,
        dot("d1"),
        Space("blue30", "line", SpaceKind.PENALTY, Colour.BLUE, penalty=30),
        dot("d2"),
        Space("yellow20", "line", SpaceKind.PENALTY, Colour.YELLOW, penalty=20),
        dot("d3"),
        Space("rock", "line", SpaceKind.ASTEROID),
    ]
    links = path("base", "d1", "blue30", "d2", "yellow20", "d3", "rock")
    return board("penalty ovals", [BASE_SYSTEM, LINE_SYSTEM], spaces, links)


def coloured_run() -> Board:
    """A run for drive skipping: base – b1 – y1 – y2 – r1 – y3 – b2 – rock (blue, yellow,
    yellow, red, yellow, blue dots; the asteroid is blue)."""
    blue, yellow, red = Colour.BLUE, Colour.YELLOW, Colour.RED
    colours = {"b1": blue, "y1": yellow, "y2": yellow, "r1": red, "y3": yellow, "b2": blue}
    spaces = [BASE, *(dot(s, c) for s, c in colours.items())]
    spaces.append(Space("rock", "line", SpaceKind.ASTEROID))
    links = path("base", *colours, "rock")
    return board("coloured run", [BASE_SYSTEM, LINE_SYSTEM], spaces, links)


def question_boxes() -> Board:
    """A habitable system in a row from Galactic Base, with two ?-boxes on the way to a space
    city: base – d1 – q1 – d2 – q2 – d3 – port (all but the base in system h1)."""
    home = StarSystem("h1", SystemKind.HABITABLE, "Mystery")
    spaces = [BASE, dot("d1", system="h1"), Space("q1", "h1", SpaceKind.QBOX)]
    spaces += [dot("d2", system="h1"), Space("q2", "h1", SpaceKind.QBOX), dot("d3", system="h1")]
    spaces.append(Space("port", "h1", SpaceKind.SPACE_CITY, name="Mystery Port"))
    links = path("base", "d1", "q1", "d2", "q2", "d3", "port")
    return board("question boxes", [BASE_SYSTEM, home], spaces, links)


#: Every fixture board by name, for tests that go over all of them.
BOARDS = {
    "straight_line": straight_line,
    "fork_with_navigation": fork_with_navigation,
    "telegate_pair": telegate_pair,
    "sibling_cities": sibling_cities,
    "penalty_ovals": penalty_ovals,
    "coloured_run": coloured_run,
    "question_boxes": question_boxes,
}
