"""The vocabulary every rules module shares: step names, decision kinds, and small helpers.

This module imports no other rules module, so every phase module may use it. Rule references
(§n) are to ``shared/rules/roll-for-the-galaxy.md``.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Callable
from typing import Any, Protocol

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.roll.components import DieColour, Face, Phase, TileSet, World
from nfgalaxy.games.roll.identity import GAME_ID as GAME_ID
from nfgalaxy.games.roll.state import COLOURS, DEV, STACKS, WORLD, Player

SAVE_VERSION = 1


class Step(enum.StrEnum):
    """The steps of the queue. A ``StrEnum``: a queue entry's name is still its word in JSON,
    so saves written when steps were plain strings load unchanged."""

    START_TILES = "start_tiles"
    ROUND_START = "round_start"
    ASSIGN = "assign"
    REASSIGN = "reassign"
    REVEAL = "reveal"
    EXPLORE_START = "explore_start"
    EXPLORE = "explore"
    SCOUT = "scout"
    PLACE_TILES = "place_tiles"
    RETURN_TILE = "return_tile"
    DRAW_OWED = "draw_owed"
    EXPLORE_END = "explore_end"
    BUILD_CHECK = "build_check"
    BUILD = "build"
    TO_CUP = "to_cup"
    IMMEDIATE = "immediate"
    REMOVE_DIE = "remove_die"
    PRODUCE = "produce"
    SHIP_START = "ship_start"
    SHIP = "ship"
    PHASE_END = "phase_end"
    MANAGE = "manage"
    RECALL = "recall"
    ROUND_END = "round_end"


#: A queue entry: ``[step, player (-1: nobody), argument]``.
Entry = list

# Decision kinds.
START_TILES = "start_tiles"
WILD = "wild"
SELECT = "select"
DICTATE = "dictate"
POWER = "power"
MOVE = "move"
MOVE_PAIR = "move_pair"
STOP = "stop"
DONE = "done"
STOCK = "stock"
SCOUT = "scout"
REARRANGE = "rearrange"
DISCARD = "discard"
DRAW = "draw"
PLACE = "place"
RETURN_TILE = "return_tile"
DEVELOP = "develop"
SETTLE = "settle"
USE_DICE = "use_dice"
TO_CUP = "to_cup"
REMOVE = "remove"
PRODUCE = "produce"
SHIP = "ship"
RECRUIT = "recruit"
RECALL = "recall"

TRADE, CONSUME, TRADE_VP = "trade", "consume", "trade_vp"
BOTTOM, TOP = "bottom", "top"

BUILD_KIND = {DEV: DEVELOP, WORLD: SETTLE}
BUILD_PHASE = {DEV: Phase.DEVELOP, WORLD: Phase.SETTLE}

# Labels by word: enum lookups dominated option building.
DIE_NAMES = {c.value: c.label for c in DieColour}
DIE_LETTERS = {c.value: c.letter for c in DieColour}
PHASE_LABELS = {p.value: p.label for p in Phase}
PHASE_NUMERALS = {p.value: p.numeral for p in Phase}
FACE_LABELS = {f.value: f.label for f in Face}
COLOUR_RANK = {c: i for i, c in enumerate(COLOURS)}


def die_name(colour: str) -> str:
    return DIE_NAMES[colour]


def pronoun_stack(kind: str) -> str:
    return "development stack" if kind == DEV else "world stack"


_NESTED = (dict, list, tuple)


def deep(value: Any) -> Any:
    """Plain data copied at every level, tuples as lists (as JSON would give them back)."""
    if type(value) is dict:
        return {k: deep(v) if type(v) in _NESTED else v for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [deep(v) if type(v) in _NESTED else v for v in value]
    return value


def without(items: list[Any], item: Any) -> list[Any]:
    """A new list of ``items`` less the first ``item``: for a player's lists that are
    replaced, never changed (copies share them, see ``Player``)."""
    out = items[:]
    out.remove(item)
    return out


def distinct(items: list[Any]) -> list[Any]:
    """The items without repeats, in their first order."""
    return list(dict.fromkeys(items))


def multisets(dice: list[str], size: int) -> list[tuple[str, ...]]:
    """The different colour combinations of ``size`` dice out of ``dice``."""
    ordered = sorted(dice, key=COLOUR_RANK.__getitem__)
    return distinct(list(itertools.combinations(ordered, size)))


def worker_key(w: dict[str, Any]) -> tuple[str, str, str]:
    return (w["colour"], w["face"], w["column"])


def die_label(colour: str, face: str) -> str:
    shown = "wild" if face == "wild" else PHASE_LABELS[face]
    return f"{DIE_NAMES[colour]} die ({shown})"


def movable(p: Player) -> list[dict[str, Any]]:
    """Workers a reassign power may move: not the selection die (§14.3)."""
    return [w for w in p.workers if w["id"] != p.selector and w["column"]]


def selector_key(p: Player) -> tuple[str, str, str] | None:
    for w in p.workers:
        if w["id"] == p.selector:
            return worker_key(w)
    return None


def die_locations(p: Player) -> list[tuple[str, str]]:
    """Where the player's dice are, as (place, colour), one entry per kind of die."""
    out: list[tuple[str, str]] = []
    out += [("cup", c) for c in COLOURS if p.cup[c]]
    out += [("citizenry", c) for c in COLOURS if p.citizenry[c]]
    out += [(f"phase:{w['column']}", w["colour"]) for w in p.workers]
    out += [(f"stack:{k}", c) for k in STACKS for c in p.stack_dice[k]]
    out += [(f"good:{w}", c) for w, dice in p.goods.items() for c in dice]
    return distinct(out)


