"""Fit a game's win model (``nfgalaxy.core.win_model``) to games the greedy bots play.

    python -m nfgalaxy.bots.fit_win_model --game G [--players 2 3 4] [--games 1500] [--seed 1]

For each player count it plays ``--games`` games of greedy bots (the policy the search models
every player by) and records, at the start of every round after the first, each seat's
features and who won in the end. A quarter of the games (every fourth) is held out: the
weights are fitted on the rest and judged on them, against a guess among the seats and against
the search's judgement without a model (the margin of the game's value through a logistic
curve, as shares). The weights written to the game's ``data/win_model.toml`` are then fitted
on every game. Progress goes to stderr; the file is replaced only once the fit is done.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from nfgalaxy.bots.base import Bot
from nfgalaxy.bots.greedy import GreedyBot
from nfgalaxy.bots.search import margin_reward
from nfgalaxy.core.decision import Decision
from nfgalaxy.core.descriptor import Heuristic
from nfgalaxy.core.protocol import GameState
from nfgalaxy.core.registry import descriptor, new_game
from nfgalaxy.core.win_model import Features, Position, PositionTable, fit, judge
from nfgalaxy.simulate import GameDidNotEnd, play_out


@dataclass
class Sample:
    """Positions of one game and the value-margin judgement of each (for the comparison)."""

    positions: list[Position]
    margins: list[list[float]]
    ended: bool = True


class _Recorder:
    """Sits in front of the greedy bots: notes every seat's features (and the value-margin
    judgement) whenever a new round has begun, before its first decision."""

    def __init__(self, features: Features, rules: Heuristic, players: int, round_: int) -> None:
        self.features, self.rules, self.players = features, rules, players
        self.last = round_
        self.seen: list[list[list[float]]] = []
        self.margins: list[list[float]] = []

    def look(self, state: GameState) -> None:
        if state.round != self.last and self.features.applies(state):
            self.last = state.round
            self.seen.append([list(self.features.of(state, s)) for s in range(self.players)])
            self.margins.append(_margin_shares(state, self.rules, self.players))


class _Watched:
    """A bot whose every decision first lets the recorder look at the table."""

    def __init__(self, bot: Bot, recorder: _Recorder) -> None:
        self.bot, self.recorder, self.name = bot, recorder, bot.name

    def choose(self, state: GameState) -> Decision:
        self.recorder.look(state)
        return self.bot.choose(state)


def play(
    game: str,
    players: int,
    seed: int,
    features: Features,
    rules: Heuristic,
    noise: Sequence[float] = (),
) -> Sample:
    """One game of greedy bots; a position at the start of every round after the first.
    A game that does not end (``play_out``'s guard) gives no positions: its outcome is
    unknown. ``noise``: each seat's misjudgement (``GreedyBot.noise``; none if not given), so
    that self-play (``train_value``) also sees the positions of slips and their outcomes."""
    state = new_game(game, players, seed)
    recorder = _Recorder(features, rules, players, state.round)
    bots = [
        _Watched(GreedyBot(seed * 8 + seat, noise=noise[seat] if noise else 0.0), recorder)
        for seat in range(players)
    ]
    try:
        play_out(state, bots, seed)
    except GameDidNotEnd:
        return Sample([], [], ended=False)
    winners = state.winners()
    shares = [1.0 / len(winners) if s in winners else 0.0 for s in range(players)]
    return Sample([(f, shares) for f in recorder.seen], recorder.margins)


def _play_job(job: tuple[str, int, int, bool]) -> Sample:
    """``play`` in a worker process of ``--jobs``: the game, player count, seed and whether
    the detailed features are recorded (the features and rules are looked up there)."""
    game, players, seed, detailed = job
    rules = descriptor(game).heuristics()
    loader = rules.detailed_win_features if detailed else rules.win_features
    assert loader is not None
    return play(game, players, seed, loader(), rules)


def _samples(game: str, players: int, seeds: range, detailed: bool, jobs: int) -> Iterator[Sample]:
    """Each seed's ``Sample``, in the order of ``seeds`` (so the fit is the same whatever
    ``jobs``), played by ``jobs`` processes."""
    work = [(game, players, seed, detailed) for seed in seeds]
    if jobs <= 1:
        yield from map(_play_job, work)
        return
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        yield from pool.imap(_play_job, work, chunksize=8)


def _margin_shares(state: GameState, rules: Heuristic, players: int) -> list[float]:
    """The search's judgement without a model, each seat's reward made a share of 1."""
    values = [rules.value(state, s) for s in range(players)]
    rewards = [margin_reward(values, s, rules.margin) for s in range(players)]
    total = sum(rewards)
    return [r / total for r in rewards]


def _shares_loss(judged: Sequence[list[float]], outcomes: Sequence[list[float]]) -> float:
    """The log-loss of chances ``judged`` against each position's shares of the win."""
    total = 0.0
    for probs, shares in zip(judged, outcomes, strict=True):
        total -= sum(s * math.log(max(p, 1e-12)) for s, p in zip(shares, probs, strict=True))
    return total / len(outcomes)


