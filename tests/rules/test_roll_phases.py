"""Roll for the Galaxy: the five phases (§7), Manage Empire (§5.5), game end and scoring (§9).

Each test sets the first player's empire and workers with ``roll_scenario``, forces the phases
the rule needs and lets the engine play them."""

from __future__ import annotations

import pytest
from roll_scenario import (
    citizenry,
    cup,
    dice_total,
    empire,
    force_phases,
    manage_for,
    offered,
    pick,
    refused,
    set_empire,
    side_id,
    stack_names,
    tableau_names,
    tiles_total,
    waiting,
    workers,
)

from nfgalaxy.core import Decision
from nfgalaxy.games.roll.rules import RollGame
from nfgalaxy.games.roll.state import DEV, WORLD
from nfgalaxy.games.roll.tileset import builtin

TILES = builtin()


# ====================================================================== I Explore


def test_stock_gives_two_credits_and_the_explorer_goes_to_the_citizenry() -> None:
    """§7.1 Stock: +$2; a physical explorer that did its task goes to the citizenry."""
    g, me = empire(credits=3, citizenry=[])
    workers(g, me, "explore", "red")
    force_phases(g, "explore", manage=False)
    pick(g, "stock", "red")
    assert g.players[me].credits == 5
    assert citizenry(g, me) == {"red": 1}


def test_every_explorer_must_stock_or_scout() -> None:
    """§7.1: only Stock and Scout are offered; giving up an explorer is refused."""
    g, me = empire()
    workers(g, me, "explore", "white")
    force_phases(g, "explore", manage=False)
    assert {d.kind for d in offered(g)} == {"stock", "scout"}
    refused(g, Decision("done", ()), "§5")


def test_scout_may_discard_middle_tiles_and_draws_one_more_than_it_discarded() -> None:
    """§7.1 Scout: any tile may be discarded, the rest keep their order; draw discards + 1;
    the discards lie hidden under phase tile I and go back into the bag at the end of
    Explore; every drawn tile picks a side and goes to the bottom."""
    g, me = empire(
        worlds=["Mining World", "Spice World", "Comet Zone"],
        developments=["Public Works", "Export Duties"],
    )
    tiles = tiles_total(g)
    workers(g, me, "explore", "white")
    force_phases(g, "explore", manage=False)
    pick(g, "scout", "white")
    pick(g, "discard", side_id("Spice World"))
    pick(g, "discard", side_id("Export Duties"))
    assert stack_names(g, me, WORLD) == ["Mining World", "Comet Zone"]
    assert stack_names(g, me, DEV) == ["Public Works"]
    assert sorted(g.discards) == sorted(
        [side_id("Spice World")[:-1], side_id("Export Duties")[:-1]]
    )
    assert [d.label for d in offered(g, "draw")] == ["Draw 3 tiles"]
    pick(g, "draw")
    drawn = list(g.players[me].drawn)
    assert len(drawn) == 3
    places = offered(g, "place")
    assert {d.args[2] for d in places} == {"bottom"}  # no Improved Reconnaissance
    assert {d.args[:2] for d in places} == {(t, k) for t in drawn for k in (DEV, WORLD)}
    pick(g, "place", drawn[0], WORLD, "bottom")
    pick(g, "place", drawn[1], DEV, "bottom")
    assert g.players[me].stacks[WORLD] == [
        side_id("Mining World"),
        side_id("Comet Zone"),
        drawn[0] + "w",
    ]
    assert g.players[me].stacks[DEV] == [side_id("Public Works"), drawn[1] + "d"]
    if waiting(g):
        pick(g, "place", drawn[2], WORLD)
    assert g.discards == []  # end of Explore: back in the bag
    assert side_id("Spice World")[:-1] in g.bag
    assert tiles_total(g) == tiles
    assert citizenry(g, me) == {"white": 1}


