"""The nfgalaxy Textual app: new game, the table, the end of game."""

from __future__ import annotations

from typing import Any

from textual.app import App

from nfgalaxy.core.protocol import new_game
from nfgalaxy.games.new_frontiers.rules import NewFrontiers
from nfgalaxy.ui.screens.game import GameScreen
from nfgalaxy.ui.screens.new_game import NewGameScreen
from nfgalaxy.ui.seats import Seat


class NfGalaxyApp(App[None]):
    TITLE = "nfgalaxy"
    SUB_TITLE = "New Frontiers"

    def __init__(self, bot_delay: float = 0.6, seed: int | None = None) -> None:
        super().__init__()
        self.bot_delay = bot_delay
        self.fixed_seed = seed

    def on_mount(self) -> None:
        self.push_screen(NewGameScreen())

    def start_game(self, seats: list[Seat], seed: int | None, options: dict[str, Any]) -> None:
        from nfgalaxy.cli import random_seed

        if seed is None:
            seed = self.fixed_seed if self.fixed_seed is not None else random_seed()
        state = new_game(
            "new-frontiers",
            players=len(seats),
            seed=seed,
            options={**options, "names": [s.name for s in seats]},
        )
        assert isinstance(state, NewFrontiers)
        if state.log and "using the built-in tiles" in state.log[0]:
            self.notify(state.log[0], title="Tile file refused", severity="warning", timeout=10)
        self.sub_title = f"New Frontiers — seed {seed}"
        self.switch_screen(GameScreen(state, seats, self.bot_delay))
