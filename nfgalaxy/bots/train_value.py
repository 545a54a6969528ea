"""Train a game's learned position value (``nfgalaxy.bots.value_net``) by self-play, TD(λ).

    python -m nfgalaxy.bots.train_value --game race --players 2 --games 5000 --seed 1 [--resume]

The method: greedy bots play (with ``--noise``, misjudging by a noise drawn per game, the
same for every seat, for exploration), every seat's features are noted at the start of each
round, and after every ``--batch`` games the net takes one Adam step towards the λ-returns of
their positions: the target of a position is ``(1-λ)`` times the net's own chances a round
later plus ``λ`` times the next target, the game's result ending the chain (forward-view
TD(λ), offline, with the cross-entropy of the softmax over seats as the loss, so a target is
a distribution over the seats as a result is). The run judges by and ships the running
average of the weights over the updates (``--average``, Polyak averaging): a step fitted to a
few games moves the weights by as much as the signal in them, and the average keeps the
signal of many.

Why greedy bots and not the net's own choices: the search this value serves
(``SearchLevel.learned``) judges the positions its playouts reach, and past its tree everyone
plays by the greedy policy, so the value it needs is the chance to win from there as those
players go on. A policy choosing by the net would also learn little in these games: the
choices that decide them (an action card, a phase) are secret and simultaneous, and the
position after such a choice shows nothing of it, so only a search per decision, a thousand
times a greedy game's cost, would use the net there. A greedy game of Race takes a third of a
second: an hour of one core is some ten thousand games. Why TD(λ) and not the win model's fit
to results alone: a result at the end of a game of sixteen rounds carries the luck of every
round between; the net's own judgement a round later carries only one round's, so the targets
are less noisy, with λ keeping the bias of a net still learning in check.

Reproducible: the games' deals, the bots' noises and the net's first weights all come from
``--seed``, and the updates are made in the games' order, so a seed gives the same weights.
Every ``--every`` games a checkpoint (weights, the optimiser's moments, the generator's state,
the games done, the held-out positions) is written atomically; ``--resume`` carries an
interrupted run on from it to the same weights as a run never interrupted. Progress (games
done, games a second, time left, held-out log-loss) goes to stderr. The weights file, with the
command line and commit that made it, is written to the game's package once the run is done.
"""

from __future__ import annotations

import argparse
import dataclasses
import io
import json
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from nfgalaxy.bots.fit_win_model import Sample, play
from nfgalaxy.bots.value_net import (
    PARAMS,
    Provenance,
    ValueNet,
    setup_name,
    softmax,
    weights_path,
    write_atomically,
)
from nfgalaxy.core.descriptor import Heuristic
from nfgalaxy.core.registry import descriptor, new_game
from nfgalaxy.core.win_model import Features
from nfgalaxy.core.win_model import load as load_win_model

#: The bots' misjudgement in a self-play game (``GreedyBot.noise``, in VP-equivalents: ``easy``
#: plays at 3), drawn per game among these (``--noise``) and the same for every seat: a seat of
#: its own noise would be a hidden cause of its losing, which the net would pin on whatever
#: goes with sloppy play in the features. None by default: the greedy policy the search models
#: past its tree, the deals and its ties giving the games their variety.
NOISES = (0.0,)
#: Training game ``g`` of seed ``s`` is dealt with seed ``s * SEEDS + g``; held-out game ``i``
#: with ``s * SEEDS + HELD + i``, so the two never meet.
SEEDS, HELD = 1_000_000, 900_000
_ADAM = (0.9, 0.999, 1e-8)


@dataclass(frozen=True)
class Config:
    """Everything that shapes a run but its length: a checkpoint resumes only the same."""

    game: str
    players: int
    detailed: bool
    seed: int
    hidden: int
    lam: float
    rate: float
    batch: int
    held_out: int
    noises: tuple[float, ...] = NOISES
    average: float = 0.99

    def command(self, games: int) -> str:
        return (
            f"python -m nfgalaxy.bots.train_value --game {self.game} --players {self.players} "
            f"--games {games} --seed {self.seed} --hidden {self.hidden} --lam {self.lam} "
            f"--rate {self.rate} --batch {self.batch} --held-out {self.held_out} "
            f"--noise {' '.join(map(str, self.noises))} --average {self.average}"
            + (" --detailed" if self.detailed else "")
        )


