"""Fit a game's model of the others' secret choices (``nfgalaxy.bots.choice_model``).

    python -m nfgalaxy.bots.fit_choice_model --game G --players 2 --games 400 \\
        --level normal --seed 1 --record choices.jsonl

It plays ``--games`` games in which every secret choice the game's ``ChoiceFeatures`` cover is
made by a search of ``--level`` (by its iterations alone, so the same for a seed on any
machine) and every other decision by the greedy bot, and records each such choice: the
chooser's features, the options offered and the one the search chose, with the one the greedy
bot would have chosen beside it. Every fourth game is held out: a model fitted on the others
is judged on it, against a guess among the options offered, and the greedy bot's agreement
with the search is given beside the model's. The weights written to the game's ``data/
choice_model_<N>p.npz`` are then fitted on every game, with the command line and commit.

The search's choices cost most of the time (a decision of ``normal`` is about 0.2 s), so the
games are appended to ``--record`` as they end (a line each, flushed to disk): a run stopped
by Ctrl+C or a crash goes on from there with the same command (``--games`` may grow), and a
record of another game, setup, level or seed is refused. ``--jobs`` plays games in that many
processes (the record is the same). Progress goes to stderr.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

from nfgalaxy.bots.choice_model import ChoiceModel, weights_path
from nfgalaxy.bots.greedy import GreedyBot
from nfgalaxy.bots.levels import LEVELS, SearchLevel, level_variant
from nfgalaxy.bots.search import SearchBot
from nfgalaxy.bots.train_value import code_commit
from nfgalaxy.bots.value_net import Provenance
from nfgalaxy.core.choice_model import ChoiceFeatures, class_of
from nfgalaxy.core.registry import descriptor, new_game
from nfgalaxy.simulate import MAX_DECISIONS, GameDidNotEnd

#: The ridge on the features' weights (standardised features; the biases get a hundredth).
RIDGE = 1.0
#: One game in this many is held out of the first fit and judged on.
HOLD_OUT_EVERY = 4


class RecordError(ValueError):
    """A record file that is not this run's (another game, setup, level or seed), or unreadable."""


@dataclass(frozen=True)
class Config:
    """The run a record belongs to: a record is only resumed by the same run."""

    game: str
    players: int
    level: str
    seed: int
    features: tuple[str, ...]

    def header(self) -> dict[str, Any]:
        return {"run": {**asdict(self), "features": list(self.features)}}

    def deal(self, index: int) -> int:
        """The seed of game ``index``: the run's seed spread so runs do not share deals."""
        return self.seed * 1_000_003 + index


@dataclass
class Choice:
    """One recorded choice: the chooser's features, the classes offered, the search's and
    the greedy bot's."""

    x: list[float]
    offered: list[str]
    chosen: str
    greedy: str


# ---------------------------------------------------------------- playing and recording


def search_level(spec: str) -> SearchLevel:
    """A level by name (``normal``) or a variant of one (``normal:iterations=80``)."""
    return LEVELS[spec] if spec in LEVELS else level_variant(spec)


def play_game(config: Config, choices: ChoiceFeatures, index: int) -> list[Choice]:
    """Game ``index`` of the run: the covered choices by the level's search, the rest by the
    greedy bot; every covered choice recorded."""
    deal = config.deal(index)
    state = new_game(config.game, players=config.players, seed=deal)
    level = search_level(config.level)
    searchers = [SearchBot(deal * 8 + s, level, timed=False) for s in range(config.players)]
    greedy = [GreedyBot(deal * 8 + s) for s in range(config.players)]
    found: list[Choice] = []
    decisions = 0
    while not state.is_over():
        seat = state.to_move()
        assert seat is not None
        options = state.legal_decisions()
        if choices.covers(options) and choices.applies(state):
            x = [float(v) for v in choices.of(state, seat)]
            greedy_choice = greedy[seat].choose(state)
            decision = searchers[seat].choose(state)
            found.append(
                Choice(
                    x, [class_of(d) for d in options], class_of(decision), class_of(greedy_choice)
                )
            )
        else:
            decision = greedy[seat].choose(state)
        state.apply(decision)
        decisions += 1
        if decisions > MAX_DECISIONS:
            raise GameDidNotEnd(f"seed {deal}: no end after {MAX_DECISIONS} decisions")
    return found


def _play_job(work: tuple[Config, int]) -> tuple[int, list[Choice]]:
    config, index = work
    loader = descriptor(config.game).heuristics().choice_features
    assert loader is not None
    return index, play_game(config, loader(), index)


def _played(config: Config, missing: list[int], jobs: int) -> Iterator[tuple[int, list[Choice]]]:
    """The games ``missing`` played, each as it ends: in ``jobs`` processes where more than
    one (a game depends on its index alone, so the record is the same whatever ``jobs``)."""
    work = [(config, index) for index in missing]
    if jobs <= 1:
        yield from map(_play_job, work)
        return
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        yield from pool.imap_unordered(_play_job, work)


