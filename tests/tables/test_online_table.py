"""An online table as one session sees it (``nfgalaxy.tables.online``), on both databases:
decisions stored by another connection reach it within a moment; it decides only for its own
seat; the state it hands the screen is a view (``nfgalaxy.core.views``), never the game."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import pytest

from nfgalaxy.core.decision import IllegalDecision
from nfgalaxy.core.protocol import new_game
from nfgalaxy.core.replay import CannotUndo
from nfgalaxy.core.rng import Rng
from nfgalaxy.core.views import public_view, seat_view
from nfgalaxy.tables.errors import UndoRefused, UnknownTable
from nfgalaxy.tables.model import Pace, SeatSpec, StandIn, TableSpec
from nfgalaxy.tables.online import DAY, OnlineTable
from nfgalaxy.tables.referee import Referee
from nfgalaxy.tables.runner import due
from tests.tables.conftest import ANN, BOB

RACE = "race-for-the-galaxy"
#: With this seed, seat 1 (Ann) of a New Frontiers table decides first.
NF_SEED = 3


def _started(store, game: str = "new-frontiers", seed: int = NF_SEED) -> int:
    table = Referee(store).new_table(TableSpec(game, (SeatSpec(), SeatSpec()), seed=seed), ANN)
    store.join(table.id, BOB)
    return store.start(table.id).id


class Posted:
    """The UI thread's queue, as the app's ``hand_over`` is: what ``follow`` posts, kept
    with the time it came, to be run by the test (the UI thread)."""

    def __init__(self) -> None:
        self.calls: list[tuple[float, Callable[[], object]]] = []
        self.came = threading.Event()

    def __call__(self, callback: Callable[[], object]) -> None:
        self.calls.append((time.monotonic(), callback))
        self.came.set()

    def run(self) -> None:
        for _, callback in self.calls:
            callback()
        self.calls.clear()
        self.came.clear()


def test_a_decision_stored_by_another_front_end_reaches_the_session_within_a_moment(
    database, players
):
    ann_front, bob_front = database.connect(), database.connect()
    table_id = _started(ann_front)
    bob = OnlineTable(Referee(bob_front), table_id, BOB)
    told: list[int] = []
    bob.subscribe(lambda: told.append(bob.length))
    posted = Posted()
    bob.follow(posted)
    try:
        posted.run()  # the catch-up made on subscribing: nothing new
        assert (told, bob.length) == ([], 0)
        ann = Referee(ann_front)
        lags = []
        keys = (ANN, BOB)  # both decide at the other front end: Bob in another terminal
        for _ in range(3):
            game = ann.game(table_id)
            decision = game.legal_decisions()[0]
            stored = time.monotonic()
            ann.play(table_id, keys[game.to_move()], decision)
            assert posted.came.wait(2.0), "no notice of the decision"
            lags.append(posted.calls[0][0] - stored)
            posted.run()
        assert told == [1, 2, 3]
        assert bob.state.history[0] == {"seat": 0}  # Ann's decision, not what she chose
        assert max(lags) < 0.5, lags
    finally:
        bob.close(wait=True)


def test_a_session_decides_only_for_its_own_seat_and_a_spectator_for_none(store, players):
    table_id = _started(store)
    referee = Referee(store)
    bob = OnlineTable(referee, table_id, BOB)
    watcher = OnlineTable(referee, table_id, None)
    decision = referee.game(table_id).legal_decisions()[0]
    with pytest.raises(IllegalDecision, match="not seat 2's"):
        bob.submit(decision)
    with pytest.raises(IllegalDecision, match="you watch it"):
        watcher.submit(decision)
    assert store.decisions(table_id) == []
    OnlineTable(referee, table_id, ANN).submit(decision)
    assert [d.seat for d in store.decisions(table_id)] == [0]
    with pytest.raises(UnknownTable):
        OnlineTable(referee, 999, ANN)


def test_a_finished_table_refuses_a_decision_in_words(store, players):
    table_id = _started(store)
    referee = Referee(store)
    ann = OnlineTable(referee, table_id, ANN)
    store.abandon(table_id)
    ann.catch_up()
    with pytest.raises(IllegalDecision, match="was abandoned: you cannot decide now"):
        ann.submit(referee.game(table_id).legal_decisions()[0])


def test_a_seat_view_keeps_its_own_hand_and_a_public_view_keeps_no_real_hand():
    state = new_game(RACE, players=3, seed=8, options={})
    while state.to_move() is not None and len(state.history) < 3:  # the start discards
        state.apply(state.legal_decisions()[0])
    hands = [sorted(p.hand) for p in state.players]
    mine = seat_view(state, 1, Rng(1))
    assert sorted(mine.players[1].hand) == hands[1]
    assert [sorted(p.hand) for p in mine.players] != hands
    public = public_view(state, Rng(2))
    assert all(sorted(p.hand) != hand for p, hand in zip(public.players, hands, strict=True))
    for view, seat in ((mine, 1), (public, None)):
        assert "seed" not in view.options
        assert [e for e in view.history if set(e) != {"seat"}] == [
            e for e in state.history if e["seat"] == seat
        ]
    assert "seed" in state.options, "the real game was changed"


def test_a_player_takes_back_their_last_decision_and_every_front_end_follows(database, players):
    ann_front, bob_front = database.connect(), database.connect()
    table_id = _started(ann_front)
    ann = OnlineTable(Referee(ann_front), table_id, ANN)
    bob = OnlineTable(Referee(bob_front), table_id, BOB)
    posted = Posted()
    bob.follow(posted)
    try:
        first, second = ann.state.legal_decisions()[:2]
        ann.submit(first)
        assert posted.came.wait(2.0)
        posted.run()
        assert bob.length == 1 and not bob.may_undo(1)
        with pytest.raises(UndoRefused, match="nothing of yours"):
            bob.referee.undo(table_id, BOB)  # Bob's session cannot take back Ann's decision
        assert ann.may_undo(0)
        ann.undo(0)
        assert ann.length == 0 and ann_front.decisions(table_id) == []
        assert posted.came.wait(2.0), "no notice of the undo"
        posted.run()
        assert bob.length == 0
        # Decided again, otherwise: the poll of a SQLite file finds it though it may take
        # the row id of the one taken back, and Bob's referee rebuilds its game.
        ann.submit(second)
        assert posted.came.wait(2.0), "no notice of the decision made again"
        posted.run()
        assert bob.length == 1
        assert bob.referee.game(table_id).history[0]["args"] == list(second.args)
        undone = database.execute("SELECT table_id, position, seat FROM retractions")
        assert [tuple(row) for row in undone] == [(table_id, 0, 0)]
    finally:
        bob.close(wait=True)


def test_no_decision_is_taken_back_at_a_rated_table_or_once_another_seat_acted(store, players):
    referee = Referee(store)
    spec = TableSpec("new-frontiers", (SeatSpec(), SeatSpec()), seed=NF_SEED, rated=True)
    rated = referee.new_table(spec, ANN).id
    store.join(rated, BOB)
    store.start(rated)
    ann = OnlineTable(referee, rated, ANN)
    ann.submit(ann.state.legal_decisions()[0])
    assert not ann.may_undo(0)
    with pytest.raises(CannotUndo, match="nothing of yours"):
        ann.undo(0)
    with pytest.raises(UndoRefused, match="is rated"):
        store.retract(rated, 0, 0)  # not even past the referee
    unrated = _started(store)
    ann, bob = OnlineTable(referee, unrated, ANN), OnlineTable(referee, unrated, BOB)
    ann.submit(ann.state.legal_decisions()[0])
    bob.catch_up()
    bob.submit(bob.state.legal_decisions()[0])  # Bob acted since
    ann.catch_up()
    assert not ann.may_undo(0)
    with pytest.raises(UndoRefused, match="another player has acted"):
        store.retract(unrated, 0, 0)
    assert len(store.decisions(unrated)) == 2


def test_the_clock_runs_from_the_start_then_from_each_decision_at_the_tables_pace(
    store, players, clock
):
    referee = Referee(store)
    spec = TableSpec("new-frontiers", (SeatSpec(), SeatSpec()), seed=NF_SEED, pace=Pace.live(60))
    table_id = referee.new_table(spec, ANN).id
    store.join(table_id, BOB)
    clock.advance(100)
    store.start(table_id)
    started_at = clock.now
    ann = OnlineTable(referee, table_id, ANN)
    assert ann.seconds_left(started_at + 15) == 45
    clock.advance(30)
    ann.submit(ann.state.legal_decisions()[0])
    assert ann.seconds_left(clock.now + 60) == 0
    assert ann.seconds_left(clock.now + 70) == -10  # time is up: the server's bot decides
    slow = _started(store)  # three days a move
    assert OnlineTable(referee, slow, BOB).seconds_left(clock.now + DAY) == 2 * DAY


def test_the_log_says_where_a_bot_decided_for_a_human_and_why_on_every_front_end(database, players):
    runner_front, bob_front = database.connect(), database.connect()
    spec = TableSpec("new-frontiers", (SeatSpec(), SeatSpec()), seed=NF_SEED, pace=Pace.live(30))
    server = Referee(runner_front)
    table_id = server.new_table(spec, ANN).id
    runner_front.join(table_id, BOB)
    runner_front.start(table_id)
    bob = OnlineTable(Referee(bob_front), table_id, BOB)
    before = bob.log_lines()
    # Ann's clock ran out: the server's bot decides her first decision (as the runner does).
    game = server.game(table_id)
    assert game.to_move() == 0
    server.play_stand_in(table_id, 0, game.legal_decisions()[0], StandIn.CLOCK)
    assert bob.catch_up()
    lines = bob.log_lines()
    note = "Ann's clock ran out: a bot decided for them"
    assert lines[: len(before)] == before and lines[len(before)] == note
    assert len(lines) > len(before) + 1  # the decision's own lines follow the note
    assert lines.count(note) == 1
    # The front end that stood in says the same (its game was advanced, not rebuilt).
    assert OnlineTable(server, table_id, ANN).log_lines() == lines
    # Bob decides himself: no note for that one.
    bob.submit(bob.state.legal_decisions()[0])
    assert bob.log_lines().count(note) == 1 and len(bob.log_lines()) > len(lines)


def test_the_live_clock_a_player_sees_is_the_runners_and_waits_for_a_player_who_was_away(
    store, players, clock
):
    spec = TableSpec("new-frontiers", (SeatSpec(), SeatSpec()), seed=NF_SEED, pace=Pace.live(30))
    referee = Referee(store)
    table_id = referee.new_table(spec, ANN).id
    store.join(table_id, BOB)
    store.mark_present([ANN, BOB])
    started = clock.now
    store.start(table_id)
    ann = OnlineTable(referee, table_id, ANN)
    assert ann.seconds_left(started + 5) == pytest.approx(25)
    store.mark_gone(ANN)
    clock.advance(10)
    store.mark_present([ANN])  # back after 10 s: her 30 s start again, as the runner counts
    ann.catch_up()
    assert ann.seconds_left(clock.now + 5) == pytest.approx(25)
    turn = due(store.table(table_id), referee.game(table_id), store.presence)
    assert turn is not None and turn.at == pytest.approx(clock.now + 30)
