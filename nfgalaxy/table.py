"""A table: one game, the seats around it, and the bots' thinking, observed by the screens.

The game screen does not own the game. It observes a ``Table`` and sends it the decisions its
human makes; the table applies them (the engine judges), runs the bots in worker threads, takes
decisions back (undo) and tells every observer what changed. Later, a remote player over SSH is
one more kind of seat at the same table. Nothing here imports Textual or names a game.
"""

from __future__ import annotations

import enum
import os
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass

from nfgalaxy.bots import BOT_KINDS, make_bot
from nfgalaxy.bots.base import Bot
from nfgalaxy.bots.explain import table_log
from nfgalaxy.bots.levels import SearchLevel
from nfgalaxy.bots.search import SearchBot
from nfgalaxy.bots.worker import Thinker, then
from nfgalaxy.core.decision import Decision, IllegalDecision
from nfgalaxy.core.protocol import GameState
from nfgalaxy.core.replay import CannotUndo, undo

SEAT_KINDS = ("human", *BOT_KINDS)
#: The opponent the app seats by default.
DEFAULT_BOT = "normal"
#: The level a hint searches with: a player who asks waits for it, so it may think longer
#: than a ``normal`` bot's move. At ``normal``'s 0.2 s cap a hint at one game's setup rested
#: on 2 or 3 sampled futures per decision (two bot tournaments on the cores); ``hard`` thinks
#: up to 0.85 s with twice the decisions in its race.
HINT_LEVEL = "hard"


@dataclass(frozen=True)
class Seat:
    """Who sits in a seat: a human with a name, or a bot of a kind."""

    name: str
    kind: str = "human"

    @property
    def is_human(self) -> bool:
        return self.kind == "human"


def default_bot() -> str:
    """The bot the new-game screen seats: ``NFGALAXY_BOT`` if it names one, else
    ``DEFAULT_BOT`` (the test suite seats greedy bots, which answer at once)."""
    kind = os.environ.get("NFGALAXY_BOT", "").strip()
    return kind if kind in BOT_KINDS else DEFAULT_BOT


def default_seats(players: int = 4) -> list[Seat]:
    """One human against bots of the default level: the quickest way into a game."""
    kind = default_bot()
    return [Seat("Player")] + [Seat(f"Bot {i}", kind) for i in range(1, players)]


class Change(enum.Enum):
    """What an observer is told happened at the table."""

    DECIDED = "decided"  # a decision was applied (by a human or a bot)
    UNDONE = "undone"  # a decision was taken back: the state was replaced
    OVER = "over"  # the game ended


class StaleDecision(Exception):
    """A bot's decision for a position the table has left (after an undo or a load)."""


Observer = Callable[[Change], None]


