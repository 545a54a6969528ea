"""New game: which game, 2–5 seats (human with a name, or a bot), its options, seed, tiles."""

from __future__ import annotations

import os

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Input, Label, Select, Switch

from nfgalaxy.ui.games import DEFAULT_GAME, GAMES, game_ui
from nfgalaxy.ui.seats import SEAT_KINDS, Seat, default_seats


def served() -> bool:
    """True when the app runs for a remote player under ``nfgalaxy serve``."""
    return os.environ.get("NFGALAXY_SERVED") == "1"


SEAT_CHOICES = [
    ("Human", "human"),
    ("Greedy bot", "greedy"),
    ("Random bot", "random"),
    ("Empty seat", "empty"),
]


class NewGameScreen(Screen[None]):
    BINDINGS = [Binding("ctrl+s", "start", "Start game")]
    DEFAULT_CSS = """
    NewGameScreen VerticalScroll { padding: 1 2; }
    NewGameScreen .seat { height: 3; }
    NewGameScreen .seat Select { width: 22; }
    NewGameScreen .seat Input { width: 30; }
    NewGameScreen .option { height: 3; }
    NewGameScreen .option Label { padding: 1 1; width: 40; }
    NewGameScreen .option Input { width: 50; }
    NewGameScreen #game { width: 30; }
    NewGameScreen #buttons { height: 3; margin-bottom: 1; }
    NewGameScreen #buttons Button { margin-right: 2; }
    """

    def compose(self) -> ComposeResult:
        yield Header()
        seats = default_seats(4)
        with VerticalScroll():
            with Horizontal(id="buttons"):
                yield Button("Start game", id="start", variant="primary")
                yield Button("Continue", id="continue")
                yield Button("Load a saved game", id="load")
            with Horizontal(classes="option"):
                yield Label("Game")
                yield Select(
                    [(ui.title, ui.game_id) for ui in GAMES.values()],
                    value=DEFAULT_GAME,
                    allow_blank=False,
                    id="game",
                )
            yield Label("Seats (2 to 5 players):")
            for index in range(5):
                seat = seats[index] if index < len(seats) else Seat(f"Bot {index}", "empty")
                with Horizontal(classes="seat"):
                    yield Select(
                        SEAT_CHOICES, value=seat.kind, allow_blank=False, id=f"kind-{index}"
                    )
                    yield Input(seat.name, placeholder="Name", id=f"name-{index}")
            # New Frontiers' own options; hidden while another game is chosen.
            with Horizontal(classes="option nf-only"):
                yield Label("Goals variant (Set Galactic Goals, stockpiles)")
                yield Switch(False, id="goals")
            with Horizontal(classes="option nf-only"):
                yield Label("Random tile sides (later-game setup)")
                yield Switch(False, id="random-sides")
            with Horizontal(classes="option"):
                yield Label("Seed (blank: random)")
                yield Input("", placeholder="random", id="seed", type="integer")
            # Over SSH a remote player must not make the server read files by path.
            with Horizontal(classes="option", id="tiles-option") as row:
                row.display = not served()
                yield Label("Tile file (blank: built-in set)")
                yield Input("", placeholder="built-in", id="tiles")
        yield Footer()

    def on_mount(self) -> None:
        saved = self.app.continue_info()
        resume = self.query_one("#continue", Button)
        if saved is None:
            resume.display = False
            self.query_one("#start", Button).focus()
        else:
            title = GAMES[saved.game].title if saved.game in GAMES else saved.game
            resume.label = f"Continue {title} ({', '.join(saved.players)}, round {saved.round})"
            resume.focus()

    def chosen_game(self) -> str:
        return str(self.query_one("#game", Select).value)

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "game":
            for row in self.query(".nf-only"):
                row.display = event.value == "new-frontiers"

    def seats(self) -> list[Seat]:
        out = []
        for index in range(5):
            kind = self.query_one(f"#kind-{index}", Select).value
            if kind not in SEAT_KINDS:
                continue
            name = self.query_one(f"#name-{index}", Input).value.strip() or f"Player {index + 1}"
            out.append(Seat(name, str(kind)))
        return out

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        elif event.button.id == "continue":
            saved = self.app.continue_info()
            if saved is not None:
                self.app.load_save(saved.path)
        elif event.button.id == "load":
            from nfgalaxy.ui.screens.load import LoadScreen

            self.app.push_screen(LoadScreen(self.app.store))

    def action_start(self) -> None:
        seats = self.seats()
        game = self.chosen_game()
        if not 2 <= len(seats) <= 5:
            self.notify(f"{game_ui(game).title} needs 2 to 5 seats filled.", severity="error")
            return
        names = [s.name for s in seats]
        if len(set(names)) != len(names):
            self.notify("Give every seat a different name.", severity="error")
            return
        seed_text = self.query_one("#seed", Input).value.strip()
        options: dict[str, object] = {
            "tiles": None if served() else self.query_one("#tiles", Input).value.strip() or None,
        }
        if game == "new-frontiers":
            options["goals"] = self.query_one("#goals", Switch).value
            options["first_game"] = not self.query_one("#random-sides", Switch).value
        self.app.start_game(seats, int(seed_text) if seed_text else None, options, game)
