"""Develop (§8) and Settle (§9): secret placement, payment, reductions, Military, pay-for-military
and Colony Ship. Examples B7–B15 and B36 of the rules spec."""

from __future__ import annotations

from race_scenario import (
    CARDS,
    A,
    B,
    conserved,
    offered,
    pick,
    refused,
    reveal,
    set_player,
    set_tableaux,
    table,
)

from nfgalaxy.games.race.rules import RaceGame, Step
from nfgalaxy.games.race.rules.common import PASS, PLACE, SETTLE_BY
from nfgalaxy.games.race.rules.settle import military, ways
from nfgalaxy.games.race.scoring import total_military
from nfgalaxy.games.race.state import Action


def game(tableau: list[str], hand: list[str], filler: int = 0, seed: int = 1) -> RaceGame:
    g = table(players=2, seed=seed)
    set_tableaux(g, {A: tableau, B: ["new_sparta"] if "new_sparta" not in tableau else []})
    set_player(g, A, hand=hand, filler=filler)
    return g


def way_costs(g: RaceGame, world: str) -> dict[tuple[str, tuple[str, ...]], int]:
    return {(w.mode, w.spent): w.cost for w in ways(g, g.players[A], world)}


def pay_all(g: RaceGame) -> None:
    while g.queue and g.queue[0][0] == Step.PAY:
        g.apply(g.legal_decisions()[0])


# --------------------------------------------------------------------------- Develop


def test_b7_no_power_in_the_phase_of_its_own_placement() -> None:
    g = game(["old_earth"], ["public_works", "space_marines"], filler=4)
    reveal(g, {A: Action.DEVELOP})
    pick(g, PLACE, "public_works")  # 1 - 1 (bonus) = 0
    a = g.players[A]
    assert len(a.hand) == 5
    assert not any("(Public Works)" in line for line in g.log)
    while g.queue[0][0] != Step.CHOOSE_ACTION:
        g.apply(g.legal_decisions()[0])
    reveal(g, {A: Action.DEVELOP})
    hand = len(a.hand)
    pick(g, PLACE, "space_marines")
    pay_all(g)
    # Space Marines (2 - 1 bonus = 1 card) placed and paid, then Public Works draws 1.
    assert len(a.hand) == hand - 1 - 1 + 1
    assert any(line.endswith("draws 1 card (Public Works).") for line in g.log)
    assert conserved(g)


def test_b8_cost_never_below_zero_and_no_refund() -> None:
    g = game(["old_earth", "investment_credits"], ["export_duties"], filler=2)
    reveal(g, {A: Action.DEVELOP})
    pick(g, PLACE, "export_duties")
    assert g.players[A].owed == 0
    assert len(g.players[A].hand) == 2


def test_develop_same_name_as_one_in_the_tableau_is_refused() -> None:
    g = game(["old_earth", "space_marines"], ["space_marines", "drop_ships"], filler=5)
    reveal(g, {A: Action.DEVELOP})
    assert ("drop_ships",) in offered(g, PLACE)
    assert ("space_marines",) not in offered(g, PLACE)
    refusal = refused(g, PLACE, "space_marines")
    assert refusal.rule == "§8.3" and "same name" in refusal.message


def test_develop_needs_enough_other_cards_to_pay() -> None:
    g = game(["old_earth"], ["drop_ships", "export_duties"], filler=1)
    reveal(g, {A: Action.DEVELOP})
    # Drop Ships costs 4 - 1 = 3 with 2 other cards: not offered; Export Duties is.
    assert offered(g, PLACE) == [("export_duties",)]
    assert refused(g, PLACE, "drop_ships").rule == "§8.4"


