"""The round (§6), Explore (§7), the hand limit (§12) and the game end (§16).

Examples B1, B5, B6, B27, B28 and B29 of the rules spec.
"""

from __future__ import annotations

from race_scenario import (
    A,
    B,
    C,
    conserved,
    offered,
    pick,
    refused,
    reveal,
    set_player,
    set_tableaux,
    table,
)

from nfgalaxy.games.race.rules import Step
from nfgalaxy.games.race.rules.common import ACTION, DISCARD, KEEP, PAY, PLACE
from nfgalaxy.games.race.state import Action


def test_action_choice_is_secret_until_the_reveal() -> None:
    g = table(players=3, seed=5)
    first = g.to_move()
    assert len(offered(g, ACTION)) == 7
    before = len(g.log)
    pick(g, ACTION, Action.SETTLE.value)
    second = g.to_move()
    assert second != first
    assert g.log[before:] == [f"{g.name(first)} has chosen."]
    # What the next player is offered does not depend on the first one's choice.
    other = table(players=3, seed=5)
    pick(other, ACTION, Action.PRODUCE.value)
    assert [d.label for d in g.legal_decisions()] == [d.label for d in other.legal_decisions()]
    assert "settle" not in " ".join(g.log[before:]).lower()


def test_unknown_action_is_refused_naming_the_rule() -> None:
    g = table()
    assert refused(g, ACTION, "takeover").rule == "§6.1"


def test_b1_only_chosen_phases_happen_and_the_develop_bonus_lowers_the_cost() -> None:
    g = table(players=2, seed=3)
    set_tableaux(g, {A: ["old_earth"], B: ["new_sparta"]})
    set_player(g, A, hand=["drop_ships"], filler=5)
    set_player(g, B, hand=["replicant_robots"], filler=5)
    reveal(g, {A: Action.DEVELOP, B: Action.PRODUCE})
    assert g.phases == ["develop", "produce"]
    pick(g, PLACE, "drop_ships")
    pick(g, PLACE, "replicant_robots")
    a, b = g.players[A], g.players[B]
    assert g.queue[0][:2] == [Step.PAY, A] and a.owed == 4 - 1
    while g.queue[0][0] == Step.PAY:
        g.apply(g.legal_decisions()[0])
    assert (len(a.hand), len(b.hand)) == (2, 1)
    assert "drop_ships" in a.tableau and "replicant_robots" in b.tableau
    assert not any("explores" in line or "Phase: Settle" in line for line in g.log)
    assert conserved(g)


def test_b5_explore_bonuses_draw_everything_before_anyone_keeps() -> None:
    g = table(players=3, seed=8)
    set_tableaux(g, {A: ["old_earth"], B: ["new_sparta"], C: ["epsilon_eridani"]})
    deck, pile = len(g.deck), len(g.discards)
    reveal(g, {A: Action.EXPLORE_5, B: Action.EXPLORE_1_1, C: Action.DEVELOP})
    counts = {g.players[s].seat: (len(g.players[s].explored), g.players[s].keep) for s in (A, B, C)}
    assert counts == {A: (7, 1), B: (3, 2), C: (2, 1)}
    assert len(g.deck) == deck - 12
    while g.queue[0][0] == Step.EXPLORE_KEEP:
        g.apply(g.legal_decisions()[0])
    assert [len(g.players[s].hand) for s in (A, B, C)] == [1, 2, 1]
    assert len(g.discards) == pile + 8
    assert conserved(g)


def test_b6_explore_power_works_without_choosing_explore() -> None:
    g = table(players=2, seed=4)
    set_tableaux(g, {A: ["old_earth", "galactic_renaissance"], B: ["new_sparta"]})
    reveal(g, {A: Action.SETTLE, B: Action.EXPLORE_5})
    a = g.players[A]
    assert (len(a.explored), a.keep) == (4, 2)


