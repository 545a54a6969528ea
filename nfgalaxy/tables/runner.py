"""The runner: a front end plays the tables' bots, and stands in for humans on live tables.

A table with bots goes on whoever is connected: every ``nfgalaxy serve`` runs a ``BotRunner``
in a thread, over a store connection of its own. At each round over the tables being played
(``TableStore.playing_tables``) it asks who the game waits for (``due``):

* a bot seat: it decides now;
* a human on a live table whose per-decision clock has run out: a bot decides that one
  decision for them (``StandIn.CLOCK``). The clock starts with the decision waited for, or
  when the player came back, whichever is later;
* a human on a live table away for its grace period, where the table plays on
  (``Absence.BOT``): a bot plays for them (``StandIn.ABSENT``) until they come back;
* anyone else, on an async table, or on a live table that waits: nothing; the table waits.

Only the front end leading a table (``TableStore.try_lead``: an advisory lock in PostgreSQL, a
file lock in SQLite) plays for it, so of several front ends sharing a database exactly one
decides each bot decision; a killed leader's locks go with its connection and another front end
(or the same one restarted) takes the table over. Every decision goes through the referee, as a
player's does. A bot decides from its seat's view only, with its iteration budget and no time
cap (``make_bot(..., timed=False)``) and a seed from the table's seed and the position, so any
front end, however loaded, makes the same decision: a restarted runner replays none and
changes none. A search thinks in a worker process of its own, as in the app, and the other
tables go on meanwhile: a later round stores its answer, if the table still waits for it.

It wakes when a decision is stored anywhere (``TableStore.subscribe``), when a clock or a grace
period runs out, and every ``RESCAN_SECONDS`` for what gives no notice (a table started, a
player gone). Nothing here is a game or a screen.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass

from nfgalaxy.bots import Bot, make_bot
from nfgalaxy.bots.worker import Thinker
from nfgalaxy.core.decision import Decision, IllegalDecision
from nfgalaxy.core.protocol import GameState
from nfgalaxy.core.rng import Rng
from nfgalaxy.tables.errors import PositionTaken, Refused, StoreError
from nfgalaxy.tables.model import (
    Absence,
    PaceKind,
    Presence,
    Result,
    SeatKind,
    StandIn,
    Table,
    TableStatus,
)
from nfgalaxy.tables.referee import Referee
from nfgalaxy.tables.store import TableStore

log = logging.getLogger(__name__)

#: The bot that decides for a human whose clock ran out or who is away: quick enough to keep
#: a live table moving, better than a random move.
STAND_IN_LEVEL = "normal"
#: The longest the runner sleeps between rounds when no decision wakes it.
RESCAN_SECONDS = 0.5
#: How often it looks for a search's answer while one thinks.
THINKING_POLL = 0.05
_SEED_MIX = 0x9E3779B97F4A7C15


@dataclass(frozen=True)
class Turn:
    """What a table waits for from the runner: a decision for ``seat`` by a bot of ``level``,
    due ``at`` (Unix seconds); ``stand_in`` says why, when the seat is a human's."""

    table_id: int
    seat: int
    level: str
    at: float
    stand_in: StandIn | None = None


def due(
    table: Table,
    game: GameState,
    presence: Callable[[str], Presence],
    stand_in_level: str = STAND_IN_LEVEL,
) -> Turn | None:
    """The decision the runner owes ``table`` next, and when; None when the table waits for a
    human (or is over)."""
    seat = game.to_move()
    if seat is None:
        return None
    spec = table.spec
    kind = spec.seats[seat]
    if kind.kind is SeatKind.BOT:
        assert kind.level is not None
        return Turn(table.id, seat, kind.level, table.clock_started)
    occupant = table.occupants[seat]
    if spec.pace.kind is not PaceKind.LIVE or occupant is None:
        return None
    seen = presence(occupant)
    if seen.here:
        began = max(table.clock_started, seen.since)
        return Turn(table.id, seat, stand_in_level, began + spec.pace.amount, StandIn.CLOCK)
    if spec.absence is Absence.BOT:
        return Turn(table.id, seat, stand_in_level, seen.since + spec.grace, StandIn.ABSENT)
    return None  # away from a table that waits: its clock stands still


