"""The cross-check tables of the card facts file, computed from loaded card data.

The shared facts file (``shared/data/race-for-the-galaxy-cards.md``) reconciles the card data
with the statistics printed in the German base-game rulebook (seed 004, "Über die Karten"):
cards per cost and defense, windfall and production worlds per good kind, who gives Military,
who consumes goods, and so on. The functions here compute the same tables from whatever card
set is loaded, so the tests can compare them with the file's numbers and a slip in the data
shows up as a wrong count rather than as a strange game.

``check`` holds the counts the rulebooks and the facts file state for the components of each
level (base: rules §2; base + TGS: the facts file's "Card counts" table; base + TGS + RvI: rules
§B3, seed 001's cost/defense table). Every loaded set must meet them at every level it reaches,
so that a typo in an owner's correction cannot quietly change the game; it returns readable
problems with the numbers. The table functions take one level's ``CardSet`` (``at_level``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from nfgalaxy.games.race.components import (
    Card,
    CardSet,
    GoodKind,
    GoodsMode,
    Keyword,
    Phase,
)
from nfgalaxy.games.race.vocabulary import CODES

#: Stated by seed 004 (rules §2): start worlds 0–4, 59 worlds and 50 developments besides.
START_NUMBERS = (0, 1, 2, 3, 4)
GAME_WORLDS = 59
DEVELOPMENTS = 50
TOTAL = 114
#: 12 six-cost developments, one copy each; 19 other developments, two copies each.
SIX_COST_DEVELOPMENTS = 12
OTHER_DEVELOPMENT_DESIGNS = 19
#: Developments by cost 1–6, stated by seed 004 and met by the data.
DEVELOPMENT_COSTS: Mapping[int, int] = {1: 12, 2: 12, 3: 4, 4: 8, 5: 2, 6: 12}
#: Designs × copies of the whole data: 180 played at RvI + the base Gambling World it retires.
ACCOUNTED_FOR = 181


@dataclass(frozen=True)
class LevelCounts:
    """The component counts a source states for one level; empty tables are not stated."""

    start_numbers: tuple[int, ...]
    game_worlds: int
    developments: int
    total: int
    six_cost: int
    development_costs: Mapping[int, int] = field(default_factory=dict)
    non_military_costs: Mapping[int, int] = field(default_factory=dict)
    military_defenses: Mapping[int, int] = field(default_factory=dict)


#: Base: seed 004 (rules §2). TGS: the facts file's "Card counts" (4 start worlds 5–8, 10
#: worlds, 8 developments: 22 cards, 136 in all). RvI: seed 001 (rules §B3): 180 cards, 80
#: developments, 62 non-military and 38 military worlds by cost and defense.
LEVEL_COUNTS: Mapping[str, LevelCounts] = {
    "base": LevelCounts(
        START_NUMBERS, GAME_WORLDS, DEVELOPMENTS, TOTAL, SIX_COST_DEVELOPMENTS, DEVELOPMENT_COSTS
    ),
    "tgs": LevelCounts(tuple(range(9)), 69, 58, 136, 15),
    "rvi": LevelCounts(
        tuple(range(12)),
        88,
        80,
        180,
        22,
        {1: 23, 2: 12, 3: 10, 4: 11, 5: 2, 6: 22},
        {0: 3, 1: 11, 2: 17, 3: 15, 4: 5, 5: 6, 6: 4, 7: 1},
        {1: 11, 2: 9, 3: 6, 4: 3, 5: 4, 6: 2, 7: 1, 8: 1, 9: 1},
    ),
}

#: How the facts file groups cards in its statistics: start worlds apart from the rest.
START_WORLD = "start world"
MILITARY_WORLD = "military world"
NON_MILITARY_WORLD = "non-military world"
DEVELOPMENT = "development"


def group(card: Card) -> str:
    """The group the seed's statistics put a card in (start worlds are counted apart)."""
    if card.is_development:
        return DEVELOPMENT
    if card.is_start_world:
        return START_WORLD
    return MILITARY_WORLD if card.military else NON_MILITARY_WORLD


def _copies(cards: Iterable[Card]) -> int:
    return sum(card.count for card in cards)


def _by(cards: Iterable[Card], key: str) -> dict[int, int]:
    """Copies per value of ``key`` (cost or defense), in increasing order."""
    counts: Counter[int] = Counter()
    for card in cards:
        counts[getattr(card, key)] += card.count
    return dict(sorted(counts.items()))


# --- the set ---------------------------------------------------------------------------------


def set_totals(cards: CardSet) -> dict[str, int]:
    """Cards and designs per kind: the facts file's "Card counts" table for one set."""
    designs = cards.designs
    worlds = [card for card in designs if card.is_world]
    developments = [card for card in designs if card.is_development]
    return {
        "start worlds": _copies(cards.start_worlds),
        "worlds": _copies(card for card in worlds if not card.is_start_world),
        "developments": _copies(developments),
        "total": cards.total,
        "designs": len(designs),
        "world designs": len(worlds),
        "development designs": len(developments),
        "six-cost developments": _copies(card for card in developments if card.cost == 6),
    }


