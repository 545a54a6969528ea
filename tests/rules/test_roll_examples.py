"""Every worked example of the Roll for the Galaxy spec, WE-01 to WE-25 (end of
``shared/rules/roll-for-the-galaxy.md``). Only what the spec calls legible is asserted; where it
fills in numbers ("illustrative numbers", [I], [X]) the docstring says so."""

from __future__ import annotations

import pytest
from roll_scenario import (
    TILES,
    assign_for,
    citizenry,
    cup,
    empire,
    force_phases,
    manage_for,
    offered,
    pick,
    quiet_table,
    refused,
    set_empire,
    set_roll,
    side_id,
    stack_names,
    tableau_names,
    tiles_total,
    waiting,
    workers,
)

from nfgalaxy.core import Decision, new_game
from nfgalaxy.games.roll.components import DieColour
from nfgalaxy.games.roll.rules import RollGame
from nfgalaxy.games.roll.scoring import score_player
from nfgalaxy.games.roll.state import COLOURS, DEV, WORLD


def setup_dice(side: str) -> dict[str, dict[str, int]]:
    """The dice a faction half or home world gives at setup, by destination."""
    out: dict[str, dict[str, int]] = {"cup": {}, "citizenry": {}, "good": {}}
    for power in TILES.by_id[side].powers:
        if power.effect == "gain_dice":
            where = out[power.to.value]
            where[power.colour.value] = where.get(power.colour.value, 0) + (power.count or 1)
    return out


# ---------------------------------------------------------------- WE-01, WE-02 setup


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_we01_setup_pool_credits_and_dice_where_the_worlds_say(players: int) -> None:
    """WE-01: pool 12 VP per player (the 10-VP chips are not in it); $1; 3 white dice in the
    cup, 2 in the citizenry, plus exactly the home and faction worlds' dice where they say; one
    tile per stack. WE-02 (c): the construction-zone world adds nothing."""
    g = new_game("roll", players=players, seed=100 + players)
    assert isinstance(g, RollGame)
    assert g.vp_pool == {2: 24, 3: 36, 4: 48, 5: 60}[players]
    for p in g.players:
        want_cup = {c: 0 for c in COLOURS} | {"white": 3}
        want_citizenry = {c: 0 for c in COLOURS} | {"white": 2}
        want_goods: dict[str, list[str]] = {}
        for side in p.tableau:
            gains = setup_dice(side)
            for c, n in gains["cup"].items():
                want_cup[c] += n
            for c, n in gains["citizenry"].items():
                want_citizenry[c] += n
            for c, n in gains["good"].items():
                want_goods[side] = [c] * n
        assert p.cup == want_cup and p.citizenry == want_citizenry and p.goods == want_goods
        assert p.credits == (8 if TILES.by_id[p.home].name == "Doomed World" else 1)
    while waiting(g)[0] == "start_tiles":
        g.apply(g.legal_decisions()[-1])
    assert all(len(p.stacks[DEV]) == len(p.stacks[WORLD]) == 1 for p in g.players)


def _dealt(home: str = "", faction: str = "") -> tuple[RollGame, int]:
    for seed in range(1, 400):
        g = new_game("roll", players=5, seed=seed)
        for p in g.players:
            if (home and p.home == side_id(home)) or (faction and p.faction + "a" == faction):
                return g, p.seat
    raise AssertionError("never dealt")


def test_we02a_doomed_world_gives_no_dice_and_eight_credits() -> None:
    """WE-02 (a): Doomed World: no home-world dice, $8; the 3 + 2 white dice and the faction
    world's dice are still taken."""
    g, seat = _dealt(home="Doomed World")
    p = g.players[seat]
    assert p.credits == 8
    faction = [setup_dice(p.faction + half) for half in "ab"]
    assert p.cup["white"] == 3 and p.citizenry["white"] == 2
    owned = sum(p.dice_owned().values())
    assert owned == 5 + sum(n for gains in faction for d in gains.values() for n in d.values())


def test_we02b_destroyed_colony_takes_the_dice_of_both_worlds() -> None:
    """WE-02 (b) [X]: Destroyed Colony: 1 purple die to the cup and 1 red to the citizenry."""
    g, seat = _dealt(faction="F9a")
    p = g.players[seat]
    home = setup_dice(p.home)
    assert p.cup["purple"] == 1 + home["cup"].get("purple", 0)
    assert p.citizenry["red"] == 1 + home["citizenry"].get("red", 0)