def bot_seed(table: Table, seat: int, position: int) -> int:
    """The seed of the bot deciding at ``position``: from the table's seed, the seat and the
    position alone, so every front end (and a restarted one) seeds it alike."""
    mixed = (table.spec.seed * _SEED_MIX + position * 1_000_003 + seat) % 2**64
    return mixed ^ (mixed >> 29)


def _bot_and_view(
    table: Table, game: GameState, turn: Turn, position: int
) -> tuple[Bot, GameState]:
    """The bot deciding for ``turn.seat`` at ``position`` of the table's log, and that seat's
    view of ``game``: all it may decide on."""
    seed = bot_seed(table, turn.seat, position)
    return make_bot(turn.level, seed, timed=False), game.view(turn.seat, Rng(seed))


def bot_decision(table: Table, game: GameState, turn: Turn, position: int) -> Decision:
    """The bot's decision for ``turn.seat`` at ``position`` of the table's log, from that
    seat's view of ``game`` only, thought here (the runner thinks in ``BotRunner.thinker``:
    the same decision)."""
    bot, view = _bot_and_view(table, game, turn, position)
    return bot.choose(view)


@dataclass
class _Thought:
    """A search under way in the worker for a table's ``turn`` at ``position``."""

    turn: Turn
    position: int
    answer: Future[tuple[Decision, Bot]]

    def serves(self, turn: Turn, position: int) -> bool:
        """Whether it answers ``turn`` at ``position`` (the same seat, bot and place: the
        same decision, whatever the reason it is made for)."""
        mine = (self.turn.seat, self.turn.level, self.position)
        return mine == (turn.seat, turn.level, position)


