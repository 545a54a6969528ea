"""New game: which game, its seats (human with a name, or a bot), its options, seed.

The games and their options come from the registry: each option of the chosen game gets a row
(``ChosenGameOptions``; another game's are mounted when it is chosen). Nothing here names a
game. The form opens on the last game started (``last_setup``): its game, seats and each game's
options. Above the form, the games still in play (one autosave each) are listed to be continued
or deleted (``ContinueList``).
"""

from __future__ import annotations

import os
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, OptionList, Switch

from nfgalaxy.core.autosaves import KEEP_IN_PLAY
from nfgalaxy.core.descriptor import GameDescriptor, GameOption
from nfgalaxy.core.registry import descriptor
from nfgalaxy.core.saves import in_words
from nfgalaxy.ui.game_ui import app_games
from nfgalaxy.ui.last_setup import LastSetup, last_setup, remember_setup
from nfgalaxy.ui.seats import SEAT_KINDS, Seat, default_seats
from nfgalaxy.ui.widgets.continue_list import ContinueList, describe
from nfgalaxy.ui.widgets.cycle import Cycle
from nfgalaxy.ui.widgets.game_options import (
    ChosenGameOptions,
    read_options,
    served,
    update_switch_word,
)
from nfgalaxy.ui.widgets.header import TitleHeader

GUEST_NOTICE = (
    "You are playing as a guest (you connected without an SSH key): your game ends when you "
    "disconnect. Connect with an SSH key to keep your saves."
)


def guest() -> bool:
    """True for a player ``nfgalaxy serve`` cannot recognise again: their saves end with them."""
    return served() and os.environ.get("NFGALAXY_GUEST") == "1"


SEAT_CHOICES = [
    ("Human", "human"),
    ("Bot: normal (search)", "normal"),
    ("Bot: hard (search)", "hard"),
    ("Bot: expert (search)", "expert"),
    ("Bot: greedy", "greedy"),
    ("Bot: easy", "easy"),
    ("Bot: random", "random"),
    ("Empty seat", "empty"),
]
#: The longest player name: every screen shows names this long whole at 120x40.
NAME_MAX = 20
MAX_SEATS = max((g.max_players for g in app_games()), default=5)


