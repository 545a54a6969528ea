"""The nfgalaxy Textual app: new game, the table, saves, the end of game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.app import App

from nfgalaxy.core.protocol import new_game
from nfgalaxy.core.saves import AUTOSAVE, SaveError, SaveInfo, SaveStore
from nfgalaxy.games.new_frontiers.rules import NewFrontiers
from nfgalaxy.ui.screens.game import GameScreen
from nfgalaxy.ui.screens.new_game import NewGameScreen
from nfgalaxy.ui.seats import Seat


class NfGalaxyApp(App[None]):
    TITLE = "nfgalaxy"
    SUB_TITLE = "New Frontiers"

    def __init__(
        self, bot_delay: float = 0.6, seed: int | None = None, store: SaveStore | None = None
    ) -> None:
        super().__init__()
        self.bot_delay = bot_delay
        self.fixed_seed = seed
        self.store = store or SaveStore()

    def on_mount(self) -> None:
        self.push_screen(NewGameScreen())

    # ------------------------------------------------------------------ games

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
        self.show_game(state, seats)
        self.autosave(state, seats)

    def show_game(self, state: NewFrontiers, seats: list[Seat]) -> None:
        self.sub_title = f"New Frontiers — seed {state.options.get('seed')}"
        self.switch_screen(GameScreen(state, seats, self.bot_delay))

    # ------------------------------------------------------------------ saves

    def continue_info(self) -> SaveInfo | None:
        """The autosave, if there is a game in play to continue."""
        path = self.store.path_for(AUTOSAVE)
        if not path.exists():
            return None
        info = self.store.info(path)
        return info if info.readable and not info.over else None

    def autosave(self, state: NewFrontiers, seats: list[Seat]) -> None:
        """After every decision: a failed write is reported, never fatal."""
        self.write_save(AUTOSAVE, state, seats, quiet=True)

    def write_save(
        self, name: str, state: NewFrontiers, seats: list[Seat], quiet: bool = False
    ) -> None:
        try:
            path = self.store.write(name, state, [{"name": s.name, "kind": s.kind} for s in seats])
        except OSError as error:
            self.notify(f"Could not save: {error}", title="Save failed", severity="error")
            return
        if not quiet:
            self.notify(f"Saved as {path.name}", title="Saved")

    def load_save(self, path: Path) -> None:
        try:
            state, seats = self.store.load(path)
        except SaveError as error:
            self.notify(f"{path.name}: {error}", title="Cannot load", severity="error")
            return
        assert isinstance(state, NewFrontiers)
        from nfgalaxy.ui.screens.load import LoadScreen

        if isinstance(self.screen, LoadScreen):
            self.pop_screen()
        self.show_game(state, [Seat(s["name"], s["kind"]) for s in seats])
