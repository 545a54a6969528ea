"""Race's win-model features: what each of the detailed model's numbers counts."""

from __future__ import annotations

import pytest

from nfgalaxy.bots.random_bot import RandomBot
from nfgalaxy.games.race.cards import builtin
from nfgalaxy.games.race.heuristics import game_left
from nfgalaxy.games.race.rules import RaceGame
from nfgalaxy.games.race.win_features import (
    BASE,
    CARD_IDS,
    DETAILED_NAMES,
    NAMES,
    PAIRS,
    detailed_features,
    features,
)

CARDS = builtin()


def _midgame(seed: int) -> RaceGame:
    """A 2-player game played by random bots until the fourth round begins."""
    g = RaceGame.new(CARDS, 2, seed, {})
    bots = [RandomBot(seed * 7 + s) for s in range(2)]
    while g.round < 4 and not g.is_over():
        seat = g.to_move()
        assert seat is not None
        g.apply(bots[seat].choose(g))
    return g


@pytest.mark.parametrize("seed", [3, 8])
def test_the_detailed_features_are_the_counts_their_products_and_the_cards(seed: int) -> None:
    g = _midgame(seed)
    left = game_left(g)
    assert 0.0 < left < 1.0
    for seat in range(2):
        values = list(detailed_features(g, seat))
        assert len(values) == len(DETAILED_NAMES)
        counts = list(features(g, seat))
        assert values[: len(NAMES)] == counts
        base = counts[: len(BASE)]
        pairs = len(PAIRS)
        products = values[len(NAMES) : len(NAMES) + pairs]
        assert products == [base[i] * base[j] for i, j in PAIRS]
        assert values[len(NAMES) + pairs : len(NAMES) + 2 * pairs] == pytest.approx(
            [x * left for x in products]
        )
        # Named for what they multiply: "vp x vp" is the square of the VP.
        assert DETAILED_NAMES[len(NAMES)] == f"{BASE[0]} x {BASE[0]}"
        start, n = len(NAMES) + 2 * pairs, len(CARD_IDS)
        tableau, tableau_left, hand, hand_left = (
            values[start + k * n : start + (k + 1) * n] for k in range(4)
        )
        player = g.players[seat]
        placed = [g.cards[c].id for c in player.tableau]
        held = [g.cards[c].id for c in player.hand]
        assert tableau == [float(placed.count(c)) for c in CARD_IDS]
        assert hand == [float(held.count(c)) for c in CARD_IDS]
        assert tableau_left == pytest.approx([x * left for x in tableau])
        assert hand_left == pytest.approx([x * left for x in hand])
        assert sum(tableau) == len(placed) and sum(hand) == len(held)
