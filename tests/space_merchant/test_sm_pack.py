"""Packs (board + content in one file, for ``--tiles PATH``): a round trip keeps everything,
and a bad pack is refused with an error naming the item and the field."""

from __future__ import annotations

import json
from dataclasses import replace
from functools import cache

import pytest

from nfgalaxy.core.tilefiles import TileDataError
from nfgalaxy.games.space_merchant.boardcheck import BoardError
from nfgalaxy.games.space_merchant.content import Demand, Fare
from nfgalaxy.games.space_merchant.contentcheck import check_content
from nfgalaxy.games.space_merchant.contentfile import ContentError
from nfgalaxy.games.space_merchant.pack import (
    Pack,
    generate_pack,
    load_pack,
    pack_data,
    read_pack,
    save_pack,
)


@cache
def pack() -> Pack:
    return generate_pack(21)


def test_a_pack_survives_a_round_trip_through_a_file(tmp_path) -> None:
    path = tmp_path / "pack.json"
    save_pack(pack(), path)
    again = load_pack(path)
    assert again == pack()
    assert again.labels == pack().labels


def edited(change) -> str:
    data = pack_data(pack())
    change(data["content"], data["board"])
    return json.dumps(data)


@pytest.mark.parametrize(
    ("change", "error", "message"),
    [
        (
            lambda c, b: c["cultures"][0].update(science="magic"),
            ContentError,
            "culture '1a': field 'science'",
        ),
        (
            lambda c, b: c["cultures"][3].pop("iou"),
            ContentError,
            "culture '3': field 'iou': missing",
        ),
        (
            lambda c, b: c["goods"][0].update(buy="cheap"),
            ContentError,
            "good 'good-1a': field 'buy'",
        ),
        (
            lambda c, b: c["demands"][4].update(colour="red"),
            ContentError,
            "demand 'demand-05': field 'colour'",
        ),
        (
            lambda c, b: c["qmarkers"][0].pop("telegate"),
            ContentError,
            "?-marker 'telegate-1': field 'telegate'",
        ),
        (
            lambda c, b: c["qmarkers"][9].update(relic="laser"),
            ContentError,
            "?-marker 'red-10': field 'relic'",
        ),
        (lambda c, b: c["ships"][0].update(dice=9), ContentError, "ship 'scout': field 'dice'"),
        (
            lambda c, b: c["equipment"][0].update(kind="tractor_beam"),
            ContentError,
            "equipment 'tractor_beam': field 'kind'",
        ),
        (lambda c, b: b["spaces"][0].update(kind="black_hole"), BoardError, "field 'kind'"),
        # Read fine, but unplayable:
        (
            lambda c, b: c["demands"][0].update(good="good-nowhere"),
            ContentError,
            "demand 'demand-01': field 'good'",
        ),
        (
            lambda c, b: c["fares"][0].update(destination="11"),
            ContentError,
            "fare 'fare-01': field 'destination'",
        ),
        (lambda c, b: c["cultures"].pop(), ContentError, "13 cultures for 14 habitable systems"),
        (lambda c, b: c["spaceport_deeds"].pop(), ContentError, "has no spaceport deed"),
        (lambda c, b: c.update(starting_ship="yacht"), ContentError, "field 'starting_ship'"),
    ],
)
def test_a_bad_pack_names_the_item_and_field(change, error, message: str) -> None:
    with pytest.raises(error, match=message.replace("?", r"\?")):
        read_pack(edited(change), "my-pack.json")


def test_pack_errors_are_tile_data_errors(tmp_path) -> None:
    assert issubclass(ContentError, TileDataError) and issubclass(BoardError, TileDataError)
    with pytest.raises(ContentError, match="cannot be read"):
        load_pack(tmp_path / "nothing.json")
    with pytest.raises(BoardError, match="not valid JSON"):
        read_pack("[", "my-pack.json")


# --- the content validator, one break at a time ------------------------------------------------


def only_problem(content, board=None) -> str:
    problems = check_content(content, board)
    assert len(problems) == 1, problems
    return problems[0]


def test_a_demand_sits_at_a_culture_that_buys_its_good() -> None:
    found = pack().content
    good = found.good("good-1a")
    outsider = next(c.id for c in found.cultures if c.id not in good.buyers and c.id != "1a")
    demands = (Demand("demand-01", outsider, "good-1a", 50), *found.demands[1:])
    problem = only_problem(replace(found, demands=demands))
    assert f"demand 'demand-01': field 'culture': '{outsider}' does not buy 'good-1a'" in problem


def test_a_fare_goes_somewhere_else() -> None:
    found = pack().content
    fares = (Fare("fare-01", "3", "3", 120), *found.fares[1:])
    assert "fare 'fare-01'" in only_problem(replace(found, fares=fares))


def test_a_culture_never_buys_its_own_goods() -> None:
    found = pack().content
    culture = replace(found.cultures[0], buyers=("1a", *found.cultures[0].buyers))
    problem = only_problem(replace(found, cultures=(culture, *found.cultures[1:])))
    assert "culture '1a': field 'buyers'" in problem


def test_goods_sell_for_more_than_they_cost() -> None:
    found = pack().content
    good = replace(found.goods[0], sell=found.goods[0].buy)
    problem = only_problem(replace(found, goods=(good, *found.goods[1:])))
    assert "good 'good-1a': field 'sell'" in problem


def test_every_culture_has_a_factory_good() -> None:
    found = pack().content
    goods = tuple(g for g in found.goods if g.id != "factory-5")
    assert "culture '5': has no factory good" in only_problem(replace(found, goods=goods))


def test_telegate_numbers_and_relics_are_unique() -> None:
    found = pack().content
    twin = replace(found.qmarkers[1], telegate=1)
    problem = only_problem(replace(found, qmarkers=(found.qmarkers[0], twin, *found.qmarkers[2:])))
    assert "?-marker telegate 1 exists 2 times" in problem


def test_enough_question_markers_for_the_boxes() -> None:
    found = pack().content
    few = found.qmarkers[:20]
    assert "20 ?-markers for 24 ?-boxes" in only_problem(replace(found, qmarkers=few), pack().board)


def test_ids_are_unique() -> None:
    found = pack().content
    demands = (*found.demands, found.demands[0])
    assert "bonus marker 'demand-01' is listed 2 times" in only_problem(
        replace(found, demands=demands)
    )
