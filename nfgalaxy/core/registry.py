"""The games that are installed, found through the ``nfgalaxy.games`` entry-point group.

A game package exports a ``GameDescriptor`` and names it in its ``pyproject.toml``::

    [project.entry-points."nfgalaxy.games"]
    my-game = "my_package.my_game:DESCRIPTOR"

so a third-party package adds a game without touching nfgalaxy. Nothing here names a game.
"""

from __future__ import annotations

import copy
import json
from functools import cache
from importlib.metadata import entry_points
from typing import Any

from nfgalaxy.core.descriptor import GameDescriptor

GROUP = "nfgalaxy.games"


class UnknownGame(ValueError):
    """A game id or alias that no installed game answers to."""


@cache
def _scan() -> tuple[dict[str, GameDescriptor], tuple[str, ...]]:
    """The games that load, and why the others did not: a broken third-party game must not
    take the installed ones down with it."""
    found: dict[str, GameDescriptor] = {}
    problems: list[str] = []
    for point in entry_points(group=GROUP):
        try:
            descriptor = point.load()
        except Exception as error:  # any failure of someone else's package: report it, go on
            problems.append(f"the game {point.name!r} ({point.value}) cannot be loaded: {error}")
            continue
        if not isinstance(descriptor, GameDescriptor):
            problems.append(f"the entry point {point.name!r} of {GROUP} is not a GameDescriptor")
        elif descriptor.id in found:
            problems.append(f"two installed games call themselves {descriptor.id!r}")
        else:
            found[descriptor.id] = descriptor
    ordered = dict(sorted(found.items(), key=lambda item: item[1].title))
    return ordered, tuple(problems)


def _installed() -> dict[str, GameDescriptor]:
    return _scan()[0]


def load_problems() -> list[str]:
    """Why some declared games could not be loaded (empty when all loaded)."""
    return list(_scan()[1])


def games() -> list[GameDescriptor]:
    """Every installed game, in title order."""
    return list(_installed().values())


def game_ids() -> list[str]:
    return sorted(_installed())


def resolve_id(name: str) -> str:
    """A game's id from its id or one of its aliases; raises ``UnknownGame``."""
    installed = _installed()
    if name in installed:
        return name
    for descriptor in installed.values():
        if name in descriptor.aliases:
            return descriptor.id
    known = ", ".join(
        f"{d.id} ({', '.join(d.aliases)})" if d.aliases else d.id for d in installed.values()
    )
    raise UnknownGame(f"unknown game {name!r}; known: {known}")


def descriptor(name: str) -> GameDescriptor:
    """The descriptor of a game by id or alias."""
    return _installed()[resolve_id(name)]


def new_game(game: str, players: int, seed: int = 0, options: dict[str, Any] | None = None) -> Any:
    """Start a game by id or alias with ``players`` seats, a seed and the game's options."""
    found = descriptor(game)
    found.check_players(players)
    return found.new_game(players, seed, dict(options or {}))


def load_game(data: dict[str, Any] | str) -> Any:
    """Restore a state from ``to_json()`` output (a dict or its JSON text). The state owns
    what it holds: a dict is copied first, as games keep the lists they are given, so two
    games loaded from one document (or the document itself) would change together."""
    data = json.loads(data) if isinstance(data, str) else copy.deepcopy(data)
    game = data.get("game") if isinstance(data, dict) else None
    if not isinstance(game, str) or game not in _installed():
        raise ValueError(f"not a saved game of a known kind (game={game!r})")
    return _installed()[game].load(data)