def development_costs(cards: CardSet) -> dict[int, int]:
    """Developments (copies) per cost."""
    return _by((card for card in cards.designs if card.is_development), "cost")


def military_defenses(cards: CardSet) -> dict[int, int]:
    """Military worlds (copies) per defense, start worlds included."""
    return _by((card for card in cards.designs if card.is_world and card.military), "defense")


def non_military_costs(cards: CardSet) -> dict[int, int]:
    """Non-military worlds (copies) per cost, start worlds included."""
    found = (card for card in cards.designs if card.is_world and not card.military)
    return _by(found, "cost")


def played_for_cost(cards: CardSet) -> int:
    """Cards placed by paying their cost: developments and non-military worlds."""
    return _copies(card for card in cards.designs if card.cost is not None)


# --- goods -----------------------------------------------------------------------------------


def goods_worlds(cards: CardSet, mode: GoodsMode) -> dict[GoodKind, tuple[int, int]]:
    """Worlds of one goods mode per good kind: (non-military, military), start worlds included.

    Seed 004 prints windfall and production worlds in exactly this form ("Novelty 3 and 3").
    """
    table = {kind: [0, 0] for kind in GoodKind}
    for card in cards.designs:
        if card.goods is not None and card.goods_mode is mode:
            table[card.goods][1 if card.military else 0] += card.count
    return {kind: (pair[0], pair[1]) for kind, pair in table.items()}


def goods_consumers(cards: CardSet) -> dict[str, int]:
    """Cards with a power that consumes goods, by group; start worlds also count as
    non-military worlds, as in the seed ("17 (4 start worlds) and 2, 15")."""
    counts = {NON_MILITARY_WORLD: 0, START_WORLD: 0, MILITARY_WORLD: 0, DEVELOPMENT: 0}
    for card in cards.designs:
        if not any(power.consumes_goods for power in card.powers):
            continue
        where = group(card)
        counts[where] += card.count
        if where == START_WORLD and not card.military:
            counts[NON_MILITARY_WORLD] += card.count
    return counts


def hand_consumers(cards: CardSet) -> dict[str, int]:
    """Cards with a Consume power that discards hand cards for VP: developments and worlds."""
    counts = {"development": 0, "world": 0}
    for card in cards.designs:
        if any(power.code == "discard_hand" for power in card.powers_in(Phase.CONSUME)):
            counts[card.kind.value] += card.count
    return counts


def windfall_producers(cards: CardSet) -> dict[str, int]:
    """Cards that produce on a windfall world: of a stated kind (developments, worlds), or any."""
    counts = {"development, stated kind": 0, "world, stated kind": 0, "any kind": 0}
    for card in cards.designs:
        for power in card.powers_in(Phase.PRODUCE):
            if power.code != "windfall_produce":
                continue
            key = "any kind" if power.goods is None else f"{card.kind.value}, stated kind"
            counts[key] += card.count
    return counts


# --- Military --------------------------------------------------------------------------------


def military_givers(cards: CardSet) -> dict[str, dict[int, int]]:
    """Cards (copies) per group and unconditional Military value, negatives included."""
    table: dict[str, Counter[int]] = {}
    for card in cards.designs:
        for power in card.powers_in(Phase.SETTLE):
            if power.code == "military" and not power.specialized:
                table.setdefault(group(card), Counter())[power.value] += card.count
    return {key: dict(sorted(counts.items())) for key, counts in table.items()}


def negative_military(cards: CardSet) -> int:
    """Cards (copies) with −1 Military or worse."""
    return _copies(card for card in cards.designs if card.military_bonus < 0)


def temporary_military(cards: CardSet) -> dict[int, int]:
    """Cards (copies) per temporary Military value (New Military Tactics: "+3 when discarded")."""
    counts: Counter[int] = Counter()
    for card in cards.designs:
        for power in card.powers_in(Phase.SETTLE):
            if power.code == "military" and power.temporary:
                counts[power.value] += card.count
    return dict(counts)


def specialized_military(cards: CardSet) -> dict[tuple[str, int], list[str]]:
    """Conditional Military: (target, value) → names of the cards giving it.

    The target is "rebel" or a good kind; temporary Military is left out (see above).
    """
    table: dict[tuple[str, int], list[str]] = {}
    for card in cards.designs:
        for power in card.powers_in(Phase.SETTLE):
            if power.code != "military" or power.temporary or not power.specialized:
                continue
            target = "rebel" if power.rebel else power.goods.value if power.goods else ""
            table.setdefault((target, power.value), []).append(card.name)
    return {key: sorted(names) for key, names in sorted(table.items())}


