"""A new online table: its game and options, seats and bots, pace, and who may join.

The games and their options come from the registry, as on the new-game screen (the same rows,
``nfgalaxy.ui.widgets.game_options``). The host takes the first seat; each other seat is for a
player who joins, or for one of the server's bots at a level. Live tables have a clock on each
decision (seconds), async ones days per move. A rated table moves its players' ratings
(players only, or a bot ladder where the bots are rated too). A private table is not listed:
its invitation code is given to the players wanted. The referee has the game agree to the
table before it is stored; whatever it refuses is told in words and the form stays as it was.
"""

from __future__ import annotations

import secrets
from typing import Any

from rich.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Switch

from nfgalaxy.bots import BOT_KINDS
from nfgalaxy.core.descriptor import OptionKind
from nfgalaxy.core.registry import descriptor
from nfgalaxy.tables.errors import Refused
from nfgalaxy.tables.model import (
    INVITATION_MAX,
    SEED_LIMIT,
    Pace,
    PaceKind,
    SeatSpec,
    Table,
    TableSpec,
    Visibility,
)
from nfgalaxy.ui.game_ui import app_games
from nfgalaxy.ui.online import OnlineSession
from nfgalaxy.ui.widgets.game_options import (
    ChosenGameOptions,
    read_options,
    switch_word,
    update_switch_word,
)
from nfgalaxy.ui.widgets.header import TitleHeader

HUMAN = "human"
SEAT_CHOICES = [("A player who joins", HUMAN)] + [(f"Bot: {kind}", kind) for kind in BOT_KINDS]
PACE_CHOICES = [
    ("Live: a clock on each decision", PaceKind.LIVE.value),
    ("Async: days for each move", PaceKind.ASYNC.value),
]
#: The pace amount the form offers for each kind (seconds a decision, days a move).
PACE_DEFAULTS = {PaceKind.LIVE.value: 90, PaceKind.ASYNC.value: 3}
NOT_RATED, RATED, LADDER = "no", "rated", "ladder"
RATING_CHOICES = [
    ("Not rated", NOT_RATED),
    ("Rated: players only", RATED),
    ("Bot ladder: rated, the bots too", LADDER),
]
MAX_SEATS = max((g.max_players for g in app_games()), default=5)


