"""The referee: the engine judges each decision, in turn order, before the store keeps it."""

from __future__ import annotations

import random

import pytest

from nfgalaxy.core.decision import Decision, IllegalDecision
from nfgalaxy.core.replay import replay_log
from nfgalaxy.tables.errors import Refused, SeatRefused, SpecRefused, StoreError, TableClosed
from nfgalaxy.tables.model import SeatSpec, TableSpec, TableStatus
from nfgalaxy.tables.referee import TURN_ORDER, Referee

ANN, BOB, CAT = "SHA256:ann", "SHA256:bob", "SHA256:cat"


def player_in(table, seat: int) -> str:
    return table.occupants[seat]


def test_a_legal_decision_of_the_seat_to_move_is_stored_at_the_next_position(store, playing):
    referee = Referee(store)
    seat = referee.game(playing.id).to_move()
    decision = referee.game(playing.id).legal_decisions()[0]
    stored = referee.play(playing.id, player_in(playing, seat), decision)
    assert (stored.position, stored.seat, stored.decision) == (0, seat, decision.to_json())
    assert store.decisions(playing.id) == [stored]
    assert referee.game(playing.id).history[0]["kind"] == decision.kind


def test_a_forged_decision_for_the_other_seat_is_refused_by_turn_order_and_nothing_stored(
    store, playing
):
    referee = Referee(store)
    seat = referee.game(playing.id).to_move()
    legal = referee.game(playing.id).legal_decisions()[0]
    with pytest.raises(IllegalDecision) as refused:
        referee.play(playing.id, player_in(playing, 1 - seat), legal)
    assert refused.value.rule == TURN_ORDER
    assert f"seat {seat + 1}'s turn" in str(refused.value)
    assert store.decisions(playing.id) == []
    referee.play(playing.id, player_in(playing, seat), legal)  # the game is as it was


def test_an_illegal_decision_is_refused_naming_its_rule_and_nothing_stored(store, playing):
    referee = Referee(store)
    seat = referee.game(playing.id).to_move()
    for decision in (Decision("select", ("no-such-action",)), {"kind": "fly", "args": [99]}):
        with pytest.raises(IllegalDecision) as refused:
            referee.play(playing.id, player_in(playing, seat), decision)
        assert refused.value.rule
    with pytest.raises(Refused, match="not a decision"):
        referee.play(playing.id, player_in(playing, seat), {"args": []})
    assert store.decisions(playing.id) == []


def test_a_player_without_a_seat_and_a_bot_seat_that_is_a_humans_are_refused(store, playing):
    referee = Referee(store)
    legal = referee.game(playing.id).legal_decisions()[0]
    with pytest.raises(SeatRefused, match="no seat at table"):
        referee.play(playing.id, CAT, legal)
    with pytest.raises(SeatRefused, match="not a bot's"):
        referee.play_bot(playing.id, referee.game(playing.id).to_move(), legal)
    assert store.decisions(playing.id) == []


def test_a_game_played_to_its_end_finishes_the_table_with_the_engines_result(database, playing):
    store = database.connect()
    referee, other_front_end = Referee(store), Referee(database.connect())
    choose = random.Random(3)
    while not (game := referee.game(playing.id)).is_over():
        decision = choose.choice(game.legal_decisions())
        # Every other decision from another front end: each referee sees the other's.
        deciding = referee if len(game.history) % 2 else other_front_end
        deciding.play(playing.id, player_in(playing, game.to_move()), decision)
    table = store.table(playing.id)
    assert table.status is TableStatus.FINISHED
    log = [d.decision for d in store.decisions(playing.id)]
    replayed = replay_log("new-frontiers", table.spec.game_options(), log)
    assert list(table.result.scores) == replayed.scores() == game.scores()
    assert list(table.result.winners) == replayed.winners()
    with pytest.raises(TableClosed, match="is finished"):
        referee.play(playing.id, ANN, {"kind": "select", "args": ["develop"]})
    assert len(store.decisions(playing.id)) == len(log)


def test_a_decision_at_a_table_not_being_played_or_unknown_is_refused(store, players):
    referee = Referee(store)
    table = referee.new_table(TableSpec("new-frontiers", (SeatSpec(), SeatSpec()), seed=1), ANN)
    with pytest.raises(TableClosed, match="has not started"):
        referee.play(table.id, ANN, {"kind": "select", "args": ["develop"]})
    with pytest.raises(Refused, match="no table 404"):
        referee.play(404, ANN, {"kind": "select", "args": ["develop"]})


def test_a_bot_seat_plays_through_play_bot_in_its_turn(store, players):
    referee = Referee(store)
    spec = TableSpec("new-frontiers", (SeatSpec(), SeatSpec.bot("random")), seed=5)
    table = store.start(referee.new_table(spec, ANN).id)
    game = referee.game(table.id)
    bot = 1
    if game.to_move() != bot:
        referee.play(table.id, ANN, game.legal_decisions()[0])
    stored = referee.play_bot(table.id, bot, referee.game(table.id).legal_decisions()[0])
    assert stored.seat == bot


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        (TableSpec("no-such-game", (SeatSpec(), SeatSpec()), seed=1), "unknown game"),
        (TableSpec("new-frontiers", (SeatSpec(),), seed=1), "2 to 5 players"),
        (TableSpec("new-frontiers", (SeatSpec(), SeatSpec.bot("genius")), seed=1), "genius"),
    ],
)
def test_a_table_the_game_cannot_start_is_refused_and_not_stored(store, players, spec, words):
    with pytest.raises(SpecRefused, match=words):
        Referee(store).new_table(spec, ANN)
    assert store.open_tables() == []


def test_a_stored_log_out_of_turn_is_reported_not_played(store, playing):
    referee = Referee(store)
    seat = referee.game(playing.id).to_move()
    store.append(playing.id, 0, 1 - seat, {"kind": "select", "args": ["develop"]})
    with pytest.raises(StoreError, match="out of turn"):
        Referee(store).game(playing.id)
