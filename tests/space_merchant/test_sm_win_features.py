"""Space Merchant's win-model features: what each number counts, and where the model applies."""

from __future__ import annotations

import pytest

from nfgalaxy.bots.greedy import GreedyBot
from nfgalaxy.core.registry import new_game
from nfgalaxy.games.space_merchant.heuristics import Planner
from nfgalaxy.games.space_merchant.win_features import (
    BASE,
    NAMES,
    PAIRS,
    applies,
    features,
    race_left,
)


def _midgame(seed: int, rounds: int = 12):  # type: ignore[no-untyped-def]
    """A 2-player game of greedy bots, at the start of round ``rounds``."""
    g = new_game("space-merchant", players=2, seed=seed)
    bots = [GreedyBot(seed * 7 + s) for s in range(2)]
    while g.round < rounds and not g.is_over():
        g.apply(bots[g.to_move()].choose(g))
    return g


@pytest.mark.parametrize("seed", [2, 5])
def test_the_features_are_the_counts_times_the_race_left_and_their_products(seed: int) -> None:
    g = _midgame(seed)
    left = race_left(g)
    richest = max(g.net_worth(p) for p in g.players)
    assert left == pytest.approx(1 - richest / 2000) and 0.0 < left < 1.0
    for seat in range(2):
        values = list(features(g, seat))
        assert len(values) == len(NAMES)
        k = len(BASE)
        counts = values[:k]
        assert values[k : 2 * k] == pytest.approx([x * left for x in counts])
        products = values[2 * k : 2 * k + len(PAIRS)]
        assert products == [counts[i] * counts[j] for i, j in PAIRS]
        assert values[2 * k + len(PAIRS) :] == pytest.approx([x * left for x in products])
        assert NAMES[2 * k] == "worth x worth"
        named = dict(zip(BASE, counts, strict=True))
        p = g.players[seat]
        assert named["worth"] == g.net_worth(p) / 100
        assert named["deeds"] == len(p.deeds)
        assert named["markets"] == len(Planner(g, seat).known)
        assert named["order"] == g.order.index(seat)
        assert named["holds"] >= 1 and named["dice"] >= 1
        assert named["ahead"] >= 0 and named["cargo"] >= 0


def test_the_race_left_falls_to_zero_once_a_merchant_reaches_the_target() -> None:
    g = _midgame(3)
    g.players[0].cash = 2500
    assert race_left(g) == 0.0
    g.players[0].cash = 0
    g.players[1].cash = 500
    assert race_left(g) == pytest.approx(0.75 - g.deed_value(g.players[1]) / 2000)


def test_the_model_applies_only_to_games_raced_to_2000_with_an_unlimited_bank() -> None:
    assert applies(new_game("space-merchant", players=2, seed=1))
    assert applies(new_game("space-merchant", players=2, seed=1, options={"board": 4}))
    assert not applies(new_game("space-merchant", players=2, seed=1, options={"victory": 1000}))
    assert not applies(new_game("space-merchant", players=2, seed=1, options={"bank": 5000}))
