"""Finished games for the records' tests: played by bots, quickly, and kept once each."""

from __future__ import annotations

from datetime import UTC, datetime
from functools import cache

from nfgalaxy.bots import make_bot
from nfgalaxy.core.protocol import GameState, new_game
from nfgalaxy.core.registry import games
from nfgalaxy.records import GameRecord, RecordedPlayer

GAMES = [game.id for game in games()]
#: The quickest bots to play a game to its end (an easy bot takes a second or two a game).
KINDS = ("random", "random")


def played(
    game: str, seed: int, kinds: tuple[str, ...] = KINDS
) -> tuple[GameState, list[RecordedPlayer]]:
    """A game played to its end by bots of these kinds, one a seat."""
    seats = [RecordedPlayer(f"Bot {i}", kind) for i, kind in enumerate(kinds)]
    players = len(seats)
    state = new_game(game, players=players, seed=seed, options={"names": [s.name for s in seats]})
    bots = [make_bot(seat.kind, seed * 7 + i) for i, seat in enumerate(seats)]
    while not state.is_over():
        state.apply(bots[state.to_move()].choose(state))
    return state, seats


@cache
def recorded(game: str = GAMES[0], seed: int = 1, when: str = "2026-12-01T10:00:00") -> GameRecord:
    state, seats = played(game, seed)
    return GameRecord.from_state(state, seats, now=datetime.fromisoformat(when).replace(tzinfo=UTC))
