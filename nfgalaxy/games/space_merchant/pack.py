"""A pack: the board and the content a game is played with, generated or read from one file.

The generated pack of a seed is the default (§15.5.2). A user-supplied pack (``--tiles PATH``)
is one JSON file with a ``board`` and a ``content`` table; reading it checks the board
(``BoardError``), the content and its fit to the board (``ContentError``). Both errors are the
core's ``TileDataError``, so the game can refuse a bad file and say why instead of crashing.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from nfgalaxy.core.tilefiles import TileDataError
from nfgalaxy.games.space_merchant.board import Board
from nfgalaxy.games.space_merchant.boardcheck import BoardError, validate_board
from nfgalaxy.games.space_merchant.boardfile import (
    Item,
    board_data,
    decode_json,
    dump_json,
    parse_board,
)
from nfgalaxy.games.space_merchant.content import Content
from nfgalaxy.games.space_merchant.contentcheck import validate_content
from nfgalaxy.games.space_merchant.contentfile import ContentError, content_data, parse_content
from nfgalaxy.games.space_merchant.contentgen import generate_content
from nfgalaxy.games.space_merchant.generator import generate_board

FORMAT = "nfgalaxy-space-merchant-pack"
VERSION = 1


@dataclass(frozen=True)
class Pack:
    """A board and the content played on it."""

    board: Board
    content: Content

    @property
    def labels(self) -> tuple[str, ...]:
        """What the game and every save show about where the pack comes from (§15.5.2)."""
        found = []
        for part in (self.board, self.content):
            seed = f" (seed {part.seed})" if part.seed is not None else ""
            found.append(part.label + seed)
        return tuple(found)


def generate_pack(seed: int) -> Pack:
    """The generated board and content of a seed."""
    board = generate_board(seed)
    return Pack(board, generate_content(seed, board))


@lru_cache(maxsize=16)
def generated_pack(seed: int) -> Pack:
    """``generate_pack``, kept: packs are immutable, and replays and saves ask for one often."""
    return generate_pack(seed)


def pack_data(pack: Pack) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "board": board_data(pack.board),
        "content": content_data(pack.content),
    }


def write_pack(pack: Pack) -> str:
    """The text of a pack file."""
    return dump_json(pack_data(pack))


def save_pack(pack: Pack, path: str | Path) -> None:
    Path(path).write_text(write_pack(pack), encoding="utf-8")


def read_pack(text: str, source: str = "pack") -> Pack:
    """A playable pack from the text of a pack file; ``BoardError`` or ``ContentError`` name
    the entry and field at fault."""
    top = Item(source, "pack", decode_json(text, source))
    top.check_known({"format", "version", "board", "content"})
    if top.get("format", str, FORMAT) != FORMAT:
        raise top.fail("format", f"expected {FORMAT!r}")
    if top.get("version", int, VERSION) != VERSION:
        raise top.fail("version", f"this game reads version {VERSION}")
    board = validate_board(parse_board(top.get("board", dict), source), source)
    content = parse_content(top.get("content", dict), source)
    return Pack(board, validate_content(content, board, source))


def load_pack(path: str | Path) -> Pack:
    """A playable pack from a file, or ``BoardError``/``ContentError`` saying why not."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ContentError(f"{path}: cannot be read: {exc}") from None
    return read_pack(text, str(path))


_FILES: dict[tuple[str, float, int], Pack] = {}


def load_pack_once(path: str | Path) -> Pack:
    """``load_pack``, read once per process while the file's size and time stay the same (a
    simulation of many games on one file, the replays of undo)."""
    path = Path(path)
    try:
        stat = path.stat()
    except OSError as exc:
        raise ContentError(f"{path}: cannot be read: {exc}") from None
    key = (str(path.resolve()), stat.st_mtime, stat.st_size)
    if key not in _FILES:
        _FILES[key] = load_pack(path)
    return _FILES[key]


def resolve_pack(path: str | Path | None, seed: int) -> tuple[Pack, str | None]:
    """The pack to play and, if the file at ``path`` was refused, why: the file's pack when
    given and sound, else the generated pack of ``seed``. A bad file never stops play."""
    if not path:
        return generated_pack(seed), None
    try:
        return load_pack_once(path), None
    except TileDataError as exc:
        return generated_pack(seed), f"{exc} (the generated board and content are used instead)"


__all__ = [
    "BoardError",
    "ContentError",
    "Pack",
    "generate_pack",
    "generated_pack",
    "load_pack",
    "read_pack",
    "resolve_pack",
]
