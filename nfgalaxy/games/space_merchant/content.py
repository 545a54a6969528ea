"""Space Merchant content: cultures and their goods, bonus markers, ships, equipment, ?-markers
and deeds (rules §2.3–§2.9) — immutable definitions, fixed for a whole game.

Cultures are named by their ID ("1a", "10"); goods, demands and fares refer to cultures by ID,
and Galactic Base is ``BASE`` where a fare starts or ends. Where a culture lives is hidden
(IOUs are shuffled into the habitable systems at setup, §3.1), so nothing here ties a culture to
a system; spaceport deeds name orbit sites of the board instead, and whoever lives there sells
them (§7.9, §13 item 7).

Content comes from the generator (``contentgen.py``) or from a pack file (``contentfile.py``),
and ``contentcheck.check_content`` says whether it is playable with a board.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from nfgalaxy.games.space_merchant.board import Colour

#: The label every generated content set carries, next to its seed (§15.5.2).
GENERATED_CONTENT_LABEL = "Generated content — not the published cultures and markers"
#: Galactic Base where a fare starts or ends; it is no culture and is known from the start.
BASE = "base"
#: The culture IDs of the published structure (§15.2): numbers 1–10, some split a/b.
CULTURE_IDS = ("1a", "1b", "2", "3", "4a", "4b", "5", "6", "7a", "7b", "8", "9a", "9b", "10")
CULTURE_ID = re.compile(r"([1-9][0-9]?)([a-z]?)")
#: Deed prices and the colour of the deed that prints them, for net worth (§2.8, §11).
DEED_COLOURS = MappingProxyType({100: "orange", 200: "purple"})


def id_number(culture_id: str) -> int:
    """The number of a culture ID: ``"4a"`` → 4. Buyer lists follow the numbers (§15.2)."""
    match = CULTURE_ID.fullmatch(culture_id)
    if match is None:
        raise ValueError(f"{culture_id!r} is not a culture ID")
    return int(match.group(1))


class Science(enum.Enum):
    """A culture's technology class: it decides which equipment and ships it sells (§2.3)."""

    __hash__ = object.__hash__

    BIOENGINEERS = "bioengineers"
    METAPHYSICS = "metaphysics"
    PRIMITIVES = "primitives"
    INDUSTRY = "industry"
    TECHNOLOGY = "technology"

    @property
    def letter(self) -> str:
        """The science's glyph in text, so that colour never carries meaning alone."""
        return {"metaphysics": "M", "primitives": "P"}.get(self.value, self.value[0].upper())


class EquipmentKind(enum.Enum):
    """Equipment kept in the bank (§2.6); lasers and nova balls are for the combat version."""

    __hash__ = object.__hash__

    YELLOW_DRIVE = "yellow_drive"
    RED_DRIVE = "red_drive"
    COMBINED_DRIVE = "combined_drive"
    SHIELD = "shield"
    LASER = "laser"
    NOVA_BALL = "nova_ball"

    @property
    def skips(self) -> frozenset[Colour]:
        """The colours of space a drive of this kind skips (§5.8); none for other equipment."""
        return {
            "yellow_drive": frozenset({Colour.YELLOW}),
            "red_drive": frozenset({Colour.RED}),
            "combined_drive": frozenset({Colour.YELLOW, Colour.RED}),
        }.get(self.value, frozenset())


class Relic(enum.Enum):
    """The relics of the old empire, found under ?-markers (§9). Each is unique."""

    __hash__ = object.__hash__

    JUMP_START = "jump_start"
    GATE_LOCK = "gate_lock"
    YELLOW_DRIVE = "yellow_drive"
    SWITCH_SWITCH = "switch_switch"
    SHIELD = "shield"
    AUTO_PILOT = "auto_pilot"
    SPY_EYE = "spy_eye"
    AIR_FOIL = "air_foil"
    MULLIGAN_GEAR = "mulligan_gear"
    LASER = "laser"


class MarkerKind(enum.Enum):
    """What a ?-marker turns out to be when revealed (§2.9, §5.11)."""

    __hash__ = object.__hash__

    TELEGATE = "telegate"
    OPEN_SPACEPORT = "open_spaceport"
    PENALTY = "penalty"
    RELIC = "relic"


@dataclass(frozen=True)
class Culture:
    """An alien civilisation (§2.3): its science, IOU value, factory deed price and the
    cultures that buy its goods (main and factory goods share the list, §15.2)."""

    id: str
    name: str
    science: Science
    iou: int
    factory_deed: int
    buyers: tuple[str, ...]


@dataclass(frozen=True)
class Good:
    """A kind of goods marker (§2.4): sold by ``culture`` at ``buy``, bought by ``buyers`` at
    ``sell``; ``count`` markers exist. Factory goods are available once a factory is built."""

    id: str
    name: str
    culture: str
    buy: int
    sell: int
    buyers: tuple[str, ...]
    count: int
    factory: bool = False