def test_placement_choice_is_secret_until_the_reveal() -> None:
    g = table(players=2, seed=12)
    set_tableaux(g, {A: ["old_earth"], B: ["new_sparta"]})
    set_player(g, A, hand=["export_duties"], filler=2)
    set_player(g, B, hand=["space_marines"], filler=3)
    reveal(g, {A: Action.DEVELOP, B: Action.DEVELOP})
    first = g.to_move()
    other = g.clone()
    hand = len(g.players[first].hand)
    pick(g, PLACE, offered(g, PLACE)[0][0])
    pick(other, PASS)
    assert len(g.players[first].hand) == hand  # the chosen card stays in hand until revealed
    assert g.log[-1] == f"{g.name(first)} has chosen."
    assert [d.label for d in g.legal_decisions()] == [d.label for d in other.legal_decisions()]


def test_a_player_with_nothing_to_place_is_still_asked_so_nobody_learns_it() -> None:
    """§8.2: everyone chooses behind the screen. A player whose hand holds nothing placeable
    is asked too (only Pass is offered); were the engine to pass for them, the next player
    would learn from being asked at once that the first had nothing to develop."""
    g = table(players=2, seed=12)
    set_tableaux(g, {A: ["old_earth"], B: ["new_sparta"]})
    set_player(g, A, hand=["alien_robot_sentry"])  # worlds only: nothing to develop
    set_player(g, B, hand=["asteroid_belt"])
    g.queue = [[Step.REVEAL_ACTIONS, -1, 0]]
    for p in g.players:
        p.actions = [Action.DEVELOP.value]
    g._legal = None
    g._advance()
    for seat in g.order:
        assert (g.queue[0][0], g.to_move()) == (Step.CHOOSE_PLACEMENT, seat)
        assert [d.kind for d in g.legal_decisions()] == [PASS]
        before = len(g.log)
        g.apply(g.legal_decisions()[0])
        assert g.log[before] == f"{g.name(seat)} has chosen."
    assert g.queue[0][0] != Step.CHOOSE_PLACEMENT


# --------------------------------------------------------------------------- Settle


def test_b9_an_optional_power_becomes_mandatory() -> None:
    g = game(["old_earth", "colony_ship"], ["new_earth"], filler=2)
    assert way_costs(g, "new_earth") == {("pay", ("colony_ship",)): 0}
    reveal(g, {A: Action.PRODUCE, B: Action.SETTLE})  # no Settle bonus for A
    pick(g, PLACE, "new_earth")  # the only way to place it is forced
    a = g.players[A]
    assert a.tableau == ["old_earth", "new_earth"]
    assert "colony_ship" in g.discards and len(a.hand) == 2
    assert conserved(g)


def test_b10_conquest_windfall_good_and_settle_bonus() -> None:
    g = game(["new_sparta"], ["former_penal_colony"], filler=1)
    reveal(g, {A: Action.SETTLE})
    pick(g, PLACE, "former_penal_colony")
    a = g.players[A]
    assert a.tableau == ["new_sparta", "former_penal_colony"]
    assert "former_penal_colony" in a.goods  # its windfall good
    assert len(a.hand) == 1 + 1  # nothing paid; 1 card from the Settle bonus
    # Its own +1 counts from the next phase on: +3 against a later military world.
    assert military(g, a, CARDS["rebel_base"]) == 2 + 1
    assert conserved(g)


def test_b11_negative_military_is_mandatory() -> None:
    g = game(["new_sparta", "empath_world"], ["outlaw_world", "alien_robot_sentry"], filler=2)
    assert way_costs(g, "outlaw_world") == {("conquer", ()): 0}
    assert way_costs(g, "alien_robot_sentry") == {}
    reveal(g, {A: Action.SETTLE})
    assert offered(g, PLACE) == [("outlaw_world",)]
    refusal = refused(g, PLACE, "alien_robot_sentry")
    assert refusal.rule == "§9.1, §9.3"


