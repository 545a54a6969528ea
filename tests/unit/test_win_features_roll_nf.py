"""The win features of Roll for the Galaxy and New Frontiers: plain counts of a player's empire,
each also times the game left, plugged into the game's Heuristic for the setups fitted, and the
weights files that read them."""

from __future__ import annotations

from importlib import resources
from types import ModuleType

import pytest

from nfgalaxy.core.registry import descriptor, new_game
from nfgalaxy.core.win_model import WinModelError, load, parse
from nfgalaxy.games.new_frontiers import win_features as nf
from nfgalaxy.games.roll import win_features as roll

ROLL, NF = "roll-for-the-galaxy", "new-frontiers"
#: Each game with its features' module and how many features it has.
GAMES = [(ROLL, roll, 40), (NF, nf, 32)]
BY_GAME = pytest.mark.parametrize(("game", "module", "count"), GAMES, ids=["roll", "nf"])
#: The games whose fitted weights ship (every one of them now).
FITTED = [ROLL, NF]


def _assert_left(got: dict[str, float], counts: dict[str, float], left: float) -> None:
    """Each count's ``*left`` twin is the count times the game left."""
    for name, value in counts.items():
        assert got[f"{name}*left"] == pytest.approx(value * left)


@BY_GAME
def test_every_count_appears_as_it_is_and_times_the_game_left(game, module: ModuleType, count):
    assert module.BASE + tuple(f"{name}*left" for name in module.BASE) == module.NAMES
    assert len(set(module.NAMES)) == len(module.NAMES) == count
    assert len(module.features(new_game(game, 2, 1), 0)) == count


@BY_GAME
def test_the_model_applies_for_two_players_only_and_is_plugged_in_once_fitted(game, module, count):
    assert module.FEATURES.applies(new_game(game, 2, 1))
    assert not module.FEATURES.applies(new_game(game, 3, 1))
    plugged = descriptor(game).heuristics().win_features
    if game in FITTED:
        assert plugged is not None and plugged() is module.FEATURES
    else:  # its search judges as before until the weights are fitted and measured
        assert plugged is None


def test_the_new_frontiers_model_does_not_apply_with_goals():
    assert not nf.FEATURES.applies(new_game(NF, 2, 1, {"goals": True}))


@BY_GAME
def test_another_games_weights_are_refused(game, module, count):
    race = resources.files("nfgalaxy.games.race").joinpath("data", "win_model.toml")
    with pytest.raises(WinModelError, match="fit the model again"):
        parse(module.FEATURES, race.read_text(encoding="utf-8"), "race's file")


@pytest.mark.parametrize("game", FITTED)
def test_the_shipped_weights_name_every_feature_and_are_fitted_for_two_players(game):
    model = load(descriptor(game).heuristics().win_features())
    assert model is not None
    assert set(model.weights) == {2}
    assert sum(model.chances(new_game(game, 2, 1), 2)) == pytest.approx(1.0)


def test_a_hand_made_roll_empire_is_counted_as_a_player_would():
    state = new_game(ROLL, 2, 1)
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
    got = dict(zip(roll.NAMES, roll.features(state, 0), strict=True))
    counts = {name: got[name] for name in roll.BASE}
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
    _assert_left(got, counts, left)


def test_a_hand_made_new_frontiers_empire_is_counted_as_a_player_would():
    state = new_game(NF, 2, 1)
    p = state.players[0]
    # Epsilon Eridani (1 VP, Military +1, a consume ability), Volcanic World (production, 1
    # VP) and Radioactive World (windfall, 2 VP), each with a good of kind 1 (price 2).
    p.colonies = ["H3a", "WN14", "WN13"]
    p.goods = {"WN14": 1, "WN13": 1}
    # Deserted Alien Outpost (3 VP) and Insect Uplift Race ("?" VP) explored.
    p.explored = ["WN23", "WN16"]
    # Space Marines (1 VP, Military +2), Investment Credits (2 VP, a develop discount) and
    # New Galactic Order (9-cost, Military +2; 1 VP per point of military strength).
    p.developments = ["F1", "S5a", "L3a"]
    p.credits, p.colonists, p.vp = 5, 2, 3
    p.tiles_changed()
    got = dict(zip(nf.NAMES, nf.features(state, 0), strict=True))
    counts = {name: got[name] for name in nf.BASE}
    assert counts == {
        "vp": 3 + (1 + 1 + 2) + (1 + 2) + 5,  # chips, colonies, developments, the bonus
        "chips": 3,
        "credits": 5,
        "colonists": 2,
        "goods": 2,
        "goods_price": 4,
        "colonies": 3,
        "developments": 3,
        "nine_cost": 1,
        "explored": 2,
        "explored_vp": 3 + 2,  # a "?" world reckoned at 2
        "military": 1 + 2 + 2,
        "production": 1,
        "windfall": 1,
        "consume": 1,
        "other_abilities": 1,
    }
    # All 24 VP chips and 22 colonists in the supplies: the colonists run out first.
    left = 0.25 + 0.75 * (22 - 4) / 22
    _assert_left(got, counts, left)


@pytest.mark.parametrize(("level", "judge"), [("normal", "learned"), ("hard", "margin")])
def test_in_roll_normal_judges_by_the_learned_value_and_hard_by_the_margin(level, judge):
    """Measured (``nfgalaxy.bots.levels``): the model made ``normal`` stronger there and the
    learned value trained from it stronger still, and the model made ``hard`` weaker, so
    ``hard`` (and ``expert``, not measured) keep the value margin."""
    import dataclasses

    from nfgalaxy.bots import value_net
    from nfgalaxy.bots.levels import LEVELS
    from nfgalaxy.bots.search import SearchBot

    state = new_game(ROLL, 2, 1)
    bot = SearchBot(1, dataclasses.replace(LEVELS[level], iterations=4))
    bot.analyse(state)
    net = value_net.load(roll.FEATURES, ROLL, 2)
    assert net is not None
    assert bot._model is (net if judge == "learned" else None)
    assert descriptor(ROLL).heuristics().levels["expert"] == {"fitted": False}


def test_every_new_frontiers_level_judges_by_the_margin_and_a_variant_may_use_the_model():
    """The tile game's fitted counts predict well and play badly (``nfgalaxy.bots.levels``):
    its levels keep the margin, and a variant that names ``fitted`` or ``learned`` measures
    the model or the learned value."""
    from nfgalaxy.bots.levels import LEVELS, for_game, level_variant
    from nfgalaxy.bots.search import _win_model, judge_for

    rules = descriptor(NF).heuristics()
    state = new_game(NF, 2, 1)
    for level in LEVELS.values():
        played = for_game(level, rules.levels)
        assert not played.fitted
        assert judge_for(played, rules, state, 2) is None
    variant = level_variant("normal:fitted=true")
    assert for_game(variant, rules.levels) is variant
    assert _win_model(rules, state, 2, fitted=variant.fitted) is load(nf.FEATURES)
