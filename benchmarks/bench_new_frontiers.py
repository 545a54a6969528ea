"""Benchmark: New Frontiers random-bot games per second and greedy-bot think time.

Run ``python benchmarks/bench_new_frontiers.py [--games 200] [--profile]``. It reports, it does
not assert: speed is tracked by reading these numbers, not by a timed test that flakes.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import statistics
import time

from nfgalaxy.simulate import play_game, simulate


def random_games(games: int, players: int, seed: int, repeats: int = 3) -> dict[str, float]:
    """Best and median of ``repeats`` runs: a shared machine adds noise, never speed."""
    runs = []
    decisions = 0
    for _ in range(repeats):
        started = time.perf_counter()
        decisions = 0
        for index in range(games):
            _state, count = play_game("new-frontiers", ["random"] * players, seed + index)
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


def greedy_think(games: int, seed: int) -> dict[str, float]:
    summary = simulate("new-frontiers", ["greedy", "random", "random", "random"], games, seed)
    times = summary.think.get("greedy", [])
    return {
        "games": games,
        "decisions": len(times),
        "mean_ms": round(1000 * statistics.fmean(times), 3),
        "p95_ms": round(1000 * sorted(times)[int(0.95 * (len(times) - 1))], 3),
        "max_ms": round(1000 * max(times), 3),
        "greedy_win_rate": round(summary.wins()[0] / games, 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--greedy-games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true", help="profile the random games")
    args = parser.parse_args()
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        random_games(args.games, 4, args.seed, repeats=1)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)
        return
    report = {
        "random_4p": random_games(args.games, 4, args.seed),
        "random_2p": random_games(args.games // 2, 2, args.seed),
        "greedy_think": greedy_think(args.greedy_games, args.seed),
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
