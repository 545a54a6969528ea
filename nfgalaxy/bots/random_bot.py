"""A bot that picks uniformly among the legal decisions: the baseline and the fuzzer.

It needs no view: the legal decisions of the seat to move hold only what that seat may know
(the protocol promises it), and not copying the state keeps random games and playouts fast.
"""

from __future__ import annotations

from nfgalaxy.core.decision import Decision
from nfgalaxy.core.protocol import GameState
from nfgalaxy.core.rng import Rng


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed ^ 0x5EED)

    def choose(self, state: GameState) -> Decision:
        options = state.legal_decisions()
        return options[self.rng.below(len(options))]
