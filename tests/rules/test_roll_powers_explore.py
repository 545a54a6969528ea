"""Explore powers (rules §7.1, §8, §12): each test is named after its tile and plays Explore with
the real engine from a position built in ``roll_power_setup``."""

from __future__ import annotations

from roll_power_setup import decide, dice_in, empire, options, play, position, sid, workers

from nfgalaxy.games.roll.state import DEV, WORLD


def kinds(g) -> set[str]:
    return {d.kind for d in options(g)}


def test_advanced_logistics_rearranges_after_the_last_explorer() -> None:
    g = position()
    empire(
        g,
        0,
        tableau=["Advanced Logistics"],
        developments=["Public Works", "Merchant Guild"],
        credits=1,
    )
    workers(g, 0, explore=["white"])
    play(g, "explore")
    decide(g, "stock", "white", 0)
    assert dice_in(g, 0, "citizenry") == {"white": 1}
    assert kinds(g) == {"done", "rearrange"}
    decide(g, "rearrange", sid("Merchant Guild"), WORLD, "top")  # flipped to its world side
    p = g.players[0]
    assert p.stacks[DEV] == [sid("Public Works")]
    assert p.stacks[WORLD] == [sid("Merchant Guild")[:-1] + "w"]
    decide(g, "done")
    assert not g.queue


def test_advanced_logistics_works_with_no_explorer_and_keeps_dice_on_the_stack() -> None:
    g = position()
    empire(
        g,
        0,
        tableau=["Advanced Logistics"],
        developments=["Public Works", "Merchant Guild"],
        on_developments=["red"],
    )
    play(g, "explore")
    decide(g, "rearrange", sid("Public Works"), DEV, "bottom")
    p = g.players[0]
    assert p.stacks[DEV] == [sid("Merchant Guild"), sid("Public Works")]
    assert p.stack_dice[DEV] == ["red"]  # §14.8: dice stay on top of their stack


def test_advanced_logistics_is_not_offered_without_the_tile_nor_outside_explore() -> None:
    g = position()
    empire(g, 0, developments=["Public Works", "Merchant Guild"])
    workers(g, 0, explore=["white"])
    play(g, "explore")
    assert kinds(g) == {"stock", "scout"}
    g = position()
    empire(g, 0, tableau=["Advanced Logistics"], developments=["Public Works", "Merchant Guild"])
    workers(g, 0, develop=["white", "red"])
    play(g, "develop")
    assert kinds(g) == {"develop"}


def test_alien_archaeology_stock_with_a_yellow_explorer_gives_4() -> None:
    g = position()
    empire(g, 0, tableau=["Alien Archaeology"], credits=1)
    workers(g, 0, explore=[("yellow", "wild"), "white"])
    play(g, "explore")
    labels = {d.args[0]: d.label for d in options(g, "stock")}
    assert "+$4" in labels["yellow"] and "+$2" in labels["white"]
    decide(g, "stock", "yellow", 0)
    assert g.players[0].credits == 5
    decide(g, "stock", "white", 0)
    assert g.players[0].credits == 7


def test_alien_archaeology_does_not_pay_more_for_other_colours() -> None:
    g = position()
    empire(g, 0, tableau=["Alien Archaeology"], credits=1)
    workers(g, 0, explore=["red"])
    play(g, "explore")
    decide(g, "stock", "red", 0)
    assert g.players[0].credits == 3


def test_alien_research_ship_gives_a_virtual_white_and_yellow_explorer() -> None:
    g = position()
    empire(g, 0, tableau=["Alien Research Ship", "Alien Archaeology"], credits=0)
    play(g, "explore")
    assert {d.args for d in options(g, "stock")} == {("white", 1), ("yellow", 1)}
    decide(g, "stock", "yellow", 1)
    decide(g, "stock", "white", 1)
    assert g.players[0].credits == 6  # the virtual yellow explorer counts for Alien Archaeology
    assert dice_in(g, 0, "citizenry") == {}  # virtual workers never reach the citizenry
    assert not g.queue


def test_major_research_labs_gives_one_virtual_white_explorer() -> None:
    g = position()
    empire(g, 0, tableau=["Major Research Labs"], credits=1)
    play(g, "explore")
    assert {d.args for d in options(g, "stock")} == {("white", 1)}
    supply = dict(g.supply)
    decide(g, "stock", "white", 1)
    assert g.players[0].credits == 3
    assert g.supply == supply and dice_in(g, 0, "citizenry") == {}