def test_explore_keeps_only_a_drawn_card() -> None:
    g = table(players=2, seed=6)
    set_tableaux(g, {A: ["old_earth"], B: ["new_sparta"]})
    set_player(g, A, hand=["drop_ships"])
    set_player(g, B, hand=[])
    reveal(g, {A: Action.EXPLORE_5, B: Action.EXPLORE_5})
    assert g.to_move() == A
    assert refused(g, KEEP, "drop_ships").rule == "§7"


def test_b27_hand_limit_discards_down_to_ten_at_the_end_of_the_round() -> None:
    g = table(players=2, seed=7)
    set_tableaux(g, {A: ["old_earth"], B: ["new_sparta"]})
    set_player(g, A, hand=[], filler=13)
    set_player(g, B, hand=[], filler=2)
    reveal(g, {A: Action.PRODUCE, B: Action.PRODUCE})
    assert g.queue[0][:2] == [Step.HAND_LIMIT, A]
    assert refused(g, DISCARD, "no_such_card").rule == "§12.1"
    for _ in range(3):
        g.apply(g.legal_decisions()[0])
    assert len(g.players[A].hand) == 10
    assert f"{g.name(A)} discards 3 cards down to the hand limit." in g.log
    assert g.queue[0][0] == Step.CHOOSE_ACTION and g.round == 2


def test_b28_twelve_cards_end_the_game_after_the_round() -> None:
    g = table(players=2, seed=9)
    tableau = ["old_earth", "space_marines", "drop_ships", "export_duties", "public_works"]
    tableau += ["asteroid_belt", "gem_world", "spice_world", "new_vinland", "artist_colony"]
    tableau += ["secluded_world"]
    set_tableaux(g, {A: tableau, B: ["new_sparta"]})
    set_player(g, A, hand=["investment_credits", "destroyed_world"], filler=4)
    reveal(g, {A: Action.DEVELOP, B: Action.SETTLE})
    pick(g, PLACE, "investment_credits")  # B, with an empty hand, can only pass
    while g.queue[0][0] == Step.PAY:
        g.apply(g.legal_decisions()[0])
    pick(g, PLACE, "destroyed_world")
    while not g.is_over():
        g.apply(g.legal_decisions()[0])
    assert len(g.players[A].tableau) == 13
    assert g.end_reasons == [f"{g.name(A)} has 13 cards in their tableau"]
    assert g.round == 1
    assert conserved(g)


def test_b29_empty_vp_pool_pays_in_full_and_ends_the_game() -> None:
    g = table(players=2, seed=10)
    worlds = ["gem_world", "spice_world", "new_vinland"]
    set_tableaux(g, {A: ["old_earth", "consumer_markets", *worlds], B: ["new_sparta"]})
    set_player(g, A, hand=[], goods=worlds)
    set_player(g, B, hand=[])
    g.vp_pool = 3
    reveal(g, {A: Action.CONSUME_X2, B: Action.DEVELOP})
    while not g.is_over():
        g.apply(g.legal_decisions()[0])
    # Consumer Markets takes 3 Novelty goods for 1 VP each, doubled: 6 VP from a 3-VP pool.
    assert g.players[A].vp == 6
    assert g.vp_pool == -3
    assert g.end_reasons == ["the VP pool is empty"]


def test_a_decision_not_offered_is_refused() -> None:
    g = table()
    refusal = refused(g, KEEP, "old_earth")
    assert refusal.rule == "§6.1" and "is to choose an action card" in refusal.message


def test_pay_is_refused_with_a_card_not_in_hand() -> None:
    g = table(players=2, seed=3)
    set_tableaux(g, {A: ["old_earth"], B: ["new_sparta"]})
    set_player(g, A, hand=["drop_ships"], filler=5)
    set_player(g, B, hand=[])
    reveal(g, {A: Action.DEVELOP, B: Action.DEVELOP})
    pick(g, PLACE, "drop_ships")
    assert g.queue[0][:2] == [Step.PAY, A]
    assert "§8.4" in refused(g, PAY, "rebel_base").rule
