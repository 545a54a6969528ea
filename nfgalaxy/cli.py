"""The ``nfgalaxy`` command: play, simulate bot games, run a tournament, print the component
data, serve.

Every game comes from the registry (``nfgalaxy.core.registry``): its id and aliases name it in
``--game``, and its options become switches (``cli_options``). Nothing here names a game.
``nfgalaxy tournament`` is run by ``tournament_command``.
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from nfgalaxy.bots import BOT_KINDS
from nfgalaxy.cli_options import (
    add_game_options,
    check_players,
    check_setup,
    checked_options,
    game_help,
    game_id,
    game_options,
)
from nfgalaxy.core.registry import descriptor, games, load_problems
from nfgalaxy.core.rng import random_seed

if TYPE_CHECKING:
    from nfgalaxy.records import GameRecord

__all__ = ["build_parser", "main", "random_seed"]


def _default_game() -> str:
    return games()[0].id


def _bots(value: str) -> list[str]:
    """Bot kinds, or a search level with changes to measure (``expert:rounds=1+width=4``,
    see ``nfgalaxy.bots.levels.level_variant``)."""
    from nfgalaxy.bots.levels import VARIANT, level_variant

    kinds = [v.strip() for v in value.split(",") if v.strip()]
    for kind in kinds:
        if VARIANT in kind:
            try:
                level_variant(kind)
            except ValueError as error:
                raise argparse.ArgumentTypeError(str(error)) from None
        elif kind not in BOT_KINDS:
            raise argparse.ArgumentTypeError(
                f"unknown bot {kind!r} (known: {', '.join(BOT_KINDS)}; or a level with "
                "changes, such as expert:rounds=1+width=4)"
            )
    return kinds


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="nfgalaxy", description="The Galaxy family of space-empire board games in a terminal."
    )
    parser.add_argument(
        "--bot-delay",
        type=float,
        default=0.6,
        metavar="SECONDS",
        help="in the app, seconds to pause after each bot move (default 0.6; 0: instant)",
    )
    sub = parser.add_subparsers(dest="command")

    play = sub.add_parser(
        "play", help="play in a plain terminal, line by line (no arguments: the app)"
    )
    add_game_options(play)
    play.add_argument("--players", type=int, default=None, help="default: the game's usual table")
    play.add_argument("--humans", type=int, default=1, help="human seats (hot-seat), default 1")
    play.add_argument("--bots", type=_bots, default=None, help="bot kinds for the other seats")
    play.add_argument("--seed", type=int, default=None)

    sim = sub.add_parser("simulate", help="play bot-vs-bot games and report the results")
    add_game_options(sim)
    sim.add_argument("--players", type=int, default=None)
    sim.add_argument(
        "--bots",
        type=_bots,
        default=None,
        help="comma-separated bot kinds, one per seat (default: all random)",
    )
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--json", action="store_true", help="print one JSON document")

    tour = sub.add_parser(
        "tournament",
        help="rotate a bot line-up through the seats: win rates with 95%% intervals, think time",
        description="Play a line-up of bots against each other, rotating it one seat per game so "
        "every bot plays every seat equally often; the games of one rotation share one deal. "
        "Reports, per entry of --bots and per bot kind: wins (a tie of k winners gives each 1/k),"
        " win rate with its 95% Wilson score interval, average score, think time per decision "
        "(median and p95, ms) and decisions. A progress bar on stderr when it is a terminal "
        "(a line every tenth of the games otherwise, or with CI=true); Ctrl+C stops and prints "
        "the games finished (exit status 130).",
    )
    add_game_options(tour)
    tour.add_argument("--players", type=int, default=None, help="default: as many as --bots names")
    tour.add_argument(
        "--bots",
        type=_bots,
        required=True,
        help=f"comma-separated bot kinds, one entry per seat, a kind may come again "
        f"(known: {', '.join(BOT_KINDS)})",
    )
    tour.add_argument(
        "--games",
        type=int,
        default=100,
        help="games to play (default 100), rounded up to a multiple of --players so every "
        "entry plays every seat equally often",
    )
    tour.add_argument(
        "--seed",
        type=int,
        default=1,
        help="rotation r is dealt with seed SEED+r (default 1): the same command gives the "
        "same results, whatever --jobs",
    )
    tour.add_argument(
        "--jobs", type=int, default=1, help="games played at once, in processes (default 1)"
    )
    tour.add_argument(
        "--record",
        type=Path,
        default=None,
        metavar="FILE",
        help="keep every finished game in FILE as it ends (JSON lines); run the same command "
        "with the same FILE again to play only the games still missing, after a crash or a "
        "stop (a FILE of another tournament is refused, unchanged)",
    )
    tour.add_argument(
        "--keep-games",
        action="store_true",
        help="keep every finished game among your records too, to replay (nfgalaxy records "
        "lists them, nfgalaxy replay ID steps through one)",
    )
    tour.add_argument("--json", action="store_true", help="print one JSON document")
    # its own parser for its errors, so they read "nfgalaxy tournament: error: ..."
    tour.set_defaults(subparser=tour)

    serve = sub.add_parser("serve", help="let people play over SSH (ssh -p PORT host)")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on")
    serve.add_argument(
        "--port", type=int, default=2222, help="port to listen on (0: any free port)"
    )
    serve.add_argument("--max-sessions", type=int, default=32)
    serve.add_argument("--idle-timeout", default="30m", help="e.g. 90s, 30m, 1h")
    serve.add_argument("--host-key", default=None, help="an existing private host key file")
    serve.add_argument(
        "--authorized-keys",
        default=None,
        help="only these public keys may connect; saves are kept per user",
    )
    serve.add_argument(
        "--database",
        default=None,
        metavar="URL",
        help="where the online tables are kept: a SQLite file (default: tables.sqlite in the "
        "server's data directory) or postgresql://... shared by several front ends",
    )
    serve.add_argument(
        "--database-schema",
        default=None,
        metavar="NAME",
        help="the PostgreSQL schema of the tables (default: nfgalaxy)",
    )

    from nfgalaxy.records.commands import add_commands

    add_commands(sub, game_id)
    from nfgalaxy.records.commands import add_database_argument
    from nfgalaxy.records.stats_command import add_stats_command

    add_database_argument(add_stats_command(sub, game_id))
    replay = sub.add_parser("replay", help="open the app on a finished game, to step through it")
    replay.add_argument("id", help="the record's id (or its start), from `nfgalaxy records`")
    add_database_argument(replay)

    tiles = sub.add_parser("tiles", help="print the component data with each tile's source")
    tiles.add_argument("--game", type=game_id, default=None, help=game_help())
    tiles.add_argument("--tiles", default=None, help="a corrected tile file to check and show")
    tiles.add_argument("--json", action="store_true")
    return parser


def main(argv: list[str] | None = None) -> int:
    for problem in load_problems():
        print(f"nfgalaxy: {problem}", file=sys.stderr)
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "game", "") is None:
        args.game = _default_game()
    if args.command == "simulate":
        return _simulate(args, parser)
    if args.command == "tournament":
        from nfgalaxy.tournament_command import tournament

        return tournament(args)
    if args.command == "tiles":
        return _tiles(args)
    if args.command == "serve":
        return _serve(args, parser)
    if args.command in ("records", "export", "import"):
        from nfgalaxy.records.commands import run

        return _with_records(args, lambda source: run(args, source))
    if args.command == "replay":
        return _replay(args)
    if args.command == "stats":
        return _with_records(args, lambda source: _stats(args, source))
    if args.command is None:
        from nfgalaxy.ui.app import NfGalaxyApp

        NfGalaxyApp(bot_delay=max(0.0, args.bot_delay)).run()
        return 0
    from nfgalaxy.textplay import play

    options = game_options(args, parser)
    game = descriptor(args.game)
    if args.players is None:
        args.players = min(max(game.default_players, game.min_players), game.max_players)
    check_players(parser, game, args.players)
    if not 0 <= args.humans <= args.players:
        parser.error(f"--humans must be 0 to {args.players} (the players), not {args.humans}")
    check_setup(parser, game, args.players, options)
    return play(args.game, args.players, args.humans, args.bots, args.seed, options)


def _with_records(args: argparse.Namespace, command: Callable[[Any], int]) -> int:
    """``command`` run on the records ``args`` name: the player's own (None), or with
    ``--database`` the finished tables of that table store (opened, migrated, closed)."""
    if getattr(args, "database", None) is None:
        if getattr(args, "database_schema", None) is not None:
            print(f"nfgalaxy {args.command}: --database-schema needs --database", file=sys.stderr)
            return 2
        return command(None)
    from nfgalaxy.tables import POSTGRES_SCHEMES, SQLITE_SCHEME, open_store
    from nfgalaxy.tables.errors import StoreError
    from nfgalaxy.tables.table_records import OnlineRecords

    path = Path(args.database.removeprefix(SQLITE_SCHEME))
    if not args.database.startswith(POSTGRES_SCHEMES) and not path.is_file():
        # A table store is made by ``serve``: reading one never creates it.
        print(f"nfgalaxy {args.command}: there is no table store at {path}", file=sys.stderr)
        return 1
    try:
        store = open_store(args.database, schema=args.database_schema)
    except StoreError as error:
        print(f"nfgalaxy {args.command}: {error}", file=sys.stderr)
        return 1
    with store:
        return command(OnlineRecords(store))


def _stats(args: argparse.Namespace, source: Any) -> int:
    """``nfgalaxy stats`` on the records of ``source`` (the player's own when None)."""
    from nfgalaxy.records import RecordStore
    from nfgalaxy.records.stats_command import run

    entries = (source or RecordStore()).entries()
    for entry in entries:
        if entry.record is None:
            print(f"nfgalaxy: {entry.where} cannot be read: {entry.problem}", file=sys.stderr)
    return run(args, [entry.record for entry in entries if entry.record is not None])


def _replay(args: argparse.Namespace) -> int:
    """The app, opened on a finished game's replay (an unknown id is told before it opens)."""
    from nfgalaxy.records import RecordError, RecordStore, UnknownRecord

    found: list[GameRecord] = []

    def find(source: Any) -> int:
        try:
            found.append((source or RecordStore()).find(args.id))
        except (UnknownRecord, RecordError) as error:
            print(f"nfgalaxy replay: {error}", file=sys.stderr)
            return 1
        return 0

    status = _with_records(args, find)
    if status:
        return status
    record = found[0]
    from nfgalaxy.ui.app import NfGalaxyApp

    NfGalaxyApp(bot_delay=max(0.0, args.bot_delay), replay=record).run()
    return 0


def _simulate(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from nfgalaxy.simulate import simulate

    game = descriptor(args.game)
    usual = min(max(game.default_players, game.min_players), game.max_players)
    bots = args.bots or ["random"] * (args.players or usual)
    players = args.players or len(bots)
    if len(bots) == 1:
        bots = bots * players
    check_players(parser, game, players)
    if len(bots) != players:
        parser.error(f"--bots names {len(bots)} bots for {players} players")
    if args.games < 1:
        parser.error("--games must be at least 1")
    options = checked_options(args, parser, game, players)
    progress = None
    bar = None
    if not args.json and sys.stdout.isatty():
        from rich.progress import Progress

        bar = Progress(transient=True)
        task = bar.add_task("Playing", total=args.games)
        bar.start()

        def progress(done: int) -> None:
            bar.update(task, completed=done)

    try:
        summary = simulate(game.id, bots, args.games, args.seed, options, progress)
    finally:
        if bar is not None:
            bar.stop()
    if args.json:
        print(json.dumps(summary.to_json(), indent=2))
        return 0
    data = summary.to_json()
    print(
        f"{game.id}: {args.games} games, {players} players, seeds {args.seed}.."
        f"{args.seed + args.games - 1}"
    )
    wins = summary.wins()
    averages = summary.average()
    for seat, bot in enumerate(bots):
        print(
            f"  seat {seat + 1} ({bot:6}): wins {wins[seat]:6.1f}  average score "
            f"{averages[seat]:5.1f}"
        )
    print(f"  average rounds: {data['average_rounds']}")
    for bot, ms in data["think_ms"].items():
        print(f"  {bot} think time: {ms:.3f} ms per decision")
    print(f"  {summary.games_per_second:.1f} games per second ({summary.seconds:.2f} s)")
    if summary.events:
        counts = ", ".join(f"{kind} {n}" for kind, n in sorted(summary.events.items()))
        print(
            textwrap.fill(counts, width=96, initial_indent="  events: ", subsequent_indent="    ")
        )
    return 0


#: ``nfgalaxy serve``'s exit status when the tables' database cannot be used (unreachable, or
#: migrated by a newer nfgalaxy): an operator's script can tell it from a busy port (1).
EXIT_DATABASE = 3


def _serve(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    import asyncio
    import logging
    import os

    from nfgalaxy.server.ssh import ServeConfig, parse_duration, serve
    from nfgalaxy.tables.errors import StoreError

    # The operator's log on stderr: warnings by default, each bot decision with INFO.
    logging.basicConfig(
        level=os.environ.get("NFGALAXY_LOG_LEVEL", "WARNING").upper(),
        format="%(asctime)s %(name)s: %(message)s",
    )

    try:
        idle = parse_duration(args.idle_timeout)
    except ValueError as error:
        parser.error(str(error))
    if args.max_sessions < 1:
        parser.error("--max-sessions must be at least 1")
    if not 0 <= args.port <= 65535:
        parser.error(f"--port must be 0 to 65535 (0: any free port), not {args.port}")
    for name in ("host_key", "authorized_keys"):
        value = getattr(args, name)
        if value and not Path(value).is_file():
            parser.error(f"--{name.replace('_', '-')}: no such file: {value}")
    config = ServeConfig(
        host=args.host,
        port=args.port,
        max_sessions=args.max_sessions,
        idle_timeout=idle,
        host_key=Path(args.host_key) if args.host_key else None,
        authorized_keys=Path(args.authorized_keys) if args.authorized_keys else None,
        bot_delay=max(0.0, args.bot_delay),
        database=args.database,
        database_schema=args.database_schema,
    )
    try:
        asyncio.run(serve(config))
    except (OSError, ValueError) as error:  # a busy port, an unreadable or bad key file
        print(f"nfgalaxy serve: {error}", file=sys.stderr)
        return 1
    except StoreError as error:  # unreachable, or of a newer schema (SchemaTooNew)
        print(f"nfgalaxy serve: the tables' database: {error}", file=sys.stderr)
        return EXIT_DATABASE
    return 0


def _tiles(args: argparse.Namespace) -> int:
    report = descriptor(args.game).tiles_report()
    tiles, problem = report.resolve(args.tiles)
    if problem:
        print(problem, file=sys.stderr)
    if args.json:
        print(json.dumps(report.json(tiles), indent=2, ensure_ascii=False))
    else:
        print(report.text(tiles))
    return 1 if problem else 0


if __name__ == "__main__":
    sys.exit(main())
