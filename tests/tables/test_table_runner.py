"""The runner: a front end plays the tables' bots, stands in for a human whose live clock ran
out or who is away from a table that plays on, and leaves async tables and waiting ones alone;
of two front ends sharing the database exactly one plays each bot decision. On both
databases."""

from __future__ import annotations

import random
import time

import pytest

from nfgalaxy.bots import make_bot
from nfgalaxy.core.registry import game_ids, new_game
from nfgalaxy.core.replay import replay_log
from nfgalaxy.core.rng import Rng
from nfgalaxy.tables.errors import TableClosed
from nfgalaxy.tables.model import (
    Absence,
    Pace,
    SeatKind,
    SeatSpec,
    StandIn,
    Table,
    TableSpec,
    TableStatus,
)
from nfgalaxy.tables.referee import Referee
from nfgalaxy.tables.runner import BotRunner, Turn, bot_decision

ANN, BOB = "SHA256:ann", "SHA256:bob"

GAME = "new-frontiers"


def started(store, spec: TableSpec, *others: str):
    """``spec`` set up by Ann, the other humans seated, started."""
    table = Referee(store).new_table(spec, ANN)
    for fingerprint in others:
        store.join(table.id, fingerprint)
    return store.start(table.id)


def play_humans(referee: Referee, table, choose: random.Random, most: int = 10**6) -> int:
    """Play the humans' decisions while the game waits for one (up to ``most``)."""
    played = 0
    while played < most:
        game = referee.game(table.id)
        seat = game.to_move()
        if seat is None or table.spec.seats[seat].kind is SeatKind.BOT:
            return played
        referee.play(table.id, table.occupants[seat], choose.choice(game.legal_decisions()))
        played += 1
    return played


def pass_time(store, clock, seconds: float, present: list[str]) -> None:
    """Let ``seconds`` go by with ``present`` connected: their front end says so every 5 s."""
    store.mark_present(present)
    while seconds > 0:
        step = min(5.0, seconds)
        clock.advance(step)
        seconds -= step
        store.mark_present(present)


def test_the_runner_plays_a_tables_bots_to_the_end_and_the_table_finishes_with_its_result(
    database, store, players
):
    spec = TableSpec(GAME, (SeatSpec(), SeatSpec.bot("random"), SeatSpec.bot("greedy")), seed=8)
    table = started(store, spec)
    runner = BotRunner(database.connect())
    session = Referee(database.connect())  # Ann's session, on a connection of its own
    choose = random.Random(1)
    while store.table(table.id).status is TableStatus.PLAYING:
        played = play_humans(session, table, choose)
        assert runner.play_due() is None  # nothing waits for a clock here
        assert played or runner.played, "neither the human nor the bots could decide"
    finished = store.table(table.id)
    log = store.decisions(table.id)
    assert {d.seat for d in log} == {0, 1, 2}
    assert runner.played == sum(d.seat != 0 for d in log)
    assert table.id not in runner.referee.held()  # a game over is not kept in memory
    assert database.connect().try_lead(table.id)  # nor led
    assert all(d.stand_in is None for d in log)
    replayed = replay_log(GAME, spec.game_options(), [d.decision for d in log])
    assert replayed.is_over()
    assert list(finished.result.scores) == replayed.scores()


def test_a_table_that_ends_while_the_runner_goes_round_is_left_as_finished_not_broken(
    database, store, players, caplog
):
    """The last decision may be stored between the runner's reading of the tables being
    played and its look at that table: the table is finished, and nothing is a fault."""
    spec = TableSpec(GAME, (SeatSpec(), SeatSpec.bot("random")), seed=8)
    table = started(store, spec)
    runner, session, choose = BotRunner(database.connect()), Referee(store), random.Random(1)
    while True:
        stale = runner.store.playing_tables()
        game = session.game(table.id)
        if game.to_move() == 0:
            session.play(table.id, ANN, choose.choice(game.legal_decisions()))
        else:
            runner.play_due()
        if store.table(table.id).status is TableStatus.FINISHED:
            break
    runner.store.playing_tables = lambda: stale  # the round read it before the end
    with caplog.at_level("INFO", logger="nfgalaxy.tables.runner"):
        assert runner.play_due() is None
    assert not [r for r in caplog.records if r.levelname == "ERROR"]
    assert store.table(table.id).status is TableStatus.FINISHED