class TableFormScreen(Screen[Table | None]):
    """Dismissed with the table created, or None."""

    BINDINGS = [
        Binding("ctrl+s", "create", "Create table"),
        Binding("escape", "cancel", "Back to the lobby"),
    ]

    def __init__(self, session: OnlineSession) -> None:
        super().__init__()
        self.session = session
        self._options = ChosenGameOptions(lambda _game, option: option.default)

    def compose(self) -> ComposeResult:
        yield TitleHeader()
        games = app_games()
        first = games[0]
        with VerticalScroll():
            with Horizontal(classes="option"):
                yield Label("Game")
                yield Select([(g.title, g.id) for g in games], value=first.id,
                             allow_blank=False, id="game")  # fmt: skip
            yield from self._options.rows(first)
            with Horizontal(classes="option", id="seat-count-row"):
                yield Label("Seats")
                yield Select(_counts(first.id), allow_blank=False, id="seat-count")
            with Horizontal(classes="seat"):
                yield Label("Seat 1")
                yield Label("You", id="seat-0")
            for index in range(1, MAX_SEATS):
                with Horizontal(classes="seat", id=f"seat-row-{index}"):
                    yield Label(f"Seat {index + 1}")
                    yield Select(SEAT_CHOICES, value=HUMAN, allow_blank=False, id=f"seat-{index}")
            with Horizontal(classes="option"):
                yield Label("Pace")
                yield Select(PACE_CHOICES, value=PaceKind.LIVE.value, allow_blank=False,
                             id="pace")  # fmt: skip
            with Horizontal(classes="option"):
                yield Label("Seconds for each decision", id="pace-unit")
                yield Input(str(PACE_DEFAULTS[PaceKind.LIVE.value]), type="integer",
                            id="pace-amount")  # fmt: skip
            with Horizontal(classes="option"):
                yield Label("Private (joined with an invitation code)")
                yield Switch(False, id="private")
                yield Label(switch_word(False), id="private-word", classes="switch-word")
            with Horizontal(classes="option", id="code-row"):
                yield Label("Invitation code")
                yield Input(secrets.token_urlsafe(6), max_length=INVITATION_MAX, id="invitation")
            with Horizontal(classes="option"):
                yield Label("Spectators may watch")
                yield Switch(True, id="spectators")
                yield Label(switch_word(True), id="spectators-word", classes="switch-word")
            with Horizontal(classes="option"):
                yield Label("Rated (no undo)")
                yield Select(RATING_CHOICES, value=NOT_RATED, allow_blank=False, id="rated")
            with Horizontal(id="form-buttons"):
                yield Button("Create table", id="create", variant="primary")
                yield Button("Back to the lobby", id="cancel")
        yield Footer()

    async def on_mount(self) -> None:
        self.title = "New online table"
        await self.show_game(self.chosen_game())
        self.query_one("#code-row").display = False
        self.query_one("#game", Select).focus()

    def chosen_game(self) -> str:
        return str(self.query_one("#game", Select).value)

    async def show_game(self, game_id: str) -> None:
        await self._options.show(self, game_id, self.query_one(VerticalScroll), "#seat-count-row")
        # A table's game runs on the server: no option may make it read a file by path.
        for row in self.query(".path-option"):
            row.display = False
        counts = _counts(game_id)
        count = self.query_one("#seat-count", Select)
        count.set_options(counts)
        count.value = counts[0][1]
        self.show_seats(counts[0][1])

    def show_seats(self, count: int) -> None:
        for index in range(1, MAX_SEATS):
            self.query_one(f"#seat-row-{index}").display = index < count

    async def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "game":
            await self.show_game(str(event.value))
        elif event.select.id == "seat-count" and isinstance(event.value, int):
            self.show_seats(event.value)
        elif event.select.id == "pace":
            live = event.value == PaceKind.LIVE.value
            unit = "Seconds for each decision" if live else "Days for each move"
            self.query_one("#pace-unit", Label).update(unit)
            self.query_one("#pace-amount", Input).value = str(PACE_DEFAULTS[str(event.value)])

    def on_switch_changed(self, event: Switch.Changed) -> None:
        update_switch_word(self, event.switch)
        if event.switch.id == "private":
            self.query_one("#code-row").display = event.value

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "create":
            self.action_create()
        elif event.button.id == "cancel":
            self.action_cancel()

    def action_cancel(self) -> None:
        self.dismiss(None)

    def spec(self) -> TableSpec | None:
        """The table the form describes, or None (told why)."""
        game = self.chosen_game()
        options = read_options(self, game)
        if options is None:
            return None
        count = self.query_one("#seat-count", Select).value
        seats = [SeatSpec()]
        for index in range(1, int(count) if isinstance(count, int) else 1):
            kind = str(self.query_one(f"#seat-{index}", Select).value)
            seats.append(SeatSpec() if kind == HUMAN else SeatSpec.bot(kind))
        amount = self.query_one("#pace-amount", Input).value.strip()
        if not amount.isdigit():
            self.notify("The pace: a whole number, please.", severity="error")
            return None
        private = self.query_one("#private", Switch).value
        rating = str(self.query_one("#rated", Select).value)
        code = self.query_one("#invitation", Input).value.strip() if private else None
        try:
            return TableSpec(
                game=game,
                seats=tuple(seats),
                seed=secrets.randbelow(SEED_LIMIT),
                options=_plain(game, options),
                pace=Pace(PaceKind(str(self.query_one("#pace", Select).value)), int(amount)),
                visibility=Visibility.PRIVATE if private else Visibility.OPEN,
                invitation=code,
                rated=rating != NOT_RATED,
                ladder=rating == LADDER,
                spectators=self.query_one("#spectators", Switch).value,
            )
        except Refused as refused:
            self.notify(escape(refused.reason), title="Cannot set up this table", severity="error")
            return None

    def action_create(self) -> None:
        if self.session.key is None or self.session.player() is None:
            self.notify("Only a player with a key and a name can set up a table.")
            return
        spec = self.spec()
        if spec is None:
            return
        try:
            table = self.session.referee.new_table(spec, self.session.key)
        except Refused as refused:
            self.notify(escape(refused.reason), title="Cannot set up this table", severity="error")
            return
        self.dismiss(table)


def _counts(game_id: str) -> list[tuple[str, int]]:
    game = descriptor(game_id)
    return [(f"{n} players", n) for n in range(game.min_players, game.max_players + 1)]


def _plain(game_id: str, options: dict[str, Any]) -> dict[str, Any]:
    """The options a table keeps: those with a value, and never a path (see above)."""
    paths = {o.name for o in descriptor(game_id).options if o.kind is OptionKind.PATH}
    return {k: v for k, v in options.items() if v is not None and k not in paths}