def military_world_details(cards: CardSet) -> dict[int, dict[str, int]]:
    """Per defense: how many military worlds are Rebel ones, Alien-goods ones and start worlds,
    the notes seed 004 adds to its defense table ("9 with defense 2: 1 Alien, 3 start worlds,
    1 Rebel")."""
    table: dict[int, dict[str, int]] = {}
    for card in cards.designs:
        if not (card.is_world and card.military and card.defense is not None):
            continue
        row = table.setdefault(card.defense, {"rebel": 0, "alien": 0, "start": 0})
        row["rebel"] += card.count if Keyword.REBEL in card.keywords else 0
        row["alien"] += card.count if card.goods is GoodKind.ALIEN else 0
        row["start"] += card.count if card.is_start_world else 0
    return dict(sorted(table.items()))


def military_world_targets(cards: CardSet) -> dict[str, int]:
    """Military worlds (copies) that specialized Military can aim at: Rebel ones and each
    good kind."""
    worlds = [card for card in cards.designs if card.is_world and card.military]
    counts = {"rebel": _copies(card for card in worlds if Keyword.REBEL in card.keywords)}
    for kind in GoodKind:
        counts[kind.value] = _copies(card for card in worlds if card.goods is kind)
    return counts


# --- indexes ---------------------------------------------------------------------------------


def keyword_designs(cards: CardSet) -> dict[Keyword, list[str]]:
    """Names of the designs with each keyword (section E of the facts file)."""
    return {
        word: sorted(card.name for card in cards.designs if word in card.keywords)
        for word in Keyword
    }


def designs_with_power(cards: CardSet, phase: Phase) -> list[str]:
    """Names of the designs with at least one power in ``phase`` (section E's power lists)."""
    return sorted(card.name for card in cards.designs if card.has_power_in(phase))


def code_usage(cards: CardSet) -> dict[tuple[Phase, str], int]:
    """Designs using each code of the vocabulary; 0 for a code no card uses."""
    usage = {(phase, code): 0 for phase, codes in CODES.items() for code in codes}
    for card in cards.designs:
        for phase, code in {(power.phase, power.code) for power in card.powers}:
            usage[phase, code] += 1
    return usage


# --- the rulebook's counts -------------------------------------------------------------------


def check(cards: CardSet) -> list[str]:
    """Every way ``cards`` differs from the component counts the sources state, at each level
    it can be played at (``CardSet.levels``); empty when it fits."""
    if cards.level is not None:
        return check_level(cards, cards.level)
    return [problem for level in cards.levels for problem in check_level(cards, level)]


def check_level(cards: CardSet, level: str) -> list[str]:
    """The problems of one level of ``cards``, each prefixed with the level beyond the base."""
    played = cards.at_level(level)
    expected = LEVEL_COUNTS[level]
    totals = set_totals(played)
    problems = _expect("cards", expected.total, totals["total"])
    problems += _expect("worlds besides the start worlds", expected.game_worlds, totals["worlds"])
    problems += _expect("developments", expected.developments, totals["developments"])
    numbers = tuple(sorted(card.start_number or 0 for card in played.start_worlds))
    if numbers != expected.start_numbers:
        problems.append(f"start worlds: expected numbers {expected.start_numbers}, found {numbers}")
    six = [card for card in played.designs if card.is_development and card.cost == 6]
    problems += _expect("6-cost developments", expected.six_cost, len(six))
    problems += [f"{card.name}: a 6-cost development has 1 copy" for card in six if card.count != 1]
    problems += [
        f"{card.name}: every world exists once"
        for card in played.designs
        if card.is_world and card.count != 1
    ]
    if level == "base":
        problems += _base_development_copies(played)
    tables = (
        ("developments of cost", expected.development_costs, development_costs(played)),
        ("non-military worlds of cost", expected.non_military_costs, non_military_costs(played)),
        ("military worlds of defense", expected.military_defenses, military_defenses(played)),
    )
    for what, wanted, found in tables:
        for number, count in wanted.items():
            problems += _expect(f"{what} {number}", count, found.get(number, 0))
    return problems if level == "base" else [f"{level}: {problem}" for problem in problems]


def _base_development_copies(cards: CardSet) -> list[str]:
    """Seed 004: 19 development designs below cost 6, two copies each (TGS and RvI add a third
    Contact Specialist and a third Research Labs, so this holds for the base level only)."""
    others = [card for card in cards.designs if card.is_development and card.cost != 6]
    problems = _expect("other development designs", OTHER_DEVELOPMENT_DESIGNS, len(others))
    return problems + [
        f"{card.name}: a development below cost 6 has 2 copies"
        for card in others
        if card.count != 2
    ]


def _expect(what: str, expected: int, found: int) -> list[str]:
    return [] if expected == found else [f"{what}: expected {expected}, found {found}"]
