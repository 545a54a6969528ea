"""A seat's view depends only on what that seat may know, not on others' hidden choices."""

from __future__ import annotations

import json

from nfgalaxy.bots import make_bot
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


def _second_player_assigning(seed: int, players: int = 3) -> RollGame:
    """A game where the first player in order has assigned in secret and the second is to
    assign: the first player's dice are hidden from the second."""
    g = new_game("roll", players=players, seed=seed)
    assert isinstance(g, RollGame)
    while g.step_name() != "assign":
        g.apply(g.legal_decisions()[0])
    assign_first_player(g, dictate=False)
    return g


def test_different_rngs_deal_different_hidden_worlds() -> None:
    g = _second_player_assigning(4)
    second = g.order[1]
    views = [g.view(second, Rng(n), quiet=True).to_json() for n in range(6)]
    assert len({json.dumps(v, sort_keys=True) for v in views}) == 6
    # what the seat sees is the same in every world
    for v in views:
        assert v["players"][second] == g.players[second].to_json()


def test_equal_rng_states_give_equal_views_and_the_rng_advances() -> None:
    g = _second_player_assigning(4)
    second = g.order[1]
    a, b = Rng(99), Rng(99)
    assert g.view(second, a).to_json() == g.view(second, b).to_json()
    assert a.state == b.state != Rng(99).state


def test_a_view_records_nothing_secret_and_a_quiet_one_nothing_at_all() -> None:
    g = _second_player_assigning(4)
    second = g.order[1]
    v = g.view(second, Rng(1))
    assert v.history == []  # others' secret choices are in the real history
    assert v.log == g.log
    quiet = g.view(second, Rng(1), quiet=True)
    assert quiet.log == [] and quiet.events == []
    assert all(d.label == "" for d in quiet.legal_decisions())
    assert quiet.legal_decisions() == g.legal_decisions()
    bot = make_bot("random", 3)
    while not quiet.is_over():
        quiet.apply(bot.choose(quiet))
    assert quiet.log == []


def _differ_in_hidden_things(g: RollGame, seat: int) -> RollGame:
    """The same game as ``seat`` knows it, with everything hidden from it changed: others'
    faces and placements, the order of the bag, the tiles under others' top tiles and the
    random numbers to come."""
    other = g.copy(fork=False)
    other.rng = Rng(other.rng.state ^ 0xC0FFEE)
    other.bag = list(reversed(other.bag))
    for q in other.players:
        if q.seat == seat:
            continue
        if not g.revealed:
            for w in q.workers:
                w["face"] = "ship" if w["face"] != "ship" else "explore"
                w["column"] = w["column"] and w["face"]
        for kind in ("development", "world"):
            stack = q.stacks[kind]
            if len(stack) > 1 and other.bag:
                hidden = stack[1][:-1]
                stack[1] = other.bag.pop() + stack[1][-1]
                other.bag.append(hidden)
                other.bag.sort()
    return other


def test_states_differing_only_in_what_the_seat_cannot_see_give_equal_views() -> None:
    for seed in (2, 4, 9):
        g = _second_player_assigning(seed)
        second = g.order[1]
        twin = _differ_in_hidden_things(g, second)
        assert twin.to_json() != g.to_json()
        assert g.view(second, Rng(5)).to_json() == twin.view(second, Rng(5)).to_json()
        assert make_bot("greedy", 1).choose(g) == make_bot("greedy", 1).choose(twin)


def test_a_view_at_setup_does_not_show_the_tiles_others_drew() -> None:
    """§4 step 5: each player draws two tiles in secret and places them; until then nobody
    else knows which they are."""
    g = new_game("roll", players=4, seed=8)
    assert isinstance(g, RollGame) and g.step_name() == "start_tiles"
    first = g.order[0]
    real = {q.seat: sorted(q.drawn) for q in g.players if q.seat != first}
    dealt = [g.view(first, Rng(n)) for n in range(8)]
    assert all(v.players[first].drawn == g.players[first].drawn for v in dealt)
    assert any(
        {q.seat: sorted(q.drawn) for q in v.players if q.seat != first} != real for v in dealt
    )
    # a twin in which the others drew other tiles gives the same view
    twin = g.copy(fork=False)
    for q in twin.players:
        if q.seat != first:
            q.drawn, twin.bag[:2] = twin.bag[:2], q.drawn
    twin.bag.sort()
    assert twin.view(first, Rng(3)).to_json() == g.view(first, Rng(3)).to_json()


def test_clone_draws_differently_without_advancing_the_original() -> None:
    g = _second_player_assigning(4)
    state = g.rng.state
    copy = g.clone()
    assert g.rng.state == state and copy.rng.state != state
    assert copy.to_json()["players"] == g.to_json()["players"]
