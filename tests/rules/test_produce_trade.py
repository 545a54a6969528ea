"""Produce (§5.5, WE-10) and Trade/Consume (§5.6, WE-4, WE-11 to WE-13)."""

from __future__ import annotations

from scenario import by_name, choose, give, kinds, pick, table
from test_settle import finish_action

from nfgalaxy.games.new_frontiers.components import Kind


def test_production_colonies_produce_windfall_colonies_only_with_the_bonus() -> None:
    state = table(3, seed=1)
    chooser, other, _ = (d[0] for d in state.order)
    give(state, chooser, home="Old Earth", colonies=["Volcanic World", "Asteroid Belt"])
    give(state, other, home="Old Earth", colonies=["Volcanic World", "Asteroid Belt"])
    state.produce_credits = 3
    credits = state.players[chooser].credits
    choose(state, chooser, "produce")
    finish_action(state)
    me, them = state.players[chooser], state.players[other]
    assert me.credits == credits + 3 and state.produce_credits == 0
    assert set(me.goods) == {by_name("Volcanic World"), by_name("Asteroid Belt")}
    assert set(them.goods) == {by_name("Volcanic World")}


def test_a_colony_holds_at_most_one_good() -> None:
    state = table(3, seed=2)
    chooser = state.order[0][0]
    give(
        state,
        chooser,
        home="Old Earth",
        colonies=["Volcanic World"],
        goods={"Volcanic World": Kind.RARE},
    )
    supply = list(state.goods_supply)
    choose(state, chooser, "produce")
    finish_action(state)
    assert state.players[chooser].goods == {by_name("Volcanic World"): Kind.RARE}
    assert state.goods_supply[Kind.RARE] == supply[Kind.RARE]


def test_we10_comet_zone_pays_only_when_it_actually_produces() -> None:
    for has_good, gain in ((False, 1), (True, 0)):
        state = table(3, seed=3)
        chooser, other, _ = (d[0] for d in state.order)
        goods = {"Comet Zone": Kind.RARE} if has_good else {}
        give(state, other, home="Old Earth", colonies=["Comet Zone"], goods=goods, credits=0)
        choose(state, chooser, "produce")
        finish_action(state)
        assert state.players[other].credits == gain


def test_a_produce_ability_fills_a_windfall_colony_of_its_kind() -> None:
    state = table(3, seed=4)
    chooser, other, _ = (d[0] for d in state.order)
    give(state, other, home="Old Earth", colonies=["Interstellar Prospectors", "Asteroid Belt"])
    choose(state, chooser, "produce")
    finish_action(state)
    assert state.players[other].goods == {
        by_name("Interstellar Prospectors"): Kind.RARE,
        by_name("Asteroid Belt"): Kind.RARE,
    }


def test_we11_spice_world_adds_its_bonus_only_for_its_kind() -> None:
    for kind, colony, price in (
        (Kind.NOVELTY, "Artist Settlement", 3),
        (Kind.RARE, "Volcanic World", 2),
    ):
        state = table(3, seed=5)
        chooser, other, _ = (d[0] for d in state.order)
        give(
            state,
            other,
            home="Old Earth",
            colonies=["Spice World", colony],
            goods={colony: kind},
            credits=0,
        )
        choose(state, chooser, "trade")
        finish_action_until(state, other)
        pick(state, "trade", by_name(colony))
        assert state.players[other].credits == price


def finish_action_until(state, seat: int) -> None:
    while state.to_move() != seat:
        options = state.legal_decisions()
        state.apply(next((d for d in options if d.kind in ("pass", "done")), options[0]))


def test_the_oort_refinerys_good_can_never_be_traded() -> None:
    state = table(3, seed=6)
    chooser = state.order[0][0]
    oort = by_name("Alien Oort Cloud Refinery")
    give(
        state,
        chooser,
        home="Old Earth",
        colonies=[oort, "Volcanic World"],
        goods={oort: Kind.ALIEN, "Volcanic World": Kind.RARE},
    )
    choose(state, chooser, "trade")
    sellable = {d.args[0] for d in state.legal_decisions() if d.kind == "trade"}
    assert sellable == {by_name("Volcanic World")}


