"""End-game bonuses of the 10 cost-6 developments, fractions rounded up (rules §9.3, §8.6), and
the setup effects of every faction and home world (rules §4 step 6, WE-02)."""

from __future__ import annotations

import pytest
from roll_power_setup import TILES, empire, position

from nfgalaxy.core import new_game
from nfgalaxy.games.roll.rules import RollGame


def bonus(tableau: list[str], **kw) -> dict[str, int]:
    g = position()
    empire(g, 0, tableau=tableau, **kw)
    return dict(g.score_details()[0].bonuses)


@pytest.mark.parametrize(
    ("tableau", "kw", "vp"),
    [
        (["Spice World", "Information Hub", "Ore-Rich World"], {}, 3),  # 2 + 3 = 5 → ceil 2.5
        (["Spice World", "Gem World"], {}, 2),  # 4 / 2
        ([], {}, 0),
    ],
)
def test_free_trade_association_scores_half_the_cost_of_novelty_worlds(tableau, kw, vp) -> None:
    assert bonus(["Free Trade Association", *tableau], **kw) == {"Free Trade Association": vp}


def test_galactic_bankers_scores_1_per_development() -> None:
    tableau = ["Galactic Bankers", "Public Works", "Local Subsidies", "Spice World"]
    assert bonus(tableau) == {"Galactic Bankers": 3}


def test_galactic_exchange_scores_1_per_die_colour_owned() -> None:
    kw = {"cup": ["white", "white"], "citizenry": ["red"], "goods": {"Spice World": ["purple"]}}
    assert bonus(["Galactic Exchange", "Spice World"], **kw) == {"Galactic Exchange": 3}


@pytest.mark.parametrize(
    ("tableau", "vp"),
    [
        (["Public Works", "Galactic Influence"], 4),  # 6 + 1 + 3 = 10 → ceil 3.33
        (["Public Works", "Galactic Recycling", "Space Docks"], 4),  # 11
        (["Galactic Recycling", "Space Docks", "Public Works", "Galactic Influence"], 5),  # 14
        ([], 2),  # counts its own cost
    ],
)
def test_galactic_federation_scores_a_third_of_development_costs(tableau, vp) -> None:
    assert bonus(["Galactic Federation", *tableau]) == {"Galactic Federation": vp}


@pytest.mark.parametrize(
    ("chips", "vp"), [(0, 0), (1, 1), (2, 1), (3, 2), (5, 2), (6, 3), (9, 3), (10, 4), (15, 5)]
)
def test_galactic_renaissance_scores_the_vp_chip_triangle(chips: int, vp: int) -> None:
    assert bonus(["Galactic Renaissance"], vp=chips) == {"Galactic Renaissance": vp}


def test_galactic_reserves_scores_1_per_good() -> None:
    goods = {"Spice World": ["blue", "red"], "Ore-Rich World": ["green"]}
    tableau = ["Galactic Reserves", "Spice World", "Ore-Rich World", "Plague World"]
    assert bonus(tableau, goods=goods) == {"Galactic Reserves": 3}


def test_mining_league_scores_2_per_rare_elements_world() -> None:
    tableau = ["Mining League", "Ore-Rich World", "Asteroid Belt", "Spice World"]
    assert bonus(tableau) == {"Mining League": 4}


def test_new_economy_scores_1_per_development_without_a_reassign_power() -> None:
    tableau = ["New Economy", "Public Works", "Local Subsidies", "Conscription", "Spice World"]
    assert bonus(tableau) == {"New Economy": 3}