@dataclass
class Run:
    """A run under way: the net, the optimiser's moments and steps, the generator, the games
    done and the held-out positions (features and shares of the win)."""

    config: Config
    net: ValueNet
    first: dict[str, np.ndarray]
    second: dict[str, np.ndarray]
    #: The running average of the weights over the updates (``Config.average`` its decay):
    #: what the run judges by and ships, steadier than the last update's weights.
    average: dict[str, np.ndarray]
    steps: int
    rng: np.random.Generator
    done: int
    held_x: np.ndarray
    held_shares: np.ndarray


def _positions(samples: Sequence[Sample]) -> tuple[np.ndarray, np.ndarray]:
    seats = [p[0] for s in samples for p in s.positions]
    shares = [p[1] for s in samples for p in s.positions]
    return np.array(seats, dtype=float), np.array(shares, dtype=float)


def log_loss(net: ValueNet, x: np.ndarray, shares: np.ndarray) -> tuple[float, float]:
    """The mean log-loss of the net's chances against the shares of the win, and how often
    the seat it favoured won or shared the win."""
    probs = softmax(net.scores(x))
    loss = -float((shares * np.log(np.maximum(probs, 1e-12))).sum(axis=1).mean())
    favourite = probs.argmax(axis=1)
    return loss, float((shares[np.arange(len(shares)), favourite] > 0).mean())


def targets(net: ValueNet, x: np.ndarray, result: np.ndarray, lam: float) -> np.ndarray:
    """The λ-return of each of one game's positions (in order), the result ending the chain."""
    later = softmax(net.scores(x))
    out = np.empty_like(later)
    out[-1] = result
    for t in range(len(x) - 2, -1, -1):
        out[t] = (1.0 - lam) * later[t + 1] + lam * out[t + 1]
    return out


def step(run: Run, x: np.ndarray, target: np.ndarray) -> None:
    """One Adam step on the mean cross-entropy of the net's chances against ``target``."""
    net = run.net
    scores, cache = net.forward(x)
    grads = net.backward(cache, (softmax(scores) - target) / len(x))
    run.steps += 1
    b1, b2, eps = _ADAM
    for name in PARAMS:
        g = grads[name]
        run.first[name] = b1 * run.first[name] + (1 - b1) * g
        run.second[name] = b2 * run.second[name] + (1 - b2) * g * g
        m = run.first[name] / (1 - b1**run.steps)
        v = run.second[name] / (1 - b2**run.steps)
        net.params[name] = net.params[name] - run.config.rate * m / (np.sqrt(v) + eps)
        decay = run.config.average
        run.average[name] = decay * run.average[name] + (1 - decay) * net.params[name]


def _features(rules: Heuristic, detailed: bool) -> Features:
    loader = rules.detailed_win_features if detailed else rules.win_features
    if loader is None:
        raise ValueError(f"the game has no {'detailed ' if detailed else ''}win features")
    return loader()


def start(config: Config, commit: str) -> Run:
    """A new run: the held-out games played, the features standardised over their positions,
    the net set to the fitted win model (or to zero without one) with a random hidden layer."""
    rules = descriptor(config.game).heuristics()
    features = _features(rules, config.detailed)
    base = config.seed * SEEDS + HELD
    samples = [
        play(config.game, config.players, base + i, features, rules) for i in range(config.held_out)
    ]
    held_x, held_shares = _positions(samples)
    if not len(held_x):
        raise ValueError("no held-out positions: raise --held-out")
    rows = held_x.reshape(-1, held_x.shape[2])
    mean, scale = rows.mean(axis=0), rows.std(axis=0)
    scale[scale == 0] = 1.0
    k = len(features.names)
    rng = np.random.default_rng(config.seed)
    model = load_win_model(features)
    weights = model.for_players(config.players) if model is not None else (0.0,) * k
    params = {
        "linear": np.array(weights, dtype=float) * scale,
        "hidden_w": rng.normal(0.0, 1.0 / np.sqrt(2 * k), (2 * k, config.hidden)),
        "hidden_b": np.zeros(config.hidden),
        "out": np.zeros(config.hidden),
    }
    provenance = Provenance(config.command(0), commit, 0, config.seed)
    net = ValueNet(config.game, config.players, features, mean, scale, params, provenance)
    zeros = {name: np.zeros_like(a) for name, a in params.items()}
    average = {n: a.copy() for n, a in params.items()}
    second = {n: a.copy() for n, a in zeros.items()}
    return Run(config, net, zeros, second, average, 0, rng, 0, held_x, held_shares)


