"""Who sits at the table: a human with a name, or a bot of a kind."""

from __future__ import annotations

from dataclasses import dataclass

SEAT_KINDS = ("human", "greedy", "random")


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str = "human"

    @property
    def is_human(self) -> bool:
        return self.kind == "human"


def default_seats(players: int = 4) -> list[Seat]:
    """One human against greedy bots: the quickest way into a game."""
    return [Seat("Player")] + [Seat(f"Bot {i}", "greedy") for i in range(1, players)]
