"""Board files: a board survives a round trip through JSON, and a bad file is refused with a
``BoardError`` naming the entry and the field, never a traceback from deep inside."""

from __future__ import annotations

import json

import pytest
from sm_boards import BOARDS, fork_with_navigation, sibling_cities

from nfgalaxy.core.tilefiles import TileDataError
from nfgalaxy.games.space_merchant.boardcheck import BoardError
from nfgalaxy.games.space_merchant.boardfile import (
    board_data,
    load_board,
    read_board,
    save_board,
    write_board,
)
from nfgalaxy.games.space_merchant.generator import generate_board


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_fixture_boards_survive_a_round_trip(name: str) -> None:
    board = BOARDS[name]()
    assert read_board(write_board(board)) == board


def test_a_generated_board_survives_a_round_trip_through_a_file(tmp_path) -> None:
    board = generate_board(11)
    path = tmp_path / "board.json"
    save_board(board, path)
    again = load_board(path)
    assert again == board
    assert again.seed == 11 and again.label == board.label
    assert write_board(again) == path.read_text(encoding="utf-8")


def test_the_file_keeps_pilot_numbers_and_flags_per_direction() -> None:
    data = board_data(fork_with_navigation())
    assert {"a": "d1", "b": "nav", "pilot_b": [1, 2]} in data["links"]
    data = board_data(sibling_cities())
    assert {"a": "north", "b": "south", "flyable": True} in data["links"]


def edited(change) -> str:
    data = board_data(fork_with_navigation())
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["spaces"][2].update(kind="wormhole"), "space 'nav': field 'kind'"),
        (lambda d: d["spaces"][1].update(colour="green"), "space 'd1': field 'colour'"),
        (lambda d: d["spaces"][1].pop("system"), "space 'd1': field 'system': missing"),
        (lambda d: d["spaces"][1].update(speed=3), "space 'd1': field 'speed': unknown field"),
        (lambda d: d["links"][1].update(pilot_b=[7]), "link d1–nav: field 'pilot_b'"),
        (lambda d: d["links"][1].update(pilot_b=[1, 1]), "link d1–nav: field 'pilot_b'"),
        (lambda d: d["links"][0].update(flyable="yes"), "link base–d1: field 'flyable'"),
        (lambda d: d["systems"][0].update(kind="nebula"), "system 'gb': field 'kind'"),
        (lambda d: d.update(version=9), "board: field 'version'"),
        (lambda d: d.pop("label"), "board: field 'label': missing"),
        (lambda d: d["spaces"].append("d9"), "space '#12': expected a table"),
    ],
)
def test_a_bad_field_is_named(change, message: str) -> None:
    with pytest.raises(BoardError, match=message):
        read_board(edited(change), "my.json")


def test_a_file_that_reads_but_cannot_be_played_lists_its_problems() -> None:
    text = edited(lambda d: d["links"].pop(2))  # nav loses its exit to l1 (pilot 3–4)
    with pytest.raises(BoardError) as caught:
        read_board(text, "my.json")
    assert str(caught.value).startswith("my.json: ")
    assert any("navigation circle 'nav'" in p for p in caught.value.problems)
    assert any("cannot be reached" in p for p in caught.value.problems)


def test_not_json_and_missing_files_are_board_errors(tmp_path) -> None:
    with pytest.raises(BoardError, match="not valid JSON"):
        read_board("{spaces: ", "my.json")
    with pytest.raises(BoardError, match="cannot be read"):
        load_board(tmp_path / "missing.json")


def test_a_board_error_is_a_tile_data_error() -> None:
    # The core's tile files refuse a TileDataError and fall back; a board error is one.
    assert issubclass(BoardError, TileDataError)