def averaged(run: Run) -> ValueNet:
    """The run's net with the running average of its weights (what it ships)."""
    net = run.net
    return dataclasses.replace(net, params={n: a.copy() for n, a in run.average.items()})


def train_batch(run: Run, rules: Heuristic) -> None:
    """``batch`` self-play games and one update from all their positions: one game's dozen
    positions make a noisy step, several games' a steadier one."""
    config = run.config
    xs: list[np.ndarray] = []
    ts: list[np.ndarray] = []
    for _ in range(config.batch):
        noise = [float(run.rng.choice(config.noises))] * config.players
        seed = config.seed * SEEDS + run.done
        sample = play(config.game, config.players, seed, run.net.features, rules, noise)
        run.done += 1
        if sample.positions:  # else it did not end, or ended in its first round: no outcome
            x, shares = _positions([sample])
            xs.append(x)
            ts.append(targets(run.net, x, shares[-1], config.lam))
    if xs:
        step(run, np.concatenate(xs), np.concatenate(ts))


def save_checkpoint(run: Run, path: Path) -> None:
    """Everything a resumed run needs to go on as if never stopped, written atomically."""
    meta = {
        "config": asdict(run.config),
        "done": run.done,
        "steps": run.steps,
        "rng": run.rng.bit_generator.state,
        "net": run.net.meta(),
    }
    arrays: dict[str, np.ndarray] = {
        "mean": run.net.mean,
        "scale": run.net.scale,
        "held_x": run.held_x,
        "held_shares": run.held_shares,
    }
    for name in PARAMS:
        arrays[name] = run.net.params[name]
        arrays[f"first_{name}"] = run.first[name]
        arrays[f"second_{name}"] = run.second[name]
        arrays[f"average_{name}"] = run.average[name]
    out = io.BytesIO()
    np.savez(out, meta=np.array(json.dumps(meta)), **arrays)
    write_atomically(path, out.getvalue())


def resume(path: Path, config: Config) -> Run:
    """The run saved at ``path``; ``ValueError`` if it was made with another configuration."""
    with np.load(path, allow_pickle=False) as saved:
        meta = json.loads(str(saved["meta"]))
        arrays = {name: np.array(saved[name]) for name in saved.files if name != "meta"}
    wanted = json.loads(json.dumps(asdict(config)))  # as the checkpoint holds it: lists
    if meta["config"] != wanted:
        differ = [k for k, v in wanted.items() if meta["config"].get(k) != v]
        raise ValueError(
            f"{path} is a checkpoint of another run ({', '.join(differ)} differ): "
            "give the same options, or another --checkpoint"
        )
    rules = descriptor(config.game).heuristics()
    features = _features(rules, config.detailed)
    provenance = Provenance(config.command(0), meta["net"]["commit"], 0, config.seed)
    params = {name: arrays[name] for name in PARAMS}
    net = ValueNet(
        config.game, config.players, features, arrays["mean"], arrays["scale"], params, provenance
    )
    rng = np.random.default_rng()
    rng.bit_generator.state = meta["rng"]
    return Run(
        config,
        net,
        {n: arrays[f"first_{n}"] for n in PARAMS},
        {n: arrays[f"second_{n}"] for n in PARAMS},
        {n: arrays[f"average_{n}"] for n in PARAMS},
        int(meta["steps"]),
        rng,
        int(meta["done"]),
        arrays["held_x"],
        arrays["held_shares"],
    )


