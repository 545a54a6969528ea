"""Immutable card definitions for Race for the Galaxy: cards, their powers and end-game scoring.

The definitions are loaded once from ``data/cards.toml`` (see ``cards.py``) and never change
during a game. A card's powers are data, not code: ``Power(phase, code, ...parameters)``, where
``phase`` says when the power works and ``code`` is a word from a small, closed vocabulary
(``CODES``). The future rules engine interprets each code in one place, so a corrected card
rarely needs new code. The idea follows the card file of Keldon Jones's Race for the Galaxy AI
(a phase, a power code, a value and a number of times per power); the names and the shape here
are our own. The vocabulary itself (``CODES``, ``PARAMETERS``) is in ``vocabulary.py``.

End-game VP of the 6-cost developments are data as well: a list of ``ScoringTerm``, tested in
order, each tableau card scoring for the first term it matches (rules §17).

General conventions of the vocabulary (rules §13), so that they need no parameter:

- Every power is mandatory when it can be used, unless ``optional`` is true (the card says "may").
- A card's powers work from the phase after the one in which it was placed.
- Settle cost reductions apply to non-military worlds (and to a pay-for-military placement);
  every reduction stops at 0.
- Each Consume power is used at most once per Consume phase; ``times`` is how many goods (or
  hand cards) that one use takes.

The data holds three card sets that are played as cumulative levels (``LEVELS``): the base game,
base + The Gathering Storm, base + TGS + Rebel vs Imperium. A card names the set it comes with
and its copies per level (``Card.counts``); ``CardSet.at_level`` gives the cards one game plays
with. Codes and fields that only expansion cards use refer to Part B of the rules (§B…).
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property

from nfgalaxy.games.race.identity import LEVELS as LEVELS

LEVEL_NAMES: Mapping[str, str] = {
    "base": "base game",
    "tgs": "base + The Gathering Storm",
    "rvi": "base + The Gathering Storm + Rebel vs Imperium",
}


class CardKind(enum.Enum):
    """What a card is when placed: a world (Settle) or a development (Develop)."""

    __hash__ = object.__hash__

    WORLD = "world"
    DEVELOPMENT = "development"


class GoodKind(enum.Enum):
    """The four kinds of goods; the value is the word used in the data file (rules §1)."""

    __hash__ = object.__hash__

    NOVELTY = "novelty"
    RARE = "rare"
    GENES = "genes"
    ALIEN = "alien"

    @property
    def trade_value(self) -> int:
        """Cards drawn for selling one good of this kind, before Trade powers (rules §10.1)."""
        return {"novelty": 2, "rare": 3, "genes": 4, "alien": 5}[self.value]

    @property
    def colour(self) -> str:
        """The colour of the world and its good on the printed card (rules §3)."""
        return {"novelty": "blue", "rare": "brown", "genes": "green", "alien": "yellow"}[self.value]

    @property
    def letter(self) -> str:
        """A letter for the kind, so that colour never carries meaning alone."""
        return {"novelty": "N", "rare": "R", "genes": "G", "alien": "A"}[self.value]

    @property
    def label(self) -> str:
        return {"novelty": "Novelty", "rare": "Rare", "genes": "Genes", "alien": "Alien"}[
            self.value
        ]


class GoodsMode(enum.Enum):
    """How a goods world gets its good (rules §3, §9.1, §11)."""

    __hash__ = object.__hash__

    #: Filled circle: receives a good in every Produce phase in which it has none.
    PRODUCTION = "production"
    #: Ring: receives a good when placed; later only through the Produce bonus or powers.
    WINDFALL = "windfall"


class StartColour(enum.Enum):
    """The colour of a start world's number; it splits them for the advanced choice (§5.7)."""

    __hash__ = object.__hash__

    BLUE = "blue"
    RED = "red"


class Keyword(enum.Enum):
    """Card tags that other cards' powers and scoring look at; no effect of their own (§3)."""

    __hash__ = object.__hash__

    REBEL = "rebel"
    IMPERIUM = "imperium"
    ALIEN = "alien"
    UPLIFT = "uplift"
    CHROMOSOME = "chromosome"
    TERRAFORMING = "terraforming"


