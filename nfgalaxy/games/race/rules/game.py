"""``RaceGame``: the Race for the Galaxy state implementing the core protocol, and its saves.

The game is a queue of steps ``[name, seat, argument]``; a step either runs on its own (the
reveal, production, the end of a round) or asks one player for a decision. What the rules play
simultaneously (the initial discard, action choice, Develop and Settle placements, every
phase) is asked of the players one at a time in player order (§14), and nothing of a secret
choice reaches another player before the reveal.
"""

from __future__ import annotations

from typing import Any, ClassVar

from nfgalaxy.core.decision import Decision, IllegalDecision
from nfgalaxy.core.events import Event, EventLog
from nfgalaxy.core.rng import Rng
from nfgalaxy.core.steps import Handlers
from nfgalaxy.games.race.components import CardSet
from nfgalaxy.games.race.rules import goals, setup
from nfgalaxy.games.race.rules.base import RaceBase
from nfgalaxy.games.race.rules.common import GAME_ID, SAVE_VERSION, Step, deep
from nfgalaxy.games.race.rules.explain import explain
from nfgalaxy.games.race.rules.handlers import HANDLERS
from nfgalaxy.games.race.rules.view import view
from nfgalaxy.games.race.state import Player


class RaceGame(RaceBase):
    """A Race for the Galaxy state implementing the core protocol (see ``nfgalaxy.core``)."""

    HANDLERS: ClassVar[Handlers] = HANDLERS  # type: ignore[assignment]

    @classmethod
    def new(cls, cards: CardSet, players: int, seed: int, options: dict[str, Any]) -> RaceGame:
        """Set up a game for 2–4 players (§5)."""
        g = cls(cards)
        setup.deal(g, players, seed, options)
        g._advance()
        return g

    def view(self, seat: int, rng: Rng, quiet: bool = False) -> RaceGame:
        """What ``seat`` may know, everything hidden re-dealt with ``rng`` (``view.py``)."""
        return view(self, seat, rng, quiet)

    def _explain(self, decision: Decision) -> IllegalDecision:
        return explain(self, decision)

    # ------------------------------------------------------------------ serialisation

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "game": GAME_ID,
            "version": SAVE_VERSION,
            "cards": self.cards.source,
            "options": deep(self.options),
            "rng": self.rng.state,
            "players": [p.to_json() for p in self.players],
            "events": [e.to_json() for e in self.events],
        }
        for key in self._FIELDS:
            data[key] = deep(getattr(self, key))
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any], cards: CardSet) -> RaceGame:
        """A game from ``to_json``; ``ValueError`` for anything that is not a sound save."""
        if data.get("game") != GAME_ID:
            raise ValueError(f"not a Race for the Galaxy save (game={data.get('game')!r})")
        if data.get("version") != SAVE_VERSION:
            raise ValueError(f"unsupported save version {data.get('version')!r}")
        # The level is in the options; a save made before the expansions is a base game.
        g = cls(cards.at_level(setup.level_of(data.get("options"))))
        try:
            # Saves from before the rules' revision was kept were played on revision 1.
            g.options = {"revision": 1, **deep(data["options"])}
            g.rng = Rng(int(data["rng"]))
            g.players = [Player.from_json(p) for p in data["players"]]
            for key in cls._FIELDS:
                old = key not in data and key in cls._FIELD_DEFAULTS  # a save made before it
                setattr(g, key, deep(cls._FIELD_DEFAULTS[key] if old else data[key]))
            g.events = [Event.from_json(e) for e in data.get("events", [])]
            g._log = EventLog(g.events)
            g.queue = [[Step(name), seat, arg] for name, seat, arg in g.queue]
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise ValueError(f"damaged Race for the Galaxy save: {exc}") from None
        unknown = set(g.card_count()) - set(g.cards.cards)
        if unknown:
            raise ValueError(f"save refers to unknown cards {sorted(unknown)}")
        goals.check_saved(g)
        if g.over:
            g.final = g.score_details()
        return g
