"""Each check of the board validator (§15.5.1 and the sanity checks) fails on a board broken in
just that one way, and says which space, link or system is at fault."""

from __future__ import annotations

from dataclasses import replace

import pytest
from sm_boards import (
    coloured_run,
    fork_with_navigation,
    penalty_ovals,
    sibling_cities,
    straight_line,
    telegate_pair,
)

from nfgalaxy.games.space_merchant.board import (
    Board,
    Colour,
    Link,
    Space,
    SpaceKind,
    StarSystem,
    SystemKind,
)
from nfgalaxy.games.space_merchant.boardcheck import BoardError, check_board, validate_board


def rebuilt(board: Board, **parts) -> Board:
    return replace(board, **parts)


def with_space(board: Board, space_id: str, **fields) -> Board:
    spaces = tuple(replace(s, **fields) if s.id == space_id else s for s in board.spaces)
    return rebuilt(board, spaces=spaces)


def with_link(board: Board, a: str, b: str, **fields) -> Board:
    links = tuple(replace(k, **fields) if k.ends == {a, b} else k for k in board.links)
    return rebuilt(board, links=links)


def only_problem(board: Board) -> str:
    problems = check_board(board)
    assert len(problems) == 1, problems
    return problems[0]


# --- the four checks of §15.5.1 ------------------------------------------------------------


def test_a_link_described_differently_each_way_is_not_symmetric() -> None:
    board = fork_with_navigation()
    again = Link("nav", "d1", pilot_a=frozenset({1}))
    problem = only_problem(rebuilt(board, links=(*board.links, again)))
    assert "link nav–d1 is listed again after link d1–nav" in problem


def test_a_navigation_circle_must_cover_every_pilot_number() -> None:
    board = with_link(fork_with_navigation(), "nav", "r1", pilot_a=frozenset({5}))
    problem = only_problem(board)
    assert "navigation circle 'nav'" in problem and "[6]" in problem


def test_a_pilot_number_selects_one_exit_only() -> None:
    board = with_link(fork_with_navigation(), "nav", "r1", pilot_a=frozenset({4, 5, 6}))
    assert "pilot numbers [4] label more than one exit" in only_problem(board)


def test_a_flyable_link_joins_only_sibling_cities() -> None:
    board = with_space(sibling_cities(), "south", planet="luna")
    assert "link north–south" in only_problem(board)
    board = sibling_cities()
    port_link = Link("north", "port", flyable=True)
    assert "link north–port: a flyable link joins two surface cities" in only_problem(
        rebuilt(board, links=(*board.links, port_link))
    )


def test_every_space_is_reached_from_galactic_base() -> None:
    board = straight_line()
    island = (Space("far1", "line", SpaceKind.DOT), Space("far2", "line", SpaceKind.DOT))
    broken = rebuilt(
        board, spaces=board.spaces + island, links=(*board.links, Link("far1", "far2"))
    )
    problem = only_problem(broken)
    assert "2 spaces cannot be reached" in problem and "'far1'" in problem


def test_a_flyable_link_is_no_way_to_reach_a_city() -> None:
    board = sibling_cities()
    links = tuple(k for k in board.links if k.ends != {"orbit2", "south"})
    assert "'south'" in only_problem(rebuilt(board, links=links))


# --- sanity checks ---------------------------------------------------------------------------


def test_pilot_numbers_only_leave_a_navigation_circle() -> None:
    board = with_link(straight_line(), "d1", "d2", pilot_a=frozenset({3}))
    assert "pilot numbers leaving 'd1', which is no navigation circle" in only_problem(board)


def test_exactly_one_galactic_base() -> None:
    board = with_space(straight_line(), "rock", kind=SpaceKind.GALACTIC_BASE, system="gb")
    assert "exactly one Galactic Base space" in only_problem(board)


