"""Where a game's component data comes from: the built-in file, or an owner's corrected file.

Every game ships its tiles as TOML inside its package and lets an owner of the physical game load
a corrected file (``--tiles PATH``, or a file of a known name in the user data dir). A file is
parsed by the game's own ``parse`` and checked by its ``check`` (the rulebook's statistics); a bad
file never stops play: ``resolve`` falls back to the built-in set and says why.
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any, Generic, TypeVar

T = TypeVar("T")
S = TypeVar("S")


class TileDataError(ValueError):
    """A tile file that cannot be used: names the file, the tile and the field at fault."""


def read_toml(text: str, source: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise TileDataError(f"{source}: not valid TOML: {exc}") from None


class Entry:
    """Reads one TOML table and names it in every error."""

    def __init__(self, source: str, label: str, raw: Any) -> None:
        if not isinstance(raw, dict):
            raise TileDataError(f"{source}: {label}: expected a table")
        self.source = source
        self.raw = raw
        self.label = label

    @classmethod
    def top(cls, source: str, section: str, raw: Any, index: int) -> Entry:
        """An entry of a top-level array, labelled by its id (or position if it has none)."""
        name = raw.get("id", raw.get("colour")) if isinstance(raw, dict) else None
        return cls(source, f"{section} '{name if name is not None else f'#{index + 1}'}'", raw)

    def child(self, key: str, what: str) -> Entry:
        """A nested table (a tile side), labelled inside its parent."""
        raw = self.get(key, dict)
        side_id = raw.get("id", "?")
        return Entry(self.source, f"{self.label} {what} '{side_id}'", raw)

    def fail(self, name: str, problem: str) -> TileDataError:
        return TileDataError(f"{self.source}: {self.label}: field '{name}': {problem}")

    def get(self, name: str, typ: type | tuple[type, ...], default: Any = ...) -> Any:
        if name not in self.raw:
            if default is ...:
                raise self.fail(name, "missing")
            return default
        value = self.raw[name]
        if typ is int and isinstance(value, bool):
            raise self.fail(name, f"expected an integer, got {value!r}")
        if not isinstance(value, typ):
            raise self.fail(name, f"expected {type_name(typ)}, got {value!r}")
        return value

    def int_in(self, name: str, low: int, high: int, default: Any = ...) -> int:
        value = self.get(name, int, default)
        if value is not None and not low <= value <= high:
            raise self.fail(name, f"{value} is outside {low}..{high}")
        return value

    def choice(self, name: str, options: dict[str, Any], default: Any = ...) -> Any:
        if name not in self.raw and default is not ...:
            return default
        value = self.get(name, str)
        if value not in options:
            raise self.fail(name, f"{value!r} is not one of {', '.join(options)}")
        return options[value]

    def strings(self, name: str, allowed: tuple[str, ...] | None = None) -> tuple[str, ...]:
        values = self.get(name, list, [])
        for value in values:
            if not isinstance(value, str):
                raise self.fail(name, f"expected a list of strings, got {value!r}")
            if allowed is not None and value not in allowed:
                raise self.fail(name, f"{value!r} is not one of {', '.join(allowed)}")
        return tuple(values)

    def check_known(self, allowed: set[str]) -> None:
        for key in self.raw:
            if key not in allowed:
                raise self.fail(key, "unknown field")


def type_name(typ: type | tuple[type, ...]) -> str:
    names = {int: "an integer", str: "a string", bool: "true or false", list: "a list"}
    names[dict] = "a table"
    if isinstance(typ, tuple):
        return " or ".join(names.get(t, t.__name__) for t in typ)
    return names.get(typ, typ.__name__)


class TileSource(Generic[T]):
    """The built-in tiles of one game, corrected files over them, and the fallback rule."""

    def __init__(
        self,
        package: str,
        builtin_name: str,
        user_file_name: str,
        parse: Callable[[str, str, T | None], T],
        check: Callable[[T], list[str]],
    ) -> None:
        self.package = package
        self.builtin_name = builtin_name
        self.user_file_name = user_file_name
        self.parse = parse
        self.check = check
        self._builtin: T | None = None
        self._files: dict[tuple[str, float, int], T] = {}

    def validate(self, tiles: T, source: str) -> T:
        problems = self.check(tiles)
        if problems:
            raise TileDataError(f"{source}: " + "; ".join(problems))
        return tiles

    def builtin(self) -> T:
        """The shipped tile set (loaded and validated once per process)."""
        if self._builtin is None:
            text = resources.files(self.package).joinpath("data", self.builtin_name)
            source = "built-in " + self.builtin_name
            tiles = self.parse(text.read_text(encoding="utf-8"), source, None)
            self._builtin = self.validate(tiles, source)
        return self._builtin

    def load_file(self, path: str | Path) -> T:
        """A corrected file over the built-in set; raises ``TileDataError`` if unusable.

        Parsed once per process while the file's size and modification time stay the same, so
        simulating many games with ``--tiles`` does not re-read it for each game.
        """
        path = Path(path)
        try:
            stat = path.stat()
            key = (str(path.resolve()), stat.st_mtime, stat.st_size)
            if key in self._files:
                return self._files[key]
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise TileDataError(f"{path}: cannot be read: {exc}") from None
        tiles = self.validate(self.parse(text, str(path), self.builtin()), str(path))
        self._files[key] = tiles
        return tiles

    @functools.cached_property
    def user_file(self) -> Path:
        """Where the game looks for an owner's corrected tile file."""
        from platformdirs import user_data_dir

        return Path(user_data_dir("nfgalaxy")) / self.user_file_name

    def resolve(self, path: str | Path | None = None) -> tuple[T, str | None]:
        """The tile set to play with and, if a requested file was refused, why.

        An explicit ``path`` wins; otherwise a file in the user data dir is used if present.
        """
        candidate = Path(path) if path else self.user_file
        if not path and not candidate.exists():
            return self.builtin(), None
        try:
            return self.load_file(candidate), None
        except TileDataError as exc:
            return self.builtin(), f"{exc} (using the built-in tiles instead)"

    def start_game(
        self,
        make: Callable[[T, int, int, dict[str, Any]], S],
        players: int,
        seed: int,
        options: dict[str, Any],
    ) -> S:
        """A new game on the resolved tiles (``options["tiles"]``). A refused file is said in
        the game's first log line and dropped from the options; the built-in set is played."""
        options = dict(options)
        tiles, problem = self.resolve(options.get("tiles"))
        state = make(tiles, players, seed, options)
        if problem:
            state.log.insert(0, problem)
            state.options["tiles"] = None
        return state

    def restore_game(self, restore: Callable[[dict[str, Any], T], S], data: Any) -> S:
        """A saved game on the tiles it was played with; ``ValueError`` if they are gone."""
        options = data.get("options") if isinstance(data, dict) else None
        path = options.get("tiles") if isinstance(options, dict) else None
        tiles, problem = self.resolve(path)
        if problem:
            raise ValueError(
                f"the save was played with tiles that can no longer be loaded: {problem}"
            )
        return restore(data, tiles)
