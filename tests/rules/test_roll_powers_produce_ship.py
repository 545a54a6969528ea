"""Produce and Ship powers (rules §7.4, §7.5, §8): end-of-phase income, trade and consume
bonuses, virtual shippers and Galactic Reserves. Each test is named after its tile."""

from __future__ import annotations

import pytest
from roll_power_setup import decide, dice_in, empire, options, play, position, sid, workers

from nfgalaxy.games.roll.rules import RollGame


def table(tableau: list[str], phase: str, seat: int = 0, **kw) -> RollGame:
    """Play one phase for a player with this tableau and ``kw`` (goods, credits, dice…),
    workers by column in ``kw`` too (``ship=["white"]``)."""
    columns = {k: kw.pop(k) for k in ("produce", "ship") if k in kw}
    g = position()
    empire(g, seat, tableau=tableau, **kw)
    workers(g, seat, **columns)
    return play(g, phase)


def credits_after(tableau: list[str], phase: str, **kw) -> int:
    return table(tableau, phase, credits=1, **kw).players[0].credits


# ---------------------------------------------------------------- Produce


def test_consumer_markets_pays_1_per_good_on_novelty_worlds_after_produce() -> None:
    tableau = ["Consumer Markets", "Spice World", "Gem World", "Ore-Rich World"]
    goods = {"Spice World": ["blue"], "Gem World": ["brown"], "Ore-Rich World": ["blue"]}
    assert credits_after(tableau, "produce", goods=goods) == 3
    assert credits_after(tableau, "ship", goods={}) == 1


def test_genetics_lab_pays_2_per_genes_good_not_per_genes_world() -> None:
    tableau = ["Genetics Lab", "Spice World", "Ore-Rich World", "Jungle World", "Plague World"]
    goods = {"Spice World": ["green"], "Ore-Rich World": ["green"], "Jungle World": ["blue"]}
    assert credits_after(tableau, "produce", goods=goods) == 5  # WE-24
    assert credits_after(tableau, "develop", goods=goods) == 1


def test_mining_league_pays_1_per_good_on_rare_elements_worlds_after_produce() -> None:
    tableau = ["Mining League", "Ore-Rich World", "Asteroid Belt", "Spice World"]
    goods = {"Ore-Rich World": ["blue"], "Asteroid Belt": ["brown"], "Spice World": ["brown"]}
    assert credits_after(tableau, "produce", goods=goods) == 3
    assert credits_after(tableau, "settle", goods=goods) == 1


def test_merchant_guild_pays_2_after_produce_even_without_producers() -> None:
    assert credits_after(["Merchant Guild"], "produce") == 3
    assert credits_after(["Merchant Guild"], "explore") == 1


def test_galactic_reserves_lets_a_world_hold_a_second_good() -> None:
    g = table(
        ["Galactic Reserves", "Spice World"],
        "produce",
        goods={"Spice World": ["blue"]},
        produce=["red", "green"],
    )
    decide(g, "produce", "green", sid("Spice World"))
    p = g.players[0]
    assert p.goods[sid("Spice World")] == ["blue", "green"]  # WE-23
    assert dice_in(g, 0, "cup") == {"red": 1}  # a third good is not allowed
    assert not g.queue


def test_without_galactic_reserves_a_world_holds_one_good() -> None:
    g = table(["Spice World"], "produce", goods={"Spice World": ["blue"]}, produce=["red"])
    assert dice_in(g, 0, "cup") == {"red": 1} and g.players[0].goods == {
        sid("Spice World"): ["blue"]
    }


def test_galactic_reserves_each_good_needs_its_own_shipper() -> None:
    g = table(
        ["Galactic Reserves", "Spice World"],
        "ship",
        goods={"Spice World": ["blue", "green"]},
        ship=["red"],
    )
    decide(g, "ship", "red", 0, sid("Spice World"), "green", "trade")
    assert g.players[0].goods == {sid("Spice World"): ["blue"]} and not g.queue


# ---------------------------------------------------------------- Ship: trade and consume


def ship_once(tableau: list[str], world: str, good: str, mode: str, shipper: str = "red"):
    """Ship one good from ``world`` with one shipper; returns (credits, VP) gained."""
    g = table([*tableau, world], "ship", credits=0, goods={world: [good]}, ship=[shipper])
    decide(g, "ship", shipper, 0, sid(world), good, mode)
    return g.players[0].credits, g.players[0].vp


@pytest.mark.parametrize(
    ("tile", "world", "mode", "gain"),
    [
        ("Export Duties", "Spice World", "trade", (4, 0)),
        ("Export Duties", "Ore-Rich World", "trade", (5, 0)),
        ("Export Duties", "Ore-Rich World", "consume", (0, 1)),
        ("Galactic Demand", "Spice World", "trade", (5, 0)),
        ("Galactic Demand", "Ore-Rich World", "trade", (4, 0)),
        ("Jumpdrive Research", "Ore-Rich World", "trade", (5, 0)),
        ("Jumpdrive Research", "Plague World", "trade", (5, 0)),
        ("Trade Levies", "Spice World", "consume", (1, 1)),
        ("Trade Levies", "Spice World", "trade", (3, 0)),
        ("New Economy", "Plague World", "consume", (2, 1)),
        ("Mining Industry", "Ore-Rich World", "consume", (1, 1)),
        ("Mining Industry", "Ore-Rich World", "trade", (4, 0)),
        ("Mining Industry", "Spice World", "consume", (0, 1)),
        ("Galactic Renaissance", "Spice World", "consume", (0, 2)),
        ("Galactic Renaissance", "Spice World", "trade", (3, 0)),
        ("Space Refineries", "Ore-Rich World", "consume", (0, 2)),
        ("Space Refineries", "Spice World", "consume", (0, 1)),
        ("Minor Research Labs", "Plague World", "consume", (0, 2)),
        ("Minor Research Labs", "Lost Alien Warship", "consume", (0, 2)),
        ("Minor Research Labs", "Ore-Rich World", "consume", (0, 1)),
        ("Minor Research Labs", "Plague World", "trade", (5, 0)),
    ],
)
def test_trade_and_consume_bonuses_apply_only_to_their_task_and_worlds(
    tile: str, world: str, mode: str, gain: tuple[int, int]
) -> None:
    # A white good shipped by a red shipper: no colour bonus, so a consume is 1 VP.
    assert ship_once([tile], world, "white", mode) == gain


