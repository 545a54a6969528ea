"""Roll for the Galaxy's win features: plain counts of a player's empire, each also times the
game left, and the fitted weights that read them."""

from __future__ import annotations

import pytest

from nfgalaxy.core.registry import descriptor, new_game
from nfgalaxy.core.win_model import load
from nfgalaxy.games.roll.win_features import BASE, FEATURES, NAMES, features

GAME = "roll-for-the-galaxy"


def test_every_count_appears_as_it_is_and_times_the_game_left():
    assert BASE + tuple(f"{name}*left" for name in BASE) == NAMES
    assert len(set(NAMES)) == len(NAMES) == 40
    state = new_game(GAME, 2, 1)
    assert len(features(state, 0)) == len(NAMES)


def test_a_hand_made_empire_is_counted_as_a_player_would():
    state = new_game(GAME, 2, 1)
    p = state.players[0]
    # Consumer Markets, Space Mall (novelty, holds goods), Epsilon Eridani (gray), Galactic
    # Bankers (6-cost: 1 VP per development) and High-Gravity World (gray).
    p.tableau = ["F3a", "F3b", "H9", "T13d", "T37w"]
    p.vp, p.credits, p.goods = 4, 5, {"F3b": ["blue"]}
    p.stacks = {"development": ["T11d"], "world": ["T17w", "T37w"]}
    p.stack_dice = {"development": ["white"], "world": []}
    p.drawn = []
    p.cup = {**p.cup, "white": 2}
    p.citizenry = {**p.citizenry, "white": 1}
    p.workers = [{"id": 1, "colour": "red", "face": "ship", "column": "ship"}]
    got = dict(zip(NAMES, features(state, 0), strict=True))
    counts = {name: got[name] for name in BASE}
    assert counts == {
        "vp": 4 + 3 + 0 + 2 + 6 + 1 + 2,  # chips, tile costs, Bankers' 2 developments
        "chips": 4,
        "credits": 5,
        "goods": 1,
        "developments": 2,
        "six_cost": 1,
        "worlds": 3,
        "goods_worlds": 1,
        "cup": 2 + 1 + 1,  # the cup's dice and the worker on the strip
        "citizenry": 1 + 1 + 1,
        "construction": 3,
        "top_cost": 6 + 3,  # Free Trade Association and Blaster Gem Mines
        "on_top": 1,
        "dice_white": 2 + 1 + 1,  # cup, citizenry, on the development stack
        "dice_red": 1 + 1,  # citizenry, the worker
        "dice_purple": 0,
        "dice_blue": 1 + 1 + 1,  # cup, citizenry, the good
        "dice_brown": 0,
        "dice_green": 0,
        "dice_yellow": 0,
    }
    # Five tiles of the twelve that end the game, three at the start: 7 of 9 left.
    left = 0.15 + 0.85 * 7 / 9
    for name in BASE:
        assert got[f"{name}*left"] == pytest.approx(counts[name] * left)


def test_the_model_is_plugged_into_the_heuristic_and_applies_to_two_players_only():
    rules = descriptor(GAME).heuristics()
    assert rules.win_features() is FEATURES
    assert FEATURES.applies(new_game(GAME, 2, 1))
    assert not FEATURES.applies(new_game(GAME, 3, 1))


def test_the_shipped_weights_name_every_feature_and_are_fitted_for_two_players():
    model = load(FEATURES)
    assert model is not None
    assert set(model.weights) == {2}
    assert len(model.for_players(2)) == len(NAMES)
    state = new_game(GAME, 2, 1)
    chances = model.chances(state, 2)
    assert sum(chances) == pytest.approx(1.0)


def test_another_games_weights_are_refused():
    from importlib import resources

    from nfgalaxy.core.win_model import WinModelError, parse

    race = resources.files("nfgalaxy.games.race").joinpath("data", "win_model.toml")
    with pytest.raises(WinModelError, match="fit the model again"):
        parse(FEATURES, race.read_text(encoding="utf-8"), "race's file")
