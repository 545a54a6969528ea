"""Tournaments: a line-up of bots rotated through the seats over many seeded games.

A single game says little about a bot: the seat, the deal and the dice weigh as much as the
play. So the line-up (``--bots``, one *entry* per position, the same kind may appear several
times) is rotated one seat per game, and the ``players`` games of one rotation share one deal
(one seed): every entry meets every seat's luck once, the way duplicate bridge compares
players. Win rates come with a 95% Wilson score interval, which stays inside 0..1 and honest
at 0 or 100% where the textbook normal interval does not.

Every game is a ``GameTask`` (picklable, played by the top-level ``play_one``), so ``jobs > 1``
plays them in spawned processes and merges the records in game order: the same command gives
the same results whatever ``jobs`` is. Only what the protocol offers is used; no game is named.

A game that stops with an error (a bug of a bot or of the engine) is reported with its seed,
its seating and the traceback, and the other games go on: a run of hours is not lost to one
game, and the failing game can be played again alone.
"""

from __future__ import annotations

import itertools
import math
import multiprocessing
import signal
import statistics
import time
import traceback
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

from nfgalaxy.bots.base import make_bot
from nfgalaxy.core.protocol import new_game
from nfgalaxy.simulate import play_out

Z_95 = 1.959963984540054  # the standard normal quantile at 97.5%: a two-sided 95% interval
INTERVAL = "95% Wilson score interval"
SCHEMA = "nfgalaxy-tournament/1"


class TournamentInterrupted(KeyboardInterrupt):
    """Ctrl+C stopped a tournament; ``partial`` holds the games finished before it.

    A ``KeyboardInterrupt`` still, so a caller that does not expect partial results stops as it
    would on Ctrl+C, while the command catches it and reports what was played."""

    def __init__(self, partial: Tournament) -> None:
        super().__init__(f"interrupted after {partial.played} of {partial.planned} games")
        self.partial = partial


