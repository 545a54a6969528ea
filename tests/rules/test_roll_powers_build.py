"""Develop and Settle powers (rules §7.2, §7.3, §8): cost reductions, 'after completing' income,
workers sent to the cup, and end-of-phase income. Each test is named after its tile."""

from __future__ import annotations

import pytest
from roll_power_setup import (
    build,
    decide,
    dice_in,
    empire,
    options,
    play,
    position,
    sid,
    workers,
)

from nfgalaxy.games.roll.rules import RollGame
from nfgalaxy.games.roll.state import DEV, WORLD

STACK = {"develop": DEV, "settle": WORLD}


def workers_needed(tableau: list[str], tile: str, kind: str) -> int:
    """Play a phase with 6 workers and only ``tile`` on the stack: the workers used for it go
    to the citizenry, the rest back to the cup (the stack is then empty, §7.2 step 3)."""
    g = position()
    stack = {"developments" if kind == "develop" else "worlds": [tile]}
    empire(g, 0, tableau=tableau, **stack)
    workers(g, 0, **{kind: ["white"] * 6})  # no tile gains a white die
    play(g, kind)  # one colour of worker: every placement is forced
    p = g.players[0]
    assert p.tableau[-1] == sid(tile) and not p.stacks[STACK[kind]]
    used = p.citizenry["white"]
    assert p.cup["white"] == 6 - used
    return used


@pytest.mark.parametrize(
    ("tile", "needed"),
    [("Nanotechnology", 4), ("Local Subsidies", 1), ("Public Works", 1)],
)
def test_investment_credits_developments_need_1_developer_fewer_minimum_1(
    tile: str, needed: int
) -> None:
    assert workers_needed(["Investment Credits"], tile, "develop") == needed


def test_investment_credits_does_not_reduce_its_own_cost() -> None:
    assert workers_needed([], "Investment Credits", "develop") == 4


@pytest.mark.parametrize(
    ("tile", "needed"),
    [("Nanotechnology", 4), ("Local Subsidies", 1), ("Galactic Recycling", 2)],
)
def test_biological_adaptation_reassign_developments_need_1_fewer(tile: str, needed: int) -> None:
    assert workers_needed(["Biological Adaptation"], tile, "develop") == needed


def test_biological_adaptation_and_investment_credits_add_up() -> None:
    both = ["Biological Adaptation", "Investment Credits"]
    assert workers_needed(both, "Nanotechnology", "develop") == 3
    assert workers_needed(both, "Galactic Influence", "develop") == 1


@pytest.mark.parametrize(
    ("world", "alone", "with_robots"),
    [
        ("Trading World", 2, 1),  # gray, cost 3 (WE-19 a, c)
        ("Transport Hub", 2, 1),  # gray, cost 4 (WE-19 b, d)
        ("Outlaw World", 2, 1),  # gray, cost 2: never raised
        ("Fifth Column", 1, 1),  # gray, cost 1
        ("Galactic Trendsetters", 4, 3),  # gray, cost 6
        ("Universal Exports", 3, 2),  # blue, cost 3: not gray
    ],
)
def test_free_trade_zone_gray_worlds_need_2_fewer_but_not_below_2(
    world: str, alone: int, with_robots: int
) -> None:
    assert workers_needed(["Free Trade Zone"], world, "settle") == alone
    both = ["Free Trade Zone", "Replicant Robots"]
    assert workers_needed(both, world, "settle") == with_robots


@pytest.mark.parametrize(
    ("world", "needed"),
    [("Jungle World", 3), ("Secluded World", 1), ("Lost Alien Battle Fleet", 5)],
)
def test_replicant_robots_every_world_needs_1_settler_fewer(world: str, needed: int) -> None:
    assert workers_needed(["Replicant Robots"], world, "settle") == needed


@pytest.mark.parametrize(
    ("world", "needed"),
    [("Jungle World", 3), ("Alien Sentinels", 5), ("Prosperous World", 3), ("Rebel Hideout", 2)],
)
def test_alien_uplift_blueprints_green_and_yellow_worlds_need_1_fewer(
    world: str, needed: int
) -> None:
    assert workers_needed(["Alien Uplift Blueprints"], world, "settle") == needed


def test_reductions_do_not_change_the_vp_of_a_completed_world() -> None:
    g = settling(["Replicant Robots"], ["Jungle World"], ["red"] * 3)
    assert g.players[0].tableau[-1] == sid("Jungle World")
    assert g.score_details()[0].worlds == 4


def settling(tableau: list[str], stack: list[str], settlers: list[str]) -> RollGame:
    """Play Settle with these settlers and ``stack`` as the world stack (top first)."""
    g = position()
    empire(g, 0, tableau=tableau, worlds=stack)
    workers(g, 0, settle=settlers)
    return play(g, "settle")


def develop_stack(tableau: list[str], stack: list[str], developers: int, **kw) -> RollGame:
    g = position()
    empire(g, 0, tableau=tableau, developments=stack, **kw)
    workers(g, 0, develop=["white"] * developers)
    play(g, "develop")
    while options(g, "develop"):
        build(g, "develop", "white")
    return g


def test_public_works_pays_1_for_each_later_development_not_for_itself() -> None:
    g = develop_stack([], ["Public Works", "Backup Planning", "Diversification"], 3, credits=1)
    assert g.players[0].credits == 3  # WE-15


def test_public_works_pays_nothing_for_worlds() -> None:
    g = position()
    empire(g, 0, tableau=["Public Works"], worlds=["Fifth Column"], credits=1)
    workers(g, 0, settle=["white"])
    play(g, "settle")
    assert g.players[0].tableau[-1] == "T21w" and g.players[0].credits == 1


