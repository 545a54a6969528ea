"""A third-party game in one module, to prove that games plug in through the entry point.

Nim: players take 1 to 3 stones in turn from a pile of 10–19 (seeded); whoever takes the last
stone wins. It implements the whole protocol in a few lines and names nothing of nfgalaxy but
the core (and, in ``ui()``, Textual and ``nfgalaxy.ui``). ``test_plugin_game.py`` installs it
beside a ``*.dist-info`` folder declaring it in the ``nfgalaxy.games`` group.
"""

from __future__ import annotations

import json
from typing import Any

from nfgalaxy.core.decision import Decision, IllegalDecision
from nfgalaxy.core.descriptor import (
    GameDescriptor,
    Heuristic,
    TextAdapter,
    TilesReport,
)
from nfgalaxy.core.rng import Rng


class Nim:
    game_id = "toy-nim"

    def __init__(self, players: int, seed: int, options: dict[str, Any]) -> None:
        self.options = {**options, "players": players, "seed": seed}
        self.rng = Rng(seed)
        self.pile = 10 + self.rng.below(10)
        self.turn = 0
        self.round = 1
        self.winner: int | None = None
        self.end_reasons: list[str] = []
        self.history: list[dict[str, Any]] = []
        self.log: list[str] = [f"A pile of {self.pile} stones."]

    def name(self, seat: int) -> str:
        return f"Player {seat + 1}"

    def to_move(self) -> int | None:
        return None if self.winner is not None else self.turn

    def legal_decisions(self) -> list[Decision]:
        if self.winner is not None:
            return []
        return [Decision("take", (n,), f"take {n}") for n in range(1, min(3, self.pile) + 1)]

    def apply(self, decision: Decision) -> None:
        if decision not in self.legal_decisions():
            raise IllegalDecision("take 1 to 3", f"{decision} is not allowed now")
        self.history.append({**decision.to_json(), "seat": self.turn})
        self.pile -= decision.args[0]
        self.log.append(f"{self.name(self.turn)} takes {decision.args[0]}; {self.pile} left.")
        if self.pile == 0:
            self.winner, self.end_reasons = self.turn, ["the pile is empty"]
        else:
            self.turn = (self.turn + 1) % self.options["players"]
            self.round += self.turn == 0

    def is_over(self) -> bool:
        return self.winner is not None

    def scores(self) -> list[dict[str, int]]:
        return [{"total": int(s == self.winner)} for s in range(self.options["players"])]

    def winners(self) -> list[int]:
        return [] if self.winner is None else [self.winner]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game_id,
            **{k: v for k, v in vars(self).items() if k != "rng"},
            "rng": self.rng.state,
        }

    def clone(self) -> Nim:
        return load(json.loads(json.dumps(self.to_json())))

    def view(self, seat: int, rng: Rng, quiet: bool = False) -> Nim:
        copy = self.clone()  # nothing is hidden in Nim
        copy.rng = Rng(rng.next64())
        return copy

    def undo_point(self, seat: int) -> int | None:
        last = self.history[-1] if self.history and not self.is_over() else {}
        return len(self.history) - 1 if last.get("seat") == seat else None


def load(data: dict[str, Any]) -> Nim:
    state = Nim(data["options"]["players"], data["options"]["seed"], data["options"])
    for key, value in data.items():
        if key not in ("game", "rng"):
            setattr(state, key, value)
    state.rng = Rng(data["rng"])
    return state


def _ui() -> Any:
    from textual.widgets import Static

    from nfgalaxy.ui.game_ui import GameUi

    class Pile(Static):
        def __init__(self, players: int) -> None:
            super().__init__()

        def show(self, state: Nim, viewer: int | None) -> None:
            self.update(f"{state.pile} stones")

    return GameUi(
        board=Pile,
        help_markdown=lambda: "# Nim\nTake 1 to 3 stones; the last stone wins.",
        score_columns=(("total", "Won"),),
        builtin_tiles=lambda: None,
        describe_tile=str,
        bonus_details=lambda state: [],
    )


DESCRIPTOR = GameDescriptor(
    id="toy-nim",
    title="Toy Nim",
    summary="Take the last stone.",
    min_players=2,
    max_players=3,
    new_game=lambda players, seed, options: Nim(players, seed, options),
    load=load,
    heuristics=lambda: Heuristic(value=lambda state, seat: float(state.winner == seat)),
    tiles_report=lambda: TilesReport(lambda path: ({}, None), lambda t: "no tiles", dict),
    text=lambda: TextAdapter(lambda s, v: f"{s.pile} stones", lambda s, seat, v: s.name(seat)),
    ui=_ui,
    aliases=("nim",),
    default_players=2,
)