def test_question_boxes_and_cities_only_in_habitable_systems() -> None:
    board = with_space(straight_line(), "d3", kind=SpaceKind.QBOX)
    assert "space 'd3': a qbox belongs in a habitable system" in only_problem(board)
    board = with_space(straight_line(), "rock", kind=SpaceKind.SPACE_CITY)
    assert "space 'rock'" in only_problem(board)


def test_a_habitable_system_needs_a_city() -> None:
    board = straight_line()
    systems = (*board.systems[:1], StarSystem("line", SystemKind.HABITABLE, "Empty"))
    assert "system 'line': a habitable system needs a city" in only_problem(
        rebuilt(board, systems=systems)
    )


def test_space_ids_are_unique() -> None:
    board = straight_line()
    spaces = (*board.spaces, Space("d2", "line", SpaceKind.DOT))
    assert "space 'd2' is listed 2 times" in only_problem(rebuilt(board, spaces=spaces))


def test_a_space_belongs_to_a_known_system() -> None:
    board = with_space(straight_line(), "d5", system="nowhere")
    assert "space 'd5': system 'nowhere' is not on the board" in only_problem(board)


def test_links_join_two_known_spaces() -> None:
    board = straight_line()
    problem = only_problem(rebuilt(board, links=(*board.links, Link("d1", "ghost"))))
    assert "link d1–ghost: space 'ghost' is not on the board" in problem
    problem = only_problem(rebuilt(board, links=(*board.links, Link("d1", "d1"))))
    assert "link d1–d1 joins a space to itself" in problem


def test_only_penalty_ovals_have_penalties() -> None:
    assert "space 'd1': only a penalty oval" in only_problem(
        with_space(penalty_ovals(), "d1", penalty=10)
    )
    assert "space 'blue30': a penalty oval needs a penalty" in only_problem(
        with_space(penalty_ovals(), "blue30", penalty=0)
    )


def test_landing_sites_are_always_blue() -> None:
    board = with_space(coloured_run(), "rock", colour=Colour.RED)
    assert "space 'rock': a asteroid is always blue, not red" in only_problem(board)


def test_orbit_spaces_name_their_site_and_sites_are_unique() -> None:
    assert "space 'orbit1': an orbit space" in only_problem(
        with_space(sibling_cities(), "orbit1", orbit_site=None)
    )
    assert "orbit site 'High orbit' is named by 2 spaces" in only_problem(
        with_space(sibling_cities(), "orbit2", orbit_site="High orbit")
    )


def test_surface_cities_name_their_planet() -> None:
    board = sibling_cities()
    links = tuple(k for k in board.links if not k.flyable)
    board = with_space(rebuilt(board, links=links), "north", planet=None)
    assert "space 'north': a surface city names its planet" in only_problem(board)


def test_telegates_carry_distinct_numbers_from_one_to_six() -> None:
    assert "telegate number 7 is not 1–6" in only_problem(
        with_space(telegate_pair(), "gate4", telegate=7)
    )
    assert "telegate 1 is printed 2 times" in only_problem(
        with_space(telegate_pair(), "gate4", telegate=1)
    )


def test_a_planet_lies_in_one_system() -> None:
    board = sibling_cities()
    systems = (*board.systems, StarSystem("h2", SystemKind.HABITABLE, "Other"))
    board = rebuilt(board, systems=systems)
    board = with_space(board, "south", system="h2")
    board = with_space(board, "port", system="h2")
    assert "planet 'terra' lies in several systems: h1, h2" in only_problem(board)


def test_validate_raises_one_board_error_listing_every_problem() -> None:
    board = with_space(with_space(straight_line(), "d1", penalty=5), "d2", penalty=5)
    with pytest.raises(BoardError) as caught:
        validate_board(board, "my board")
    assert str(caught.value).startswith("my board: ")
    assert len(caught.value.problems) == 2
    assert "'d1'" in caught.value.problems[0] and "'d2'" in caught.value.problems[1]
