"""The nfgalaxy Textual app: new game, the table, saves, the end of game."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from nfgalaxy.core.autosaves import KEEP_IN_PLAY, Autosaves
from nfgalaxy.core.protocol import GameState, new_game
from nfgalaxy.core.registry import load_problems
from nfgalaxy.core.rng import random_seed
from nfgalaxy.core.saves import SaveError, SaveInfo, SaveStore, in_words
from nfgalaxy.records import GameRecord, RecordedPlayer, RecordRefused, RecordStore
from nfgalaxy.ui.game_ui import NotInApp, app_games, game_title, game_ui
from nfgalaxy.ui.online import OnlineSession, session_from_environment
from nfgalaxy.ui.screens.new_game import NewGameScreen
from nfgalaxy.ui.seats import Seat
from nfgalaxy.ui.themes import DEFAULT_THEME, load_themes, remember_theme, remembered_theme

if TYPE_CHECKING:
    from nfgalaxy.ui.screens.game import GameScreen


def game_screen(screen: Screen[Any] | None) -> GameScreen | None:
    """``screen`` if it is a game screen. The game screen's module (with the bots, the
    search and the log) is imported when a game is first shown, not before the first screen."""
    module = sys.modules.get("nfgalaxy.ui.screens.game")
    return screen if module is not None and isinstance(screen, module.GameScreen) else None


#: The shared stylesheet. Each game's own is read with its game screen (``GameScreen``).
STYLESHEET = Path(__file__).with_name("nfgalaxy.tcss")


class NfGalaxyApp(App[None]):
    TITLE = "nfgalaxy"
    BINDINGS = [
        Binding("question_mark,f1", "help", "Help"),
        Binding("i", "inspect", "Tiles"),
    ]

    def __init__(
        self,
        bot_delay: float = 0.6,
        seed: int | None = None,
        store: SaveStore | None = None,
        online: OnlineSession | None = None,
        replay: GameRecord | None = None,
    ) -> None:
        super().__init__(css_path=[STYLESHEET])
        #: The online tables (``nfgalaxy serve`` names their store), or None: the local app.
        self.online = online if online is not None else session_from_environment()
        self.sub_title = " · ".join(game.title for game in app_games())
        self.bot_delay = bot_delay
        self.fixed_seed = seed
        self.store = store or SaveStore()
        self.autosaves = Autosaves(self.store)
        #: Finished games, kept beside the saves (the data directory's ``records``).
        self.records = RecordStore(self.store.root.parent / "records")
        #: A finished game to open on (``nfgalaxy replay ID``), over the new-game screen.
        self.first_replay = replay
        #: The file the game on screen is autosaved to (the last one's, between games).
        self.autosave_file: Path | None = None
        #: True while games cannot be saved: the player has been told once, and autosaves
        #: fail quietly until one works again.
        self.saving_off = False

    def on_mount(self) -> None:
        # First, so that what cannot be remembered below (the theme) is covered by this notice.
        problem = self.store.unwritable(self.autosaves.folder)
        if problem is not None:
            self.saving_off = True
            self.notify(
                f"{problem}. You can play, but games (and settings) are not kept until it can "
                "be written.",
                title="Games cannot be saved",
                severity="warning",
                timeout=20,
            )
        loaded = load_themes()
        for theme in loaded.themes:
            self.register_theme(theme)
        for problem in loaded.problems:
            self.notify(problem, title="Theme file skipped", severity="warning", timeout=8)
        for problem in load_problems():
            self.notify(problem, title="Game skipped", severity="warning", timeout=10)
        wanted = remembered_theme() or DEFAULT_THEME
        if wanted in self.available_themes:
            self.theme = wanted
        if self.online is None:
            self.push_screen(NewGameScreen())
            if self.first_replay is not None:
                self.show_replay(self.first_replay)
            return
        from nfgalaxy.ui.screens.lobby import LobbyScreen

        self.push_screen(LobbyScreen(self.online))
        if self.online.key is not None and self.online.player() is None:
            from nfgalaxy.ui.screens.player_name import PlayerNameScreen

            self.push_screen(PlayerNameScreen(self.online))

    def watch_theme(self, theme: str) -> None:
        """Remember the theme chosen (with the command palette or the theme picker)."""
        if not self.is_mounted:
            return
        try:
            remember_theme(theme)
        except OSError as error:
            self.warn_unkept(f"The theme choice cannot be remembered: {in_words(error)}")

    def warn_unkept(self, message: str) -> None:
        """Tell the player something was not kept, unless they were told at the start that
        nothing can be (the data folder cannot be written): once is enough."""
        if not self.saving_off:
            self.notify(message, severity="warning")

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("New game", "Set up a new game", self.action_new_game)
        yield SystemCommand("Save game", "Save the game in play under a name", self.action_save)
        yield SystemCommand("Load game", "Choose a saved game", self.action_load)
        yield SystemCommand(
            "Finished games", "Replay a game played to its end", self.action_finished_games
        )
        yield SystemCommand(
            "Statistics", "Games, wins, scores and favourite phases", self.action_statistics
        )
        game = game_screen(screen)
        if game is not None and game.can_undo():
            yield SystemCommand("Undo", "Take back your last decision", game.action_undo)
        yield SystemCommand("Help", "Rules summary and keys", self.action_help)
        yield SystemCommand("Tile inspector", "Every tile and its source", self.action_inspect)

    # ------------------------------------------------------------------ actions

    def current_game(self) -> str:
        """The game in play, or the one chosen on the new-game screen."""
        for screen in reversed(self.screen_stack):
            game = game_screen(screen)
            if game is not None:
                return game.state.game_id
            replayed = getattr(screen, "record", None)  # the replay viewer's
            if isinstance(replayed, GameRecord):
                return replayed.game
            if isinstance(screen, NewGameScreen):
                return screen.chosen_game()
        return app_games()[0].id

    def action_help(self) -> None:
        from nfgalaxy.ui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(game_ui(self.current_game()).help_markdown()))

    def action_inspect(self) -> None:
        from nfgalaxy.ui.screens.inspector import InspectorScreen

        if isinstance(self.screen, InspectorScreen):
            return
        ui = game_ui(self.current_game())
        game = game_screen(self.screen)
        tiles = ui.tiles_of(game.state) if game else ui.builtin_tiles()
        self.push_screen(InspectorScreen(tiles, ui.describe_tile))

    def action_new_game(self) -> None:
        """Back to the new-game screen from anywhere (the game in play stays autosaved);
        online, back to the lobby (a game of one's own starts from there)."""
        if self.online is not None:
            from nfgalaxy.ui.screens.lobby import LobbyScreen

            while len(self.screen_stack) > 2 and not isinstance(self.screen, LobbyScreen):
                self.pop_screen()
            return
        while len(self.screen_stack) > 2:
            self.pop_screen()
        self.switch_screen(NewGameScreen())

    def action_save(self) -> None:
        game = game_screen(self.screen)
        if game is not None:
            game.action_save_as()
        else:
            self.notify("There is no game in play to save.", severity="warning")

    def action_load(self) -> None:
        from nfgalaxy.ui.screens.load import LoadScreen

        if not isinstance(self.screen, LoadScreen):
            self.push_screen(LoadScreen(self.store))

    def action_statistics(self) -> None:
        """The statistics of the finished games kept (tournaments' among them)."""
        from nfgalaxy.ui.screens.statistics import StatisticsScreen

        if not isinstance(self.screen, StatisticsScreen):
            records = self.records
            self.push_screen(StatisticsScreen(lambda progress: records.records()))

    def action_finished_games(self) -> None:
        from nfgalaxy.ui.screens.finished import FinishedGamesScreen

        if not isinstance(self.screen, FinishedGamesScreen):
            self.push_screen(FinishedGamesScreen(self.records))

    def show_replay(self, record: GameRecord) -> None:
        """Step through a finished game (the replay viewer); a record that no longer
        replays (a game changed since) is told, not shown."""
        from nfgalaxy.ui.screens.replay import ReplayScreen

        try:
            screen = ReplayScreen(record)
        except (RecordRefused, NotInApp) as error:
            self.notify(f"{record.id}: {error}", title="Cannot replay", severity="error")
            return
        self.push_screen(screen)

    def record_game(self, state: GameState, seats: list[Seat]) -> None:
        """Keep a game that has just ended among the finished games."""
        players = [RecordedPlayer(seat.name, seat.kind) for seat in seats]
        try:
            self.records.add(GameRecord.from_state(state, players))
        except OSError as error:
            self.warn_unkept(f"The finished game cannot be kept: {in_words(error)}")

    # ------------------------------------------------------------------ games

    def start_game(
        self,
        seats: list[Seat],
        seed: int | None,
        options: dict[str, Any],
        game: str | None = None,
    ) -> None:
        game = game or app_games()[0].id
        if seed is None:
            seed = self.fixed_seed if self.fixed_seed is not None else random_seed()
        state = new_game(
            game,
            players=len(seats),
            seed=seed,
            options={**options, "names": [s.name for s in seats]},
        )
        if state.log and "using the built-in tiles" in state.log[0]:
            self.notify(state.log[0], title="Tile file refused", severity="warning", timeout=10)
        self.show_game(state, seats)
        self.autosave(state, seats)

    def show_game(
        self, state: GameState, seats: list[Seat], autosave_file: Path | None = None
    ) -> None:
        """Show a game, autosaved from now on to ``autosave_file`` (None: a file of its own)."""
        self.autosave_file = autosave_file or self.autosaves.new_file(state.game_id)
        # The game screen's header names its game and turn; the app's own title stays the
        # list of games, for the screens between games (a stale game there misled players).
        from nfgalaxy.ui.screens.game import GameScreen

        self.switch_screen(GameScreen(state, seats, self.bot_delay))

    # ------------------------------------------------------------------ saves

    def games_in_play(self) -> list[SaveInfo]:
        """What Continue offers: the autosaved games in play that this app can show, the
        last played first, and the autosaves that cannot be read, each with its reason."""
        shown = {game.id for game in app_games()}
        return [e for e in self.autosaves.in_play() if not e.readable or e.game in shown]

    def autosave(self, state: GameState, seats: list[Seat]) -> None:
        """After every decision, to the game's own file. A failure is told once (at the start,
        or when it first fails), not after every decision; saving goes on being tried, and
        works again as soon as the folder can be written."""
        if self.autosave_file is None:  # a game shown some other way than show_game
            self.autosave_file = self.autosaves.new_file(state.game_id)
        try:
            done = self.autosaves.write(self.autosave_file, state, _seat_rows(seats))
        except OSError as error:
            if not self.saving_off:
                self.saving_off = True
                self.notify(
                    f"{self.autosaves.folder} cannot be written: {in_words(error)}. The game "
                    "goes on, and is saved again once it can be.",
                    title="Autosave failed",
                    severity="warning",
                    timeout=15,
                )
            return
        self.autosave_file = done.path
        if self.saving_off:
            self.saving_off = False
            self.notify("Games are saved again.", title="Autosave works again")
        for entry in done.dropped:
            self.notify(
                f"{game_title(entry.game)} ({', '.join(entry.players)}, round {entry.round}) "
                f"was deleted: only the {KEEP_IN_PLAY} newest games in play are kept.",
                title="Oldest game in play deleted",
                severity="warning",
                timeout=10,
            )

    def write_save(
        self, name: str, state: GameState, seats: list[Seat], quiet: bool = False
    ) -> None:
        """Save under a name the player gave; a failure is always told (they asked for it)."""
        try:
            path = self.store.write(name, state, _seat_rows(seats))
        except OSError as error:
            self.notify(
                f"Could not save in {self.store.root}: {in_words(error)}",
                title="Save failed",
                severity="error",
            )
            return
        if not quiet:
            self.notify(f"Saved as {path.name}", title="Saved")

    def delete_autosave(self, entry: SaveInfo) -> bool:
        """Delete a game in play the player no longer wants; False (and told why) if not."""
        try:
            self.autosaves.delete(entry.path)
        except (OSError, ValueError) as error:
            reason = in_words(error) if isinstance(error, OSError) else str(error)
            self.notify(f"{entry.path.name}: {reason}", title="Cannot delete", severity="error")
            return False
        return True

    def load_save(self, path: Path) -> None:
        try:
            state, seats = self.store.load(path)
        except SaveError as error:
            self.notify(f"{path.name}: {error}", title="Cannot load", severity="error")
            return
        try:
            game_ui(state.game_id)
        except NotInApp as error:
            self.notify(f"{path.name}: {error}", title="Cannot load", severity="error")
            return
        from nfgalaxy.ui.screens.load import LoadScreen

        if isinstance(self.screen, LoadScreen):
            self.pop_screen()
        # An autosave goes on in its own file; a game played on from a named save is a new
        # game, so that the named save, and the autosave it was saved from, stay as they are.
        own = path if self.autosaves.holds(path) else None
        self.show_game(state, [Seat(s["name"], s["kind"]) for s in seats], own)


def _seat_rows(seats: list[Seat]) -> list[dict[str, str]]:
    return [{"name": s.name, "kind": s.kind} for s in seats]