# ---------------------------------------------------------------- WE-03, WE-04 assign / reveal


def test_we03_place_select_dictate_and_local_subsidies_in_that_order() -> None:
    """WE-03 [X: Local Subsidies reassigns 1 Home worker]: wild placed, any die selects, Dictate
    moves one other worker, Local Subsidies moves a white one; moved dice keep their faces; the
    Dictate die goes to the cup after Reveal. (The negative checks are in test_roll_round.)"""
    g = quiet_table(3, 2)
    me = g.order[0]
    set_empire(g, me, tableau=[*g.players[me].tableau, "Local Subsidies"])
    roll = [("green", "wild"), ("blue", "produce"), ("white", "explore"), ("red", "develop")]
    set_roll(g, me, [*roll, ("white", "ship")])
    for seat in g.order[1:]:
        set_roll(g, seat, [("white", "develop")])
    refused(g, Decision("dictate", ("blue", "produce", "produce")), "§5")
    pick(g, "wild", "green", "settle")
    pick(g, "select", "blue", "produce", "produce", "develop")  # a Produce face selects Develop
    pick(g, "dictate", "green", "wild", "settle")
    pick(g, "move", "red", "develop", "develop", "ship")
    pick(g, "power", side_id("Local Subsidies"))
    pick(g, "move", "white", "explore", "explore", "develop")
    p = g.players[me]
    by_face = {w["face"]: w["column"] for w in p.workers}
    assert by_face == {
        "produce": "develop",
        "develop": "ship",
        "explore": "develop",
        "ship": "ship",
    }
    assert p.dictated == ["green"]
    if offered(g, "done"):
        pick(g, "done")
    while not g.revealed:
        pick(g, "select", "white", "develop", "develop", "develop")
    assert g.phases == ["develop"]
    assert p.cup == {c: 0 for c in COLOURS} | {"green": 1, "red": 1, "white": 1}


def test_we04_unselected_ship_column_and_dictate_die_go_to_the_cup() -> None:
    """WE-04: Ship not selected (3 players, no extra die): after Reveal the Ship-column dice and
    the Dictate die are in the cup, not the citizenry, and Ship is not played."""
    g = quiet_table(3, 5)
    me = g.order[0]
    set_empire(g, me, citizenry={"white": 1})
    set_roll(g, me, [("white", "explore"), ("blue", "ship"), ("purple", "ship"), ("red", "settle")])
    for seat in g.order[1:]:
        set_roll(g, seat, [("white", "explore")])
    pick(g, "select", "white", "explore", "explore", "explore")
    pick(g, "dictate", "red", "settle", "settle")
    pick(g, "move", "purple", "ship", "ship", "settle")
    if offered(g, "done"):
        pick(g, "done")
    while not g.revealed:
        pick(g, "select", "white", "explore", "explore", "explore")
    assert "ship" not in g.phases
    assert cup(g, me) == {"blue": 1, "purple": 1, "red": 1}
    assert citizenry(g, me) == {"white": 1}


# ---------------------------------------------------------------- WE-05 three scouts


