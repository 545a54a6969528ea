"""A recorded game as positions to step through: after each decision, by turn, by round.

Position ``n`` is the game after its first ``n`` decisions (0: the setup, ``length``: the end).
The record is checked as it is first replayed (``check``); on the way the round of every
position is noted, each player's VP at the end of every round (from the public view, so a chart
drawn from them holds no seat's secret), and a snapshot every ``CHECKPOINT_EVERY`` decisions,
so a step back replays a few decisions from the snapshot before it, not the whole game.

A turn is a run of decisions by one seat; a round is the engine's own ``round``.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import Any

from nfgalaxy.core.decision import Decision
from nfgalaxy.core.protocol import GameState, load_game
from nfgalaxy.core.rng import Rng
from nfgalaxy.core.views import public_view
from nfgalaxy.records.check import check
from nfgalaxy.records.record import GameRecord

CHECKPOINT_EVERY = 40


class ReplayedGame:
    """A record replayed; ``state_at(n)`` gives any position. Raises ``RecordRefused`` when
    the record is not the game it states."""

    def __init__(self, record: GameRecord) -> None:
        self.record = record
        #: The round of each position.
        self.rounds: list[int] = []
        #: Per seat, its VP (as anyone could count it) when each round ended.
        self.vp: list[list[int]] = [[] for _ in record.players]
        #: The position each entry of ``vp`` was counted at.
        self._vp_marks: list[int] = []
        self._snapshots: dict[int, dict[str, Any]] = {}
        self._state: GameState = check(record, self._observe)
        self._at = self.length
        self._vp_now(self._state, self.length)
        #: The positions where a turn starts, and where a round starts, with the end.
        self.turn_starts = [0] + [
            n for n in range(1, self.length) if self.seat_of(n) != self.seat_of(n + 1)
        ]
        self.round_starts = [0] + [
            n for n in range(1, self.length + 1) if self.rounds[n] != self.rounds[n - 1]
        ]
        for marks in (self.turn_starts, self.round_starts):
            if marks[-1] != self.length:
                marks.append(self.length)

    def _observe(self, number: int, state: GameState) -> None:
        if number % CHECKPOINT_EVERY == 0:
            self._snapshots[number] = state.to_json()
        if self.rounds and state.round != self.rounds[-1] and not state.is_over():
            self._vp_now(state, number)
        self.rounds.append(state.round)

    def _vp_now(self, state: GameState, number: int) -> None:
        seen = public_view(state, Rng(number)).scores()
        for row, score in zip(self.vp, seen, strict=True):
            row.append(score["total"])
        self._vp_marks.append(number)

    @property
    def length(self) -> int:
        return len(self.record.decisions)

    def seat_of(self, number: int) -> int | None:
        """The seat that made decision ``number`` (from 1)."""
        seat = self.record.decisions[number - 1].get("seat")
        return seat if isinstance(seat, int) else None

    def state_at(self, position: int) -> GameState:
        """The game after its first ``position`` decisions. The state is the replay's own:
        read it (or take views of it), never play on it."""
        position = max(0, min(position, self.length))
        if position < self._at:
            start = max(n for n in self._snapshots if n <= position)
            self._state, self._at = load_game(self._snapshots[start]), start
        for entry in self.record.decisions[self._at : position]:
            self._state.apply(Decision.from_json(entry))
        self._at = position
        return self._state

    def vp_until(self, position: int) -> list[list[int]]:
        """Per seat, VP at the end of each round finished by ``position`` (the last one, the
        final score, only at the end)."""
        done = bisect_right(self._vp_marks, position)
        return [row[:done] for row in self.vp]

    # ------------------------------------------------------------------ moving

    def next_turn(self, position: int) -> int:
        return _after(self.turn_starts, position)

    def previous_turn(self, position: int) -> int:
        return _before(self.turn_starts, position)

    def next_round(self, position: int) -> int:
        return _after(self.round_starts, position)

    def previous_round(self, position: int) -> int:
        return _before(self.round_starts, position)

    def round_start(self, round_: int) -> int | None:
        """The first position of round ``round_``, or None if the game had no such round."""
        return next((n for n, r in enumerate(self.rounds) if r == round_), None)


def _after(marks: list[int], position: int) -> int:
    index = bisect_right(marks, position)
    return marks[index] if index < len(marks) else marks[-1]


def _before(marks: list[int], position: int) -> int:
    index = bisect_left(marks, position)
    return marks[index - 1] if index > 0 else marks[0]