#: The Trade phase's mark on the screen (the printed card has a coin): Race has no money, and
#: '$' is the other Galaxy games' credits, so selling a good is an exchange, not a price.
TRADE_MARK = "⇄"


class Phase(enum.Enum):
    """When a power works. Trade powers are kept apart from Consume powers because the
    rules tell them apart: they only change the yield of a sale, and they are not Consume
    powers for New Economy (rules §10.1, §17)."""

    __hash__ = object.__hash__

    EXPLORE = "explore"
    DEVELOP = "develop"
    SETTLE = "settle"
    TRADE = "trade"
    CONSUME = "consume"
    PRODUCE = "produce"

    @property
    def numeral(self) -> str:
        """The Roman numeral of the phase; Trade is part of phase IV (rules §6, §10.1)."""
        return {"explore": "I", "develop": "II", "settle": "III", "produce": "V"}.get(
            self.value, "IV"
        )

    @property
    def label(self) -> str:
        return f"Trade ({TRADE_MARK})" if self is Phase.TRADE else self.value.capitalize()


class Counted(enum.Enum):
    """What a scoring term of a 6-cost development counts (rules §17)."""

    __hash__ = object.__hash__

    #: Tableau cards that match the term's filters; each scores for the first matching term.
    CARDS = "cards"
    #: The one named card (by id), if it is in the owner's tableau.
    NAMED_CARD = "named_card"
    #: Every full ``per`` VP the owner holds in chips (rounded down).
    VP_CHIPS = "vp_chips"
    #: Each point of total Military: unconditional modifiers, negatives included (rules §9.3).
    TOTAL_MILITARY = "total_military"
    #: The different good kinds among the owner's worlds (production or windfall), scored by
    #: the term's ``tiers``: tiers[n - 1] VP for n kinds (Galactic Exchange, cards.md D).
    GOOD_KINDS = "good_kinds"


def power_key(card_id: str, index: int) -> str:
    """A power's name in the state: the card and the power's place on it."""
    return f"{card_id}#{index}"


@dataclass(frozen=True)
class Power:
    """One power of a card: ``phase`` and ``code`` say what it does, the rest qualifies it.

    ``text`` is the card's wording from the data file, for people; the engine reads the codes.
    """

    phase: Phase
    code: str
    text: str
    value: int = 0
    times: int = 0
    goods: GoodKind | None = None
    vp: int = 0
    cards: int = 0
    rebel: bool = False
    temporary: bool = False
    discard_self: bool = False
    not_alien: bool = False
    this_world: bool = False
    different_kinds: bool = False
    trade_powers: bool = False
    optional: bool = False
    keyword: Keyword | None = None
    imperium: bool = False
    military_worlds: bool = False
    other_world: bool = False
    per_other: int = 0

    @property
    def specialized(self) -> bool:
        """Settle Military that does not count in total Military: conditional or temporary."""
        return self.code == "military" and (self.goods is not None or self.rebel or self.temporary)

    @property
    def consumes_goods(self) -> bool:
        """Whether this power takes goods: what seed 004's count of goods consumers counts."""
        return self.phase is Phase.CONSUME and self.code in GOODS_CONSUMING_CODES


#: Consume codes that take goods (selling during Consume does: the good is discarded).
GOODS_CONSUMING_CODES = frozenset(
    {"discard_goods", "discard_goods_set", "discard_all_goods", "sell"}
)


@dataclass(frozen=True)
class ScoringTerm:
    """One line of a 6-cost development's end-game scoring: ``vp`` per thing counted.

    For ``Counted.CARDS`` the filters narrow the tableau cards counted; a filter left at None
    does not narrow. ``power_phase`` matches cards with at least one power in that phase.
    """

    vp: int
    counts: Counted
    text: str
    card: str | None = None
    kind: CardKind | None = None
    military: bool | None = None
    goods: GoodKind | None = None
    goods_mode: GoodsMode | None = None
    keyword: Keyword | None = None
    cost: int | None = None
    power_phase: Phase | None = None
    per: int = 1
    #: ``Counted.GOOD_KINDS`` only: VP for 1, 2, 3, 4 different kinds.
    tiers: tuple[int, ...] = ()

    def matches(self, card: Card) -> bool:
        """Whether ``card`` in the owner's tableau is counted by this term (before the
        first-match rule of §17). Chips and total Military are not cards: never."""
        if self.counts is Counted.NAMED_CARD:
            return card.id == self.card
        if self.counts is not Counted.CARDS:
            return False
        checks = (
            (self.kind, card.kind),
            (self.military, card.military if card.is_world else None),
            (self.goods, card.goods),
            (self.goods_mode, card.goods_mode),
            (self.cost, card.cost),
        )
        if any(wanted is not None and wanted != found for wanted, found in checks):
            return False
        if self.keyword is not None and self.keyword not in card.keywords:
            return False
        return self.power_phase is None or card.has_power_in(self.power_phase)


