"""Where the map draws each space: a layout made from the board's graph alone.

A board has no coordinates (generated boards are graphs, and so are board files), so the map
lays one out, the same way every time for the same board. Star systems and Galactic Base are
clusters on a grid of slots, placed near the systems their lines join; each cluster is its ring
of spaces drawn as a loop three rows high, with its surface cities hanging outside the orbit
spaces they belong to and its name above. The ring is turned so that the spaces where lines
attach face the systems they lead to, and each line's dots are spread along the straight way
between its two ends. Anything a board has beyond that shape (a file's odd system) still gets
a cell of its own, in a row below the clusters, so every space can be seen and clicked.

This is drawing, not rules: the engine never sees it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from nfgalaxy.games.space_merchant.board import Board, Link, SystemKind

#: One slot of the grid of clusters, in terminal columns and rows.
SLOT_WIDTH = 26
SLOT_HEIGHT = 9
#: A column is about half as wide as a row is high: distances are judged as the eye sees them.
ASPECT = 0.5
_MARGIN = 1

Cell = tuple[int, int]


@dataclass(frozen=True)
class Label:
    """Where a cluster's name goes: ``width`` columns from ``x`` on row ``y``."""

    system: str
    x: int
    y: int
    width: int


@dataclass(frozen=True)
class Connector:
    """One cell of a link drawn between two spaces; ``dotted`` for the lines between systems,
    ``hidden`` for the Cloud's invisible link (drawn faintly)."""

    x: int
    y: int
    char: str
    dotted: bool = False
    hidden: bool = False


@dataclass(frozen=True)
class MapLayout:
    """Every space's cell, the links' cells and the clusters' name labels."""

    width: int
    height: int
    at: Mapping[str, Cell]
    connectors: tuple[Connector, ...]
    labels: tuple[Label, ...]

    def space_at(self, x: int, y: int) -> str | None:
        """The space drawn in this cell, if any (for the mouse)."""
        return _cells_of(self).get((x, y))


_CELLS: dict[int, tuple[MapLayout, dict[Cell, str]]] = {}


def _cells_of(layout: MapLayout) -> dict[Cell, str]:
    cached = _CELLS.get(id(layout))
    if cached is None or cached[0] is not layout:
        cached = (layout, {cell: space for space, cell in layout.at.items()})
        _CELLS.clear()  # one map is shown at a time
        _CELLS[id(layout)] = cached
    return cached[1]


# ---------------------------------------------------------------------- the clusters' slots


def _regions(board: Board) -> list[str]:
    """The clusters: every system but the lines, Galactic Base first."""
    found = [s.id for s in board.systems if s.kind is not SystemKind.LINE]
    found.sort(key=lambda s: board.system(s).kind is not SystemKind.GALACTIC_BASE)
    return found


def _line_ends(board: Board, line: str) -> tuple[list[str], list[str]]:
    """A line's spaces in order along it, and the spaces outside it that its ends touch."""
    members = [s.id for s in board.spaces_of(line)]
    inside = set(members)
    degree = {s: sum(n in inside for n in board.neighbours(s)) for s in members}
    start = next((s for s in members if degree[s] <= 1), members[0] if members else None)
    path: list[str] = []
    here = start
    while here is not None and here not in path:
        path.append(here)
        here = next((n for n in board.neighbours(here) if n in inside and n not in path), None)
    outside = [n for s in path for n in board.neighbours(s) if n not in inside]
    return path, outside


def _region_edges(board: Board, regions: list[str]) -> list[tuple[str, str]]:
    """Pairs of clusters joined by a line or by a direct link, once each."""
    wanted = set(regions)
    edges: list[tuple[str, str]] = []
    for system in board.systems:
        if system.kind is not SystemKind.LINE:
            continue
        touched = [board.space(s).system for s in _line_ends(board, system.id)[1]]
        touched = [t for t in dict.fromkeys(touched) if t in wanted]
        if len(touched) == 2 and tuple(touched) not in edges:
            edges.append((touched[0], touched[1]))
    for link in board.links:
        if link.flyable or not (board.has_space(link.a) and board.has_space(link.b)):
            continue
        a, b = board.space(link.a).system, board.space(link.b).system
        if a != b and a in wanted and b in wanted and (a, b) not in edges and (b, a) not in edges:
            edges.append((a, b))
    return edges


def _grid(count: int) -> tuple[int, int]:
    columns = max(1, math.ceil(math.sqrt(count * 1.4)))
    rows = max(1, math.ceil((count + 2) / columns))
    return columns, rows


def _seen(slot: Cell) -> tuple[float, float]:
    """A slot as the eye sees it (slots are wider than high in rows, but columns are narrow)."""
    return slot[0] * SLOT_WIDTH * ASPECT, slot[1] * SLOT_HEIGHT


