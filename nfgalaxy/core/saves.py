"""Saved games: versioned JSON written atomically, checked on load, never lost.

A save holds the game's options, seed and decision log (enough to replay it), a state snapshot
for fast loading, who sits in each seat, and a SHA-256 checksum of all of that, so corruption or
tampering is detected. Files are written to a temporary file and renamed into place, so a crash
mid-write never leaves a half-written save. A file that cannot be read is reported with the
reason and left exactly as it is.

A checksum proves only that the file is as it was written, not that the game inside is whole: a
save written by another version of nfgalaxy, or edited with its checksum made anew, may hold a
snapshot this version cannot play. So a snapshot is tried before it is trusted, and one that
fails is replaced by the game replayed from the save's seed and decisions (which the rules
check one by one); only when both fail is the save refused.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import re
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from nfgalaxy.core.protocol import GameState, load_game
from nfgalaxy.core.replay import replay_log
from nfgalaxy.core.rng import Rng

FORMAT = "nfgalaxy-save"
VERSION = 1
AUTOSAVE = "autosave"
_NAME = re.compile(r"[^A-Za-z0-9_.-]+")


class SaveError(Exception):
    """A save that cannot be used; the message says why, in words a player understands."""


@dataclass(frozen=True)
class SaveInfo:
    """One entry of the load list. ``problem`` is set for a file that cannot be loaded."""

    path: Path
    name: str
    saved_at: str = ""
    game: str = ""
    players: tuple[str, ...] = ()
    round: int = 0
    over: bool = False
    problem: str = ""

    @property
    def readable(self) -> bool:
        return not self.problem


def default_root() -> Path:
    """Where saves live: ``$NFGALAXY_DATA_DIR/saves`` or the platform's user data dir."""
    base = os.environ.get("NFGALAXY_DATA_DIR")
    if base:
        return Path(base) / "saves"
    from platformdirs import user_data_dir

    return Path(user_data_dir("nfgalaxy")) / "saves"


def slug(name: str) -> str:
    """A file name from a save name: letters, digits, ``_.-``; never a path."""
    cleaned = _NAME.sub("-", name.strip()).strip("-.")[:60]
    return cleaned or "save"


def _checksum(body: dict[str, Any]) -> str:
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()


