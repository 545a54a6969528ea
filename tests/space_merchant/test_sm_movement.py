"""Movement (§5) on the hand-built boards: declaring, rolling, costs, no reversing, how a move
ends, landing, penalties and shields, navigation circles and the pilot number."""

from __future__ import annotations

import pytest
from sm_boards import fork_with_navigation, penalty_ovals, sibling_cities, straight_line
from sm_engine import do, game_on, offered, where

from nfgalaxy.core.decision import IllegalDecision


def kinds(g) -> list[str]:
    return [e.kind for e in g.events]


def test_roll_gives_as_many_dice_as_the_ships_speed_and_mp_is_their_sum() -> None:
    g = game_on(straight_line(), "d1", (2, 1, 1))
    do(g, "first", "d2")
    roll = next(e for e in g.events if e.kind == "roll")
    assert roll.numbers == (2, 1, 1, 4)  # a Scout rolls 3 dice (§5.2)
    assert where(g) == "d5"


def test_declaring_the_first_space_fixes_the_direction_of_the_move() -> None:
    g = game_on(straight_line(), "d4", (1, 1, 1))
    assert offered(g) == {("first", "d3"), ("first", "d5")}  # §5.1 item 5
    do(g, "first", "d3")
    assert where(g) == "d1"


def test_a_ship_on_a_space_dot_must_move_and_is_not_offered_to_stay() -> None:
    g = game_on(straight_line(), "d4", (1, 1, 1))
    assert g.step_name() == "declare"  # the begin step had only "move" (§4)


def test_all_mp_must_be_used_and_the_ship_stays_on_a_dot_when_they_run_out() -> None:
    g = game_on(straight_line(), "base", (1, 2, 1))
    do(g, "move")
    assert where(g) == "d4"  # §5.5 item 1: no choice to stop earlier was offered
    assert "land" not in kinds(g)


def test_no_reversing_a_step_back_into_the_space_just_left_is_refused() -> None:
    g = game_on(sibling_cities(), "s1", (3, 2, 2))
    do(g, "first", "orbit1")
    # at orbit1: onwards to port or down to North City, never back to s1 (§5.4)
    assert ("step", "s1", 0) not in offered(g)
    with pytest.raises(IllegalDecision) as refused:
        do(g, "step", "s1", 0)
    assert "§5.4" in refused.value.rule


def test_entering_a_surface_city_costs_two_mp_and_ends_the_move_without_air_foil() -> None:
    g = game_on(sibling_cities(), "s1", (3, 2, 2))
    do(g, "first", "orbit1")
    do(g, "step", "north", 0)
    assert where(g) == "north"
    move = next(e for e in g.events if e.kind == "move")
    assert move.numbers == (2, 4)  # 1 + 2 MP spent of 7; the rest lost (§5.3, §5.5 item 4)
    assert "land" in kinds(g)


def test_a_step_costing_more_than_the_mp_left_is_not_offered() -> None:
    g = game_on(sibling_cities(), "base", (1, 1, 1))
    do(g, "move")
    do(g, "first", "s1")
    assert where(g) == "port"  # at orbit1 with 1 MP, North City (2 MP) was never offered
    g = game_on(sibling_cities(), "s1", (1, 1, 1))
    do(g, "first", "orbit1")
    assert offered(g) == {("step", "port", 0), ("step", "north", 0)}
    g.turn.mp = 1
    g._legal = None
    assert offered(g) == {("step", "port", 0)}
    with pytest.raises(IllegalDecision) as refused:
        do(g, "step", "north", 0)
    assert "§5.3" in refused.value.rule


def test_landing_is_optional_and_loses_the_remaining_mp() -> None:
    g = game_on(sibling_cities(), "s1", (3, 3, 3))
    do(g, "first", "orbit1")
    do(g, "step", "port", 0)
    assert ("land",) in offered(g)  # a space city passed through (§5.5 item 2)
    do(g, "land")
    assert where(g) == "port"
    assert next(e for e in g.events if e.kind == "move").numbers == (2, 7)


def test_a_ship_may_pass_through_a_landing_site() -> None:
    g = game_on(sibling_cities(), "s1", (1, 1, 1))
    do(g, "first", "orbit1")
    do(g, "step", "port", 0)
    do(g, "step", "orbit2", 0)
    assert where(g) == "orbit2"


def test_landing_is_not_allowed_on_a_space_dot() -> None:
    g = game_on(sibling_cities(), "base", (3, 3, 3))
    do(g, "move")
    do(g, "first", "s1")
    with pytest.raises(IllegalDecision) as refused:
        do(g, "land")
    assert "§" in refused.value.rule


def test_a_ship_on_a_trading_site_may_stay() -> None:
    g = game_on(sibling_cities(), "port", (3, 3, 3))
    assert offered(g) == {("move",), ("stay",)}  # §4 A
    do(g, "stay")
    assert where(g) == "port"
    assert "stay" in kinds(g)


# --- penalties and shields (§5.7) --------------------------------------------------------


