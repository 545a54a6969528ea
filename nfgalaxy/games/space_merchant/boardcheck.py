"""Is a board playable? The checks of §15.5.1, and the sanity checks movement relies on.

``check_board`` lists every problem, each naming the space, link or system at fault;
``validate_board`` raises them together as one ``BoardError``. The four checks the rules ask for
(§15.5.1) are: links are symmetric (a link is one entry, the same both ways), every navigation
circle's exits cover the pilot numbers 1–6, flyable links join only sibling surface cities, and
every space can be reached from Galactic Base. The others keep the engine from meeting a board
it cannot read: one Galactic Base, spaces in known systems, fields only where their kind uses
them, trading sites and ?-boxes only in habitable systems (an open spaceport is inhabited by the
system's culture, §5.11), and at least one city in every habitable system (discovery needs one,
§6).
"""

from __future__ import annotations

import re
from collections import Counter, deque

from nfgalaxy.core.tilefiles import TileDataError
from nfgalaxy.games.space_merchant.board import (
    PILOT_NUMBERS,
    Board,
    Colour,
    Link,
    Space,
    SpaceKind,
    SystemKind,
)

ID_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.\-]*")
#: Printed penalties are $10–$40 (§15.2); a corrected board may print others, within reason.
MAX_PENALTY = 1000
#: Kinds that are trading sites or hold a culture's wares: only in habitable systems.
_CULTURE_KINDS = (SpaceKind.QBOX, SpaceKind.ORBIT, SpaceKind.SPACE_CITY, SpaceKind.SURFACE_CITY)


