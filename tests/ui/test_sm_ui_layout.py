"""The Space Merchant map's layout: made from the board's graph alone, the same every time,
every space in a cell of its own, and readable shapes (rings around their systems, lines of
dots between the systems they join)."""

from __future__ import annotations

import math

import pytest

from nfgalaxy.games.space_merchant.board import (
    Board,
    Link,
    Space,
    SpaceKind,
    StarSystem,
    SystemKind,
)
from nfgalaxy.games.space_merchant.generator import generate_board
from nfgalaxy.games.space_merchant.ui.layout import ASPECT, layout_board, ring_cells


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_space_has_a_cell_of_its_own_inside_the_map(seed: int) -> None:
    board = generate_board(seed)
    layout = layout_board(board)
    assert set(layout.at) == {s.id for s in board.spaces}
    cells = list(layout.at.values())
    assert len(set(cells)) == len(cells)
    assert all(0 <= x < layout.width and 0 <= y < layout.height for x, y in cells)
    for space, cell in layout.at.items():
        assert layout.space_at(*cell) == space
    labels = {(lb.x + i, lb.y) for lb in layout.labels for i in range(lb.width)}
    assert not labels & set(cells), "a system's name covers a space"
    assert not {(c.x, c.y) for c in layout.connectors} & set(cells)


def test_the_same_board_always_gives_the_same_map() -> None:
    first, second = layout_board(generate_board(4)), layout_board(generate_board(4))
    assert first.at == second.at and first.connectors == second.connectors
    assert first.labels == second.labels


def test_a_system_is_drawn_as_a_cluster_and_a_line_between_the_systems_it_joins() -> None:
    board = generate_board(1)
    layout = layout_board(board)

    def seen(a: tuple[int, int], b: tuple[int, int]) -> float:
        return math.hypot((a[0] - b[0]) * ASPECT, a[1] - b[1])

    for system in board.systems:
        spaces = [layout.at[s.id] for s in board.spaces_of(system.id)]
        if system.kind is SystemKind.LINE:
            ends = [n for s in board.spaces_of(system.id) for n in board.neighbours(s.id)]
            ends = [layout.at[n] for n in ends if board.space(n).system != system.id]
            span = seen(ends[0], ends[1])
            for cell in spaces:  # every dot near the straight way between the line's ends
                assert seen(cell, ends[0]) + seen(cell, ends[1]) <= span + 8, system.id
        else:  # a cluster: every space close to the cluster's middle
            mx = sum(x for x, _ in spaces) / len(spaces)
            my = sum(y for _, y in spaces) / len(spaces)
            assert all(seen(c, (round(mx), round(my))) <= 7 for c in spaces), system.id


def test_a_surface_city_hangs_next_to_its_orbit_space() -> None:
    board = generate_board(2)
    layout = layout_board(board)
    for city in board.spaces_of_kind(SpaceKind.SURFACE_CITY):
        (orbit,) = board.neighbours(city.id)
        (cx, cy), (ox, oy) = layout.at[city.id], layout.at[orbit]
        assert abs(cx - ox) <= 4 and abs(cy - oy) <= 2


def test_a_ring_is_a_loop_of_cells_with_gaps_between_neighbours() -> None:
    for count in range(1, 15):
        cells = ring_cells(count)
        assert len(set(cells)) == count
        for (ax, ay), (bx, by) in zip(cells, cells[1:] + cells[:1], strict=True):
            assert abs(ax - bx) <= 3 and abs(ay - by) <= 1, (count, cells)


def test_a_board_of_another_shape_still_shows_every_space() -> None:
    """A file's board need not be rings and lines: a system of a few spaces in a row, and a
    line that touches only one system, get cells too."""
    systems = (
        StarSystem("gb", SystemKind.GALACTIC_BASE, "Galactic Base"),
        StarSystem("h1", SystemKind.HABITABLE, "Odd"),
        StarSystem("l1", SystemKind.LINE, "Spur"),
    )
    spaces = (
        Space("gb-0", "gb", SpaceKind.GALACTIC_BASE, name="Galactic Base"),
        Space("h1-0", "h1", SpaceKind.DOT),
        Space("h1-1", "h1", SpaceKind.SPACE_CITY, name="Odd Station"),
        Space("l1-0", "l1", SpaceKind.DOT),
        Space("l1-1", "l1", SpaceKind.DOT),
    )
    links = (
        Link("gb-0", "h1-0"),
        Link("h1-0", "h1-1"),
        Link("h1-1", "l1-0"),
        Link("l1-0", "l1-1"),
    )
    layout = layout_board(Board("test", systems, spaces, links))
    assert set(layout.at) == {s.id for s in spaces}
    assert len(set(layout.at.values())) == len(spaces)