def test_dice_on_a_stack_stay_on_top_when_tiles_are_discarded_and_on_an_empty_spot() -> None:
    """§7.1 step 4: dice belong to the top of the stack, not to a tile: discarding the top
    tile, or the whole stack, leaves them there, and they stay after Explore."""
    g, me = empire(
        worlds=["Mining World", "Comet Zone"],
        developments=["Galactic Reserves"],
        on_worlds=["red", "red"],
        on_developments=["brown"],
    )
    workers(g, me, "explore", "white")
    force_phases(g, "explore", manage=False)
    pick(g, "scout", "white")
    pick(g, "discard", side_id("Mining World"))
    pick(g, "discard", side_id("Galactic Reserves"))
    pick(g, "draw")
    while waiting(g):
        pick(g, "place", g.players[me].drawn[0], WORLD)
    p = g.players[me]
    assert p.stack_dice == {DEV: ["brown"], WORLD: ["red", "red"]}
    assert p.stacks[DEV] == [] and p.stacks[WORLD][0] == side_id("Comet Zone")


def test_tiles_from_the_previous_scout_may_be_discarded_by_the_next() -> None:
    """§7.1 / WE-05: the tile a scout just drew may be discarded before the next draw."""
    g, me = empire(worlds=["Mining World"], developments=[])
    workers(g, me, "explore", "white", "white")
    force_phases(g, "explore", manage=False)
    pick(g, "scout", "white")
    pick(g, "draw")
    new = g.players[me].drawn[0]
    pick(g, "place", new, DEV)
    pick(g, "scout", "white")
    pick(g, "discard", new + "d")
    assert [d.label for d in offered(g, "draw")] == ["Draw 2 tiles"]


# ====================================================================== II Develop, III Settle


def test_developers_are_placed_one_at_a_time_and_a_tile_completes_when_they_equal_its_cost() -> (
    None
):
    """§7.2 step 2: one developer at a time; at the required count the tile goes to the
    tableau, its developers to the citizenry; further developers go on the next tile."""
    g, me = empire(developments=["Export Duties", "Space Docks"], citizenry=[])
    workers(g, me, "develop", "red", "red", "white")
    force_phases(g, "develop", manage=False)
    pick(g, "develop", "red")
    p = g.players[me]
    assert p.stack_dice[DEV] == ["red"] and "Export Duties" not in tableau_names(g, me)
    pick(g, "develop", "red")
    assert "Export Duties" in tableau_names(g, me)
    assert citizenry(g, me) == {"red": 2}
    # The last developer is forced (the engine makes the only choice) onto Space Docks, cost
    # 2: it waits there.
    assert stack_names(g, me, DEV) == ["Space Docks"]
    assert p.stack_dice[DEV] == ["white"]
    assert waiting(g) is None


def test_placing_developers_is_mandatory() -> None:
    """§5.4: every worker must be used if possible; giving up is refused."""
    g, me = empire(developments=["Export Duties"])
    workers(g, me, "develop", "red", "white")
    force_phases(g, "develop", manage=False)
    refused(g, Decision("done", ()), "§5.4")


def test_leftover_developers_and_dice_on_the_empty_spot_go_back_to_the_cup() -> None:
    """§7.2 step 3: once the stack is empty, unplaced developers and the dice lying on the
    empty spot go to the cup, not the citizenry."""
    g, me = empire(developments=["Public Works"], on_developments=["green"], citizenry=[])
    workers(g, me, "develop", "red", "white")
    force_phases(g, "develop", manage=False)
    # Public Works (cost 1) already has its die: it completes at the start of the phase.
    assert "Public Works" in tableau_names(g, me)
    assert citizenry(g, me) == {"green": 1}
    assert cup(g, me) == {"red": 1, "white": 1}
    assert g.players[me].stack_dice[DEV] == []


