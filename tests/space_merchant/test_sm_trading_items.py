"""Trading rules §7.6–§7.12 and the end of the game (§11) on hand-built positions (pack 1:
culture 3 is industry, selling yellow drives at $80 and Transports; culture 5 bioengineers,
selling shields at $60; culture 2 metaphysics)."""

from __future__ import annotations

import pytest
from sm_engine import do, give, market_game, offered

from nfgalaxy.core.decision import IllegalDecision
from nfgalaxy.games.space_merchant.rules.checks import state_problems
from nfgalaxy.games.space_merchant.rules.common import (
    BUY,
    BUY_DEED,
    BUY_EQUIPMENT,
    BUY_RELIC,
    BUY_SHIP,
    DONE,
    JETTISON,
    REDEEM,
    SELL,
    TRADE_IN,
)
from nfgalaxy.games.space_merchant.rules.holds import fits


def refused(g, rule: str, kind: str, *args) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalDecision) as caught:
        do(g, kind, *args)
    assert caught.value.rule == rule, caught.value


# --- §7.6 equipment and relics -----------------------------------------------------------


def test_equipment_is_bought_only_where_its_science_is() -> None:
    g = market_game("3", cash=500, stayed=True)
    do(g, BUY_EQUIPMENT, "yellow_drive")
    assert g.players[0].equipment == ["yellow_drive"] and g.players[0].cash == 420
    refused(g, "§7.6", BUY_EQUIPMENT, "shield")


def test_equipment_is_traded_in_anywhere_for_half_its_cost_as_credit() -> None:
    g = market_game("2", cash=0, stayed=True)
    g.players[0].equipment.append("shield")
    do(g, TRADE_IN, "equipment", "shield")
    assert g.players[0].equipment == [] and g.players[0].cash == 0
    assert g.turn is not None and g.turn.credit == 30


def test_a_relic_traded_in_goes_on_the_sun_and_is_bought_back_at_its_value_there() -> None:
    g = market_game("2", cash=500, stayed=True)
    g.players[0].relics.append("spy_eye")
    system = g.habitable(g.players[0].space)
    do(g, TRADE_IN, "relic", "spy_eye")
    assert g.suns == {system: ["spy_eye"]} and g.players[0].relics == []
    value = next(m.value for m in g.content.qmarkers if m.relic and m.relic.value == "spy_eye")
    assert g.turn is not None and g.turn.credit == value // 2
    do(g, BUY_RELIC, "spy_eye")
    assert g.players[0].relics == ["spy_eye"] and g.players[0].cash == 500 - value + value // 2


def test_a_relic_on_a_sun_is_sold_only_by_that_system() -> None:
    g = market_game("3", cash=500, stayed=True)
    g.suns["h04"] = ["spy_eye"]
    refused(g, "§7.6", BUY_RELIC, "spy_eye")


def test_the_bank_sells_no_more_equipment_than_it_has_markers() -> None:
    g = market_game("3", cash=5000, stayed=True)
    g.players[0].equipment += ["yellow_drive"] * 6
    g._legal = None
    refused(g, "§7.6", BUY_EQUIPMENT, "yellow_drive")


# --- §7.7 ships --------------------------------------------------------------------------


def test_a_ship_is_bought_with_the_old_one_traded_in() -> None:
    g = market_game("3", cash=300)
    give(g, 0, "good-9a#1")  # something left to do: jettison it
    do(g, BUY_SHIP, "transport")  # $240 less the Scout's $30
    assert g.players[0].ship == "transport" and g.players[0].cash == 90
    refused(g, "§7.1", BUY, "good-3")  # the swap took the purchase


def test_a_ship_swap_needs_the_cargo_to_fit() -> None:
    g = market_game("3", cash=500, stayed=True)
    do(g, BUY_SHIP, "transport")
    give(g, 0, "good-9a#1", "good-9a#2", "good-9a#3")
    refused(g, "§7.7", BUY_SHIP, "clipper")


def test_a_ship_is_bought_only_where_it_is_sold() -> None:
    g = market_game("3", cash=500, stayed=True)
    refused(g, "§7.7", BUY_SHIP, "clipper")


# --- §7.8 IOUs ---------------------------------------------------------------------------


def test_an_iou_is_redeemed_only_at_its_culture_on_top_of_one_sale() -> None:
    g = market_game("2", cash=0)
    g.players[0].ious += ["2", "3"]
    give(g, 0, "good-1a#1")
    do(g, SELL, "good-1a")
    do(g, REDEEM, "2")
    assert g.players[0].ious == ["3"] and g.turn is not None and g.turn.credit == 100
    refused(g, "§7.8", REDEEM, "3")


def test_no_commission_on_an_iou() -> None:
    g = market_game("2", at="port", players=2, cash=0)
    g.players[0].ious.append("2")
    owner = g.players[1].cash
    do(g, REDEEM, "2")
    assert g.players[1].cash == owner


# --- §7.9 deeds, §10 spaceports and factories --------------------------------------------


def test_a_deed_of_ones_own_species_costs_eighty_percent_and_counts_in_full() -> None:
    g = market_game("2", cash=500, stayed=True)
    p = g.players[0]
    p.species = "2"
    site = sorted(s.orbit_site for s in g.board.spaces_of("h04") if s.orbit_site)[0]
    cost = next(d.cost for d in g.content.spaceport_deeds if d.site == site)
    do(g, BUY_DEED, f"port:{site}")
    assert p.cash == 500 - cost * 80 // 100 and g.net_worth(p) == p.cash + cost
    orbit = next(s.id for s in g.board.spaces_of("h04") if s.orbit_site == site)
    assert g.spaceports[orbit] == 0 and g.is_trading_site(orbit)
    refused(g, "§2.8", BUY_DEED, f"port:{site}")
    assert state_problems(g) == []


