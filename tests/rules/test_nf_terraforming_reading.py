"""Terraforming Engineers and the home colony (issue 17, point 15; rules §10, §16 item 9).

Whether the home colony may be replaced is not stated. The seed says home colonies are treated
as normal colonies by every rule, ability and effect ("Heimatkolonien werden in Bezug auf alle
Regeln, Fähigkeiten und Effekte als normale Kolonien behandelt", rules §1), and none of the
Terraforming Engineers rulings makes an exception, so the chosen reading is: a non-military home
colony may be replaced like any other colony. Being printed on the empire mat, it cannot go back
to the bag: the new world covers it for the rest of the game.
"""

from __future__ import annotations

from pathlib import Path

from scenario import by_name, choose, give, pick, table
from test_settle import finish_action

from nfgalaxy.games import new_frontiers
from nfgalaxy.games.new_frontiers.components import Kind
from nfgalaxy.games.new_frontiers.invariants import problems


def test_terraforming_engineers_may_replace_a_non_military_home_colony() -> None:
    state = table(3, seed=8)
    chooser = state.order[0][0]
    home = by_name("Alpha Centauri")  # Rare Elements, printed cost 2, windfall
    new = by_name("Comet Zone")  # Rare Elements, cost 3
    too_dear = by_name("Imperium Blaster Gem Consortium")  # Rare Elements, cost 6: +4
    give(
        state,
        chooser,
        home="Alpha Centauri",
        explored=[new, too_dear],
        developments=["Terraforming Engineers"],
        goods={"Alpha Centauri": Kind.RARE},
        colonists=0,
        credits=0,
    )
    give(state, state.order[1][0], explored=["Devolved Uplift Race"], colonists=1)
    # ``give`` sets colonists by hand, so the table starts off balance: the replacement must
    # not add to that (a home colony in the bag would break the count of worlds).
    before = problems(state)
    choose(state, chooser, "settle")
    upgrades = {d.args for d in state.legal_decisions() if d.kind == "upgrade"}
    assert upgrades == {(home, new)}
    supply_before = state.goods_supply[int(Kind.RARE)]
    pick(state, "upgrade", home, new)
    player = state.players[chooser]
    assert player.colonies[0] == new and home not in player.colonies
    assert len(player.colonies) == 1  # still one colony: the home colony's place is taken
    assert home not in player.goods
    finish_action(state)
    # Printed on the empire mat: never into the bag; its good goes to the supply (§16 item 9).
    assert home not in state.bag
    assert state.goods_supply[int(Kind.RARE)] == supply_before + 1
    assert problems(state) == before


def test_a_gray_home_colony_is_replaced_only_by_a_gray_world_costing_0_to_3_more() -> None:
    state = table(3, seed=8)
    chooser = state.order[0][0]
    home = by_name("Old Earth")  # gray, printed cost 3
    gray = by_name("Terraformed World")  # gray, cost 5
    cheaper = by_name("Abandoned Alien Uplift Camp")  # gray, cost 1: lower, refused
    novelty = by_name("Galactic Trendsetters")  # not gray
    give(
        state,
        chooser,
        home="Old Earth",
        explored=[gray, cheaper, novelty],
        developments=["Terraforming Engineers"],
        colonists=2,
        credits=0,
    )
    give(state, state.order[1][0], explored=["Devolved Uplift Race"], colonists=1)
    choose(state, chooser, "settle")
    upgrades = {d.args for d in state.legal_decisions() if d.kind == "upgrade"}
    assert upgrades == {(home, gray)}


def test_a_military_home_colony_cannot_be_replaced() -> None:
    state = table(3, seed=8)
    chooser = state.order[0][0]
    give(
        state,
        chooser,
        home="New Sparta",  # military, gray
        explored=["Terraformed World"],
        developments=["Terraforming Engineers"],
        colonists=2,
        credits=0,
    )
    give(state, state.order[1][0], explored=["Devolved Uplift Race"], colonists=1)
    choose(state, chooser, "settle")
    assert not [d for d in state.legal_decisions() if d.kind == "upgrade"]


def test_a_save_from_before_this_reading_plays_on_without_it() -> None:
    """Saves without a revision keep revision 1, played before this reading: their decisions
    replay as they were made (see test_nf_worked_examples_data.py)."""
    state = table(3, seed=8)
    chooser = state.order[0][0]
    state.options["revision"] = 1
    give(
        state,
        chooser,
        home="Old Earth",
        explored=["Terraformed World"],
        developments=["Terraforming Engineers"],
        colonists=2,
        credits=0,
    )
    give(state, state.order[1][0], explored=["Devolved Uplift Race"], colonists=1)
    choose(state, chooser, "settle")
    assert not [d for d in state.legal_decisions() if d.kind == "upgrade"]


def test_the_help_states_the_reading() -> None:
    help_text = (Path(new_frontiers.__file__).parent / "ui" / "help.md").read_text()
    rulings = help_text.split("## Rulings", 1)[1].split("\n## ", 1)[0]
    assert "Terraforming Engineers" in rulings and "home colony" in rulings
