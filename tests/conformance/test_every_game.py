"""Conformance: every installed game keeps the protocol's promises (written once, for all).

Modelled on OpenSpiel's ``random_sim_test``: seeded random games played to the end with the
game's own invariants checked after every decision; save/load round trips at random points;
determinism (the same seed and decisions give the same state); views that leak nothing; undo
that returns exactly the earlier state; copies that cannot foresee the real game's draws; and
words for every decision and event. A new game gets all of this by registering itself.
"""

from __future__ import annotations

import json
import math
import os

import pytest

from nfgalaxy.bots.greedy import GreedyBot
from nfgalaxy.bots.random_bot import RandomBot
from nfgalaxy.core.decision import Decision
from nfgalaxy.core.registry import descriptor, game_ids, load_game, new_game
from nfgalaxy.core.replay import replay
from nfgalaxy.core.rng import Rng
from nfgalaxy.core.win_model import load as load_win_model

GAMES = game_ids()
#: Random games per game and player count; NFGALAXY_CONFORMANCE_GAMES raises it for a soak.
RUNS = int(os.environ.get("NFGALAXY_CONFORMANCE_GAMES", "6"))
MAX_DECISIONS = 20_000


def _players(game: str) -> list[int]:
    found = descriptor(game)
    return list(range(found.min_players, found.max_players + 1))


def _cases() -> list[tuple[str, int, int]]:
    return [(g, n, seed) for g in GAMES for n in _players(g) for seed in range(1, RUNS + 1)]


