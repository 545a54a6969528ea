"""The table model's own checks, before any database: what a table may be set up as."""

from __future__ import annotations

import pytest

from nfgalaxy.tables.errors import SpecRefused
from nfgalaxy.tables.model import (
    Pace,
    SeatKind,
    SeatSpec,
    TableSpec,
    Visibility,
    chat_problem,
    name_key,
    name_problem,
)

TWO = (SeatSpec(), SeatSpec())


def test_a_private_table_needs_an_invitation_code_and_an_open_one_has_none():
    with pytest.raises(SpecRefused, match="invitation code"):
        TableSpec("g", TWO, seed=1, visibility=Visibility.PRIVATE)
    with pytest.raises(SpecRefused, match="invitation code"):
        TableSpec("g", TWO, seed=1, visibility=Visibility.PRIVATE, invitation="a b")
    with pytest.raises(SpecRefused, match="no invitation"):
        TableSpec("g", TWO, seed=1, invitation="abc")
    assert TableSpec("g", TWO, seed=1, visibility=Visibility.PRIVATE, invitation="abc")


def test_a_table_needs_a_human_seat_and_each_bot_a_level():
    with pytest.raises(SpecRefused, match="human"):
        TableSpec("g", (SeatSpec.bot("normal"), SeatSpec.bot("hard")), seed=1)
    with pytest.raises(SpecRefused, match="needs a level"):
        SeatSpec(SeatKind.BOT)
    with pytest.raises(SpecRefused, match="no bot level"):
        SeatSpec(SeatKind.HUMAN, "normal")


def test_the_seats_and_seed_give_players_and_seed_and_the_options_may_not():
    with pytest.raises(SpecRefused, match="players"):
        TableSpec("g", TWO, seed=1, options={"players": 3})
    with pytest.raises(SpecRefused, match="seed"):
        TableSpec("g", TWO, seed=-1)
    with pytest.raises(SpecRefused, match="JSON"):
        TableSpec("g", TWO, seed=1, options={"when": object()})
    spec = TableSpec("g", TWO, seed=7, options={"first_game": False})
    assert spec.game_options() == {"first_game": False, "players": 2, "seed": 7}


def test_a_pace_is_at_least_one_second_or_one_day():
    assert Pace.live(30).amount == 30
    for pace in (lambda: Pace.live(0), lambda: Pace.by_days(-2)):
        with pytest.raises(SpecRefused, match="at least 1"):
            pace()


def test_names_compare_without_case_or_width_and_reasons_are_words():
    assert name_key("Ｚｏë") == name_key("zoë")
    assert name_problem("Zoë") is None
    assert "printable" in name_problem("Zo\x1be")
    assert chat_problem("gg") is None
    assert "200" in chat_problem("x" * 201)
