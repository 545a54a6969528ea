"""The state protocol every game implements.

The shape follows OpenSpiel: who decides now, what they may decide, apply it, is it over, the
scores. Bots, the UI, saves and the test harness only use this protocol (and the game's
``GameDescriptor``), so they serve every game without naming one.

Hidden information is the engine's job. ``view(seat, rng)`` is OpenSpiel's
``resample_from_infostate``: a full, playable state holding only what ``seat`` may know, with
everything hidden (bag order, draw piles, others' hands and unrevealed choices) re-dealt with
``rng`` consistently with what the seat has seen, and a random generator of its own, so nothing
made from a view can foresee the real game's future draws. ``view(seat, rng, quiet=True)`` is
the cheap copy a search makes thousands of times: no log, labels left empty.
"""

from __future__ import annotations

from typing import Any, Protocol

from nfgalaxy.core.decision import Decision

# Creating and loading games goes through the registry; re-exported here for callers.
from nfgalaxy.core.registry import game_ids, load_game, new_game
from nfgalaxy.core.rng import Rng

__all__ = ["GameState", "game_ids", "load_game", "new_game"]


class GameState(Protocol):
    game_id: str
    options: dict[str, Any]
    round: int
    end_reasons: list[str]
    #: Every decision made, as ``Decision.to_json()``: with the seed, a replay of the game.
    history: list[dict[str, Any]]

    def to_move(self) -> int | None:
        """The seat that must decide now, or None when the game is over."""

    def legal_decisions(self) -> list[Decision]:
        """Every decision the player to move may make now (never empty while not over).

        Only what that player may know goes into them, so a bot choosing among them (the
        random bot does) decides on its own information."""

    def apply(self, decision: Decision) -> None:
        """Apply a decision; raises ``IllegalDecision`` and changes nothing if it is not legal."""

    def is_over(self) -> bool: ...

    def scores(self) -> list[dict[str, int]]:
        """Per seat: a breakdown by category plus ``total``."""

    def winners(self) -> list[int]: ...

    def name(self, seat: int) -> str:
        """A player's name."""

    def to_json(self) -> dict[str, Any]: ...

    def clone(self) -> GameState:
        """An independent copy whose future draws differ from the original's: a copy may be
        played on without foreseeing the real game (use ``view`` for a seat's knowledge)."""

    def view(self, seat: int, rng: Rng, quiet: bool = False) -> GameState:
        """What ``seat`` may know, with everything else re-dealt with ``rng`` (see above)."""

    def undo_point(self, seat: int) -> int | None:
        """The length of ``history`` to go back to when ``seat`` takes back its last decision,
        or None when it may not: never past the last moment new information was revealed to
        anyone (a draw, a roll, a reveal) or another player acted."""

    @property
    def log(self) -> list[str]:
        """The game's events in words, oldest first."""
