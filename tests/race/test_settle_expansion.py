"""Settle powers of the expansions (§B7): pay-for-military for Rebels and its discount (R18),
Imperium Cloaking Technology's conquest (R19), Hidden Fortress's Military (R21), hand cards
discarded for Military, Improved Logistics' second world, and the refusals naming each rule."""

from __future__ import annotations

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.race.rules import RaceGame, Step
from nfgalaxy.games.race.rules.common import PASS, PAY, PLACE, SETTLE_BY
from nfgalaxy.games.race.rules.military import military
from nfgalaxy.games.race.rules.settle import ways
from nfgalaxy.games.race.scoring import total_military
from nfgalaxy.games.race.state import Action
from tests.race.race_scenario import pick, refused, set_player
from tests.race.test_takeovers import RVI, A, B, at, events, position, start_settle


def way_costs(g: RaceGame, world: str, seat: int = A) -> dict[tuple[object, ...], int]:
    """Each way ``seat`` may place ``world`` now, as its decision arguments, with its cost."""
    return {w.args: w.cost for w in ways(g, g.players[seat], world)}


def game(tableau: list[str], hand: list[str], filler: int = 6, takeovers: bool = True) -> RaceGame:
    """A with this tableau after Old Earth and this hand (plus filler cards); B empty."""
    g = position({A: tableau, B: []}, takeovers=takeovers)
    set_player(g, A, hand=hand, filler=filler)
    return g


# ---------------------------------------------------------------- R18 pay-for-military


def test_r18_rebel_pact_alone_places_no_military_world_by_payment() -> None:
    g = game(["rebel_pact"], ["rebel_homeworld", "rebel_base"])
    assert way_costs(g, "rebel_homeworld") == {}
    assert way_costs(g, "rebel_base") == {}


def test_r18_rebel_alliance_and_rebel_pact_pay_defense_minus_2_minus_2() -> None:
    g = game(["rebel_alliance", "rebel_pact"], ["rebel_homeworld", "former_penal_colony"])
    assert way_costs(g, "rebel_homeworld") == {("pay_military",): 7 - 2 - 2}
    # Rebel Alliance pays for Rebel military worlds only; Former Penal Colony is not one.
    assert way_costs(g, "former_penal_colony") == {}


def test_r18_rebel_cantina_and_rebel_pact_pay_defense_minus_2_never_for_alien_goods() -> None:
    g = game(["rebel_pact"], ["rebel_base", "lost_alien_warship"])
    set_player(g, A, tableau=["rebel_cantina", "rebel_pact"])
    assert way_costs(g, "rebel_base") == {("pay_military",): 6 - 2}
    assert way_costs(g, "lost_alien_warship") == {}


def test_r18_contact_specialist_and_rebel_pact_pay_defense_minus_1_minus_2() -> None:
    g = game(["contact_specialist", "rebel_pact"], ["rebel_homeworld"])
    assert way_costs(g, "rebel_homeworld") == {("pay_military",): 7 - 1 - 2}


def test_r18_paid_rebel_homeworld_is_placed_for_three_cards() -> None:
    g = game(["rebel_alliance", "rebel_pact"], ["rebel_homeworld"], filler=4)
    start_settle(g, {A: Action.SETTLE})
    pick(g, PLACE, "rebel_homeworld")
    while at(g) == (Step.PAY, A):
        g.apply(g.legal_decisions()[0])
    assert events(g, "place") == [(A, ("rebel_homeworld", "pay_military"), (3,))]
    assert len(g.players[A].hand) == 4 - 3 + 1  # paid 3, Settle bonus


# ---------------------------------------------------------------- R19 Cloaking's conquest


def test_r19_cloaking_conquers_a_non_military_world_at_its_cost_minus_2() -> None:
    """A: total Military +4 and Imperium Cloaking Technology; Alien Robotic Factory (cost 6)
    is conquered at defense 4, no cards paid, Cloaking discarded."""
    g = game(
        ["drop_ships", "expedition_force", "imperium_cloaking_technology"],
        ["alien_robotic_factory"],
    )
    assert total_military(RVI, g.players[A].tableau) == 4
    costs = way_costs(g, "alien_robotic_factory")
    assert costs == {("pay",): 6, ("conquer", "imperium_cloaking_technology"): 0}
    start_settle(g, {A: Action.SETTLE})
    pick(g, PLACE, "alien_robotic_factory")
    hand = len(g.players[A].hand)
    pick(g, SETTLE_BY, "conquer", "imperium_cloaking_technology")
    a = g.players[A]
    assert "alien_robotic_factory" in a.tableau
    assert "imperium_cloaking_technology" not in a.tableau
    assert len(a.hand) == hand - 1 + 1  # the world placed, the Settle bonus drawn
    assert events(g, "place") == [(A, ("alien_robotic_factory", "conquer"), (0,))]