def planned_games(requested: int, players: int) -> int:
    """``requested`` rounded up to whole rotations: a part rotation would give the entries
    that sit in the early seats more games, and more of the first seats, than the others."""
    return -(-requested // players) * players


def seating(players: int, index: int) -> list[int]:
    """The entry (position in the line-up) in each seat of game ``index``: entry ``e`` sits in
    seat ``(e + index) % players``, so over ``players`` games each entry sits in each seat
    exactly once."""
    return [(seat - index) % players for seat in range(players)]


def deal_seed(seed: int, index: int, players: int) -> int:
    """The game's seed: one per rotation, so the games of a rotation share the deal."""
    return seed + index // players


def bot_seed(seed: int, index: int, entry: int) -> int:
    """A bot's own seed, from the tournament seed, the game and its entry (not its seat), so
    two entries of the same kind never think alike by accident."""
    return (seed * 1_000_003 + index) * 257 + entry


def wilson_interval(wins: float, games: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval for a win rate of ``wins`` in ``games`` (``wins`` may be
    fractional, as shared victories are split). ``(0, 1)`` when nothing was played."""
    if games <= 0:
        return 0.0, 1.0
    rate = wins / games
    z2 = z * z
    centre = (rate + z2 / (2 * games)) / (1 + z2 / games)
    half = z / (1 + z2 / games) * math.sqrt(rate * (1 - rate) / games + z2 / (4 * games * games))
    # exact ends at 0 and at every game won, where rounding would leave 1e-17 or 0.9999999999999999
    low = 0.0 if wins <= 0 else max(0.0, centre - half)
    high = 1.0 if wins >= games else min(1.0, centre + half)
    return low, high


def percentile(values: Sequence[float], fraction: float) -> float:
    """The ``fraction`` quantile by linear interpolation between the sorted values (numpy's
    default); 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    position = fraction * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


@dataclass(frozen=True)
class GameTask:
    """Everything one game needs, small and picklable, so a worker process can play it."""

    game: str
    options: dict[str, Any]
    index: int
    seed: int
    kinds: tuple[str, ...]  # per seat
    entries: tuple[int, ...]  # per seat: which entry of the line-up sits there
    bot_seeds: tuple[int, ...]  # per seat
    #: Bring the game's decisions back (``GameRecord.history``), to keep it as a record.
    keep_decisions: bool = False


@dataclass
class GameRecord:
    """One finished game, seen from the entries (lists are in line-up order, not seat order)."""

    index: int
    seed: int
    seating: list[int]  # per seat: the entry sitting there
    winners: list[int]  # entries
    scores: list[int]  # per entry: its total
    decisions: list[int]  # per entry
    think: list[list[float]]  # per entry: seconds per decision
    #: The round the game ended in and why (the game's words): a game that ran to a limit
    #: instead of being won shows here. Empty in a record kept before they were.
    rounds: int = 0
    end: list[str] = field(default_factory=list)
    #: The game's ``history`` when its task asked for it (``keep_decisions``), else empty: a
    #: long tournament would hold every game's decisions in memory for nothing.
    history: list[dict[str, Any]] = field(default_factory=list, repr=False)


@dataclass
class GameFailure:
    """A game that stopped with an error instead of ending (lists as in ``GameRecord``)."""

    index: int
    seed: int
    seating: list[int]  # per seat: the entry sitting there
    error: str  # the exception, in one line
    traceback: str

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.index + 1,
            "seed": self.seed,
            "seating": [e + 1 for e in self.seating],
            "error": self.error,
            "traceback": self.traceback,
        }


def tasks(
    game: str,
    bots: Sequence[str],
    games: int,
    seed: int,
    options: dict[str, Any],
    keep_decisions: bool = False,
) -> list[GameTask]:
    """The tournament's games, in order (``games`` already rounded to whole rotations)."""
    players = len(bots)
    out = []
    for index in range(games):
        entries = seating(players, index)
        out.append(
            GameTask(
                game=game,
                options=dict(options),
                index=index,
                seed=deal_seed(seed, index, players),
                kinds=tuple(bots[e] for e in entries),
                entries=tuple(entries),
                bot_seeds=tuple(bot_seed(seed, index, e) for e in entries),
                keep_decisions=keep_decisions,
            )
        )
    return out


def play_one(task: GameTask) -> GameRecord:
    """Play one game of a tournament; top-level so a spawned worker process can run it."""
    players = len(task.kinds)
    state = new_game(task.game, players=players, seed=task.seed, options=dict(task.options))
    bots = [make_bot(kind, s) for kind, s in zip(task.kinds, task.bot_seeds, strict=True)]
    think: list[list[float]] = [[] for _ in range(players)]
    play_out(state, bots, task.seed, lambda seat, seconds: think[seat].append(seconds))
    totals = [score["total"] for score in state.scores()]
    by_entry = [0] * players
    for seat, entry in enumerate(task.entries):
        by_entry[entry] = seat
    return GameRecord(
        index=task.index,
        seed=task.seed,
        seating=list(task.entries),
        winners=sorted(task.entries[seat] for seat in state.winners()),
        scores=[totals[by_entry[e]] for e in range(players)],
        decisions=[len(think[by_entry[e]]) for e in range(players)],
        think=[think[by_entry[e]] for e in range(players)],
        rounds=int(getattr(state, "round", 0)),
        end=[str(reason) for reason in getattr(state, "end_reasons", [])],
        history=list(state.history) if task.keep_decisions else [],
    )


def play_safely(task: GameTask) -> GameRecord | GameFailure:
    """``play_one``, or what went wrong: an error ends this game only, not the tournament."""
    try:
        return play_one(task)
    except Exception as error:  # any bug of a bot or the engine: reported, not fatal
        return GameFailure(
            index=task.index,
            seed=task.seed,
            seating=list(task.entries),
            error=f"{type(error).__name__}: {error}" if str(error) else type(error).__name__,
            traceback=traceback.format_exc(),
        )


@dataclass
class Standing:
    """One entry's results, or a bot kind's over all its entries (then counted per seat taken:
    three greedy entries in 200 games are 600 games of greedy)."""

    bot: str
    entries: list[int]
    players: int
    games: int = 0
    wins: float = 0.0
    score_sum: int = 0
    decisions: int = 0
    seat_games: list[int] = field(default_factory=list)
    think: list[float] = field(default_factory=list)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)

    @property
    def average_score(self) -> float:
        return self.score_sum / self.games if self.games else 0.0

    def think_ms(self) -> tuple[float, float]:
        """Median and 95th percentile of the think time per decision, in milliseconds."""
        if not self.think:
            return 0.0, 0.0
        return 1000 * statistics.median(self.think), 1000 * percentile(self.think, 0.95)

    def add(self, record: GameRecord, entry: int) -> None:
        self.games += 1
        if entry in record.winners:
            self.wins += 1 / len(record.winners)  # a shared victory is split among the winners
        self.score_sum += record.scores[entry]
        self.decisions += record.decisions[entry]
        self.seat_games[record.seating.index(entry)] += 1
        self.think.extend(record.think[entry])

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval
        median, p95 = self.think_ms()
        return {
            "bot": self.bot,
            "entries": [e + 1 for e in self.entries],
            "games": self.games,
            "wins": round(self.wins, 4),
            "win_rate": round(self.win_rate, 4),
            "interval": [round(low, 4), round(high, 4)],
            "average_score": round(self.average_score, 2),
            "think_ms": {"median": round(median, 3), "p95": round(p95, 3)},
            "decisions": self.decisions,
            "seat_games": self.seat_games,
        }


