"""Board files: a board as JSON, read and written (the format is described in ``DATA.md``).

JSON rather than TOML because boards are written as well as read (the generator saves them, a
save game may carry one) and the standard library does both. A file is read field by field: any
missing, mistyped or unknown field raises ``BoardError`` naming the space, link or system and
the field, and the board read is then checked by ``boardcheck.validate_board``. Files are written
one entry per line with default fields left out, so that they stay readable and diff well.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from nfgalaxy.core.tilefiles import Entry
from nfgalaxy.games.space_merchant.board import (
    PILOT_NUMBERS,
    Board,
    Colour,
    Link,
    Space,
    SpaceKind,
    StarSystem,
    SystemKind,
)
from nfgalaxy.games.space_merchant.boardcheck import BoardError, validate_board

FORMAT = "nfgalaxy-space-merchant-board"
VERSION = 1

_SPACE_FIELDS = {"id", "system", "kind", "colour", "penalty", "orbit_site", "planet"}
_SPACE_FIELDS |= {"telegate", "name"}
_LINK_FIELDS = {"a", "b", "pilot_a", "pilot_b", "flyable", "invisible"}
_SYSTEM_FIELDS = {"id", "kind", "name"}
_TOP_FIELDS = {"format", "version", "label", "seed", "systems", "spaces", "links"}


class Item(Entry):
    """``Entry`` of the core's tile files, raising ``BoardError`` instead."""

    error = BoardError

    def __init__(self, source: str, label: str, raw: Any) -> None:
        if not isinstance(raw, dict):
            raise self.error(f"{source}: {label}: expected a table")
        super().__init__(source, label, raw)

    def fail(self, name: str, problem: str) -> BoardError:  # type: ignore[override]
        return self.error(f"{self.source}: {self.label}: field '{name}': {problem}")

    def optional_str(self, name: str) -> str | None:
        value = self.get(name, str, None)
        if value is not None and not value.strip():
            raise self.fail(name, "empty; leave the field out instead")
        return value

    def numbers(self, name: str) -> frozenset[int]:
        values = self.get(name, list, [])
        for value in values:
            if isinstance(value, bool) or not isinstance(value, int) or value not in PILOT_NUMBERS:
                raise self.fail(name, f"expected pilot numbers 1–6, got {value!r}")
        if len(set(values)) != len(values):
            raise self.fail(name, f"a pilot number is given twice in {values}")
        return frozenset(values)


def _kinds(enum_type: Any) -> dict[str, Any]:
    return {member.value: member for member in enum_type}


def parse_board(raw: Any, source: str) -> Board:
    """A board from decoded JSON; ``BoardError`` names the entry and field at fault. The board
    is not validated here (``read_board`` does both)."""
    top = Item(source, "board", raw)
    top.check_known(_TOP_FIELDS)
    if top.get("format", str, FORMAT) != FORMAT:
        raise top.fail("format", f"expected {FORMAT!r}")
    if top.get("version", int, VERSION) != VERSION:
        raise top.fail("version", f"this game reads version {VERSION}")
    seed = top.get("seed", int, None)
    systems = tuple(
        _system(Item.top(source, "system", entry, i))
        for i, entry in enumerate(top.get("systems", list))
    )
    spaces = tuple(
        _space(Item.top(source, "space", entry, i))
        for i, entry in enumerate(top.get("spaces", list))
    )
    links = tuple(
        _link(Item(source, _link_label(entry, i), entry))
        for i, entry in enumerate(top.get("links", list))
    )
    return Board(top.get("label", str), systems, spaces, links, seed)


def _link_label(raw: Any, index: int) -> str:
    if isinstance(raw, dict) and isinstance(raw.get("a"), str) and isinstance(raw.get("b"), str):
        return f"link {raw['a']}–{raw['b']}"
    return f"link #{index + 1}"


def _system(item: Item) -> StarSystem:
    item.check_known(_SYSTEM_FIELDS)
    return StarSystem(
        id=item.get("id", str),
        kind=item.choice("kind", _kinds(SystemKind)),
        name=item.get("name", str, ""),
    )