def test_r19_cloaking_needs_military_at_least_cost_minus_2() -> None:
    g = game(["drop_ships", "imperium_cloaking_technology"], ["alien_robotic_factory"], 0)
    assert way_costs(g, "alien_robotic_factory") == {}  # 3 < 4, and no card to pay 6


def test_r19_cloaking_is_no_pay_for_military_and_works_with_takeovers_off() -> None:
    g = game(
        ["drop_ships", "space_marines", "imperium_cloaking_technology", "contact_specialist"],
        ["alien_robotic_factory", "rebel_base"],
        takeovers=False,
    )
    assert ("conquer", "imperium_cloaking_technology") in way_costs(g, "alien_robotic_factory")
    # A military world: Cloaking never serves it; Contact Specialist pays 6 - 1.
    assert way_costs(g, "rebel_base") == {("pay_military",): 5}


# ---------------------------------------------------------------- R21 Hidden Fortress


def test_r21_hidden_fortress_gives_plus_1_per_military_world_itself_included() -> None:
    g = game(["hidden_fortress", "rebel_miners", "outlaw_world"], ["pirate_world"])
    a = g.players[A]
    assert total_military(RVI, a.tableau) == 3
    assert military(g, a, RVI["pirate_world"]) == 3
    assert ("conquer",) in way_costs(g, "pirate_world")  # defense 3


def test_r21_a_military_world_placed_this_phase_adds_to_hidden_fortress_from_the_next() -> None:
    g = game(["hidden_fortress", "improved_logistics"], ["rebel_fuel_cache", "outlaw_world"])
    start_settle(g, {A: Action.SETTLE})
    pick(g, PLACE, "rebel_fuel_cache")  # defense 1: conquered with +1
    a = g.players[A]
    assert military(g, a, RVI["outlaw_world"]) == 1  # not yet +2
    assert total_military(RVI, a.tableau) == 2  # the total counts every military world


# ---------------------------------------------------------------- hand cards for Military


def test_hand_cards_discarded_for_military_are_part_of_the_conquest() -> None:
    """Space Mercenaries (+1, up to 2 hand cards for +1 each): Former Penal Colony (defense 2)
    takes 1 hand card, Rebel Warrior Race (3) 2, Rebel Colony (4) cannot be had."""
    g = game(["space_mercenaries"], ["former_penal_colony", "rebel_warrior_race", "rebel_colony"])
    assert way_costs(g, "former_penal_colony") == {("conquer", 1): 0}
    assert way_costs(g, "rebel_warrior_race") == {("conquer", 2): 0}
    assert way_costs(g, "rebel_colony") == {}
    start_settle(g, {A: Action.SETTLE})
    pick(g, PLACE, "rebel_warrior_race")
    a = g.players[A]
    hand = len(a.hand)
    assert events(g, "hand_military") == [(A, (), (2, 2))]
    assert at(g) == (Step.PAY, A)
    assert all(d.label.startswith("Discard for Military") for d in g.legal_decisions())
    chosen = sorted(set(a.hand) - {"rebel_warrior_race"})[:2]
    for card in chosen:
        pick(g, PAY, card)
    assert len(a.hand) == hand - 2 + 1  # the two chosen, then the Settle bonus
    assert a.hand_military == {} and a.military_temp == 0  # the phase is over


def test_hand_military_never_uses_the_world_being_placed() -> None:
    g = game(["space_mercenaries"], ["former_penal_colony"], filler=0)
    assert way_costs(g, "former_penal_colony") == {}  # the only hand card is the world


def test_hand_military_powers_add_up() -> None:
    """Primitive Rebel World and Rebel Convict Mines (1 card each) with Mercenary Fleet (+2,
    2 cards): Rebel Base (defense 6) is conquered with Military 2 and 4 hand cards."""
    g = game(["mercenary_fleet", "primitive_rebel_world", "rebel_convict_mines"], ["rebel_base"])
    assert military(g, g.players[A], RVI["rebel_base"]) == 2
    assert way_costs(g, "rebel_base") == {("conquer", 4): 0}  # 2 + 4 >= 6


# ---------------------------------------------------------------- Improved Logistics


