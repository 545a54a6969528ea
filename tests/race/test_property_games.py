"""The property run: thousands of seeded random games, 2–4 players (the advanced 2-player game
among them), each ending with the 114 cards and the VP chips accounted for.
``test_race_random_games.py`` checks fewer games at every decision, with views; here the checks
run every few decisions and at the end, so a thousand games fit the everyday run (five games
share its time budget). The ten-thousand game soak is marked slow (``pytest -m slow``).
"""

from __future__ import annotations

import pytest
from race_scenario import CARDS

from nfgalaxy.core.rng import Rng
from nfgalaxy.games.race.invariants import problems
from nfgalaxy.games.race.rules import RaceGame

GAMES = 1000
SOAK_GAMES = 10_000
CHUNK = 250
MAX_DECISIONS = 3000
CHECK_EVERY = 9


def play_and_check(seed: int) -> RaceGame:
    """One random game from ``seed``; every invariant is checked every few decisions."""
    players = 2 + seed % 3
    advanced = players == 2 and seed % 4 == 0
    g = RaceGame.new(CARDS, players, seed, {"advanced": advanced})
    rng = Rng(seed * 104729 + 17)
    for made in range(MAX_DECISIONS):
        if g.is_over():
            break
        options = g.legal_decisions()
        assert options, f"seed {seed}: a game that is not over offers no decision"
        g.apply(options[rng.below(len(options))])
        if made % CHECK_EVERY == 0:
            assert problems(g) == [], f"seed {seed}, decision {made}"
    else:
        raise AssertionError(f"seed {seed}: no end after {MAX_DECISIONS} decisions")
    assert problems(g) == [], f"seed {seed} at the end"
    assert g.end_reasons, f"seed {seed}: ended without a reason"
    scores = g.scores()
    assert all(s["total"] == s["chips"] + s["printed"] + s["bonus"] + s["goals"] for s in scores)
    assert g.winners()
    return g


@pytest.mark.parametrize("chunk", range(GAMES // CHUNK))
def test_a_thousand_random_games_end_with_every_card_and_chip_accounted_for(
    chunk: int,
) -> None:
    for seed in range(10_000 + chunk * CHUNK, 10_000 + (chunk + 1) * CHUNK):
        play_and_check(seed)


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(SOAK_GAMES // CHUNK))
def test_soak_ten_thousand_random_games(chunk: int) -> None:
    for seed in range(100_000 + chunk * CHUNK, 100_000 + (chunk + 1) * CHUNK):
        play_and_check(seed)
