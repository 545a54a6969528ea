"""The benchmark's floor game (``benchmarks/bench_search.py``): it must play the playout it
stands for, or the floor it reports measures something else."""

from benchmarks.bench_search import NullGame, floor_ms
from nfgalaxy.bots.random_bot import RandomBot


def test_the_floor_game_plays_as_many_decisions_among_as_many_options_as_asked() -> None:
    game = NullGame(length=37, width=6, players=4)
    bot = RandomBot(3)
    decisions = 0
    while not game.is_over():
        assert len(game.legal_decisions()) == 6
        assert game.to_move() == decisions % 4
        game.apply(bot.choose(game))
        decisions += 1
    assert decisions == 37
    assert len(game.history) == 37


def test_the_floor_is_a_time_and_grows_with_the_playout() -> None:
    assert 0 < floor_ms(10, 3, 2, samples=5) < floor_ms(2000, 3, 2, samples=5)