def test_we05_three_scouts_in_a_row() -> None:
    """WE-05: scout 1 with k = 1 discard draws 2 [k illustrative]; scout 2 with no discards
    ([I] "keine") draws 1; scout 3 discards 2, one of them scout 2's tile, and draws 3. Tiles
    not discarded keep their order, dice stay on top, discards return to the bag after
    Explore, all 3 explorers end in the citizenry."""
    g, me = empire(
        developments=["Public Works", "Export Duties"],
        worlds=["Mining World", "Comet Zone"],
        on_worlds=["red"],
        citizenry=[],
    )
    tiles = tiles_total(g)
    workers(g, me, "explore", "white", "white", "white")
    force_phases(g, "explore", manage=False)
    p = g.players[me]

    def place_all(kind: str) -> list[str]:
        drawn = list(p.drawn)
        for tile in drawn:
            if waiting(g) and waiting(g)[0] == "place_tiles":
                pick(g, "place", tile, kind, "bottom")
        return drawn

    pick(g, "scout", "white")
    pick(g, "discard", side_id("Export Duties"))
    pick(g, "draw")
    first = place_all(WORLD)
    assert len(first) == 2
    pick(g, "scout", "white")
    pick(g, "draw")
    second = place_all(DEV)
    assert len(second) == 1
    pick(g, "scout", "white")
    pick(g, "discard", second[0] + "d")
    pick(g, "discard", side_id("Comet Zone"))
    assert g.discards == sorted(g.discards, key=g.discards.index)  # hidden, under tile I
    pick(g, "draw")
    third = list(p.drawn)
    assert len(third) == 3
    place_all(WORLD)
    assert stack_names(g, me, DEV) == ["Public Works"]
    assert p.stacks[WORLD][:3] == [side_id("Mining World"), first[0] + "w", first[1] + "w"]
    assert p.stack_dice[WORLD] == ["red"]
    assert citizenry(g, me) == {"white": 3}
    assert g.discards == [] and tiles_total(g) == tiles


# ---------------------------------------------------------------- WE-06 .. WE-08 build


def test_we06_galactic_recycling_pays_one_for_advanced_logistics_not_for_itself() -> None:
    """WE-06 [I: layout; X: costs 2 and 1; k = 2 illustrative]: the 2nd developer completes
    Galactic Recycling ($0), the 3rd Advanced Logistics (+$1); the stack is empty, so the k
    unused developers go back to the cup."""
    g, me = empire(
        developments=["Galactic Recycling", "Advanced Logistics"], credits=4, citizenry=[]
    )
    workers(g, me, "develop", "red", "red", "brown", "white", "white")
    force_phases(g, "develop", manage=False)
    pick(g, "develop", "red")
    pick(g, "develop", "red")
    assert "Galactic Recycling" in tableau_names(g, me)
    assert citizenry(g, me) == {"red": 2} and g.players[me].credits == 4
    pick(g, "develop", "brown")
    assert "Advanced Logistics" in tableau_names(g, me)
    assert g.players[me].credits == 5
    assert citizenry(g, me) == {"red": 2, "brown": 1}
    assert cup(g, me) == {"white": 2}


def test_we07_deserted_alien_library_good_and_two_credits_at_once() -> None:
    """WE-07 [X: Deserted Alien Library, cost 6, yellow]: the 6th settler completes it: a
    yellow die from the supply as a good on it, +$2, 6 settlers to the citizenry."""
    g, me = empire(worlds=["Deserted Alien Library"], on_worlds={"red": 5}, credits=3, citizenry=[])
    yellow = g.supply["yellow"]
    workers(g, me, "settle", "green")
    force_phases(g, "settle", manage=False)
    p = g.players[me]
    assert "Deserted Alien Library" in tableau_names(g, me)
    assert p.goods == {side_id("Deserted Alien Library"): ["yellow"]}
    assert g.supply["yellow"] == yellow - 1
    assert p.credits == 5
    assert citizenry(g, me) == {"red": 5, "green": 1}


@pytest.mark.parametrize("kind", [DEV, WORLD])
def test_we08_enough_workers_after_explore_complete_at_the_start_of_the_next_phase(kind) -> None:
    """WE-08 (illustrative numbers): stack A (cost 4), B (cost 2), C with 3 dice on top;
    scouting discards A; nothing completes in Explore; at the start of the Develop (Settle)
    phase B completes with the 2 dice the player chooses, and the 3rd stays, now on C."""
    names = {
        DEV: ["Galactic Salon", "Export Duties", "Space Docks"],
        WORLD: ["Jungle World", "Gem World", "Comet Zone"],
    }[kind]
    phase = "develop" if kind == DEV else "settle"
    stacks = {"developments": names} if kind == DEV else {"worlds": names}
    on = (
        {"on_developments": ["red", "red", "white"]}
        if kind == DEV
        else {"on_worlds": ["red", "red", "white"]}
    )
    g, me = empire(**stacks, **on, citizenry=[])
    workers(g, me, "explore", "blue")
    force_phases(g, "explore", phase, manage=False)
    pick(g, "scout", "blue")
    pick(g, "discard", side_id(names[0]))
    pick(g, "draw")  # 1 discard: 2 tiles, both put on the other stack
    for tile in list(g.players[me].drawn):
        if waiting(g)[0] == "place_tiles":
            pick(g, "place", tile, WORLD if kind == DEV else DEV, "bottom")
    assert stack_names(g, me, kind) == names[1:]  # nothing completed during Explore
    # Develop/Settle begins: B is complete before any worker is placed; choose the dice.
    assert waiting(g) == ("build_check", me)
    assert {d.args[1:] for d in offered(g)} == {("red", "red"), ("white", "red")}
    pick(g, "use_dice", kind, "white", "red")
    p = g.players[me]
    assert names[1] in tableau_names(g, me)
    assert stack_names(g, me, kind) == [names[2]]
    assert p.stack_dice[kind] == ["red"]
    assert citizenry(g, me) == {"blue": 1, "red": 1, "white": 1}


