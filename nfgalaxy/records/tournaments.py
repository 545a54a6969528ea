"""A tournament's game as a record: bots' games kept like the player's own, to replay.

A tournament brings back each game's decisions when asked (``nfgalaxy tournament
--keep-games``); the game is replayed from them once here for its scores and the words of
its seats' names, so the record says exactly what the game came to.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from nfgalaxy.core.replay import replay_log
from nfgalaxy.records.record import GameRecord, RecordedPlayer


def tournament_game(
    game: str,
    options: dict[str, Any],
    seed: int,
    kinds: Sequence[str],
    history: list[dict[str, Any]],
) -> GameRecord:
    """The record of one tournament game: ``kinds`` the bot in each seat, ``history`` its
    decisions."""
    state = replay_log(game, {**options, "players": len(kinds), "seed": seed}, history)
    players = [RecordedPlayer(state.name(seat), kind) for seat, kind in enumerate(kinds)]
    return GameRecord.from_state(state, players, source="tournament")