@dataclass(frozen=True)
class Demand:
    """A demand bonus marker (§2.5): ``culture`` (its back) pays ``bonus`` on a sale of
    ``good`` to it."""

    id: str
    culture: str
    good: str
    bonus: int


@dataclass(frozen=True)
class Fare:
    """A fare bonus marker (§2.5): a passenger from ``origin`` (its back) to ``destination``;
    either may be ``BASE``."""

    id: str
    origin: str
    destination: str
    fare: int


@dataclass(frozen=True)
class ShipType:
    """A ship card (§2.7). ``hull`` is None where the printed hull load is unknown (§14 item 9:
    the first shield of each kind then rides free, §8). ``cards`` is None where the number of
    cards in the box is unknown (treated as unlimited)."""

    id: str
    name: str
    cost: int
    trade_in: int
    dice: int
    holds: int
    sold_by: frozenset[Science]
    sold_at_base: bool = False
    hull: int | None = None
    cards: int | None = None


@dataclass(frozen=True)
class Equipment:
    """An equipment marker type in the bank (§2.6): its cost, the science that sells it
    (None: no culture sells it) and how many markers there are."""

    kind: EquipmentKind
    name: str
    cost: int
    sold_by: Science | None
    markers: int
    combat_only: bool = False

    @property
    def id(self) -> str:
        return self.kind.value


@dataclass(frozen=True)
class QMarker:
    """One ?-marker (§2.9): a telegate ``telegate``, an open spaceport, a penalty of ``colour``
    and ``penalty`` dollars, or ``relic`` with its printed ``value``."""

    id: str
    kind: MarkerKind
    telegate: int | None = None
    colour: Colour | None = None
    penalty: int = 0
    relic: Relic | None = None
    value: int = 0
    combat_only: bool = False


@dataclass(frozen=True)
class SpaceportDeed:
    """The right to build a spaceport on one orbit site (§2.8), sold by the culture living in
    the site's system."""

    site: str
    cost: int


@dataclass(frozen=True)
class Content:
    """Everything but the board that a game is played with.

    ``species`` are the culture IDs a player may belong to; a player pays ``deed_discount``
    percent of a deed's price when buying it from their own species (§7.9). ``starting_ship``
    is the ship type every player starts with (§2.2).
    """

    label: str
    cultures: tuple[Culture, ...]
    goods: tuple[Good, ...]
    demands: tuple[Demand, ...]
    fares: tuple[Fare, ...]
    ships: tuple[ShipType, ...]
    equipment: tuple[Equipment, ...]
    qmarkers: tuple[QMarker, ...]
    spaceport_deeds: tuple[SpaceportDeed, ...]
    species: tuple[str, ...]
    seed: int | None = None
    deed_discount: int = 80
    starting_ship: str = "scout"
    _culture: Mapping[str, Culture] = field(init=False, repr=False, compare=False)
    _good: Mapping[str, Good] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        cultures: dict[str, Culture] = {}
        for culture in self.cultures:
            cultures.setdefault(culture.id, culture)
        goods: dict[str, Good] = {}
        for good in self.goods:
            goods.setdefault(good.id, good)
        object.__setattr__(self, "_culture", MappingProxyType(cultures))
        object.__setattr__(self, "_good", MappingProxyType(goods))

    def culture(self, culture_id: str) -> Culture:
        try:
            return self._culture[culture_id]
        except KeyError:
            raise KeyError(f"no culture {culture_id!r} in this content") from None

    def has_culture(self, culture_id: str) -> bool:
        return culture_id in self._culture

    def good(self, good_id: str) -> Good:
        try:
            return self._good[good_id]
        except KeyError:
            raise KeyError(f"no good {good_id!r} in this content") from None

    def has_good(self, good_id: str) -> bool:
        return good_id in self._good

    def goods_of(self, culture_id: str, *, factory: bool = False) -> tuple[Good, ...]:
        """The main goods (or the factory goods) a culture sells."""
        return tuple(g for g in self.goods if g.culture == culture_id and g.factory == factory)

    @property
    def bonus_markers(self) -> int:
        """How many markers the cup holds at the start (§2.5, §7.10)."""
        return len(self.demands) + len(self.fares)

    def qmarkers_in_play(self, combat: bool = False) -> tuple[QMarker, ...]:
        """The ?-marker pool shuffled onto the ?-boxes: combat-only markers only in the combat
        version (§3.1 step 3)."""
        return tuple(m for m in self.qmarkers if combat or not m.combat_only)

    def equipment_in_play(self, combat: bool = False) -> tuple[Equipment, ...]:
        return tuple(e for e in self.equipment if combat or not e.combat_only)
