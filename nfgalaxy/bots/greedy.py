"""A one-step greedy bot: tries each legal decision on a copy and keeps the best-valued result.

When a decision leaves the same player to decide again within the action (choosing Develop,
then which development), the follow-up is played greedily too before the result is valued, so
an action tile is judged by what the bot would do with it, not by its bonus alone. Values come
from each game's heuristic (``value(state, seat)``), which weighs VP, goods, military and credits.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from nfgalaxy.core.decision import Decision
from nfgalaxy.core.protocol import GameState
from nfgalaxy.core.rng import Rng

Evaluator = Callable[[GameState, int], float]


def _evaluator(game_id: str) -> Evaluator:
    if game_id == "new-frontiers":
        from nfgalaxy.games.new_frontiers.heuristics import value

        return value
    raise ValueError(f"no greedy heuristic for {game_id!r}")


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int = 0, depth: int = 3) -> None:
        self.rng = Rng(seed ^ 0x6EED)
        self.depth = depth
        self.think_seconds: list[float] = []

    def choose(self, state: GameState) -> Decision:
        started = time.perf_counter()
        seat = state.to_move()
        assert seat is not None
        evaluate = _evaluator(state.game_id)
        options = state.legal_decisions()
        best: list[Decision] = []
        best_value = float("-inf")
        for decision in options:
            value = self._value_after(state, decision, seat, evaluate, self.depth)
            if value > best_value + 1e-9:
                best, best_value = [decision], value
            elif abs(value - best_value) <= 1e-9:
                best.append(decision)
        self.think_seconds.append(time.perf_counter() - started)
        return best[self.rng.below(len(best))]

    def _value_after(
        self, state: GameState, decision: Decision, seat: int, evaluate: Evaluator, depth: int
    ) -> float:
        after = state.clone()
        after.apply(decision)
        if depth > 1 and not after.is_over() and after.to_move() == seat:
            follow = after.legal_decisions()
            if 1 < len(follow) <= 40:
                return max(self._value_after(after, d, seat, evaluate, depth - 1) for d in follow)
        return evaluate(after, seat)