# ---------------------------------------------------------------- WE-09 .. WE-12 produce/ship


def test_we09_surplus_producers_go_back_to_the_cup() -> None:
    """WE-09 (illustrative numbers): 3 producers, 2 empty non-gray worlds and gray worlds: 2
    goods (any colour on any non-gray world), the 3rd producer to the cup, not the
    citizenry."""
    g, me = empire(
        tableau=["Alpha Centauri", "Gem World", "Fifth Column", "Old Earth"], citizenry=[]
    )
    workers(g, me, "produce", "white", "red", "yellow")
    force_phases(g, "produce", manage=False)
    while waiting(g):
        g.apply(offered(g)[0])
    p = g.players[me]
    assert set(p.goods) == {side_id("Alpha Centauri"), side_id("Gem World")}
    assert p.goods_count() == 2
    assert sum(cup(g, me).values()) == 1 and citizenry(g, me) == {}


def test_we10_trade_from_a_genes_world_gives_five() -> None:
    """WE-10: trading a good (any colour) from a Genes world: +$5, both dice to the
    citizenry, no VP."""
    g, me = empire(
        tableau=["Plague World"], goods={"Plague World": ["brown"]}, credits=4, citizenry=[]
    )
    workers(g, me, "ship", "white")
    force_phases(g, "ship", manage=False)
    pick(g, "ship", "white", 0, side_id("Plague World"), "brown", "trade")
    assert g.players[me].credits == 9 and g.players[me].vp == 0
    assert citizenry(g, me) == {"white": 1, "brown": 1}


def test_we11_novelty_good_consumed_by_a_purple_shipper_gives_three() -> None:
    """WE-11: 1 + 1 (Novelty good on a Novelty world) + 1 (purple shipper) = 3 VP from the
    pool; both dice to the citizenry; credits unchanged."""
    g, me = empire(tableau=["Gem World"], goods={"Gem World": ["blue"]}, credits=3, citizenry=[])
    pool = g.vp_pool
    workers(g, me, "ship", "purple")
    force_phases(g, "ship", manage=False)
    pick(g, "ship", "purple", 0, side_id("Gem World"), "blue", "consume")
    assert g.players[me].vp == 3 and g.vp_pool == pool - 3
    assert g.players[me].credits == 3
    assert citizenry(g, me) == {"purple": 1, "blue": 1}


@pytest.mark.parametrize(
    "world", ["Gem World", "Mining World", "Plague World", "Deserted Alien Outpost"]
)
def test_we12_purple_good_and_purple_shipper_give_three_and_a_wild_face_adds_nothing(
    world: str,
) -> None:
    """WE-12: a purple good shipped by a purple shipper on any non-gray world: 3 VP, the
    maximum. A wild face adds nothing: only colours count."""
    g, me = empire(tableau=[world], goods={world: ["purple"]})
    set_roll(g, me, [("purple", "wild", "ship")], select=(0, "ship"))
    force_phases(g, "ship", manage=False)
    pick(g, "ship", "purple", 0, side_id(world), "purple", "consume")
    assert g.players[me].vp == 3


# ---------------------------------------------------------------- WE-13 recruit


