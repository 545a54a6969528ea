"""Immediate effects (rules §7.3, §8.7, §12): the three developments that have one, and every
game-tile world, grouped by the pattern of its effect. Expected values are the tiles file's."""

from __future__ import annotations

import pytest
from roll_power_setup import TILES, decide, dice_in, empire, options, play, position, sid, workers

from nfgalaxy.games.roll.rules import RollGame

# (world, colour of the die gained as a good on it, credits)
AS_GOOD = [
    ("Designer Species, Ultd.", "green", 1),
    ("Information Hub", "blue", 0),
    ("Malevolent Lifeforms", "green", 0),
    ("Lost Species Ark World", "green", 1),
    ("Silicon World", "brown", 1),
    ("Galactic Resort", "blue", 0),
    ("Deserted Alien Outpost", "yellow", 0),
    ("Mining World", "brown", 0),
    ("Planetary Nebula", "brown", 0),
    ("Deserted Alien Library", "yellow", 2),
    ("Galactic Fuel Depot", "brown", 0),
    ("Jumpdrive Fuel Refinery", "brown", 0),
    ("Armaments World", "brown", 1),
    ("Prosperous World", "blue", 0),
    ("Universal Exports", "blue", 0),
    ("Jungle World", "green", 0),
    ("Deserted Alien Colony", "yellow", 1),
    ("Comet Zone", "brown", 0),
]

# (world, colour of the die gained into the cup, credits)
TO_CUP = [
    ("Spice World", "blue", 0),
    ("Gem World", "blue", 0),
    ("Sentient Robots", "red", 0),
    ("New Vinland", "blue", 0),
    ("Alien Robot Scout Ship", "yellow", 1),
    ("Fifth Column", "red", 0),
    ("Runaway Robots", "red", 0),
    ("Plague World", "green", 0),
    ("Alien Sentinels", "yellow", 3),
    ("Galactic Survey Headquarters", "blue", 0),
    ("Distant World", "green", 1),
    ("Radioactive World", "brown", 0),
    ("High-Gravity World", "red", 0),
    ("Outlaw World", "red", 0),
    ("Ore-Rich World", "brown", 0),
    ("Lost Alien Warship", "yellow", 2),
    ("Space Port", "blue", 0),
    ("Asteroid Belt", "brown", 0),
    ("Deep Space Symbionts, Ltd.", "green", 1),
    ("Lost Alien Battle Fleet", "yellow", 3),
    ("Uplift Overseers", "green", 0),
]

# (world, dice gained into the citizenry, credits)
TO_CITIZENRY = [
    ("Galactic Trendsetters", {"purple": 2}, 2),
    ("Trading World", {"purple": 1}, 0),
    ("Star Nomad Lair", {"blue": 1}, 0),
    ("Artist Colony", {"blue": 1}, 0),
    ("Blaster Gem Mines", {"red": 1, "brown": 1}, 0),
    ("Rebel Hideout", {"red": 2}, 0),
    ("Pirate World", {"red": 1}, 0),
    ("Gateway Station", {"purple": 1}, 0),
    ("New Survivalists", {"blue": 1}, 0),
    ("Transport Hub", {"purple": 1}, 1),
    ("Secluded World", {"blue": 1}, 0),
    ("Tourist World", {"purple": 1}, 1),
    ("Terraformed World", {"purple": 1}, 2),
]

# (world, dice gained into the cup, dice gained into the citizenry), after removing a die
REMOVE_THEN_GAIN = [
    ("Rebel Warrior Race", {}, {"red": 1, "green": 1}),
    ("Former Penal Colony", {"red": 1}, {}),
    ("Rebel Miners", {}, {"red": 2}),
]


def settle(world: str, cup: list[str] | None = None) -> RollGame:
    """Settle ``world`` with exactly its cost in white settlers, starting from $1."""
    g = position()
    empire(g, 0, worlds=[world], cup=cup, credits=1)
    workers(g, 0, settle=["white"] * TILES.by_id[sid(world)].cost)
    return play(g, "settle")


def gained(g: RollGame, place: str) -> dict[str, int]:
    """Dice of colours other than white (the settlers) in the cup or citizenry."""
    return {c: n for c, n in dice_in(g, 0, place).items() if c != "white"}