def read_record(path: Path, config: Config) -> dict[int, list[Choice]]:
    """The games already in the record at ``path`` (none if it does not exist). A last line
    cut short by a crash is dropped from the file (its game is played again); a record of
    another run is refused."""
    if not path.exists():
        return {}
    games: dict[int, list[Choice]] = {}
    good = 0  # bytes of whole lines read
    with path.open("rb") as f:
        lines = f.read().split(b"\n")
    for number, raw in enumerate(lines, 1):
        if not raw.strip():
            good += len(raw) + 1
            continue
        try:
            row = json.loads(raw)
        except json.JSONDecodeError:
            if number >= len(lines) - 1:  # the last line, written in part
                break
            raise RecordError(f"{path}: line {number} is not JSON") from None
        if number == 1:
            if row != config.header():
                raise RecordError(
                    f"{path}: a record of another run ({json.dumps(row.get('run'))}), not "
                    f"{json.dumps(config.header()['run'])}: give another --record"
                )
        else:
            games[int(row["game"])] = [Choice(**c) for c in row["choices"]]
        good += len(raw) + 1
    size = path.stat().st_size
    if good < size:
        with path.open("r+b") as f:
            f.truncate(good)
    if not games and good == 0:
        raise RecordError(f"{path}: empty, without the run's header")
    return games


def append(path: Path, row: dict[str, Any]) -> None:
    """One line at the end of the record, on disk before the next game starts."""
    with path.open("a", encoding="utf-8") as f:
        f.write(json.dumps(row) + "\n")
        f.flush()
        os.fsync(f.fileno())


# ---------------------------------------------------------------- fitting


@dataclass
class Data:
    """Choices as arrays: features, which classes were offered, which was chosen."""

    x: np.ndarray
    offered: np.ndarray
    chosen: np.ndarray
    greedy: np.ndarray


def arrays(found: Sequence[Choice], classes: Sequence[str], k: int) -> Data:
    index = {c: i for i, c in enumerate(classes)}
    n = len(found)
    x = np.array([c.x for c in found], dtype=float).reshape(n, k)
    offered = np.zeros((n, len(classes)), dtype=bool)
    for row, c in enumerate(found):
        offered[row, [index[o] for o in c.offered]] = True
    chosen = np.array([index[c.chosen] for c in found], dtype=int)
    greedy = np.array([index.get(c.greedy, -1) for c in found], dtype=int)
    return Data(x, offered, chosen, greedy)


def _probabilities(z: np.ndarray, weights: np.ndarray, offered: np.ndarray) -> np.ndarray:
    scores = z @ weights.T
    scores = np.where(offered, scores, -np.inf)
    scores -= scores.max(axis=1, keepdims=True)
    e = np.exp(scores)
    return e / e.sum(axis=1, keepdims=True)


