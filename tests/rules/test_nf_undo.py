"""Taking back a decision (``nfgalaxy.core.replay.undo``): exactly the earlier game, and only
while nothing new was revealed and nobody else has acted since."""

from __future__ import annotations

import pytest

from nfgalaxy.core.replay import CannotUndo, undo
from tests.rules.scenario import pick, table


def _to_select(state, tile: str) -> None:
    pick(state, "select", tile)


def test_undo_of_a_choice_that_revealed_nothing_gives_back_the_earlier_game_exactly() -> None:
    state = table(players=3, seed=4)
    seat = state.to_move()
    before = state.to_json()
    _to_select(state, "develop")  # choosing Develop draws nothing and shows nothing new
    assert state.to_move() == seat
    assert state.undo_point(seat) == len(before["history"])
    earlier = undo(state, seat)
    assert earlier.to_json() == before
    assert earlier.log == state.log[: len(before["events"])]


def test_undo_of_a_purchase_then_of_the_choice_before_it() -> None:
    state = table(players=3, seed=4)
    seat = state.to_move()
    start = state.to_json()
    _to_select(state, "develop")
    chosen = state.to_json()
    pick(state, "pass")  # the chooser buys nothing; the next player decides now
    other = state.to_move()
    assert other != seat
    assert state.undo_point(other) is None  # the other player has not decided anything yet
    earlier = undo(state, seat)
    assert earlier.to_json() == chosen
    assert undo(earlier, seat).to_json() == start


def test_no_undo_after_another_player_acted() -> None:
    state = table(players=3, seed=4)
    seat = state.to_move()
    _to_select(state, "develop")
    pick(state, "pass")
    other = state.to_move()
    pick(state, "pass")
    assert state.undo_point(seat) is None
    with pytest.raises(CannotUndo):
        undo(state, seat)
    assert state.undo_point(other) is not None  # the other may take back their own


def test_no_undo_after_worlds_are_drawn_from_the_bag() -> None:
    state = table(players=3, seed=4)
    seat = state.to_move()
    _to_select(state, "explore")  # the display is drawn at random: new information
    assert state.to_move() == seat
    assert state.history[-1]["reveals"]
    assert state.undo_point(seat) is None


def test_no_undo_after_goals_are_drawn_though_nothing_random_happens() -> None:
    state = table(players=3, seed=4, goals=True)
    seat = state.to_move()
    rng_before = state.rng.state
    _to_select(state, "goals")  # the pile was shuffled at setup: drawing uses no randomness
    assert state.rng.state == rng_before
    assert state.to_move() == seat and state.turn["drawn"]
    assert state.undo_point(seat) is None


def test_keeping_a_goal_face_down_can_be_taken_back_but_revealing_one_cannot() -> None:
    state = table(players=3, seed=4, goals=True)
    seat = state.to_move()
    _to_select(state, "goals")
    drawn = state.to_json()
    state.apply(state.legal_decisions()[0])  # keep one: nobody learns anything new
    assert state.undo_point(seat) is not None
    assert undo(state, seat).to_json() == drawn
    # The next goal kept face down reveals the first (§11.2): no undo across that.
    while True:
        options = state.legal_decisions()
        goals = [d for d in options if d.kind == "select" and d.args == ("goals",)]
        secret = [d for d in options if d.kind == "keep_secret"]
        decision = (goals or secret or options)[0]
        state.apply(decision)
        if decision.kind == "keep_goal":
            break
    last = state.history[-1]
    assert len(state.goals_revealed) == 1 and len(state.goals_hidden) == 1
    assert last["reveals"]
    assert state.undo_point(last["seat"]) is None


def test_no_undo_after_revealing_a_stockpile_goal() -> None:
    state = table(players=2, seed=3, goals=True)
    for _ in range(2000):
        options = state.legal_decisions()
        reveal = [d for d in options if d.kind == "reveal"]
        if reveal:
            seat = state.to_move()
            rng_before = state.rng.state
            state.apply(reveal[0])
            assert state.rng.state == rng_before  # nothing was drawn: the rule marks it
            assert state.history[-1]["reveals"]
            assert state.undo_point(seat) is None
            return
        goals = [d for d in options if d.kind == "select" and d.args == ("goals",)]
        state.apply((goals or options)[0])
    pytest.fail("no stockpile goal was held in this game")
