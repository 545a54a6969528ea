"""Chances of winning from a position, by a model fitted to played games.

The search judges the position where it stops looking ahead. A game's hand-weighed value (VP
now plus VP-equivalents of hand, goods and powers) says who is ahead, but not how much a lead
is worth: four points early in a game are little, late they are most of a win, and the
hand-set weights were tuned for a greedy bot's choices, not for predicting who wins. A
*win model* answers that question directly: each seat's position is described by a few
numbers (``Features``), and seat *i* wins with probability

    exp(w · f_i) / Σ_j exp(w · f_j)

(a conditional logit, as for a choice among the seats), with the weights ``w`` fitted to the
outcomes of games the greedy bots played (``nfgalaxy.bots.fit_win_model``). Features that
should count differently as the game goes on appear twice, once scaled by how much of the game
is left. The weights live in the game's ``data/win_model.toml``, written by the fitter with
how well they predict games held out of the fit.
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

#: The file, in a game package's ``data`` folder, that holds its fitted weights.
WEIGHTS_FILE = "win_model.toml"


def _always(state: Any) -> bool:
    return True


@dataclass(frozen=True)
class Features:
    """What a game's win model looks at: ``names`` of the numbers ``of(state, seat)``
    returns, in that order, and the game package whose ``data`` folder holds the weights.
    ``applies(state)``: whether the model knows games like this one (set up with the options
    of the games it was fitted on); elsewhere the search judges as it would without one."""

    names: tuple[str, ...]
    of: Callable[[Any, int], Sequence[float]]
    package: str
    applies: Callable[[Any], bool] = _always


@dataclass(frozen=True)
class WinModel:
    """Fitted weights for a game's ``Features`` (see the module docstring), one set per
    player count fitted: a lead counts differently among two players than among four. A
    count that was not fitted uses the nearest one that was (the fewer players on a tie)."""

    features: Features
    weights: dict[int, tuple[float, ...]]

    def for_players(self, players: int) -> tuple[float, ...]:
        if players in self.weights:
            return self.weights[players]
        return self.weights[min(self.weights, key=lambda n: (abs(n - players), n))]

    def chances(self, state: Any, seats: int) -> list[float]:
        """Each seat's chance to win, summing to 1."""
        weights = self.for_players(seats)
        of = self.features.of
        return softmax(
            [sum(w * x for w, x in zip(weights, of(state, s), strict=True)) for s in range(seats)]
        )


def softmax(scores: Sequence[float]) -> list[float]:
    top = max(scores)
    exps = [math.exp(s - top) for s in scores]
    total = sum(exps)
    return [e / total for e in exps]


class WinModelError(ValueError):
    """A weights file that does not fit its game's features (refit it)."""


@cache
def load(features: Features) -> WinModel | None:
    """The fitted model for ``features``, or None if the game has no weights file yet.

    The file has a table ``[weights.N]`` for each player count N fitted, naming every feature
    with its weight. A file whose names are not the features' (the features changed since the
    fit) is refused with what differs: weights read against the wrong features would judge
    nonsense."""
    source = resources.files(features.package).joinpath("data", WEIGHTS_FILE)
    if not source.is_file():
        return None
    return parse(features, source.read_text(encoding="utf-8"), f"{features.package} {WEIGHTS_FILE}")


def parse(features: Features, text: str, where: str) -> WinModel:
    """The model a weights file's ``text`` gives ``features`` (see ``load``); ``where`` names
    the file in errors."""
    try:
        tables = tomllib.loads(text)["weights"]
    except (tomllib.TOMLDecodeError, KeyError) as err:
        raise WinModelError(f"{where}: {err}") from err
    by_players: dict[int, tuple[float, ...]] = {}
    for count, weights in tables.items() if isinstance(tables, dict) else ():
        if not count.isdigit() or not isinstance(weights, dict):
            raise WinModelError(f"{where}: [weights.{count}] is not a player count's weights")
        if tuple(weights) != features.names:
            raise WinModelError(
                f"{where}: [weights.{count}] names {', '.join(weights)}, but the features are "
                f"{', '.join(features.names)}; fit the model again"
            )
        if not all(
            isinstance(v, (int, float)) and not isinstance(v, bool) for v in weights.values()
        ):
            raise WinModelError(f"{where}: [weights.{count}] must give each feature a number")
        by_players[int(count)] = tuple(float(v) for v in weights.values())
    if not by_players:
        raise WinModelError(f"{where}: no [weights.N] table for any player count")
    return WinModel(features, by_players)


