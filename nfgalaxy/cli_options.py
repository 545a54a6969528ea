"""The games' options and setups on the command line: each game's options become switches
(games may share one, each with its own words), the switches are read back into the chosen
game's options, and a setup is tried once so that bad options stop before anything is played.
Nothing here names a game.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from nfgalaxy.core.descriptor import GameDescriptor, GameOption, OptionKind
from nfgalaxy.core.registry import UnknownGame, descriptor, games


def game_id(value: str) -> str:
    try:
        return descriptor(value).id
    except UnknownGame as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def game_help() -> str:
    names = [f"{d.id} ({', '.join(d.aliases)})" if d.aliases else d.id for d in games()]
    return "the game: " + ", ".join(names)


def _all_options() -> dict[str, list[tuple[GameDescriptor, GameOption]]]:
    """Every game's options by command-line switch (games may share a switch, e.g. --tiles)."""
    found: dict[str, list[tuple[GameDescriptor, GameOption]]] = {}
    for game in games():
        for option in game.options:
            found.setdefault(option.cli_flag, []).append((game, option))
    return found


def add_game_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", type=game_id, default=None, help=game_help())
    for flag, owners in _all_options().items():
        option = owners[0][1]
        dest = "opt_" + flag.lstrip("-").replace("-", "_")
        if option.kind is OptionKind.BOOL:
            parser.add_argument(flag, dest=dest, action="store_true", help=_option_help(owners))
        else:
            kind = int if option.kind is OptionKind.INT else str
            parser.add_argument(flag, dest=dest, type=kind, default=None, help=_option_help(owners))


def _option_help(owners: list[tuple[GameDescriptor, GameOption]]) -> str:
    """The help of a switch several games share: each game's own words (one game's file is
    TOML, another's JSON), the games that say the same thing named together."""
    said: dict[tuple[str, tuple[str, ...]], list[str]] = {}
    for game, option in owners:
        said.setdefault((option.help, tuple(option.choices or ())), []).append(game.title)
    parts = []
    for (words, choices), titles in said.items():
        allowed = f"one of {', '.join(choices)}; " if choices else ""
        parts.append(f"{words} ({allowed}{', '.join(titles)})")
    return "; ".join(parts)


def game_options(args: argparse.Namespace, parser: argparse.ArgumentParser) -> dict[str, Any]:
    """The chosen game's options from the switches; a switch of another game is an error."""
    game = descriptor(args.game)
    options = game.defaults()
    for flag, owners in _all_options().items():
        value = getattr(args, "opt_" + flag.lstrip("-").replace("-", "_"), None)
        if value in (None, False):
            continue
        mine = [option for g, option in owners if g.id == game.id]
        if not mine:
            others = " and ".join(g.title for g, _ in owners)
            parser.error(f"{flag} is a {others} option, not one of {game.title}")
        option = mine[0]
        problem = option.check_choice(value)
        if problem:
            parser.error(problem)
        options[option.name] = (not option.default) if option.kind is OptionKind.BOOL else value
    return options


def check_players(parser: argparse.ArgumentParser, game: GameDescriptor, players: int) -> None:
    if not game.min_players <= players <= game.max_players:
        parser.error(f"{game.title} is for {game.min_players} to {game.max_players} players")


def check_setup(
    parser: argparse.ArgumentParser, game: GameDescriptor, players: int, options: dict[str, Any]
) -> None:
    """Refuse a setup the game's rules refuse (an option for other player counts, say) with the
    game's own words, before anything is played: one trial setup, whose seed does not matter."""
    try:
        game.new_game(players, 0, dict(options))
    except ValueError as error:
        parser.error(str(error))


def checked_options(
    args: argparse.Namespace, parser: argparse.ArgumentParser, game: GameDescriptor, players: int
) -> dict[str, Any]:
    """The game's options from the switches, a tile file's problem told on stderr, and the
    setup tried once, so bad options stop before any game is played."""
    options = game_options(args, parser)
    if options.get("tiles"):
        _tiles_found, problem = game.tiles_report().resolve(options["tiles"])
        if problem:
            print(problem, file=sys.stderr)
    check_setup(parser, game, players, options)
    return options
