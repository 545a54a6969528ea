"""Random games (property test): 2–4 players, every game ends, and at every decision the 114
cards and the VP chips are all accounted for; views of a seat keep what it knows."""

from __future__ import annotations

import pytest
from race_scenario import CARDS

from nfgalaxy.core.rng import Rng
from nfgalaxy.games.race.rules import RaceGame
from nfgalaxy.games.race.state import VP_PER_PLAYER

GAMES = 210
MAX_DECISIONS = 3000


def play(seed: int) -> RaceGame:
    players = 2 + seed % 3
    g = RaceGame.new(CARDS, players, seed, {})
    rng = Rng(seed * 7919 + 1)
    box = CARDS.copies()
    for made in range(MAX_DECISIONS):
        if made == 60 and not g.is_over():
            seat = g.to_move()
            assert seat is not None
            v = g.view(seat, Rng(seed))
            assert v.card_count() == box
            assert sorted(v.players[seat].hand) == sorted(g.players[seat].hand)
        if g.is_over():
            return g
        options = g.legal_decisions()
        assert options, "a game that is not over always offers a decision"
        g.apply(options[rng.below(len(options))])
        assert g.card_count() == box
        assert g.vp_pool + sum(p.vp for p in g.players) == VP_PER_PLAYER * players
    raise AssertionError(f"game {seed} did not end")


@pytest.mark.parametrize("chunk", range(GAMES // 30))
def test_random_games_end_with_every_card_and_chip_accounted_for(chunk: int) -> None:
    for seed in range(chunk * 30, chunk * 30 + 30):
        g = play(seed)
        assert g.end_reasons
        assert any(len(p.tableau) >= 12 for p in g.players) or g.vp_pool <= 0
        scores = g.scores()
        assert all(s["total"] == s["chips"] + s["printed"] + s["bonus"] for s in scores)
        assert g.winners()
