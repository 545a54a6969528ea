"""``nfgalaxy tournament``: bots against each other in rotations of seats, with progress on
stderr, resumable from a ``--record`` file, stopped by Ctrl+C or ``kill`` with the games
finished so far reported. The arguments are built and checked by ``nfgalaxy.cli``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from nfgalaxy import __version__
from nfgalaxy.cli_options import check_players, checked_options
from nfgalaxy.core.registry import descriptor


def tournament(args: argparse.Namespace) -> int:
    """``nfgalaxy tournament``: the arguments checked, the games played (resumed from
    ``--record``, kept among the records with ``--keep-games``) with progress shown, then the
    table or ``--json``; 130 when interrupted, 1 when a game failed."""
    from nfgalaxy.bots.tournament import TournamentInterrupted, planned_games, run_tournament

    parser = args.subparser
    game = descriptor(args.game)
    players = args.players or len(args.bots)
    check_players(parser, game, players)
    if len(args.bots) != players:
        parser.error(f"--bots names {len(args.bots)} bots for {players} players")
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    options = checked_options(args, parser, game, players)
    planned = planned_games(args.games, players)
    if planned != args.games:
        print(
            f"nfgalaxy tournament: playing {planned} games, not {args.games}: whole rotations "
            f"of the {players} seats",
            file=sys.stderr,
        )
    played, keep = _tournament_record(args, game.id, options, planned)
    if args.keep_games:
        keep = _kept_among_records(game.id, options, args.bots, keep)
    progress = _Progress(planned, already=len(played))
    try:
        with _stops_as_interrupts():
            result = run_tournament(
                game.id,
                args.bots,
                args.games,
                args.seed,
                options,
                args.jobs,
                progress.update,
                played=played,
                finished_game=keep,
                keep_decisions=args.keep_games,
            )
        status = 0
    except TournamentInterrupted as stop:
        result, status = stop.partial, 130
    finally:
        progress.close()
    if status:
        print(
            f"nfgalaxy tournament: interrupted after {result.played} of {result.planned} games",
            file=sys.stderr,
        )
    for failure in result.failures:
        print(
            f"nfgalaxy tournament: game {failure.index + 1} (seed {failure.seed}) stopped with"
            f" an error:\n{failure.traceback}",
            file=sys.stderr,
        )
    print(json.dumps(result.to_json(), indent=2) if args.json else result.text())
    return status or (1 if result.failures else 0)


def _kept_among_records(
    game: str, options: dict[str, Any], bots: list[str], then: Callable[[Any], None] | None
) -> Callable[[Any], None]:
    """What keeps each tournament game among the records (after ``then``, the --record
    file's keeper, if any). A game that cannot be kept is said once; the run goes on."""
    from nfgalaxy.core.saves import in_words
    from nfgalaxy.records import RecordStore
    from nfgalaxy.records.tournaments import tournament_game

    store = RecordStore()
    failed: list[OSError] = []

    def keep(record: Any) -> None:
        if then is not None:
            then(record)
        if failed:
            return
        kinds = [bots[entry] for entry in record.seating]
        try:
            store.add(tournament_game(game, options, record.seed, kinds, record.history))
        except OSError as error:
            failed.append(error)
            print(
                f"nfgalaxy tournament: the games cannot be kept in {store.root}: "
                f"{in_words(error)}; the tournament goes on",
                file=sys.stderr,
            )

    return keep


def _tournament_record(
    args: argparse.Namespace, game: str, options: dict[str, Any], planned: int
) -> tuple[dict[int, Any], Callable[[Any], None] | None]:
    """The games ``--record``'s file already holds for this tournament, and what keeps each
    new one there (None without ``--record``). A file that cannot serve is an error."""
    if args.record is None:
        return {}, None
    from nfgalaxy.bots.tournament import tasks
    from nfgalaxy.bots.tournament_record import Identity, Recorder, RecordError, load

    identity = Identity(game, options, list(args.bots), args.seed)  # compared as saved
    todo = tasks(game, identity.bots, planned, args.seed, options)
    try:
        loaded = load(args.record, identity, todo)
        recorder = Recorder(args.record, identity, loaded)
    except (RecordError, OSError) as error:
        args.subparser.error(str(error))
    if loaded.dropped_torn_line:
        print(
            f"nfgalaxy tournament: {args.record}: its last line was cut short (a crash while "
            "writing it): dropped, that game is played again",
            file=sys.stderr,
        )
    if loaded.records:
        print(
            f"nfgalaxy tournament: {len(loaded.records)} of the {planned} games are in "
            f"{args.record} already"
            + (f" (begun by nfgalaxy {loaded.version})" if loaded.version != __version__ else ""),
            file=sys.stderr,
        )
    failed: list[OSError] = []

    def keep(record: Any) -> None:
        """A game that cannot be kept (a full disk...) is said once; the run goes on and
        still reports every game at its end."""
        if failed:
            return
        try:
            recorder.add(record)
        except OSError as error:
            failed.append(error)
            print(
                f"nfgalaxy tournament: cannot add to {args.record} ({error}): the games from "
                "now on are reported at the end but not kept there",
                file=sys.stderr,
            )

    return loaded.records, keep


@contextmanager
def _stops_as_interrupts() -> Iterator[None]:
    """Treat ``kill`` (SIGTERM) and a closed terminal (SIGHUP) as Ctrl+C while a tournament
    runs, so hours of finished games are still reported: a tournament started in the
    background (``&``, a batch job) never sees Ctrl+C, since such a shell ignores SIGINT for it,
    and is stopped with ``kill`` instead."""
    import signal

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    wanted = [getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)]
    previous = {sig: signal.signal(sig, interrupt) for sig in wanted}
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


class _Progress:
    """Games done, elapsed and an estimate of what is left, always on stderr so ``--json`` on
    stdout stays one document: a bar on a terminal, else (piped, or CI=true) one line every
    tenth of the games, so a log shows life without a flood."""

    def __init__(self, total: int, already: int = 0) -> None:
        import os
        import time

        self.total = total
        self.already = already  # games an earlier run finished: no part of the pace
        self.clock = time.perf_counter
        self.started = self.clock()
        self.step = -(-total // 10)  # a tenth, rounded up
        self.bar: Any = None
        if sys.stderr.isatty() and os.environ.get("CI", "").lower() not in ("true", "1"):
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )

            self.bar = Progress(
                TextColumn("games"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                TextColumn("left"),
                TimeRemainingColumn(),
                console=Console(stderr=True),
                transient=True,
            )
            self.task = self.bar.add_task("games", total=total, completed=already)
            self.bar.start()

    def update(self, done: int, total: int) -> None:
        if self.bar is not None:
            self.bar.update(self.task, completed=done)
        elif (done % self.step == 0 or done == total) and done > self.already:
            elapsed = self.clock() - self.started
            left = elapsed / (done - self.already) * (total - done)
            print(
                f"nfgalaxy tournament: {done}/{total} games, {elapsed:.0f} s, "
                f"about {left:.0f} s left",
                file=sys.stderr,
                flush=True,
            )

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()
