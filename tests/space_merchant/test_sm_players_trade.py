"""Trading with other players (§7.12, last bullet) on hand-built positions (pack 1: culture 2
sells good-2 at $30). Seat 0 is the active player; seat 1's ship is put on the same space."""

from __future__ import annotations

import pytest
from sm_engine import do, give, market_game, offered

from nfgalaxy.core.decision import IllegalDecision
from nfgalaxy.games.space_merchant.rules.checks import state_problems
from nfgalaxy.games.space_merchant.rules.common import (
    ACCEPT,
    ASK,
    DECLINE,
    DONE,
    GIVE,
    JETTISON,
    PROPOSE,
    WITHDRAW,
)
from nfgalaxy.games.space_merchant.rules.game import MerchantGame


def together(at: str = "city", cash: int = 200, stayed: bool = True) -> MerchantGame:
    """Seat 0 at a trading site of culture 2, seat 1's ship beside it, each with $``cash``."""
    g = market_game("2", at=at, players=2, cash=cash, stayed=stayed)
    g.players[1].space = g.players[0].space
    g.bank += g.players[1].cash - cash
    g.players[1].cash = cash
    g._legal = None
    return g


def propose(g: MerchantGame, give_item: tuple, ask_item: tuple) -> None:
    do(g, PROPOSE, 1)
    do(g, GIVE, *give_item)
    do(g, ASK, *ask_item)


def test_a_trade_is_proposed_only_to_a_player_on_the_same_landing_site() -> None:
    g = together()
    assert (PROPOSE, 1) in offered(g)
    g.players[1].space = g.board.galactic_base
    g._legal = None
    assert (PROPOSE, 1) not in offered(g)
    with pytest.raises(IllegalDecision):
        do(g, PROPOSE, 1)


def test_the_other_player_decides_and_money_and_goods_change_hands_without_the_bank() -> None:
    g = together(at="port", cash=200)  # the port is seat 1's: no commission either
    give(g, 1, "good-9a#1")
    money, bank = g.total_money(), g.bank
    propose(g, ("money", 80), ("goods", "good-9a"))
    assert g.to_move() == 1 and offered(g) == {(ACCEPT,), (DECLINE,)}
    do(g, ACCEPT)
    assert g.players[0].cargo == ["good-9a#1"] and g.players[1].cargo == []
    assert g.players[0].cash == 120 and g.players[1].cash == 280
    assert g.bank == bank and g.total_money() == money and state_problems(g) == []
    assert g.to_move() == 0 and g.step_name() == "landed"
    assert any(e.kind == "trade_accept" for e in g.events)


def test_a_declined_proposal_is_not_made_again_this_turn() -> None:
    g = together()
    g.players[1].relics.append("spy_eye")
    propose(g, ("money", 50), ("nothing", ""))
    do(g, DECLINE)
    assert g.players[0].cash == 200 and g.players[1].cash == 200
    do(g, PROPOSE, 1)
    do(g, GIVE, "money", 50)
    assert (ASK, "nothing", "") not in offered(g)
    with pytest.raises(IllegalDecision, match="declined this turn"):
        do(g, ASK, "nothing", "")
    do(g, ASK, "relic", "spy_eye")  # another proposal may be made
    do(g, ACCEPT)
    assert g.players[0].cash == 150 and g.players[1].cash == 250
    assert g.players[0].relics == ["spy_eye"]


def test_no_proposal_while_choosing_what_to_give_ends_the_proposals_to_that_player() -> None:
    """Else a turn could go round for ever (a search bot's did: begin, withdraw, begin…)."""
    g = together()
    do(g, PROPOSE, 1)
    do(g, WITHDRAW)
    assert g.step_name() == "landed" and (PROPOSE, 1) not in offered(g)
    with pytest.raises(IllegalDecision, match="begun and not made") as refused:
        do(g, PROPOSE, 1)
    assert refused.value.rule == "§7.12"
    do(g, DONE)  # a turn of its own for the next player: nothing withdrawn in it
    assert g.turn is not None and g.turn.seat == 1 and g.turn.withdrawn == []


def test_no_proposal_while_choosing_what_to_ask_drops_that_thing_given() -> None:
    g = together()
    do(g, PROPOSE, 1)
    do(g, GIVE, "money", 50)
    do(g, WITHDRAW)
    do(g, PROPOSE, 1)  # something else may still be given
    assert (GIVE, "money", 50) not in offered(g) and (GIVE, "money", 60) in offered(g)
    with pytest.raises(IllegalDecision, match="begun and not made"):
        do(g, GIVE, "money", 50)
    do(g, GIVE, "money", 60)
    do(g, ASK, "nothing", "")
    do(g, ACCEPT)
    assert g.players[0].cash == 140 and g.players[1].cash == 260


