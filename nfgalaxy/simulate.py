"""Headless bot-vs-bot play: many seeded games, winners, average scores and speed."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from nfgalaxy.bots import Bot, make_bot
from nfgalaxy.core.protocol import GameState, new_game

MAX_DECISIONS = 20_000  # a guard: a game that needs more is a bug, reported as such


class GameDidNotEnd(RuntimeError):
    """A simulated game exceeded ``MAX_DECISIONS``: the rules engine is stuck."""


@dataclass
class GameResult:
    seed: int
    winners: list[int]
    scores: list[dict[str, int]]
    rounds: int
    decisions: int


@dataclass
class Summary:
    game: str
    players: int
    bots: list[str]
    games: int
    seconds: float
    results: list[GameResult] = field(default_factory=list)
    think: dict[str, list[float]] = field(default_factory=dict)
    #: How often each kind of event happened over all the games (the engines' typed event
    #: log): what a rule under test did, e.g. how many takeovers succeeded in 100 games.
    events: Counter[str] = field(default_factory=Counter)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else float("inf")

    def wins(self) -> list[float]:
        """Wins per seat; a shared victory counts as a fraction."""
        out = [0.0] * self.players
        for result in self.results:
            for seat in result.winners:
                out[seat] += 1 / len(result.winners)
        return out

    def average(self, category: str = "total") -> list[float]:
        n = max(1, len(self.results))
        return [sum(r.scores[s][category] for r in self.results) / n for s in range(self.players)]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "bots": self.bots,
            "games": self.games,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games_per_second, 2),
            "wins": self.wins(),
            "average_scores": [round(x, 2) for x in self.average()],
            "average_rounds": round(sum(r.rounds for r in self.results) / max(1, self.games), 2),
            "events": dict(sorted(self.events.items())),
            "think_ms": {
                bot: round(1000 * sum(times) / len(times), 3)
                for bot, times in self.think.items()
                if times
            },
            "results": [
                {
                    "seed": r.seed,
                    "winners": r.winners,
                    "totals": [s["total"] for s in r.scores],
                    "rounds": r.rounds,
                }
                for r in self.results
            ],
        }


def play_game(
    game: str,
    bots: list[str],
    seed: int,
    options: dict[str, Any] | None = None,
    think: dict[str, list[float]] | None = None,
) -> tuple[GameState, int]:
    """Play one game to the end with the named bots; returns the final state and decision count."""
    state = new_game(game, players=len(bots), seed=seed, options=options or {})
    players = [make_bot(kind, seed * 31 + i) for i, kind in enumerate(bots)]
    on_think = None
    if think is not None:

        def on_think(seat: int, seconds: float) -> None:
            think.setdefault(players[seat].name, []).append(seconds)

    return state, play_out(state, players, seed, on_think)


def play_out(
    state: GameState,
    players: Sequence[Bot],
    seed: int,
    on_think: Callable[[int, float], None] | None = None,
) -> int:
    """Play ``state`` to the end, ``players[seat]`` deciding for each seat; returns the number
    of decisions. The one game loop of ``simulate`` and the tournament, so both stop a stuck
    game the same way; ``on_think(seat, seconds)`` hears each decision's thinking time (the
    clock is read only when someone listens)."""
    decisions = 0
    while not state.is_over():
        seat = state.to_move()
        assert seat is not None
        bot = players[seat]
        if on_think is not None:
            started = time.perf_counter()
            decision = bot.choose(state)
            on_think(seat, time.perf_counter() - started)
        else:
            decision = bot.choose(state)
        state.apply(decision)
        decisions += 1
        if decisions > MAX_DECISIONS:
            raise GameDidNotEnd(f"seed {seed}: no end after {MAX_DECISIONS} decisions")
    return decisions


def simulate(
    game: str,
    bots: list[str],
    games: int,
    seed: int,
    options: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
) -> Summary:
    """Play ``games`` games with seeds ``seed, seed+1, ...``."""
    summary = Summary(game=game, players=len(bots), bots=list(bots), games=games, seconds=0.0)
    started = time.perf_counter()
    for index in range(games):
        state, decisions = play_game(game, bots, seed + index, options, summary.think)
        summary.results.append(
            GameResult(
                seed=seed + index,
                winners=state.winners(),
                scores=state.scores(),
                rounds=getattr(state, "round", 0),
                decisions=decisions,
            )
        )
        summary.events.update(event.kind for event in getattr(state, "events", ()))
        if progress:
            progress(index + 1)
    summary.seconds = time.perf_counter() - started
    return summary
