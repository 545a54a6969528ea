"""The content generator (§15.5.4) keeps the published structure with invented names and
numbers: IDs, cyclic buyers, price ranges, 48 bonus markers (38 demands, 10 fares, 3 of them
from Galactic Base), deeds per orbit site, the generic pools."""

from __future__ import annotations

from collections import Counter
from functools import cache

import pytest

from nfgalaxy.games.space_merchant.board import SpaceKind
from nfgalaxy.games.space_merchant.content import (
    BASE,
    CULTURE_IDS,
    GENERATED_CONTENT_LABEL,
    Content,
    MarkerKind,
    Science,
)
from nfgalaxy.games.space_merchant.contentcheck import check_content
from nfgalaxy.games.space_merchant.contentgen import buyers_of, generate_content
from nfgalaxy.games.space_merchant.pack import Pack, generate_pack

SEEDS = range(20)


@cache
def pack(seed: int) -> Pack:
    return generate_pack(seed)


def content(seed: int) -> Content:
    return pack(seed).content


def test_buyers_are_the_cultures_of_the_next_three_id_numbers() -> None:
    # The published lists (§15.2): 1a → 2, 3, 4a, 4b; 6 → 7a, 7b, 8, 9a, 9b; 9a → 10, 1a, 1b, 2.
    assert buyers_of("1a") == ("2", "3", "4a", "4b")
    assert buyers_of("6") == ("7a", "7b", "8", "9a", "9b")
    assert buyers_of("9a") == ("10", "1a", "1b", "2")
    assert buyers_of("10") == ("1a", "1b", "2", "3")


@pytest.mark.parametrize("seed", SEEDS)
def test_generated_content_is_playable_on_its_board(seed: int) -> None:
    assert check_content(content(seed), pack(seed).board) == []


@pytest.mark.parametrize("seed", SEEDS)
def test_cultures_keep_the_published_structure(seed: int) -> None:
    found = content(seed)
    assert tuple(c.id for c in found.cultures) == CULTURE_IDS
    assert sorted(Counter(c.science for c in found.cultures).values()) == [2, 3, 3, 3, 3]
    assert len({c.name for c in found.cultures}) == 14
    for culture in found.cultures:
        assert culture.buyers == buyers_of(culture.id)
        assert 60 <= culture.iou <= 120 and culture.iou % 10 == 0
        assert culture.factory_deed in (100, 200)
        (main,) = found.goods_of(culture.id)
        (factory,) = found.goods_of(culture.id, factory=True)
        assert 4 <= main.count <= 6 and factory.count == 1
        assert 10 <= main.buy <= 200 and 40 <= main.sell - main.buy <= 100
        assert 60 <= factory.buy <= 160 and 70 <= factory.sell - factory.buy <= 130
        assert main.buyers == factory.buyers == culture.buyers
        assert all(amount % 10 == 0 for amount in (main.buy, main.sell, factory.buy, factory.sell))


@pytest.mark.parametrize("seed", SEEDS)
def test_the_cup_holds_38_demands_and_10_fares(seed: int) -> None:
    found = content(seed)
    assert found.bonus_markers == 48
    assert len(found.demands) == 38 and len(found.fares) == 10
    for demand in found.demands:
        good = found.good(demand.good)
        assert not good.factory and demand.culture in good.buyers
        assert 40 <= demand.bonus <= 90 and demand.bonus % 10 == 0
    assert sum(fare.origin == BASE for fare in found.fares) == 3
    for fare in found.fares:
        assert fare.origin != fare.destination
        assert 110 <= fare.fare <= 180 and fare.fare % 10 == 0
        assert {fare.origin, fare.destination} <= {*CULTURE_IDS, BASE}
    ids = [m.id for m in found.demands] + [m.id for m in found.fares]
    assert len(set(ids)) == 48


@pytest.mark.parametrize("seed", SEEDS)
def test_every_orbit_site_has_a_200_dollar_spaceport_deed(seed: int) -> None:
    board = pack(seed).board
    sites = {s.orbit_site for s in board.spaces_of_kind(SpaceKind.ORBIT)}
    deeds = content(seed).spaceport_deeds
    assert {d.site for d in deeds} == sites and len(deeds) == 25
    assert {d.cost for d in deeds} == {200}


def test_the_generic_pools_are_the_basic_game_tables() -> None:
    found = content(0)
    assert [s.id for s in found.ships] == ["scout", "clipper", "transport", "freighter"]
    assert found.starting_ship == "scout"
    basic = found.qmarkers_in_play()
    assert len(basic) == 35 and len(found.qmarkers) == 36
    kinds = Counter(m.kind for m in basic)
    assert kinds == {
        MarkerKind.TELEGATE: 6,
        MarkerKind.OPEN_SPACEPORT: 3,
        MarkerKind.PENALTY: 17,
        MarkerKind.RELIC: 9,
    }
    assert {e.id for e in found.equipment_in_play()} == {
        "yellow_drive",
        "red_drive",
        "combined_drive",
        "shield",
    }
    assert Science.PRIMITIVES not in {e.sold_by for e in found.equipment}


def test_six_playable_species_and_the_deed_discount() -> None:
    found = content(3)
    assert len(found.species) == 6 and set(found.species) <= set(CULTURE_IDS)
    assert found.deed_discount == 80


def test_content_is_labelled_and_seeded_and_the_same_for_the_same_seed() -> None:
    board = pack(9).board
    assert generate_content(9, board) == generate_content(9, board)
    assert generate_content(9, board) != generate_content(10, board)
    assert content(9).label == GENERATED_CONTENT_LABEL and content(9).seed == 9
    assert pack(9).labels == (
        "Generated board — not the published map (seed 9)",
        f"{GENERATED_CONTENT_LABEL} (seed 9)",
    )