class BoardError(TileDataError):
    """A board that cannot be played: names every space, link or system at fault."""

    def __init__(self, message: str, problems: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.problems = problems or (message,)


def link_name(link: Link) -> str:
    """How errors name a link: ``a–b``."""
    return f"link {link.a}–{link.b}"


def check_board(board: Board) -> list[str]:
    """Every problem of the board, in a stable order; empty if it is playable."""
    problems: list[str] = []
    if not board.label.strip():
        problems.append("the board has no label (say where it comes from)")
    problems += _check_ids(board)
    problems += _check_systems(board)
    for space in board.spaces:
        problems += _check_space(board, space)
    problems += _check_links(board)
    problems += _check_navigation(board)
    problems += _check_planets(board)
    if len(board.spaces_of_kind(SpaceKind.GALACTIC_BASE)) == 1:
        problems += _check_reachable(board)
    return problems


def validate_board(board: Board, source: str = "board") -> Board:
    """The board itself if it is playable; else ``BoardError`` listing every problem."""
    problems = check_board(board)
    if problems:
        raise BoardError(f"{source}: " + "; ".join(problems), tuple(problems))
    return board


def _check_ids(board: Board) -> list[str]:
    problems = []
    for what, ids in (
        ("space", [s.id for s in board.spaces]),
        ("system", [s.id for s in board.systems]),
    ):
        for value, count in Counter(ids).items():
            if count > 1:
                problems.append(f"{what} '{value}' is listed {count} times")
        problems += [
            f"{what} id {value!r} is not a plain id (letters, digits, '.', '_', '-')"
            for value in ids
            if not ID_PATTERN.fullmatch(value)
        ]
    return problems


def _check_systems(board: Board) -> list[str]:
    problems = []
    bases = board.systems_of_kind(SystemKind.GALACTIC_BASE)
    base_spaces = board.spaces_of_kind(SpaceKind.GALACTIC_BASE)
    if len(bases) != 1:
        problems.append(f"the board needs exactly one Galactic Base system, not {len(bases)}")
    if len(base_spaces) != 1:
        names = ", ".join(s.id for s in base_spaces) or "none"
        problems.append(f"the board needs exactly one Galactic Base space, found {names}")
    for space in base_spaces:
        if board.has_system(space.system) and board.system(space.system).kind is not (
            SystemKind.GALACTIC_BASE
        ):
            problems.append(f"space '{space.id}': Galactic Base lies outside the base's system")
    for system in board.systems_of_kind(SystemKind.HABITABLE):
        if not any(s.kind.is_city for s in board.spaces_of(system.id)):
            problems.append(
                f"system '{system.id}': a habitable system needs a city, where its culture is "
                "discovered (§6)"
            )
    for system in board.systems:
        if not board.spaces_of(system.id):
            problems.append(f"system '{system.id}' has no spaces")
    return problems


def _check_space(board: Board, space: Space) -> list[str]:
    where = f"space '{space.id}'"
    kind = space.kind
    problems = []
    if not board.has_system(space.system):
        return [f"{where}: system '{space.system}' is not on the board"]
    system = board.system(space.system)
    if kind in _CULTURE_KINDS and system.kind is not SystemKind.HABITABLE:
        problems.append(
            f"{where}: a {kind.value} belongs in a habitable system, not in {system.kind.value} "
            f"'{system.id}'"
        )
    if space.colour is not Colour.BLUE and not kind.may_be_coloured:
        problems.append(f"{where}: a {kind.value} is always blue, not {space.colour.value}")
    if kind is SpaceKind.PENALTY:
        if not 0 < space.penalty <= MAX_PENALTY:
            problems.append(f"{where}: a penalty oval needs a penalty of $1–${MAX_PENALTY}")
    elif space.penalty:
        problems.append(f"{where}: only a penalty oval has a penalty")
    if (kind is SpaceKind.ORBIT) != (space.orbit_site is not None):
        problems.append(f"{where}: an orbit space, and only one, names its orbit site")
    if kind is SpaceKind.SURFACE_CITY and not space.planet:
        problems.append(f"{where}: a surface city names its planet")
    if space.planet is not None and kind not in (SpaceKind.SURFACE_CITY, SpaceKind.ORBIT):
        problems.append(f"{where}: only surface cities and orbit spaces name a planet")
    if (kind is SpaceKind.TELEGATE) != (space.telegate is not None):
        problems.append(f"{where}: a telegate, and only one, carries a number")
    elif space.telegate is not None and space.telegate not in PILOT_NUMBERS:
        problems.append(f"{where}: telegate number {space.telegate} is not 1–6")
    if not board.links_of(space.id):
        problems.append(f"{where} has no links")
    return problems


def _check_links(board: Board) -> list[str]:
    problems = []
    seen: dict[frozenset[str], Link] = {}
    sites = Counter(s.orbit_site for s in board.spaces if s.orbit_site is not None)
    problems += [
        f"orbit site '{site}' is named by {n} spaces" for site, n in sites.items() if n > 1
    ]
    telegates = Counter(s.telegate for s in board.spaces if s.telegate is not None)
    problems += [f"telegate {n} is printed {c} times" for n, c in telegates.items() if c > 1]
    for link in board.links:
        name = link_name(link)
        missing = [end for end in (link.a, link.b) if not board.has_space(end)]
        if missing:
            problems.append(f"{name}: space '{missing[0]}' is not on the board")
            continue
        if link.a == link.b:
            problems.append(f"{name} joins a space to itself")
            continue
        if link.ends in seen:
            first = link_name(seen[link.ends])
            problems.append(
                f"{name} is listed again after {first}: a link is one entry, the same both "
                "ways (pilot numbers go in pilot_a and pilot_b)"
            )
            continue
        seen[link.ends] = link
        for end, numbers in ((link.a, link.pilot_a), (link.b, link.pilot_b)):
            if numbers and board.space(end).kind is not SpaceKind.NAVIGATION:
                problems.append(
                    f"{name}: pilot numbers leaving '{end}', which is no navigation circle"
                )
            if numbers - PILOT_NUMBERS:
                problems.append(f"{name}: pilot numbers {sorted(numbers)} are not all 1–6")
        if link.flyable:
            problems += _check_flyable(board, link)
    return problems


def _check_flyable(board: Board, link: Link) -> list[str]:
    name = link_name(link)
    a, b = board.space(link.a), board.space(link.b)
    if a.kind is not SpaceKind.SURFACE_CITY or b.kind is not SpaceKind.SURFACE_CITY:
        return [f"{name}: a flyable link joins two surface cities"]
    if a.planet != b.planet:
        return [f"{name}: a flyable link joins sibling cities, not planets {a.planet}/{b.planet}"]
    if link.invisible or link.pilot_a or link.pilot_b:
        return [f"{name}: a flyable link is neither invisible nor numbered"]
    return []


def _check_navigation(board: Board) -> list[str]:
    problems = []
    for space in board.spaces_of_kind(SpaceKind.NAVIGATION):
        where = f"navigation circle '{space.id}'"
        seen: Counter[int] = Counter()
        for link in board.links_of(space.id):
            if board.link(link.a, link.b) is link:  # a link listed twice is reported once
                seen.update(link.pilot_numbers_from(space.id))
        doubled = sorted(n for n, count in seen.items() if count > 1)
        if doubled:
            problems.append(f"{where}: pilot numbers {doubled} label more than one exit")
        missing = sorted(PILOT_NUMBERS - set(seen))
        if missing:
            problems.append(f"{where}: no exit for pilot numbers {missing}; its exits cover 1–6")
    return problems


def _check_planets(board: Board) -> list[str]:
    systems: dict[str, set[str]] = {}
    for space in board.spaces:
        if space.planet is not None:
            systems.setdefault(space.planet, set()).add(space.system)
    return [
        f"planet '{planet}' lies in several systems: {', '.join(sorted(found))}"
        for planet, found in systems.items()
        if len(found) > 1
    ]


def _check_reachable(board: Board) -> list[str]:
    """Every space can be reached from Galactic Base by ordinary steps (flyable links are for
    Air Foil only, so they do not count). Telegate jumps do not count either."""
    start = board.galactic_base
    seen = {start}
    queue = deque([start])
    while queue:
        for other in board.neighbours(queue.popleft()):
            if other not in seen:
                seen.add(other)
                queue.append(other)
    lost = [s.id for s in board.spaces if s.id not in seen]
    if not lost:
        return []
    shown = ", ".join(f"'{s}'" for s in lost[:8]) + (" …" if len(lost) > 8 else "")
    return [f"{len(lost)} spaces cannot be reached from Galactic Base: {shown}"]