# ---------------------------------------------------------------- fitting

#: One position: each seat's features, and each seat's share of the win (1 for the winner,
#: 1/k for each of k who shared it, else 0).
Position = tuple[list[list[float]], list[float]]


def log_loss(weights: Sequence[float], positions: Sequence[Position]) -> float:
    """Mean negative log-likelihood of the outcomes (natural log; ln 4 ≈ 1.386 is a guess
    among four seats)."""
    total = 0.0
    for seats, shares in positions:
        probs = softmax([sum(w * x for w, x in zip(weights, f, strict=True)) for f in seats])
        total -= sum(s * math.log(max(p, 1e-12)) for s, p in zip(shares, probs, strict=True))
    return total / len(positions)


def fit(
    positions: Sequence[Position],
    ridge: float = 1e-3,
    steps: int = 12,
    progress: Callable[[int, float], None] | None = None,
) -> list[float]:
    """The weights of largest likelihood (with a small ridge penalty on features scaled to
    unit spread, which keeps a feature that rarely varies from a wild weight), by Newton's
    method: the log-likelihood of a conditional logit is concave, so it converges in a few
    steps from zero. ``progress(step, loss)`` is told after each step."""
    k = len(positions[0][0][0])
    spread = _spreads(positions, k)
    scaled = [
        ([[x / s for x, s in zip(f, spread, strict=True)] for f in seats], shares)
        for seats, shares in positions
    ]
    n = len(scaled)
    w = [0.0] * k
    loss = math.inf
    for step in range(steps):
        grad = [-2 * ridge * wi * n for wi in w]
        hess = [[2 * ridge * n if i == j else 0.0 for j in range(k)] for i in range(k)]
        for seats, shares in scaled:
            probs = softmax([sum(wi * x for wi, x in zip(w, f, strict=True)) for f in seats])
            won = sum(shares)
            mean = [sum(p * f[i] for p, f in zip(probs, seats, strict=True)) for i in range(k)]
            for f, p, s in zip(seats, probs, shares, strict=True):
                d = [f[i] - mean[i] for i in range(k)]
                for i in range(k):
                    grad[i] += s * d[i]
                    row = hess[i]
                    pd = p * won * d[i]
                    for j in range(i, k):
                        row[j] += pd * d[j]
        for i in range(k):
            for j in range(i):
                hess[i][j] = hess[j][i]
        move = _solve(hess, grad)
        w = [wi + m for wi, m in zip(w, move, strict=True)]
        before, loss = loss, log_loss(w, scaled)
        if progress is not None:
            progress(step + 1, loss)
        if before - loss < 1e-5:  # Newton's steps converge fast: this one hardly moved
            break
    return [wi / s for wi, s in zip(w, spread, strict=True)]


def _spreads(positions: Sequence[Position], k: int) -> list[float]:
    """Each feature's standard deviation over all seats of all positions (1 where it is 0)."""
    rows = [f for seats, _ in positions for f in seats]
    spreads = []
    for i in range(k):
        mean = sum(r[i] for r in rows) / len(rows)
        var = sum((r[i] - mean) ** 2 for r in rows) / len(rows)
        spreads.append(math.sqrt(var) or 1.0)
    return spreads


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``x`` with ``a x = b``, by Gaussian elimination with partial pivoting (``a`` is
    symmetric positive definite here, thanks to the ridge)."""
    k = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, k):
            factor = m[r][col] / m[col][col]
            if factor:
                for c in range(col, k + 1):
                    m[r][c] -= factor * m[col][c]
    x = [0.0] * k
    for r in range(k - 1, -1, -1):
        x[r] = (m[r][k] - sum(m[r][c] * x[c] for c in range(r + 1, k))) / m[r][r]
    return x