@dataclass
class Tournament:
    """A tournament's plan and the games played so far, in game order."""

    game: str
    bots: list[str]
    seed: int
    options: dict[str, Any]
    requested: int
    planned: int
    jobs: int = 1
    seconds: float = 0.0
    interrupted: bool = False
    #: Games taken from an earlier run's record (``--record``), not played by this one.
    resumed: int = 0
    records: list[GameRecord] = field(default_factory=list)
    #: Games that stopped with an error (left out of every figure).
    failures: list[GameFailure] = field(default_factory=list)

    @property
    def players(self) -> int:
        return len(self.bots)

    @property
    def played(self) -> int:
        return len(self.records)

    def _standing(self, bot: str, entries: list[int]) -> Standing:
        standing = Standing(bot, entries, self.players, seat_games=[0] * self.players)
        for record in self.records:
            for entry in entries:
                standing.add(record, entry)
        return standing

    def standings(self) -> list[Standing]:
        """One per entry, in line-up order."""
        return [self._standing(bot, [entry]) for entry, bot in enumerate(self.bots)]

    def by_kind(self) -> list[Standing]:
        """One per bot kind, in order of first appearance in the line-up."""
        kinds = dict.fromkeys(self.bots)
        return [
            self._standing(kind, [e for e, bot in enumerate(self.bots) if bot == kind])
            for kind in kinds
        ]

    def to_json(self) -> dict[str, Any]:
        """A stable document: entries are numbered from 1 in line-up order; in ``results``,
        ``seating`` names the entry in each seat, ``scores`` and ``decisions`` are per entry."""
        return {
            "schema": SCHEMA,
            "game": self.game,
            "options": self.options,
            "players": self.players,
            "bots": self.bots,
            "seed": self.seed,
            "games_requested": self.requested,
            "games_planned": self.planned,
            "games_played": self.played,
            "games_failed": len(self.failures),
            "games_resumed": self.resumed,
            "interrupted": self.interrupted,
            "jobs": self.jobs,
            "seconds": round(self.seconds, 3),
            "win_rate_interval": INTERVAL,
            "entries": [s.to_json() for s in self.standings()],
            "kinds": [s.to_json() for s in self.by_kind()],
            "results": [
                {
                    "game": r.index + 1,
                    "seed": r.seed,
                    "seating": [e + 1 for e in r.seating],
                    "winners": [e + 1 for e in r.winners],
                    "scores": r.scores,
                    "decisions": r.decisions,
                    "rounds": r.rounds,
                    "end": r.end,
                }
                for r in self.records
            ],
            "failures": [f.to_json() for f in self.failures],
        }

    def text(self) -> str:
        """The human-readable report: a table per entry, then per bot kind."""
        rotations = self.planned // self.players
        lines = [
            f"{self.game}, {self.players} players: {self.played} of {self.planned} games,"
            f" {self.seconds:.1f} s with {self.jobs} job{'s' if self.jobs > 1 else ''}",
            f"{rotations} rotation{'s' if rotations != 1 else ''} of the line-up through the seats,"
            f" one deal each (seeds"
            f" {self.seed}..{self.seed + rotations - 1})",
            f"win rate: games won (a tie of k winners gives each 1/k; fair share"
            f" {100 / self.players:.1f}%), {INTERVAL}",
            "",
            _row(list(_HEADINGS)),
        ]
        lines += [_standing_row(f"{s.entries[0] + 1}", s) for s in self.standings()]
        rounds = sorted(r.rounds for r in self.records if r.rounds)
        if rounds:
            lines.append(
                f"rounds a game: median {statistics.median(rounds):g}"
                f" ({rounds[0]}–{rounds[-1]}); why each game ended: --json"
            )
        if len(set(self.bots)) < len(self.bots):
            lines.append("by kind (games: seats taken)")
            lines += [
                _standing_row(",".join(str(e + 1) for e in s.entries), s) for s in self.by_kind()
            ]
        for failure in self.failures:
            seats = ", ".join(self.bots[e] for e in failure.seating)
            lines.append(
                f"game {failure.index + 1} (seed {failure.seed}; seats: {seats}) stopped with"
                f" an error, left out: {failure.error}"
            )
        if self.resumed:
            lines.append(
                f"{self.resumed} of the games were played by an earlier run (its record);"
                f" the time is this run's"
            )
        if self.interrupted:
            lines.append(f"interrupted after {self.played} of {self.planned} games")
        return "\n".join(lines)


_HEADINGS = (
    "entry", "bot", "games", "wins", "win rate", "95% interval", "avg score",
    "think ms: median", "p95", "decisions",
)  # fmt: skip
_WIDTHS = (6, 9, 6, 8, 9, 14, 10, 17, 9, 10)


