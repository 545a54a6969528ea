"""The review after the game: each reviewed decision weighed against the search's choice."""

from __future__ import annotations

from nfgalaxy.bots import make_bot
from nfgalaxy.bots.levels import SearchLevel
from nfgalaxy.bots.review import Slip, count_points, decision_points, review
from nfgalaxy.bots.search import Estimate, SearchBot
from nfgalaxy.core.decision import Decision
from nfgalaxy.core.registry import game_ids, new_game


def _random_game(game: str, players: int = 2, seed: int = 3):
    state = new_game(game, players=players, seed=seed)
    bots = [make_bot("random", seat) for seat in range(players)]
    while not state.is_over():
        state.apply(bots[state.to_move()].choose(state))
    return state


def test_the_points_are_the_reviewed_seats_real_choices_in_order():
    state = _random_game(game_ids()[0])
    points = list(decision_points(state, {1}))
    assert points and count_points(state, {1}) == len(points)
    indexes = [index for index, _position, _chosen in points]
    assert indexes == sorted(indexes)
    for index, position, chosen in points:
        assert position.to_move() == 1
        assert len(position.legal_decisions()) > 1 and chosen in position.legal_decisions()
        assert Decision.from_json(state.history[index]) == chosen


def test_a_decision_costs_the_difference_to_the_searchs_choice_costliest_first():
    state = _random_game(game_ids()[0])

    def judge(position, chosen, seed):
        """A stand-in search: on even decisions it prefers another option by 0.1 or 0.3."""
        if seed % 2:
            return [Estimate(chosen, 0.5, 10)]
        other = next(d for d in position.legal_decisions() if d != chosen)
        gap = 0.3 if seed % 4 == 0 else 0.1
        return [Estimate(other, 0.5 + gap, 10), Estimate(chosen, 0.5, 10)]

    seen: list[int] = []
    slips = review(state, {0}, judge, seen.append)
    points = list(decision_points(state, {0}))
    assert seen == list(range(1, len(points) + 1))  # progress after every position
    expected = [index for index, _p, _c in points if index % 2 == 0]
    assert sorted(s.index for s in slips) == expected
    costs = [round(s.cost, 6) for s in slips]
    assert costs == sorted(costs, reverse=True) and set(costs) <= {0.3, 0.1}
    assert all(isinstance(s, Slip) and s.seat == 0 and s.best != s.chosen for s in slips)
    assert all(s.chosen.label for s in slips)  # labelled as the player saw them


def test_a_kept_decision_races_to_the_end_and_is_judged_on_as_many_worlds_as_the_best():
    level = SearchLevel("keep", iterations=64, seconds=60.0, playout=6, width=8)
    for game in game_ids():
        state = new_game(game, players=3, seed=5)
        while len(state.legal_decisions()) < 3:
            state.apply(state.legal_decisions()[0])
        worst = SearchBot(1, level).analyse(state)[-1].decision
        estimates = SearchBot(1, level).analyse(state, keep=worst)
        kept = next(e for e in estimates if e.decision == worst)
        assert kept.visits == max(e.visits for e in estimates)


def test_a_slip_says_what_the_judgement_of_its_position_rested_on() -> None:
    from nfgalaxy.core.decision import Decision
    from nfgalaxy.ui.widgets.review import slip_lines

    slip = Slip(0, 3, 10, Decision("a"), Decision("b"), 0.4, 0.5, "ahead on VP")
    assert slip_lines([slip], ["Ann"], [0])[1].endswith("a cost of 10%; you were ahead on VP")
    bare = Slip(0, 3, 10, Decision("a"), Decision("b"), 0.4, 0.5)
    assert slip_lines([bare], ["Ann"], [0])[1].endswith("a cost of 10%")