def test_b12_new_military_tactics_is_discarded_for_plus_three() -> None:
    g = game(["new_sparta", "new_military_tactics"], ["rebel_outpost"], filler=1)
    assert way_costs(g, "rebel_outpost") == {("conquer", ("new_military_tactics",)): 0}
    reveal(g, {A: Action.PRODUCE, B: Action.SETTLE})
    pick(g, PLACE, "rebel_outpost")
    a = g.players[A]
    assert a.tableau == ["new_sparta", "rebel_outpost"]
    assert "new_military_tactics" in g.discards
    assert f"{g.name(A)} discards New Military Tactics from their tableau." in g.log
    assert total_military(CARDS, a.tableau) == 2 + 1  # the +3 is gone with the card


def test_new_military_tactics_may_be_discarded_when_paying_for_a_world() -> None:
    # §9.3: a "may" power that needs no conquest; the +3 then goes unused.
    g = game(["old_earth", "new_military_tactics"], ["artist_colony"], filler=1)
    assert way_costs(g, "artist_colony") == {("pay", ()): 1, ("pay", ("new_military_tactics",)): 1}
    # With Contact Specialist a military world paid for, too (§9.4).
    g = game(["old_earth", "contact_specialist", "new_military_tactics"], ["rebel_base"], 5)
    assert way_costs(g, "rebel_base") == {
        ("pay_military", ()): 5,
        ("pay_military", ("new_military_tactics",)): 5,
    }


def eleven_cards_and_a_world_to_pay_for() -> RaceGame:
    """A tableau of 11 cards, New Military Tactics among them, and a world costing 1 in hand:
    placing it makes 12, which ends the game after the round (§16)."""
    tableau = ["old_earth", "new_military_tactics", "destroyed_world", "asteroid_belt"]
    tableau += ["gem_world", "pre_sentient_race", "radioactive_world", "comet_zone"]
    tableau += ["mining_world", "deserted_alien_outpost", "alien_robotic_factory"]
    g = game(tableau, ["artist_colony"], filler=1)
    reveal(g, {A: Action.SETTLE, B: Action.PRODUCE})
    pick(g, PLACE, "artist_colony")
    return g


def play_out_the_round(g: RaceGame) -> None:
    while not g.is_over() and g.queue[0][0] != Step.CHOOSE_ACTION:
        g.apply(g.legal_decisions()[0])


def test_new_military_tactics_discarded_while_paying_keeps_the_tableau_under_twelve() -> None:
    """§14 (seed 004): with New Military Tactics in play the others need to know whether it is
    discarded, or whether a twelfth card ends the game after this round."""
    g = eleven_cards_and_a_world_to_pay_for()
    assert sorted(offered(g, SETTLE_BY)) == [("pay",), ("pay", "new_military_tactics")]
    pick(g, SETTLE_BY, "pay", "new_military_tactics")
    pay_all(g)
    a = g.players[A]
    assert len(a.tableau) == 11 and "new_military_tactics" in g.discards
    assert f"{g.name(A)} discards New Military Tactics from their tableau." in g.log
    play_out_the_round(g)
    assert not g.is_over()
    g = eleven_cards_and_a_world_to_pay_for()
    pick(g, SETTLE_BY, "pay")
    pay_all(g)
    play_out_the_round(g)
    assert g.is_over() and len(g.players[A].tableau) == 12


def test_b13_contact_specialist_with_other_discounts() -> None:
    tableau = ["old_earth", "contact_specialist", "replicant_robots", "mining_robots"]
    tableau.append("space_marines")
    g = game(tableau, ["rebel_base", "rebel_miners", "lost_alien_warship"], filler=4)
    assert military(g, g.players[A], CARDS["rebel_base"]) == 1
    assert way_costs(g, "rebel_base") == {("pay_military", ()): 6 - 1 - 2}
    assert way_costs(g, "rebel_miners") == {("pay_military", ()): 0}
    assert way_costs(g, "lost_alien_warship") == {}


