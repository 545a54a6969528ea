"""Game-agnostic engine core: decisions, seeded randomness, the state protocol, a registry."""

from nfgalaxy.core.decision import Decision, IllegalDecision
from nfgalaxy.core.protocol import GameState, load_game, new_game
from nfgalaxy.core.rng import Rng

__all__ = ["Decision", "GameState", "IllegalDecision", "Rng", "load_game", "new_game"]
