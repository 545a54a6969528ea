"""Develop (§5.2, WE-3) and Explore (§5.3, WE-9), with the 9-world limit."""

from __future__ import annotations

import pytest
from scenario import by_name, choose, give, pick, table
from test_settle import finish_action

from nfgalaxy.core import Decision, IllegalDecision


def test_we3_the_chooser_pays_one_less_and_everyone_else_the_printed_cost() -> None:
    state = table(3, seed=1)
    chooser, other, _ = (d[0] for d in state.order)
    give(state, chooser, credits=5)
    give(state, other, credits=5)
    choose(state, chooser, "develop")
    pick(state, "buy", by_name("Space Marines"))  # cost 2
    assert state.players[chooser].credits == 4
    pick(state, "buy", by_name("Space Marines"))
    assert state.players[other].credits == 3


def test_develop_discounts_stack_but_never_below_zero() -> None:
    state = table(3, seed=2)
    chooser = state.order[0][0]
    give(state, chooser, home="Galactic Developers", developments=["Investment Credits"], credits=0)
    choose(state, chooser, "develop")
    offered = {d.args[0]: d.label for d in state.legal_decisions() if d.kind == "buy"}
    assert "$0" in offered[by_name("Space Marines")]  # 2 - 1 - 1 - 1 -> 0, not -1
    pick(state, "buy", by_name("Space Marines"))
    assert state.players[chooser].credits == 0


def test_a_development_already_owned_cannot_be_bought_again() -> None:
    state = table(3, seed=3)
    chooser = state.order[0][0]
    give(state, chooser, developments=["Space Marines"], credits=9)
    choose(state, chooser, "develop")
    assert by_name("Space Marines") not in {
        d.args[0] for d in state.legal_decisions() if d.kind == "buy"
    }
    with pytest.raises(IllegalDecision) as error:
        state.apply(Decision("buy", (by_name("Space Marines"),)))
    assert "no duplicates" in error.value.rule


def test_an_empty_stack_cannot_be_bought() -> None:
    state = table(2, seed=4)  # one tile per small stack with 2 players
    chooser, other = state.order[0][0], state.order[1][0]
    give(state, chooser, credits=9)
    give(state, other, credits=9)
    choose(state, chooser, "develop")
    pick(state, "buy", by_name("Space Marines"))
    with pytest.raises(IllegalDecision) as error:
        state.apply(Decision("buy", (by_name("Space Marines"),)))
    assert "supply" in error.value.rule


def test_a_new_development_does_not_discount_itself() -> None:
    state = table(3, seed=5)
    chooser = state.order[0][0]
    give(state, chooser, credits=2)
    choose(state, chooser, "develop")
    pick(state, "buy", by_name("Investment Credits"))  # 3 - 1 (bonus) = 2
    assert state.players[chooser].credits == 0


def test_nine_cost_developments_take_two_slots_and_eleven_slots_end_the_game() -> None:
    state = table(3, seed=6)
    chooser = state.order[0][0]
    nine = [d for d in state.supply if state.tiles.developments[d].large]
    small = [d for d in state.supply if not state.tiles.developments[d].large][:9]
    give(state, chooser, developments=small, credits=20)
    choose(state, chooser, "develop")
    pick(state, "buy", nine[0])
    assert state.players[chooser].slots_used(state.tiles) == 11
    finish_action(state)
    assert "developments" in state.end_reasons and not state.is_over()


def test_we9_exploration_draws_happen_right_after_each_players_pick() -> None:
    state = table(3, seed=7)
    chooser, second, third = (d[0] for d in state.order)
    for seat in (chooser, second, third):  # home colonies without Explore abilities
        give(state, seat, home="Old Earth")
    give(state, chooser, developments=["Survey Team"])
    give(state, second, developments=["Survey Team"])
    bag_before = len(state.bag)
    choose(state, chooser, "explore")
    assert len(state.display) == 7 and len(state.bag) == bag_before - 7
    state.apply(state.legal_decisions()[0])
    assert len(state.players[chooser].explored) == 1  # no draw yet for the chooser
    state.apply(state.legal_decisions()[0])
    assert len(state.players[second].explored) == 2  # pick + draw at once
    assert len(state.display) == 5  # unpicked worlds still on the table
    state.apply(state.legal_decisions()[0])
    assert len(state.players[third].explored) == 1
    state.apply(state.legal_decisions()[0])  # the chooser's bonus pick, then its draw
    assert len(state.players[chooser].explored) == 3
    assert state.display == []
    # 4 worlds taken from the display and 2 drawn from the bag; 3 unpicked went back.
    assert len(state.bag) == bag_before - 4 - 2


def test_homesteading_pioneers_gains_a_colonist_when_exploring() -> None:
    state = table(3, seed=8)
    chooser, other, _ = (d[0] for d in state.order)
    give(state, other, developments=["Homesteading Pioneers"], colonists=0)
    choose(state, chooser, "explore")
    finish_action(state)
    assert state.players[other].colonists == 1


def test_nine_world_limit_returns_explored_worlds_of_the_players_choice() -> None:
    state = table(3, seed=9)
    chooser = state.order[0][0]
    colonies = ["Volcanic World", "Pre-Sentient Race", "Spice World", "New Vinland"]
    explored = ["Asteroid Belt", "Artist Settlement", "Galactic News Center", "Comet Zone"]
    give(state, chooser, colonies=colonies, explored=explored)
    assert state.players[chooser].world_count() == 9
    choose(state, chooser, "explore")
    while state.queue[0][0] != "limit" or state.to_move() != chooser:
        state.apply(state.legal_decisions()[0])
    returns = [d for d in state.legal_decisions() if d.kind == "return"]
    assert {d.args[0] for d in returns} == set(state.players[chooser].explored)
    keep = by_name("Asteroid Belt")
    while state.to_move() == chooser and state.queue[0][0] == "limit":
        choice = next(d for d in state.legal_decisions() if d.args[0] != keep)
        state.apply(choice)
    assert state.players[chooser].world_count() == 9
    assert keep in state.players[chooser].explored
