"""What a judgement rests on, in words (``nfgalaxy.bots.reasons``; issue 45): the parts of a
seat's edge in the fitted win model, from the seat's own view, named as a player says them."""

from __future__ import annotations

import pytest

from nfgalaxy.bots.greedy import GreedyBot
from nfgalaxy.bots.reasons import Reason, count_parts, position_reasons, reasons_words
from nfgalaxy.core.registry import descriptor, new_game
from nfgalaxy.core.rng import Rng
from nfgalaxy.core.win_model import load

RACE = "race-for-the-galaxy"


def _race_after(decisions: int, seed: int = 3):
    game = new_game(RACE, 2, seed=seed)
    bots = [GreedyBot(1), GreedyBot(2)]
    for n in range(decisions):
        seat = game.to_move()
        if seat is None:
            break
        game.apply(bots[seat].choose(game.view(seat, Rng(n))))
    return game


def test_the_parts_are_the_models_edge_split_by_count_and_mirror_between_two_seats() -> None:
    game = _race_after(60)
    features = descriptor(RACE).heuristics().win_features()
    weights = load(features).for_players(2)
    score = [sum(w * x for w, x in zip(weights, features.of(game, s), strict=True)) for s in (0, 1)]
    parts = count_parts(game, 0)
    assert len(parts) == len(features.words)  # every count of Race's has words
    assert abs(sum(part for part, _ in parts.values()) - (score[0] - score[1])) < 1e-9
    theirs = count_parts(game, 1)
    assert {w: -part for w, (part, _) in parts.items()} == pytest.approx(
        {w: part for w, (part, _) in theirs.items()}
    )
    reasons = position_reasons(game, 0)
    assert reasons, "a position 60 decisions in has reasons"
    assert [abs(r.part) for r in reasons] == sorted((abs(r.part) for r in reasons), reverse=True)


def test_a_count_weighed_against_its_holder_is_never_given_as_a_reason() -> None:
    # With counts that go together, the fit may weigh one against the others: "ahead on
    # fewer credits" would tell a player of the fit, not of their position.
    named = against = 0
    for decisions in range(20, 200, 20):
        game = _race_after(decisions, seed=5)
        if game.is_over():
            break
        parts = count_parts(game, 0)
        for reason in position_reasons(game, 0):
            part, more = parts[reason.words]
            assert (part > 0) == more, reason
            named += 1
        against += sum(abs(p) >= 0.1 and (p > 0) != more for p, more in parts.values())
    assert named and against, "positions with reasons, and with counts weighed against"


def test_the_words_name_two_reasons_each_way_and_nothing_without_reasons() -> None:
    reasons = [
        Reason("VP", 0.9),
        Reason("cards in hand", -0.7),
        Reason("production worlds", 0.5),
        Reason("military", 0.3),
        Reason("goods", -0.2),
    ]
    assert reasons_words(reasons) == (
        "ahead on VP and production worlds; behind on cards in hand and goods"
    )
    assert reasons_words([Reason("VP", -0.4)]) == "behind on VP"
    assert reasons_words([]) == ""


def test_a_setup_the_win_model_does_not_know_or_an_ended_game_gives_no_reasons() -> None:
    tiles = new_game("new-frontiers", 2, seed=1)
    bots = [GreedyBot(1), GreedyBot(2)]
    while tiles.round < 6:
        seat = tiles.to_move()
        tiles.apply(bots[seat].choose(tiles.view(seat, Rng(len(tiles.history)))))
    assert position_reasons(tiles, 0)
    tiles.options = {**tiles.options, "goals": True}  # the model was fitted without goals
    assert position_reasons(tiles, 0) == []
    game = _race_after(0)
    while not game.is_over():
        seat = game.to_move()
        game.apply(GreedyBot(seat).choose(game.view(seat, Rng(len(game.history)))))
    assert position_reasons(game, 0) == []


def test_roll_names_its_counts_but_the_tops_cost_and_the_dice_on_them() -> None:
    from nfgalaxy.games.roll.win_features import BASE, WORDS

    assert {name for name, _ in WORDS} == set(BASE) - {"top_cost", "on_top"}
    game = new_game("roll-for-the-galaxy", 2, seed=3)
    bots = [GreedyBot(1), GreedyBot(2)]
    while game.round < 6:
        seat = game.to_move()
        game.apply(bots[seat].choose(game.view(seat, Rng(len(game.history)))))
    reasons = position_reasons(game, 0)
    assert reasons and {r.words for r in reasons} <= {said for _, said in WORDS}
