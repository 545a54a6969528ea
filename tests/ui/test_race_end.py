"""Race's end-of-game story: the 6-cost bonuses by card, the tie-break, and the action cards
each player chose, counted from the reveals."""

from __future__ import annotations

import random

from nfgalaxy.games.race import new
from nfgalaxy.games.race.rules.goals import GoalKind, goal
from nfgalaxy.games.race.ui.end import action_counts, goal_details, phases_chosen, race_details
from nfgalaxy.games.race.ui.strip import PHASE_WORDS


def play_out(players: int, seed: int, advanced: bool = False):
    state = new(players, seed=seed, options={"advanced": advanced})
    rng = random.Random(seed)
    while not state.is_over():
        state.apply(rng.choice(state.legal_decisions()))
    return state


def test_each_player_chose_one_action_card_a_round_and_the_end_lists_them() -> None:
    state = play_out(3, seed=3)
    counts = action_counts(state)
    assert [sum(c.values()) for c in counts] == [state.round] * 3
    lines = race_details(state)
    at = lines.index("Action cards chosen, by phase:")
    for player, count in zip(state.players, counts, strict=True):
        line = next(line for line in lines[at:] if line.startswith(f"{player.name}: "))
        for card, n in count.items():
            if card.phase == card.value:  # one card of that phase: counted under its name
                assert f"{PHASE_WORDS[card.phase]} ×{n}" in line, line
    assert all("tie-break" in line for line in lines[: len(state.players)])


def test_in_the_advanced_game_both_cards_of_a_round_are_counted() -> None:
    state = play_out(2, seed=8, advanced=True)
    assert [sum(c.values()) for c in action_counts(state)] == [2 * state.round] * 2


def test_a_phase_with_two_cards_says_which_were_chosen() -> None:
    from collections import Counter

    from nfgalaxy.games.race.state import Action

    counts = Counter({Action.EXPLORE_5: 2, Action.EXPLORE_1_1: 1, Action.SETTLE: 1})
    assert phases_chosen(counts) == "I Explore ×3 (+5 ×2, +1/+1 ×1), III Settle ×1"


def test_the_end_details_say_who_scored_each_goal() -> None:
    state = new(3, seed=5, options={"expansion": "rvi"})
    rng = random.Random(5)
    while not state.is_over():
        options = state.legal_decisions()
        state.apply(options[rng.randrange(len(options))])
    details = race_details(state)
    heading = next(i for i, line in enumerate(details) if line.startswith("Goals (First 3 VP"))
    lines = details[heading + 1 : heading + 1 + len(state.goals)]
    assert [line.split(":")[0] for line in lines] == [goal(g).name for g in state.goals]
    assert any("+3" in line or "+5" in line for line in lines)  # somebody scored one


def test_a_first_goal_says_each_only_when_several_shared_it() -> None:
    state = new(3, seed=5, options={"expansion": "rvi"})
    first = next(g for g in state.goals if goal(g).kind is GoalKind.FIRST)
    name = goal(first).name
    names = [p.name for p in state.players]
    state.goal_claims[first] = [0]
    assert f"{name}: {names[0]} +3" in goal_details(state)
    state.goal_claims[first] = [0, 2]
    assert f"{name}: {names[0]}, {names[2]} +3 each" in goal_details(state)
