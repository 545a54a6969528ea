"""The learned position value: the net's chances, its gradient, its weights file and what the file
refuses (another game, setup or feature list)."""

from __future__ import annotations

import dataclasses
from importlib import resources

import numpy as np
import pytest

from nfgalaxy.bots.value_net import (
    PARAMS,
    Provenance,
    ValueNet,
    ValueNetError,
    file_name,
    parse,
    read,
    softmax,
)
from nfgalaxy.core.registry import descriptor, new_game
from nfgalaxy.core.win_model import Features
from nfgalaxy.core.win_model import load as load_win_model

GAME = "race-for-the-galaxy"
TOY = Features(("a", "b", "c"), lambda state, seat: state[seat], "nfgalaxy")


def _net(features: Features, players: int = 2, hidden: int = 4, seed: int = 3) -> ValueNet:
    rng = np.random.default_rng(seed)
    k = len(features.names)
    params = {
        "linear": rng.normal(size=k),
        "hidden_w": rng.normal(size=(2 * k, hidden)),
        "hidden_b": rng.normal(size=hidden),
        "out": rng.normal(size=hidden),
    }
    return ValueNet(
        GAME,
        players,
        features,
        rng.normal(size=k),
        rng.uniform(0.5, 2.0, size=k),
        params,
        Provenance("python -m nfgalaxy.bots.train_value ...", "abc123", 12, 5),
    )


def test_the_chances_are_a_softmax_over_the_seats_scores():
    net = _net(TOY, players=3)
    state = [[1.0, 2.0, 0.5], [0.0, 4.0, 1.0], [3.0, -1.0, 2.0]]
    chances = net.chances(state, 3)
    assert sum(chances) == pytest.approx(1.0)
    assert chances == pytest.approx(list(softmax(net.scores(np.array([state]))[0])))
    assert len(set(chances)) == 3


def test_a_net_without_its_hidden_layer_is_the_win_model_it_started_from():
    """Training starts from the fitted win model: linear weights of standardised features, the
    hidden layer's output zero, give the win model's chances exactly."""
    features = descriptor(GAME).heuristics().win_features()
    model = load_win_model(features)
    net = _net(features)
    net.params["linear"] = np.array(model.for_players(2)) * net.scale
    net.params["out"] = np.zeros_like(net.params["out"])
    state = new_game(GAME, 2, 4)
    for _ in range(60):
        state.apply(state.legal_decisions()[0])
    assert net.chances(state, 2) == pytest.approx(model.chances(state, 2))


def test_the_gradient_is_the_losss_slope():
    net = _net(TOY, players=3)
    rng = np.random.default_rng(1)
    x = rng.normal(size=(5, 3, 3))
    target = softmax(rng.normal(size=(5, 3)))

    def loss() -> float:
        return float(-(target * np.log(softmax(net.scores(x)))).sum())

    scores, cache = net.forward(x)
    grads = net.backward(cache, softmax(scores) - target)
    for name in PARAMS:
        flat = net.params[name].reshape(-1)
        for i in range(flat.size):
            keep = flat[i]
            flat[i] = keep + 1e-6
            up = loss()
            flat[i] = keep - 1e-6
            down = loss()
            flat[i] = keep
            assert grads[name].reshape(-1)[i] == pytest.approx((up - down) / 2e-6, rel=1e-4)


def test_a_weights_file_reads_back_the_same_net_and_what_made_it(tmp_path):
    net = _net(TOY)
    path = tmp_path / file_name(TOY, 2)
    net.save(path)
    again = read(path, TOY, GAME, 2)
    for name in PARAMS:
        assert np.array_equal(again.params[name], net.params[name])
    assert np.array_equal(again.mean, net.mean) and np.array_equal(again.scale, net.scale)
    assert again.provenance == net.provenance
    meta = again.meta()
    assert (meta["game"], meta["setup"], meta["features"]) == (GAME, "2p", ["a", "b", "c"])
    assert meta["shapes"] == {"linear": [3], "hidden_w": [6, 4], "hidden_b": [4], "out": [4]}
    assert list(tmp_path.iterdir()) == [path]  # no temporary file left beside it
    assert path.stat().st_mode & 0o777 == 0o644


