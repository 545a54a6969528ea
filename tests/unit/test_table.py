"""The Table between engine and screens: decisions, observers, bot workers, undo."""

from __future__ import annotations

import json

import pytest

from nfgalaxy.core.decision import Decision, IllegalDecision
from nfgalaxy.core.registry import new_game
from nfgalaxy.core.replay import CannotUndo
from nfgalaxy.table import Change, Seat, StaleDecision, Table


def _table(kinds: list[str], seed: int = 4) -> Table:
    state = new_game("new-frontiers", players=len(kinds), seed=seed)
    return Table(state, [Seat(f"P{i}", kind) for i, kind in enumerate(kinds)])


def _canonical(table: Table) -> str:
    return json.dumps(table.state.to_json(), sort_keys=True)


def test_a_refused_decision_changes_nothing_and_tells_no_observer() -> None:
    table = _table(["human", "human"])
    seen: list[Change] = []
    table.subscribe(seen.append)
    before = _canonical(table)
    with pytest.raises(IllegalDecision):
        table.submit(Decision("no-such-decision"))
    assert _canonical(table) == before and seen == [] and table.version == 0


def test_observers_hear_of_every_decision_and_of_the_end() -> None:
    table = _table(["human", "human"])
    seen: list[Change] = []
    table.subscribe(seen.append)
    while not table.state.is_over():
        table.submit(table.state.legal_decisions()[0])
    assert seen[-1] is Change.OVER and set(seen[:-1]) == {Change.DECIDED}
    assert table.version == len(seen)


def test_a_bot_thinks_in_the_worker_on_a_copy_and_its_answer_is_legal() -> None:
    table = _table(["random", "random"])
    seat = table.to_move()
    before = _canonical(table)
    version, decision = table.think(seat).result(timeout=30)
    assert _canonical(table) == before  # the bot worked on its own copy
    assert decision in table.state.legal_decisions()
    table.submit(decision, version)
    assert table.version == 1
    table.close()


def test_an_answer_for_a_position_the_table_has_left_is_refused() -> None:
    table = _table(["random", "random"])
    version, decision = table.think(table.to_move()).result(timeout=30)
    table.submit(table.state.legal_decisions()[0])
    with pytest.raises(StaleDecision):
        table.submit(decision, version)
    table.close()


def test_a_human_seat_is_never_asked_to_think() -> None:
    table = _table(["human", "human"])
    with pytest.raises(IllegalDecision):
        table.think(table.to_move())


def test_undo_goes_back_exactly_and_is_refused_when_nothing_may_be_taken_back() -> None:
    table = _table(["human", "human"], seed=21)
    with pytest.raises(CannotUndo):
        table.undo(0)
    taken = 0
    for _ in range(200):
        if table.state.is_over():
            break
        before = _canonical(table)
        seat = table.to_move()
        options = table.state.legal_decisions()
        table.submit(options[len(options) // 2])
        if table.may_undo(seat):
            table.undo(seat)
            assert _canonical(table) == before
            taken += 1
            table.submit(options[len(options) // 2])
    assert taken > 0


def test_undo_takes_back_only_the_decision_of_the_seat_that_asks() -> None:
    table = _table(["human", "human"], seed=21)
    for _ in range(200):
        seat = table.to_move()
        options = table.state.legal_decisions()
        table.submit(options[len(options) // 2])
        if table.may_undo(seat):
            break
    else:
        raise AssertionError("no decision could be taken back")
    other = 1 - seat
    assert not table.may_undo(other)
    before = len(table.state.history)
    with pytest.raises(CannotUndo, match="nothing of yours"):
        table.undo(other)
    assert len(table.state.history) == before


def test_seats_must_match_the_game() -> None:
    state = new_game("new-frontiers", players=3, seed=1)
    with pytest.raises(ValueError, match="2 seats for a game of 3 players"):
        Table(state, [Seat("A"), Seat("B")])
