"""Trading rules §7.1–§7.5 on hand-built positions (pack 1: culture 2 sells good-2 at $30 and
buys good-1a at $240 and good-9a at $100; demands for good-1a and good-9a are paid by 2)."""

from __future__ import annotations

import pytest
from sm_engine import do, give, lay, market_game, offered

from nfgalaxy.core.decision import IllegalDecision
from nfgalaxy.games.space_merchant.rules.checks import state_problems
from nfgalaxy.games.space_merchant.rules.common import BUY, DELIVER, DONE, PICK_UP, SELL


def refused(g, rule: str, kind: str, *args) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalDecision) as caught:
        do(g, kind, *args)
    assert caught.value.rule == rule, caught.value


# --- §7.1 where and when; limits ---------------------------------------------------------


def test_a_landing_turn_at_a_city_allows_one_purchase() -> None:
    g = market_game("2", cash=500)
    give(g, 0, "good-9a#1")  # something left to do: a sale
    do(g, BUY, "good-2")
    assert g.players[0].cargo == ["good-9a#1", "good-2#1"] and g.players[0].cash == 470
    assert not any(k == BUY for k, *_ in offered(g))
    refused(g, "§7.1", BUY, "good-2")


def test_a_staying_turn_at_a_city_has_no_limit() -> None:
    g = market_game("2", cash=500, stayed=True)
    do(g, BUY, "good-2")
    do(g, BUY, "good-2")
    assert len(g.players[0].cargo) == 2


def test_a_spaceport_has_no_limit_even_on_a_landing_turn() -> None:
    g = market_game("2", at="port", players=2, cash=500)
    do(g, BUY, "good-2")
    do(g, BUY, "good-2")
    assert len(g.players[0].cargo) == 2


def test_a_landing_turn_at_a_city_allows_one_sale_or_trade_in() -> None:
    g = market_game("2", cash=0)
    give(g, 0, "good-1a#1", "good-9a#1")
    do(g, SELL, "good-1a")
    refused(g, "§7.1", SELL, "good-9a")


def test_no_trading_with_a_culture_off_a_trading_site() -> None:
    g = market_game("2", cash=500)
    asteroid = next(
        s.id for s in g.board.spaces if s.kind.value == "asteroid" and g.habitable(s.id)
    )
    g.players[0].space = asteroid
    g._legal = None
    refused(g, "§7.1", BUY, "good-2")
    assert offered(g) == {(DONE,)}


# --- §7.2 payment and credit -------------------------------------------------------------


def test_purchases_are_paid_to_the_bank_never_beyond_cash_and_credit() -> None:
    g = market_game("2", cash=20)
    money = g.total_money()
    refused(g, "§7.2", BUY, "good-2")
    g.players[0].cash, g.bank = 30, g.bank - 10
    g._legal = None
    bank = g.bank
    do(g, BUY, "good-2")
    assert g.players[0].cash == 0 and g.bank == bank + 30 and g.total_money() == money


def test_credit_pays_first_and_lapses_at_the_end_of_the_turn() -> None:
    g = market_game("2", cash=100, stayed=True)
    g.players[0].ious.append("2")
    do(g, "redeem", "2")  # $100 credit, no cash
    assert g.players[0].cash == 100 and g.turn is not None and g.turn.credit == 100
    do(g, BUY, "good-2")
    assert g.players[0].cash == 100 and g.turn.credit == 70
    do(g, DONE)
    assert g.players[0].cash == 100 and g.turn is not None and g.turn.credit == 0


# --- §7.3 buying -------------------------------------------------------------------------


def test_goods_must_fit_in_the_holds() -> None:
    g = market_game("2", cash=500, stayed=True)
    give(g, 0, "good-9a#1", "good-9a#2")  # a Scout has 2 holds
    refused(g, "§8", BUY, "good-2")


def test_only_goods_lying_with_the_local_culture_are_bought() -> None:
    g = market_game("2", cash=500)
    refused(g, "§7.3", BUY, "good-9a")


def test_factory_goods_pay_half_to_the_factory_owner_even_the_buyer() -> None:
    g = market_game("2", cash=500, stayed=True)
    do(g, "buy_deed", "factory:2")
    p = g.players[0]
    assert "factory-2#1" in g.market["2"]
    cash = p.cash
    do(g, BUY, "factory-2")
    price = g.content.good("factory-2").buy
    assert p.cash == cash - price + price // 2
    assert state_problems(g) == []


# --- §7.4 selling, demand bonuses --------------------------------------------------------


def test_goods_are_sold_only_to_a_culture_on_their_buyer_list() -> None:
    g = market_game("2", cash=0)
    give(g, 0, "good-5#1")
    refused(g, "§7.4", SELL, "good-5")


def test_a_sale_pays_every_demand_bonus_and_returns_one_demand_and_the_good() -> None:
    g = market_game("2", cash=0, stayed=True)
    give(g, 0, "good-1a#1", "good-1a#2")
    lay(g, "2", "demand-14")  # $60 for good-1a
    g.market["2"].append("demand-14")  # a second, as if two such markers existed
    g.cup.remove(g.cup[0])
    before = g.players[0].cash
    do(g, SELL, "good-1a")
    assert g.players[0].cash == before + 240 + 120
    assert g.market["2"].count("demand-14") + g.cup.count("demand-14") >= 1
    assert "good-1a#1" not in g.players[0].cargo and len(g.cup) == 47
    assert sum(e.kind == "draw" for e in g.events) == 2


def test_the_sold_good_and_used_demand_go_to_the_cup_which_keeps_48() -> None:
    g = market_game("2", cash=0)
    give(g, 0, "good-1a#1")
    lay(g, "2", "demand-14")
    do(g, SELL, "good-1a")
    assert len(g.cup) == 48 and state_problems(g) == []
    drawn = [e.components[1] for e in g.events if e.kind == "draw"]
    assert len(drawn) == 2


def test_a_sale_at_an_owned_spaceport_pays_ten_percent_of_price_and_bonus() -> None:
    g = market_game("2", at="port", players=2, cash=0)
    give(g, 0, "good-1a#1")
    lay(g, "2", "demand-14")
    owner = g.players[1]
    before = owner.cash
    do(g, SELL, "good-1a")
    assert owner.cash == before + (240 + 60) // 10


# --- §7.5 fares --------------------------------------------------------------------------


def test_fares_are_picked_up_free_and_outside_the_city_limits() -> None:
    g = market_game("2", cash=500)
    fare = next(f for f in g.content.fares if f.origin == "2" or f.origin == "base")
    lay(g, "2", fare.id)
    do(g, BUY, "good-2")
    do(g, PICK_UP, fare.id)
    assert g.players[0].cargo == ["good-2#1", fare.id] and g.players[0].cash == 470


def test_a_fare_is_delivered_at_its_destination_for_its_fare_without_commission() -> None:
    fare = next(f for f in market_game("2").content.fares if f.destination != "base")
    g = market_game(fare.destination, at="port", players=2, cash=0)
    give(g, 0, fare.id)
    owner = g.players[1].cash
    do(g, DELIVER, fare.id)
    assert g.players[0].cash == fare.fare and g.players[1].cash == owner
    assert len(g.cup) == 48 and state_problems(g) == []


def test_a_fare_is_not_delivered_elsewhere() -> None:
    g = market_game("2", cash=0)
    fare = next(f for f in g.content.fares if f.destination not in ("2",))
    give(g, 0, fare.id)
    refused(g, "§7.5", DELIVER, fare.id)