def _row(cells: list[str]) -> str:
    """A table row: the entry and bot left-aligned, the figures right-aligned."""
    return "".join(
        cell.ljust(width) if column < 2 else cell.rjust(width)
        for column, (cell, width) in enumerate(zip(cells, _WIDTHS, strict=True))
    )


def _standing_row(label: str, s: Standing) -> str:
    low, high = s.interval
    median, p95 = s.think_ms()
    return _row(
        [
            label,
            s.bot,
            str(s.games),
            f"{s.wins:g}" if s.wins == int(s.wins) else f"{s.wins:.2f}",
            f"{100 * s.win_rate:.1f}%",
            f"{100 * low:.1f}–{100 * high:.1f}%",
            f"{s.average_score:.1f}",
            f"{median:.2f}",
            f"{p95:.2f}",
            str(s.decisions),
        ]
    )


def run_tournament(
    game: str,
    bots: Sequence[str],
    games: int,
    seed: int,
    options: dict[str, Any] | None = None,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
    played: dict[int, GameRecord] | None = None,
    finished_game: Callable[[GameRecord], None] | None = None,
    keep_decisions: bool = False,
) -> Tournament:
    """Play ``games`` games (rounded up to whole rotations, see ``planned_games``) of ``game``
    with the line-up ``bots``, ``jobs`` at a time; ``progress(done, total)`` after each game.
    A game that stops with an error is kept in ``failures``, and the others are played.
    ``played``: games (by index) an earlier run of the same tournament finished, not played
    again; ``finished_game(record)`` is told of each game as it ends (to keep it), with its
    decisions in ``record.history`` when ``keep_decisions`` (dropped once told).

    Ctrl+C raises ``TournamentInterrupted`` carrying the games finished so far."""
    if not bots or games < 1 or jobs < 1:
        raise ValueError("a tournament needs at least one bot, one game and one job")
    result = Tournament(
        game=game,
        bots=list(bots),
        seed=seed,
        options=dict(options or {}),
        requested=games,
        planned=planned_games(games, len(bots)),
        jobs=jobs,
    )
    earlier = {i: r for i, r in (played or {}).items() if i < result.planned}
    every = tasks(game, result.bots, result.planned, seed, result.options, keep_decisions)
    todo = [task for task in every if task.index not in earlier]
    finished: list[GameRecord] = list(earlier.values())
    failed: list[GameFailure] = []
    result.resumed = len(finished)

    def deliver(outcome: GameRecord | GameFailure) -> None:
        if isinstance(outcome, GameFailure):
            failed.append(outcome)
        else:
            finished.append(outcome)
            if finished_game is not None:
                finished_game(outcome)
            outcome.history = []
        if progress is not None:
            progress(len(finished) + len(failed), result.planned)

    started = time.perf_counter()
    try:
        if jobs == 1 or len(todo) <= 1:
            for task in todo:
                deliver(play_safely(task))
        else:
            _play_in_processes(todo, min(jobs, len(todo)), deliver)
    except KeyboardInterrupt:
        result.interrupted = True
    finally:
        result.seconds = time.perf_counter() - started
        result.records = sorted(finished, key=lambda record: record.index)
        result.failures = sorted(failed, key=lambda failure: failure.index)
    if result.interrupted:
        raise TournamentInterrupted(result)
    return result


def _ignore_interrupts() -> None:
    """Workers leave Ctrl+C to the parent, which stops them and reports what was finished."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_in_processes(
    todo: Iterable[GameTask], jobs: int, deliver: Callable[[GameRecord | GameFailure], None]
) -> None:
    """Play the games in ``jobs`` spawned processes (spawn: the same on every platform, and
    safe beside the progress bar's thread), a few queued per worker so Ctrl+C has little to
    cancel; records are delivered as they finish (the caller puts them in game order)."""
    context = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(jobs, mp_context=context, initializer=_ignore_interrupts)
    queue = iter(todo)
    running: set[Future[GameRecord | GameFailure]] = {
        pool.submit(play_safely, task) for task in itertools.islice(queue, 2 * jobs)
    }
    done_cleanly = False
    try:
        while running:
            done, running = wait(running, return_when=FIRST_COMPLETED)
            for future in sorted(done, key=lambda f: f.result().index):
                deliver(future.result())
                task = next(queue, None)
                if task is not None:
                    running.add(pool.submit(play_safely, task))
        done_cleanly = True
    finally:
        if not done_cleanly:
            # A search bot's game can last minutes: stop the workers rather than wait. Python
            # 3.14 has ProcessPoolExecutor.terminate_workers; before it, the pool's processes.
            terminate = getattr(pool, "terminate_workers", None)
            if terminate is not None:
                terminate()
            else:
                for process in list((getattr(pool, "_processes", None) or {}).values()):
                    process.terminate()
        pool.shutdown(wait=done_cleanly, cancel_futures=True)