def _near_segment(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length))
    return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy)


def _cross(a: Cell, b: Cell, c: Cell, d: Cell) -> bool:
    def turn(p: Cell, q: Cell, r: Cell) -> int:
        value = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
        return (value > 0) - (value < 0)

    return turn(a, b, c) * turn(a, b, d) < 0 and turn(c, d, a) * turn(c, d, b) < 0


def _cost(slot: dict[str, Cell], edges: list[tuple[str, str]]) -> float:
    """Short lines, no line through another cluster, few crossings."""
    total = 0.0
    seen = {r: _seen(s) for r, s in slot.items()}
    for a, b in edges:
        pa, pb = seen[a], seen[b]
        total += math.hypot(pa[0] - pb[0], pa[1] - pb[1])
        for other, po in seen.items():
            if other not in (a, b) and _near_segment(po, pa, pb) < SLOT_HEIGHT * 0.6:
                total += 60
    for i, (a, b) in enumerate(edges):
        for c, d in edges[i + 1 :]:
            if len({a, b, c, d}) == 4 and _cross(slot[a], slot[b], slot[c], slot[d]):
                total += 25
    return total


def place_regions(board: Board) -> dict[str, Cell]:
    """Each cluster's slot (column, row): Galactic Base in the middle, each other cluster
    near the ones it is joined to, then improved by swapping slots while that helps."""
    regions = _regions(board)
    edges = _region_edges(board, regions)
    columns, rows = _grid(len(regions))
    slots = [(c, r) for r in range(rows) for c in range(columns)]
    centre = ((columns - 1) / 2, (rows - 1) / 2)
    slots.sort(key=lambda s: (math.hypot(s[0] - centre[0], s[1] - centre[1]), s[1], s[0]))
    neighbours: dict[str, list[str]] = {r: [] for r in regions}
    for a, b in edges:
        neighbours[a].append(b)
        neighbours[b].append(a)
    order: list[str] = []
    for root in regions:  # breadth first from Galactic Base; any unjoined cluster after
        queue = [root]
        while queue:
            here = queue.pop(0)
            if here not in order:
                order.append(here)
                queue += [n for n in neighbours[here] if n not in order]
    slot: dict[str, Cell] = {}
    free = list(slots)
    for region in order:
        placed = [slot[n] for n in neighbours[region] if n in slot]
        if placed:
            mx = sum(p[0] for p in placed) / len(placed)
            my = sum(p[1] for p in placed) / len(placed)
            best = min(
                free, key=lambda s: (math.hypot(s[0] - mx, (s[1] - my) * 1.4), free.index(s))
            )
        else:
            best = free[0]
        free.remove(best)
        slot[region] = best
    return _improve(slot, edges, slots)


def _improve(
    slot: dict[str, Cell], edges: list[tuple[str, str]], slots: list[Cell]
) -> dict[str, Cell]:
    """Swap two clusters (or move one to an empty slot) while that lowers the cost."""
    best = _cost(slot, edges)
    for _ in range(8):
        better = False
        owner = {s: r for r, s in slot.items()}
        for i, first in enumerate(slots):
            for second in slots[i + 1 :]:
                a, b = owner.get(first), owner.get(second)
                if a is None and b is None:
                    continue
                trial = dict(slot)
                if a is not None:
                    trial[a] = second
                if b is not None:
                    trial[b] = first
                cost = _cost(trial, edges)
                if cost < best - 1e-9:
                    slot, best, better = trial, cost, True
                    owner = {s: r for r, s in slot.items()}
        if not better:
            break
    return slot


# ---------------------------------------------------------------------- inside a cluster


def _ring_order(board: Board, system: str) -> tuple[list[str], dict[str, str]]:
    """The cluster's loop in order (depth first along its links), and the spaces hanging off
    it (a surface city below its orbit space) with the space each hangs from."""
    members = [s.id for s in board.spaces_of(system)]
    inside = set(members)

    def local(space: str) -> list[str]:
        return [n for n in board.neighbours(space) if n in inside and n != space]

    hanging: dict[str, str] = {}
    for space in members:
        near = local(space)
        outside = [n for n in board.neighbours(space) if n not in inside]
        if len(near) == 1 and not outside and len(local(near[0])) > 1:
            hanging[space] = near[0]
    core = [s for s in members if s not in hanging]
    order: list[str] = []
    for start in core:
        stack = [start]
        while stack:
            here = stack.pop()
            if here in order:
                continue
            order.append(here)
            stack += [n for n in reversed(local(here)) if n not in hanging and n not in order]
    return order, hanging