def test_galactic_recycling_pays_1_for_each_later_completion() -> None:
    g = develop_stack([], ["Galactic Recycling", "Advanced Logistics"], 4, credits=1)
    p = g.players[0]
    assert p.credits == 2  # WE-06: +$1 for Advanced Logistics only
    assert dice_in(g, 0, "citizenry") == {"white": 3} and dice_in(g, 0, "cup") == {"white": 1}
    g = settling(["Galactic Recycling"], ["Fifth Column", "Spice World"], ["white"] * 3)
    assert len(g.players[0].tableau) == 3 and g.players[0].credits == 3  # +$1 per world


def test_terraforming_robots_pays_1_per_world_and_1_more_for_rare_elements() -> None:
    g = settling(["Terraforming Robots"], ["Fifth Column", "Ore-Rich World"], ["white"] * 3)
    assert len(g.players[0].tableau) == 3 and g.players[0].credits == 1 + 1 + 2


def test_terraforming_robots_pays_nothing_for_developments() -> None:
    g = develop_stack(["Terraforming Robots"], ["Backup Planning"], 1, credits=1)
    assert g.players[0].credits == 1


def test_galactic_federation_sends_2_of_the_developers_used_to_the_cup() -> None:
    g = position()
    empire(g, 0, tableau=["Galactic Federation"], developments=["Galactic Influence"])
    workers(g, 0, develop=["white", "red", "brown"])
    play(g, "develop")
    build(g, "develop", "white")
    build(g, "develop", "red")  # the brown developer is the only one left: placed at once
    assert {d.args for d in options(g, "to_cup")} == {
        ("white", "red"),
        ("white", "brown"),
        ("red", "brown"),
    }
    decide(g, "to_cup", "red", "brown")
    assert dice_in(g, 0, "cup") == {"red": 1, "brown": 1}
    assert dice_in(g, 0, "citizenry") == {"white": 1}


def test_galactic_federation_does_not_work_for_itself_nor_for_worlds() -> None:
    g = develop_stack([], ["Galactic Federation"], 6)
    assert dice_in(g, 0, "citizenry") == {"white": 6}
    g = settling(["Galactic Federation"], ["Outlaw World"], ["white", "white"])
    assert dice_in(g, 0, "citizenry") == {"white": 2}


def test_galactic_exchange_sends_2_of_the_settlers_used_to_the_cup() -> None:
    g = settling(["Galactic Exchange"], ["Comet Zone"], ["white", "white", "green"])
    build(g, "settle", "white", 2)  # then the green settler is placed at once
    decide(g, "to_cup", "white", "white")
    assert dice_in(g, 0, "cup") == {"white": 2}
    assert dice_in(g, 0, "citizenry") == {"green": 1}


def test_galactic_exchange_does_not_work_for_developments() -> None:
    g = develop_stack(["Galactic Exchange"], ["Galactic Influence"], 3)
    assert dice_in(g, 0, "citizenry") == {"white": 3}


def test_new_galactic_order_sends_every_military_settler_to_the_cup() -> None:
    g = settling(["New Galactic Order"], ["Comet Zone"], ["red", "red", "white"])
    build(g, "settle", "red", 2)  # then the white settler is placed at once
    assert dice_in(g, 0, "cup") == {"red": 2}
    assert dice_in(g, 0, "citizenry") == {"white": 1}


def test_new_galactic_order_with_galactic_exchange_reds_to_the_cup_and_2_more() -> None:
    g = settling(
        ["New Galactic Order", "Galactic Exchange"],
        ["Jungle World"],
        ["red", "white", "white", "green"],
    )
    for colour in ("red", "white", "white"):
        build(g, "settle", colour)
    decide(g, "to_cup", "white", "green")  # §14.5
    assert dice_in(g, 0, "cup") == {"red": 1, "white": 1, "green": 1}
    assert dice_in(g, 0, "citizenry") == {"white": 1}


def test_new_galactic_order_does_not_work_for_developments() -> None:
    g = position()
    empire(g, 0, tableau=["New Galactic Order"], developments=["Backup Planning"])
    workers(g, 0, develop=["red"])
    play(g, "develop")
    assert dice_in(g, 0, "citizenry") == {"red": 1}


def test_galactic_investors_pays_2_at_the_end_of_develop_including_its_own_phase() -> None:
    g = develop_stack([], ["Galactic Investors"], 5, credits=1)
    assert g.players[0].credits == 3
    g = develop_stack(["Galactic Investors"], [], 0, credits=1)
    assert g.players[0].credits == 3  # no developer needed (§5.4)
    g = position()
    empire(g, 0, tableau=["Galactic Investors"], credits=1)
    play(g, "settle", "produce")
    assert g.players[0].credits == 1


def test_galactic_religion_pays_1_per_novelty_die_in_the_citizenry_after_develop() -> None:
    g = position()
    empire(g, 0, tableau=["Galactic Religion"], citizenry=["blue", "blue", "red"], credits=1)
    play(g, "develop")
    assert g.players[0].credits == 3
    g = position()
    empire(g, 0, tableau=["Galactic Religion"], citizenry=["blue", "blue"], credits=1)
    play(g, "settle", "ship")
    assert g.players[0].credits == 1


def test_robot_surveyors_pays_2_at_the_end_of_settle_including_its_own_phase() -> None:
    g = develop_stack(["Robot Surveyors"], [], 0, credits=1)
    assert g.players[0].credits == 1  # not in Develop
    g = position()
    empire(g, 0, tableau=["Robot Surveyors"], credits=1)
    play(g, "settle")
    assert g.players[0].credits == 3
