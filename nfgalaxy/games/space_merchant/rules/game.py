"""``MerchantGame``: the Space Merchant state implementing the core protocol, and its saves.

The game is a queue of steps ``[name, seat, argument]`` (``common.Step``); a step either runs on
its own (the turn's start, the roll, the end of a move) or asks the active player for a
decision. A save holds the options, the generator's state, the plain state and the log; it
refers to its pack by the generator seed, or embeds a pack that was not generated, so a save
always loads with the board and content it was played on.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar

from nfgalaxy.core.decision import Decision, IllegalDecision
from nfgalaxy.core.events import Event, EventLog
from nfgalaxy.core.rng import Rng
from nfgalaxy.core.steps import Handlers
from nfgalaxy.games.space_merchant.board import GENERATED_LABEL
from nfgalaxy.games.space_merchant.boardcheck import BoardError
from nfgalaxy.games.space_merchant.content import GENERATED_CONTENT_LABEL
from nfgalaxy.games.space_merchant.contentfile import ContentError
from nfgalaxy.games.space_merchant.pack import Pack, generated_pack, pack_data, read_pack
from nfgalaxy.games.space_merchant.rules import setup
from nfgalaxy.games.space_merchant.rules.base import MerchantBase
from nfgalaxy.games.space_merchant.rules.checks import state_problems
from nfgalaxy.games.space_merchant.rules.common import GAME_ID, SAVE_VERSION, Step, deep
from nfgalaxy.games.space_merchant.rules.explain import explain
from nfgalaxy.games.space_merchant.rules.handlers import HANDLERS
from nfgalaxy.games.space_merchant.rules.view import view
from nfgalaxy.games.space_merchant.state import Player, Turn

_NAME = "Space Merchant"


class MerchantGame(MerchantBase):
    """A Space Merchant state implementing the core protocol (see ``nfgalaxy.core``)."""

    HANDLERS: ClassVar[Handlers] = HANDLERS  # type: ignore[assignment]

    @classmethod
    def new(cls, pack: Pack, seed: int, options: dict[str, Any] | None = None) -> MerchantGame:
        """Set up a game on ``pack`` (§3.1); ``ValueError`` for options it cannot play."""
        g = cls(pack)
        setup.deal(g, seed, options)
        g._advance()
        return g

    def view(self, seat: int, rng: Rng, quiet: bool = False) -> MerchantGame:
        """What ``seat`` may know, everything hidden re-dealt with ``rng`` (``view.py``)."""
        return view(self, seat, rng, quiet)

    def _explain(self, decision: Decision) -> IllegalDecision:
        return explain(self, decision)

    # ------------------------------------------------------------------ serialisation

    def pack_reference(self) -> dict[str, Any]:
        """The pack in a save: its seed if it is the generated pack of one, else all of it."""
        board, content = self.board, self.content
        generated = board.label == GENERATED_LABEL and content.label == GENERATED_CONTENT_LABEL
        if generated and board.seed is not None and board.seed == content.seed:
            return {"seed": board.seed}
        return {"data": pack_data(self.pack)}

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "game": GAME_ID,
            "version": SAVE_VERSION,
            "pack": self.pack_reference(),
            "labels": list(self.pack.labels),
            "options": deep(self.options),
            "rng": self.rng.state,
            "players": [p.to_json() for p in self.players],
            "turn": self.turn.to_json() if self.turn is not None else None,
            "events": [e.to_json() for e in self.events],
        }
        for key in self._FIELDS:
            data[key] = deep(getattr(self, key))
        return data

    @classmethod
    def from_json(cls, data: Any, pack: Pack | None = None) -> MerchantGame:
        """A game from ``to_json``; ``ValueError`` for anything that is not a sound save of
        this game. ``pack``: the pack, when the caller has it already (it must be the save's)."""
        if not isinstance(data, dict) or data.get("game") != GAME_ID:
            found = data.get("game") if isinstance(data, dict) else type(data).__name__
            raise ValueError(f"not a {_NAME} save (game={found!r})")
        if data.get("version") != SAVE_VERSION:
            raise ValueError(f"unsupported {_NAME} save version {data.get('version')!r}")
        pack = pack or _saved_pack(data.get("pack"))
        if list(pack.labels) != data.get("labels"):
            raise ValueError(f"this {_NAME} save was played on another board or content")
        g = cls(pack)
        try:
            g.options = deep(dict(data["options"]))
            g.rng = Rng(int(data["rng"]))
            g.players = [Player.from_json(p) for p in data["players"]]
            turn = data["turn"]
            g.turn = Turn.from_json(turn) if turn is not None else None
            for key in cls._FIELDS:
                setattr(g, key, deep(data[key]))
            g.queue = [[Step(name), int(seat), arg] for name, seat, arg in g.queue]
            g.events = [Event.from_json(e) for e in data["events"]]
            g._log = EventLog(g.events)
            problems = state_problems(g)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise ValueError(f"damaged {_NAME} save: {exc}") from None
        if problems:
            raise ValueError(f"damaged {_NAME} save: " + "; ".join(problems))
        return g


def _saved_pack(ref: Any) -> Pack:
    """The pack a save names: regenerated from its seed, or read from the embedded file."""
    if isinstance(ref, dict) and isinstance(ref.get("seed"), int):
        return generated_pack(ref["seed"])
    if isinstance(ref, dict) and isinstance(ref.get("data"), dict):
        try:
            return read_pack(json.dumps(ref["data"]), "saved pack")
        except (BoardError, ContentError) as exc:
            raise ValueError(f"the {_NAME} save's pack is damaged: {exc}") from None
    raise ValueError(f"the {_NAME} save names no pack")
