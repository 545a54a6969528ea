"""Settle (§5.4) and its tile rulings (§10): WE-5 to WE-8 and the replacement abilities."""

from __future__ import annotations

import pytest
from scenario import by_name, choose, give, kinds, pick, table

from nfgalaxy.core import Decision, IllegalDecision
from nfgalaxy.games.new_frontiers.components import Kind


def finish_action(state) -> None:
    """Everyone still to act in this action takes colonists / passes / the first option."""
    while state.queue and state.queue[0][0] not in ("select", "start_round", "end_round"):
        options = state.legal_decisions()
        preferred = [d for d in options if d.kind in ("colonists", "done", "pass")]
        state.apply(preferred[0] if preferred else options[0])


def test_we5_a_cost_reduction_does_not_remove_the_colonist_requirement() -> None:
    state = table(3, seed=1)
    chooser, other = state.order[0][0], state.order[1][0]
    give(
        state,
        other,
        home="Alpha Centauri",
        explored=["Devolved Uplift Race"],
        colonists=0,
        credits=5,
    )
    choose(state, chooser, "settle")
    # Neither player can settle: taking colonists, the only choice left, is made for them.
    assert state.players[other].colonists == 2
    assert state.players[other].explored == [by_name("Devolved Uplift Race")]


def test_we5_counter_check_the_choosers_bonus_colonist_can_settle_at_cost_zero() -> None:
    state = table(3, seed=1)
    chooser = state.order[0][0]
    give(state, chooser, explored=["Devolved Uplift Race"], colonists=0, credits=0)
    choose(state, chooser, "settle")
    pick(state, "settle", by_name("Devolved Uplift Race"))
    player = state.players[chooser]
    assert by_name("Devolved Uplift Race") in player.colonies
    assert player.colonists == 0 and player.credits == 0
    # Windfall world: its good arrives at once.
    assert player.goods[by_name("Devolved Uplift Race")] == Kind.NOVELTY


def test_settling_is_refused_with_the_rule_when_colonists_are_missing() -> None:
    state = table(3, seed=1)
    chooser = state.order[0][0]
    give(state, chooser, explored=["Mining World", "Devolved Uplift Race"], colonists=0, credits=9)
    choose(state, chooser, "settle")  # 1 bonus colonist; Mining World needs 2
    before = state.to_json()
    with pytest.raises(IllegalDecision) as error:
        state.apply(Decision("settle", (by_name("Mining World"), 0)))
    assert "colonists" in error.value.rule
    assert state.to_json() == before


def test_we6_terraforming_robots_trigger_twice_with_improved_logistics() -> None:
    state = table(3, seed=2)
    chooser = state.order[0][0]
    worlds = ["Artist Settlement", "Asteroid Belt"]
    filler = [
        "Volcanic World",
        "Pre-Sentient Race",
        "Spice World",
        "New Vinland",
        "Galactic News Center",
    ]
    give(
        state,
        chooser,
        home="Old Earth",
        explored=worlds,
        colonies=filler,
        developments=["Improved Logistics", "Terraforming Robots"],
        colonists=3,
        credits=10,
    )
    assert state.players[chooser].world_count() == 8
    choose(state, chooser, "settle")
    pick(state, "settle", by_name("Artist Settlement"))
    assert state.players[chooser].world_count() == 9  # one drawn after the first world
    pick(state, "settle", by_name("Asteroid Belt"))
    player = state.players[chooser]
    assert len(player.colonies) == 8 and len(player.explored) == 2
    finish_action(state)
    # The 9-world limit was applied at the end of Settle: one explored world went back.
    assert state.players[chooser].world_count() == 9


def test_we6_counter_check_taking_colonists_does_not_trigger_terraforming_robots() -> None:
    state = table(3, seed=2)
    chooser = state.order[0][0]
    give(
        state,
        chooser,
        developments=["Terraforming Robots"],
        explored=["Asteroid Belt"],
        colonists=0,
        credits=0,
    )
    choose(state, chooser, "settle")  # no credits: taking colonists is the only choice
    assert state.players[chooser].explored == [by_name("Asteroid Belt")]
    assert state.players[chooser].colonists == 3