def test_improved_logistics_places_a_second_world_after_the_first() -> None:
    """A (Military 2, New Military Tactics) conquers Rebel Warrior Race (defense 3) with
    New Military Tactics, then, as a second world, Rebel Outpost (defense 5): the +3 lasts to
    the end of the phase. One Settle bonus."""
    g = game(
        ["improved_logistics", "space_marines", "new_military_tactics"],
        ["rebel_warrior_race", "rebel_outpost"],
        filler=2,
    )
    assert way_costs(g, "rebel_outpost") == {("conquer", "new_military_tactics"): 0}
    start_settle(g, {A: Action.SETTLE})
    pick(g, PLACE, "rebel_warrior_race")  # conquered with New Military Tactics: the only way
    assert events(g, "tableau_discard") == [(A, ("new_military_tactics",), ())]
    a = g.players[A]
    assert at(g) == (Step.SECOND_WORLD, A)
    assert {d.args for d in g.legal_decisions()} == {(), ("rebel_outpost",)}
    hand = len(a.hand)
    pick(g, PLACE, "rebel_outpost")  # 2 + 3 >= 5: the only way
    assert {"rebel_warrior_race", "rebel_outpost"} <= set(a.tableau)
    assert len(a.hand) == hand - 1  # no second Settle bonus
    assert [e[1][0] for e in events(g, "place")] == ["rebel_warrior_race", "rebel_outpost"]


def test_without_improved_logistics_there_is_no_second_world() -> None:
    g = game(["space_marines"], ["rebel_fuel_cache", "outlaw_world"], filler=1)
    start_settle(g, {A: Action.SETTLE})
    pick(g, PLACE, "rebel_fuel_cache")
    assert g.queue[0][0] != Step.SECOND_WORLD
    assert "outlaw_world" in g.players[A].hand


def test_a_second_world_may_be_declined() -> None:
    g = game(["improved_logistics", "space_marines"], ["rebel_fuel_cache", "outlaw_world"], 1)
    start_settle(g, {A: Action.SETTLE})
    pick(g, PLACE, "rebel_fuel_cache")
    assert at(g) == (Step.SECOND_WORLD, A)
    assert refused(g, PLACE, "rebel_base").rule == "§9.2, §B6.3"
    pick(g, PASS)
    assert "outlaw_world" in g.players[A].hand


# ---------------------------------------------------------------- refusals


def waiting_to_place(g: RaceGame, world: str) -> None:
    """A revealed ``world`` waits for A to choose how to place it (the step the reveal
    queues), so that a refusal can be asked for whatever ways the world has."""
    start_settle(g, {A: Action.SETTLE})
    g.queue.insert(0, [Step.SETTLE_PLACE, A, world])
    g._legal = None


def test_settle_refusals_name_the_rule() -> None:
    """Contact Specialist (-1), Space Mercenaries (+1, 2 cards), Primitive Rebel World (1
    card): Former Penal Colony (defense 2) takes 2 hand cards, or pays 2 - 1."""
    g = game(
        [
            "contact_specialist",
            "space_mercenaries",
            "primitive_rebel_world",
            "imperium_cloaking_technology",
        ],
        ["former_penal_colony", "alien_robotic_factory"],
    )
    assert way_costs(g, "former_penal_colony") == {("conquer", 2): 0, ("pay_military",): 1}
    waiting_to_place(g, "former_penal_colony")
    cases = {
        ("conquer", 3): "§9.3, §B7",  # more hand cards than the conquest needs
        ("conquer", 4): "§B7",  # more than the powers allow
        ("conquer", "imperium_cloaking_technology"): "§B7",  # non-military worlds only
        ("conquer", 1): "§9.3",  # too little Military
    }
    for args, rule in cases.items():
        assert refused(g, SETTLE_BY, *args).rule == rule, args
    g.queue[0][2] = "alien_robotic_factory"
    g._legal = None
    assert refused(g, SETTLE_BY, "conquer").rule == "§9.1, §B7"  # needs Cloaking


def test_rebel_alliance_is_refused_for_a_world_that_is_not_rebel() -> None:
    g = game(["rebel_alliance", "space_marines"], ["former_penal_colony"])
    waiting_to_place(g, "former_penal_colony")
    refusal = refused(g, SETTLE_BY, "pay_military")
    assert refusal.rule == "§B7" and "Rebel" in refusal.message


def test_rebel_pact_alone_is_refused_as_no_pay_for_military_power() -> None:
    g = game(["rebel_pact", "space_marines"], ["rebel_fuel_cache"])
    waiting_to_place(g, "rebel_fuel_cache")
    refusal = refused(g, SETTLE_BY, "pay_military")
    assert refusal.rule == "§B7" and "Rebel Pact" in refusal.message
    assert Decision(SETTLE_BY, ("conquer",)) in g.legal_decisions()