def test_we13_four_credits_recruit_four_of_five_then_one_credit() -> None:
    """WE-13 ([I]: one die stays): $4, 5 dice in the citizenry, 1 in the cup: 4 dice move to
    the cup, $4 → $0 → $1, 1 die stays; stopping early is refused."""
    g, me = empire(credits=4, citizenry={"white": 2, "red": 2, "blue": 1}, cup=["green"])
    manage_for(g, me)
    refused(g, Decision("done", ()), "§5.5")
    pick(g, "recruit", "blue")
    pick(g, "recruit", "red")
    pick(g, "recruit", "red")
    p = g.players[me]
    assert p.credits == 1
    assert cup(g, me) == {"green": 1, "blue": 1, "red": 2, "white": 1}
    assert citizenry(g, me) == {"white": 1}


# ---------------------------------------------------------------- WE-14 .. WE-17 scoring/powers


def test_we14_scoring_arithmetic_galactic_federation_and_new_galactic_order() -> None:
    """WE-14 ([I]: arithmetic and end trigger tested separately): developments 13, worlds 3,
    Galactic Federation ceil(13/3) = 5, New Galactic Order with 4 red dice 2 x ceil(4/3) = 4,
    no chips: 25."""
    g, me = empire(
        tableau=["Galactic Federation", "New Galactic Order", "Public Works", "Mining World"],
        citizenry={"red": 3},
        cup=["red"],
        vp=0,
    )
    score = score_player(TILES, g.players[me])
    assert (score.developments, score.worlds) == (13, 3)
    assert dict(score.bonuses) == {"Galactic Federation": 5, "New Galactic Order": 4}
    assert score.total == 25


def test_we14_a_thirteen_tile_tableau_ends_the_game() -> None:
    """WE-14 second part: 13 tiles (faction = 2, home = 1, 10 more) meet the end condition."""
    more = ["Public Works", "Export Duties", "Space Docks", "Gem World", "Mining World"]
    more += ["Spice World", "Comet Zone", "Asteroid Belt", "Plague World", "Galactic Salon"]
    g, me = empire(more=more, cup=["white"])
    assert g.players[me].tableau_count() == 13
    force_phases(g)
    while not g.over and g.round == 1:
        g.apply(offered(g)[0])
    assert g.over and "reached 12 tiles" in g.end_reasons[0]


def test_we15_public_works_pays_once_per_later_completion() -> None:
    """WE-15: Public Works, then X and Y, completed in one phase: $0 + $1 + $1."""
    g, me = empire(developments=["Public Works", "Export Duties", "Space Docks"], credits=3)
    workers(g, me, "develop", "red", "red", "red", "red", "red")
    force_phases(g, "develop", manage=False)
    while waiting(g):
        g.apply(offered(g)[0])
    assert {"Public Works", "Export Duties", "Space Docks"} <= set(tableau_names(g, me))
    assert g.players[me].credits == 5


def test_we16_space_piracy_rounds_three_military_dice_up_to_two_credits() -> None:
    """WE-16: 3 red dice in the citizenry at the end of Ship: ceil(3/2) = $2."""
    g, me = empire(tableau=["Space Piracy", "Hidden Fortress"], citizenry={"red": 3}, credits=2)
    force_phases(g, "ship", manage=False)
    assert g.players[me].credits == 4


def test_we17_new_galactic_order_four_military_dice_give_four() -> None:
    """WE-17: 4 red dice owned: 2 x ceil(4/3) = 4 bonus VP."""
    g, me = empire(tableau=["New Galactic Order"], citizenry={"red": 2}, on_worlds=["red", "red"])
    assert dict(score_player(TILES, g.players[me]).bonuses) == {"New Galactic Order": 4}


# ---------------------------------------------------------------- WE-18 .. WE-21


def test_we18_removing_the_selection_die_still_plays_its_phase() -> None:
    """WE-18 [X: Rebel Miners in Settle, P = Ship]: the Ship selector is removed to the supply;
    Ship is still played, and the player's Ship powers (Space Piracy) still pay."""
    g, me = empire(
        tableau=["Space Piracy", "Hidden Fortress"],
        worlds=["Rebel Miners"],
        credits=1,
        citizenry=[],
    )
    set_roll(
        g,
        me,
        [("white", "ship"), ("red", "settle"), ("red", "settle")],
        select=(0, "ship"),
    )
    force_phases(g, "settle", "ship", manage=False)
    supply = g.supply["white"]
    pick(g, "remove", "phase:ship", "white")
    assert g.supply["white"] == supply + 1
    assert "ship" in g.phases and waiting(g) is None
    # 2 settlers + 2 gained red dice in the citizenry: Space Piracy pays ceil(4/2) = $2.
    assert g.players[me].credits == 3