def code_commit() -> str:
    """The commit the code was at (``-dirty`` with changes not committed), or ``unknown``."""
    here = Path(__file__).parent
    try:
        head = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=here, capture_output=True, text=True, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=here,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("-dirty" if dirty else "")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m nfgalaxy.bots.train_value")
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--games", type=int, required=True, help="self-play games in all")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hidden", type=int, default=32, help="units of the hidden layer")
    parser.add_argument("--lam", type=float, default=0.7, help="TD(λ)'s λ, 0..1")
    parser.add_argument("--rate", type=float, default=1e-3, help="Adam's step size")
    parser.add_argument("--batch", type=int, default=4, help="games per update")
    parser.add_argument("--held-out", type=int, default=100, help="greedy games judged on")
    parser.add_argument(
        "--noise", type=float, nargs="+", default=list(NOISES), help="the bots' noise levels"
    )
    parser.add_argument(
        "--average", type=float, default=0.99, help="decay of the weights' running average"
    )
    parser.add_argument("--detailed", action="store_true", help="the detailed win features")
    parser.add_argument("--every", type=int, default=100, help="games between checkpoints")
    parser.add_argument("--checkpoint", type=Path, default=None)
    parser.add_argument("--resume", action="store_true", help="go on from --checkpoint")
    parser.add_argument("--out", type=Path, default=None, help="default: the game's own file")
    args = parser.parse_args(argv)
    try:
        found = descriptor(args.game)
        found.check_players(args.players)
    except (KeyError, ValueError) as err:
        parser.error(str(err))
    if not 0 <= args.lam <= 1:
        parser.error("--lam: between 0 and 1")
    if not 0 < args.games < HELD or min(args.every, args.hidden, args.held_out, args.batch) < 1:
        parser.error(f"--games 1..{HELD - 1}; --every, --hidden, --held-out, --batch at least 1")
    if args.games % args.batch or args.every % args.batch:
        # A checkpoint between the games of one update could not resume it exactly.
        parser.error("--games and --every: multiples of --batch")
    config = Config(
        found.id,
        args.players,
        args.detailed,
        args.seed,
        args.hidden,
        args.lam,
        args.rate,
        args.batch,
        args.held_out,
        tuple(args.noise),
        args.average,
    )
    rules = found.heuristics()
    try:
        features = _features(rules, args.detailed)
    except ValueError as err:
        parser.error(f"{found.title}: {err}")
    if not features.applies(new_game(found.id, args.players, args.seed)):
        parser.error(f"{found.title}: the win features do not apply to this setup")
    checkpoint = args.checkpoint or Path(
        f"train_value-{found.id}-{setup_name(args.players)}-seed{args.seed}.npz"
    )
    if args.resume and checkpoint.exists():
        run = resume(checkpoint, config)
        print(f"resumed {checkpoint} at {run.done} games", file=sys.stderr)
    elif checkpoint.exists():
        parser.error(f"{checkpoint} exists: --resume to go on with it, or remove it")
    else:
        print(f"playing {args.held_out} held-out greedy games", file=sys.stderr)
        run = start(config, code_commit())
        loss, hits = log_loss(run.net, run.held_x, run.held_shares)
        print(
            f"{len(run.held_x)} held-out positions; the win model: log-loss {loss:.4f}, "
            f"favourite won {hits:.1%}",
            file=sys.stderr,
        )
    stopping: list[int] = []

    def stop(signum: int, _frame: object) -> None:
        stopping.append(signum)  # ends the run after this update, as if --games said so

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    started, first = time.perf_counter(), run.done
    try:
        while run.done < args.games and not stopping:
            train_batch(run, rules)
            if run.done % args.every == 0 or run.done == args.games or stopping:
                save_checkpoint(run, checkpoint)
                rate = (run.done - first) / (time.perf_counter() - started)
                loss, hits = log_loss(averaged(run), run.held_x, run.held_shares)
                print(
                    f"{run.done}/{args.games} games, {rate:.2f} games/s, "
                    f"{(args.games - run.done) / rate / 60:.1f} min left; held-out log-loss "
                    f"{loss:.4f}, favourite won {hits:.1%}",
                    file=sys.stderr,
                )
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    if stopping:
        print(f"stopped at {run.done} games: the weights of those are written", file=sys.stderr)
    net = averaged(run)
    net.provenance = Provenance(
        config.command(run.done), net.provenance.commit, run.done, config.seed
    )
    path = args.out or weights_path(features, args.players)
    net.save(path)
    print(f"wrote {path}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