class BotRunner:
    """Plays the bots and stand-ins of the tables this front end leads (see the module)."""

    def __init__(
        self,
        store: TableStore,
        stand_in_level: str = STAND_IN_LEVEL,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.referee = Referee(store)
        #: Where the bots think: a search in a worker process, the quick bots in a thread.
        self.thinker = Thinker()
        self.stand_in_level = stand_in_level
        self._clock = clock
        #: Tables whose log this runner cannot play on (a fault, logged once).
        self._broken: set[int] = set()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        #: Decisions this runner stored, for the tests and the log.
        self.played = 0
        #: Searches under way, by table: other tables go on meanwhile.
        self._thinking: dict[int, _Thought] = {}

    @property
    def thinking(self) -> bool:
        """Whether a search is thinking for a table (a later round stores its answer)."""
        return bool(self._thinking)

    # -- one round ----------------------------------------------------------------------

    def play_due(self) -> float | None:
        """Play, round after round over the tables being played, every decision due now at a
        table this front end leads (one a table a round, so no table holds the others up);
        then the Unix time the next one falls due, or None if none will by itself."""
        while not self._stop.is_set():
            played, wake = self._round()
            if not played:
                return wake
        return None

    def _round(self) -> tuple[bool, float | None]:
        played = False
        wake: float | None = None
        tables = self.store.playing_tables()
        for table in tables:
            if self._stop.is_set():
                break
            if table.id in self._broken:
                continue
            try:
                turn = self._turn(table)
                if turn is None:
                    continue
                if turn.at > self._clock():
                    wake = turn.at if wake is None else min(wake, turn.at)
                    continue
                played |= self._play(table, turn)
            except PositionTaken as taken:
                # A human decided as their stand-in did: theirs stands. Look again.
                log.info("table %d: position %d was taken meanwhile", table.id, taken.position)
                played = True
            except Refused as error:
                # The table changed since this round read it (it ended, was abandoned): the
                # next round reads it again.
                log.info("table %d: %s", table.id, error)
            except (IllegalDecision, StoreError) as error:
                self._broken.add(table.id)
                log.error("table %d: the runner stops playing it: %s", table.id, error)
        for table_id in set(self._thinking) - {table.id for table in tables}:
            self._thinking.pop(table_id).answer.cancel()  # the table ended meanwhile
        if self._thinking:
            soon = self._clock() + THINKING_POLL
            wake = soon if wake is None else min(wake, soon)
        return played, wake

    def _turn(self, table: Table) -> Turn | None:
        game = self.referee.game(table.id)
        if game.is_over():
            self._ended(table.id)
            # Its last decision stored the result with it (since this round read the table,
            # often); this only mends a table whose end was not recorded.
            if self.store.table(table.id).status is TableStatus.PLAYING:
                self.store.finish(table.id, Result(tuple(game.scores()), tuple(game.winners())))
            return None
        return due(table, game, self.store.presence, self.stand_in_level)

    def _play(self, table: Table, turn: Turn) -> bool:
        """Decide for ``turn`` if this front end leads the table; whether it stored one."""
        if not self.store.try_lead(table.id):
            return False  # another front end plays this table's bots
        game = self.referee.game(table.id)
        if game.to_move() != turn.seat:
            return True  # it moved on since this round read it
        decision = self._decision(table, game, turn)
        if decision is None:
            return False  # still thinking
        if turn.stand_in is None:
            stored = self.referee.play_bot(table.id, turn.seat, decision)
        else:
            stored = self.referee.play_stand_in(table.id, turn.seat, decision, turn.stand_in)
        self.played += 1
        why = f", standing in ({turn.stand_in.value})" if turn.stand_in else ""
        log.info(
            "table %d: seat %d (%s) decided at position %d%s",
            table.id,
            turn.seat + 1,
            turn.level,
            stored.position,
            why,
        )
        if self.referee.game(table.id).is_over():
            self._ended(table.id)
        return True

    def _decision(self, table: Table, game: GameState, turn: Turn) -> Decision | None:
        """The bot's decision for ``turn``, or None while its search is thinking. A quick bot
        answers at once; a search thinks in the worker process while the other tables go on,
        and a later round takes its answer."""
        position = len(game.history)
        thought = self._thinking.get(table.id)
        if thought is not None and not thought.serves(turn, position):
            self._thinking.pop(table.id).answer.cancel()  # the table moved on
            thought = None
        if thought is None:
            bot, view = _bot_and_view(table, game, turn, position)
            answer = self.thinker.choose(bot, view)
            if not getattr(bot, "thinks_long", False):
                return answer.result()[0]
            thought = self._thinking[table.id] = _Thought(turn, position, answer)
        if not thought.answer.done():
            return None
        del self._thinking[table.id]
        return thought.answer.result()[0]

    def _ended(self, table_id: int) -> None:
        """A game over: its bots need no leader, and its game no place in memory."""
        self.store.release(table_id)
        self.referee.forget(table_id)

    # -- the thread ---------------------------------------------------------------------

    def run(self) -> None:
        """Play until ``stop``: a round whenever a decision is stored, a turn falls due, or
        ``RESCAN_SECONDS`` pass. A round that fails (a database away for a moment, a bot's
        worker killed: it is replaced on the next request) is logged and tried again."""
        while not self._stop.is_set():
            try:
                with self.store.subscribe() as subscription:
                    while not self._stop.is_set():
                        wake = self.play_due()
                        wait = RESCAN_SECONDS
                        if wake is not None:
                            wait = max(0.0, min(wait, wake - self._clock()))
                        subscription.wait(wait)
            except Exception:
                if self._stop.is_set():
                    break
                log.exception("the bot runner's round failed; trying again")
                self._stop.wait(RESCAN_SECONDS)

    def start(self) -> None:
        """Run in a daemon thread of this process."""
        self._thread = threading.Thread(target=self._run_logged, name="nfgalaxy-runner")
        self._thread.daemon = True
        self._thread.start()

    def _run_logged(self) -> None:
        try:
            self.run()
        except Exception:
            log.exception("the bot runner stopped")
            raise

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def stop(self, timeout: float = 10.0) -> None:
        """Stop after the decision being made, if any."""
        self._stop.set()
        self.thinker.close()  # a search under way ends with its worker, unheard
        if self._thread is not None:
            self._thread.join(timeout)
