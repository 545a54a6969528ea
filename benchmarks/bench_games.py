"""Benchmark: random-bot games per second and greedy-bot think time, for any game.

Run ``python benchmarks/bench_games.py --game roll [--games 200] [--profile]`` (``--game``:
new-frontiers, the default, or roll). It reports, it does not assert: speed is tracked by
reading these numbers, not by a timed test that flakes. The greedy figures come from games of
one greedy bot against random bots (4 players), with its win rate.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import statistics
import time

from nfgalaxy.core.registry import descriptor, resolve_id
from nfgalaxy.simulate import play_game, simulate

#: Player counts of the random-game runs, per game (the first one is profiled).


def random_games(
    game: str, games: int, players: int, seed: int, repeats: int = 3
) -> dict[str, float]:
    """Best and median of ``repeats`` runs: a shared machine adds noise, never speed."""
    runs = []
    decisions = 0
    for _ in range(repeats):
        started = time.perf_counter()
        decisions = 0
        for index in range(games):
            _state, count = play_game(game, ["random"] * players, seed + index)
            decisions += count
        runs.append(time.perf_counter() - started)
    best, median = min(runs), statistics.median(runs)
    return {
        "games": games,
        "players": players,
        "repeats": repeats,
        "best_games_per_second": round(games / best, 1),
        "median_games_per_second": round(games / median, 1),
        "decisions_per_game": round(decisions / games, 1),
        "best_decisions_per_second": round(decisions / best),
    }


def greedy_think(game: str, games: int, seed: int) -> dict[str, float]:
    summary = simulate(game, ["greedy", "random", "random", "random"], games, seed)
    times = sorted(summary.think.get("greedy", []))
    return {
        "games": games,
        "decisions": len(times),
        "mean_ms": round(1000 * statistics.fmean(times), 3),
        "p95_ms": round(1000 * times[int(0.95 * (len(times) - 1))], 3),
        "max_ms": round(1000 * times[-1], 3),
        "greedy_win_rate": round(summary.wins()[0] / games, 3),
        "greedy_average_score": round(summary.average()[0], 1),
        "random_average_score": round(statistics.fmean(summary.average()[1:]), 1),
    }


def run(game: str, games: int, greedy_games: int, seed: int, profile: bool) -> None:
    game = resolve_id(game)
    found = descriptor(game)
    # The usual table first, then the smallest and the largest.
    counts = tuple(dict.fromkeys((found.default_players, found.min_players, found.max_players)))
    if profile:
        profiler = cProfile.Profile()
        profiler.enable()
        random_games(game, games, counts[0], seed, repeats=1)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)
        return
    report: dict[str, object] = {"game": game}
    for i, players in enumerate(counts):
        # New Frontiers' historical runs play half as many 2-player games.
        n = games // 2 if game == "new-frontiers" and i else games
        report[f"random_{players}p"] = random_games(game, n, players, seed)
    report["greedy_think"] = greedy_think(game, greedy_games, seed)
    print(json.dumps(report, indent=2))


def main(default_game: str = "new-frontiers") -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default=default_game, help="new-frontiers or roll")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--greedy-games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true", help="profile the random games")
    args = parser.parse_args()
    run(args.game, args.games, args.greedy_games, args.seed, args.profile)


if __name__ == "__main__":
    main()
