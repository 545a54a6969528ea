"""A table of the store as one session sees it: the online counterpart of ``nfgalaxy.table``.

The game screen observes a table and sends it its human's decisions. At an online table the
game is the store's: this rebuilds it through the ``Referee`` (seed and log), sends the
session's own decisions through ``Referee.play`` (the engine judges, the store appends at the
next position only), and follows the decisions stored by the other sessions and the server's
bots through ``TableStore.subscribe`` in a thread of its own, handing the news to the UI
thread (``follow``'s ``post``) before observers are told.

The screen is only ever given ``state``: the seat's own view (``nfgalaxy.core.views``), or
for a spectator a view holding no seat's secrets. The real game stays with the referee, and
no key of the screen can reach it. Bots are the server's: here a bot's seat is one more seat
the screen waits for. Nothing here imports Textual or names a game.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from nfgalaxy.bots.explain import table_log
from nfgalaxy.core.decision import Decision, IllegalDecision
from nfgalaxy.core.protocol import GameState
from nfgalaxy.core.replay import CannotUndo
from nfgalaxy.core.rng import Rng
from nfgalaxy.core.views import public_view, seat_view
from nfgalaxy.tables.errors import PositionTaken, Refused
from nfgalaxy.tables.model import Pace, PaceKind, Presence, SeatKind, StandIn, StoredDecision, Table
from nfgalaxy.tables.referee import TURN_ORDER, Referee, seat_names
from nfgalaxy.tables.runner import due
from nfgalaxy.tables.store import TableStore

#: The rule a refusal by the store names (the engine's refusals name their own).
TABLE_RULE = "the table"
LOST_RACE = "another decision was stored first: the table shows it now, decide again"
DAY = 24 * 3600.0
#: How long the follower waits for a notice before looking whether it was closed.
FOLLOW_WAIT = 0.25
#: How long a player's presence, read for the clock, is taken as still true: the header is
#: drawn several times a decision and every second, and presence changes only on connecting.
PRESENCE_FRESH = 1.0

Observer = Callable[[], None]
#: Runs a callable on the UI thread, soon, without waiting for it.
Post = Callable[[Callable[[], None]], None]


@dataclass(frozen=True)
class OnlineSeat:
    """A seat as the screen names it: the display name of who sits there, or the bot's."""

    name: str
    kind: SeatKind
    occupant: str | None = None

    @property
    def is_human(self) -> bool:
        return self.kind is SeatKind.HUMAN


