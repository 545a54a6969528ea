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


def make_bot(kind: str, seed: int = 0, timed: bool = True) -> Bot:
    """A bot by kind name (see ``BOT_KINDS``), with its own seeded randomness. ``timed=False``
    holds a search to its iteration budget alone, without its time cap: the same decision for
    the same seed on any machine, however loaded (the other bots never look at the time)."""
    from nfgalaxy.bots.greedy import GreedyBot
    from nfgalaxy.bots.levels import LEVELS, VARIANT, level_variant
    from nfgalaxy.bots.random_bot import RandomBot
    from nfgalaxy.bots.search import SearchBot

    if kind == "random":
        return RandomBot(seed)
    if kind == "greedy":
        return GreedyBot(seed)
    if kind == "easy":
        return GreedyBot(seed, noise=EASY_NOISE, name="easy")
    if kind in LEVELS:
        return SearchBot(seed, kind, timed)
    if VARIANT in kind:  # a level with changes, to measure them (``level_variant``)
        return SearchBot(seed, level_variant(kind), timed)
    raise ValueError(f"unknown bot {kind!r}: choose {', '.join(BOT_KINDS)}")


#: Every bot by name, weakest first: ``easy`` is the greedy bot misjudging by up to this many
#: VP-equivalents, so it makes the slips a beginner makes; ``normal``, ``hard`` and ``expert``
#: are the search bot with growing budgets (``nfgalaxy.bots.levels.LEVELS``).
BOT_KINDS = ("random", "easy", "greedy", "normal", "hard", "expert")
EASY_NOISE = 3.0
