"""What search bots pay per copy: clone, view, random playout and whole random games, per game.

    python benchmarks/bench_search.py [--game ID ...] [--players 4] [--samples 200] [--json]

Medians on this machine, one core: ``clone`` copies a mid-game state (round 3); ``view`` makes a
quiet search copy for the seat to move (hidden parts re-dealt); ``playout`` plays random
decisions from round 3 to the end on such a copy; ``games/s`` plays whole 4-player games with
random bots (the real engine, with its log). Games are taken from the registry, so every game
is measured the same way.

``floor`` is what the protocol itself costs a playout of that length: the same number of
decisions, each among as many options as the game's offered on average, in a game whose rules do
nothing (``NullGame``: the shared step loop, a fresh list of ready-made decisions, the random
bot's draw, ``apply``'s bookkeeping, and no automatic step). What a playout costs above it is
the game's rules: no rules written on this protocol play faster than the floor.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

from nfgalaxy.bots.random_bot import RandomBot
from nfgalaxy.core.decision import Decision, IllegalDecision
from nfgalaxy.core.registry import game_ids, new_game
from nfgalaxy.core.rng import Rng
from nfgalaxy.core.steps import StepQueueGame


def _null_options(game: NullGame, _player: int, _arg: object) -> list[Decision]:
    return game.offered[:]  # made once: the games keep their decisions too, and build lists


def _null_run(game: NullGame, player: int, _arg: object, _decision: Decision | None) -> None:
    game.decided += 1
    if game.decided >= game.length:
        game.over = True
    else:
        game.queue.append(["pick", (player + 1) % game.players, None])


class NullGame(StepQueueGame):
    """A game whose rules do nothing: ``length`` decisions among ``width`` options each, through
    the step loop every game shares (see the module docstring's ``floor``)."""

    HANDLERS = {"pick": (_null_options, _null_run)}

    def __init__(self, length: int, width: int, players: int) -> None:
        self.length, self.players = length, players
        self.offered = [Decision("pick", (i,)) for i in range(max(2, width))]
        self.decided = 0
        self.over = length <= 0
        self.queue = [["pick", 0, None]]
        self.history = []
        self._legal = None
        self.rng = Rng(1)
        self.quiet = True

    def _explain(self, decision: Decision) -> IllegalDecision:
        return IllegalDecision("none", f"{decision} is not offered")


def floor_ms(length: int, width: int, players: int, samples: int) -> float:
    """The median time of a random playout of ``NullGame``: the protocol's floor."""
    times = []
    for i in range(samples):
        started = time.perf_counter()
        game = NullGame(length, width, players)
        bot = RandomBot(i)
        while not game.is_over():
            game.apply(bot.choose(game))
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000


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
    decisions = offered = 0
    for i in range(samples):
        base = states[i % len(states)]
        started = time.perf_counter()
        copy = search_copy(base, base.to_move(), rng)
        bot = RandomBot(i)
        while not copy.is_over():
            copy.apply(bot.choose(copy))
        playout.append(time.perf_counter() - started)
    for i in range(min(samples, 40)):  # the playouts' shape, counted apart from their timing
        base = states[i % len(states)]
        copy = search_copy(base, base.to_move(), rng)
        bot = RandomBot(i)
        while not copy.is_over():
            decisions += 1
            offered += len(copy.legal_decisions())
            copy.apply(bot.choose(copy))
    played = min(samples, 40)
    length = round(decisions / played)
    width = round(offered / max(1, decisions))
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
        "playout_decisions": length,
        "options_per_decision": width,
        "floor_ms": round(floor_ms(length, width, players, samples), 3),
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
            f"random playout from round 3 {r['playout_ms']} ms "
            f"({r['playout_decisions']} decisions among {r['options_per_decision']} options; "
            f"the protocol's floor for that {r['floor_ms']} ms), "
            f"random-bot games {r['games_per_second']}/s"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