def test_a_deed_is_sold_only_in_its_own_system() -> None:
    g = market_game("2", cash=500, stayed=True)
    refused(g, "§7.9", BUY_DEED, "factory:3")


def test_twelve_ownership_markers_at_most() -> None:
    g = market_game("2", cash=5000, stayed=True)
    g.players[0].deeds += [f"fake:{n}" for n in range(12)]
    refused(g, "§10", BUY_DEED, "factory:2")


def test_a_deed_at_an_owned_spaceport_pays_commission_on_the_price_paid() -> None:
    g = market_game("2", at="port", players=2, cash=500)
    owner = g.players[1].cash
    do(g, BUY_DEED, "factory:2")
    assert g.players[1].cash == owner + g.content.culture("2").factory_deed // 10


# --- §7.12 jettisoning -------------------------------------------------------------------


def test_nothing_acquired_this_turn_is_jettisoned() -> None:
    g = market_game("3", cash=500, stayed=True)
    do(g, BUY, "good-3")
    refused(g, "§7.12", JETTISON, "cargo", "good-3#1")
    do(g, BUY_EQUIPMENT, "yellow_drive")
    refused(g, "§7.12", JETTISON, "equipment", "yellow_drive")


def test_jettisoned_goods_go_to_the_cup_and_equipment_to_the_bank() -> None:
    g = market_game("3", cash=0)
    give(g, 0, "good-9a#1")
    g.players[0].equipment.append("shield")
    do(g, JETTISON, "cargo", "good-9a#1")
    assert len(g.cup) == 48 and any(e.kind == "draw" for e in g.events)
    do(g, JETTISON, "equipment", "shield")
    assert g.players[0].equipment == [] and state_problems(g) == []


# --- §11 the end of the game ---------------------------------------------------------------


def test_the_active_player_wins_at_the_end_of_their_turn_with_the_target() -> None:
    g = market_game("2", cash=0, options={"victory": 200})
    give(g, 0, "good-1a#1")
    do(g, SELL, "good-1a")
    assert not g.is_over()
    do(g, DONE)
    assert g.is_over() and g.winners() == [0]


def test_when_the_bank_cannot_pay_the_game_ends_and_the_richest_wins() -> None:
    g = market_game("2", players=2, cash=0, options={"bank": 100})
    g.players[1].cash = 40
    g.bank = 100 - 40
    give(g, 0, "good-1a#1")
    do(g, SELL, "good-1a")  # $240 owed, $60 in the bank
    assert g.is_over() and g.winners() == [1]
    assert "good-1a#1" in g.players[0].cargo and g.players[0].cash == 0
    assert any(e.kind == "bank_empty" for e in g.events)


def test_richest_ties_go_to_cash_then_are_shared() -> None:
    g = market_game("2", players=2, cash=0, options={"bank": 80})
    g.players[1].cash = 0
    g.bank = 80
    give(g, 0, "good-1a#1")
    do(g, SELL, "good-1a")
    assert g.winners() == [0, 1]


def test_the_round_limit_ends_the_game_with_the_richest() -> None:
    g = market_game("2", cash=100, options={"round_limit": 1})
    g.round = 1
    do(g, DONE)
    assert g.is_over() and g.winners() == [0]
    assert offered(g) == set()


# --- §8 holds ----------------------------------------------------------------------------


def test_holds_goods_one_fares_and_drives_half_the_first_shield_free() -> None:
    g = market_game("2", cash=0)
    p = g.players[0]  # a Scout: 2 holds
    p.equipment += ["shield", "yellow_drive"]
    give(g, 0, "good-9a#1", "fare-01")
    # 1 + 1/2 + 1/2 + 0: full
    assert fits(g, p) and not fits(g, p, equipment=("shield",))
    assert not fits(g, p, cargo=("fare-02",))
    p.equipment.remove("shield")
    p.relics += ["shield", "yellow_drive"]  # relics take no space
    assert fits(g, p, equipment=("shield",)) and not fits(g, p, equipment=("shield", "shield"))


def test_a_malformed_trade_is_refused_naming_the_rule_and_changes_nothing() -> None:
    g = market_game("2", cash=500)
    before = g.to_json()
    refused(g, "§7", BUY_DEED, 7, 8)
    refused(g, "§7.3", BUY, "nothing")
    assert g.to_json() == before


def test_a_relic_is_put_down_on_an_asteroid_for_anyone_but_not_the_turn_it_came() -> None:
    g = market_game("2", cash=0)
    refused(g, "§7.12", "put_down", "spy_eye")  # at a city
    asteroid = next(s.id for s in g.board.spaces_of("h04") if s.kind.value == "asteroid")
    g.players[0].space = asteroid
    g.players[0].relics.append("spy_eye")
    give(g, 0, "good-9a#1")  # something left to do: jettison it
    do(g, "put_down", "spy_eye")
    assert g.lying[asteroid] == ["spy_eye"] and g.players[0].relics == []
    do(g, "take_relic", "spy_eye")
    refused(g, "§7.12", "put_down", "spy_eye")
    assert asteroid not in g.lying and g.players[0].relics == ["spy_eye"]
