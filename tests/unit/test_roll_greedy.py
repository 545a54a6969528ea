"""The greedy bot plays Roll for the Galaxy: on what its seat may see, with a sensible
assignment, and clearly better than random play."""

from __future__ import annotations

import pytest

from nfgalaxy.bots import make_bot
from nfgalaxy.bots.greedy import heuristic
from nfgalaxy.core import new_game
from nfgalaxy.core.rng import Rng
from nfgalaxy.games.roll import powers as pw
from nfgalaxy.games.roll.rules import RollGame
from nfgalaxy.simulate import simulate


def test_heuristics_are_looked_up_by_game() -> None:
    roll = heuristic("roll-for-the-galaxy")
    assert roll.plan is not None and heuristic("new-frontiers").plan is None
    with pytest.raises(ValueError, match="unknown game"):
        heuristic("no-such-game")


def _hide_differently(state: RollGame, seat: int) -> RollGame:
    """The same game as ``seat`` sees it, with everything hidden from it changed: the others'
    unrevealed faces and the random numbers still to come (the tiles the bag will give)."""
    other = state.clone()
    other.rng = Rng(other.rng.state ^ 0x5A5A5A)
    if not state.revealed:
        for q in other.players:
            if q.seat != seat:
                for w in q.workers:
                    w["face"] = "ship" if w["face"] != "ship" else "explore"
                    w["column"] = w["column"] and w["face"]
    return other


def test_greedy_decides_only_on_what_its_seat_may_see() -> None:
    state = new_game("roll", players=4, seed=11)
    assert isinstance(state, RollGame)
    rng = Rng(3)
    compared = 0
    while not state.is_over() and state.round <= 6:
        seat = state.to_move()
        options = state.legal_decisions()
        if seat == 0:
            seen = make_bot("greedy", 1).choose(state)
            assert make_bot("greedy", 1).choose(_hide_differently(state, 0)) == seen
            state.apply(seen)  # chosen on a view, legal in the game itself
            compared += 1
        else:
            state.apply(options[rng.below(len(options))])
    assert compared > 20  # enough of its decisions were compared


def test_greedy_selects_phases_it_can_use() -> None:
    """Never Develop or Settle with an empty stack, Produce with no room for a good, or Ship
    with nothing to ship."""
    selections = []
    for seed in (1, 2):
        state = new_game("roll", players=4, seed=seed)
        assert isinstance(state, RollGame)
        bots = [make_bot("greedy", seed)] + [make_bot("random", seed + i) for i in (1, 2, 3)]
        me = state.players[0]
        while not state.is_over():
            seat = state.to_move()
            assert seat is not None
            ready = seat == 0 and state.step_name() == "assign" and not me.assigned
            usable = {
                "explore": True,
                "develop": bool(me.stacks["development"]),
                "settle": bool(me.stacks["world"]),
                "produce": any(
                    w.holds_goods and w.id not in me.goods for w in pw.worlds(state.tiles, me)
                ),
                "ship": bool(me.goods) or any(w["column"] == "produce" for w in me.workers),
            }
            state.apply(bots[seat].choose(state))
            if ready and (me.assigned or state.revealed) and me.selected:
                selections.append(me.selected)
                assert usable[me.selected], f"round {state.round}: selected {me.selected}"
    assert len(selections) >= 30 and len(set(selections)) >= 4


def test_greedy_beats_random_players_clearly() -> None:
    # Measured over 350 games: 93-95%. On these 20 seeded games the bot wins 19; the weights it
    # had before it decided on views (goods waiting to ship valued at 0.6) won 17, refused here.
    summary = simulate("roll", ["greedy", "random", "random", "random"], games=20, seed=40)
    assert summary.wins()[0] >= 18
    averages = summary.average()
    assert averages[0] > 1.3 * sum(averages[1:]) / 3