@dataclass(frozen=True)
class Card:
    """One card design; ``count`` copies of it are in the deck.

    ``cost`` is set for developments and non-military worlds, ``defense`` for military worlds.
    ``vp`` is None for the 6-cost developments with variable VP (they have ``scoring``).
    ``source`` names the row of the shared card facts file the card was transcribed from.

    ``set`` is the set the card comes with; ``counts`` says how many copies each level from
    there on plays, as (level, copies) pairs where the number changes (Contact Specialist:
    ``(("base", 2), ("tgs", 3))``; the base Gambling World leaves at RvI: ``("rvi", 0)``).
    ``count`` is the copies of the level of the ``CardSet`` holding the card; in the whole
    data (no level) it is the most copies any level plays.
    """

    id: str
    name: str
    kind: CardKind
    set: str
    count: int
    source: str
    cost: int | None = None
    defense: int | None = None
    vp: int | None = None
    military: bool = False
    goods: GoodKind | None = None
    goods_mode: GoodsMode | None = None
    start_number: int | None = None
    start_colour: StartColour | None = None
    keywords: frozenset[Keyword] = frozenset()
    powers: tuple[Power, ...] = ()
    scoring: tuple[ScoringTerm, ...] = ()
    note: str = ""
    counts: tuple[tuple[str, int], ...] = ()
    #: Pan-Galactic Research: the owner's hand limit at the end of a round (§12.1).
    hand_limit: int | None = None
    #: Hidden Fortress: the owner ends the game at this many tableau cards, not 12 (§16).
    game_end: int | None = None
    #: Ancient Race: its owner keeps this many of the initial 6 cards, not 4 (§B4.2).
    start_keep: int | None = None
    #: Damaged Alien Factory: a production world that produces only by its
    #: ``discard_to_produce`` power, never in the ordinary way (§11).
    no_production: bool = False

    def count_at(self, level: str) -> int:
        """Copies at ``level`` (one of ``LEVELS``): 0 before the card's set or once it left."""
        copies = 0
        for step, number in self.counts or ((self.set, self.count),):
            if LEVELS.index(step) <= LEVELS.index(level):
                copies = number
        return copies

    @property
    def is_world(self) -> bool:
        return self.kind is CardKind.WORLD

    @property
    def is_development(self) -> bool:
        return self.kind is CardKind.DEVELOPMENT

    @property
    def is_start_world(self) -> bool:
        return self.start_number is not None

    @property
    def placement_cost(self) -> int:
        """The number printed in the cost circle: cost, or defense for a military world."""
        return self.defense if self.defense is not None else (self.cost or 0)

    @property
    def variable_vp(self) -> bool:
        """A "?" in the VP hexagon: VP come from the scoring terms at game end (rules §17)."""
        return self.vp is None

    def powers_in(self, phase: Phase) -> tuple[Power, ...]:
        """This card's powers of one phase, in printed order."""
        return tuple(power for power in self.powers if power.phase is phase)

    def has_power_in(self, phase: Phase) -> bool:
        return any(power.phase is phase for power in self.powers)

    @cached_property
    def keyed_powers(self) -> dict[Phase, tuple[tuple[str, Power], ...]]:
        """The powers by phase, each with its key in the state ("card#index"), in printed
        order: the engine asks a tableau for its powers of a phase at every step, and a search
        plays hundreds of thousands of steps a decision."""
        by_phase: dict[Phase, list[tuple[str, Power]]] = {}
        for index, power in enumerate(self.powers):
            by_phase.setdefault(power.phase, []).append((power_key(self.id, index), power))
        return {phase: tuple(keyed) for phase, keyed in by_phase.items()}

    @property
    def military_bonus(self) -> int:
        """The card's fixed share of total Military: unconditional Settle Military (rules
        §9.3). Military per military world (Hidden Fortress, ``military_worlds``) is also
        unconditional but depends on the tableau, so it is not in this number."""
        return sum(
            p.value
            for p in self.powers_in(Phase.SETTLE)
            if p.code == "military" and not p.specialized and not p.military_worlds
        )

    def military_with(self, military_worlds: int) -> int:
        """The card's share of total Military in a tableau holding ``military_worlds``
        military worlds (this card included, if it is one): ``military_bonus`` plus Military
        per military world (§B7: Hidden Fortress counts in total Military)."""
        per_world = sum(
            p.value
            for p in self.powers_in(Phase.SETTLE)
            if p.code == "military" and p.military_worlds
        )
        return self.military_bonus + per_world * military_worlds


