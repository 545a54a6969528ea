"""The referee: the engine judges every decision before the store keeps it.

The store appends what it is given at the next position and judges nothing; a decision from a
session is only stored through here. The referee rebuilds the table's game from its seed and
stored log (``replay_log``: the engines are deterministic, so this is the game everyone sees),
checks that the decision comes from the seat the game is waiting for, in turn order, and that
the rules allow it (``GameState.apply`` raises ``IllegalDecision``, naming the rule), and only
then appends it, with the result when it ends the game, in one transaction.

Each front end keeps each table's game in memory and applies only the decisions stored since
(by this front end or any other): the same game, without replaying the whole log at every
decision. When an append fails (another session decided first, ``PositionTaken``) the game held
here has gone a step further than the store, so it is dropped and rebuilt on the next call: the
loser reads the table again and sees the winner's decision.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

from nfgalaxy.bots import BOT_KINDS
from nfgalaxy.core.decision import Decision, IllegalDecision
from nfgalaxy.core.protocol import GameState
from nfgalaxy.core.registry import UnknownGame, descriptor
from nfgalaxy.core.replay import replay_log
from nfgalaxy.tables.errors import (
    Refused,
    SeatRefused,
    SpecRefused,
    StoreError,
    TableClosed,
    UndoRefused,
)
from nfgalaxy.tables.model import (
    PaceKind,
    Result,
    SeatKind,
    StandIn,
    StoredDecision,
    Table,
    TableSpec,
    TableStatus,
    seat_name,
)
from nfgalaxy.tables.store import TableStore

TURN_ORDER = "turn order"


@dataclass
class _Game:
    """A table's game after the first ``length`` decisions of its log."""

    state: GameState
    length: int
    #: The last decision applied, as stored: if the store no longer holds it there, some
    #: decisions were taken back (``undo``, by any front end) and the game is rebuilt.
    last: StoredDecision | None = None
    #: Where the decisions a bot made for a human's seat begin in the game's log.
    stand_ins: list[StandInMark] = field(default_factory=list)

    def stand_in(self, seat: int, why: StandIn, log_index: int) -> None:
        """The next decision (at ``length``) is a bot's for the human in ``seat``; its log
        began at ``log_index``."""
        self.stand_ins.append(StandInMark(self.length, log_index, seat, why))


@dataclass(frozen=True)
class StandInMark:
    """A decision a bot made for the human in ``seat`` (``why``: their clock ran out, or they
    are away), at ``position`` of the table's log; ``log_index``: how many entries the game's
    log (its events, for a game that has them) held before it. A screen puts the note of it
    (``StandIn.note``) there, since the game's own log cannot tell who chose."""

    position: int
    log_index: int
    seat: int
    why: StandIn


def log_length(state: GameState) -> int:
    """The entries of a game's log: its events if it keeps them, else its lines."""
    events = getattr(state, "events", None)
    return len(events) if events is not None else len(state.log)