def test_trade_consume_bonus_vp_comes_before_the_action() -> None:
    state = table(3, seed=7)
    chooser = state.order[0][0]
    general = state.vp_general
    choose(state, chooser, "trade")
    assert state.players[chooser].vp == 1 and state.vp_general == general - 1


def test_we4_designer_species_consumes_two_goods_once() -> None:
    state = table(3, seed=8)
    chooser, other, _ = (d[0] for d in state.order)
    colonies = ["Designer Species, Ultd.", "Volcanic World", "Artist Settlement", "Mining World"]
    goods = {
        "Designer Species, Ultd.": Kind.GENES,
        "Volcanic World": Kind.RARE,
        "Artist Settlement": Kind.NOVELTY,
        "Mining World": Kind.RARE,
    }
    give(state, other, home="Alpha Centauri", colonies=colonies, goods=goods, vp=0)
    choose(state, chooser, "trade")
    finish_action_until(state, other)
    pick(state, "pass")
    state.apply(state.legal_decisions()[0])  # a pair of goods for Designer Species
    assert state.players[other].vp == 3 and len(state.players[other].goods) == 2
    assert state.to_move() != other  # its ability is used once: the turn is over


def test_we12_booming_economy_and_galactic_salon() -> None:
    state = table(3, seed=9)
    chooser, other, _ = (d[0] for d in state.order)
    colonies = ["New Vinland", "Artist Settlement", "Volcanic World"]
    goods = {
        "New Vinland": Kind.NOVELTY,
        "Artist Settlement": Kind.NOVELTY,
        "Volcanic World": Kind.RARE,
    }
    give(
        state,
        other,
        home="Old Earth",
        colonies=colonies,
        goods=goods,
        developments=["Booming Economy", "Galactic Salon"],
        credits=0,
        vp=0,
    )
    choose(state, chooser, "trade")
    finish_action_until(state, other)
    pick(state, "pass")
    pick(state, "consume", by_name("New Vinland"))
    # Old Earth's ability is the only one left and takes the other two goods by itself.
    player = state.players[other]
    assert player.goods == {}
    assert player.credits == 2 and player.vp == 8


def test_we13_up_to_abilities_consume_as_many_goods_as_possible() -> None:
    for novelty, expected in ((2, 2), (4, 3)):
        state = table(3, seed=10)
        chooser, other, _ = (d[0] for d in state.order)
        names = ["Artist Settlement", "Spice World", "Galactic News Center", "Galactic Studios"]
        colonies = names[:novelty]
        give(
            state,
            other,
            home="Old Earth",
            colonies=colonies,
            goods={c: Kind.NOVELTY for c in colonies},
            developments=["Consumer Markets"],
            vp=0,
        )
        choose(state, chooser, "trade")
        finish_action_until(state, other)
        pick(state, "pass")
        markets = [
            d
            for d in state.legal_decisions()
            if d.kind == "consume" and d.args[0] == by_name("Consumer Markets")
        ]
        assert markets and all(len(d.args) - 2 == expected for d in markets)


def test_consuming_is_mandatory_but_trade_leagues_sale_is_optional() -> None:
    state = table(3, seed=11)
    chooser, other, _ = (d[0] for d in state.order)
    give(
        state,
        other,
        home="Old Earth",
        colonies=["Volcanic World"],
        goods={"Volcanic World": Kind.RARE},
        developments=["Trade League"],
    )
    choose(state, chooser, "trade")
    finish_action_until(state, other)
    pick(state, "pass")
    assert "done" in kinds(state)


def test_a_consume_ability_needing_one_kind_cannot_take_another() -> None:
    state = table(3, seed=12)
    chooser, other, _ = (d[0] for d in state.order)
    give(
        state,
        other,
        home="Alpha Centauri",
        colonies=["Galactic News Center", "Volcanic World"],
        goods={"Volcanic World": Kind.RARE},
        vp=0,
    )
    choose(state, chooser, "trade")
    finish_action(state)
    assert state.players[other].goods == {by_name("Volcanic World"): Kind.RARE}
