"""The advanced game for 2 experienced players (§18): two action cards a round, a second
Develop or Settle phase for the player who chose both cards of the pair. Examples B31–B33."""

from __future__ import annotations

import pytest
from race_scenario import (
    CARDS,
    A,
    B,
    offered,
    pick,
    refused,
    reveal,
    set_player,
    set_tableaux,
    table,
)

from nfgalaxy.games.race.rules import RaceGame
from nfgalaxy.games.race.rules.common import ACTION, PLACE, SELL, USE
from nfgalaxy.games.race.rules.rounds import played_phases
from nfgalaxy.games.race.state import Action


def test_advanced_game_is_for_two_players_only() -> None:
    with pytest.raises(ValueError, match="§18"):
        RaceGame.new(CARDS, 3, 1, {"advanced": True})


def test_two_cards_a_round_second_of_a_pair_only_with_the_first() -> None:
    g = table(advanced=True)
    pairs = offered(g, ACTION)
    assert all(len(pair) == 2 and pair[0] != pair[1] for pair in pairs)
    assert ("develop", "develop_2") in pairs and ("settle", "settle_2") in pairs
    assert ("explore_5", "develop_2") not in pairs
    assert len(pairs) == 36 - 13  # 9 cards: every pair but a lone second card
    assert refused(g, ACTION, "explore_5", "develop_2").rule == "§18"
    assert refused(g, ACTION, "develop").rule == "§18"
    standard = table()
    assert refused(standard, ACTION, "develop", "settle").rule == "§6.1"


def test_both_cards_of_a_pair_play_the_phase_twice() -> None:
    assert played_phases([["develop", "develop_2"], ["develop", "produce"]]) == [
        "develop",
        "develop_2",
        "produce",
    ]
    assert played_phases([["explore_5", "explore_1_1"], ["settle", "consume_x2"]]) == [
        "explore",
        "settle",
        "consume",
    ]


def test_b31_both_explore_cards_draw_8_keep_2_powers_once() -> None:
    g = table(advanced=True, seed=2)
    set_tableaux(g, {A: ["old_earth", "expedition_force"], B: ["new_sparta"]})
    reveal(g, {A: (Action.EXPLORE_5, Action.EXPLORE_1_1), B: (Action.DEVELOP, Action.SETTLE)})
    a = g.players[A]
    assert (len(a.explored), a.keep) == (2 + 5 + 1 + 1, 2)


def costs(g: RaceGame) -> dict[str, int]:
    """What each placed card cost, from the log's events."""
    return {e.components[0]: e.numbers[0] for e in g.events if e.kind == "place"}


def in_order(g: RaceGame, picks: dict[int, str]) -> None:
    """Each player's secret choice, asked in player order."""
    for seat in g.order:
        assert g.to_move() == seat
        pick(g, PLACE, picks[seat])


def play_phase(g: RaceGame, phase: str) -> None:
    while g.phase == phase:
        g.apply(g.legal_decisions()[0])


def test_b32_two_develop_phases_bonus_in_the_second_only_for_the_double_chooser() -> None:
    g = table(advanced=True, seed=3)
    set_tableaux(g, {A: ["old_earth"], B: ["new_sparta"]})
    set_player(g, A, hand=["investment_credits", "drop_ships"], filler=4)
    set_player(g, B, hand=["space_marines", "export_duties"], filler=4)
    reveal(g, {A: (Action.DEVELOP, Action.DEVELOP_2), B: (Action.DEVELOP, Action.PRODUCE)})
    assert g.phases == ["develop", "develop_2", "produce"]
    in_order(g, {A: "investment_credits", B: "space_marines"})
    play_phase(g, "develop")
    assert costs(g) == {"investment_credits": 0, "space_marines": 1}
    assert g.phase == "develop_2"
    in_order(g, {A: "drop_ships", B: "export_duties"})
    play_phase(g, "develop_2")
    # A: 4 - 1 (bonus) - 1 (Investment Credits, working from the second phase); B: no bonus.
    assert costs(g)["drop_ships"] == 2 and costs(g)["export_duties"] == 1
    assert "Phase: Develop (second)." in g.log


def test_b33_both_consume_cards_sell_first_then_double_vp() -> None:
    g = table(advanced=True, seed=4)
    worlds = ["public_works", "asteroid_belt", "gem_world"]
    set_tableaux(g, {A: ["old_earth", *worlds], B: ["new_sparta"]})
    set_player(g, A, hand=[], goods=["asteroid_belt", "gem_world"])
    set_player(g, B, hand=[])
    reveal(g, {A: (Action.TRADE, Action.CONSUME_X2), B: (Action.DEVELOP, Action.SETTLE)})
    pick(g, SELL, "asteroid_belt")
    a = g.players[A]
    assert len(a.hand) == 3 + 1  # Rare: 3, Old Earth's Trade power: +1
    assert sorted(k[0] for k in offered(g, USE)) == ["old_earth#1", "public_works#1"]
    pick(g, USE, "public_works#1")
    assert a.vp == 1 * 2