def test_the_same_table_gets_the_same_bot_decisions_from_any_front_end(database, players):
    """A search bot at a table thinks to its iteration budget, seeded by the table and the
    position: two front ends (here: two tables of one spec, each run by its own runner)
    make the same decisions."""
    spec = TableSpec(GAME, (SeatSpec(), SeatSpec.bot("normal")), seed=12)
    logs = []
    for _ in range(2):
        store = database.connect()
        table = started(store, spec)
        runner, session = BotRunner(database.connect()), Referee(store)
        choose = random.Random(5)
        while len(store.decisions(table.id)) < 8:
            play_humans(session, table, choose, most=1)
            runner.play_due()
            while runner.thinking:  # the search thinks in its worker: wait for its answer
                time.sleep(0.02)
                runner.play_due()
        logs.append([(d.seat, d.decision) for d in store.decisions(table.id)][:8])
        assert runner.thinker.worker_pids()  # the search thought in a process of its own
        runner.stop()
    assert logs[0] == logs[1]
    assert any(seat == 1 for seat, _ in logs[0])


@pytest.mark.parametrize("game", game_ids())
def test_a_tables_bot_decides_on_what_its_seat_sees_and_nothing_else(game):
    """Two games alike in all the bot's seat can see (the real one, and one with everything
    hidden from that seat re-dealt) get the same decision from every kind of bot."""
    real = new_game(game, players=3, seed=5)
    mover = make_bot("random", 2)
    for _ in range(31):
        real.apply(mover.choose(real))
    seat = real.to_move()
    spec = TableSpec(game, (SeatSpec(), SeatSpec.bot("greedy"), SeatSpec.bot("greedy")), seed=5)
    table = Table(1, spec, TableStatus.PLAYING, ANN, 0.0, 0.0, (ANN, None, None))
    redealt = real.view(seat, Rng(77))
    for level in ("random", "greedy", "normal"):
        turn = Turn(table.id, seat, level, 0.0)
        decision = bot_decision(table, real, turn, 31)
        assert decision in real.legal_decisions()
        assert bot_decision(table, redealt, turn, 31) == decision, level


def test_while_a_search_thinks_for_one_table_the_others_bots_go_on(database, store, players):
    slow = TableSpec(GAME, (SeatSpec.bot("expert"), SeatSpec()), seed=21)
    quick = TableSpec(GAME, (SeatSpec.bot("random"), SeatSpec()), seed=21)
    thinking, going = started(store, slow), started(store, quick)
    runner = BotRunner(database.connect())
    assert Referee(store).game(thinking.id).to_move() == 0  # the expert decides first
    began = time.monotonic()
    try:
        runner.play_due()  # the quick table plays its bot's decisions, the search starts
        assert runner.thinking
        assert store.decisions(going.id) and not store.decisions(thinking.id)
        assert time.monotonic() - began < 2.0
    finally:
        runner.stop()  # the search's worker ends with it


def test_of_two_front_ends_exactly_one_plays_each_bot_decision(database, store, players):
    spec = TableSpec(GAME, (SeatSpec(), SeatSpec.bot("random")), seed=3)
    table = started(store, spec)
    first, second = BotRunner(database.connect()), BotRunner(database.connect())
    session, choose = Referee(store), random.Random(2)
    while store.table(table.id).status is TableStatus.PLAYING:
        play_humans(session, table, choose)
        second.play_due()
        first.play_due()
    bot_decisions = sum(d.seat == 1 for d in store.decisions(table.id))
    assert second.played == bot_decisions  # it led the table from its first bot decision
    assert first.played == 0


