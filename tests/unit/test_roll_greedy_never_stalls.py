"""Roll's greedy bot never loops without progress (issue 17, point 1).

Seen in play: a greedy bot with Galactic Reserves kept cycling dice for a whole game and scored
7. A stalling bot shows in two ways, and both are checked over many four-player games against
random bots: it finishes below the random bots' median score, and the game drags on past what
the rules allow a player who makes progress.
"""

from __future__ import annotations

import statistics

import pytest

from nfgalaxy.bots import make_bot
from nfgalaxy.core import new_game
from nfgalaxy.games.roll.rules import RollGame
from nfgalaxy.games.roll.tileset import MAX_COST

# The round limit, from the rules (rules/roll-for-the-galaxy.md): the game ends at the end of a
# round in which some tableau reaches 12 tiles (§9.2). A tableau starts with 3 (the faction tile
# counts 2, plus the home world), so 9 tiles end it. Every round each player selects a phase
# with any one die, whatever its face (§5.2.2), and the cup never starts a round empty (§5.5:
# recruiting is mandatory, credits never stay at $0, an empty cup must recall), so a player who
# makes progress puts at least one developer or settler on a construction stack every round. A
# tile costs at most MAX_COST (6) such dice; when both stacks are empty, one round of Explore
# scouts a new tile first. So a player making the least possible progress ends the game within
# 9 tiles x (MAX_COST + 1) rounds = 63 rounds, whatever the others do.
TILES_TO_END = 12 - 3
ROUND_LIMIT = TILES_TO_END * (MAX_COST + 1)

# "Not more than a few times": the retuned greedy bot wins about 94% of these games and finished
# below the random bots' median 3 times in the 200 games of seeds 0-199; a stall does so nearly
# every game. 5% leaves room for bad luck and none for a stall.
ALLOWED_BELOW_MEDIAN = 0.05


def _play(seed: int) -> tuple[int, list[int]]:
    """One game, greedy in seat 0 against three random bots: its last round and the scores."""
    state = new_game("roll", players=4, seed=seed)
    assert isinstance(state, RollGame)
    bots = [make_bot("greedy", seed)] + [make_bot("random", seed * 10 + i) for i in (1, 2, 3)]
    while not state.is_over():
        assert state.round <= ROUND_LIMIT, f"seed {seed}: round {state.round} > {ROUND_LIMIT}"
        seat = state.to_move()
        assert seat is not None
        state.apply(bots[seat].choose(state))
    return state.round, [score["total"] for score in state.scores()]


def _check_never_stalls(games: int) -> None:
    below = []
    for seed in range(games):
        rounds, scores = _play(seed)
        assert rounds <= ROUND_LIMIT, f"seed {seed}: {rounds} rounds > {ROUND_LIMIT}"
        if scores[0] < statistics.median(scores[1:]):
            below.append((seed, scores))
    assert len(below) <= ALLOWED_BELOW_MEDIAN * games, f"greedy below the median: {below}"


def test_the_round_limit_follows_from_the_rules() -> None:
    assert MAX_COST == 6 and ROUND_LIMIT == 63


def test_greedy_makes_progress_in_20_games_against_random_bots() -> None:
    """The everyday run's sample: at most 1 game of 20 below the random bots' median."""
    _check_never_stalls(20)


@pytest.mark.slow
def test_greedy_makes_progress_in_200_games_against_random_bots() -> None:
    """The issue's 200 games (about a minute): at most 10 below the random bots' median."""
    _check_never_stalls(200)