def test_we7_alpha_centauri_conditional_military_and_discount() -> None:
    state = table(3, seed=3)
    chooser = state.order[0][0]
    rare_military = by_name("Rebel Fuel Cache")  # Rare Elements, defence 1
    genes_military = by_name("The Last of the Uplift Gnarssh")  # Genes, defence 1
    rare_civil = by_name("Comet Zone")  # Rare Elements, cost 3
    give(
        state,
        chooser,
        home="Alpha Centauri",
        explored=[rare_military, genes_military, rare_civil],
        colonists=3,
        credits=2,
    )
    choose(state, chooser, "settle")
    offered = {d.args for d in state.legal_decisions() if d.kind == "settle"}
    assert (rare_military, 0) in offered
    assert (genes_military, 0) not in offered
    assert (rare_civil, 0) in offered  # costs $2 with the -1
    pick(state, "settle", rare_civil)
    assert state.players[chooser].credits == 0


def test_conditional_military_against_rebel_adds_nothing_against_other_worlds() -> None:
    state = table(3, seed=3)
    chooser = state.order[0][0]
    give(
        state,
        chooser,
        home="Old Earth",
        colonies=["Imperium Depot"],
        explored=["Rebel Miners", "Aquatic Uplift Race"],
        colonists=2,
        credits=0,
    )
    choose(state, chooser, "settle")
    offered = {d.args[0] for d in state.legal_decisions() if d.kind == "settle"}
    assert by_name("Rebel Miners") in offered  # Rebel, defence 2, +2 against Rebel
    assert by_name("Aquatic Uplift Race") not in offered


def test_we8a_temporary_military_counts_for_the_second_world() -> None:
    state = table(3, seed=4)
    chooser = state.order[0][0]
    w1, w2 = by_name("Aquatic Uplift Race"), by_name("Avian Uplift Race")  # defence 2 each
    give(
        state,
        chooser,
        home="Old Earth",
        colonies=["Imperium Depot"],
        explored=[w1, w2],
        developments=["Improved Logistics"],
        goods={"Imperium Depot": Kind.RARE},
        colonists=2,
        credits=0,
    )
    choose(state, chooser, "settle")
    assert "settle" not in kinds(state) - {"colonists"} or not any(
        d.args[0] in (w1, w2) for d in state.legal_decisions() if d.kind == "settle"
    )
    pick(state, "boost", by_name("Imperium Depot"))
    pick(state, "settle", w1)
    pick(state, "settle", w2)
    player = state.players[chooser]
    assert w1 in player.colonies and w2 in player.colonies
    assert player.goods == {w1: Kind.GENES, w2: Kind.GENES}
    finish_action(state)
    assert state.turn == {}  # temporary military is gone with the action


def test_we8b_first_worlds_good_may_pay_but_its_ability_may_not_help() -> None:
    state = table(3, seed=5)
    chooser = state.order[0][0]
    # Part 1: the windfall good of the first world buys temporary military for the second.
    w1, w2 = by_name("Asteroid Belt"), by_name("Rebel Fuel Cache")
    give(
        state,
        chooser,
        home="Old Earth",
        colonies=["Primitive Rebel World"],
        explored=[w1, w2],
        developments=["Improved Logistics"],
        colonists=2,
        credits=2,
    )
    choose(state, chooser, "settle")
    pick(state, "settle", w1)
    assert state.players[chooser].goods == {w1: Kind.RARE}
    pick(state, "boost", by_name("Primitive Rebel World"), w1)
    pick(state, "settle", w2)
    assert w2 in state.players[chooser].colonies


def test_we8b_abilities_of_the_first_world_do_not_help_settle_the_second() -> None:
    state = table(3, seed=5)
    chooser = state.order[0][0]
    w1 = by_name("Imperium Blaster Gem Consortium")  # Settle: +1 military
    w2 = by_name("Rebel Fuel Cache")  # defence 1
    give(
        state,
        chooser,
        home="Old Earth",
        explored=[w1, w2],
        developments=["Improved Logistics"],
        colonists=4,
        credits=6,
    )
    choose(state, chooser, "settle")
    pick(state, "settle", w1)
    assert not any(d.kind == "settle" for d in state.legal_decisions())


def test_military_and_credits_cannot_be_combined_and_nothing_is_paid_for_military() -> None:
    state = table(3, seed=6)
    chooser = state.order[0][0]
    give(
        state,
        chooser,
        home="New Sparta",
        explored=["Rebel Miners", "Alien Robot Sentry"],
        colonists=2,
        credits=9,
    )
    choose(state, chooser, "settle")
    pick(state, "settle", by_name("Rebel Miners"))
    assert state.players[chooser].credits == 9