@pytest.mark.parametrize(("reds", "vp"), [(0, 0), (1, 2), (3, 2), (4, 4), (7, 6)])
def test_new_galactic_order_scores_2_per_3_military_dice_owned(reds: int, vp: int) -> None:
    kw = {"cup": {"red": reds // 2, "white": 1}, "citizenry": {"red": reds - reds // 2}}
    assert bonus(["New Galactic Order"], **kw) == {"New Galactic Order": vp}  # WE-17


def test_system_diversification_scores_half_the_cost_of_reassign_developments() -> None:
    tableau = ["System Diversification", "Local Subsidies", "Galactic Influence", "Public Works"]
    assert bonus(tableau) == {"System Diversification": 6}  # 6 + 2 + 3 = 11 → ceil 5.5


def test_developments_below_cost_6_give_no_end_game_bonus() -> None:
    assert bonus(["Public Works", "Investment Credits", "Organic Shipyards"]) == {}


def test_galactic_federation_and_new_galactic_order_score_example() -> None:
    g = position()
    tableau = ["Galactic Federation", "New Galactic Order", "Public Works", "Trading World"]
    empire(g, 0, tableau=tableau, cup={"red": 4})
    score = g.score_details()[0]
    assert (score.developments, score.worlds, score.bonus, score.total) == (13, 3, 9, 25)  # WE-14


# ---------------------------------------------------------------- setup effects

# Dice each faction and home world adds at setup: {place: {colour: n}}, from the tiles file.
FACTION_DICE = {
    "F1": {"citizenry": {"red": 1}},
    "F2": {"citizenry": {"yellow": 1}},
    "F3": {"cup": {"blue": 1}},
    "F4": {"cup": {"brown": 1}},
    "F5": {"citizenry": {"green": 1}},
    "F6": {"good": {"blue": 1}},
    "F7": {"cup": {"green": 1}},
    "F8": {"citizenry": {"brown": 1}},
    "F9": {"cup": {"purple": 1}, "citizenry": {"red": 1}},  # Destroyed Colony: both worlds
}
HOME_DICE = {
    "H1": {"citizenry": {"red": 2}},
    "H2": {},  # Doomed World: no dice, $8
    "H3": {"good": {"brown": 1}},
    "H4": {"good": {"blue": 1}},
    "H5": {"good": {"green": 1}},
    "H6": {"citizenry": {"yellow": 1}},
    "H7": {"citizenry": {"purple": 1}},
    "H8": {"cup": {"red": 1}},
    "H9": {"citizenry": {"blue": 1, "red": 1}},
}


def dealt(faction: str = "", home: str = "") -> tuple[RollGame, int]:
    """The first seeded 3-player game dealing this faction or home world, and the seat."""
    for seed in range(500):
        g = new_game("roll", players=3, seed=seed)
        assert isinstance(g, RollGame)
        for p in g.players:
            if p.faction == faction or p.home == home:
                return g, p.seat
    raise AssertionError(f"no seed deals {faction or home}")


def start_dice(g: RollGame, seat: int) -> dict[str, dict[str, int]]:
    p = g.players[seat]
    goods: dict[str, int] = {}
    for dice in p.goods.values():
        for colour in dice:
            goods[colour] = goods.get(colour, 0) + 1
    held = {"cup": p.cup, "citizenry": p.citizenry, "good": goods}
    return {place: {c: n for c, n in dice.items() if n} for place, dice in held.items()}


def expected(faction: str, home: str) -> dict[str, dict[str, int]]:
    out = {"cup": {"white": 3}, "citizenry": {"white": 2}, "good": {}}
    for source in (FACTION_DICE[faction], HOME_DICE[home]):
        for place, dice in source.items():
            for colour, n in dice.items():
                out[place][colour] = out[place].get(colour, 0) + n
    return out


@pytest.mark.parametrize("faction", sorted(FACTION_DICE))
def test_faction_world_gives_its_dice_at_setup(faction: str) -> None:
    g, seat = dealt(faction=faction)
    p = g.players[seat]
    assert start_dice(g, seat) == expected(faction, p.home)
    for world in TILES.factions[faction].worlds:
        if world.holds_goods and "good" in FACTION_DICE[faction]:
            assert p.goods[world.id]  # the good lies on that world


@pytest.mark.parametrize("home", sorted(HOME_DICE))
def test_home_world_gives_its_dice_at_setup(home: str) -> None:
    g, seat = dealt(home=home)
    p = g.players[seat]
    assert start_dice(g, seat) == expected(p.faction, home)
    if "good" in HOME_DICE[home]:
        assert p.goods[home]
    assert p.credits == (8 if home == "H2" else 1)


def test_doomed_world_starts_with_8_credits_instead_of_1() -> None:
    g, seat = dealt(home="H2")
    assert TILES.by_id["H2"].name == "Doomed World"
    assert g.players[seat].credits == 8
    assert all(q.credits == 1 for q in g.players if q.seat != seat and q.home != "H2")


def test_destroyed_colony_applies_both_faction_worlds() -> None:
    g, seat = dealt(faction="F9")
    assert [h.name for h in TILES.factions["F9"].halves] == [
        "Destroyed Colony",
        "Awakened Alien Outpost",
    ]
    dice = start_dice(g, seat)
    assert dice["cup"].get("purple") == 1 and dice["citizenry"].get("red", 0) >= 1


def test_the_world_on_the_world_stack_gives_nothing_at_setup() -> None:
    g, seat = dealt(faction="F1")
    p = g.players[seat]
    before = p.dice_owned()
    while g.step_name() == "start_tiles":
        g.apply(g.legal_decisions()[0])
    assert p.stacks["world"] and p.dice_owned() == before  # now rolled, none gained