class Referee:
    """Judges and stores the decisions of the tables in ``store``; safe to share between
    the threads of one front end."""

    def __init__(self, store: TableStore) -> None:
        self.store = store
        self._games: dict[int, _Game] = {}
        self._lock = threading.RLock()

    def new_table(self, spec: TableSpec, host: str) -> Table:
        """Set up a table, once the game has agreed to its spec: an installed game, a number
        of seats it plays, bots of known levels, options it starts with."""
        try:
            game = descriptor(spec.game)
        except UnknownGame as error:
            raise SpecRefused(str(error)) from None
        for number, seat in enumerate(spec.seats):
            if seat.kind is SeatKind.BOT and seat.level not in BOT_KINDS:
                raise SpecRefused(
                    f"seat {number + 1}: no bot is called {seat.level!r} "
                    f"(choose {', '.join(BOT_KINDS)})"
                )
        try:
            game.check_players(len(spec.seats))
            game.new_game(len(spec.seats), spec.seed, spec.game_options())
        except (ValueError, TypeError, KeyError) as error:
            raise SpecRefused(f"{game.title} cannot start so: {error}") from None
        return self.store.create(spec, host)

    def game(self, table_id: int) -> GameState:
        """The table's game after every decision stored so far. It is the referee's own:
        read it, never apply to it (decide through ``play``)."""
        return self.game_of(self.store.table(table_id))

    def game_of(self, table: Table) -> GameState:
        """``game`` for a table record just read (one read of the table fewer)."""
        with self._lock:
            return self._current(table).state

    def last_decision(self, table_id: int) -> StoredDecision | None:
        """The last decision of the game ``game`` last returned (None before the first): its
        time is when the decision awaited became due, with no read of the store."""
        with self._lock:
            game = self._games.get(table_id)
            return game.last if game is not None else None

    def stand_ins(self, table_id: int) -> tuple[StandInMark, ...]:
        """Where bots stood in for humans in the game ``game`` last returned, in order."""
        with self._lock:
            game = self._games.get(table_id)
            return tuple(game.stand_ins) if game is not None else ()

    def held(self) -> frozenset[int]:
        """The tables whose game this referee holds in memory."""
        with self._lock:
            return frozenset(self._games)

    def forget(self, table_id: int) -> None:
        """Drop the game held for a table (one that ended): a long-running front end keeps
        only the games still being played. Read again, it is rebuilt from the log."""
        with self._lock:
            self._games.pop(table_id, None)

    def play(
        self, table_id: int, player: str, decision: Decision | dict[str, Any]
    ) -> StoredDecision:
        """Judge and store a decision by the human ``player`` (a key's fingerprint), in the
        seat they hold at the table."""
        table = self.store.table(table_id)
        seat = table.seat_of(player)
        if seat is None:
            raise SeatRefused(f"you have no seat at table {table_id}")
        return self._judge(table, seat, decision)

    def play_bot(
        self, table_id: int, seat: int, decision: Decision | dict[str, Any]
    ) -> StoredDecision:
        """Judge and store a decision by the bot in ``seat`` (for the front end leading the
        table, ``TableStore.try_lead``)."""
        table = self.store.table(table_id)
        seats = table.spec.seats
        if not 0 <= seat < len(seats) or seats[seat].kind is not SeatKind.BOT:
            raise SeatRefused(f"seat {seat + 1} of table {table_id} is not a bot's")
        return self._judge(table, seat, decision)

    def play_stand_in(
        self,
        table_id: int,
        seat: int,
        decision: Decision | dict[str, Any],
        why: StandIn,
    ) -> StoredDecision:
        """Judge and store a decision a bot made for the human in ``seat`` of a live table
        (their clock ran out, or they are away and the table plays on), with the reason,
        which the log shows. An async table waits for its players: it has no stand-ins."""
        table = self.store.table(table_id)
        seats = table.spec.seats
        if not 0 <= seat < len(seats) or seats[seat].kind is not SeatKind.HUMAN:
            raise SeatRefused(f"seat {seat + 1} of table {table_id} is not a human's")
        if table.spec.pace.kind is not PaceKind.LIVE:
            raise TableClosed(f"table {table_id} is played over days: it waits for its players")
        return self._judge(table, seat, decision, why)

    def _judge(
        self,
        table: Table,
        seat: int,
        decision: Decision | dict[str, Any],
        stand_in: StandIn | None = None,
    ) -> StoredDecision:
        if table.status is not TableStatus.PLAYING:
            raise TableClosed(table.refusal("decide"))
        if not isinstance(decision, Decision):
            try:
                decision = Decision.from_json(decision)
            except ValueError as error:
                raise Refused(str(error)) from None
        with self._lock:
            game = self._current(table)
            to_move = game.state.to_move()
            if to_move is None:
                raise TableClosed(f"the game at table {table.id} is over")
            if seat != to_move:
                raise IllegalDecision(
                    TURN_ORDER, f"it is seat {to_move + 1}'s turn to decide, not seat {seat + 1}'s"
                )
            mark = log_length(game.state)
            game.state.apply(decision)  # raises IllegalDecision and changes nothing
            state = game.state
            result = (
                Result(tuple(state.scores()), tuple(state.winners())) if state.is_over() else None
            )
            try:
                stored = self.store.append(
                    table.id,
                    game.length,
                    seat,
                    decision.to_json(),
                    result=result,
                    stand_in=stand_in,
                )
            except BaseException:
                # The game here is a decision ahead of the store now: rebuild it next time.
                del self._games[table.id]
                raise
            if stand_in is not None:
                game.stand_in(seat, stand_in, mark)
            game.length += 1
            game.last = stored
            return stored

    def may_undo(self, table_id: int, player: str) -> int | None:
        """The position ``player`` may take their decisions back to, or None: the last ones
        at the table are theirs, nothing was revealed since (the engine's ``undo_point``),
        and the table is not rated (a rated game is played as decided)."""
        table = self.store.table(table_id)
        seat = table.seat_of(player)
        if seat is None or table.spec.rated or table.status is not TableStatus.PLAYING:
            return None
        with self._lock:
            state = self._current(table).state
            if not state.history or state.history[-1].get("seat") != seat:
                return None
            return state.undo_point(seat)

    def undo(self, table_id: int, player: str) -> list[StoredDecision]:
        """Take back ``player``'s last decisions (see ``may_undo``); raises ``UndoRefused``
        in words when they may not, nothing changed."""
        with self._lock:
            point = self.may_undo(table_id, player)
            if point is None:
                raise UndoRefused(
                    "nothing of yours to take back: another player has acted, something new "
                    "was revealed, or the table is rated"
                )
            table = self.store.table(table_id)
            seat = table.seat_of(player)
            assert seat is not None  # may_undo said so
            try:
                return self.store.retract(table_id, point, seat)
            finally:
                self._games.pop(table_id, None)

    def _current(self, table: Table) -> _Game:
        """The table's game, brought up to its stored log."""
        game = self._games.get(table.id)
        news: list[StoredDecision] | None = None
        if game is not None and game.last is not None:
            read = self.store.decisions(table.id, since=game.last.position)
            if read and read[0] == game.last:
                news = read[1:]
            else:
                game = None  # taken back since (and perhaps decided again)
        if game is None:
            spec = table.spec
            options = {**spec.game_options(), "names": seat_names(self.store, table)}
            game = _Game(replay_log(spec.game, options, []), 0)
        if news is None:
            news = self.store.decisions(table.id, since=game.length)
        for stored in news:
            if stored.seat != game.state.to_move():
                raise StoreError(
                    f"table {table.id}'s log is not a game: decision {stored.position} is by "
                    f"seat {stored.seat + 1}, out of turn"
                )
            if stored.stand_in is not None:
                game.stand_in(stored.seat, stored.stand_in, log_length(game.state))
            try:
                game.state.apply(Decision.from_json(stored.decision))
            except (IllegalDecision, ValueError) as error:
                raise StoreError(
                    f"table {table.id}'s log is not a game: decision {stored.position}: {error}"
                ) from error
            game.length += 1
            game.last = stored
        self._games[table.id] = game
        return game


def seat_names(store: TableStore, table: Table) -> list[str]:
    """The names the game gives its seats (``seat_name``): those kept when it finished, else
    each player's display name of now. Words only: the rules never read them, so a game
    rebuilt after a rename is the same game."""
    if table.names is not None:
        return list(table.names)
    names = []
    for number, (seat, who) in enumerate(zip(table.spec.seats, table.occupants, strict=True)):
        player = store.player(who) if who else None
        names.append(seat_name(number, seat, player.name if player else None))
    return names