def ring_cells(count: int) -> list[Cell]:
    """Cells of a loop of ``count`` spaces around (0, 0), clockwise from the top left: a top
    row, the right end, a bottom row, the left end (two columns between neighbours)."""
    if count <= 0:
        return []
    if count == 1:
        return [(0, 0)]
    if count == 2:
        return [(-1, 0), (1, 0)]
    if count == 3:
        return [(0, -1), (1, 0), (-1, 0)]
    top = math.ceil((count - 2) / 2)
    bottom = count - 2 - top
    cells = [(2 * i - (top - 1), -1) for i in range(top)]
    cells.append((top + 1, 0))
    cells += [((bottom - 1) - 2 * j, 1) for j in range(bottom)]
    cells.append((-(top + 1), 0))
    return cells


def _turned(cells: list[Cell], shift: int, mirror: bool) -> list[Cell]:
    count = len(cells)
    turned = [cells[(i + shift) % count] for i in range(count)]
    return [(-x, y) for x, y in turned] if mirror else turned


# ---------------------------------------------------------------------- the whole map


class _Canvas:
    """The cells taken so far: spaces, labels, and link cells."""

    def __init__(self) -> None:
        self.at: dict[str, Cell] = {}
        self.taken: dict[Cell, str] = {}
        self.blocked: set[Cell] = set()
        self.connectors: dict[Cell, Connector] = {}

    def free(self, cell: Cell) -> bool:
        return cell not in self.taken and cell not in self.blocked

    def put(self, space: str, cell: Cell) -> None:
        self.at[space] = cell
        self.taken[cell] = space
        self.connectors.pop(cell, None)

    def nearest_free(self, cell: Cell, radius: int = 4) -> Cell | None:
        x, y = cell
        around = [
            (x + dx, y + dy)
            for dy in range(-radius, radius + 1)
            for dx in range(-2 * radius, 2 * radius + 1)
        ]
        around.sort(key=lambda c: (self.crowding(c) + abs(c[0] - x) * ASPECT + abs(c[1] - y), c))
        return next((c for c in around if self.free(c) and c[0] >= 0 and c[1] >= 0), None)

    def crowding(self, cell: Cell) -> float:
        """How much a space here would run into others beside it (a glyph needs a gap)."""
        x, y = cell
        return 1.5 * sum((x + dx, y) in self.taken for dx in (-1, 1))


def _slope_char(dx: int, dy: int) -> str:
    angle = math.degrees(math.atan2(abs(dy), abs(dx) * ASPECT)) if (dx or dy) else 0.0
    if angle < 30:
        return "─"
    if angle > 60:
        return "│"
    return "╲" if (dx > 0) == (dy > 0) else "╱"


def _between(a: Cell, b: Cell) -> list[Cell]:
    """The cells strictly between two cells on the straight way from one to the other."""
    steps = max(abs(b[0] - a[0]), abs(b[1] - a[1]))
    cells = []
    for i in range(1, steps):
        t = i / steps
        cells.append((round(a[0] + t * (b[0] - a[0])), round(a[1] + t * (b[1] - a[1]))))
    return list(dict.fromkeys(c for c in cells if c not in (a, b)))


