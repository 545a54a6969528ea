"""What search bots pay per copy: clone, view, random playout and whole random games, per game.

    python benchmarks/bench_search.py [--game ID ...] [--players 4] [--samples 200] [--json]

Medians on this machine, one core: ``clone`` copies a mid-game state (round 3); ``view`` makes a
quiet search copy for the seat to move (hidden parts re-dealt); ``playout`` plays random
decisions from round 3 to the end on such a copy; ``games/s`` plays whole 4-player games with
random bots (the real engine, with its log). Games are taken from the registry, so every game
is measured the same way.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

from nfgalaxy.bots.random_bot import RandomBot
from nfgalaxy.core.registry import game_ids, new_game
from nfgalaxy.core.rng import Rng


def _round_of(state) -> int:
    return int(getattr(state, "round", 0))


def mid_game(game: str, players: int, seed: int, round_: int = 3):
    """A state at the start of ``round_`` (or as close as random play gets)."""
    state = new_game(game, players=players, seed=seed)
    bot = RandomBot(seed)
    while not state.is_over() and _round_of(state) < round_:
        state.apply(bot.choose(state))
    return state


def search_copy(state, seat: int, rng: Rng):
    """The quiet copy a search makes (the protocol's ``view(seat, rng, quiet=True)``)."""
    return state.view(seat, rng, quiet=True)


def _median_us(func, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        func()
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1e6


def measure(game: str, players: int, samples: int) -> dict:
    states = [mid_game(game, players, seed) for seed in range(1, 21)]
    states = [s for s in states if not s.is_over()]
    clone_us = statistics.median(_median_us(s.clone, max(1, samples // 10)) for s in states)
    rng = Rng(7)
    view_us = statistics.median(
        _median_us(lambda s=s: search_copy(s, s.to_move(), rng), max(1, samples // 10))
        for s in states
    )
    playout = []
    for i in range(samples):
        base = states[i % len(states)]
        started = time.perf_counter()
        copy = search_copy(base, base.to_move(), rng)
        bot = RandomBot(i)
        while not copy.is_over():
            copy.apply(bot.choose(copy))
        playout.append(time.perf_counter() - started)
    games = max(20, samples // 4)
    started = time.perf_counter()
    for seed in range(games):
        state = new_game(game, players=players, seed=1000 + seed)
        bots = [RandomBot(seed * 31 + i) for i in range(players)]
        while not state.is_over():
            state.apply(bots[state.to_move()].choose(state))
    per_second = games / (time.perf_counter() - started)
    return {
        "game": game,
        "players": players,
        "clone_us": round(clone_us, 2),
        "view_us": round(view_us, 2),
        "playout_ms": round(statistics.median(playout) * 1000, 3),
        "games_per_second": round(per_second, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", default=None, help="default: every game")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    results = [measure(g, args.players, args.samples) for g in (args.game or game_ids())]
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    for r in results:
        print(
            f"{r['game']} ({r['players']}p): clone {r['clone_us']} µs, view {r['view_us']} µs, "
            f"random playout from round 3 {r['playout_ms']} ms, "
            f"random-bot games {r['games_per_second']}/s"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