@pytest.mark.parametrize(
    ("world", "where"),
    [("Spice World", "cup"), ("Star Nomad Lair", "citizenry"), ("Information Hub", "good")],
)
def test_a_settled_world_gains_its_die_at_once_where_it_says(world: str, where: str) -> None:
    """§7.3: a world's immediate effect takes a die from the supply to the cup, the
    citizenry or onto the world as a good, once, on completion."""
    settlers = ["white"] * (TILES.by_id[side_id(world)].cost - 1)  # one more completes it
    g, me = empire(worlds=[world], on_worlds=settlers, citizenry=[])
    supply = g.supply["blue"]
    workers(g, me, "settle", "red")
    force_phases(g, "settle", manage=False)
    p = g.players[me]
    assert world in tableau_names(g, me)
    assert g.supply["blue"] == supply - 1
    if where == "cup":
        assert cup(g, me) == {"blue": 1}
    elif where == "citizenry":
        assert citizenry(g, me)["blue"] == 1
    else:
        assert p.goods == {side_id(world): ["blue"]}


def test_a_world_that_removes_a_die_may_remove_any_of_your_dice_to_the_supply() -> None:
    """§7.3 / §12: Rebel Miners removes any one of your own dice, wherever it is, then gains a
    red die to the citizenry."""
    g, me = empire(
        worlds=["Rebel Miners"],
        cup=["green"],
        citizenry=["yellow"],
    )
    workers(g, me, "settle", "red", "red")
    total = dice_total(g)
    force_phases(g, "settle", manage=False)
    places = {d.args for d in offered(g, "remove")}
    assert ("cup", "green") in places and ("citizenry", "yellow") in places
    pick(g, "remove", "cup", "green")
    assert cup(g, me) == {}
    assert citizenry(g, me) == {"yellow": 1, "red": 4}  # 2 settlers + 2 gained red dice
    assert dice_total(g) == total


def test_a_gain_of_a_colour_the_supply_lacks_is_lost() -> None:
    """§14.9 [I]: when the supply has no die of that colour the gain is lost (logged)."""
    g, me = empire(worlds=["Spice World"], on_worlds=["white"], cup=[])
    other = g.order[1]
    set_empire(g, other)  # their own dice back to the supply, then every blue die to them
    set_empire(g, other, citizenry={"blue": g.supply["blue"]})
    workers(g, me, "settle", "red")
    force_phases(g, "settle", manage=False)
    assert "Spice World" in tableau_names(g, me)
    assert cup(g, me) == {} and g.supply["blue"] == 0
    assert any("lost" in line for line in g.log)


# ====================================================================== IV Produce


def test_producing_is_mandatory_on_non_gray_worlds_of_any_colour() -> None:
    """§7.4: any producer may go on any non-gray world with room; gray worlds are never
    offered; giving up is refused while room exists."""
    g, me = empire(tableau=["Alpha Centauri", "Fifth Column", "Gem World"])
    workers(g, me, "produce", "green", "yellow")
    force_phases(g, "produce", manage=False)
    targets = {d.args[1] for d in offered(g, "produce")}
    assert targets == {side_id("Alpha Centauri"), side_id("Gem World")}
    refused(g, Decision("done", ()), "§5.4")
    pick(g, "produce", "yellow", side_id("Alpha Centauri"))
    assert g.players[me].goods == {
        side_id("Alpha Centauri"): ["yellow"],
        side_id("Gem World"): ["green"],
    }


# ====================================================================== V Ship


@pytest.mark.parametrize(
    ("world", "price"),
    [("Gem World", 3), ("Mining World", 4), ("Plague World", 5), ("Deserted Alien Outpost", 6)],
)
def test_trade_pays_by_the_colour_of_the_world_not_of_the_good(world: str, price: int) -> None:
    """§7.5 Trade: Novelty 3, Rare Elements 4, Genes 5, Alien Technology 6; shipper and good
    go to the citizenry."""
    g, me = empire(tableau=[world], goods={world: ["white"]}, credits=1, citizenry=[])
    workers(g, me, "ship", "red")
    force_phases(g, "ship", manage=False)
    pick(g, "ship", "red", 0, side_id(world), "white", "trade")
    assert g.players[me].credits == 1 + price
    assert citizenry(g, me) == {"red": 1, "white": 1}
    assert g.players[me].vp == 0