def test_the_files_are_named_by_features_and_setup():
    assert file_name(TOY, 2) == "value_net_2p.npz"
    cards = dataclasses.replace(TOY, file="win_model_cards.toml")
    assert file_name(cards, 4) == "value_net_cards_4p.npz"


@pytest.mark.parametrize(
    ("game", "players", "features", "words"),
    [
        ("roll-for-the-galaxy", 2, TOY, "weights of the game 'race-for-the-galaxy', not 'roll"),
        (GAME, 4, TOY, "for the setup '2p', not '4p'"),
        (GAME, 2, dataclasses.replace(TOY, names=("a", "b", "d")), "missing d; unknown c"),
        (GAME, 2, dataclasses.replace(TOY, names=("a", "b")), "unknown c"),
        (GAME, 2, dataclasses.replace(TOY, names=("c", "b", "a")), "in another order"),
    ],
)
def test_a_weights_file_of_another_game_setup_or_feature_list_is_refused(
    game, players, features, words
):
    data = _net(TOY).to_bytes()
    with pytest.raises(ValueNetError, match=words):
        parse(data, features, game, players, "the file")


def test_a_weights_file_with_layers_of_the_wrong_shape_is_refused():
    net = _net(TOY)
    net.params["out"] = np.zeros(5)  # the hidden layer has 4 units
    with pytest.raises(ValueNetError, match="layer shapes"):
        parse(net.to_bytes(), TOY, GAME, 2, "the file")
    with pytest.raises(ValueNetError, match="not a value net"):
        parse(b"not a file of arrays", TOY, GAME, 2, "the file")


def test_a_net_judges_only_games_of_its_player_count():
    with pytest.raises(ValueNetError, match="a net for 2 players cannot judge a game of 3"):
        _net(TOY).chances([[0.0] * 3] * 3, 3)


#: The games that ship a learned value for 2 players (and no other count).
SHIPPED = ["race-for-the-galaxy", "roll-for-the-galaxy", "new-frontiers", "space-merchant"]


@pytest.mark.parametrize("game", SHIPPED)
def test_a_game_ships_a_learned_value_for_two_players_with_the_command_that_made_it(game):
    from nfgalaxy.bots.levels import level_variant
    from nfgalaxy.bots.search import SearchBot
    from nfgalaxy.bots.value_net import load

    features = descriptor(game).heuristics().win_features()
    net = load(features, game, 2)
    assert net is not None
    made = net.provenance
    assert made.games > 0 and len(made.commit.removesuffix("-dirty")) == 40
    assert made.command.startswith(f"python -m nfgalaxy.bots.train_value --game {game}")
    assert f"--players 2 --games {made.games} --seed {made.seed}" in made.command
    assert load(features, game, 4) is None  # no net for 4 players: the win model judges there
    others = [g for g in SHIPPED if g != game]
    shipped = resources.files(features.package).joinpath("data", file_name(features, 2))
    with pytest.raises(ValueNetError, match=f"weights of the game '{game}', not '{others[0]}'"):
        parse(shipped.read_bytes(), features, others[0], 2, "the file")
    with pytest.raises(ValueNetError, match="for the setup '2p', not '3p'"):
        parse(shipped.read_bytes(), features, game, 3, "the file")
    state = new_game(game, 2, 4)
    bot = SearchBot(1, level_variant("hard:learned=true+iterations=8"))
    assert bot.choose(state) in state.legal_decisions()
    assert bot._model is net


def test_roll_normal_judges_by_the_learned_value_and_its_other_levels_by_the_margin():
    """The one level a learned value measured stronger (``nfgalaxy.bots.levels``)."""
    from nfgalaxy.bots.levels import LEVELS, for_game
    from nfgalaxy.bots.search import judge_for
    from nfgalaxy.bots.value_net import load

    game = "roll-for-the-galaxy"
    rules = descriptor(game).heuristics()
    state = new_game(game, 2, 4)
    net = load(rules.win_features(), game, 2)
    judges = {
        name: judge_for(for_game(level, rules.levels), rules, state, 2)
        for name, level in LEVELS.items()
    }
    assert net is not None and judges == {"normal": net, "hard": None, "expert": None}
    for other in ("race-for-the-galaxy", "new-frontiers", "space-merchant"):
        levels = descriptor(other).heuristics().levels
        assert not any(for_game(level, levels).learned for level in LEVELS.values())