class Table:
    """The game in play, its seats and its bots. Methods are called from one (the UI) thread,
    except the bots' ``choose``, which runs on a copy in the table's worker thread."""

    def __init__(
        self,
        state: GameState,
        seats: list[Seat],
        bot_factory: Callable[[str, int], Bot] = make_bot,
    ) -> None:
        if len(seats) != len(state.scores()):
            raise ValueError(f"{len(seats)} seats for a game of {len(state.scores())} players")
        self._state = state
        self.seats = list(seats)
        seed = int(state.options.get("seed", 0) or 0)
        self.bots: dict[int, Bot] = {
            i: bot_factory(seat.kind, seed * 31 + i)
            for i, seat in enumerate(seats)
            if not seat.is_human
        }
        #: Bumped whenever the position changes; a bot answer for an older one is dropped.
        self.version = 0
        self._observers: list[Observer] = []
        self.thinker = Thinker()

    # ------------------------------------------------------------------ reading

    @property
    def state(self) -> GameState:
        """The game in play (observers read it; only the table changes it)."""
        return self._state

    def to_move(self) -> int | None:
        return self._state.to_move()

    def is_bot(self, seat: int) -> bool:
        return seat in self.bots

    def humans(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if seat.is_human]

    # ------------------------------------------------------------------ observers

    def subscribe(self, observer: Observer) -> None:
        self._observers.append(observer)

    def unsubscribe(self, observer: Observer) -> None:
        if observer in self._observers:
            self._observers.remove(observer)

    def _notify(self, change: Change) -> None:
        for observer in list(self._observers):
            observer(change)

    # ------------------------------------------------------------------ deciding

    def submit(self, decision: Decision, version: int | None = None) -> None:
        """Apply a decision of the seat to move. Raises ``IllegalDecision`` (the state is
        unchanged) or ``StaleDecision`` if ``version`` names a position already left."""
        if version is not None and version != self.version:
            raise StaleDecision("the position changed while the decision was made")
        self._state.apply(decision)
        self.version += 1
        self._notify(Change.OVER if self._state.is_over() else Change.DECIDED)

    # ------------------------------------------------------------------ the log

    def log_lines(self) -> list[str]:
        """The log as the table shows it: each bot's run of public events as one line, in
        its place (``nfgalaxy.bots.explain.table_log``)."""
        events = getattr(self._state, "events", None)
        if events is None:  # a game that keeps no events: its words as they are
            return list(self._state.log)
        names = {seat: self._state.name(seat) for seat in self.bots}
        return table_log(events, names)

    def think(self, seat: int) -> Future[tuple[int, Decision]]:
        """Ask seat's bot for a decision off the UI thread (a search in a process of its own,
        see ``nfgalaxy.bots.worker``); the future holds ``(version, decision)`` so the caller
        can submit it only if nothing changed since."""
        if seat not in self.bots or self._state.to_move() != seat:
            raise IllegalDecision("turn order", f"seat {seat} is not a bot to move")
        version = self.version

        def keep(answer: tuple[Decision, Bot]) -> tuple[int, Decision]:
            decision, bot = answer
            if version == self.version:
                self.bots[seat] = bot  # its generator moved on with the decision
            return version, decision

        return then(self.thinker.choose(self.bots[seat], self._state), keep)

    def hint(
        self, seat: int, level: SearchLevel | str = HINT_LEVEL
    ) -> Future[list[tuple[Decision, float, int]]]:
        """What the search would choose for ``seat`` (the seat to move) from what that seat
        may see: its decisions with their win estimates and the worlds each was judged in,
        best first, labelled as offered."""
        if self._state.to_move() != seat:
            raise IllegalDecision("turn order", f"seat {seat} is not to move")
        offered = {d: d for d in self._state.legal_decisions()}
        inner = self.thinker.analyse(SearchBot(self.version, level), self._state)
        # Decisions that never entered the search's race have no estimate to show.
        return then(inner, lambda rows: [(offered.get(d, d), v, n) for d, v, n in rows if n])

    # ------------------------------------------------------------------ undo

    def may_undo(self, seat: int) -> bool:
        """Whether ``seat`` may take back its last decision now: it is a human's, the last
        decision made at the table, and it revealed nothing (the engine's ``undo_point``).

        The seat is named by the caller, who knows who holds the keyboard (or which session
        asks): the table never takes back a decision for anyone but the seat that made it."""
        history = self._state.history
        if seat in self.bots or not history or history[-1].get("seat") != seat:
            return False
        return self._state.undo_point(seat) is not None

    def undo(self, seat: int) -> None:
        """Take back ``seat``'s last decision (see ``may_undo``). Raises
        ``nfgalaxy.core.replay.CannotUndo`` when it may not."""
        if not self.may_undo(seat):
            raise CannotUndo(
                "nothing of yours to take back: another player has acted or something new "
                "was revealed"
            )
        self._state = undo(self._state, seat)
        self.version += 1
        self._notify(Change.UNDONE)

    def close(self) -> None:
        """Stop the workers (a bot still thinking stops or finishes on its copy, unheard)."""
        self.version += 1
        self.thinker.close()