@pytest.mark.parametrize(
    ("good", "shipper", "vp"),
    [
        ("white", "white", 1),
        ("blue", "white", 2),
        ("white", "blue", 2),
        ("blue", "blue", 3),
        ("purple", "white", 2),
        ("white", "purple", 2),
        ("purple", "purple", 3),
        ("green", "red", 1),
    ],
)
def test_consume_gives_one_vp_plus_one_per_colour_match(good: str, shipper: str, vp: int) -> None:
    """§7.5 Consume on a Novelty world: 1 VP, +1 if the good's colour matches the world, +1
    if the shipper's does; purple matches every world colour."""
    g, me = empire(tableau=["Gem World"], goods={"Gem World": [good]}, credits=2)
    pool = g.vp_pool
    workers(g, me, "ship", shipper)
    force_phases(g, "ship", manage=False)
    pick(g, "ship", shipper, 0, side_id("Gem World"), good, "consume")
    assert g.players[me].vp == vp and g.vp_pool == pool - vp
    assert g.players[me].credits == 2


def test_shipping_is_mandatory_and_shippers_without_goods_go_back_to_the_cup() -> None:
    """§7.5: shipping is mandatory while goods exist; the shippers left over go to the cup."""
    g, me = empire(tableau=["Gem World"], goods={"Gem World": ["blue"]}, cup=[], citizenry=[])
    workers(g, me, "ship", "white", "red")
    force_phases(g, "ship", manage=False)
    refused(g, Decision("done", ()), "§5.4")
    pick(g, "ship", "white", 0, side_id("Gem World"), "blue", "trade")
    assert waiting(g) is None
    assert cup(g, me) == {"red": 1}
    assert citizenry(g, me) == {"white": 1, "blue": 1}


# ====================================================================== §5.5 Manage Empire


def manage(**kwargs) -> tuple[RollGame, int]:
    """The first player in order at Manage Empire with this empire (nobody has workers)."""
    g, me = empire(**kwargs)
    manage_for(g, me)
    return g, me


def test_recruiting_is_mandatory_while_credits_last() -> None:
    """§5.5 step 1: recruit until credits or the citizenry run out, choosing which dice; a
    Done before that is refused."""
    g, me = manage(credits=2, citizenry={"white": 2, "red": 1}, cup=["white"])
    assert waiting(g) == ("manage", me)
    refused(g, Decision("done", ()), "§5.5")
    assert {d.args for d in offered(g, "recruit")} == {("white",), ("red",)}
    pick(g, "recruit", "red")  # the second recruit, a white die, is then the only choice
    p = g.players[me]
    assert p.credits == 1  # $2 - $2 = $0, then the floor of $1
    assert cup(g, me) == {"white": 2, "red": 1}
    assert citizenry(g, me) == {"white": 1}


def test_credits_at_zero_after_recruiting_become_one() -> None:
    """§5.5 step 2: with enough credits everything is recruited; $0 becomes $1."""
    g, me = manage(credits=3, citizenry={"white": 2, "red": 1}, cup=["white"])
    assert g.players[me].credits == 1
    assert citizenry(g, me) == {} and cup(g, me) == {"white": 3, "red": 1}


def test_recall_is_free_and_optional() -> None:
    """§5.5 step 3: stack dice and goods come back to the cup for free, as many as wished."""
    g, me = manage(
        credits=4,
        cup=["white"],
        citizenry=[],
        tableau=["Gem World"],
        goods={"Gem World": ["blue"]},
        developments=["Galactic Reserves"],
        on_developments=["red"],
    )
    assert waiting(g) == ("recall", me) and offered(g, "done")
    pick(g, "recall", "good:" + side_id("Gem World"), "blue")
    pick(g, "done")
    assert cup(g, me) == {"white": 1, "blue": 1}
    assert g.players[me].stack_dice[DEV] == ["red"]
    assert g.players[me].credits == 4


def test_with_an_empty_cup_at_least_one_die_must_be_recalled() -> None:
    """§5.5 step 3: an empty cup after recruiting forces a recall; Done is refused."""
    g, me = manage(
        credits=4,
        cup=[],
        citizenry=[],
        tableau=["Gem World"],
        goods={"Gem World": ["blue"]},
        developments=["Galactic Reserves"],
        on_developments=["red"],
    )
    assert waiting(g) == ("recall", me)
    assert not offered(g, "done")
    refused(g, Decision("done", ()), "§5.5")
    pick(g, "recall", "stack:" + DEV, "red")
    assert cup(g, me) == {"red": 1}


