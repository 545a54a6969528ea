"""A one-step greedy bot: tries each legal decision on a copy and keeps the best-valued result.

When a decision leaves the same player to decide again within the action (choosing Develop,
then which development), the follow-up is played greedily too before the result is valued, so
an action tile is judged by what the bot would do with it, not by its bonus alone. Values come
from the game's ``Heuristic`` (its descriptor's ``heuristics()``): ``value(state, seat)``
weighs VP, goods, credits and the rest; an optional ``plan(state, seat, options)`` makes the
decisions a one-step lookahead cannot judge (Roll's secret assignment, valued only when the
phases are played) and returns None for the others. ``lookahead`` (follow-ups played) and
``follow_limit`` (follow-ups with more choices than this are not explored) bound the think time
where one player makes long chains of wide decisions.

The bot never looks at what its seat may not see: it decides on ``state.view(seat, rng)``, a
quiet copy with everything hidden re-dealt from the bot's own generator, so it can neither see
others' secrets nor foresee the real game's draws. The decisions a seat may make depend only on
what it can see, so the choice is legal in the game.
"""

from __future__ import annotations

import time

from nfgalaxy.core.decision import Decision
from nfgalaxy.core.descriptor import Heuristic
from nfgalaxy.core.protocol import GameState
from nfgalaxy.core.registry import descriptor
from nfgalaxy.core.rng import Rng


def heuristic(game_id: str) -> Heuristic:
    """The greedy heuristic of a game, from its descriptor."""
    return descriptor(game_id).heuristics()


class GreedyBot:
    def __init__(
        self, seed: int = 0, depth: int | None = None, noise: float = 0.0, name: str = "greedy"
    ) -> None:
        self.rng = Rng(seed ^ 0x6EED)
        self.depth = depth  # None: the game's lookahead
        #: Each option's value is off by up to this much, at random: a weaker, human-like bot.
        self.noise = noise
        self.name = name
        self.think_seconds: list[float] = []

    def choose(self, state: GameState) -> Decision:
        started = time.perf_counter()
        seat = state.to_move()
        assert seat is not None
        rules = heuristic(state.game_id)
        state = state.view(seat, self.rng, quiet=True)
        options = state.legal_decisions()
        planned = rules.plan(state, seat, options) if rules.plan is not None else None
        if planned is not None and not self._slips():
            self.think_seconds.append(time.perf_counter() - started)
            return planned
        best: list[Decision] = []
        best_value = float("-inf")
        depth = self.depth or rules.lookahead
        for decision in options:
            value = value_after(state, decision, seat, rules, depth)
            if self.noise:
                value += self.noise * (2 * self.rng.next64() / 2**64 - 1)
            if value > best_value + 1e-9:
                best, best_value = [decision], value
            elif abs(value - best_value) <= 1e-9:
                best.append(decision)
        self.think_seconds.append(time.perf_counter() - started)
        return best[self.rng.below(len(best))]

    def _slips(self) -> bool:
        """With noise, a planned decision is now and then judged one step on like the rest."""
        return bool(self.noise) and self.rng.below(4) == 0


def value_after(
    state: GameState, decision: Decision, seat: int, rules: Heuristic, depth: int
) -> float:
    """``seat``'s value after ``decision``, its own follow-ups (up to ``depth`` decisions in
    all, each among at most ``rules.follow_limit``) played to their best value."""
    after = state.clone()
    after.apply(decision)
    if depth > 1 and not after.is_over() and after.to_move() == seat:
        follow = after.legal_decisions()
        if 1 < len(follow) <= rules.follow_limit:
            return max(value_after(after, d, seat, rules, depth - 1) for d in follow)
    return rules.value(after, seat)