def fit(
    data: Data, ridge: float = RIDGE, log: Any = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Mean, spread and weights (classes × (1 + features)) of the multinomial logit that
    predicts ``data``'s choices best under a ridge on the weights, by Newton's method (the
    loss is convex: the same data give the same weights)."""
    n, k = data.x.shape
    c = data.offered.shape[1]
    mean = data.x.mean(axis=0)
    scale = data.x.std(axis=0)
    scale[scale < 1e-9] = 1.0
    z = np.concatenate([np.ones((n, 1)), (data.x - mean) / scale], axis=1)
    target = np.zeros((n, c))
    target[np.arange(n), data.chosen] = 1.0
    penalty = np.full((c, k + 1), ridge)
    penalty[:, 0] = ridge / 100
    weights = np.zeros((c, k + 1))
    last = math.inf
    for step in range(1, 40):
        p = _probabilities(z, weights, data.offered)
        loss = -np.log(p[np.arange(n), data.chosen]).sum() + 0.5 * (penalty * weights**2).sum()
        if log is not None:
            print(f"  Newton step {step}: training log-loss {loss / n:.4f}", file=log)
        if last - loss < 1e-7 * n:
            break
        last = loss
        grad = (p - target).T @ z + penalty * weights
        hessian = np.zeros((c, k + 1, c, k + 1))
        for start in range(0, n, 2048):
            ps, zs = p[start : start + 2048], z[start : start + 2048]
            a = ps[:, :, None] * np.eye(c) - ps[:, :, None] * ps[:, None, :]
            hessian += np.einsum("nab,ni,nj->aibj", a, zs, zs, optimize=True)
        flat = hessian.reshape(c * (k + 1), c * (k + 1)) + np.diag(penalty.reshape(-1))
        weights = weights - np.linalg.solve(flat, grad.reshape(-1)).reshape(c, k + 1)
    return mean, scale, weights


@dataclass(frozen=True)
class Judgement:
    """How well a model predicts held-out choices, beside a guess and the greedy bot."""

    choices: int
    log_loss: float
    guess_log_loss: float
    favourite: float  # share of choices that were the model's most likely option
    greedy: float  # share the greedy bot chose as the search did


def judge(mean: np.ndarray, scale: np.ndarray, weights: np.ndarray, data: Data) -> Judgement:
    n = data.x.shape[0]
    z = np.concatenate([np.ones((n, 1)), (data.x - mean) / scale], axis=1)
    p = _probabilities(z, weights, data.offered)
    rows = np.arange(n)
    return Judgement(
        n,
        float(-np.log(np.maximum(p[rows, data.chosen], 1e-12)).mean()),
        float(np.log(data.offered.sum(axis=1)).mean()),
        float((p.argmax(axis=1) == data.chosen).mean()),
        float((data.greedy == data.chosen).mean()),
    )


# ---------------------------------------------------------------- the command


def _say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def _command(argv: Sequence[str]) -> str:
    return "python -m nfgalaxy.bots.fit_choice_model " + " ".join(argv)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m nfgalaxy.bots.fit_choice_model", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=400, help="games in all")
    parser.add_argument("--level", default="normal", help="the search level that chooses")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ridge", type=float, default=RIDGE)
    parser.add_argument(
        "--record", type=Path, required=True, help="the games' choices (resumed if it exists)"
    )
    parser.add_argument("--jobs", type=int, default=1, help="processes playing the games")
    parser.add_argument("--out", type=Path, help="where to write (default: the game's own file)")
    args = parser.parse_args(argv)
    words = list(sys.argv[1:] if argv is None else argv)
    try:
        found = descriptor(args.game)
        found.check_players(args.players)
    except (KeyError, ValueError) as err:
        parser.error(str(err))
    loader = found.heuristics().choice_features
    if loader is None:
        parser.error(f"{found.title} has no choice features (Heuristic.choice_features)")
    choices: ChoiceFeatures = loader()
    try:
        search_level(args.level)
    except ValueError as err:
        parser.error(str(err))
    if args.games < HOLD_OUT_EVERY:
        parser.error(
            f"--games must be at least {HOLD_OUT_EVERY} (one in {HOLD_OUT_EVERY} is held out)"
        )
    if args.jobs < 1:
        parser.error("--jobs: at least 1")
    if not args.record.parent.is_dir():
        parser.error(f"--record: no folder {args.record.parent} to keep the record in")
    config = Config(found.id, args.players, args.level, args.seed, choices.names)
    try:
        games = read_record(args.record, config)
    except RecordError as err:
        _say(f"fit_choice_model: {err}")
        return 2
    if not args.record.exists() or args.record.stat().st_size == 0:
        append(args.record, config.header())
    if games:
        _say(f"{args.record}: {len(games)} games recorded, going on")
    started = time.perf_counter()
    fresh = 0
    missing = [i for i in range(args.games) if i not in games]
    try:
        for index, found_choices in _played(config, missing, args.jobs):
            games[index] = found_choices
            append(
                args.record,
                {"game": index, "choices": [asdict(c) for c in games[index]]},
            )
            fresh += 1
            spent = time.perf_counter() - started
            left = sum(1 for i in range(args.games) if i not in games)
            _say(
                f"played {len(games)}/{args.games} games "
                f"({sum(len(g) for g in games.values())} choices), {spent:.0f} s"
                + (f", about {spent / fresh * left / 60:.0f} min left" if left else "")
            )
    except KeyboardInterrupt:
        _say(f"stopped: {len(games)} games recorded in {args.record}; the same command goes on")
        return 130
    order = sorted(i for i in games if i < args.games)
    everything = [c for i in order for c in games[i]]
    classes = sorted({o for c in everything for o in c.offered})
    k = len(choices.names)
    train = arrays([c for i in order if i % HOLD_OUT_EVERY for c in games[i]], classes, k)
    held = arrays([c for i in order if not i % HOLD_OUT_EVERY for c in games[i]], classes, k)
    mean, scale, weights = fit(train, args.ridge, sys.stderr)
    j = judge(mean, scale, weights, held)
    _say(
        f"{args.players} players, {j.choices} held-out choices: log-loss {j.log_loss:.4f} "
        f"(a guess among the options {j.guess_log_loss:.4f}); the model's favourite was the "
        f"{args.level} search's choice in {j.favourite:.1%}, the greedy bot's in {j.greedy:.1%}"
    )
    mean, scale, weights = fit(arrays(everything, classes, k), args.ridge, sys.stderr)
    provenance = Provenance(_command(words), code_commit(), len(order), args.seed)
    model = ChoiceModel(
        found.id, args.players, choices, tuple(classes), mean, scale, weights, provenance
    )
    out = args.out or weights_path(choices, args.players)
    model.save(out)
    _say(f"wrote {out} ({len(everything)} choices of {len(order)} games)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