def test_contact_specialist_pays_defence_minus_one_but_not_for_alien_worlds() -> None:
    state = table(3, seed=7)
    chooser = state.order[0][0]
    outpost, warship = by_name("Rebel Outpost"), by_name("Lost Alien Warship")
    give(
        state,
        chooser,
        home="Old Earth",
        explored=[outpost, warship],
        developments=["Contact Specialist"],
        colonists=3,
        credits=4,
    )
    choose(state, chooser, "settle")
    offered = {d.args for d in state.legal_decisions() if d.kind == "settle"}
    assert (outpost, 1) in offered and (warship, 1) not in offered
    pick(state, "settle", outpost, 1)
    assert state.players[chooser].credits == 0  # defence 5 - 1


def test_terraforming_engineers_replace_a_colony_with_a_dearer_one_of_the_same_kind() -> None:
    state = table(3, seed=8)
    chooser = state.order[0][0]
    old, new = by_name("Artist Settlement"), by_name("Galactic Trendsetters")  # Novelty 1 -> 4
    too_dear = by_name("Galactic Studios")  # Novelty 5: +4 is too much
    other_kind = by_name("Volcanic World")
    give(
        state,
        chooser,
        home="Old Earth",
        colonies=[old],
        explored=[new, too_dear, other_kind],
        developments=["Terraforming Engineers"],
        colonists=0,
        credits=0,
    )
    # The next player has a real choice, so the action waits for them after the chooser.
    give(state, state.order[1][0], explored=["Devolved Uplift Race"], colonists=1)
    choose(state, chooser, "settle")
    upgrades = {d.args for d in state.legal_decisions() if d.kind == "upgrade"}
    assert upgrades == {(old, new)}
    pick(state, "upgrade", old, new)
    player = state.players[chooser]
    assert new in player.colonies and old not in player.colonies
    assert player.goods.get(new) == Kind.NOVELTY  # windfall colony gets its good
    # The replacement is not the player's Settle option: taking colonists was still due.
    assert player.colonists == 1 + 2
    assert state.to_move() == state.order[1][0]
    assert old not in state.bag  # back to the bag only after the whole action
    finish_action(state)
    assert old in state.bag


def test_dying_colony_replaces_itself_for_free_adding_a_missing_colonist() -> None:
    state = table(3, seed=9)
    chooser = state.order[0][0]
    dying, target = by_name("Dying Colony"), by_name("Mining World")  # 2 colonists, cost 3
    give(
        state,
        chooser,
        home="Old Earth",
        colonies=[dying],
        explored=[target],
        colonists=1,
        credits=0,
    )
    choose(state, chooser, "settle")
    pick(state, "replace", dying, target)
    player = state.players[chooser]
    # 1 + 1 bonus colonist, 1 more onto Mining World, then 2 taken as the Settle option.
    assert target in player.colonies and player.colonists == 3 and player.credits == 0
    finish_action(state)
    assert dying in state.bag


def test_colonist_shortage_gives_later_players_what_remains() -> None:
    state = table(3, seed=10)
    chooser, second, third = (d[0] for d in state.order)
    state.colonist_supply = 3
    give(state, chooser, explored=[], colonists=0)
    choose(state, chooser, "settle")  # bonus: 1 colonist, then the last 2; none for the others
    assert state.players[chooser].colonists == 3
    assert state.colonist_supply == 0
    assert state.players[second].colonists == 0 and state.players[third].colonists == 0


def test_the_colonist_supply_ends_the_game_only_at_the_end_of_a_settle_action() -> None:
    state = table(3, seed=11)
    chooser = state.order[0][0]
    state.colonist_supply = 4
    choose(state, chooser, "develop")
    finish_action(state)
    assert state.end_reasons == []
    choose(state, state.to_move(), "settle")
    finish_action(state)
    assert "colonists" in state.end_reasons


def test_eight_colonies_end_the_game_after_the_round() -> None:
    state = table(3, seed=12)
    chooser = state.order[0][0]
    six = [
        "Volcanic World",
        "Pre-Sentient Race",
        "Spice World",
        "New Vinland",
        "Galactic News Center",
        "Artist Settlement",
    ]
    give(state, chooser, colonies=six, explored=["Devolved Uplift Race"], colonists=1, credits=0)
    choose(state, chooser, "settle")
    pick(state, "settle", by_name("Devolved Uplift Race"))
    finish_action(state)
    assert "colonies" in state.end_reasons and not state.is_over()
