"""``RollGame``: the Roll for the Galaxy state implementing the core protocol, and its saves.

Like New Frontiers, the game is a queue of *steps* ``[name, player, arg]``; a step either runs on
its own (rolling, Reveal, end-of-phase income) or asks one player for a decision. Steps that the
rulebook plays simultaneously (assigning dice, every phase, Manage Empire) are asked of the
players one at a time in player order (§5.4 recommends exactly this for the engine). Hidden
information stays hidden: the decisions offered to a player depend only on what that player may
see, the log never names a hidden die or tile, and ``view(seat, rng)`` gives bots a copy in
which everything the seat cannot see is re-dealt (``view.py``).
"""

from __future__ import annotations

from typing import Any, ClassVar

from nfgalaxy.core.decision import Decision, IllegalDecision
from nfgalaxy.core.events import Event, EventLog
from nfgalaxy.core.rng import Rng
from nfgalaxy.core.steps import Handlers
from nfgalaxy.games.roll.components import TileSet
from nfgalaxy.games.roll.rules import setup
from nfgalaxy.games.roll.rules.base import RollBase
from nfgalaxy.games.roll.rules.common import GAME_ID, SAVE_VERSION, Step, deep
from nfgalaxy.games.roll.rules.explain import explain
from nfgalaxy.games.roll.rules.handlers import HANDLERS
from nfgalaxy.games.roll.rules.view import view
from nfgalaxy.games.roll.scoring import score_player
from nfgalaxy.games.roll.state import DEV, WORLD, Player


class RollGame(RollBase):
    """A Roll for the Galaxy state implementing the core protocol (see ``nfgalaxy.core``)."""

    HANDLERS: ClassVar[Handlers] = HANDLERS  # type: ignore[assignment]

    @classmethod
    def new(cls, tiles: TileSet, players: int, seed: int, options: dict[str, Any]) -> RollGame:
        """Set up a game for 2–5 players (§4)."""
        g = cls(tiles)
        setup.deal(g, players, seed, options)
        g._advance()
        return g

    def view(self, seat: int, rng: Rng, quiet: bool = False) -> RollGame:
        """What ``seat`` may know, everything hidden re-dealt with ``rng`` (see ``view.py``)."""
        return view(self, seat, rng, quiet)

    def _explain(self, decision: Decision) -> IllegalDecision:
        return explain(self, decision)

    # ------------------------------------------------------------------ serialisation

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "game": GAME_ID,
            "version": SAVE_VERSION,
            "tiles": self.tiles.source,
            "options": dict(self.options),
            "rng": self.rng.state,
            "players": [p.to_json() for p in self.players],
            "events": [e.to_json() for e in self.events],
        }
        for key in self._FIELDS:
            data[key] = deep(getattr(self, key))
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any], tiles: TileSet) -> RollGame:
        if data.get("game") != GAME_ID:
            raise ValueError(f"not a Roll for the Galaxy save (game={data.get('game')!r})")
        if data.get("version") != SAVE_VERSION:
            raise ValueError(f"unsupported save version {data.get('version')!r}")
        g = cls(tiles)
        try:
            g.options = dict(data["options"])
            g.rng = Rng(int(data["rng"]))
            g.players = [Player.from_json(p) for p in data["players"]]
            for key in cls._FIELDS:
                setattr(g, key, deep(data[key]))
            # Saves from before typed events hold the log's lines: each becomes a note.
            g.events = [Event.from_json(e) for e in data.get("events", data.get("log", []))]
            g._log = EventLog(g.events)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise ValueError(f"damaged Roll for the Galaxy save: {exc}") from None
        for p in g.players:
            for side_id in [*p.tableau, *p.stacks.get(DEV, []), *p.stacks.get(WORLD, [])]:
                if side_id not in tiles.by_id:
                    raise ValueError(f"save refers to unknown tile side {side_id!r}")
        for tile_id in [*g.bag, *g.discards]:
            if tile_id not in tiles.game_tiles:
                raise ValueError(f"save refers to unknown tile {tile_id!r}")
        try:  # saves from before steps were a StrEnum hold the same words
            g.queue = [[Step(name), seat, arg] for name, seat, arg in g.queue]
        except (TypeError, ValueError) as exc:
            raise ValueError(f"save refers to an unknown step: {exc}") from None
        if g.over:
            g.final = [score_player(tiles, p) for p in g.players]
        return g
