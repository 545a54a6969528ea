"""What a judgement rests on, in words (``nfgalaxy.bots.reasons``; issue 45): the parts of a
seat's edge in the fitted win model, from the seat's own view, named as a player says them."""

from __future__ import annotations

from nfgalaxy.bots.greedy import GreedyBot
from nfgalaxy.bots.reasons import Reason, position_reasons, reasons_words
from nfgalaxy.core.registry import descriptor, new_game
from nfgalaxy.core.rng import Rng
from nfgalaxy.core.win_model import load

RACE = "race-for-the-galaxy"


def _race_after(decisions: int, seed: int = 3):
    game = new_game(RACE, 2, seed=seed)
    bots = [GreedyBot(1), GreedyBot(2)]
    for n in range(decisions):
        seat = game.to_move()
        game.apply(bots[seat].choose(game.view(seat, Rng(n))))
    return game


def test_the_parts_are_the_models_edge_split_by_count_and_mirror_between_two_seats() -> None:
    game = _race_after(60)
    features = descriptor(RACE).heuristics().win_features()
    weights = load(features).for_players(2)
    score = [sum(w * x for w, x in zip(weights, features.of(game, s), strict=True)) for s in (0, 1)]
    mine, theirs = position_reasons(game, 0), position_reasons(game, 1)
    assert mine, "a position 60 decisions in has reasons"
    # Every part named (those under SMALLEST are left out) is a share of the edge; with all
    # of them the edge is whole, and the other seat's are the same parts, negated.
    assert {r.words: -r.part for r in mine} == {r.words: r.part for r in theirs}
    assert abs(sum(r.part for r in mine) - (score[0] - score[1])) < 0.1 * len(features.names)
    assert [abs(r.part) for r in mine] == sorted((abs(r.part) for r in mine), reverse=True)


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


def test_a_game_whose_counts_have_no_words_or_an_ended_game_gives_no_reasons() -> None:
    nf = new_game("new-frontiers", 2, seed=1)
    assert position_reasons(nf, 0) == []
    game = _race_after(0)
    while not game.is_over():
        seat = game.to_move()
        game.apply(GreedyBot(seat).choose(game.view(seat, Rng(len(game.history)))))
    assert position_reasons(game, 0) == []
