"""The bot interface: given a state and the seat to play, return one of its legal decisions."""

from __future__ import annotations

from typing import Protocol

from nfgalaxy.core.decision import Decision
from nfgalaxy.core.protocol import GameState


class Bot(Protocol):
    name: str

    def choose(self, state: GameState) -> Decision:
        """A legal decision for ``state.to_move()``, made only from what that seat may know
        (``state.view(seat, rng)`` or the seat's own legal decisions); must not change
        ``state``."""


def make_bot(kind: str, seed: int = 0) -> Bot:
    """A bot by kind name (``random`` or ``greedy``), with its own seeded randomness."""
    from nfgalaxy.bots.greedy import GreedyBot
    from nfgalaxy.bots.random_bot import RandomBot

    if kind == "random":
        return RandomBot(seed)
    if kind == "greedy":
        return GreedyBot(seed)
    raise ValueError(f"unknown bot {kind!r}: choose random or greedy")