class OnlineTable:
    """Table ``table_id`` of ``referee``'s store, seen by ``player`` (a key's fingerprint, or
    None for a guest): from their seat, or as a spectator if they have none. Its methods are
    called from the UI thread; only the follower runs in a thread of its own."""

    def __init__(
        self,
        referee: Referee,
        table_id: int,
        player: str | None,
        rng: Rng | None = None,
    ) -> None:
        self.referee = referee
        self.store: TableStore = referee.store
        self.table_id = table_id
        self.player = player
        # The re-deals of the hidden parts: unforeseeable, so a view tells nothing by them.
        self._rng = rng or Rng(secrets.randbits(63))
        self.record: Table = self.store.table(table_id)
        refusal = self.record.watch_refusal(player)
        if refusal is not None:
            raise Refused(refusal)
        self.seat: int | None = self.record.seat_of(player) if player else None
        self.seats = self._seats()
        #: Bumped whenever the game on screen changes; the number of decisions it holds.
        self.version = 0
        self.length = 0
        self._presence: dict[str, tuple[float, Presence]] = {}
        self._state = self._rebuild(referee.game_of(self.record))
        self._observers: list[Observer] = []
        self._closed = threading.Event()
        self._follower: threading.Thread | None = None

    # ------------------------------------------------------------------ reading

    @property
    def state(self) -> GameState:
        """What the screen may hold of the game: the seat's view, or the public one."""
        return self._state

    @property
    def bots(self) -> dict[int, object]:
        """The bots that think in this session: none (the server plays the bot seats)."""
        return {}

    def to_move(self) -> int | None:
        return self._state.to_move()

    def seconds_left(self, now: float) -> float | None:
        """How long the seat to move has for its decision by the table's pace (seconds
        per decision live, days per move async), or None once the game is over; below 0
        when the time is up (on a live table, the server's bot then decides for it)."""
        seat = self._state.to_move()
        if seat is None:
            return None
        pace = self.record.spec.pace
        if pace.kind is PaceKind.LIVE and not self.is_bot(seat):
            # The runner's own rule (a clock waits for a player who was away, and starts
            # again on their return): the header says when the stand-in will decide.
            turn = due(self.record, self._state, self.presence)
            if turn is not None and turn.stand_in is StandIn.CLOCK:
                return turn.at - now
        return time_left(pace, self.due_since, now)

    def presence(self, fingerprint: str) -> Presence:
        """The store's ``presence``, read again once ``PRESENCE_FRESH`` has passed."""
        now = time.monotonic()
        read = self._presence.get(fingerprint)
        if read is None or now - read[0] > PRESENCE_FRESH:
            read = self._presence[fingerprint] = (now, self.store.presence(fingerprint))
        return read[1]

    def is_bot(self, seat: int) -> bool:
        return self.record.spec.seats[seat].kind is SeatKind.BOT

    def is_mine(self, seat: int | None) -> bool:
        return seat is not None and seat == self.seat

    def humans(self) -> list[int]:
        """The seat of this session's player, the only human the screen plays for."""
        return [] if self.seat is None else [self.seat]

    def log_lines(self) -> list[str]:
        """The log of the view, each bot's run of public events as one line, and before each
        decision a bot made for a human (their clock ran out, or they are away) a line that
        says so: the game's own words cannot tell who chose."""
        events = getattr(self._state, "events", None)
        bots = {seat: self.seats[seat].name for seat in range(len(self.seats)) if self.is_bot(seat)}

        def part(start: int, end: int | None) -> list[str]:
            if events is None:
                return list(self._state.log[start:end])
            return table_log(events[start:end], bots)

        lines: list[str] = []
        start = 0
        for mark in self._stand_ins:
            lines += part(start, mark.log_index)
            lines.append(mark.why.note(self.seats[mark.seat].name))
            start = mark.log_index
        return lines + part(start, None)

    def _seats(self) -> list[OnlineSeat]:
        names = seat_names(self.store, self.record)
        return [
            OnlineSeat(name, spec.kind, who)
            for name, spec, who in zip(
                names, self.record.spec.seats, self.record.occupants, strict=True
            )
        ]

    def _rebuild(self, real: GameState) -> GameState:
        self.length = len(real.history)
        self._stand_ins = [
            mark for mark in self.referee.stand_ins(self.table_id) if mark.position < self.length
        ]
        self._tail = _tail(real.history)
        # The referee holds the last decision it applied: when the one awaited became due.
        last = self.referee.last_decision(self.table_id) if self.length else None
        self.due_since = became_due(self.record, last)
        if self.seat is None:
            return public_view(real, self._rng)
        return seat_view(real, self.seat, self._rng)

    # ------------------------------------------------------------------ observers

    def subscribe(self, observer: Observer) -> None:
        self._observers.append(observer)

    def unsubscribe(self, observer: Observer) -> None:
        if observer in self._observers:
            self._observers.remove(observer)

    def catch_up(self) -> bool:
        """Read the table again; if its game moved on or back (an undo), or the table did
        (a status, a seat), rebuild the view and tell the observers. True if anything
        changed."""
        self._presence.clear()  # read again with the table, as the clock's own footing
        record = self.store.table(self.table_id)
        real = self.referee.game_of(record)
        if record == self.record and _tail(real.history) == self._tail:
            return False
        if record.occupants != self.record.occupants:
            self.record = record
            self.seats = self._seats()
        self.record = record
        self._state = self._rebuild(real)
        self.version += 1
        for observer in list(self._observers):
            observer()
        return True

    # ------------------------------------------------------------------ deciding

    def submit(self, decision: Decision, version: int | None = None) -> None:
        """Send the session's own decision to the referee, as the server would get it (its
        JSON form). Whatever is refused raises ``IllegalDecision`` in words, the engine's
        or the store's (``TABLE_RULE``), with the view unchanged; except when another
        session decided first (``PositionTaken``): then the view shows the winner's
        decision before the refusal is raised. ``version`` (the hot-seat table's check of a
        stale bot answer) has no use here: the store's position is the check."""
        if self.seat is None:
            raise IllegalDecision(TABLE_RULE, "you have no seat at this table: you watch it")
        try:
            self.referee.play(self.table_id, self.player or "", decision.to_json())
        except PositionTaken:
            self.catch_up()
            raise IllegalDecision(TURN_ORDER, LOST_RACE) from None
        except IllegalDecision:
            # Judged on a game that had moved on since the screen was drawn: show it.
            if self.catch_up():
                raise IllegalDecision(TURN_ORDER, LOST_RACE) from None
            raise
        except Refused as refused:
            raise IllegalDecision(TABLE_RULE, refused.reason) from None
        self.catch_up()

    def may_undo(self, seat: int) -> bool:
        """Whether the session may take back its own last decision now: the last decision
        at the table is its seat's, nothing was revealed since, the table is not rated
        (``Referee.may_undo``). Never for another seat: the screen names only its own."""
        if seat != self.seat or self.player is None:
            return False
        return self.referee.may_undo(self.table_id, self.player) is not None

    def undo(self, seat: int) -> None:
        """Take back the seat's last decision; raises ``CannotUndo`` in words when it may
        not (another seat acted or something came to light meanwhile, or a rated table)."""
        if seat != self.seat or self.player is None:
            raise CannotUndo("only your own decision can be taken back")
        try:
            self.referee.undo(self.table_id, self.player)
        except Refused as refused:
            self.catch_up()
            raise CannotUndo(refused.reason) from None
        self.catch_up()

    # ------------------------------------------------------------------ following

    def follow(self, post: Post) -> None:
        """Follow the decisions stored from now on by anyone, in a thread of its own; each
        run of news is handed to ``post`` (the UI thread), which calls ``catch_up``."""
        if self._follower is not None:
            return
        subscription = self.store.subscribe()
        # Anything stored between the view's rebuild and the subscription is caught here.
        post(self.catch_up)

        def run() -> None:
            try:
                while not self._closed.is_set():
                    notices = subscription.wait(FOLLOW_WAIT)
                    if any(n.table_id == self.table_id for n in notices):
                        post(self.catch_up)
            finally:
                subscription.close()

        self._follower = threading.Thread(target=run, name=f"table-{self.table_id}", daemon=True)
        self._follower.start()

    def close(self, wait: bool = False) -> None:
        """Stop following: the thread ends within ``FOLLOW_WAIT``, closing its connection
        (the screen leaving does not wait for it; ``wait`` does)."""
        self._closed.set()
        follower, self._follower = self._follower, None
        if follower is not None and wait:
            follower.join(timeout=2 * FOLLOW_WAIT + 1)


def due_since(store: TableStore, table: Table, length: int) -> float:
    """When the decision a table awaits became due: the last decision's time, or the
    start's (the table's last change before its first decision is its start)."""
    last = store.decisions(table.id, since=length - 1) if length else []
    return became_due(table, last[-1] if last else None)


def became_due(table: Table, last: StoredDecision | None) -> float:
    """``due_since`` from the last decision, once read (None before the first)."""
    return last.at if last is not None else table.updated


def time_left(pace: Pace, since: float, now: float) -> float:
    """Seconds left at ``now`` for a decision due ``since``, by the table's pace."""
    allowed = pace.amount if pace.kind is PaceKind.LIVE else pace.amount * DAY
    return since + allowed - now


def _tail(history: list[dict[str, object]]) -> tuple[int, dict[str, object] | None]:
    """What tells one log from another here: its length and its last decision (a decision
    taken back and another made in its place leave the length as it was)."""
    return len(history), (history[-1] if history else None)
