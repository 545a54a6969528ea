"""Autosaves: one file per game, so that starting a game never replaces another still in play.

A game gets its own file the first time it is autosaved and keeps it to its end. The file's
name is the game's identity: when it started, which game, and a random tag for two started in
the same second (the seed cannot tell games apart: a player may deal the same seed twice)::

    saves/autosaves/20250314T201502Z-<game id>-3f9a1c.json

Continue offers every game in play; continuing one writes on in its own file. A game played on
from a named save becomes a new game here, with a file of its own: the named save stays as it
was, and so does the autosave of the game it was saved from.

Versions before this kept one ``saves/autosave.json`` (``autosave-1.json``... beside one that
could not be read). Such a file is an autosave like the others, and a game continued from it
goes on in it.

A finished game's file is kept (the record of how it went) but not offered. So that the folder
does not grow without end, whenever a game gets a new file the oldest files past the newest
``KEEP_IN_PLAY`` games in play and the newest ``KEEP_FINISHED`` finished ones are deleted. A
file that cannot be read is never deleted, nor counted: it stays as it is for its owner.
"""

from __future__ import annotations

import re
import secrets
from datetime import UTC, datetime
from pathlib import Path
from typing import NamedTuple

from nfgalaxy.core.protocol import GameState
from nfgalaxy.core.saves import AUTOSAVE, SaveInfo, SaveStore, newest_first, save_files, slug

FOLDER = "autosaves"
#: How many games in play are kept: more than fit the start screen's list at 80x24, fewer
#: than a player would ever mean to keep going at once.
KEEP_IN_PLAY = 8
KEEP_FINISHED = 8
#: The one autosave of earlier versions, and the ones written beside an unreadable one.
_EARLIER = re.compile(r"autosave(-\d+)?\.json")


class Autosaved(NamedTuple):
    """What one autosave did: the file written, and the games in play deleted to make room."""

    path: Path
    dropped: list[SaveInfo]


class Autosaves:
    """The autosaves of one store: a file per game."""

    def __init__(self, store: SaveStore) -> None:
        self.store = store

    @property
    def folder(self) -> Path:
        return self.store.root / FOLDER

    def new_file(self, game: str, now: datetime | None = None) -> Path:
        """The file for a game starting now (not created until the game is first saved)."""
        started = (now or datetime.now(UTC)).strftime("%Y%m%dT%H%M%SZ")
        return self.folder / f"{started}-{slug(game)}-{secrets.token_hex(3)}.json"

    def holds(self, path: Path) -> bool:
        """True for an autosave's file (this version's or an earlier one's)."""
        if path.parent == self.folder:
            return path.suffix == ".json" and not path.name.startswith(".")
        return path.parent == self.store.root and _earlier(self.store.info(path))

    def write(self, path: Path, state: GameState, seats: list[dict[str, str]]) -> Autosaved:
        """Autosave ``state`` to its game's file ``path``. A file that was changed into one that
        cannot be read is left alone, and the game goes on in a new file (which the result
        names). Raises ``OSError`` when the file cannot be written."""
        if path.exists() and not self.store.info(path).readable:
            path = self.new_file(state.game_id)
        new = not path.exists()
        path.parent.mkdir(parents=True, exist_ok=True)
        self.store.write_file(path, AUTOSAVE, state, seats)
        return Autosaved(path, self.prune(keep=path) if new else [])

    def list(self) -> list[SaveInfo]:
        """Every autosave, the last played first; unreadable ones with their reason."""
        named = [p for p in save_files(self.store.root) if _EARLIER.fullmatch(p.name)]
        earlier = [self.store.info(p) for p in named]
        mine = [self.store.info(p) for p in save_files(self.folder)]
        return newest_first(mine + [e for e in earlier if _earlier(e)])

    def in_play(self) -> list[SaveInfo]:
        """What Continue offers: the games not finished, and the files that cannot be read
        (which may hold one, and whose owner should hear why it is not offered)."""
        return [entry for entry in self.list() if not entry.readable or not entry.over]

    def prune(self, keep: Path) -> list[SaveInfo]:
        """Delete the readable autosaves past the newest ``KEEP_IN_PLAY`` in play and
        ``KEEP_FINISHED`` finished, never ``keep``; returns the games in play deleted."""
        readable = [e for e in self.list() if e.readable]
        in_play = [e for e in readable if not e.over][KEEP_IN_PLAY:]
        finished = [e for e in readable if e.over][KEEP_FINISHED:]
        dropped = [e for e in in_play + finished if e.path != keep]
        for entry in dropped:
            entry.path.unlink(missing_ok=True)
        return [entry for entry in dropped if not entry.over]

    def delete(self, path: Path) -> None:
        """Delete an autosave the player no longer wants; raises ``OSError`` if it cannot be,
        and ``ValueError`` for a file that is not an autosave."""
        if not self.holds(path):
            raise ValueError(f"{path} is not an autosave")
        path.unlink(missing_ok=True)


def _earlier(entry: SaveInfo) -> bool:
    """True for the autosave of an earlier version; a save the player named "autosave-2" is
    theirs (its file has that name, but the name inside is theirs too)."""
    named = bool(_EARLIER.fullmatch(entry.path.name))
    return named and (not entry.readable or entry.name == AUTOSAVE)