class SaveStore:
    """The saves of one player (one directory)."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = Path(root) if root is not None else default_root()

    def path_for(self, name: str) -> Path:
        """The file a save of this name goes to. A same-named file that cannot be read is never
        overwritten: the save goes to ``name-1.json`` (``-2``, ...) instead."""
        base = slug(name)
        candidate = self.root / f"{base}.json"
        number = 0
        while candidate.exists() and not self.info(candidate).readable:
            number += 1
            candidate = self.root / f"{base}-{number}.json"
        return candidate

    def write(self, name: str, state: GameState, seats: list[dict[str, str]]) -> Path:
        """Save atomically under ``name``; returns the file written."""
        self.root.mkdir(parents=True, exist_ok=True)
        return self.write_file(self.path_for(name), name, state, seats)

    def write_file(
        self, target: Path, name: str, state: GameState, seats: list[dict[str, str]]
    ) -> Path:
        """Save atomically to ``target`` (whose folder must exist) under ``name``; returns
        ``target``. The caller has chosen the file, so nothing here checks what it replaces."""
        snapshot = state.to_json()
        body = {
            "format": FORMAT,
            "version": VERSION,
            "name": name,
            "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
            "game": state.game_id,
            "seats": seats,
            "options": snapshot.get("options", {}),
            "seed": snapshot.get("options", {}).get("seed"),
            "decisions": snapshot.get("history", []),
            "round": snapshot.get("round", 0),
            "over": snapshot.get("over", False),
            "snapshot": snapshot,
        }
        data = {**body, "checksum": _checksum(body)}
        replace_atomically(target, json.dumps(data))  # dumps uses the C encoder; dump does not
        return target

    def unwritable(self, folder: Path | None = None) -> str | None:
        """Why nothing can be saved in ``folder`` (the store's own by default), in words, or
        None if a file can be written there. A probe file is written and renamed into place
        the way a save is, then removed: a folder that merely exists, or whose permission bits
        look right, can still refuse (a read-only disk, a path through a file, a full disk,
        or root's writes that ignore the bits)."""
        folder = self.root if folder is None else folder
        try:
            folder.mkdir(parents=True, exist_ok=True)
            probe = folder / ".probe"
            replace_atomically(probe, "nfgalaxy checks that saves can be written here\n")
            probe.unlink()
        except OSError as error:
            return f"{folder} cannot be written: {in_words(error)}"
        return None

    def _read(self, path: Path) -> dict[str, Any]:
        data = read_json(path)
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise SaveError("this is not a game saved by nfgalaxy")
        version = data.get("version")
        if version != VERSION:
            raise SaveError(_other_version(version))
        body = {k: v for k, v in data.items() if k != "checksum"}
        if data.get("checksum") != _checksum(body):
            raise SaveError(
                "the checksum does not match: the file was changed outside the game, or damaged"
            )
        return data

    def info(self, path: Path) -> SaveInfo:
        try:
            data = self._read(path)
        except SaveError as error:
            return SaveInfo(path=path, name=path.stem, problem=str(error))
        seats = data.get("seats")
        round_ = data.get("round")
        return SaveInfo(
            path=path,
            name=str(data.get("name", path.stem)),
            saved_at=str(data.get("saved_at", "")),
            game=str(data.get("game", "")),
            players=tuple(
                str(s.get("name", "?"))
                for s in (seats if isinstance(seats, list) else [])
                if isinstance(s, dict)
            ),
            round=round_ if isinstance(round_, int) else 0,
            over=bool(data.get("over")),
        )

    def list(self) -> list[SaveInfo]:
        """Every save file, newest first; unreadable ones included with their reason."""
        return newest_first(self.info(p) for p in save_files(self.root))

    def load(self, path: Path) -> tuple[GameState, list[dict[str, str]]]:
        """The saved state and seats; raises ``SaveError`` (and changes nothing) if unusable."""
        data = self._read(path)
        state = restored(data)
        seats = data.get("seats")
        if not isinstance(seats, list) or len(seats) != len(getattr(state, "players", seats)):
            raise SaveError("the seats in the file do not match the game")
        return state, seats


def read_json(path: Path, what: str = "a saved game's") -> Any:
    """The JSON a file holds; ``SaveError`` saying in words why it cannot be had (the file
    cannot be read, is not text, or is not JSON: cut short, or damaged)."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise SaveError("the file is damaged: it holds bytes that are not text") from None
    except OSError as error:
        raise SaveError(f"the file cannot be read: {in_words(error)}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise SaveError(not_json(text, error, what)) from None


def save_files(folder: Path) -> list[Path]:
    """The save files in ``folder``, less the temporary files of writes under way."""
    if not folder.is_dir():
        return []
    return [path for path in folder.glob("*.json") if not path.name.startswith(".")]


def newest_first(entries: Iterable[SaveInfo]) -> list[SaveInfo]:
    """The last saved first; an unreadable file, which says nothing of when it was saved, by
    when it was last changed, after the rest."""

    def when(entry: SaveInfo) -> tuple[str, float]:
        try:
            return entry.saved_at, entry.path.stat().st_mtime
        except OSError:  # deleted since it was read
            return entry.saved_at, 0.0

    return sorted(entries, key=when, reverse=True)


def replace_atomically(target: Path, text: str) -> None:
    """Write ``text`` to a temporary file beside ``target`` and rename it into place, so that
    ``target`` is always either the old file or the whole new one."""
    handle, temp = tempfile.mkstemp(prefix=".saving-", suffix=".json", dir=target.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


#: What an operating system's refusal means to a player (``strerror`` is for programmers,
#: and says "Not a directory" where the player needs to know which part is not a folder).
_REFUSALS = {
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.EROFS: "the disk is read-only",
    errno.ENOSPC: "the disk is full",
    errno.ENOTDIR: "a part of that path is a file, not a folder",
    errno.EEXIST: "a part of that path is a file, not a folder",
    errno.ENOENT: "the folder does not exist",
}


def in_words(error: OSError) -> str:
    """An ``OSError`` as a player would say it."""
    if error.errno in _REFUSALS:
        return _REFUSALS[error.errno]
    return (error.strerror or type(error).__name__).lower()


def not_json(text: str, error: json.JSONDecodeError, what: str = "a saved game's") -> str:
    """Why a file that is not JSON fails, in words: most often a write that stopped part way
    (a full disk, a copy broken off), which shows as text ending before the JSON does."""
    if not text.strip():
        return "the file is empty"
    # Cut part way, the text stops inside a string, or in the middle of a word, number or
    # escape (``tr``, ``12e``, ``\u00``) with nothing after it that closes anything.
    rest = text[error.pos :].rstrip()
    in_a_word = len(rest) <= len("\\uXXXX") and not set(rest) & set('{}[]":,')
    if error.msg.startswith("Unterminated string") or in_a_word:
        return "the file is cut short: it ends part way through the game"
    return f"the file is damaged: its text is not {what}"


def _other_version(version: Any) -> str:
    """Why a save of another format version is refused, saying which way the versions differ
    (a newer nfgalaxy may read it; this one never will)."""
    if type(version) is not int:  # bool is an int to isinstance
        return "made by another version of nfgalaxy (its save format is not known)"
    if version > VERSION:
        return f"made by a newer version of nfgalaxy (format {version}; this one reads {VERSION})"
    return f"made by an older version of nfgalaxy (format {version})"


def restored(data: dict[str, Any]) -> GameState:
    """The game of a checked save: its snapshot if this version can play it, else the game
    replayed from the save's options, seed and decisions; ``SaveError`` if neither works.

    Any error counts (a snapshot of another version can fail in any way), and the message
    names the snapshot's, as that is what the file was meant to give back."""
    try:
        return playable(load_game(data["snapshot"]))
    except Exception as error:  # whatever the snapshot breaks, the replay is tried
        problem = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
    try:
        return playable(replay_log(data["game"], data["options"], data["decisions"]))
    except Exception:  # the replay's own error says less than the snapshot's
        raise SaveError(f"the game inside cannot be restored ({problem})") from None


def playable(state: GameState) -> GameState:
    """``state``, once it has answered what a game screen first asks of it (who moves, with
    which decisions, the scores, each seat's view, its document); whatever it raises is
    raised."""
    state.to_json()
    for seat in range(len(state.scores())):
        state.name(seat)
        state.view(seat, Rng(seat), quiet=True)
    if not state.is_over() and (state.to_move() is None or not state.legal_decisions()):
        raise ValueError("the game is not over, yet nobody has a decision to make")
    return state