def layout_board(board: Board) -> MapLayout:
    """The map of a board: the same board always gives the same map."""
    canvas = _Canvas()
    slot = place_regions(board)
    centre = {
        r: (
            _MARGIN + c * SLOT_WIDTH + SLOT_WIDTH // 2,
            _MARGIN + 3 + row * SLOT_HEIGHT + (SLOT_HEIGHT - 3) // 2,
        )
        for r, (c, row) in slot.items()
    }
    lines = [s.id for s in board.systems if s.kind is SystemKind.LINE]
    target_of: dict[str, Cell] = {}  # a space where a line attaches -> the far cluster's centre
    paths: dict[str, tuple[list[str], list[str]]] = {}
    for line in lines:
        path, ends = _line_ends(board, line)
        paths[line] = (path, ends)
        systems = [board.space(e).system for e in ends]
        for end, system in zip(ends, systems, strict=True):
            far = [s for s in systems if s != system and s in centre]
            if far:
                target_of[end] = centre[far[0]]
    labels: list[Label] = []
    for region in slot:
        _place_cluster(board, canvas, region, centre[region], target_of)
        cx, cy = centre[region]
        top = min(
            (canvas.at[s][1] for s in canvas.at if board.space(s).system == region), default=cy
        )
        width = SLOT_WIDTH - 2
        label = Label(region, cx - width // 2, top - 1, width)
        labels.append(label)
        canvas.blocked.update((label.x + i, label.y) for i in range(width))
    for line in lines:
        _place_line(canvas, *paths[line])
    _place_leftovers(board, canvas)
    _draw_links(board, canvas)
    return _finish(canvas, labels)


def _place_cluster(
    board: Board, canvas: _Canvas, region: str, centre: Cell, target_of: dict[str, Cell]
) -> None:
    order, hanging = _ring_order(board, region)
    cells = ring_cells(len(order))
    cx, cy = centre
    best: tuple[float, int, bool] | None = None
    for mirror in (False, True):
        for shift in range(len(cells)):
            turned = _turned(cells, shift, mirror)
            cost = 0.0
            for space, (x, y) in zip(order, turned, strict=True):
                if space in target_of:
                    tx, ty = target_of[space]
                    cost += math.hypot((cx + x - tx) * ASPECT, cy + y - ty)
            if best is None or cost < best[0] - 1e-9:
                best = (cost, shift, mirror)
    assert best is not None or not order
    turned = _turned(cells, best[1], best[2]) if best else []
    for space, (x, y) in zip(order, turned, strict=True):
        canvas.put(space, (cx + x, cy + y))
    for space, anchor in hanging.items():
        ax, ay = canvas.at[anchor]
        dx, dy = ax - cx, ay - cy
        # Outwards from the ring: above or below its rows, beside its ends.
        wanted = (ax, ay + (1 if dy > 0 else -1)) if dy else (ax + (2 if dx >= 0 else -2), ay)
        cell = wanted if canvas.free(wanted) else canvas.nearest_free(wanted, 2)
        if cell is not None:
            canvas.put(space, cell)


def _place_line(canvas: _Canvas, path: list[str], ends: list[str]) -> None:
    """The line's dots spread evenly along the straight way between the spaces it joins."""
    placed_ends = [canvas.at[e] for e in ends if e in canvas.at]
    if not path:
        return
    if len(placed_ends) >= 2:
        (ax, ay), (bx, by) = placed_ends[0], placed_ends[-1]
    elif placed_ends:
        (ax, ay) = placed_ends[0]
        bx, by = ax + 2 * (len(path) + 1), ay
    else:
        return
    count = len(path)
    for index, space in enumerate(path, 1):
        t = index / (count + 1)
        wanted = (round(ax + t * (bx - ax)), round(ay + t * (by - ay)))
        roomy = canvas.free(wanted) and not canvas.crowding(wanted)
        cell = wanted if roomy else canvas.nearest_free(wanted)
        if cell is not None:
            canvas.put(space, cell)


def _place_leftovers(board: Board, canvas: _Canvas) -> None:
    """Spaces the shapes above did not place: a row of their own below everything."""
    missing = [s.id for s in board.spaces if s.id not in canvas.at]
    if not missing:
        return
    bottom = max((y for _, y in canvas.taken), default=0)
    bottom = max(bottom, max((y for _, y in canvas.blocked), default=0)) + 2
    for index, space in enumerate(missing):
        per_row = 40
        canvas.put(space, (_MARGIN + 2 * (index % per_row), bottom + index // per_row))


def _draw_links(board: Board, canvas: _Canvas) -> None:
    for link in board.links:
        if link.flyable or link.a not in canvas.at or link.b not in canvas.at:
            continue
        _draw_link(board, canvas, link)


def _draw_link(board: Board, canvas: _Canvas, link: Link) -> None:
    a, b = canvas.at[link.a], canvas.at[link.b]
    dotted = SystemKind.LINE in (board.system_of(link.a).kind, board.system_of(link.b).kind)
    char = "·" if dotted or link.invisible else _slope_char(b[0] - a[0], b[1] - a[1])
    for cell in _between(a, b):
        if canvas.free(cell) and cell not in canvas.connectors:
            canvas.connectors[cell] = Connector(*cell, char, dotted, link.invisible)


def _finish(canvas: _Canvas, labels: list[Label]) -> MapLayout:
    cells = list(canvas.at.values()) + list(canvas.connectors)
    cells += [(label.x, label.y) for label in labels]
    cells += [(label.x + label.width - 1, label.y) for label in labels]
    left = min((x for x, _ in cells), default=0) - _MARGIN
    top = min((y for _, y in cells), default=0) - _MARGIN
    width = max((x for x, _ in cells), default=0) - left + 1 + _MARGIN
    height = max((y for _, y in cells), default=0) - top + 1 + _MARGIN
    at = {s: (x - left, y - top) for s, (x, y) in canvas.at.items()}
    connectors = tuple(
        Connector(c.x - left, c.y - top, c.char, c.dotted, c.hidden)
        for c in sorted(canvas.connectors.values(), key=lambda c: (c.y, c.x))
    )
    moved = tuple(Label(lb.system, lb.x - left, lb.y - top, lb.width) for lb in labels)
    return MapLayout(width, height, MappingProxyType(at), connectors, moved)
