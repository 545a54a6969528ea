"""The bots play Space Merchant: the greedy bot's route planning wins against random play and
reaches the target, not the round limit; it never proposes trades and decides on its view."""

from __future__ import annotations

import pytest

from nfgalaxy.bots.greedy import GreedyBot
from nfgalaxy.bots.random_bot import RandomBot
from nfgalaxy.core.registry import new_game
from nfgalaxy.games.space_merchant.heuristics import Planner, distances, exit_extra
from nfgalaxy.games.space_merchant.invariants import problems
from nfgalaxy.games.space_merchant.rules.common import PROPOSE


def play(seed: int, greedy_seat: int):  # type: ignore[no-untyped-def]
    g = new_game("space-merchant", players=2, seed=seed)
    bots = [RandomBot(seed), RandomBot(seed)]
    bots[greedy_seat] = GreedyBot(seed)
    proposals = 0
    while not g.is_over():
        seat = g.to_move()
        decision = bots[seat].choose(g)
        proposals += seat == greedy_seat and decision.kind == PROPOSE
        g.apply(decision)
    assert problems(g) == [] and proposals == 0
    return g


@pytest.mark.parametrize("seed", [1, 2])
def test_greedy_reaches_the_target_before_a_random_merchant(seed: int) -> None:
    g = play(seed, seed % 2)
    assert g.winners() == [seed % 2]
    assert g.net_worth(g.players[seed % 2]) >= 2000 and g.round < 100


@pytest.mark.slow
def test_greedy_wins_nine_games_in_ten_against_random() -> None:
    wins = sum(play(seed, seed % 2).winners() == [seed % 2] for seed in range(1, 41))
    assert wins >= 36


def test_a_navigation_exit_few_numbers_select_counts_the_turns_waited_for_it() -> None:
    g = new_game("space-merchant", players=2, seed=1)
    circle = next(s.id for s in g.board.spaces if s.kind.value == "navigation")
    exits = {
        n: len(g.board.link(circle, n).pilot_numbers_from(circle))
        for n in g.board.neighbours(circle)
    }
    extras = {n: exit_extra(g.board, circle, n) for n in exits}
    assert all(extras[a] >= extras[b] for a in exits for b in exits if exits[a] <= exits[b])
    assert distances(g.board, circle)[circle] == 0


def test_the_plan_values_an_undiscovered_city_and_landing_sells_what_it_carries() -> None:
    g = new_game("space-merchant", players=2, seed=3)
    while g.step_name() == "species":
        g.apply(g.legal_decisions()[0])
    planner = Planner(g, g.to_move())
    cities = [s for s, _v in planner.goals() if g.space(s).kind.value.endswith("city")]
    assert cities and all(g.undiscovered(g.habitable(s)) for s in cities)


def test_the_kept_distances_stay_bounded_across_many_boards(monkeypatch) -> None:
    """Each generated board is a new object: a process playing game after game keeps the
    distances of no more boards than its bound, and a board's distances are kept while it
    is in use."""
    from nfgalaxy.games.space_merchant import heuristics

    monkeypatch.setattr(heuristics, "_DIST", {})
    monkeypatch.setattr(heuristics, "_DIST_KEPT", 2)
    boards = [
        new_game("space-merchant", players=2, seed=1, options={"board": board_seed}).board
        for board_seed in range(1, 5)
    ]
    assert len({id(board) for board in boards}) == 4
    for board in boards:
        target = board.spaces[0].id
        table = distances(board, target)
        assert distances(board, target) is table
        assert len(heuristics._DIST) <= 2