def _canonical(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def _play(game: str, players: int, seed: int, each=None):
    """A random game to the end, calling ``each(state, decisions_so_far)`` before a decision."""
    state = new_game(game, players=players, seed=seed)
    bot = RandomBot(seed)
    count = 0
    while not state.is_over():
        if each is not None:
            each(state, count)
        state.apply(bot.choose(state))
        count += 1
        assert count < MAX_DECISIONS, f"{game} seed {seed}: no end after {MAX_DECISIONS}"
    return state


@pytest.mark.parametrize(("game", "players", "seed"), _cases())
def test_random_games_end_with_the_invariants_kept_after_every_decision(game, players, seed):
    check = descriptor(game).invariants
    problems = check() if check is not None else (lambda _state: [])

    def each(state, count):
        assert problems(state) == [], f"after {count} decisions"
        assert state.to_move() is not None and state.legal_decisions()

    final = _play(game, players, seed, each)
    assert problems(final) == []
    assert final.to_move() is None and final.legal_decisions() == []
    scores = final.scores()
    assert len(scores) == players and all("total" in s for s in scores)
    assert final.winners() and set(final.winners()) <= set(range(players))


@pytest.mark.parametrize("game", GAMES)
def test_save_and_load_at_random_points_gives_the_same_game(game):
    rng = Rng(11)
    for seed in range(1, 4):
        checks = {rng.below(60) for _ in range(4)}

        def each(state, count, checks=checks):
            if count in checks:
                text = json.dumps(state.to_json())  # as a save file holds it
                loaded = load_game(json.loads(text))
                assert _canonical(loaded) == _canonical(state)
                assert loaded.legal_decisions() == state.legal_decisions()

        _play(game, 3, seed, each)


@pytest.mark.parametrize("game", GAMES)
def test_a_loaded_game_shares_nothing_with_the_document_it_came_from(game):
    """Loading the same document twice gives two games: playing one changes neither the other
    nor the document (a game holding the document's own lists would)."""
    for seed in range(1, 3):
        state = new_game(game, players=3, seed=seed)
        bot = RandomBot(seed)
        for _ in range(25):
            state.apply(bot.choose(state))
        document = state.to_json()
        kept = json.dumps(document, sort_keys=True)
        played, other = load_game(document), load_game(document)
        for _ in range(40):
            if played.is_over():
                break
            played.apply(bot.choose(played))
        assert json.dumps(document, sort_keys=True) == kept
        assert _canonical(other) == _canonical(state)


@pytest.mark.parametrize("game", GAMES)
def test_the_same_seed_and_decisions_give_the_same_state(game):
    final = _play(game, 4, 5)
    assert _canonical(replay(final)) == _canonical(final)
    middle = replay(final, len(final.history) // 2)
    assert _canonical(replay(middle)) == _canonical(middle)


@pytest.mark.parametrize("game", GAMES)
def test_views_hold_only_what_the_seat_may_know(game):
    """A state and a view of it (which differ only in what the seat cannot see) give the same
    view for the same rng, and the greedy bot chooses the same on both."""
    seen_different_worlds = False

    def each(state, count):
        nonlocal seen_different_worlds
        if count % 7:
            return
        seat = state.to_move()
        other_world = state.view(seat, Rng(count))  # differs only where seat cannot see
        for real in (state, other_world):
            assert real.to_move() == seat
        one = _canonical(state.view(seat, Rng(99)))
        two = _canonical(other_world.view(seat, Rng(99)))
        assert one == two, f"a view leaks hidden information after {count} decisions"
        assert state.view(seat, Rng(99)).legal_decisions() == state.legal_decisions()
        if one != _canonical(state.view(seat, Rng(98))):
            seen_different_worlds = True
        first = GreedyBot(seed=count).choose(state)
        again = GreedyBot(seed=count).choose(other_world)
        assert first == again, "the greedy bot decided on something its seat cannot see"

    _play(game, 3, 2, each)
    assert seen_different_worlds, "different rngs never gave different hidden worlds"


@pytest.mark.parametrize("game", GAMES)
def test_quiet_views_are_playable_and_keep_no_log(game):
    def each(state, count):
        if count % 9:
            return
        quiet = state.view(state.to_move(), Rng(count), quiet=True)
        before = len(quiet.log)
        bot = RandomBot(count)
        while not quiet.is_over():
            quiet.apply(bot.choose(quiet))
        assert len(quiet.log) == before

    _play(game, 4, 3, each)


@pytest.mark.parametrize("game", GAMES)
def test_playing_a_copy_to_the_end_leaves_the_game_it_came_from_untouched(game):
    """Copies share what is only ever replaced (a player's tiles, supplies…) to be cheap for
    search: a rule that changed such a thing in place would change every game sharing it."""
    copies = 0

    def each(state, count):
        nonlocal copies
        if count % 11:
            return
        before, offered = _canonical(state), state.legal_decisions()
        seat = state.to_move()
        made = (state.clone, lambda: state.view(seat, Rng(count), quiet=True))[copies % 2]()
        bot = RandomBot(count)
        while not made.is_over():
            made.apply(bot.choose(made))
        copies += 1
        assert _canonical(state) == before, f"decision {count}: the game changed with its copy"
        assert state.legal_decisions() == offered

    _play(game, 4, 5, each)
    assert copies > 5


#: Undo is checked at every decision up to this many (the setup and the first rounds of every
#: game), then at every tenth: each check replays the game so far (300 took 17 s of one game).
UNDO_EVERY_UNTIL = 120


@pytest.mark.parametrize("game", GAMES)
def test_undo_returns_exactly_the_earlier_state(game):
    snapshots: list[str] = []
    undone = 0

    def each(state, count):
        nonlocal undone
        snapshots.append(_canonical(state))
        if count > UNDO_EVERY_UNTIL and count % 10:
            return  # a replay costs the whole game so far: past the opening, every tenth
        for seat in range(len(state.scores())):
            point = state.undo_point(seat)
            if point is None:
                continue
            assert state.history[-1].get("seat") == seat
            assert _canonical(replay(state, point)) == snapshots[point]
            undone += 1

    _play(game, 3, 4, each)
    assert undone > 0, "no decision could ever be taken back"


@pytest.mark.parametrize("game", GAMES)
def test_undo_is_refused_after_new_information_or_another_players_decision(game):
    def each(state, count):
        for seat in range(len(state.scores())):
            if state.undo_point(seat) is None:
                continue
            last = state.history[-1]
            assert last.get("seat") == seat and not last.get("reveals")

    final = _play(game, 3, 6, each)
    assert any(entry.get("reveals") for entry in final.history)
    assert final.undo_point(final.history[-1]["seat"]) is None  # the game is over


@pytest.mark.parametrize("game", GAMES)
def test_a_copy_does_not_foresee_the_real_games_draws(game):
    """Playing the same decisions on the real game and on a clone, their draws differ."""
    state = new_game(game, players=3, seed=8)
    bot = RandomBot(8)
    diverged = 0
    for _ in range(40):
        copy = state.clone()
        for _step in range(30):
            if state.is_over():
                break
            decision = bot.choose(state)
            state.apply(decision)
            if decision not in copy.legal_decisions():
                break
            copy.apply(decision)
            if _canonical_public(copy) != _canonical_public(state):
                diverged += 1
                break
        if state.is_over():
            break
    assert diverged > 0


def _canonical_public(state) -> str:
    data = state.to_json()
    for key in ("rng", "log", "events", "history"):
        data.pop(key, None)
    return json.dumps(data, sort_keys=True)


@pytest.mark.parametrize("game", GAMES)
def test_every_decision_and_event_has_words(game):
    def each(state, count):
        for decision in state.legal_decisions():
            assert isinstance(decision, Decision) and decision.label.strip(), decision
        assert all(line.strip() for line in state.log)

    _play(game, 2, 7, each)


@pytest.mark.parametrize("game", GAMES)
def test_a_choice_model_has_weights_and_gives_every_option_offered_a_chance(game):
    """A game with choice features ships their model for 2 players (the first setup fitted);
    at every choice it covers in a played game, each option offered has a chance, and the
    others re-made in a sampled world are legal ones."""
    from nfgalaxy.bots import choice_model

    loader = descriptor(game).heuristics().choice_features
    if loader is None:
        pytest.skip("no choice model")
    features = loader()
    model = choice_model.load(features, game, 2)
    assert model is not None, f"{features.package}: no data/{choice_model.file_name(2)}; fit one"
    seen = []

    def each(state, count):
        options = state.legal_decisions()
        if features.covers(options) and features.applies(state):
            seat = state.to_move()
            values = features.of(state, seat)
            assert len(values) == len(features.names) and all(math.isfinite(x) for x in values)
            chances = model.chances(state, seat, options)
            assert chances is not None, f"a class the model does not know among {options}"
            assert sum(chances) == pytest.approx(1.0) and min(chances) > 0
            world = state.view(seat, Rng(count), quiet=True)
            features.again(world, seat, lambda w, s, opts: opts[-1])
            seen.append(world.legal_decisions())

    _play(game, 2, 13, each)
    assert seen


@pytest.mark.parametrize("game", GAMES)
def test_every_game_ships_a_learned_value_with_the_command_and_commit_that_made_it(game):
    """Issue 45: every game has learned weights, each with how to make them again."""
    from nfgalaxy.bots.value_net import load

    rules = descriptor(game).heuristics()
    assert rules.win_features is not None, "no win features to learn a value over"
    net = load(rules.win_features(), game, 2)
    assert net is not None, "no data/value_net_2p.npz: python -m nfgalaxy.bots.train_value"
    made = net.provenance
    assert made.command.startswith(f"python -m nfgalaxy.bots.train_value --game {game} ")
    assert made.games > 0 and len(made.commit.removesuffix("-dirty")) == 40
    state = new_game(game, 2, 5)
    assert sum(net.chances(state, 2)) == pytest.approx(1.0)


@pytest.mark.parametrize("kind", ["compact", "detailed"])
@pytest.mark.parametrize("game", GAMES)
def test_a_win_model_has_weights_for_its_features_and_sums_its_chances_to_one(game, kind):
    rules = descriptor(game).heuristics()
    loader = rules.win_features if kind == "compact" else rules.detailed_win_features
    if loader is None:
        pytest.skip(f"no {kind} win model")
    features = loader()
    model = load_win_model(features)  # refuses weights fitted to other features
    assert model is not None, f"{features.package}: no data/{features.file}; fit one"
    players = min(model.weights)
    seen = []

    def each(state, count):
        if count % 25 == 0 and features.applies(state):
            for seat in range(players):
                values = features.of(state, seat)
                assert len(values) == len(features.names)
                assert all(math.isfinite(x) for x in values)
            seen.append(model.chances(state, players))

    _play(game, players, 11, each)
    assert seen and all(sum(c) == pytest.approx(1.0) for c in seen)