def weights_path(features: Features) -> Path:
    """The game package's weights file (in the source tree for an editable install)."""
    return Path(str(resources.files(features.package).joinpath("data", features.file)))


def write_weights(
    path: Path, names: Sequence[str], fitted: dict[int, list[float]], about: str
) -> None:
    """Write the weights file atomically: a half-written file would stop the game loading."""
    lines = [f"# {line}".rstrip() for line in about.splitlines()]
    for players, weights in sorted(fitted.items()):
        lines += ["", f"[weights.{players}]"]
        lines += [f'"{name}" = {weight:.6f}' for name, weight in zip(names, weights, strict=True)]
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=".win_model-", suffix=".toml")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write("\n".join(lines) + "\n")
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m nfgalaxy.bots.fit_win_model")
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--games", type=int, default=1500, help="games per player count")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ridge", type=float, default=1e-3)
    parser.add_argument(
        "--jobs", type=int, default=1, help="processes playing the games (the fit is the same)"
    )
    parser.add_argument(
        "--detailed",
        action="store_true",
        help="fit the game's detailed model (a feature per card or tile), not its compact one",
    )
    parser.add_argument(
        "--out", type=Path, default=None, help="where to write (default: the game's own file)"
    )
    args = parser.parse_args(argv)
    if args.jobs < 1:
        parser.error("--jobs: at least 1")
    if args.games < 4:
        parser.error("--games: at least 4 (every fourth game is held out to judge the fit)")
    try:
        found = descriptor(args.game)
        for players in args.players:
            found.check_players(players)
    except (KeyError, ValueError) as err:
        parser.error(str(err))
    rules = found.heuristics()
    loader = rules.detailed_win_features if args.detailed else rules.win_features
    if loader is None:
        kind = "detailed win model" if args.detailed else "win model"
        parser.error(f"{found.title} has no {kind} features")
    features: Features = loader()
    started = time.perf_counter()

    def step(n: int, loss: float) -> None:
        print(f"  Newton step {n}: training log-loss {loss:.4f}", file=sys.stderr)

    fitted: dict[int, list[float]] = {}
    reports: list[str] = []
    for players in args.players:
        train, held = PositionTable(), PositionTable()
        held_outcomes: list[list[float]] = []
        held_margins: list[list[float]] = []
        stuck = 0
        seeds = range(args.seed, args.seed + args.games)
        for index, sample in enumerate(
            _samples(found.id, players, seeds, args.detailed, args.jobs)
        ):
            stuck += not sample.ended
            if index % 4 == 3:
                held.add(sample.positions)
                held_outcomes += [shares for _seats, shares in sample.positions]
                held_margins += sample.margins
            else:
                train.add(sample.positions)
            if (index + 1) % max(1, args.games // 10) == 0:
                print(
                    f"{players} players: played {index + 1}/{args.games} games, "
                    f"{time.perf_counter() - started:.0f} s",
                    file=sys.stderr,
                )
        if stuck:
            print(f"{players} players: {stuck} games did not end, left out", file=sys.stderr)
        print(f"{players} players: fitting on {len(train)} positions", file=sys.stderr)
        trial = fit(train, args.ridge, progress=step)
        uniform = _shares_loss([[1 / len(s)] * len(s) for s in held_outcomes], held_outcomes)
        margin = _shares_loss(held_margins, held_outcomes)
        loss, hits = judge(trial, held)
        report = (
            f"{players} players, {len(held)} positions of held-out games: log-loss "
            f"{loss:.4f} (a guess among the seats {uniform:.4f}; the value "
            f"margin {margin:.4f}); the favourite won {hits:.1%}"
        )
        print(report, file=sys.stderr)
        reports.append(report)
        fitted[players] = fit([train, held], args.ridge, progress=step)
    path = args.out or weights_path(features)
    about = "\n".join(
        [
            f"The win model of {found.title}, written by:",
            f"python -m nfgalaxy.bots.fit_win_model --game {found.id} "
            f"--players {' '.join(map(str, args.players))} --games {args.games} "
            f"--seed {args.seed} --ridge {args.ridge}{' --detailed' if args.detailed else ''}",
            "from games of greedy bots. Fitted on three games in four and judged on the rest:",
            *reports,
            "then fitted on all. Weights per unit of each feature (nfgalaxy.core.win_model);",
            "refit rather than edit.",
        ]
    )
    write_weights(path, features.names, fitted, about)
    print(f"wrote {path} ({time.perf_counter() - started:.0f} s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
