"""Moves keyed on the dice cup that the rules forbid are refused with the rule, in words."""

from __future__ import annotations

import pytest

from nfgalaxy.core import Decision, IllegalDecision, new_game
from nfgalaxy.games.roll.rules import MOVE, SELECT, WILD, RollGame


def at_assign() -> tuple[RollGame, int]:
    state = new_game("roll", players=2, seed=4)
    assert isinstance(state, RollGame)
    while state.step_name() != "assign":
        state.apply(state.legal_decisions()[0])
    seat = state.to_move()
    while any(d.kind == WILD for d in state.legal_decisions()):
        state.apply(state.legal_decisions()[0])
    return state, seat


def test_moving_a_placed_die_without_dictate_or_a_power_names_the_rule() -> None:
    state, seat = at_assign()
    w = state.players[seat].workers[0]
    key = (w["colour"], w["face"], w["column"])
    target = "ship" if w["column"] != "ship" else "explore"
    before = state.to_json()
    with pytest.raises(IllegalDecision, match="only allowed after selecting"):
        state.apply(Decision(MOVE, (*key, target)))
    assert state.to_json() == before
    state.apply(next(d for d in state.legal_decisions() if d.kind == SELECT))
    other = next(x for x in state.players[seat].workers if x["id"] != state.players[seat].selector)
    key = (other["colour"], other["face"], other["column"])
    before = state.to_json()
    with pytest.raises(IllegalDecision, match="Dictate or a reassign power") as refused:
        state.apply(Decision(MOVE, (*key, target)))
    assert refused.value.rule == "§5.2.3"
    assert state.to_json() == before
