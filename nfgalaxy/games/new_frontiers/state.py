"""The mutable, serialisable parts of a New Frontiers game: players, supplies, the track.

Everything here is plain data (ints, strings, lists, dicts) so ``to_json`` is a straight dump and
a loaded state is identical to the saved one. Component definitions stay in ``components.py``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

from nfgalaxy.games.new_frontiers.components import Ability, Kind, Phase, TileSet


class ActionTile(enum.Enum):
    """The seven action tiles; Retreat into Isolation and Set Galactic Goals share one tile."""

    # Members are singletons: identity hashing is exact and much faster than Enum's default.
    __hash__ = object.__hash__

    RETREAT = "retreat"
    GOALS = "goals"
    DEVELOP = "develop"
    EXPLORE = "explore"
    SETTLE = "settle"
    PRODUCE = "produce"
    TRADE = "trade"
    AMBASSADOR = "ambassador"

    @property
    def label(self) -> str:
        return ACTION_LABELS[self]


ACTION_LABELS = {
    ActionTile.RETREAT: "Retreat into Isolation",
    ActionTile.GOALS: "Set Galactic Goals",
    ActionTile.DEVELOP: "Develop",
    ActionTile.EXPLORE: "Explore",
    ActionTile.SETTLE: "Settle",
    ActionTile.PRODUCE: "Produce",
    ActionTile.TRADE: "Trade/Consume",
    ActionTile.AMBASSADOR: "Send Ambassador",
}

#: Bonus text for the chooser (rules §5), shown by interfaces.
ACTION_BONUS = {
    ActionTile.RETREAT: "+$2",
    ActionTile.GOALS: "move up 1, +$1, draw 3 goals and keep 1",
    ActionTile.DEVELOP: "your development costs $1 less",
    ActionTile.EXPLORE: "take a second world after everyone",
    ActionTile.SETTLE: "+1 colonist before the action",
    ActionTile.PRODUCE: "take the credits on the tile, +1 good on a windfall colony",
    ActionTile.TRADE: "+1 VP before the action",
    ActionTile.AMBASSADOR: "+1 VP, move to first in player order",
}

_PHASES = tuple(Phase)

#: Per player count: tiles per small development stack (rules §3.1).
STACK_COPIES = {2: 1, 3: 2, 4: 2, 5: 3}
PER_PLAYER = 12  # colonists and VP chips in the supply per player
WORLD_LIMIT = 9
DEVELOP_END_SLOTS = 11
COLONY_END = 8
COLONIST_END = 4
EXPLORE_DRAW = 7


@dataclass
class Player:
    """One player's empire. Goods sit on colonies: ``goods`` maps colony id to the good's kind.

    The containers (colonies, goods, explored worlds, developments, stockpiles) are replaced
    when they change, never changed in place, so that a copy made for search shares them and
    costs a copy of the fields only: the rules change them through the methods below.
    """

    seat: int
    name: str
    home: str = ""
    colonies: list[str] = field(default_factory=list)  # home colony first
    goods: dict[str, int] = field(default_factory=dict)
    explored: list[str] = field(default_factory=list)
    developments: list[str] = field(default_factory=list)
    colonists: int = 0  # unused colonists in the colonist area
    credits: int = 0
    vp: int = 0  # VP chips
    # Stockpiles (goals variant): replaced when they change, never changed, so copies share them.
    stock_worlds: list[str] = field(default_factory=list)
    stock_goods: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    stock_credits: int = 0
    oort_kind: int = -1  # kind declared for Alien Oort Cloud Refinery in the current action
    _abilities: dict[Phase, list[tuple[str, Ability]]] | None = field(
        default=None, repr=False, compare=False
    )
    #: What the rules read from those abilities, by (reader, phase) (``NewFrontiers.powers``);
    #: like the table, replaced (a phase's readings left out) when tiles with abilities come or go.
    _powers: dict[Any, Any] | None = field(default=None, repr=False, compare=False)

    def world_count(self) -> int:
        """Explored worlds + colonies (home included): the 9-world limit counts these."""
        return len(self.explored) + len(self.colonies)

    def slots_used(self, tiles: TileSet) -> int:
        return sum(tiles.developments[d].slots for d in self.developments)

    def goods_count(self) -> int:
        return len(self.goods)

    def abilities(self, tiles: TileSet, phase: Phase) -> list[tuple[str, Ability]]:
        """(tile id, ability) for every colony and development the player owns, by phase."""
        if self._abilities is None:
            table: dict[Phase, list[tuple[str, Ability]]] = {p: [] for p in _PHASES}
            phased = tiles.phased  # worlds, home colonies and developments
            for tile_id in (*self.colonies, *self.developments):
                for tile_phase, entry in phased[tile_id]:
                    table[tile_phase].append(entry)
            self._abilities = table
        return self._abilities[phase]

    def tiles_changed(self, tiles: TileSet | None = None, *changed: str) -> None:
        """The player's colonies or developments changed. Given the tile set and the tiles that
        came or went, only the phases those tiles have abilities in are read again (most worlds
        have none): tiles change many times in a playout. Without them, everything is."""
        table = self._abilities
        if tiles is None or table is None:
            self._abilities = None
            self._powers = None
            return
        phased = tiles.phased
        phases = {phase for tile_id in changed for phase, _entry in phased[tile_id]}
        if not phases:
            return
        table = dict(table)  # shared with copies of this player: replaced, never changed
        owned = (*self.colonies, *self.developments)
        for phase in phases:
            table[phase] = [e for t in owned for p, e in phased[t] if p is phase]
        self._abilities = table
        if self._powers is not None:
            # Always a table of its own, even an empty one: the readings are shared with
            # copies of this player, whose tiles have not changed.
            self._powers = {k: v for k, v in self._powers.items() if k[1] not in phases}

    # Changes of the containers: each makes a new one (copies share the old; see the class).

    def explore(self, world: str) -> None:
        """An explored world joins the player's empire (face down, not yet settled)."""
        self.explored = [*self.explored, world]

    def unexplore(self, world: str) -> None:
        """An explored world leaves (back to the bag, to the stockpile, or settled)."""
        explored = self.explored[:]
        explored.remove(world)
        self.explored = explored

    def settle(self, world: str) -> None:
        """An explored world becomes a colony."""
        self.unexplore(world)
        self.colonies = [*self.colonies, world]

    def replace_colony(self, old: str, new: str) -> None:
        """The explored world ``new`` takes the place of the colony ``old`` (same position)."""
        self.unexplore(new)
        colonies = self.colonies[:]
        colonies[colonies.index(old)] = new
        self.colonies = colonies

    def develop(self, development: str) -> None:
        self.developments = [*self.developments, development]

    def put_good(self, colony: str, kind: int) -> None:
        self.goods = {**self.goods, colony: kind}

    def take_good(self, colony: str) -> int:
        """The good on ``colony`` leaves it; returns its kind."""
        goods = self.goods.copy()
        kind = goods.pop(colony)
        self.goods = goods
        return kind

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "name": self.name,
            "home": self.home,
            "colonies": list(self.colonies),
            "goods": dict(self.goods),
            "explored": list(self.explored),
            "developments": list(self.developments),
            "colonists": self.colonists,
            "credits": self.credits,
            "vp": self.vp,
            "stock_worlds": list(self.stock_worlds),
            "stock_goods": list(self.stock_goods),
            "stock_credits": self.stock_credits,
            "oort_kind": self.oort_kind,
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> Player:
        player = Player(seat=data["seat"], name=data["name"])
        for key, value in data.items():
            if key in ("seat", "name"):
                continue
            if not hasattr(player, key):
                raise ValueError(f"unknown player field {key!r}")
            setattr(player, key, value)
        return player

    def copy(self) -> Player:
        """An independent copy: it shares every container, as they are replaced, never changed
        (see ``explore``, ``settle``, ``develop``…): copying a player is copying its fields. The
        kept readings of its abilities are shared, and added to, only while both players have
        the same tiles (see ``tiles_changed``)."""
        clone = object.__new__(Player)
        clone.__dict__ = self.__dict__.copy()
        return clone


def kind_name(kind: int) -> str:
    return Kind(kind).label