def penalty_game(cash: int = 100, shields: int = 0):
    g = game_on(penalty_ovals(), "base", (2, 1, 1), cash=cash, equipment=("shield",) * shields)
    do(g, "move")
    return g


def test_entering_a_penalty_with_mp_left_asks_to_pay_or_stop() -> None:
    g = penalty_game()
    assert where(g) == "blue30"
    assert offered(g) == {("pay", 30), ("stop",)}
    before, bank = g.players[0].cash, g.bank
    do(g, "pay", 30)
    assert g.players[0].cash == before - 30 and g.bank == bank + 30
    assert where(g) == "yellow20"  # and on to the next penalty, 2 MP left


def test_stopping_at_a_penalty_pays_nothing_and_ends_the_move() -> None:
    g = penalty_game()
    cash = g.players[0].cash
    do(g, "stop")
    assert where(g) == "blue30" and g.players[0].cash == cash


def test_each_shield_takes_twenty_dollars_off_the_penalty() -> None:
    assert offered(penalty_game(shields=1)) == {("pay", 10), ("stop",)}
    assert offered(penalty_game(shields=2)) == {("pay", 0), ("stop",)}


def test_a_player_who_cannot_pay_must_stop() -> None:
    g = penalty_game(cash=20)
    assert where(g) == "blue30"  # only "stop" was possible: taken for the player
    assert g.players[0].cash == 20
    assert "stop_penalty" in kinds(g)


def test_a_penalty_entered_with_the_last_mp_costs_nothing() -> None:
    g = game_on(penalty_ovals(), "d1", (1, 1, 1), cash=100)
    do(g, "first", "blue30")
    do(g, "pay", 30)
    assert where(g) == "yellow20" and g.players[0].cash == 70  # no second penalty asked
    assert [e.kind for e in g.events].count("pay_penalty") == 1


def test_starting_on_a_penalty_space_staying_costs_the_penalty_leaving_is_free() -> None:
    g = game_on(penalty_ovals(), "blue30", (1, 1, 1), cash=100)
    assert offered(g) == {("move",), ("stay",)}  # §5.7, §13 item 4
    do(g, "stay")
    assert g.players[0].cash == 70 and where(g) == "blue30"
    g = game_on(penalty_ovals(), "blue30", (1, 1, 1), cash=100)
    do(g, "move")
    do(g, "first", "d2")
    assert g.players[0].cash == 100
    g = game_on(penalty_ovals(), "blue30", (1, 1, 1), cash=20)
    assert g.step_name() == "declare"  # cannot pay to stay: must move


# --- navigation circles and the pilot number (§5.9) -----------------------------------------


def test_leaving_a_navigation_circle_offers_one_exit_per_die_value() -> None:
    g = game_on(fork_with_navigation(), "d1", (3, 5, 1))
    do(g, "first", "nav")
    # 3 → left, 5 → right, 1 leads back to d1: choosing it stops the move (§13 item 3)
    assert offered(g) == {("step", "l1", 3), ("step", "r1", 5), ("stop", 1)}
    do(g, "step", "r1", 5)
    assert where(g) == "rrock"  # a dead end: no step but back
    assert next(e for e in g.events if e.kind == "pilot").numbers == (5,)


def test_a_pilot_number_that_is_no_die_value_is_refused() -> None:
    g = game_on(fork_with_navigation(), "d1", (3, 5, 1))
    do(g, "first", "nav")
    with pytest.raises(IllegalDecision) as refused:
        do(g, "step", "l1", 4)
    assert "§5.9" in refused.value.rule


def test_choosing_a_backward_pilot_number_stops_on_the_circle() -> None:
    g = game_on(fork_with_navigation(), "d1", (3, 5, 1))
    do(g, "first", "nav")
    do(g, "stop", 1)
    assert where(g) == "nav"
    g = game_on(fork_with_navigation(), "d1", (3, 5, 1), options={"backward_pilot_stop": False})
    do(g, "first", "nav")
    assert offered(g) == {("step", "l1", 3), ("step", "r1", 5)}


def test_a_fixed_pilot_number_whose_exit_leads_back_ends_the_move() -> None:
    g = game_on(fork_with_navigation(), "base", (1, 2, 2))
    g.turn.pilot = 2  # fixed earlier this turn
    do(g, "move")
    assert where(g) == "nav"  # the exit of 2 leads back to d1: "there and back: stop"
    move = next(e for e in g.events if e.kind == "move")
    assert move.numbers == (2, 3)


def test_the_declared_space_beyond_a_circle_binds_the_pilot_number_if_a_die_allows() -> None:
    g = game_on(fork_with_navigation(), "nav", (3, 5, 4))
    do(g, "first", "l1")
    assert offered(g) == {("step", "l1", 3), ("step", "l1", 4)}  # not 5, which leads right
    g = game_on(fork_with_navigation(), "nav", (5, 6, 6))
    do(g, "first", "l1")  # no die selects l1: the declaration is ignored (§5.9)
    assert offered(g) == {("step", "r1", 5), ("step", "r1", 6)}
