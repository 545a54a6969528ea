"""The seeded content generator (§15.5.4): invented cultures with the published structure.

What is kept from the published game is its *structure* (§15.2), never its names or its exact
numbers: 14 cultures with the IDs 1a–10; sciences spread four classes of three and one of two;
each culture's goods bought by every culture whose ID number is one of the next three, cyclically
(which gives the 4–5 buyers of the published lists); an IOU of $60–$120; one main good of 4–6
markers bought at $10–$200 and sold for $40–$100 more; one factory good (bought at $60–$160,
sold for $70–$130 more, the published spread) and a factory deed of $100 or $200; spaceport deeds
of $200, one per orbit site of the board; 48 bonus markers — 38 demands of +$40 to +$90, each at
a culture that buys its good, and 10 fares of $110–$180, three of them from Galactic Base; six
playable species. Ships, equipment and ?-markers are the generic pools of ``data/pools.toml``.

All amounts are multiples of $10, so commissions of 10% and 50% are whole dollars (§0).
"""

from __future__ import annotations

from nfgalaxy.core.rng import Rng
from nfgalaxy.games.space_merchant.board import Board
from nfgalaxy.games.space_merchant.content import (
    BASE,
    CULTURE_IDS,
    GENERATED_CONTENT_LABEL,
    Content,
    Culture,
    Demand,
    Fare,
    Good,
    Science,
    SpaceportDeed,
    id_number,
)
from nfgalaxy.games.space_merchant.contentcheck import validate_content
from nfgalaxy.games.space_merchant.contentfile import generic_pools
from nfgalaxy.games.space_merchant.names import NameBook

DEMANDS = 38
FARES = 10
FARES_FROM_BASE = 3
SPECIES = 6
SPACEPORT_DEED = 200
#: Inclusive dollar ranges (all steps of $10).
IOU = (60, 120)
MAIN_BUY = (10, 200)
MAIN_MARGIN = (40, 100)
MAIN_COUNT = (4, 6)
FACTORY_BUY = (60, 160)
FACTORY_MARGIN = (70, 130)
FACTORY_DEEDS = (100, 200)
DEMAND_BONUS = (40, 90)
FARE_AMOUNT = (110, 180)
#: How many ID numbers after its own buy a culture's goods.
BUYER_SPAN = 3


def buyers_of(culture_id: str, ids: tuple[str, ...] = CULTURE_IDS) -> tuple[str, ...]:
    """The cultures that buy a culture's goods: those whose ID number is one of the next
    ``BUYER_SPAN`` numbers, counting on from the highest number back to the lowest."""
    numbers = sorted({id_number(i) for i in ids})
    here = numbers.index(id_number(culture_id))
    wanted = [numbers[(here + step) % len(numbers)] for step in range(1, BUYER_SPAN + 1)]
    return tuple(i for number in wanted for i in ids if id_number(i) == number)


def _dollars(rng: Rng, bounds: tuple[int, int]) -> int:
    """A multiple of $10 within the bounds."""
    low, high = bounds
    return low + 10 * rng.below((high - low) // 10 + 1)


def _sciences(rng: Rng, count: int) -> list[Science]:
    """Every science twice, then the rest one each to distinct sciences (3-3-3-3-2 for 14)."""
    sciences = list(Science)
    extra = list(sciences)
    rng.shuffle(extra)
    spread = sciences * 2 + extra[: count - 2 * len(sciences)]
    rng.shuffle(spread)
    return spread


def generate_content(seed: int, board: Board) -> Content:
    """The generated content of a seed for a board (spaceport deeds follow its orbit sites).
    Its stream is not the board generator's, so the same seed gives independent draws."""
    rng = Rng(seed).fork()
    names = NameBook(rng)
    cultures, goods = [], []
    for culture_id, science in zip(CULTURE_IDS, _sciences(rng, len(CULTURE_IDS)), strict=True):
        buyers = buyers_of(culture_id)
        cultures.append(
            Culture(
                id=culture_id,
                name=names.word(),
                science=science,
                iou=_dollars(rng, IOU),
                factory_deed=rng.choice(list(FACTORY_DEEDS)),
                buyers=buyers,
            )
        )
        buy = _dollars(rng, MAIN_BUY)
        goods.append(
            Good(
                id=f"good-{culture_id}",
                name=names.ware(),
                culture=culture_id,
                buy=buy,
                sell=buy + _dollars(rng, MAIN_MARGIN),
                buyers=buyers,
                count=MAIN_COUNT[0] + rng.below(MAIN_COUNT[1] - MAIN_COUNT[0] + 1),
            )
        )
        buy = _dollars(rng, FACTORY_BUY)
        goods.append(
            Good(
                id=f"factory-{culture_id}",
                name=names.ware(),
                culture=culture_id,
                buy=buy,
                sell=buy + _dollars(rng, FACTORY_MARGIN),
                buyers=buyers,
                count=1,
                factory=True,
            )
        )
    ships, equipment, qmarkers = generic_pools()
    species = list(CULTURE_IDS)
    rng.shuffle(species)
    sites = [s.orbit_site for s in board.spaces if s.orbit_site is not None]
    content = Content(
        label=GENERATED_CONTENT_LABEL,
        seed=seed,
        cultures=tuple(cultures),
        goods=tuple(goods),
        demands=_demands(rng, [g for g in goods if not g.factory]),
        fares=_fares(rng),
        ships=ships,
        equipment=equipment,
        qmarkers=qmarkers,
        spaceport_deeds=tuple(SpaceportDeed(site, SPACEPORT_DEED) for site in sites),
        species=tuple(sorted(species[:SPECIES], key=CULTURE_IDS.index)),
    )
    return validate_content(content, board, f"generated content (seed {seed})")


def _demands(rng: Rng, goods: list[Good]) -> tuple[Demand, ...]:
    """Each demand names a main good and sits at one of the cultures that buy it."""
    demands = []
    for number in range(1, DEMANDS + 1):
        good = rng.choice(goods)
        demands.append(
            Demand(
                id=f"demand-{number:02d}",
                culture=rng.choice(list(good.buyers)),
                good=good.id,
                bonus=_dollars(rng, DEMAND_BONUS),
            )
        )
    return tuple(demands)


def _fares(rng: Rng) -> tuple[Fare, ...]:
    """Three fares from Galactic Base to three cultures; the others from distinct cultures to
    Galactic Base or to another culture."""
    origins = list(CULTURE_IDS)
    rng.shuffle(origins)
    routes = [(BASE, c) for c in origins[:FARES_FROM_BASE]]
    for origin in origins[FARES_FROM_BASE : FARES_FROM_BASE + FARES - FARES_FROM_BASE]:
        if rng.coin():
            routes.append((origin, BASE))
        else:
            routes.append((origin, rng.choice([c for c in CULTURE_IDS if c != origin])))
    return tuple(
        Fare(f"fare-{n:02d}", origin, destination, _dollars(rng, FARE_AMOUNT))
        for n, (origin, destination) in enumerate(routes, 1)
    )
