"""Training the learned value by self-play: the same seed gives the same weights, an interrupted
run resumed ends where an uninterrupted one does, and the λ-returns are what TD(λ) says."""

from __future__ import annotations

import numpy as np
import pytest

from nfgalaxy.bots import train_value
from nfgalaxy.bots.value_net import PARAMS, read
from nfgalaxy.core.registry import descriptor

GAME = "race-for-the-galaxy"
FEATURES = descriptor(GAME).heuristics().win_features()
#: A short run: 2 held-out games, updates of 2 games, a checkpoint every 2.
SHORT = ["--game", "race", "--players", "2", "--seed", "5", "--held-out", "2", "--batch", "2"]


def _train(tmp_path, name: str, games: int, *more: str):
    out = tmp_path / f"{name}.npz"
    argv = [*SHORT, "--games", str(games), "--every", "2", "--out", str(out)]
    argv += ["--checkpoint", str(tmp_path / f"{name}.checkpoint.npz"), *more]
    assert train_value.main(argv) == 0
    return read(out, FEATURES, GAME, 2)


def _same(one, two) -> bool:
    return all(np.array_equal(one.params[n], two.params[n]) for n in PARAMS)


def test_two_runs_of_the_same_seed_give_the_same_weights(tmp_path):
    one = _train(tmp_path, "one", 6)
    two = _train(tmp_path, "two", 6)
    assert _same(one, two)
    start = _train(tmp_path, "start", 2)
    assert not _same(one, start)  # the games did move the weights
    assert one.provenance.games == 6 and one.provenance.seed == 5
    assert "--games 6 --seed 5" in one.provenance.command


def test_a_run_stopped_and_resumed_gives_the_weights_of_one_never_stopped(tmp_path):
    whole = _train(tmp_path, "whole", 6)
    _train(tmp_path, "parts", 2)
    resumed = _train(tmp_path, "parts", 6, "--resume")
    assert _same(whole, resumed)
    assert resumed.provenance == whole.provenance


def test_a_checkpoint_is_not_overwritten_nor_resumed_by_another_run(tmp_path, capsys):
    _train(tmp_path, "run", 2)
    with pytest.raises(SystemExit):
        _train(tmp_path, "run", 4)
    assert "--resume to go on with it" in capsys.readouterr().err
    with pytest.raises(ValueError, match=r"checkpoint of another run \(hidden differ\)"):
        _train(tmp_path, "run", 4, "--resume", "--hidden", "8")


def test_updates_that_a_checkpoint_would_split_are_refused(tmp_path, capsys):
    with pytest.raises(SystemExit):
        train_value.main([*SHORT, "--games", "5", "--out", str(tmp_path / "x.npz")])
    assert "multiples of --batch" in capsys.readouterr().err


def test_the_lambda_returns_run_from_the_result_back_through_the_nets_own_chances():
    net = _train_free_net()
    x = np.random.default_rng(2).normal(size=(3, 2, len(FEATURES.names)))
    result = np.array([1.0, 0.0])
    later = train_value.softmax(net.scores(x))
    assert np.allclose(train_value.targets(net, x, result, 1.0), [result] * 3)
    zero = train_value.targets(net, x, result, 0.0)
    assert np.allclose(zero, [later[1], later[2], result])
    half = train_value.targets(net, x, result, 0.5)
    assert np.allclose(half[1], 0.5 * later[2] + 0.5 * result)
    assert np.allclose(half[0], 0.5 * later[1] + 0.5 * half[1])


def _train_free_net():
    """A net of random weights over the game's features, made without playing."""
    from nfgalaxy.bots.value_net import Provenance, ValueNet

    k = len(FEATURES.names)
    rng = np.random.default_rng(1)
    params = {
        "linear": rng.normal(size=k) * 0.1,
        "hidden_w": rng.normal(size=(2 * k, 4)),
        "hidden_b": np.zeros(4),
        "out": rng.normal(size=4),
    }
    provenance = Provenance("test", "none", 0, 1)
    return ValueNet(GAME, 2, FEATURES, np.zeros(k), np.ones(k), params, provenance)


def test_a_run_stopped_by_a_signal_ships_the_weights_of_the_games_it_finished(
    tmp_path, monkeypatch
):
    """Ctrl+C (or SIGTERM) ends the run after the update under way: its checkpoint and its
    weights are those of a run told to play that many games, and the command says so."""
    import signal

    played = train_value.train_batch

    def then_stop(run, rules):
        played(run, rules)
        if run.done == 4:
            signal.raise_signal(signal.SIGINT)

    monkeypatch.setattr(train_value, "train_batch", then_stop)
    stopped = _train(tmp_path, "stopped", 10)
    monkeypatch.setattr(train_value, "train_batch", played)
    assert stopped.provenance.games == 4 and "--games 4 " in stopped.provenance.command
    assert _same(stopped, _train(tmp_path, "four", 4))
    assert _same(_train(tmp_path, "stopped", 6, "--resume"), _train(tmp_path, "six", 6))