def test_major_research_labs_explorer_exists_only_in_explore() -> None:
    g = position()
    empire(g, 0, tableau=["Major Research Labs"], credits=1)
    play(g, "produce")
    assert not g.queue and g.players[0].credits == 1


def _scout_and_place(g, colour: str, virtual: int = 0) -> None:
    decide(g, "scout", colour, virtual)  # an empty zone has nothing to discard: it draws at once
    decide(g, "place", g.players[0].drawn[0], DEV, "bottom")


def test_alien_research_team_draws_a_tile_and_pays_1_after_a_yellow_scout() -> None:
    g = position()
    empire(g, 0, tableau=["Alien Research Team"], credits=1)
    workers(g, 0, explore=[("yellow", "wild")])
    play(g, "explore")
    _scout_and_place(g, "yellow")
    p = g.players[0]
    assert len(p.drawn) == 1 and p.credits == 2  # the extra tile, drawn at the end of Explore
    assert {d.args[2] for d in options(g, "place")} == {"bottom"}
    decide(g, "place", p.drawn[0], WORLD, "bottom")
    assert len(p.stacks[DEV]) == 1 and len(p.stacks[WORLD]) == 1


def test_alien_research_team_pays_nothing_without_a_yellow_scout() -> None:
    g = position()
    empire(g, 0, tableau=["Alien Research Team"], credits=1)
    workers(g, 0, explore=[("yellow", "wild"), "white"])
    play(g, "explore")
    decide(g, "stock", "yellow", 0)  # a yellow explorer that stocks does not count
    _scout_and_place(g, "white")
    assert len(g.players[0].drawn) == 1 and g.players[0].credits == 3


def test_alien_research_team_draws_even_with_no_explorer_but_not_outside_explore() -> None:
    g = position()
    empire(g, 0, tableau=["Alien Research Team"], credits=1)
    play(g, "explore")
    assert len(g.players[0].drawn) == 1 and g.players[0].credits == 1
    g = position()
    empire(g, 0, tableau=["Alien Research Team"], credits=1)
    play(g, "develop", "produce")
    assert g.players[0].drawn == [] and not g.queue


def test_alien_research_team_pays_for_the_virtual_yellow_explorer_of_alien_research_ship() -> None:
    g = position()
    empire(g, 0, tableau=["Alien Research Team", "Alien Research Ship"], credits=1)
    play(g, "explore")
    decide(g, "stock", "white", 1)
    _scout_and_place(g, "yellow", 1)
    assert g.players[0].credits == 4  # $2 stock + $1 Alien Research Team


def test_improved_reconnaissance_may_put_a_scouted_tile_on_top() -> None:
    g = position()
    empire(g, 0, tableau=["Improved Reconnaissance"], developments=["Public Works"])
    workers(g, 0, explore=["white"])
    play(g, "explore")
    decide(g, "scout", "white", 0)
    decide(g, "draw")
    tile = g.players[0].drawn[0]
    assert {d.args[1:] for d in options(g, "place")} == {
        (DEV, "bottom"),
        (DEV, "top"),
        (WORLD, "bottom"),
        (WORLD, "top"),
    }
    decide(g, "place", tile, DEV, "top")
    assert g.players[0].stacks[DEV] == [tile + "d", sid("Public Works")]


def test_without_improved_reconnaissance_scouted_tiles_go_to_the_bottom() -> None:
    g = position()
    empire(g, 0, developments=["Public Works"])
    workers(g, 0, explore=["white"])
    play(g, "explore")
    decide(g, "scout", "white", 0)
    decide(g, "draw")
    assert {d.args[2] for d in options(g, "place")} == {"bottom"}


def test_technology_unions_pays_1_in_explore_and_produce_to_the_sole_leader() -> None:
    g = position()
    empire(g, 0, tableau=["Technology Unions", "Public Works"], credits=1)
    empire(g, 1, tableau=["Merchant Guild"])
    play(g, "explore", "produce")
    assert g.players[0].credits == 3


def test_technology_unions_pays_nothing_on_a_tie_or_in_other_phases() -> None:
    g = position()
    empire(g, 0, tableau=["Technology Unions", "Public Works"], credits=1)
    empire(g, 1, tableau=["Merchant Guild", "Space Docks"])
    play(g, "explore", "produce")
    assert g.players[0].credits == 1
    g = position()
    empire(g, 0, tableau=["Technology Unions"], credits=1)
    play(g, "develop", "settle", "ship")
    assert g.players[0].credits == 1
