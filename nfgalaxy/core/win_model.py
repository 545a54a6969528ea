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
    #: The weights file in that folder: a game may have a detailed model beside its compact
    #: one (``Heuristic.detailed_win_features``), each fitted and stored on its own.
    file: str = WEIGHTS_FILE
    #: How a player says each count (``name`` without the ``*left`` scaling), as pairs:
    #: the hint and the review tell what a judgement rests on with them
    #: (``nfgalaxy.bots.reasons``). A count without words is never named there.
    words: tuple[tuple[str, str], ...] = ()


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
    source = resources.files(features.package).joinpath("data", features.file)
    if not source.is_file():
        return None
    return parse(
        features, source.read_text(encoding="utf-8"), f"{features.package} {features.file}"
    )


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


def _numpy() -> Any:
    try:
        import numpy as np
    except ImportError as err:  # only the fitter needs it, not the game
        raise WinModelError("fitting a win model needs numpy: pip install -e '.[fit]'") from err
    return np


#: Positions per block of the fit's sums: the temporaries stay a few tens of megabytes.
_BLOCK = 4096


class PositionTable:
    """Positions kept for a fit as numpy arrays, a pair per seat count: the features
    (positions × seats × features, single precision) and the shares of the win.

    A detailed model has hundreds of features: as Python lists of floats (32 bytes a number),
    the 338,000 positions of 22,000 2-player Race games took about 13 GB of this machine's
    23; single-precision arrays take an eighth of that, 1.6 GB (every sum of the fit is still
    made in double precision)."""

    def __init__(self, positions: Sequence[Position] = ()) -> None:
        self._parts: dict[int, tuple[list[Any], list[Any]]] = {}
        self.add(positions)

    def add(self, positions: Sequence[Position]) -> None:
        """Add positions (one game's, say); positions with different seat counts may mix."""
        np = _numpy()
        by_seats: dict[int, list[Position]] = {}
        for position in positions:
            by_seats.setdefault(len(position[0]), []).append(position)
        for seats, members in by_seats.items():
            x_parts, share_parts = self._parts.setdefault(seats, ([], []))
            x_parts.append(np.array([p[0] for p in members], dtype=np.float32))
            share_parts.append(np.array([p[1] for p in members], dtype=float))

    def groups(self) -> list[tuple[Any, Any]]:
        """Per seat count: the features and the shares, each one array (the parts added
        since are joined, once)."""
        np = _numpy()
        for x_parts, share_parts in self._parts.values():
            if len(x_parts) > 1:
                x_parts[:] = [np.concatenate(x_parts)]
                share_parts[:] = [np.concatenate(share_parts)]
        return [(x_parts[0], share_parts[0]) for x_parts, share_parts in self._parts.values()]

    def __len__(self) -> int:
        return sum(len(x) for parts, _shares in self._parts.values() for x in parts)


def _blocks(groups: list[tuple[Any, Any]]) -> Any:
    """(features, shares) in blocks of ``_BLOCK`` positions: views of the tables, in single
    precision; whatever is computed from them with the double-precision weights or spreads
    is in double precision."""
    for x_all, shares_all in groups:
        for at in range(0, len(x_all), _BLOCK):
            yield x_all[at : at + _BLOCK], shares_all[at : at + _BLOCK]


def _chances(np: Any, x: Any, w: Any) -> Any:
    scores = x @ w
    scores -= scores.max(axis=1, keepdims=True)
    probs = np.exp(scores)
    probs /= probs.sum(axis=1, keepdims=True)
    return probs


def fit(
    positions: Sequence[Position] | PositionTable | Sequence[PositionTable],
    ridge: float = 1e-3,
    steps: int = 12,
    progress: Callable[[int, float], None] | None = None,
) -> list[float]:
    """The weights of largest likelihood (with a small ridge penalty on features scaled to
    unit spread, so that features of any scale are restrained alike), by Newton's method: the
    log-likelihood of a conditional logit is concave, so it converges in a few steps from
    zero. ``progress(step, loss)`` is told after each step. ``positions``: a list of them, a
    table, or several tables fitted together (the fitter's training and held-out games).

    The sums run in numpy (the ``fit`` extra): a model with a feature per card has hundreds
    of features, and a Newton step is a sum of their squares over every seat of a hundred
    thousand positions, a minute in numpy where plain Python would take hours."""
    np = _numpy()
    if isinstance(positions, PositionTable):
        tables = [positions]
    elif positions and all(isinstance(t, PositionTable) for t in positions):
        tables = list(positions)  # type: ignore[arg-type]
    else:
        tables = [PositionTable(positions)]  # type: ignore[arg-type]
    groups = [group for table in tables for group in table.groups()]
    if not groups:
        raise WinModelError("no positions to fit: every game failed to end, or none was played")
    k = groups[0][0].shape[2]
    rows = sum(x.shape[0] * x.shape[1] for x, _ in groups)
    n = sum(len(x) for x, _ in groups)
    # The spread of each feature over every (position, seat) row, in two passes of blocks.
    mean = sum(x.sum(axis=(0, 1), dtype=float) for x, _ in _blocks(groups)) / rows
    spread = np.sqrt(sum(((x - mean) ** 2).sum(axis=(0, 1)) for x, _ in _blocks(groups)) / rows)
    spread[spread == 0] = 1.0
    w = np.zeros(k)
    loss = math.inf
    for step in range(steps):
        grad = -2 * ridge * n * w
        hess = 2 * ridge * n * np.eye(k)
        total = 0.0
        for raw, shares in _blocks(groups):
            x = raw / spread  # the weights are fitted on features of unit spread
            probs = _chances(np, x, w)
            total -= float((shares * np.log(np.maximum(probs, 1e-12))).sum())
            won = shares.sum(axis=1)
            d = x - np.einsum("ps,psk->pk", probs, x)[:, None, :]
            grad += np.einsum("ps,psk->k", shares, d)
            weighted = d * (probs * won[:, None])[:, :, None]
            # One matrix product over every (position, seat) row: einsum's own loop took
            # five times as long as BLAS on 588 features.
            hess += weighted.reshape(-1, k).T @ d.reshape(-1, k)
        if progress is not None and step:
            progress(step, total / n)
        before, loss = loss, total / n
        if before - loss < 1e-5:  # Newton's steps converge fast: the last hardly moved
            break
        w = w + np.linalg.solve(hess, grad)
    return [float(v) for v in w / spread]


def judge(weights: Sequence[float], table: PositionTable) -> tuple[float, float]:
    """How well ``weights`` predict the positions' outcomes: the mean log-loss (as
    ``log_loss``) and how often the seat given the best chance won or shared the win."""
    np = _numpy()
    w = np.array(weights, dtype=float)
    loss = hits = 0.0
    count = 0
    for x, shares in _blocks(table.groups()):
        probs = _chances(np, x, w)
        loss -= float((shares * np.log(np.maximum(probs, 1e-12))).sum())
        favourite = probs.argmax(axis=1)
        hits += float((shares[np.arange(len(shares)), favourite] > 0).sum())
        count += len(x)
    return loss / count, hits / count
