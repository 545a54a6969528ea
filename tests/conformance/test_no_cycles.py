"""Conformance: no run of decisions leads back to a position it passed through.

Where one decision can be undone by another (make a trade proposal, withdraw it) a player can
go round for ever, and so can a bot that finds the same position after each and makes the same
choice: Space Merchant had such a hole, found only when a search bot's turn never ended. Random
games end (``test_every_game``), but a random walk leaves a loop by chance; this hunts for
loops directly. From positions of random games it walks every run of up to ``DEPTH`` decisions
(among at most ``WIDTH`` of the options at each step) and fails if one comes back to a position
on its own path. A position is the whole saved state without its log, its history and its
random generator (``clone`` forks the generator, so that a copy cannot foresee the real
game's draws: with it, no copy's position would ever equal the one it was made from).

The everyday run checks a few positions per game; ``-m slow`` hunts wider and deeper.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from nfgalaxy.bots.random_bot import RandomBot
from nfgalaxy.core.decision import Decision, IllegalDecision
from nfgalaxy.core.registry import game_ids, new_game
from nfgalaxy.core.rng import Rng
from nfgalaxy.core.steps import StepQueueGame

#: What a position is not: the words, the record of how it was reached, the generator.
NOT_POSITION = frozenset({"events", "history", "labels", "log", "rng"})


def position(state: Any) -> str:
    saved = state.to_json()
    return json.dumps({k: v for k, v in saved.items() if k not in NOT_POSITION}, sort_keys=True)


def find_loop(state: Any, depth: int, width: int, rng: Rng) -> list[str] | None:
    """Decisions (their words) from ``state`` that come back to a position on their path,
    among the runs of up to ``depth`` decisions with at most ``width`` options tried at each
    step (drawn with ``rng`` where there are more); None if there is none."""
    path = {position(state): 0}
    taken: list[str] = []

    def walk(at: Any, left: int) -> bool:
        if left == 0 or at.is_over():
            return False
        options = at.legal_decisions()
        if len(options) > width:
            options = [options[i] for i in sorted(_draw(rng, len(options), width))]
        for decision in options:
            after = at.clone()
            after.apply(decision)
            taken.append(str(decision))
            key = position(after)
            if key in path:
                return True
            path[key] = len(taken)
            if walk(after, left - 1):
                return True
            del path[key]
            taken.pop()
        return False

    return taken if walk(state, depth) else None


def _draw(rng: Rng, n: int, k: int) -> set[int]:
    chosen: set[int] = set()
    while len(chosen) < k:
        chosen.add(rng.below(n))
    return chosen


def _hunt(game: str, players: int, seeds: range, every: int, depth: int, width: int) -> None:
    for seed in seeds:
        state = new_game(game, players=players, seed=seed)
        bot = RandomBot(seed)
        count = 0
        while not state.is_over():
            if count % every == 0:
                loop = find_loop(state, depth, width, Rng(seed * 1000 + count))
                assert loop is None, f"{game} seed {seed}, decision {count}: a loop: {loop}"
            state.apply(bot.choose(state))
            count += 1


@pytest.mark.parametrize("game", game_ids())
def test_no_few_decisions_come_back_to_where_they_began(game: str) -> None:
    _hunt(game, players=2, seeds=range(1, 2), every=23, depth=3, width=3)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("game", game_ids())
def test_no_decisions_come_back_to_where_they_began_in_a_wider_hunt(
    game: str, players: int
) -> None:
    _hunt(game, players=players, seeds=range(1, 4), every=6, depth=4, width=4)


# ---------------------------------------------------------------- the hunt itself


def _options(game: _Ledger, _player: int, _arg: object) -> list[Decision]:
    return [Decision("lend"), Decision("repay"), Decision("stop")]


def _run(game: _Ledger, _player: int, _arg: object, decision: Decision | None) -> None:
    assert decision is not None
    if decision.kind == "stop":
        game.over = True
        return
    game.owed += 1 if decision.kind == "lend" else -1
    game.queue.append(["act", 0, None])


class _Ledger(StepQueueGame):
    """A game with a loop in it: lending and repaying returns to the same position."""

    HANDLERS = {"act": (_options, _run)}

    def __init__(self) -> None:
        self.over, self.queue, self.history = False, [["act", 0, None]], []
        self._legal, self.rng, self.quiet, self.owed = None, Rng(1), True, 0

    def clone(self) -> _Ledger:
        other = _Ledger()
        other.over, other.queue, other.owed = self.over, [list(s) for s in self.queue], self.owed
        return other

    def to_json(self) -> dict[str, Any]:
        return {"owed": self.owed, "over": self.over, "queue": self.queue}

    def _explain(self, decision: Decision) -> IllegalDecision:
        return IllegalDecision("none", f"{decision} is not offered")


def test_the_hunt_finds_a_loop_where_there_is_one() -> None:
    # lend, lend, repay: back to owing one, a position on the path
    assert find_loop(_Ledger(), depth=3, width=3, rng=Rng(1)) == ["lend[]", "lend[]", "repay[]"]
    assert find_loop(_Ledger(), depth=1, width=3, rng=Rng(1)) is None  # too short to close