def test_every_game_world_is_covered_by_one_pattern() -> None:
    covered = [
        row[0] for table in (AS_GOOD, TO_CUP, TO_CITIZENRY, REMOVE_THEN_GAIN) for row in table
    ]
    assert sorted(covered) == sorted(w.name for w in TILES.worlds())


@pytest.mark.parametrize(("world", "colour", "credits"), AS_GOOD)
def test_world_gains_a_die_as_a_good_on_itself(world: str, colour: str, credits: int) -> None:
    g = settle(world)
    p = g.players[0]
    assert p.tableau == [sid(world)]
    assert p.goods == {sid(world): [colour]}
    assert gained(g, "cup") == {} and gained(g, "citizenry") == {}
    assert p.credits == 1 + credits


@pytest.mark.parametrize(("world", "colour", "credits"), TO_CUP)
def test_world_gains_a_die_into_the_cup(world: str, colour: str, credits: int) -> None:
    g = settle(world)
    assert gained(g, "cup") == {colour: 1} and gained(g, "citizenry") == {}
    assert g.players[0].goods == {} and g.players[0].credits == 1 + credits


@pytest.mark.parametrize(("world", "dice", "credits"), TO_CITIZENRY)
def test_world_gains_dice_into_the_citizenry(
    world: str, dice: dict[str, int], credits: int
) -> None:
    g = settle(world)
    assert gained(g, "citizenry") == dice and gained(g, "cup") == {}
    assert g.players[0].goods == {} and g.players[0].credits == 1 + credits


@pytest.mark.parametrize(("world", "cup", "citizenry"), REMOVE_THEN_GAIN)
def test_world_removes_one_of_your_dice_then_gains(
    world: str, cup: dict[str, int], citizenry: dict[str, int]
) -> None:
    g = settle(world, cup=["purple"])
    assert {d.args for d in options(g, "remove")} == {("cup", "purple"), ("citizenry", "white")}
    supply = g.supply["purple"]
    decide(g, "remove", "cup", "purple")
    assert g.supply["purple"] == supply + 1
    assert gained(g, "cup") == cup and gained(g, "citizenry") == citizenry


def test_a_world_effect_applies_once_and_only_on_completion() -> None:
    g = position()
    empire(g, 0, worlds=["Spice World"], on_worlds=["white", "white"])
    play(g, "develop", "produce")  # enough settlers lie on it, but Settle is not played
    assert g.players[0].tableau == [] and dice_in(g, 0, "cup") == {}
    play(g, "settle")  # §7.2 step 1: it completes at the start of Settle
    assert g.players[0].tableau == [sid("Spice World")] and dice_in(g, 0, "cup") == {"blue": 1}
    play(g, "settle")
    assert dice_in(g, 0, "cup") == {"blue": 1}


# ---------------------------------------------------------------- immediate developments


def develop(tile: str, **kw) -> RollGame:
    g = position()
    empire(g, 0, developments=[tile], credits=1, **kw)
    workers(g, 0, develop=["white"] * TILES.by_id[sid(tile)].cost, ship=["purple"], selected="ship")
    return play(g, "develop", "ship")


@pytest.mark.parametrize(
    ("tile", "cup", "credits"),
    [
        ("Conscription", {"red": 2}, 0),
        ("Information Tech", {"blue": 2}, 0),
        ("Space Marines", {"red": 1}, 1),
    ],
)
def test_immediate_development_removes_any_of_your_dice_then_gains(
    tile: str, cup: dict[str, int], credits: int
) -> None:
    g = develop(tile, cup=["green"], goods={"Spice World": ["brown"]}, tableau=["Spice World"])
    places = {d.args for d in options(g, "remove")}
    assert places == {
        ("cup", "green"),
        ("citizenry", "white"),
        ("phase:ship", "purple"),
        (f"good:{sid('Spice World')}", "brown"),
    }
    decide(g, "remove", f"good:{sid('Spice World')}", "brown")
    p = g.players[0]
    assert p.goods == {}
    # the purple shipper found no good left and went back to the cup
    assert gained(g, "cup") == {"green": 1, "purple": 1, **cup} and p.credits == 1 + credits


def test_space_marines_removing_the_selection_die_still_plays_its_phase() -> None:
    g = develop("Space Marines", tableau=["Galactic Salon"])
    decide(g, "remove", "phase:ship", "purple")  # WE-18
    assert g.players[0].workers == [] and g.players[0].vp == 1  # Ship was still played
    assert not g.queue