@pytest.mark.parametrize(
    ("world", "robots", "settlers"),
    [
        ("Trading World", False, 2),
        ("Transport Hub", False, 2),
        ("Trading World", True, 1),
        ("Transport Hub", True, 1),
    ],
)
def test_we19_free_trade_zone_alone_and_with_replicant_robots(world, robots, settlers) -> None:
    """WE-19: a gray world of cost 3 (a, c) or 4 (b, d) needs 2 settlers with Free Trade Zone,
    1 with Replicant Robots too; the reduction is not optional; VP stay at the printed cost."""
    more = ["Free Trade Zone", *(["Replicant Robots"] if robots else [])]
    g, me = empire(tableau=more, worlds=[world, "Comet Zone"])
    workers(g, me, "settle", *["red"] * settlers)
    force_phases(g, "settle", manage=False)
    assert tableau_names(g, me)[-1] == world
    assert g.players[me].stack_dice[WORLD] == []
    assert score_player(TILES, g.players[me]).worlds == TILES.by_id[side_id(world)].cost


def test_we20_mad_scientists_with_no_novelty_world_anywhere_reassigns_one() -> None:
    """WE-20: nobody has a Novelty world: a tie for most, so exactly 1 worker moves."""
    g = quiet_table(2, 1)
    me, other = g.order
    set_empire(g, me, tableau=["Mad Scientists", "Old Earth"], worlds=[], developments=[])
    set_empire(g, other, tableau=["New Sparta"], worlds=[], developments=[])
    set_roll(
        g, me, [("white", "explore"), ("red", "develop"), ("blue", "ship"), ("green", "settle")]
    )
    pick(g, "select", "white", "explore", "explore", "explore")
    pick(g, "power", side_id("Mad Scientists"))
    pick(g, "move", "red", "develop", "develop", "produce")
    assert waiting(g) == ("assign", me) or g.players[me].assigned
    assert not offered(g, "move")


@pytest.mark.parametrize(
    ("mine", "theirs", "gain"),
    [
        (["Deserted Alien Library"], ["Alien Sentinels"], 1),
        (["Deserted Alien Library", "Alien Sentinels"], ["Gem World"], 2),
        (["Lost Alien Warship"], ["Galactic Trendsetters"], 1),
    ],
)
def test_we21_space_tourism_ties_and_printed_costs(mine, theirs, gain) -> None:
    """WE-21: a: a cost-6 tie with another tableau: +$1 only; b: both cost-6 worlds mine:
    +$2; c: my best is 5, theirs a gray 6 (however few settlers it took): +$1 only."""
    g, me = empire(tableau=["Space Tourism", *mine], credits=1)
    set_empire(g, g.order[1], tableau=theirs)
    force_phases(g, "ship", manage=False)
    assert g.players[me].credits == 1 + gain


# ---------------------------------------------------------------- WE-22 the bag runs out


def _bag_of(g: RollGame, keep: int, into: int) -> None:
    """Move all but ``keep`` bag tiles to the bottom of ``into``'s world stack."""
    p = g.players[into]
    while len(g.bag) > keep:
        p.stacks[WORLD].append(g.bag.pop() + "w")


def test_we22_bag_runs_out_discards_go_back_in_and_the_draw_goes_on() -> None:
    """WE-22: the bag holds 1 tile, 1 earlier discard lies under tile I; the scout discards 2
    more and draws 3: the 1 bag tile, then the 3 discards go into the bag, then 2 more."""
    g, me = empire(worlds=["Mining World", "Comet Zone", "Gem World"])
    other = g.order[1]
    set_empire(g, other, worlds=["Spice World"])
    _bag_of(g, 2, other)
    g.discards.append(g.bag.pop())  # discarded earlier this phase by someone else
    last = g.bag[0]
    workers(g, me, "explore", "white")
    force_phases(g, "explore", manage=False)
    pick(g, "scout", "white")
    pick(g, "discard", side_id("Mining World"))
    pick(g, "discard", side_id("Comet Zone"))
    assert len(g.bag) == 1 and len(g.discards) == 3
    refill = set(g.discards)
    pick(g, "draw")
    drawn = g.players[me].drawn
    assert len(drawn) == 3 and drawn[0] == last
    assert set(drawn[1:]) < refill and set(g.bag) < refill and len(g.bag) == 1
    assert g.discards == []