class SideNamer(Protocol):
    """What the words of a place need: tile side names."""

    def side_name(self, side_id: str) -> str: ...


class Namer(SideNamer, Protocol):
    """What words need of the game: names of players and tile sides."""

    def name(self, seat: int) -> str: ...

    def describe_side(self, side_id: str) -> str: ...


def place_name(g: SideNamer, place: str, whose: str = "your") -> str:
    """Where a die lies, in words: "your …" in a player's choices, "their …" in the log."""
    if place in ("cup", "citizenry"):
        return f"{whose} {place}"
    kind, _, where = place.partition(":")
    if kind == "phase":
        return f"the {PHASE_LABELS[where]} column"
    if kind == "stack":
        return f"{whose} {pronoun_stack(where)}"
    return f"{g.side_name(where)} (a good)"


def describe_side(tiles: TileSet, side_id: str) -> str:
    """A tile side in words: name, kind and cost ("Alpha Centauri (b world, 2)")."""
    side = tiles.by_id[side_id]
    if isinstance(side, World):
        return f"{side.name} ({side.colour.letter} world, {side.cost})"
    return f"{side.name} (development, {side.cost})"


class TileNames:
    """The words of tile sides, from the tiles alone: what an offered decision's words need
    (they are made once per tile set, for every game using it)."""

    def __init__(self, tiles: TileSet) -> None:
        self.tiles = tiles

    def side_name(self, side_id: str) -> str:
        return self.tiles.by_id[side_id].name

    def side_text(self, side_id: str) -> str:
        return self.tiles.by_id[side_id].text

    def describe_side(self, side_id: str) -> str:
        return describe_side(self.tiles, side_id)


Render = Callable[[TileNames, tuple[Any, ...]], str]


class Words:
    """The words of one family of offered decisions of one kind: ``render`` makes them from
    the tile names and the key (the decision's arguments, its first ``nargs`` items or all,
    -1: all but the last; then anything else the words depend on). One kind may be worded
    differently by different steps ("Done assigning…", "Done exploring"): one family each."""

    __slots__ = ("kind", "nargs", "render")

    def __init__(self, kind: str, render: Render, nargs: int | None = None) -> None:
        self.kind = kind
        self.render = render
        self.nargs = nargs


def worded(kind: str, nargs: int | None = None) -> Callable[[Render], Words]:
    """Decorate a render function as the ``Words`` of a family of ``kind`` decisions."""

    def family(render: Render) -> Words:
        return Words(kind, render, nargs)

    return family


class Offered(dict):
    """Decisions of one family, by key, each made once per tile set.

    The rules offer the same few decisions over and over (a wild die under a phase, a tile
    on a stack); building each anew, and its words, after every decision was the main cost
    of search playouts. Decisions are immutable, so sharing them is safe, and there are only
    as many as the game's components. A quiet copy's tables make no words.
    """

    __slots__ = ("names", "worded", "words")

    def __init__(self, words: Words, worded: bool, names: TileNames) -> None:
        super().__init__()
        self.words = words
        self.worded = worded
        self.names = names

    def __missing__(self, key: tuple[Any, ...]) -> Decision:
        words = self.words
        args = key if words.nargs is None else key[: words.nargs]
        label = words.render(self.names, key) if self.worded else ""
        decision = self[key] = Decision(words.kind, args, label)
        return decision


class OfferTables(dict):
    """The ``Offered`` tables of one tile set, worded or quiet, by family (``Words``); a game
    keeps the one matching its ``quiet`` flag as ``offered``. ``groups`` keeps sequences of
    offered decisions that the rules put together the same way again and again."""

    def __init__(self, tiles: TileSet, worded: bool) -> None:
        super().__init__()
        self.names = TileNames(tiles)
        self.worded = worded
        self.groups: dict[Any, tuple[Decision, ...]] = {}

    def __missing__(self, words: Words) -> Offered:
        table = self[words] = Offered(words, self.worded, self.names)
        return table


def offer_tables(tiles: TileSet, quiet: bool) -> OfferTables:
    """The tile set's tables of offered decisions, unworded for a quiet copy."""
    tables = tiles.offers.get(quiet)
    if tables is None:
        tables = tiles.offers[quiet] = OfferTables(tiles, worded=not quiet)
    return tables