def test_galactic_bankers_may_pay_1_after_a_trade_for_1_vp() -> None:
    g = table(
        ["Galactic Bankers", "Spice World"],
        "ship",
        credits=0,
        goods={"Spice World": ["blue"]},
        ship=["red"],
    )
    modes = {d.args[4] for d in options(g, "ship")}
    assert modes == {"trade", "trade_vp", "consume"}  # optional: plain Trade stays
    decide(g, "ship", "red", 0, sid("Spice World"), "blue", "trade_vp")
    assert (g.players[0].credits, g.players[0].vp) == (2, 1)


def test_without_galactic_bankers_no_vp_can_be_bought_after_a_trade() -> None:
    g = table(["Spice World"], "ship", credits=5, goods={"Spice World": ["blue"]}, ship=["red"])
    assert {d.args[4] for d in options(g, "ship")} == {"trade", "consume"}


def test_space_docks_gives_a_virtual_white_shipper() -> None:
    g = table(["Space Docks", "Spice World"], "ship", credits=0, goods={"Spice World": ["blue"]})
    assert {d.args[:2] for d in options(g, "ship")} == {("white", 1)}
    supply = g.supply["white"]
    decide(g, "ship", "white", 1, sid("Spice World"), "blue", "trade")
    assert g.players[0].credits == 3
    assert dice_in(g, 0, "citizenry") == {"blue": 1} and g.supply["white"] == supply


def test_organic_shipyards_green_shipper_matches_a_genes_world() -> None:
    g = table(
        ["Organic Shipyards", "Plague World", "Spice World"],
        "ship",
        goods={"Plague World": ["white"], "Spice World": ["white"]},
    )
    assert {d.args[:2] for d in options(g, "ship")} == {("white", 1), ("green", 1)}
    decide(g, "ship", "green", 1, sid("Plague World"), "white", "consume")
    assert g.players[0].vp == 2  # 1 + the green shipper on a Genes world
    decide(g, "ship", "white", 1, sid("Spice World"), "white", "consume")
    assert g.players[0].vp == 3
    assert dice_in(g, 0, "citizenry") == {"white": 2} and not g.queue


def test_virtual_shippers_exist_only_in_ship() -> None:
    g = table(
        ["Space Docks", "Organic Shipyards", "Spice World"],
        "produce",
        goods={"Spice World": ["blue"]},
    )
    assert not g.queue and g.players[0].goods == {sid("Spice World"): ["blue"]}


# ---------------------------------------------------------------- Ship: end of phase


@pytest.mark.parametrize(("reds", "gain"), [(0, 0), (1, 1), (2, 1), (3, 2), (4, 2)])
def test_space_piracy_pays_1_per_2_military_dice_in_the_citizenry_rounded_up(
    reds: int, gain: int
) -> None:
    citizenry = {"red": reds, "blue": 3}
    assert credits_after(["Space Piracy"], "ship", citizenry=citizenry) == 1 + gain  # WE-16


def test_space_piracy_pays_only_at_the_end_of_ship() -> None:
    assert credits_after(["Space Piracy"], "produce", citizenry={"red": 3}) == 1


def test_free_trade_association_pays_2_at_the_end_of_ship() -> None:
    assert credits_after(["Free Trade Association"], "ship") == 3
    assert credits_after(["Free Trade Association"], "produce") == 1


def test_galactic_salon_gives_1_vp_chip_at_the_end_of_ship() -> None:
    g = table(["Galactic Salon"], "ship")
    pool = g.vp_pool
    assert g.players[0].vp == 1
    g = table(["Galactic Salon"], "develop")
    assert g.players[0].vp == 0 and g.vp_pool == pool + 1


@pytest.mark.parametrize(
    ("mine", "theirs", "gain"),
    [
        (["Alien Sentinels"], ["Lost Alien Battle Fleet"], 1),  # WE-21 a: a tie shared
        (["Alien Sentinels", "Deserted Alien Library"], ["Distant World"], 2),  # WE-21 b
        (["Lost Alien Warship"], ["Galactic Trendsetters"], 1),  # WE-21 c: printed cost
        (["Lost Alien Warship"], ["Distant World"], 2),
        ([], [], 1),
    ],
)
def test_space_tourism_pays_1_and_1_more_for_owning_every_highest_world(
    mine: list[str], theirs: list[str], gain: int
) -> None:
    g = position()
    empire(g, 0, tableau=["Space Tourism", *mine], credits=1)
    empire(g, 1, tableau=theirs)
    play(g, "ship")
    assert g.players[0].credits == 1 + gain


def test_space_tourism_pays_nothing_outside_ship() -> None:
    assert credits_after(["Space Tourism", "Alien Sentinels"], "settle") == 1