def test_we22_very_rare_still_short_everyone_with_three_tiles_returns_one() -> None:
    """WE-22 extension: still short after the discards went back: the scout places what they
    got, every player with 3+ construction tiles (scout included) returns 1 to the bag, then
    the scout draws the rest."""
    g, me = empire(worlds=["Mining World", "Comet Zone", "Gem World"])
    other = g.order[1]
    set_empire(g, other, worlds=["Spice World"])
    _bag_of(g, 0, other)
    tiles = tiles_total(g)
    workers(g, me, "explore", "white")
    force_phases(g, "explore", manage=False)
    pick(g, "scout", "white")
    pick(g, "discard", side_id("Gem World"))
    pick(g, "draw")  # needs 2: gets Gem World back, still 1 short
    pick(g, "place", side_id("Gem World")[:-1], WORLD)
    assert waiting(g) == ("return_tile", me)
    pick(g, "return_tile", side_id("Comet Zone"))
    assert waiting(g) == ("return_tile", other)
    theirs = pick(g, "return_tile").args[0]
    p = g.players[me]
    assert len(p.drawn) == 1
    assert p.drawn[0] in {side_id("Comet Zone")[:-1], theirs[:-1]}
    while waiting(g):
        g.apply(offered(g)[0])
    assert tiles_total(g) == tiles


# ---------------------------------------------------------------- WE-23 .. WE-25


def test_we23_galactic_reserves_second_good_then_one_shipper_per_good() -> None:
    """WE-23: with Galactic Reserves the only non-gray world holding 1 good takes a 2nd (any
    colour), the other producer goes to the cup; gray worlds hold nothing; later each good
    needs its own shipper."""
    g, me = empire(
        tableau=["Galactic Reserves", "Gem World", "Fifth Column"],
        goods={"Gem World": ["blue"]},
        citizenry=[],
    )
    workers(g, me, "produce", "red", "white")
    force_phases(g, "produce", manage=False)
    pick(g, "produce", "red", side_id("Gem World"))
    assert g.players[me].goods == {side_id("Gem World"): ["blue", "red"]}
    assert cup(g, me) == {"white": 1}
    workers(g, me, "ship", "white")
    force_phases(g, "ship", manage=False)
    pick(g, "ship", "white", 0, side_id("Gem World"), "red", "trade")
    assert g.players[me].goods == {side_id("Gem World"): ["blue"]}


def test_we24_genetics_lab_counts_green_goods_not_genes_worlds() -> None:
    """WE-24 [X: $2 per green good]: 2 green goods, 3 Genes worlds (one with a blue good):
    +$4."""
    g, me = empire(
        tableau=[
            "Genetics Lab",
            "Plague World",
            "Jungle World",
            "Uplift Overseers",
            "Gem World",
            "Mining World",
        ],
        goods={"Plague World": ["blue"], "Gem World": ["green"], "Mining World": ["green"]},
        credits=1,
    )
    force_phases(g, "produce", manage=False)
    assert g.players[me].credits == 5


def test_we25_a_wild_yellow_explorer_stocks_for_four_with_alien_archaeology() -> None:
    """WE-25 [X]: the wild yellow die placed under Explore stocks for $4; yellow dice have no
    Explore face."""
    assert "explore" not in {f.value for f in TILES.dice[DieColour.ALIEN].faces}
    g, me = empire(tableau=["Alien Archaeology", "Alien Rosetta Stone World"], credits=1)
    set_roll(g, me, [("yellow", "wild"), ("white", "explore")])
    assign_for(g, me)
    pick(g, "wild", "yellow", "explore")
    pick(g, "select", "white", "explore", "explore", "explore")
    if offered(g, "done"):
        pick(g, "done")
    assert "explore" in g.phases
    pick(g, "stock", "yellow")
    assert g.players[me].credits == 5
