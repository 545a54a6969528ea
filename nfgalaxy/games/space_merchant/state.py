"""The mutable, serialisable parts of a Space Merchant game: the players and the turn.

Everything is plain data (strings, ints, lists, dicts), so a save is a straight dump and a
loaded state equals the saved one. Component definitions (board, cultures, markers) stay in the
pack; here they are named by id: a goods marker is ``"<good id>#<n>"``, a demand or fare by its
content id, a ?-marker by its id, a relic by its ``Relic`` value, equipment by its
``EquipmentKind`` value. Rule references (§n) are to ``shared/rules/space-merchant.md``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, TypeVar

#: Starting cash per player in the game (§2.2): $20 × the number of players.
CASH_PER_PLAYER = 20
#: Each shield takes this much off every penalty (§5.7).
SHIELD_DISCOUNT = 20
#: The Auto Pilot's unrolled die (§5.2, §9).
AUTO_PILOT_DIE = 4


@dataclass
class Player:
    """One merchant: ship, money, what the ship carries and what the player privately knows.

    ``known_cultures`` maps a system to the culture its face-down IOU shows, for systems this
    player observed (§6); ``known_markers`` maps a ?-box to the face-down marker Spy Eye let it
    see (§9). Both are private: views hide them from the other seats.
    """

    seat: int
    name: str
    species: str = ""
    ship: str = "scout"
    cash: int = 0
    space: str = ""
    equipment: list[str] = field(default_factory=list)
    relics: list[str] = field(default_factory=list)
    cargo: list[str] = field(default_factory=list)
    ious: list[str] = field(default_factory=list)
    deeds: list[str] = field(default_factory=list)
    known_cultures: dict[str, str] = field(default_factory=dict)
    known_markers: dict[str, str] = field(default_factory=dict)

    def copy(self) -> Player:
        return _copied(self)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @staticmethod
    def from_json(data: dict[str, Any]) -> Player:
        """A player from ``to_json``; ``KeyError``/``TypeError`` for a damaged entry."""
        p = Player(int(data["seat"]), str(data["name"]))
        for key in ("species", "ship", "space"):
            setattr(p, key, str(data[key]))
        p.cash = int(data["cash"])
        for key in ("equipment", "relics", "cargo", "ious", "deeds"):
            setattr(p, key, [str(x) for x in data[key]])
        for key in ("known_cultures", "known_markers"):
            setattr(p, key, {str(k): str(v) for k, v in dict(data[key]).items()})
        return p


@dataclass
class Turn:
    """The turn being played (§4, §5): what was declared, the dice, and where the move stands.

    ``skip`` holds the colours the active drives skip (§5.8). ``declared`` is the first space
    named before rolling (§5.1), ``jump_target`` the telegate named for Jump Start. ``pilot`` is
    0 until a pilot number is fixed (§5.9). ``previous`` is the space just left, for the rule of
    no reversing (§5.4); ``traversed`` the links taken, as ``"a>b"``, for its strict option.
    ``real_steps`` counts steps into spaces that cost MP: the first one must match the
    declaration. ``penalty_pending`` is set on entering a penalty space with MP left, and
    ``penalty_due`` is its effective penalty: the player pays it or stops (§5.7).

    Trading (§7): ``credit`` is the pool of trade-in and IOU value, spendable on purchases until
    the turn ends (§7.2, §13 item 5). ``purchases`` and ``sales`` count the purchases and the
    sales or trade-ins, and ``iou_redeemed`` the IOU, for a city's limits on a landing turn
    (§7.1). ``new_cargo``, ``new_equipment`` and ``new_relics`` hold what was acquired this turn:
    it must not be jettisoned (or a relic put down) before the turn ends (§7.12). ``declined``
    holds the proposals other players declined this turn: none is made again (§7.12);
    ``withdrawn`` the proposals begun and then not made (``players_trade.withdrawal_key``):
    else a turn could go round in proposals begun and withdrawn for ever.
    """

    seat: int
    start: str
    moving: bool = False
    skip: list[str] = field(default_factory=list)
    gate_lock: bool = False
    auto_pilot: bool = False
    jump_target: str = ""
    declared: str = ""
    dice: list[int] = field(default_factory=list)
    mulligan_used: bool = False
    mp: int = 0
    pilot: int = 0
    previous: str = ""
    path: list[str] = field(default_factory=list)
    traversed: list[str] = field(default_factory=list)
    real_steps: int = 0
    penalty_pending: bool = False
    penalty_due: int = 0
    landed: bool = False
    stayed: bool = False
    credit: int = 0
    purchases: int = 0
    sales: int = 0
    iou_redeemed: bool = False
    new_cargo: list[str] = field(default_factory=list)
    new_equipment: list[str] = field(default_factory=list)
    new_relics: list[str] = field(default_factory=list)
    declined: list[str] = field(default_factory=list)
    withdrawn: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @staticmethod
    def from_json(data: dict[str, Any]) -> Turn:
        t = Turn(int(data["seat"]), str(data["start"]))
        for key in (
            "moving",
            "gate_lock",
            "auto_pilot",
            "mulligan_used",
            "penalty_pending",
            "landed",
            "stayed",
            "iou_redeemed",
        ):
            setattr(t, key, bool(data[key]))
        for key in ("jump_target", "declared", "previous"):
            setattr(t, key, str(data[key]))
        for key in ("mp", "pilot", "real_steps", "penalty_due", "credit", "purchases", "sales"):
            setattr(t, key, int(data[key]))
        t.dice = [int(d) for d in data["dice"]]
        for key in (
            "skip",
            "path",
            "traversed",
            "new_cargo",
            "new_equipment",
            "new_relics",
            "declined",
        ):
            setattr(t, key, [str(x) for x in data[key]])
        t.withdrawn = [str(x) for x in data.get("withdrawn", [])]  # (not in older states)
        return t

    def copy(self) -> Turn:
        return _copied(self)


_Record = TypeVar("_Record", Player, Turn)


def _copied(record: _Record) -> _Record:
    """An independent copy of a player or a turn: its fields are plain values and lists or
    dicts of them, so copying each container is a whole copy. A search copies the state for
    every world it plays, so this goes straight to the fields instead of through the JSON
    round trip (which took about a tenth of a Space Merchant world)."""
    other = object.__new__(type(record))
    other.__dict__ = {
        key: value.copy() if isinstance(value, list | dict) else value
        for key, value in record.__dict__.items()
    }
    return other
