"""The model of the others' secret choices: fitting, its file, and the search sampling from it."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter

import numpy as np
import pytest

from nfgalaxy.bots import choice_model
from nfgalaxy.bots.choice_model import ChoiceModel, ChoiceModelError, parse
from nfgalaxy.bots.fit_choice_model import (
    Choice,
    Config,
    RecordError,
    append,
    arrays,
    fit,
    judge,
    main,
    play_game,
    read_record,
)
from nfgalaxy.bots.greedy import GreedyBot
from nfgalaxy.bots.levels import SearchLevel
from nfgalaxy.bots.search import SearchBot
from nfgalaxy.bots.value_net import Provenance
from nfgalaxy.core.choice_model import class_of
from nfgalaxy.core.decision import Decision
from nfgalaxy.core.registry import descriptor, new_game
from nfgalaxy.core.rng import Rng

RACE = "race-for-the-galaxy"
TINY = SearchLevel("tiny", iterations=6, seconds=60.0, playout=8, width=2)


def _features():
    return descriptor(RACE).heuristics().choice_features()


def _model(classes: tuple[str, ...], weights: np.ndarray) -> ChoiceModel:
    features = _features()
    k = len(features.names)
    return ChoiceModel(
        RACE,
        2,
        features,
        classes,
        np.zeros(k),
        np.ones(k),
        weights,
        Provenance("test", "none", 0, 1),
    )


def _choosing(seed: int = 3, mover: int | None = None):
    """A 2-player Race game at an action choice (of ``mover``, if given)."""
    state = new_game(RACE, players=2, seed=seed)
    bot = GreedyBot(seed)
    while True:
        options = state.legal_decisions()
        if _features().covers(options) and mover in (None, state.to_move()):
            return state
        state.apply(bot.choose(state))


# ---------------------------------------------------------------- the fit


def test_the_fit_finds_the_choices_a_known_model_makes():
    """Choices drawn from a known logit are fitted back to its chances (the ridge aside)."""
    rng = np.random.default_rng(5)
    n, k, c = 6000, 3, 4
    x = rng.normal(size=(n, k))
    true = rng.normal(size=(c, k + 1))
    z = np.concatenate([np.ones((n, 1)), x], axis=1)
    scores = z @ true.T
    p = np.exp(scores - scores.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    chosen = np.array([rng.choice(c, p=row) for row in p])
    offered = np.ones((n, c), dtype=bool)
    data = arrays(
        [
            Choice(list(row), [str(i) for i in range(c)], str(y), "0")
            for row, y in zip(x, chosen, strict=True)
        ],
        [str(i) for i in range(c)],
        k,
    )
    assert data.offered.all() == offered.all()
    mean, scale, weights = fit(data, ridge=0.1)
    zs = np.concatenate([np.ones((n, 1)), (x - mean) / scale], axis=1)
    fitted = np.exp(zs @ weights.T)
    fitted /= fitted.sum(axis=1, keepdims=True)
    assert np.abs(fitted - p).mean() < 0.02
    j = judge(mean, scale, weights, data)
    assert j.log_loss < j.guess_log_loss - 0.2


def test_options_not_offered_get_no_chance_and_the_fit_is_the_same_for_the_same_choices():
    found = [
        Choice([float(i % 3), 1.0], ["a", "b"] if i % 2 else ["a", "b", "c"], "b", "a")
        for i in range(40)
    ]
    data = arrays(found, ["a", "b", "c"], 2)
    first = fit(data)
    second = fit(arrays(found, ["a", "b", "c"], 2))
    for a, b in zip(first, second, strict=True):
        assert np.array_equal(a, b)
    j = judge(*first, data)
    assert j.favourite == 1.0 and j.greedy == 0.0


def test_the_command_fits_from_its_record_and_goes_on_where_it_stopped(tmp_path, capsys):
    """The same games for the run's seed however they are played (at once, resumed after a
    crash, in two processes), each choice the level's among those offered, and the same
    weights from them."""
    level = "normal:iterations=2+width=2+playout=1"
    record, out = tmp_path / "choices.jsonl", tmp_path / "model.npz"
    args = ["--game", "race", "--games", "4", "--level", level]
    args += ["--record", str(record), "--out", str(out)]
    assert main(args) == 0
    first = out.read_bytes()
    lines = record.read_text().splitlines()
    assert len(lines) == 5  # the run's header, then a line a game
    game = json.loads(lines[1])
    config = Config(RACE, 2, level, 1, _features().names)
    assert [Choice(**c) for c in game["choices"]] == play_game(config, _features(), 0)
    for c in game["choices"]:
        assert c["chosen"] in c["offered"] and c["greedy"] in c["offered"]
        assert len(c["x"]) == len(_features().names)
    # A crash while the last game was written: its line cut short is played again.
    record.write_text("\n".join(lines[:-1]) + "\n" + lines[-1][: len(lines[-1]) // 2])
    assert main(args) == 0
    assert record.read_text().splitlines() == lines
    model = choice_model.read(out, _features(), RACE, 2)
    assert model.provenance.games == 4 and "--games 4" in model.provenance.command
    assert parse(first, _features(), RACE, 2, "x").weights.tolist() == model.weights.tolist()
    assert "held-out choices" in capsys.readouterr().err
    # The last two games played in two processes: the same, only their order may differ.
    twice = tmp_path / "twice.jsonl"
    twice.write_text("\n".join(lines[:3]) + "\n")
    jobs = [*args[: args.index("--record")], "--record", str(twice), "--out", str(out)]
    assert main([*jobs, "--jobs", "2"]) == 0
    assert sorted(twice.read_text().splitlines()) == sorted(lines)
    assert np.array_equal(choice_model.read(out, _features(), RACE, 2).weights, model.weights)


def test_a_record_of_another_run_is_refused_and_left_alone(tmp_path, capsys):
    record = tmp_path / "choices.jsonl"
    other = Config(RACE, 2, "hard", 9, _features().names)
    append(record, other.header())
    before = record.read_bytes()
    config = Config(RACE, 2, "normal", 1, _features().names)
    with pytest.raises(RecordError, match="another run"):
        read_record(record, config)
    args = ["--game", "race", "--games", "4", "--record", str(record), "--out", "x"]
    assert main(args) == 2
    assert "another --record" in capsys.readouterr().err
    assert record.read_bytes() == before


# ---------------------------------------------------------------- the file


def _file(**changes) -> bytes:
    model = _model(("a", "b"), np.zeros((2, len(_features().names) + 1)))
    meta = model.meta() | changes
    data = model.to_bytes()
    import io

    with np.load(io.BytesIO(data)) as arrays_:
        kept = {name: arrays_[name] for name in arrays_.files if name != "meta"}
    out = io.BytesIO()
    np.savez(out, meta=np.array(json.dumps(meta)), **kept)
    return out.getvalue()


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"game": "roll-for-the-galaxy"}, "weights of the game 'roll-for-the-galaxy'"),
        ({"setup": "4p"}, "weights for the setup '4p', not '2p'"),
        ({"features": ["vp", "hand"]}, "the features differ from the game's"),
        ({"classes": ["a"]}, "array shapes"),
    ],
)
def test_a_weights_file_of_another_game_setup_or_features_is_refused_with_why(changes, words):
    assert parse(_file(), _features(), RACE, 2, "f").classes == ("a", "b")
    with pytest.raises(ChoiceModelError, match=words):
        parse(_file(**changes), _features(), RACE, 2, "f")
    with pytest.raises(ChoiceModelError, match="not a choice model"):
        parse(b"not a file", _features(), RACE, 2, "f")


# ---------------------------------------------------------------- predicting and sampling


def test_chances_sum_to_one_and_samples_follow_them():
    state = _choosing()
    options = state.legal_decisions()
    classes = tuple(class_of(d) for d in options)
    k = len(_features().names)
    weights = np.zeros((len(classes), k + 1))
    weights[0, 0], weights[1, 0] = 2.0, 1.0
    model = _model(classes, weights)
    chances = model.chances(state, state.to_move(), options)
    assert sum(chances) == pytest.approx(1.0)
    assert chances[0] > chances[1] > chances[2] == pytest.approx(chances[3])
    rng = Rng(4)
    drawn = Counter(model.sample(state, state.to_move(), options, rng) for _ in range(3000))
    for decision, p in zip(options, chances, strict=True):
        assert drawn[decision] / 3000 == pytest.approx(p, abs=0.03)
    assert model.chances(state, 0, [*options, Decision("action", ("unknown",))]) is None


def _favouring(state, favoured: Decision) -> ChoiceModel:
    """A model certain of ``favoured`` among the options at ``state``."""
    options = state.legal_decisions()
    classes = tuple(class_of(d) for d in options)
    weights = np.zeros((len(classes), len(_features().names) + 1))
    weights[classes.index(class_of(favoured)), 0] = 40.0
    return _model(classes, weights)


def test_a_modelled_search_draws_the_others_choices_from_the_model(monkeypatch):
    """The opponent's action card, re-dealt at random by the view, is drawn again from the
    model; so is the one it chooses inside a world; the searching seat's own is its search's."""
    state = _choosing(mover=1)  # seat 0 has chosen; seat 1 searches
    favoured = state.legal_decisions()[-1]
    model = _favouring(state, favoured)
    monkeypatch.setattr(choice_model, "load", lambda f, g, n: model if n == 2 else None)
    bot = SearchBot(2, dataclasses.replace(TINY, modelled=True))
    bot.analyse(state)
    assert bot._choices is model
    for seed in range(6):
        world = state.view(1, Rng(seed), quiet=True)
        bot._choose_again(world, 1, descriptor(RACE).heuristics(), seed)
        assert world.players[0].actions == list(favoured.args)
    other = _choosing(mover=0)
    world = other.view(0, Rng(1), quiet=True)
    world.apply(world.legal_decisions()[0])  # seat 0 chooses; now seat 1 in the world
    assert world.to_move() == 1
    bot._seat = 0
    assert bot._policy(world, descriptor(RACE).heuristics(), 1, Rng(3)) == favoured
    plain = SearchBot(2, TINY)
    plain.analyse(state)
    assert plain._choices is None
    # Modelling only the re-dealt choices: inside a world the opponent plays by the policy.
    redealt = SearchBot(2, dataclasses.replace(TINY, modelled=True, model_in_worlds=False))
    redealt.analyse(state)
    redealt._seat = 0
    assert redealt._choices is model
    policy = SearchBot(2, TINY)
    policy.analyse(state)
    policy._seat = 0
    rules = descriptor(RACE).heuristics()
    greedy = policy._policy(world, rules, 1, Rng(3))
    assert greedy != favoured and redealt._policy(world, rules, 1, Rng(3)) == greedy


def test_the_races_view_keeps_revealed_and_own_action_cards():
    state = _choosing(mover=1)
    world = state.view(1, Rng(1), quiet=True)
    mine = list(world.players[1].actions)
    features = _features()
    features.again(world, 1, lambda s, seat, options: options[0])
    assert world.players[0].actions == list(world.legal_decisions()[0].args)
    assert world.players[1].actions == mine
    world.revealed = True
    world.players[0].actions = ["produce"]
    features.again(world, 1, lambda s, seat, options: options[0])
    assert world.players[0].actions == ["produce"]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--game", "nf"], "has no choice features"),
        (["--game", "race", "--players", "9"], "is for 2 to 6 players"),
        (["--game", "race", "--level", "wizard"], "'wizard' is no search level"),
        (["--game", "race", "--games", "3"], "--games must be at least 4"),
        (["--game", "race", "--jobs", "0"], "--jobs: at least 1"),
        (["--game", "race", "--record", "/nowhere/choices.jsonl"], "no folder /nowhere"),
    ],
)
def test_the_command_refuses_what_it_cannot_fit_with_why(tmp_path, capsys, args, words):
    record = tmp_path / "choices.jsonl"
    with pytest.raises(SystemExit) as stopped:
        main([*args, "--record", str(record)] if "--record" not in args else args)
    assert stopped.value.code == 2
    assert words in capsys.readouterr().err
    assert not record.exists()


def test_a_search_planning_again_makes_the_others_re_dealt_choices_by_the_planner():
    """``policy_again``: the opponent's action card, re-dealt at random by the view, is chosen
    again in each world as the game's planner would choose it there, from the world's own
    cards; the searching seat's own choice is left to its search, and the re-deal is no
    longer what decides."""
    from nfgalaxy.games.race.heuristics import best_action
    from nfgalaxy.games.race.rules.rounds import opt_choose_action

    state = _choosing(mover=1)  # seat 0 has chosen; seat 1 searches
    rules = descriptor(RACE).heuristics()
    bot = SearchBot(2, dataclasses.replace(TINY, policy_again=True))
    bot.analyse(state)
    assert bot._again is not None and bot._choices is None
    changed = 0
    for seed in range(8):
        redealt = state.view(1, Rng(seed), quiet=True)
        world = state.view(1, Rng(seed), quiet=True)
        mine = list(world.players[1].actions)
        bot._choose_again(world, 1, rules, seed)
        planned = best_action(redealt.clone(), 0, opt_choose_action(redealt, 0, 0))
        assert world.players[0].actions == list(planned.args)
        assert world.players[1].actions == mine
        assert world.legal_decisions() == state.legal_decisions()
        changed += world.players[0].actions != redealt.players[0].actions
    assert changed  # the planner, not the re-deal, chose
    plain = SearchBot(2, TINY)
    plain.analyse(state)
    assert plain._again is None


def test_the_planner_chooses_again_for_a_seat_that_chose_without_changing_the_world():
    """The planner's action card for a seat that has chosen already (not the one to move) is
    one of its options, found on copies: the world it was asked in is left as it was."""
    from nfgalaxy.games.race.heuristics import best_action
    from nfgalaxy.games.race.rules.rounds import opt_choose_action

    state = _choosing(mover=1)
    world = state.view(1, Rng(5), quiet=True)
    before = world.to_json()
    options = opt_choose_action(world, 0, 0)
    assert best_action(world, 0, options) in options
    assert world.to_json() == before
