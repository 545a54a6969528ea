"""The board generator (§15.5.3): every seed gives an accepted board at the published scale,
the same seed always the same board, labelled as generated with its seed."""

from __future__ import annotations

from collections import Counter

import pytest
from sm_boards import sibling_cities, straight_line

import nfgalaxy.games.space_merchant.generator as generator
from nfgalaxy.games.space_merchant.board import (
    GENERATED_LABEL,
    Board,
    Colour,
    SpaceKind,
    SystemKind,
)
from nfgalaxy.games.space_merchant.boardfile import write_board
from nfgalaxy.games.space_merchant.generator import (
    SCALE,
    acceptance_problems,
    distances_from_base,
    generate_board,
)


def structure_problems(board: Board) -> list[str]:
    """What a generated board must have besides the acceptance checks: the published scale."""
    problems = []
    kinds = Counter(s.kind for s in board.spaces)
    systems = Counter(s.kind for s in board.systems)
    expected = {
        systems[SystemKind.HABITABLE]: SCALE.habitable,
        systems[SystemKind.HAZARD]: SCALE.hazard,
        systems[SystemKind.GALACTIC_BASE]: 1,
        systems[SystemKind.LINE]: SCALE.lines,
        kinds[SpaceKind.ORBIT]: SCALE.orbits,
        kinds[SpaceKind.SURFACE_CITY]: SCALE.surface_cities,
        kinds[SpaceKind.SPACE_CITY]: SCALE.space_cities,
        kinds[SpaceKind.QBOX]: SCALE.qboxes,
        kinds[SpaceKind.ASTEROID]: SCALE.asteroids,
        kinds[SpaceKind.PENALTY]: SCALE.penalty_ovals,
        kinds[SpaceKind.TELEGATE]: 0,
    }
    problems += [f"{got} where {want} belong" for got, want in expected.items() if got != want]
    low, high = SCALE.navigation
    if not low <= kinds[SpaceKind.NAVIGATION] <= high:
        problems.append(f"{kinds[SpaceKind.NAVIGATION]} navigation circles")
    invisible = [link for link in board.links if link.invisible]
    if len(invisible) != 1 or {board.space(e).kind for e in invisible[0].ends} != {
        SpaceKind.NAVIGATION
    }:
        problems.append("the invisible link does not join two navigation circles")
    for system in board.systems:
        size = len(board.spaces_of(system.id))
        if system.kind is SystemKind.LINE and not 3 <= size <= 7:
            problems.append(f"line {system.id} has {size} dots")
        ring = [s for s in board.spaces_of(system.id) if s.kind is not SpaceKind.SURFACE_CITY]
        if system.kind is SystemKind.HABITABLE and not 6 <= len(ring) <= 12:
            problems.append(f"system {system.id} has a ring of {len(ring)}")
        if system.kind is SystemKind.HABITABLE:
            orbits = [s for s in ring if s.kind is SpaceKind.ORBIT]
            if not 1 <= len(orbits) <= 3:
                problems.append(f"system {system.id} has {len(orbits)} orbit spaces")
    for city in board.spaces_of_kind(SpaceKind.SURFACE_CITY):
        if set(board.flyable_neighbours(city.id)) != set(board.siblings(city.id)):
            problems.append(f"city {city.id} is not flyable-linked to all its siblings")
    if board.label != GENERATED_LABEL:
        problems.append(f"label {board.label!r}")
    return problems


@pytest.mark.parametrize("seed", range(50))
def test_a_generated_board_is_accepted_at_the_published_scale(seed: int) -> None:
    board = generate_board(seed)
    assert acceptance_problems(board) == []
    assert structure_problems(board) == []
    assert board.seed == seed


@pytest.mark.slow
def test_a_thousand_seeds_all_pass_the_acceptance_checks() -> None:
    failures = {}
    for seed in range(1000):
        board = generate_board(seed)
        problems = acceptance_problems(board) + structure_problems(board)
        if problems:
            failures[seed] = problems
    assert failures == {}


def test_the_same_seed_always_gives_the_same_board() -> None:
    assert generate_board(5) == generate_board(5)
    assert write_board(generate_board(5)) == write_board(generate_board(5))
    assert generate_board(5) != generate_board(6)


def test_a_refused_draw_is_replaced_by_the_seeds_next_draw(monkeypatch) -> None:
    first = generate_board(8)
    refused = []

    def refuse_first(board: Board) -> list[str]:
        if not refused:
            refused.append(board)
            return ["refused for the test"]
        return []

    monkeypatch.setattr(generator, "acceptance_problems", refuse_first)
    second = generate_board(8)
    assert refused == [first]
    assert second != first
    refused.clear()
    assert generate_board(8) == second


def test_the_dot_colours_follow_the_published_mix() -> None:
    colours: Counter[Colour] = Counter()
    for seed in range(20):
        board = generate_board(seed)
        colours.update(
            s.colour
            for s in board.spaces
            if s.kind is SpaceKind.DOT and board.system_of(s.id).kind is not SystemKind.HAZARD
        )
    total = sum(colours.values())
    assert 0.45 < colours[Colour.BLUE] / total < 0.55
    assert 0.24 < colours[Colour.RED] / total < 0.34
    assert 0.16 < colours[Colour.YELLOW] / total < 0.26


def test_navigation_circles_cover_one_to_six_with_every_exit_numbered() -> None:
    board = generate_board(2)
    for circle in board.spaces_of_kind(SpaceKind.NAVIGATION):
        exits = board.exits(circle.id)
        assert set(exits) == {1, 2, 3, 4, 5, 6}
        assert set(exits.values()) == set(board.neighbours(circle.id))


def test_the_route_to_every_system_is_six_to_twenty_five_mp() -> None:
    board = generate_board(4)
    distance = distances_from_base(board)
    for system in board.systems_of_kind(SystemKind.HABITABLE):
        assert 6 <= min(distance[s.id] for s in board.spaces_of(system.id)) <= 25


def test_acceptance_refuses_dead_ends_and_systems_too_close() -> None:
    assert "space 'rock' is a dead end but no surface city" in acceptance_problems(straight_line())
    assert "system 'h1' is 1 MP from Galactic Base" in acceptance_problems(sibling_cities())