@dataclass(frozen=True)
class CardSet:
    """Every card design of the game, by id in file order, with the lookups the engine needs."""

    cards: Mapping[str, Card]
    source: str = ""
    #: The level these cards are played at (``at_level``); None for the whole data, where two
    #: designs may share a name (the base and the RvI Gambling World).
    level: str | None = None
    _by_name: Mapping[str, Card | None] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_name: dict[str, Card | None] = {}
        for card in self.cards.values():
            by_name[card.name] = None if card.name in by_name else card
        object.__setattr__(self, "_by_name", by_name)

    def at_level(self, level: str) -> CardSet:
        """The cards one game at ``level`` plays, each with that level's copies; the same set
        when it is already of that level. ``ValueError`` for an unknown level, or one whose
        cards this set does not hold (a card file replacing the whole set with base cards)."""
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}: one of {', '.join(LEVELS)}")
        if level == self.level:
            return self
        if self.level is not None or level not in self.levels:
            raise ValueError(f"these cards cannot be played at level {level!r}")
        cards = {
            card_id: replace(card, count=card.count_at(level))
            for card_id, card in self.cards.items()
            if card.count_at(level) > 0
        }
        return CardSet(cards=cards, source=self.source, level=level)

    @property
    def levels(self) -> tuple[str, ...]:
        """The levels this set can be played at: up to the last set it has cards of."""
        if self.level is not None:
            return (self.level,)
        present = {card.set for card in self.cards.values()}
        last = max((LEVELS.index(name) for name in present), default=0)
        return LEVELS[: last + 1]

    def __getitem__(self, card_id: str) -> Card:
        return self.cards[card_id]

    def __len__(self) -> int:
        """The number of designs (a design with two copies counts once)."""
        return len(self.cards)

    def by_name(self, name: str) -> Card:
        """The card with this English name; ``KeyError`` if there is none, or (in the whole
        data, without a level) if two designs have it."""
        card = self._by_name[name]
        if card is None:
            raise KeyError(f"{name!r} names two designs; look it up at a level")
        return card

    @property
    def designs(self) -> tuple[Card, ...]:
        return tuple(self.cards.values())

    @property
    def start_worlds(self) -> tuple[Card, ...]:
        """The start worlds, by start number."""
        found = (card for card in self.cards.values() if card.is_start_world)
        return tuple(sorted(found, key=lambda card: card.start_number or 0))

    @property
    def game_cards(self) -> tuple[Card, ...]:
        """Designs that are not start worlds."""
        return tuple(card for card in self.cards.values() if not card.is_start_world)

    def copies(self) -> Counter[str]:
        """Copies per card id."""
        return Counter({card.id: card.count for card in self.cards.values()})

    def deck(self) -> tuple[Card, ...]:
        """Every physical card, start worlds included, each design repeated ``count`` times.

        This is the whole box; setup deals the start worlds and shuffles the unused ones into
        the game cards (rules §5).
        """
        return tuple(card for card in self.cards.values() for _ in range(card.count))

    @property
    def total(self) -> int:
        """The number of physical cards."""
        return sum(card.count for card in self.cards.values())