def test_credits_are_capped_at_ten() -> None:
    """§3: any excess over $10 is lost at once."""
    g, me = empire(credits=9)
    workers(g, me, "explore", "white")
    force_phases(g, "explore", manage=False)
    pick(g, "stock", "white")
    assert g.players[me].credits == 10


# ====================================================================== §9 game end


def test_the_game_ends_after_the_round_in_which_the_vp_pool_runs_out_and_payment_goes_on() -> None:
    """§9.1 / §9.2: with 1 VP left in the pool a 3-VP consume is still paid in full (the 10-VP
    chips join the pool); the game ends after Manage Empire, not at once."""
    g, me = empire(tableau=["Gem World"], goods={"Gem World": ["blue"]}, credits=1)
    set_empire(g, g.order[1], vp=g.vp_pool - 1)
    workers(g, me, "ship", "blue")
    force_phases(g, "ship")
    pick(g, "ship", "blue", 0, side_id("Gem World"), "blue", "consume")
    assert g.players[me].vp == 3 and g.vp_pool == -2
    assert g.over
    assert g.end_reasons == ["the VP pool is used up"]


def test_the_game_is_not_over_before_manage_empire_is_done() -> None:
    """§9.2: the end is checked at the end of Manage Empire."""
    g, me = empire(
        tableau=["Gem World"],
        goods={"Gem World": ["blue"]},
        credits=2,
        citizenry={"white": 3},
        cup=["white"],
    )
    set_empire(g, g.order[1], vp=g.vp_pool - 1)
    workers(g, me, "ship", "blue")
    force_phases(g, "ship")
    pick(g, "ship", "blue", 0, side_id("Gem World"), "blue", "consume")
    assert g.vp_pool <= 0 and not g.over
    assert waiting(g) == ("manage", me)


FILLER = [
    "Public Works",
    "Export Duties",
    "Space Docks",
    "Gem World",
    "Mining World",
    "Spice World",
    "Comet Zone",
    "Asteroid Belt",
    "Fifth Column",
]


@pytest.mark.parametrize(("extra", "ends"), [(9, True), (8, False)])
def test_twelve_tiles_end_the_game_and_the_faction_counts_as_two(extra: int, ends: bool) -> None:
    """§9.2: faction halves (2) + home world (1) + 9 tiles = 12 ends the game after the
    round; 11 does not. Construction-zone tiles do not count."""
    g, me = empire(more=FILLER[:extra], developments=["Galactic Reserves"], cup=["white"])
    p = g.players[me]
    force_phases(g)
    while not g.over and g.round == 1:
        g.apply(offered(g)[0])
    assert g.over is ends
    if ends:
        assert g.end_reasons == [f"{p.name} reached 12 tiles"]
    else:
        assert g.round == 2


def test_score_is_chips_plus_printed_costs_and_ties_break_on_cup_dice_plus_credits() -> None:
    """§9.3 / §9.4: tied totals are broken by dice in the cup + credits; goods and stack dice
    do not count; still tied, all tied players win."""
    g, a = empire()
    b = g.order[1]
    tableau = ["Gem World", "Public Works"]  # 2 + 1
    set_empire(g, a, tableau=tableau[:1], vp=1, cup=["white"], credits=2)
    set_empire(g, b, tableau=tableau[1:], vp=2, cup=["white", "red"], credits=1)
    scores = {s.seat: s for s in g.score_details()}
    assert scores[a].total == scores[b].total == 3
    assert g.winners() == [a, b]  # cup + credits: 1 + 2 == 2 + 1
    set_empire(g, b, cup=["white", "red"], credits=1, on_worlds=["red", "red"])
    assert g.winners() == [a, b]  # dice on a stack do not count
    set_empire(g, b, cup=["white", "red", "red"], credits=1)
    assert g.winners() == [b]
