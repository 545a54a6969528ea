"""The table store: players, tables, their decision logs and chat, in SQLite or PostgreSQL.

Every operation that writes is one transaction, committed (and so durable: SQLite syncs its
write-ahead log on commit, PostgreSQL commits) before the call returns (a read on PostgreSQL
runs each statement on its own, see ``postgres_store``); whatever it refuses raises a
``Refused`` inside the transaction, which then rolls back, so a refusal stores nothing. The
store keeps the rules that need the database to be kept at all: a decision goes only at the
next position of its table's log (``append`` and ``PositionTaken``), a name is one player's,
a player takes one seat at a table, a flood of chat is cut off. It does not judge decisions:
that is the engine's, through ``nfgalaxy.tables.referee``.

The operations are written once here, in the SQL both databases share, over ``Transaction``
(rows and changes, with ``?`` parameters); ``sqlite_store`` and ``postgres_store`` supply the
connections, the notices of new decisions (``subscribe``) and the election of the front end
that plays a table's bots (``try_lead``).

The class is written in five parts: ``store_core`` (the connections' footing and the
migrations), ``player_store`` (players and who is connected), ``rating_store`` (ratings, moved
as a rated table finishes), ``record_keeping`` (each finished table's record, made as it
finishes) and this module (tables, their decision logs and chat).

Concurrency: a write to a table first stamps the table's ``updated`` time. In SQLite every
write transaction is exclusive anyway (``BEGIN IMMEDIATE``); in PostgreSQL that update locks
the table's row, so the writes to one table happen one after another and each sees the last
one's result, while other tables go on. The primary key on ``(table_id, position)`` stands
behind it: two sessions deciding at the same position cannot both be stored.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from nfgalaxy.tables.dialect import Duplicate, Transaction
from nfgalaxy.tables.errors import (
    ChatRefused,
    PositionTaken,
    Refused,
    SeatRefused,
    TableClosed,
    UndoRefused,
    UnknownPlayer,
    UnknownTable,
)
from nfgalaxy.tables.model import (
    CHAT_BURST,
    CHAT_WINDOW,
    Absence,
    ChatLine,
    Pace,
    PaceKind,
    Result,
    SeatKind,
    SeatSpec,
    StandIn,
    StoredDecision,
    Table,
    TableSpec,
    TableStatus,
    Visibility,
    chat_problem,
    seat_name,
)
from nfgalaxy.tables.record_keeping import RecordKeeping

_TABLE_COLUMNS = (
    "t.id, t.game, t.options, t.seed, t.pace, t.pace_amount, t.visibility, t.invitation, "
    "t.rated, t.status, t.host, t.created, t.updated, t.result, t.absence, t.grace, "
    "t.finished, t.ladder, t.spectators, s.seat, s.kind, s.level, s.occupant, s.name"
)


class TableStore(RecordKeeping):
    """The store's operations, the same for both databases (see the module docstring):
    tables and their seats, decision logs and chat here, their records in ``RecordKeeping``,
    ratings in ``RatingStore``, players
    in ``PlayerStore``, the connections and migrations under them all in ``StoreCore``."""

    # -- tables -------------------------------------------------------------------------

    def create(self, spec: TableSpec, host: str) -> Table:
        """A new open table; its host takes its first human seat."""
        now = self._clock()
        with self._transaction(write=True) as tx:
            self._known_player(tx, host)
            ((table_id,),) = tx.rows(
                "INSERT INTO tables (game, options, seed, pace, pace_amount, visibility, "
                "invitation, rated, status, host, created, updated, absence, grace, ladder, "
                "spectators) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (
                    spec.game,
                    json.dumps(spec.options, sort_keys=True),
                    spec.seed,
                    spec.pace.kind.value,
                    spec.pace.amount,
                    spec.visibility.value,
                    spec.invitation,
                    spec.rated,
                    TableStatus.OPEN.value,
                    host,
                    now,
                    now,
                    spec.absence.value,
                    spec.grace,
                    spec.ladder,
                    spec.spectators,
                ),
            )
            first_human = next(n for n, s in enumerate(spec.seats) if s.kind is SeatKind.HUMAN)
            for number, seat in enumerate(spec.seats):
                tx.change(
                    "INSERT INTO seats (table_id, seat, kind, level, occupant) "
                    "VALUES (?, ?, ?, ?, ?)",
                    (table_id, number, seat.kind.value, seat.level,
                     host if number == first_human else None),
                )  # fmt: skip
            return self._table(tx, table_id)

    def table(self, table_id: int) -> Table:
        """A table by id; raises ``UnknownTable``."""
        with self._transaction(write=False) as tx:
            return self._table(tx, table_id)

    def open_tables(self) -> list[Table]:
        """The tables of the lobby: open ones with seats being taken (private ones are not
        listed: their players know their number and code)."""
        with self._transaction(write=False) as tx:
            return self._tables(
                tx,
                "t.status = ? AND t.visibility = ?",
                (TableStatus.OPEN.value, Visibility.OPEN.value),
            )

    def playing_tables(self) -> list[Table]:
        """Every table being played, oldest first: the runner's round of the tables whose
        bots, clocks and absent players it may have to play for."""
        with self._transaction(write=False) as tx:
            return self._tables(tx, "t.status = ?", (TableStatus.PLAYING.value,))

    def tables_in_play(self) -> list[Table]:
        """The open tables being played, to watch (a private table's game is its players')."""
        with self._transaction(write=False) as tx:
            return self._tables(
                tx,
                "t.status = ? AND t.visibility = ?",
                (TableStatus.PLAYING.value, Visibility.OPEN.value),
            )

    def tables_of(self, fingerprint: str) -> list[Table]:
        """Every table ``fingerprint`` sits at, whatever its status, oldest first."""
        with self._transaction(write=False) as tx:
            return self._tables(
                tx, "t.id IN (SELECT table_id FROM seats WHERE occupant = ?)", (fingerprint,)
            )

    def join(
        self,
        table_id: int,
        fingerprint: str,
        seat: int | None = None,
        invitation: str | None = None,
    ) -> Table:
        """Take a free human seat (the first one if ``seat`` is None) of an open table; a
        private table needs its invitation code."""
        with self._transaction(write=True) as tx:
            self._known_player(tx, fingerprint)
            table = self._claim(tx, table_id, TableStatus.OPEN, "take a seat")
            spec = table.spec
            code = spec.invitation
            if code is not None and not secrets.compare_digest(code, invitation or ""):
                raise SeatRefused(f"table {table_id} is private: that is not its invitation code")
            mine = table.seat_of(fingerprint)
            if mine is not None:
                raise SeatRefused(f"you already sit at table {table_id}, in seat {mine + 1}")
            free = table.free_seats()
            if seat is None:
                if not free:
                    raise SeatRefused(f"table {table_id} has no free seat")
                seat = free[0]
            elif seat not in free:
                raise SeatRefused(f"seat {seat + 1} of table {table_id} is not a free seat")
            try:
                taken = tx.change(
                    "UPDATE seats SET occupant = ? "
                    "WHERE table_id = ? AND seat = ? AND occupant IS NULL",
                    (fingerprint, table_id, seat),
                )
            except Duplicate:
                raise SeatRefused(f"you already sit at table {table_id}") from None
            if taken != 1:
                raise SeatRefused(f"seat {seat + 1} of table {table_id} was just taken")
            return self._table(tx, table_id)

    def leave(self, table_id: int, fingerprint: str) -> Table:
        """Give up a seat before the game starts; a table nobody sits at is abandoned."""
        with self._transaction(write=True) as tx:
            table = self._claim(tx, table_id, TableStatus.OPEN, "leave it")
            if table.seat_of(fingerprint) is None:
                raise SeatRefused(f"you have no seat at table {table_id}")
            tx.change(
                "UPDATE seats SET occupant = NULL WHERE table_id = ? AND occupant = ?",
                (table_id, fingerprint),
            )
            if not tx.rows(
                "SELECT 1 FROM seats WHERE table_id = ? AND occupant IS NOT NULL", (table_id,)
            ):
                self._set_status(tx, table_id, TableStatus.ABANDONED)
            return self._table(tx, table_id)

    def start(self, table_id: int) -> Table:
        """Start the game of an open table whose human seats are all taken."""
        with self._transaction(write=True) as tx:
            table = self._claim(tx, table_id, TableStatus.OPEN, "start")
            free = table.free_seats()
            if free:
                seats = ", ".join(str(n + 1) for n in free)
                raise TableClosed(f"table {table_id} cannot start: seats {seats} are free")
            self._set_status(tx, table_id, TableStatus.PLAYING)
            return self._table(tx, table_id)

    def finish(self, table_id: int, result: Result) -> Table:
        """Record the end of a game being played (``append`` can do it with the last
        decision, in the same transaction)."""
        with self._transaction(write=True) as tx:
            self._claim(tx, table_id, TableStatus.PLAYING, "finish")
            self._set_status(tx, table_id, TableStatus.FINISHED, result)
            return self._table(tx, table_id)

    def abandon(self, table_id: int) -> Table:
        """Give up a table that is open or being played."""
        with self._transaction(write=True) as tx:
            table = self._claim(tx, table_id, None, "abandon")
            if table.status not in (TableStatus.OPEN, TableStatus.PLAYING):
                raise TableClosed(f"table {table_id} is {table.status.value} already")
            self._set_status(tx, table_id, TableStatus.ABANDONED)
            return self._table(tx, table_id)

    def _claim(
        self, tx: Transaction, table_id: int, status: TableStatus | None, doing: str
    ) -> Table:
        """The table, for a write: stamping its time takes its row lock (PostgreSQL), so
        writes to one table are serialised and each sees the one before. Refuses an unknown
        table and one not in ``status``."""
        if not tx.rows(
            "UPDATE tables SET updated = ? WHERE id = ? RETURNING id", (self._clock(), table_id)
        ):
            raise UnknownTable(f"there is no table {table_id}")
        table = self._table(tx, table_id)
        if status is not None and table.status is not status:
            raise TableClosed(table.refusal(doing))
        return table

    def _set_status(
        self, tx: Transaction, table_id: int, status: TableStatus, result: Result | None = None
    ) -> None:
        tx.change(
            "UPDATE tables SET status = ?, result = ? WHERE id = ?",
            (status.value, result.to_json() if result else None, table_id),
        )
        if status is TableStatus.FINISHED:
            self._keep_for_the_record(tx, table_id)
            finished = self._table(tx, table_id)
            self._keep_record(tx, finished)
            self._rate(tx, finished)

    def _keep_for_the_record(self, tx: Transaction, table_id: int) -> None:
        """When the game ended and its seats' names then, for its record."""
        table = self._table(tx, table_id)
        tx.change("UPDATE tables SET finished = ? WHERE id = ?", (self._clock(), table_id))
        for number, (seat, who) in enumerate(zip(table.spec.seats, table.occupants, strict=True)):
            player = self._player(tx, who) if who else None
            tx.change(
                "UPDATE seats SET name = ? WHERE table_id = ? AND seat = ?",
                (seat_name(number, seat, player.name if player else None), table_id, number),
            )

    def rate(self, table_id: int) -> bool:
        """Move the ratings by a finished rated table's result if that is not done yet (it
        is done as it finishes): True when done now, False when done before or when the
        table is not rated or not finished."""
        with self._transaction(write=True) as tx:
            self._claim(tx, table_id, None, "rate it")
            return self._rate(tx, self._table(tx, table_id))

    def finished_tables(self) -> list[Table]:
        """Every finished table, the last finished first: the online games' records."""
        with self._transaction(write=False) as tx:
            found = self._tables(tx, "t.status = ?", (TableStatus.FINISHED.value,))
        return sorted(found, key=lambda t: (t.finished or t.updated, t.id), reverse=True)

    def _table(self, tx: Transaction, table_id: int) -> Table:
        found = self._tables(tx, "t.id = ?", (table_id,))
        if not found:
            raise UnknownTable(f"there is no table {table_id}")
        return found[0]

    def _tables(self, tx: Transaction, where: str, params: Sequence[Any]) -> list[Table]:
        rows = tx.rows(
            f"SELECT {_TABLE_COLUMNS} FROM tables t JOIN seats s ON s.table_id = t.id "
            f"WHERE {where} ORDER BY t.id, s.seat",
            params,
        )
        grouped: dict[int, list[tuple[Any, ...]]] = {}
        for row in rows:
            grouped.setdefault(row[0], []).append(row)
        return [_table_from_rows(group) for group in grouped.values()]

    # -- decisions ----------------------------------------------------------------------

    def append(
        self,
        table_id: int,
        position: int,
        seat: int,
        decision: Mapping[str, Any],
        *,
        result: Result | None = None,
        stand_in: StandIn | None = None,
    ) -> StoredDecision:
        """Store ``decision`` (its JSON form) by ``seat`` at ``position`` of the table's log,
        which must be the next one (else ``PositionTaken``); with ``result``, the game ends
        with it; ``stand_in`` says why a bot made it for a human's seat. The store does not
        judge the decision: ``referee`` does, before."""
        if not isinstance(decision, Mapping):
            raise Refused("a decision is a JSON object")
        try:
            text = json.dumps(decision, sort_keys=True, separators=(",", ":"))
        except (TypeError, ValueError) as error:
            raise Refused(f"a decision is a JSON object: {error}") from None
        now = self._clock()
        with self._transaction(write=True) as tx:
            table = self._claim(tx, table_id, TableStatus.PLAYING, "decide")
            if not 0 <= seat < len(table.spec.seats):
                raise SeatRefused(f"table {table_id} has no seat {seat + 1}")
            if stand_in is not None and table.spec.seats[seat].kind is not SeatKind.HUMAN:
                raise SeatRefused(f"seat {seat + 1} of table {table_id} is a bot's: no stand-in")
            current = self._length(tx, table_id)
            if position != current:
                raise PositionTaken(table_id, position, current)
            try:
                tx.change(
                    "INSERT INTO decisions (table_id, position, seat, decision, at, stand_in) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    (table_id, position, seat, text, now, stand_in.value if stand_in else None),
                )
            except Duplicate:
                raise PositionTaken(table_id, position, position + 1) from None
            if result is not None:
                self._set_status(tx, table_id, TableStatus.FINISHED, result)
            self._announce(tx, table_id, position)
        return StoredDecision(table_id, position, seat, json.loads(text), now, stand_in)

    def retract(self, table_id: int, since: int, seat: int) -> list[StoredDecision]:
        """Take back the decisions of the table's log from position ``since`` on: all by
        ``seat``, and the last ones (else ``UndoRefused``), at a table not rated. Whether the
        rules allow it (nothing revealed since) is the referee's to judge, before. The other
        sessions are told, as of a new decision at ``since``."""
        with self._transaction(write=True) as tx:
            table = self._claim(tx, table_id, TableStatus.PLAYING, "take a decision back")
            if table.spec.rated:
                raise UndoRefused(f"table {table_id} is rated: no decision is taken back")
            rows = tx.rows(
                "SELECT position, seat, decision, at FROM decisions "
                "WHERE table_id = ? AND position >= ? ORDER BY position",
                (table_id, since),
            )
            if not rows or any(row[1] != seat for row in rows):
                raise UndoRefused("nothing of yours to take back: another player has acted since")
            tx.change(
                "DELETE FROM decisions WHERE table_id = ? AND position >= ?", (table_id, since)
            )
            tx.change(
                "INSERT INTO retractions (table_id, position, seat, decisions, at, log_mark) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (table_id, since, seat, json.dumps([json.loads(r[2]) for r in rows]),
                 self._clock(), self._log_mark(tx)),
            )  # fmt: skip
            self._announce(tx, table_id, since)
        return [StoredDecision(table_id, p, s, json.loads(d), at) for p, s, d, at in rows]

    def decisions(self, table_id: int, since: int = 0) -> list[StoredDecision]:
        """The table's log from position ``since`` on, in order."""
        with self._transaction(write=False) as tx:
            rows = tx.rows(
                "SELECT position, seat, decision, at, stand_in FROM decisions "
                "WHERE table_id = ? AND position >= ? ORDER BY position",
                (table_id, since),
            )
            if not rows:  # none yet, or no such table (which raises): a front end asks
                self._table(tx, table_id)  # at every notice, so the usual case reads once
        return [
            StoredDecision(table_id, p, s, json.loads(d), at, StandIn(why) if why else None)
            for p, s, d, at, why in rows
        ]

    def _length(self, tx: Transaction, table_id: int) -> int:
        return int(
            tx.rows(
                "SELECT COALESCE(MAX(position) + 1, 0) FROM decisions WHERE table_id = ?",
                (table_id,),
            )[0][0]
        )

    # -- chat ---------------------------------------------------------------------------

    def say(self, table_id: int, fingerprint: str, text: str) -> ChatLine:
        """Add a line to a table's chat: at most ``CHAT_BURST`` lines by one player at one
        table in ``CHAT_WINDOW`` seconds. A private table's chat is its players'."""
        text = text.strip() if isinstance(text, str) else text
        problem = chat_problem(text)
        if problem:
            raise ChatRefused(problem)
        now = self._clock()
        with self._transaction(write=True) as tx:
            # Stamping the player's row first takes its lock (PostgreSQL): one player's lines
            # from several front ends are counted one after another, so a flood cannot slip
            # between the count and the insert.
            if not tx.change(
                "UPDATE players SET last_chat = ? WHERE fingerprint = ?", (now, fingerprint)
            ):
                raise UnknownPlayer("this key has no name on this server yet: pick one first")
            table = self._table(tx, table_id)
            refusal = table.watch_refusal(fingerprint)
            if refusal is not None:
                raise ChatRefused(refusal)
            ((recent,),) = tx.rows(
                "SELECT COUNT(*) FROM chat WHERE table_id = ? AND author = ? AND at > ?",
                (table_id, fingerprint, now - CHAT_WINDOW),
            )
            if recent >= CHAT_BURST:
                raise ChatRefused(
                    f"at most {CHAT_BURST} lines in {CHAT_WINDOW:g} seconds: wait a moment"
                )
            ((number,),) = tx.rows(
                "INSERT INTO chat (table_id, author, text, at) VALUES (?, ?, ?, ?) RETURNING id",
                (table_id, fingerprint, text, now),
            )
        return ChatLine(number, table_id, fingerprint, text, now)

    def chat(self, table_id: int, viewer: str | None = None, since: int = 0) -> list[ChatLine]:
        """A table's chat after line ``since``, as ``viewer`` reads it: without the lines of
        the players they muted at this table."""
        with self._transaction(write=False) as tx:
            self._table(tx, table_id)
            rows = tx.rows(
                "SELECT id, author, text, at FROM chat WHERE table_id = ? AND id > ? "
                "AND author NOT IN (SELECT muted FROM mutes WHERE table_id = ? AND muter = ?) "
                "ORDER BY id",
                (table_id, since, table_id, viewer or ""),
            )
        return [ChatLine(n, table_id, author, text, at) for n, author, text, at in rows]

    def mute(self, table_id: int, by: str, whom: str) -> None:
        """Hide ``whom``'s lines of a table's chat from ``by`` (their lines are kept)."""
        if by == whom:
            raise ChatRefused("you cannot mute yourself")
        with self._transaction(write=True) as tx:
            self._known_player(tx, by)
            if self._player(tx, whom) is None:
                raise UnknownPlayer("there is no such player to mute")
            self._table(tx, table_id)
            tx.change(
                "INSERT INTO mutes (table_id, muter, muted) VALUES (?, ?, ?) "
                "ON CONFLICT DO NOTHING",
                (table_id, by, whom),
            )

    def unmute(self, table_id: int, by: str, whom: str) -> None:
        with self._transaction(write=True) as tx:
            tx.change(
                "DELETE FROM mutes WHERE table_id = ? AND muter = ? AND muted = ?",
                (table_id, by, whom),
            )

    def muted(self, table_id: int, by: str) -> frozenset[str]:
        """Whom ``by`` muted at the table."""
        with self._transaction(write=False) as tx:
            rows = tx.rows(
                "SELECT muted FROM mutes WHERE table_id = ? AND muter = ?", (table_id, by)
            )
        return frozenset(row[0] for row in rows)


def _table_from_rows(rows: list[tuple[Any, ...]]) -> Table:
    """A table from its rows of the tables-and-seats join (one row per seat)."""
    (id_, game, options, seed, pace, amount, visibility, invitation, rated, status, host,
     created, updated, result, absence, grace, finished, ladder, spectators,
     ) = rows[0][:19]  # fmt: skip
    seats = tuple(SeatSpec(SeatKind(row[20]), row[21]) for row in rows)
    names = tuple(row[23] for row in rows)
    spec = TableSpec(
        game=game,
        seats=seats,
        seed=int(seed),
        options=json.loads(options),
        pace=Pace(PaceKind(pace), int(amount)),
        visibility=Visibility(visibility),
        invitation=invitation,
        rated=bool(rated),
        ladder=bool(ladder),
        spectators=bool(spectators),
        absence=Absence(absence),
        grace=int(grace),
    )
    return Table(
        id=int(id_),
        spec=spec,
        status=TableStatus(status),
        host=host,
        created=created,
        updated=updated,
        occupants=tuple(row[22] for row in rows),
        result=Result.from_json(result) if result else None,
        finished=None if finished is None else float(finished),
        names=names if all(n is not None for n in names) else None,
    )
