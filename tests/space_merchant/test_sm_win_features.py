"""Space Merchant's win model: what each feature counts, where the model applies, that it is
plugged in while every level judges by the margin, and that the fitted weights judge as the
greedy value means it (more value never lowers a seat's chance)."""

from __future__ import annotations

import pytest

from nfgalaxy.bots.greedy import GreedyBot
from nfgalaxy.core.registry import new_game
from nfgalaxy.core.win_model import load
from nfgalaxy.games.space_merchant.heuristics import position_value
from nfgalaxy.games.space_merchant.win_features import (
    FEATURES,
    NAMES,
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
def test_the_features_are_the_value_its_square_and_the_order_then_times_the_race_left(
    seed: int,
) -> None:
    g = _midgame(seed)
    left = race_left(g)
    richest = max(g.net_worth(p) for p in g.players)
    assert left == pytest.approx(1 - richest / 2000) and 0.0 < left < 1.0
    for seat in range(2):
        values = list(features(g, seat))
        assert len(values) == len(NAMES) == 6
        value = position_value(g, seat) / 100
        assert values[:3] == pytest.approx([value, value * value, g.order.index(seat)])
        assert values[3:] == pytest.approx([x * left for x in values[:3]])


def test_the_race_left_falls_to_zero_once_a_merchant_reaches_the_target() -> None:
    g = _midgame(3)
    g.players[0].cash = 2500
    assert race_left(g) == 0.0
    for p in g.players:
        p.cash = 0
    g.players[1].cash = 500
    richest = max(g.net_worth(p) for p in g.players)
    assert race_left(g) == pytest.approx(1 - richest / 2000)


def test_the_model_applies_only_to_games_raced_to_2000_with_an_unlimited_bank() -> None:
    assert applies(new_game("space-merchant", players=2, seed=1))
    assert not applies(new_game("space-merchant", players=3, seed=1))
    assert applies(new_game("space-merchant", players=2, seed=1, options={"board": 4}))
    assert not applies(new_game("space-merchant", players=2, seed=1, options={"victory": 1000}))
    assert not applies(new_game("space-merchant", players=2, seed=1, options={"bank": 5000}))


def test_more_value_never_lowers_a_seats_chance_under_the_shipped_weights() -> None:
    """The search compares decisions by the chances the model gives: a weight that made a
    richer position look worse (a falling square, say) would have it throw money away."""
    model = load(FEATURES)
    assert model is not None
    w = model.for_players(2)
    assert w[0] + w[3] > 0  # a lead counts for something at every stage of the race
    for left in (0.0, 0.25, 0.5, 0.75, 1.0):
        # The values a position may have there: net worth is at most what the race left
        # says the richest has, and holdings and the trade ahead add a few hundred more.
        for hundreds in range(0, round(20 * (1 - left)) + 7):
            # d(score)/d(value): the value's weight and twice the square's, each plus its
            # weight times the race left.
            slope = (w[0] + w[3] * left) + 2 * hundreds * (w[1] + w[4] * left)
            assert slope > 0, (left, hundreds, slope)


def test_the_features_are_plugged_in_and_every_level_judges_by_the_margin() -> None:
    from nfgalaxy.bots.levels import LEVELS, for_game
    from nfgalaxy.bots.search import _win_model, judge_for
    from nfgalaxy.core.registry import descriptor

    rules = descriptor("space-merchant").heuristics()
    assert rules.win_features is not None and rules.win_features() is FEATURES
    g = new_game("space-merchant", players=2, seed=1)
    for level in LEVELS.values():
        played = for_game(level, rules.levels)
        assert not played.fitted, played
        assert judge_for(played, rules, g, 2) is None
    assert _win_model(rules, g, 2) is load(FEATURES)  # a variant judged by the model


def test_the_hint_says_which_merchant_is_ahead_on_wealth_and_the_trade_ahead() -> None:
    from nfgalaxy.bots.reasons import position_reasons, reasons_words

    g = _midgame(2)
    values = [position_value(g, seat) for seat in range(2)]
    ahead = values.index(max(values))
    assert reasons_words(position_reasons(g, ahead)) == "ahead on wealth and the trade ahead"
    assert reasons_words(position_reasons(g, 1 - ahead)) == "behind on wealth and the trade ahead"