class NewGameScreen(Screen[None]):
    BINDINGS = [Binding("ctrl+s", "start", "Start game")]
    #: Start has the focus first (``on_mount`` gives it to Continue when there are games in
    #: play): Textual's own first focus went to the scrolling form, and restyling its 70
    #: widgets on that focus and again on the blur took a fifth of the first screen's time.
    AUTO_FOCUS = "#start"
    #: The setup the form opened on (None: nothing remembered); kept to merge each game's
    #: options when the next setup is remembered.
    _last: LastSetup | None = None

    def __init__(self) -> None:
        super().__init__()
        #: Each seat row's kind and name, from the last setup (rows not composed keep theirs).
        self._seat_rows: list[tuple[str, str]] = []
        #: The chosen game's option rows, opening on the last setup's values.
        self._options = ChosenGameOptions(self._initial_option)

    def compose(self) -> ComposeResult:
        yield TitleHeader()
        defaults = default_seats(4)
        rows = [
            (defaults[i].kind, defaults[i].name) if i < len(defaults) else ("empty", f"Bot {i}")
            for i in range(MAX_SEATS)
        ]
        games = {g.id: g for g in app_games()}
        self._last = last_setup(list(games), {kind for _l, kind in SEAT_CHOICES}, rows, NAME_MAX)
        first = games[self._last.game] if self._last else app_games()[0]
        seats = self._last.seats if self._last else rows
        with VerticalScroll():
            if guest():
                yield Label(GUEST_NOTICE, id="guest-notice")
            # The games in play come first: continuing is what a returning player most
            # often wants, and the list stays short enough to leave Start on an 80x24 screen.
            with Vertical(id="in-play"):
                yield Label(
                    f"Continue a game in play (Enter; d deletes it; the {KEEP_IN_PLAY} newest "
                    "are kept):"
                )
                yield ContinueList(id="continue")
            with Horizontal(id="buttons"):
                yield Button("Start game", id="start", variant="primary")
                yield Button("Load a saved game", id="load")
            with Horizontal(classes="option"):
                yield Label("Game")
                yield Cycle([(g.title, g.id) for g in app_games()], value=first.id, id="game")
            yield Label("Seats:", id="seats-label")
            self._seat_rows = list(seats) + rows[len(seats) :]
            for index in range(first.max_players):
                yield self._seat_row(index)
            yield from self._options.rows(first)
            with Horizontal(classes="option", id="seed-row"):
                yield Label("Seed (blank: random)")
                yield Input("", placeholder="random", id="seed", type="integer")
        yield Footer()

    def _seat_row(self, index: int) -> Horizontal:
        kind, name = self._seat_rows[index]
        return Horizontal(
            Cycle(SEAT_CHOICES, value=kind, id=f"kind-{index}"),
            Input(name, placeholder="Name", max_length=NAME_MAX, id=f"name-{index}"),
            classes="seat",
            id=f"seat-{index}",
        )

    def _initial_option(self, game: GameDescriptor, option: GameOption) -> Any:
        """An option row's value when the form opens: the last setup's, else the default."""
        return self._last.option(game, option) if self._last is not None else option.default

    async def on_mount(self) -> None:
        await self._show_game(self.chosen_game())
        self.show_games_in_play()
        if self.query_one("#in-play").display:
            self.query_one(ContinueList).focus()
        else:
            self.query_one("#start", Button).focus()

    def show_games_in_play(self) -> None:
        """Fill the Continue list from the autosaves (hidden when there is none)."""
        entries = self.app.games_in_play()
        self.query_one(ContinueList).show(entries)
        self.query_one("#in-play").display = bool(entries)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if not isinstance(event.option_list, ContinueList):
            return
        entry = event.option_list.entry(event.option_index)
        if entry is None:
            return
        if not entry.readable:
            self.notify(
                f"{entry.path.name}: {entry.problem}. The file is left as it is.",
                title="Cannot continue this game",
                severity="error",
                timeout=10,
            )
            return
        self.app.load_save(entry.path)

    def on_continue_list_delete(self, event: ContinueList.Delete) -> None:
        from nfgalaxy.ui.screens.confirm import ConfirmScreen

        entry = event.entry

        def answered(yes: bool | None) -> None:
            if yes and self.app.delete_autosave(entry):
                self.show_games_in_play()
                if not self.query_one("#in-play").display:
                    self.query_one("#start", Button).focus()

        question = f"Delete this game in play for good?\n\n{describe(entry)}"
        self.app.push_screen(ConfirmScreen(question), answered)

    def chosen_game(self) -> str:
        return str(self.query_one("#game", Cycle).value)

    async def _show_game(self, game_id: str) -> None:
        """Show the rows of ``game_id``: its seats and its options. Only the chosen game's
        rows are composed (every game's rows at once made the first screen slow to style);
        another game's rows are mounted when it is chosen, with what was set in them before.
        Awaited, so that a row is whole before anything sets it, and a row of the same id
        (back to a game chosen before) is gone before it is mounted again."""
        game = descriptor(game_id)
        await self._options.show(self, game_id, self.query_one(VerticalScroll), "#seed-row")
        mounted = len(self.query(".seat"))
        if mounted < game.max_players:
            new = [self._seat_row(index) for index in range(mounted, game.max_players)]
            await self.query_one(VerticalScroll).mount(*new, after=f"#seat-{mounted - 1}")
        for index, row in enumerate(self.query(".seat")):
            row.display = index < game.max_players
        self.query_one("#seats-label", Label).update(
            f"Seats ({game.min_players} to {game.max_players} players):"
        )

    async def on_cycle_changed(self, event: Cycle.Changed) -> None:
        if event.cycle.id == "game":
            await self._show_game(str(event.value))
        elif event.cycle.id and event.cycle.id.startswith("kind-"):
            self._name_for_kind(int(event.cycle.id.removeprefix("kind-")), str(event.value))

    def _name_for_kind(self, index: int, kind: str) -> None:
        """A seat switched between a human and a bot keeps a name the player typed, but not
        the default name of the other kind: a human seat called "Bot 1" read as a bot."""
        name = self.query_one(f"#name-{index}", Input)
        human, bot = f"Player {index + 1}", f"Bot {index}"
        if kind == "human" and name.value.strip() in ("", bot):
            name.value = human if index else "Player"
        elif kind not in ("human", "empty") and name.value.strip() in ("", human, "Player"):
            name.value = bot

    def on_switch_changed(self, event: Switch.Changed) -> None:
        update_switch_word(self, event.switch)

    def seats(self) -> list[Seat]:
        game = descriptor(self.chosen_game())
        out = []
        for index in range(game.max_players):
            kind = self.query_one(f"#kind-{index}", Cycle).value
            if kind not in SEAT_KINDS:
                continue
            name = self.query_one(f"#name-{index}", Input).value.strip() or f"Player {index + 1}"
            out.append(Seat(name, str(kind)))
        return out

    def options(self) -> dict[str, Any] | None:
        """The chosen game's options from the form, or None (with a notice) if one is bad."""
        return read_options(self, self.chosen_game())

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        elif event.button.id == "load":
            from nfgalaxy.ui.screens.load import LoadScreen

            self.app.push_screen(LoadScreen(self.app.store))

    def action_start(self) -> None:
        game = descriptor(self.chosen_game())
        seats = self.seats()
        if not game.min_players <= len(seats) <= game.max_players:
            self.notify(
                f"{game.title} needs {game.min_players} to {game.max_players} seats filled.",
                severity="error",
            )
            return
        names = [s.name for s in seats]
        if len(set(names)) != len(names):
            self.notify("Give every seat a different name.", severity="error")
            return
        options = self.options()
        if options is None:
            return
        seed_text = self.query_one("#seed", Input).value.strip()
        rows = list(self._seat_rows)
        for i in range(len(self.query(".seat"))):
            rows[i] = (
                str(self.query_one(f"#kind-{i}", Cycle).value),
                self.query_one(f"#name-{i}", Input).value,
            )
        try:
            self.app.start_game(seats, int(seed_text) if seed_text else None, options, game.id)
        except ValueError as error:  # the game's own rules refuse this setup, and say why
            self.notify(str(error), title="Cannot start this game", severity="error", timeout=10)
            return
        chosen = {option.name: options.get(option.name) for option in game.options}
        try:
            remember_setup(game.id, rows, chosen, self._last)
        except OSError as error:
            self.app.warn_unkept(f"This setup cannot be remembered: {in_words(error)}")