def test_a_live_seat_whose_clock_runs_out_is_played_by_a_bot_for_that_decision_only(
    database, store, players, clock
):
    spec = TableSpec(GAME, (SeatSpec(), SeatSpec()), seed=4, pace=Pace.live(30))
    table = started(store, spec, BOB)
    store.mark_present([ANN, BOB])
    runner = BotRunner(database.connect(), stand_in_level="random", clock=clock)
    waiting = Referee(store).game(table.id).to_move()
    assert runner.play_due() == pytest.approx(store.table(table.id).clock_started + 30, abs=0.01)
    pass_time(store, clock, 29, [ANN, BOB])
    assert runner.play_due() is not None and store.decisions(table.id) == []
    pass_time(store, clock, 2, [ANN, BOB])
    runner.play_due()
    (stored,) = store.decisions(table.id)
    assert (stored.seat, stored.stand_in) == (waiting, StandIn.CLOCK)
    # The next decision has a clock of its own: nobody decides for it at once.
    assert runner.play_due() == pytest.approx(clock.now + 30, abs=0.01)
    assert len(store.decisions(table.id)) == 1


def test_an_async_table_waits_for_its_players_whatever_the_time(database, store, players, clock):
    spec = TableSpec(GAME, (SeatSpec(), SeatSpec()), seed=4, pace=Pace.by_days(1))
    table = started(store, spec, BOB)
    runner = BotRunner(database.connect(), stand_in_level="random", clock=clock)
    clock.advance(30 * 86400)
    assert runner.play_due() is None
    assert store.decisions(table.id) == []
    with pytest.raises(TableClosed, match="waits for its players"):
        game = Referee(store).game(table.id)
        Referee(store).play_stand_in(
            table.id, game.to_move(), game.legal_decisions()[0], StandIn.CLOCK
        )


def test_a_player_away_past_the_grace_period_is_played_for_until_they_come_back(
    database, store, players, clock
):
    spec = TableSpec(
        GAME, (SeatSpec(), SeatSpec()), seed=6, pace=Pace.live(20), absence=Absence.BOT, grace=60
    )
    table = started(store, spec, BOB)
    store.mark_present([ANN, BOB])
    runner = BotRunner(database.connect(), stand_in_level="random", clock=clock)
    game = Referee(store).game(table.id)
    away = table.occupants[game.to_move()]
    store.mark_gone(away)
    pass_time(
        store, clock, 59, [ANN if away == BOB else BOB]
    )  # past the clock, within the grace: the table waits for them
    assert runner.play_due() == pytest.approx(clock.now + 1, abs=0.01)
    assert store.decisions(table.id) == []
    pass_time(store, clock, 2, [ANN if away == BOB else BOB])
    runner.play_due()
    mine = [d for d in store.decisions(table.id) if table.occupants[d.seat] == away]
    assert mine and all(d.stand_in is StandIn.ABSENT for d in mine)
    # Back again: their seat is theirs, with a whole clock from their return.
    store.mark_present([away])
    session = Referee(store)
    while table.occupants[session.game(table.id).to_move()] != away:
        session.play(
            table.id, ANN if away == BOB else BOB, session.game(table.id).legal_decisions()[0]
        )
    before = len(store.decisions(table.id))
    pass_time(store, clock, 19, [ANN, BOB])
    runner.play_due()
    assert len(store.decisions(table.id)) == before


def test_a_table_that_waits_never_plays_for_an_absent_player(database, store, players, clock):
    spec = TableSpec(GAME, (SeatSpec(), SeatSpec()), seed=6, pace=Pace.live(20))
    assert spec.absence is Absence.WAIT
    table = started(store, spec, BOB)
    store.mark_present([ANN])  # Bob never came
    runner = BotRunner(database.connect(), stand_in_level="random", clock=clock)
    session = Referee(store)
    while session.game(table.id).to_move() == 0:
        session.play(table.id, ANN, session.game(table.id).legal_decisions()[0])
    clock.advance(3600)
    assert runner.play_due() is None
    assert all(d.seat == 0 for d in store.decisions(table.id))
    # Bob comes at last: his clock starts then, not when the decision began an hour ago.
    pass_time(store, clock, 19, [ANN, BOB])
    assert runner.play_due() == pytest.approx(clock.now + 1, abs=0.01)
    pass_time(store, clock, 2, [ANN, BOB])
    runner.play_due()
    assert [d.stand_in for d in store.decisions(table.id) if d.seat == 1] == [StandIn.CLOCK]