def test_b14_colony_ship_with_contact_specialist() -> None:
    tableau = ["old_earth", "contact_specialist", "colony_ship"]
    g = game(tableau, ["rebel_homeworld"], filler=2)
    assert way_costs(g, "rebel_homeworld") == {("pay_military", ("colony_ship",)): 0}
    reveal(g, {A: Action.PRODUCE, B: Action.SETTLE})
    pick(g, PLACE, "rebel_homeworld")
    a = g.players[A]
    assert "rebel_homeworld" in a.tableau and "colony_ship" not in a.tableau
    assert len(a.hand) == 2
    # A military world with Alien goods is never paid for.
    g = game(tableau, ["lost_alien_warship"], filler=8)
    assert way_costs(g, "lost_alien_warship") == {}


def test_b15_colony_ship_and_alien_cards() -> None:
    g = game(["old_earth", "colony_ship"], ["alien_rosetta_stone_world"], filler=1)
    assert way_costs(g, "alien_rosetta_stone_world") == {("pay", ("colony_ship",)): 0}
    g = game(["old_earth", "colony_ship"], ["deserted_alien_colony"], filler=5)
    assert way_costs(g, "deserted_alien_colony") == {("pay", ()): 5}


def test_b36_alpha_centauri_cost_or_military_for_rare_worlds() -> None:
    g = game(["alpha_centauri"], ["asteroid_belt", "rebel_fuel_cache", "rebel_miners"], 2)
    assert way_costs(g, "asteroid_belt") == {("pay", ()): 1}
    assert way_costs(g, "rebel_fuel_cache") == {("conquer", ()): 0}
    assert way_costs(g, "rebel_miners") == {}
    assert total_military(CARDS, ["alpha_centauri"]) == 0


def test_settle_military_world_needs_military_at_least_defense() -> None:
    g = game(["new_sparta"], ["rebel_miners", "pirate_world"], filler=4)
    assert way_costs(g, "rebel_miners") == {("conquer", ()): 0}
    assert way_costs(g, "pirate_world") == {}
    reveal(g, {A: Action.SETTLE})
    assert refused(g, PLACE, "pirate_world").rule == "§9.1, §9.3"


def test_settle_way_refused_when_it_does_not_work() -> None:
    g = game(["new_sparta", "contact_specialist"], ["rebel_miners"], filler=4)
    # Military 2 - 1 = 1 < 2: only pay-for-military (2 - 1 = 1 card) works.
    reveal(g, {A: Action.SETTLE})
    pick(g, PLACE, "rebel_miners")
    assert g.queue[0][:2] == [Step.PAY, A] and g.players[A].owed == 1
    g = game(["new_sparta", "contact_specialist", "space_marines"], ["rebel_miners"], filler=4)
    reveal(g, {A: Action.SETTLE})
    pick(g, PLACE, "rebel_miners")
    assert sorted(offered(g, SETTLE_BY)) == [("conquer",), ("pay_military",)]
    assert refused(g, SETTLE_BY, "pay").rule == "§9.1"
    pick(g, SETTLE_BY, "conquer")
    assert g.players[A].owed == 0 and "rebel_miners" in g.players[A].tableau


def test_b30_revealed_worlds_are_placed_one_by_one_in_player_order() -> None:
    g = table(players=2, seed=14)
    military = ["contact_specialist", "space_marines"]
    set_tableaux(g, {A: ["new_sparta", *military], B: ["epsilon_eridani", *military]})
    set_player(g, A, hand=["rebel_miners"], filler=3)
    set_player(g, B, hand=["rebel_fuel_cache"], filler=3)
    reveal(g, {A: Action.SETTLE, B: Action.SETTLE})
    first, second = g.order
    for seat in g.order:
        pick(g, PLACE, "rebel_miners" if seat == A else "rebel_fuel_cache")
    # Both could conquer or pay: the first in order decides and places before the second.
    assert g.queue[0][:2] == [Step.SETTLE_PLACE, first]
    pick(g, SETTLE_BY, "conquer")
    assert g.queue[0][:2] == [Step.SETTLE_PLACE, second]
    assert any(line.startswith(f"{g.name(first)} conquers") for line in g.log)
