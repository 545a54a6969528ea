"""A seat's view depends only on what that seat may know, not on others' hidden choices."""

from __future__ import annotations

from nfgalaxy.core import Decision, new_game
from nfgalaxy.core.rng import Rng
from nfgalaxy.games.roll.rules import DICTATE, DONE, MOVE, RollGame


def assign_first_player(state: RollGame, dictate: bool) -> None:
    """The first player in order places wild dice, selects, then maybe Dictates, then is done."""
    seat = state.order[0]
    while state.to_move() == seat and state.step_name() in ("assign", "reassign"):
        options = state.legal_decisions()
        kinds = {d.kind for d in options}
        if dictate and DICTATE in kinds:
            choice = next(d for d in options if d.kind == DICTATE)
            dictate = False
        elif MOVE in kinds:
            choice = next(d for d in options if d.kind == MOVE)
        elif DONE in kinds:
            choice = Decision(DONE, ())
        else:
            choice = options[0]
        state.apply(choice)


def test_an_opponents_number_of_hidden_decisions_does_not_change_a_view() -> None:
    for seed in range(1, 40):
        quiet = new_game("roll", players=2, seed=seed)
        busy = new_game("roll", players=2, seed=seed)
        for g in (quiet, busy):
            while g.step_name() != "assign":
                g.apply(g.legal_decisions()[0])
        assign_first_player(quiet, dictate=False)
        assign_first_player(busy, dictate=True)
        if len(busy.history) == len(quiet.history):
            continue  # Dictate was not possible with this roll
        second = busy.order[1]
        assert quiet.to_move() == busy.to_move() == second
        seen_quiet, seen_busy = quiet.view(second, Rng(7)), busy.view(second, Rng(7))
        assert seen_quiet.to_json() == seen_busy.to_json()
        return
    raise AssertionError("no seed let the first player Dictate")
