"""Reassign powers (rules §5.2.3, §5.2.4, §12): the 18 developments used in the Assign step.

Every test starts from one roll: a yellow die selected Settle, and one other die of each colour
lies in the columns below (a second white one in Produce), so each power's restrictions show in
which moves it offers. Each test is named after its tile."""

from __future__ import annotations

import pytest
from roll_power_setup import assign, decide, empire, options, position, sid, workers

from nfgalaxy.games.roll.rules import RollGame
from nfgalaxy.games.roll.state import PHASES

MOVABLE = [
    ("white", "explore"),
    ("red", "explore"),
    ("blue", "develop"),
    ("green", "settle"),
    ("brown", "produce"),
    ("white", "produce"),
    ("purple", "ship"),
]


def rolled(tableau: list[str], other: list[str] | None = None) -> RollGame:
    g = position()
    empire(g, 0, tableau=tableau)
    empire(g, 1, tableau=other or [])
    workers(
        g,
        0,
        selected="settle",
        explore=["white", "red"],
        develop=["blue"],
        settle=["yellow", "green"],
        produce=["brown", "white"],
        ship=["purple"],
    )
    return assign(g, 0)


def moves(g: RollGame) -> set[tuple[str, str, str]]:
    """(colour, from column, to column) of every move offered now."""
    return {(d.args[0], d.args[2], d.args[3]) for d in options(g, "move")}


def every(colours=None, sources=None, targets=PHASES) -> set[tuple[str, str, str]]:
    return {
        (colour, column, to)
        for colour, column in MOVABLE
        for to in targets
        if to != column
        and (colours is None or colour in colours)
        and (sources is None or column in sources)
    }


ALL = every()
CASES = [
    ("Local Subsidies", every(colours={"white"}), 1),
    ("Colonial Affinity", every(targets=["settle"]), 1),
    ("Diversification", every(colours={"white"}, sources={"explore"}), 1),
    ("Galactic Influence", ALL, 1),
    ("Homeworld Patriotism", every(colours={"white"}, targets=["settle"]), 2),
    ("Hydroponics Guild", every(colours={"blue", "green"}), 1),
    ("Isolation Policy", every(sources={"explore"}), 2),
    ("Nanotechnology", ALL, 2),
    ("Operations Affinity", every(targets=["explore", "produce"]), 1),
    ("Propaganda Campaign", every(targets=["settle"]), 2),
    ("Shipping Affinity", every(targets=["ship"]), 1),
    ("Space Mercenaries", every(colours={"red", "brown"}), 1),
    ("System Diversification", every(colours={"red", "blue", "green", "brown", "purple"}), 2),
    ("Technology Affinity", every(targets=["develop"]), 1),
    ("Mad Scientists", ALL, 1),  # nobody has a Novelty world: a tie, so 1 (WE-20)
]


@pytest.mark.parametrize(("tile", "allowed", "count"), CASES)
def test_reassign_power_moves_only_the_workers_its_tile_names(
    tile: str, allowed: set, count: int
) -> None:
    g = rolled([tile])
    assert {d.kind for d in options(g)} >= {"done", "power"}  # optional: Done stays offered
    decide(g, "power", sid(tile))
    assert moves(g) == allowed
    colour, column, to = sorted(allowed)[0]
    g.apply(next(d for d in options(g, "move") if (d.args[0], *d.args[2:]) == (colour, column, to)))
    moved = [w for w in g.players[0].workers if w["colour"] == colour and w["column"] == to]
    assert moved and moved[0]["face"] == column  # a reassigned die keeps its face
    if count == 2:
        assert {d.kind for d in options(g)} == {"move", "stop"}
        decide(g, "stop")
    assert g.queue[0][0] == "assign"
    assert ("power", (sid(tile),)) not in {(d.kind, d.args) for d in options(g)}  # once a round


def test_no_reassign_power_is_offered_without_a_tile_that_has_one() -> None:
    g = rolled(["Public Works", "Space Docks"])
    assert {d.kind for d in options(g)} == {"done", "dictate"}


def test_mad_scientists_alone_with_the_most_novelty_worlds_moves_2() -> None:
    g = rolled(["Mad Scientists", "Spice World", "Gem World"], other=["New Vinland"])
    decide(g, "power", sid("Mad Scientists"))
    decide(g, "move", "purple")
    assert {d.kind for d in options(g)} == {"move", "stop"}


def test_mad_scientists_tied_for_most_novelty_worlds_moves_1() -> None:
    g = rolled(["Mad Scientists", "Spice World"], other=["New Vinland"])
    decide(g, "power", sid("Mad Scientists"))
    decide(g, "move", "purple")
    assert g.queue[0][0] == "assign"


def test_executive_power_moves_two_workers_of_one_column_to_the_selected_phase() -> None:
    g = rolled(["Executive Power"])
    decide(g, "power", sid("Executive Power"))
    assert {(d.args[0], d.args[2], d.args[4]) for d in options(g)} == {
        ("white", "red", "explore"),
        ("white", "brown", "produce"),
    }
    decide(g, "move_pair", "white", "explore", "red", "explore", "explore")
    assert len(g.players[0].column("settle")) == 4 and not g.players[0].column("explore")


def test_galactic_mandate_dictate_moves_up_to_3_other_workers() -> None:
    g = rolled(["Galactic Mandate"])
    decide(g, "dictate", "purple")
    for colour in ("blue", "brown"):
        decide(g, "move", colour)
    assert options(g, "move")
    decide(g, "move", "red")
    assert not options(g, "move") and g.players[0].dictated == ["purple"]


def test_without_galactic_mandate_dictate_moves_1_worker() -> None:
    g = rolled([])
    decide(g, "dictate", "purple")
    decide(g, "move", "blue")
    assert not options(g, "move")


def test_backup_planning_allows_dictate_more_than_once() -> None:
    g = rolled(["Backup Planning"])
    decide(g, "dictate", "purple")
    decide(g, "move", "blue")
    decide(g, "dictate", "brown")
    assert g.players[0].dictated == ["purple", "brown"]


def test_without_backup_planning_dictate_is_used_once() -> None:
    g = rolled([])
    decide(g, "dictate", "purple")
    decide(g, "move", "blue")
    assert not options(g, "dictate")


def test_reassign_powers_are_offered_only_after_selecting_a_phase() -> None:
    g = position()
    empire(g, 0, tableau=["Galactic Influence"])
    workers(g, 0, explore=["white"], develop=["red"])
    assign(g, 0)
    assert {d.kind for d in options(g)} == {"select"}
