"""The board answers what movement asks (§5): neighbours, links, navigation exits, telegates,
sibling cities, the spaces of a system and the cost of a plain step."""

from __future__ import annotations

import pytest
from sm_boards import (
    BOARDS,
    coloured_run,
    fork_with_navigation,
    sibling_cities,
    straight_line,
    telegate_pair,
)

from nfgalaxy.games.space_merchant.board import Colour, SpaceKind, SystemKind
from nfgalaxy.games.space_merchant.boardcheck import check_board


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_every_fixture_board_is_playable(name: str) -> None:
    assert check_board(BOARDS[name]()) == []


def test_galactic_base_is_where_ships_start() -> None:
    assert straight_line().galactic_base == "base"


def test_neighbours_along_a_line() -> None:
    board = straight_line()
    assert board.neighbours("base") == ("d1",)
    assert set(board.neighbours("d4")) == {"d3", "d5"}
    assert board.link("d4", "d5") is board.link("d5", "d4")
    assert board.link("d1", "d3") is None


def test_navigation_circle_exits_by_pilot_number() -> None:
    board = fork_with_navigation()
    assert dict(board.exits("nav")) == {1: "d1", 2: "d1", 3: "l1", 4: "l1", 5: "r1", 6: "r1"}
    assert board.exit_for("nav", 4) == "l1"
    assert board.exits("d1") == {}
    assert board.link("d1", "nav").pilot_numbers_from("nav") == frozenset({1, 2})
    assert board.link("d1", "nav").pilot_numbers_from("d1") == frozenset()


def test_printed_telegates_by_number() -> None:
    board = telegate_pair()
    assert dict(board.telegates()) == {1: "gate1", 4: "gate4"}
    assert board.space("gate4").kind is SpaceKind.TELEGATE


def test_sibling_cities_share_a_planet_and_a_flyable_link() -> None:
    board = sibling_cities()
    assert board.siblings("north") == ("south",)
    assert board.siblings("port") == ()
    assert board.flyable_neighbours("north") == ("south",)
    # Without Air Foil a surface city is a dead end below its orbit space.
    assert board.neighbours("north") == ("orbit1",)
    assert board.link("north", "south").flyable


def test_surface_cities_cost_two_to_enter_and_leave_one_with_air_foil() -> None:
    board = sibling_cities()
    assert board.step_cost("orbit1", "north") == 2
    assert board.step_cost("north", "orbit1") == 2
    assert board.step_cost("orbit1", "north", air_foil=True) == 1
    assert board.step_cost("s1", "orbit1") == 1


def test_spaces_of_a_system() -> None:
    board = sibling_cities()
    assert {s.id for s in board.spaces_of("h1")} == {
        "s1",
        "orbit1",
        "port",
        "orbit2",
        "s2",
        "north",
        "south",
    }
    assert [s.id for s in board.systems_of_kind(SystemKind.HABITABLE)] == ["h1"]
    assert board.system_of("north").name == "Homeworld"


def test_colours_of_a_run() -> None:
    board = coloured_run()
    assert [board.space(s).colour.letter for s in ("b1", "y1", "r1")] == ["B", "Y", "R"]
    assert board.space("y2").colour is Colour.YELLOW


def test_unknown_space_is_named() -> None:
    with pytest.raises(KeyError, match="nowhere"):
        straight_line().space("nowhere")


def test_a_space_is_named_by_its_name_else_its_kind_system_and_id() -> None:
    """Decision labels and the log name a space as a player would, and two dots of one system
    never read the same (the id tells them apart)."""
    from nfgalaxy.games.space_merchant.generator import generate_board

    board = generate_board(1)
    named = next(s for s in board.spaces if s.name)
    assert board.place(named.id) == named.name
    dots = [s for s in board.spaces if s.kind is SpaceKind.DOT and not s.name]
    places = {board.place(s.id) for s in dots}
    assert len(places) == len(dots)
    for dot in dots:
        system = board.system(dot.system)
        words = board.place(dot.id)
        assert words.startswith("space dot ") and words.endswith(f"({dot.id})")
        assert (system.name or system.id) in words
        assert ("on line" in words) == (system.kind is SystemKind.LINE)
        assert board.place(dot.id, with_id=False) == words.removesuffix(f" ({dot.id})")