def _space(item: Item) -> Space:
    item.check_known(_SPACE_FIELDS)
    return Space(
        id=item.get("id", str),
        system=item.get("system", str),
        kind=item.choice("kind", _kinds(SpaceKind)),
        colour=item.choice("colour", _kinds(Colour), Colour.BLUE),
        penalty=item.int_in("penalty", 0, 1_000_000, 0),
        orbit_site=item.optional_str("orbit_site"),
        planet=item.optional_str("planet"),
        telegate=item.get("telegate", int, None),
        name=item.get("name", str, ""),
    )


def _link(item: Item) -> Link:
    item.check_known(_LINK_FIELDS)
    return Link(
        a=item.get("a", str),
        b=item.get("b", str),
        pilot_a=item.numbers("pilot_a"),
        pilot_b=item.numbers("pilot_b"),
        flyable=item.get("flyable", bool, False),
        invisible=item.get("invisible", bool, False),
    )


def decode_json(text: str, source: str, error: type[BoardError] = BoardError) -> Any:
    """Decoded JSON, or ``error`` saying where the text is not JSON."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(f"{source}: not valid JSON: {exc}") from None


def read_board(text: str, source: str = "board") -> Board:
    """A playable board from the text of a board file, or ``BoardError``."""
    return validate_board(parse_board(decode_json(text, source), source), source)


def load_board(path: str | Path) -> Board:
    """A playable board from a file, or ``BoardError`` (an unreadable file included)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise BoardError(f"{path}: cannot be read: {exc}") from None
    return read_board(text, str(path))


# --- writing -------------------------------------------------------------------------------


def board_data(board: Board) -> dict[str, Any]:
    """The board as JSON-ready data, default fields left out."""
    data: dict[str, Any] = {"format": FORMAT, "version": VERSION, "label": board.label}
    if board.seed is not None:
        data["seed"] = board.seed
    data["systems"] = [
        _drop_empty({"id": s.id, "kind": s.kind.value, "name": s.name}) for s in board.systems
    ]
    data["spaces"] = [_space_data(s) for s in board.spaces]
    data["links"] = [_link_data(link) for link in board.links]
    return data


def _drop_empty(entry: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in entry.items() if v not in (None, "", 0, False, [])}


def _space_data(space: Space) -> dict[str, Any]:
    entry = {"id": space.id, "system": space.system, "kind": space.kind.value}
    if space.colour is not Colour.BLUE:
        entry["colour"] = space.colour.value
    extra = {
        "penalty": space.penalty,
        "orbit_site": space.orbit_site,
        "planet": space.planet,
        "telegate": space.telegate,
        "name": space.name,
    }
    return entry | _drop_empty(extra)


def _link_data(link: Link) -> dict[str, Any]:
    extra = {
        "pilot_a": sorted(link.pilot_a),
        "pilot_b": sorted(link.pilot_b),
        "flyable": link.flyable,
        "invisible": link.invisible,
    }
    return {"a": link.a, "b": link.b} | _drop_empty(extra)


def dump_json(data: dict[str, Any]) -> str:
    """JSON with each entry of a top-level list (or of a table of lists) on a line of its own."""
    return _dump(data, "") + "\n"


def _dump(value: Any, indent: str) -> str:
    if isinstance(value, dict) and any(isinstance(v, (list, dict)) for v in value.values()):
        inner = indent + "  "
        body = ",\n".join(f"{inner}{json.dumps(k)}: {_dump(v, inner)}" for k, v in value.items())
        return "{\n" + body + "\n" + indent + "}"
    if isinstance(value, list) and value and isinstance(value[0], dict):
        inner = indent + "  "
        body = ",\n".join(inner + json.dumps(v, ensure_ascii=False) for v in value)
        return "[\n" + body + "\n" + indent + "]"
    return json.dumps(value, ensure_ascii=False)


def write_board(board: Board) -> str:
    """The text of a board file."""
    return dump_json(board_data(board))


def save_board(board: Board, path: str | Path) -> None:
    Path(path).write_text(write_board(board), encoding="utf-8")
