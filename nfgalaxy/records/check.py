"""Whether a record is the game it says it is: replayed through the rules, it must reach the
scores and winners it states.

The engines are deterministic, so a record is proved by playing it again from its options and
seed: each decision must be legal when it comes (and made by the seat it names), the game must
end with the last one, and every seat's score must come out as stated. The first thing that
fails is named, so a player sees what was changed or damaged.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nfgalaxy.core.decision import Decision, IllegalDecision
from nfgalaxy.core.protocol import GameState
from nfgalaxy.core.registry import UnknownGame, descriptor
from nfgalaxy.records.record import GameRecord


class RecordRefused(Exception):
    """A record whose replay is not the game it states; the message names the first
    difference (a decision that is not legal, a score that differs)."""


def check(record: GameRecord, observe: Callable[[int, GameState], None] | None = None) -> GameState:
    """The finished game ``record`` holds, replayed; ``RecordRefused`` if it is not the game
    the record states. ``observe(n, state)`` is told each position on the way, after the
    first ``n`` decisions (0: the setup), so a viewer learns the game in the same pass."""
    try:
        game = descriptor(record.game)
    except UnknownGame as error:
        raise RecordRefused(str(error)) from None
    options = dict(record.options)
    try:
        state = game.new_game(len(record.players), record.seed, options)
    except (ValueError, KeyError, TypeError) as error:
        raise RecordRefused(f"its setup is refused by the game: {error}") from None
    if observe is not None:
        observe(0, state)
    for number, entry in enumerate(record.decisions, start=1):
        _replay_one(state, number, entry)
        if observe is not None:
            observe(number, state)
    if not state.is_over():
        raise RecordRefused(
            f"its {len(record.decisions)} decisions end before the game does "
            f"(seat {_seat(state.to_move())} is still to decide)"
        )
    _same_result(record, state)
    return state


def _replay_one(state: GameState, number: int, entry: dict[str, Any]) -> None:
    where = f"decision {number}"
    if state.is_over():
        raise RecordRefused(f"{where} comes after the game is over")
    mover = state.to_move()
    if "seat" in entry and entry["seat"] != mover:
        raise RecordRefused(
            f"{where} is said to be seat {_seat(entry['seat'])}'s, "
            f"but seat {_seat(mover)} is to decide"
        )
    try:
        decision = Decision.from_json(entry)
        state.apply(decision)
    except IllegalDecision as error:
        raise RecordRefused(f"{where} ({decision}) is not legal: {error}") from None
    except (ValueError, TypeError, KeyError, IndexError) as error:
        # An engine that cannot read a decision's arguments at all says so in its own way.
        raise RecordRefused(f"{where} ({_words(entry)}) is not legal: {error}") from None


def _same_result(record: GameRecord, state: GameState) -> None:
    for seat, (stated, reached) in enumerate(zip(record.scores, state.scores(), strict=True)):
        for key in sorted(set(stated) | set(reached), key=lambda k: (k != "total", k)):
            if stated.get(key) != reached.get(key):
                raise RecordRefused(
                    f"seat {_seat(seat)}'s score ({key}) is stated as {stated.get(key)}, "
                    f"but the replay gives {reached.get(key)}"
                )
    if list(record.winners) != list(state.winners()):
        raise RecordRefused(
            f"the winners are stated as {_seats(record.winners)}, "
            f"but the replay gives {_seats(state.winners())}"
        )


def _seat(seat: Any) -> str:
    """Seats as a player counts them, from 1."""
    return str(seat + 1) if isinstance(seat, int) else "none"


def _seats(seats: Any) -> str:
    return ", ".join(_seat(s) for s in seats) or "none"


def _words(entry: dict[str, Any]) -> str:
    return f"{entry.get('kind')}{entry.get('args', [])}"
