"""Goals in a game being played (rules §B5): checked by the engine at the end of each phase
and of each round (Budget Surplus at the hand limit), goal VP at game end and in ``scores()``
without touching the VP pool, and goals in saves, copies and views.
"""

from __future__ import annotations

import json

import pytest
from goal_scenario import START, developments, events, goal_table, holder, play_to_round_end
from race_scenario import CARDS, A, B, C, pick, reveal, set_player, set_tableaux, table

from nfgalaxy.core.rng import Rng
from nfgalaxy.games.race.rules import RaceGame
from nfgalaxy.games.race.rules.common import PLACE
from nfgalaxy.games.race.rules.goals import (
    GoalKind,
    builtin,
    check_goals,
    claimed_by,
    goal_progress,
    goal_vp,
)
from nfgalaxy.games.race.state import Action

SEVEN = [START, "artist_colony", "destroyed_world", "asteroid_belt", "gem_world", "new_vinland"]
SEVEN += ["space_port"]


def test_first_goal_is_checked_at_the_end_of_the_phase_that_meets_it() -> None:
    g = goal_table("expansion_leader")
    set_tableaux(g, {A: SEVEN, B: ["epsilon_eridani"]})
    set_player(g, A, hand=["new_military_tactics"])
    reveal(g, {A: Action.DEVELOP})
    pick(g, PLACE, "new_military_tactics")  # cost 1 − 1 (Develop bonus): nothing to pay
    kinds = [
        (e.kind, e.components[:1]) for e in g.events if e.kind in ("phase", "goal_claim", "place")
    ]
    develop = kinds.index(("phase", ("develop",)))
    assert kinds[develop + 1 : develop + 4] == [
        ("place", ("new_military_tactics",)),
        ("goal_claim", ("expansion_leader",)),
        ("phase", ("produce",)),
    ]
    assert g.log.count("Player 1 claims the goal Expansion Leader (3 VP at game end).") == 1


def test_budget_surplus_goes_to_the_players_discarding_for_the_hand_limit_at_round_end() -> None:
    g = goal_table("budget_surplus", players=3)
    set_player(g, A, hand=[], filler=12)
    set_player(g, B, hand=[], filler=8)
    set_player(g, C, hand=[], filler=11)
    reveal(g, {}, default=Action.EXPLORE_1_1)  # everyone draws 2 + 1, keeps 1 + 1
    play_to_round_end(g)
    # A (14 cards) and C (13) discard down to 10 at the end of the round, B (10) does not:
    # A and C claim it at the same check.
    assert claimed_by(g, "budget_surplus") == [A, C]
    assert [seat for seat, _ in events(g, "hand_limit")] == [s for s in g.order if s != B]
    assert g.hand_limit_discarders == []


def test_budget_surplus_is_not_claimed_without_a_hand_limit_discard() -> None:
    g = goal_table("budget_surplus")
    set_player(g, A, hand=[], filler=11)
    set_player(g, B, hand=[], filler=2)
    reveal(g, {}, default=Action.PRODUCE)
    play_to_round_end(g)
    assert claimed_by(g, "budget_surplus") == [A]
    # The round after, B's discard comes too late: the tile is gone.
    set_player(g, B, hand=[], filler=12)
    reveal(g, {}, default=Action.PRODUCE)
    play_to_round_end(g)
    assert claimed_by(g, "budget_surplus") == [A]


# --------------------------------------------------------------------------- game end


def test_goal_vp_count_at_game_end_and_in_scores_without_draining_the_pool() -> None:
    g = goal_table("expansion_leader", "greatest_infrastructure", "galactic_status")
    eleven = [START, "investment_credits", "export_duties", "public_works", "colony_ship"]
    eleven += ["deficit_spending", "artist_colony", "destroyed_world", "asteroid_belt"]
    eleven += ["gem_world", "new_vinland"]
    set_tableaux(g, {A: eleven, B: ["epsilon_eridani", "space_marines", "drop_ships"]})
    set_player(g, A, hand=["new_military_tactics"])
    pool = g.vp_pool
    reveal(g, {A: Action.DEVELOP})
    pick(g, PLACE, "new_military_tactics")  # the 12th card: the game ends after this round
    while not g.is_over():
        g.apply(g.legal_decisions()[0])
    assert claimed_by(g, "expansion_leader") == [A]
    assert claimed_by(g, "greatest_infrastructure") == [A]
    assert claimed_by(g, "galactic_status") == []
    scores = g.scores()
    assert scores[A]["goals"] == 3 + 5 and scores[B]["goals"] == 0
    for s in scores:
        assert s["total"] == s["chips"] + s["printed"] + s["bonus"] + s["goals"]
    assert g.vp_pool == pool  # goal VP are not chips
    assert sum(p.vp for p in g.players) == 0
    assert any(line.endswith(", 8 from goals).") for line in g.log)


