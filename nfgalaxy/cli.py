"""The ``nfgalaxy`` command: play, simulate bot games, and print the component data."""

from __future__ import annotations

import argparse
import importlib
import json
import random
import sys
from typing import Any

from nfgalaxy.bots import BOT_KINDS
from nfgalaxy.core.protocol import ALIASES

#: Per game: the module loading its tiles (``resolve``) and the ``tiles`` report module.
GAMES: dict[str, tuple[str, str]] = {
    "new-frontiers": ("nfgalaxy.games.new_frontiers.tileset", "nfgalaxy.tiles_report"),
    "roll-for-the-galaxy": ("nfgalaxy.games.roll.tileset", "nfgalaxy.roll_tiles_report"),
}
NF_ONLY = ("goals", "random_sides")  # options only New Frontiers has
GAME_HELP = "new-frontiers (nf) or roll-for-the-galaxy (roll)"


def _game(value: str) -> str:
    game = ALIASES.get(value, value)
    if game not in GAMES:
        raise argparse.ArgumentTypeError(f"unknown game {value!r} (known: {', '.join(GAMES)})")
    return game


def _resolve_tiles(game: str, path: str | None) -> tuple[Any, str | None]:
    """The game's tile set (a corrected file if given) and, if the file was refused, why."""
    return importlib.import_module(GAMES[game][0]).resolve(path)


def _nf_options_only(args: argparse.Namespace, parser: argparse.ArgumentParser) -> None:
    if args.game != "new-frontiers":
        for name in NF_ONLY:
            if getattr(args, name):
                parser.error(f"--{name.replace('_', '-')} is a New Frontiers option")


def _bots(value: str) -> list[str]:
    kinds = [v.strip() for v in value.split(",") if v.strip()]
    for kind in kinds:
        if kind not in BOT_KINDS:
            raise argparse.ArgumentTypeError(
                f"unknown bot {kind!r} (known: {', '.join(BOT_KINDS)})"
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
    play.add_argument("--game", type=_game, default="new-frontiers", help=GAME_HELP)
    play.add_argument("--players", type=int, default=4, choices=range(2, 6))
    play.add_argument("--humans", type=int, default=1, help="human seats (hot-seat), default 1")
    play.add_argument("--bots", type=_bots, default=None, help="bot kinds for the other seats")
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--goals", action="store_true", help="play with the goals variant")
    play.add_argument(
        "--random-sides",
        action="store_true",
        help="later-game setup: coin-flipped development sides, chosen home sides",
    )
    play.add_argument("--tiles", default=None, help="a corrected tile file (TOML)")

    sim = sub.add_parser("simulate", help="play bot-vs-bot games and report the results")
    sim.add_argument("--game", type=_game, default="new-frontiers", help=GAME_HELP)
    sim.add_argument("--players", type=int, default=None, choices=range(2, 6))
    sim.add_argument(
        "--bots",
        type=_bots,
        default=None,
        help="comma-separated bot kinds, one per seat (default: all random)",
    )
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--goals", action="store_true")
    sim.add_argument("--random-sides", action="store_true")
    sim.add_argument("--tiles", default=None)
    sim.add_argument("--json", action="store_true", help="print one JSON document")

    serve = sub.add_parser("serve", help="let people play over SSH (ssh -p PORT host)")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on")
    serve.add_argument("--port", type=int, default=2222)
    serve.add_argument("--max-sessions", type=int, default=32)
    serve.add_argument("--idle-timeout", default="30m", help="e.g. 90s, 30m, 1h")
    serve.add_argument("--host-key", default=None, help="an existing private host key file")
    serve.add_argument(
        "--authorized-keys",
        default=None,
        help="only these public keys may connect; saves are kept per user",
    )

    tiles = sub.add_parser("tiles", help="print the component data with each tile's source")
    tiles.add_argument("--game", type=_game, default="new-frontiers", help=GAME_HELP)
    tiles.add_argument("--tiles", default=None, help="a corrected tile file to check and show")
    tiles.add_argument("--json", action="store_true")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "simulate":
        return _simulate(args, parser)
    if args.command == "tiles":
        return _tiles(args)
    if args.command == "serve":
        return _serve(args, parser)
    if args.command == "play":
        _nf_options_only(args, parser)
    if args.command is None:
        from nfgalaxy.ui.app import NfGalaxyApp

        NfGalaxyApp(bot_delay=max(0.0, args.bot_delay)).run()
        return 0
    from nfgalaxy.textplay import play

    return play(args)


def _simulate(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from nfgalaxy.simulate import simulate

    bots = args.bots or ["random"] * (args.players or 4)
    players = args.players or len(bots)
    if len(bots) == 1:
        bots = bots * players
    if len(bots) != players:
        parser.error(f"--bots names {len(bots)} bots for {players} players")
    if args.games < 1:
        parser.error("--games must be at least 1")
    _nf_options_only(args, parser)
    if args.tiles:
        _tiles, problem = _resolve_tiles(args.game, args.tiles)
        if problem:
            print(problem, file=sys.stderr)
    options: dict[str, Any] = {"tiles": args.tiles}
    if args.game == "new-frontiers":
        options.update(goals=args.goals, first_game=not args.random_sides)
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
        summary = simulate(args.game, bots, args.games, args.seed, options, progress)
    finally:
        if bar is not None:
            bar.stop()
    if args.json:
        print(json.dumps(summary.to_json(), indent=2))
        return 0
    data = summary.to_json()
    print(
        f"{args.game}: {args.games} games, {players} players, seeds {args.seed}.."
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
    return 0


def _serve(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    import asyncio
    from pathlib import Path

    from nfgalaxy.server.ssh import ServeConfig, parse_duration, serve

    try:
        idle = parse_duration(args.idle_timeout)
    except ValueError as error:
        parser.error(str(error))
    if args.max_sessions < 1:
        parser.error("--max-sessions must be at least 1")
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
    )
    try:
        asyncio.run(serve(config))
    except OSError as error:
        print(f"nfgalaxy serve: {error}", file=sys.stderr)
        return 1
    return 0


def _tiles(args: argparse.Namespace) -> int:
    report = importlib.import_module(GAMES[args.game][1])
    tiles, problem = _resolve_tiles(args.game, args.tiles)
    if problem:
        print(problem, file=sys.stderr)
    if args.json:
        print(json.dumps(report.tiles_json(tiles), indent=2, ensure_ascii=False))
    else:
        print(report.tiles_text(tiles))
    return 1 if problem else 0


def random_seed() -> int:
    return random.SystemRandom().randrange(1, 2**31)


if __name__ == "__main__":
    sys.exit(main())