def test_proposals_begun_and_withdrawn_come_to_an_end() -> None:
    """Beginning a proposal and withdrawing it, over and over, runs out within the turn."""
    g = together(cash=30)
    begun = 0
    while (PROPOSE, 1) in offered(g):
        do(g, PROPOSE, 1)
        gives = sorted(args for kind, *args in offered(g) if kind == GIVE)
        if gives:
            do(g, GIVE, *gives[0])
        do(g, WITHDRAW)
        begun += 1
        assert begun < 20
    assert begun == 4  # nothing, $10, $20 and $30 given, each withdrawn while asking


def test_ships_deeds_and_credit_never_change_hands() -> None:
    g = together(at="port")
    assert g.players[1].deeds  # seat 1 owns the spaceport here
    do(g, PROPOSE, 1)
    gives = {args[0] for kind, *args in offered(g) if kind == GIVE}
    assert gives <= {"nothing", "money", "goods", "fare", "relic", "equipment", "iou"}
    do(g, GIVE, "money", 10)
    asks = {tuple(args) for kind, *args in offered(g) if kind == ASK}
    assert not any(kind in ("deed", "ship") for kind, _ in asks)
    for item in (("deed", g.players[1].deeds[0]), ("ship", "scout")):
        with pytest.raises(IllegalDecision, match=r"§7\.12"):
            do(g, ASK, *item)


def test_relics_equipment_and_ious_change_hands_and_what_comes_is_new_this_turn() -> None:
    g = together()
    g.players[1].relics.append("spy_eye")
    g.players[1].equipment.append("shield")
    g.players[1].ious.append("2")
    give(g, 1, "good-9a#1")
    money = g.total_money()
    propose(g, ("money", 100), ("relic", "spy_eye"))
    do(g, ACCEPT)
    propose(g, ("nothing", ""), ("equipment", "shield"))
    do(g, ACCEPT)
    propose(g, ("nothing", ""), ("goods", "good-9a"))
    do(g, ACCEPT)
    propose(g, ("money", 10), ("iou", "2"))
    do(g, ACCEPT)
    p = g.players[0]
    assert p.relics == ["spy_eye"] and p.equipment == ["shield"] and p.cargo == ["good-9a#1"]
    assert p.ious == ["2"] and g.players[1].ious == [] and g.total_money() == money
    assert (JETTISON, "cargo", "good-9a#1") not in offered(g)
    assert (JETTISON, "equipment", "shield") not in offered(g)


def test_the_cargo_must_fit_both_ships() -> None:
    g = together()
    give(g, 0, "good-9a#1", "good-9a#2")  # the scout's two holds are full
    give(g, 1, "good-1a#1")
    do(g, PROPOSE, 1)
    do(g, GIVE, "nothing", "")
    assert (ASK, "goods", "good-1a") not in offered(g)
    with pytest.raises(IllegalDecision, match="fit both ships"):
        do(g, ASK, "goods", "good-1a")
    do(g, WITHDRAW)
    propose(g, ("goods", "good-9a"), ("goods", "good-1a"))  # a swap fits
    do(g, ACCEPT)
    assert sorted(g.players[0].cargo) == ["good-1a#1", "good-9a#2"]


def test_a_proposal_gives_or_asks_something_and_each_side_only_what_it_has() -> None:
    g = together(cash=30)
    do(g, PROPOSE, 1)
    assert (GIVE, "money", 50) not in offered(g)
    do(g, GIVE, "nothing", "")
    assert (ASK, "nothing", "") not in offered(g) and (ASK, "money", 30) in offered(g)
    assert (ASK, "money", 40) not in offered(g)
    do(g, WITHDRAW)
    assert g.step_name() == "landed" and (DONE,) in offered(g)


def test_no_run_of_decisions_beside_another_ship_comes_back_to_where_it_began() -> None:
    """The loop hunt of the conformance tests, every option tried, where the loop was: before
    withdrawals ended proposals, buying and then proposing and withdrawing came back round."""
    from nfgalaxy.core.rng import Rng
    from tests.conformance.test_no_cycles import find_loop

    assert find_loop(together(), depth=4, width=60, rng=Rng(1)) is None