def test_at_game_end_players_tied_with_the_holder_score_three() -> None:
    g = goal_table("greatest_infrastructure", players=3)
    developments(g, {A: 4, B: 3, C: 1})
    check_goals(g)
    developments(g, {A: 4, B: 4, C: 1})
    check_goals(g)
    assert holder(g) == [A]
    assert goal_vp(g) == [5, 3, 0]
    assert [s["goals"] for s in g.scores()] == [5, 3, 0]


def test_tied_below_the_minimum_scores_nothing() -> None:
    g = goal_table("greatest_infrastructure")
    developments(g, {A: 3, B: 3})
    check_goals(g)
    assert goal_vp(g) == [0, 0]


# --------------------------------------------------------------------------- state


def test_saves_with_goals_load_back_equal() -> None:
    g = goal_table("budget_surplus", "greatest_infrastructure", "galactic_riches")
    developments(g, {A: 4, B: 2})
    check_goals(g)
    g.hand_limit_discarders = [B]
    data = json.loads(json.dumps(g.to_json()))
    loaded = RaceGame.from_json(data, CARDS)
    assert loaded.to_json() == g.to_json()
    assert loaded.goal_claims["greatest_infrastructure"] == [A]
    assert loaded.scores() == g.scores()


def test_a_save_from_before_goals_loads_without_goals() -> None:
    data = json.loads(json.dumps(table().to_json()))
    for key in ("goals", "goal_claims", "hand_limit_discarders"):
        del data[key]
    loaded = RaceGame.from_json(data, CARDS)
    assert loaded.goals == [] and loaded.goal_claims == {} and loaded.scores()[A]["goals"] == 0


def test_a_save_naming_an_unknown_goal_is_refused() -> None:
    data = json.loads(json.dumps(goal_table("galactic_riches").to_json()))
    data["goals"] = ["galactic_wealth"]
    data["goal_claims"] = {"galactic_wealth": []}
    with pytest.raises(ValueError, match="unknown goals"):
        RaceGame.from_json(data, CARDS)
    data = json.loads(json.dumps(goal_table("galactic_riches").to_json()))
    data["goal_claims"] = {"galactic_riches": [5]}
    with pytest.raises(ValueError, match="names no player"):
        RaceGame.from_json(data, CARDS)


def test_copies_and_views_keep_the_goals_apart_from_the_game() -> None:
    g = goal_table("greatest_infrastructure")
    developments(g, {A: 4, B: 1})
    copy = g.copy(quiet=True)
    view = g.view(B, Rng(3))
    developments(copy, {A: 4, B: 5})
    check_goals(copy)
    assert claimed_by(copy, "greatest_infrastructure") == [B]
    assert claimed_by(g, "greatest_infrastructure") == []
    check_goals(g)
    assert claimed_by(g, "greatest_infrastructure") == [A]
    assert view.goals == g.goals  # face up: every seat sees them


def test_quiet_copies_check_goals_without_words() -> None:
    g = goal_table("greatest_infrastructure")
    copy = g.copy(quiet=True)
    developments(copy, {A: 4, B: 1})
    check_goals(copy)
    assert claimed_by(copy, "greatest_infrastructure") == [A] and copy.events == []


@pytest.mark.parametrize("seed", range(6))
def test_random_games_with_every_goal_keep_the_goal_rules(seed: int) -> None:
    """Every tile in play at once: at the end, each "Most" goal's holder is strictly ahead of
    nobody's count and at its minimum, the scores add up, and the save loads back equal."""
    g = goal_table(*builtin(), players=2 + seed % 3, seed=seed)
    rng = Rng(seed)
    while not g.is_over():
        options = g.legal_decisions()
        g.apply(options[rng.below(len(options))])
    for item in builtin().values():
        claims = claimed_by(g, item.id)
        if item.kind is GoalKind.MOST:
            progress = goal_progress(g, item.id)
            assert len(claims) <= 1
            for seat in claims:
                assert progress[seat] == max(progress) >= item.minimum
            leaders = [s for s, n in enumerate(progress) if n == max(progress)]
            if len(leaders) == 1 and max(progress) >= item.minimum:
                assert claims == leaders
    vp = goal_vp(g)
    assert [s["goals"] for s in g.scores()] == vp
    claims_made = len(events(g, "goal_claim"))
    assert claims_made >= sum(len(claimed_by(g, goal_id)) for goal_id in g.goals)
    loaded = RaceGame.from_json(json.loads(json.dumps(g.to_json())), CARDS)
    assert loaded.to_json() == g.to_json() and loaded.scores() == g.scores()
