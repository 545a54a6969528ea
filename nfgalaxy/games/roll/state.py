"""The mutable, serialisable parts of a Roll for the Galaxy game: each player's dice and tiles.

Everything is plain data (ints, strings, lists, dicts) so ``to_json`` is a straight dump and a
loaded state equals the saved one. Dice are identified by colour word (``"white"``…), faces and
columns by their words (``"explore"``…, ``"wild"``); component definitions stay in
``components.py``. Rule references (§n) are to ``shared/rules/roll-for-the-galaxy.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from nfgalaxy.games.roll.components import DieColour, Phase

COLOURS: tuple[str, ...] = tuple(c.value for c in DieColour)
PHASES: tuple[str, ...] = tuple(p.value for p in Phase)
CREDIT_CAP = 10  # §3: any excess over 10 is lost at once
VP_PER_PLAYER = 12  # §4 step 2
TABLEAU_END = 12  # §9.2
DEV = "development"
WORLD = "world"
STACKS = (DEV, WORLD)


def no_dice() -> dict[str, int]:
    return dict.fromkeys(COLOURS, 0)


@dataclass
class Player:
    """One player's empire.

    ``workers`` are the dice rolled this round and now on the phase strip: each is a dict
    ``{"id", "colour", "face", "column"}`` (column ``""`` for a wild die not yet placed). The
    selection die is the worker whose id is ``selector``; ``selected`` is its phase. The stacks
    list side ids, top first; the dice lying on top of each stack are in ``stack_dice``.

    The tableau and the short lists of a round (``dictated``, ``used_powers``, ``virtual``,
    ``drawn``, ``scouted``, ``rearranged``) are replaced when they change, never changed in
    place: copies made for search share them (a copy of a player was a fifth of a search
    copy's time; most of these lists are empty).
    """

    seat: int
    name: str
    faction: str = ""
    home: str = ""
    cup: dict[str, int] = field(default_factory=no_dice)
    citizenry: dict[str, int] = field(default_factory=no_dice)
    workers: list[dict[str, Any]] = field(default_factory=list)
    selector: int = -1
    selected: str = ""
    dictated: list[str] = field(default_factory=list)
    used_powers: list[str] = field(default_factory=list)  # reassign powers used this round
    assigned: bool = False  # finished the Assign step this round
    stacks: dict[str, list[str]] = field(default_factory=lambda: {DEV: [], WORLD: []})
    stack_dice: dict[str, list[str]] = field(default_factory=lambda: {DEV: [], WORLD: []})
    tableau: list[str] = field(default_factory=list)  # side ids: faction halves, home, completed
    goods: dict[str, list[str]] = field(default_factory=dict)  # world id -> good dice colours
    credits: int = 1
    vp: int = 0  # VP chips
    virtual: list[str] = field(default_factory=list)  # virtual workers of the current phase
    drawn: list[str] = field(default_factory=list)  # game tiles drawn, waiting to be placed
    owed: int = 0  # tiles still to draw after the bag ran dry (§7.1)
    discards: int = 0  # tiles discarded before the current scout
    scouted: list[str] = field(default_factory=list)  # colours of explorers that scouted
    rearranged: list[str] = field(default_factory=list)  # tiles moved since the last explorer
    top_allowed: bool = True  # scouted tiles may go on top (Improved Reconnaissance)
    #: The powers of the tableau by timing (``powers.tableau_powers``): derived, never saved,
    #: shared by copies (it is replaced, never changed, when the tableau grows).
    powers_index: Any = field(default=None, repr=False, compare=False)

    # ------------------------------------------------------------------ counts

    def column(self, phase: str) -> list[dict[str, Any]]:
        """The workers in a phase's column, the selection die included."""
        return [w for w in self.workers if w["column"] == phase]

    def worker(self, worker_id: int) -> dict[str, Any]:
        for w in self.workers:
            if w["id"] == worker_id:
                return w
        raise KeyError(worker_id)

    def tableau_count(self) -> int:
        """Tiles in the tableau; the faction's two halves count as two (§9.2)."""
        return len(self.tableau)

    def construction_count(self) -> int:
        return len(self.stacks[DEV]) + len(self.stacks[WORLD])

    def goods_count(self) -> int:
        return sum(len(g) for g in self.goods.values())

    def dice_owned(self) -> dict[str, int]:
        """Every die of this player not in the supply, by colour (§8.8)."""
        owned = dict(self.cup)
        for colour, n in self.citizenry.items():
            owned[colour] += n
        for w in self.workers:
            owned[w["colour"]] += 1
        for colour in self.dictated:
            owned[colour] += 1
        for dice in self.stack_dice.values():
            for colour in dice:
                owned[colour] += 1
        for dice in self.goods.values():
            for colour in dice:
                owned[colour] += 1
        return owned

    # ------------------------------------------------------------------ serialisation

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "name": self.name,
            "faction": self.faction,
            "home": self.home,
            "cup": dict(self.cup),
            "citizenry": dict(self.citizenry),
            "workers": [dict(w) for w in self.workers],
            "selector": self.selector,
            "selected": self.selected,
            "dictated": list(self.dictated),
            "used_powers": list(self.used_powers),
            "assigned": self.assigned,
            "stacks": {k: list(v) for k, v in self.stacks.items()},
            "stack_dice": {k: list(v) for k, v in self.stack_dice.items()},
            "tableau": list(self.tableau),
            "goods": {k: list(v) for k, v in self.goods.items()},
            "credits": self.credits,
            "vp": self.vp,
            "virtual": list(self.virtual),
            "drawn": list(self.drawn),
            "owed": self.owed,
            "discards": self.discards,
            "scouted": list(self.scouted),
            "rearranged": list(self.rearranged),
            "top_allowed": self.top_allowed,
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> Player:
        player = Player(seat=int(data["seat"]), name=str(data["name"]))
        for key, value in data.items():
            if key in ("seat", "name"):
                continue
            if not hasattr(player, key):
                raise ValueError(f"unknown player field {key!r}")
            setattr(player, key, value)
        return player

    def copy(self) -> Player:
        """An independent copy (bots copy states thousands of times: no JSON round trip).
        The containers changed in place are copied one level down, worker dicts too; the
        lists that are replaced, never changed, are shared (see the class)."""
        other = Player.__new__(Player)
        d = self.__dict__.copy()
        d["cup"] = self.cup.copy()
        d["citizenry"] = self.citizenry.copy()
        d["workers"] = [w.copy() for w in self.workers]
        stacks, dice = self.stacks, self.stack_dice
        d["stacks"] = {DEV: stacks[DEV][:], WORLD: stacks[WORLD][:]}
        d["stack_dice"] = {DEV: dice[DEV][:], WORLD: dice[WORLD][:]}
        d["goods"] = {k: v[:] for k, v in self.goods.items()}
        other.__dict__ = d
        return other
