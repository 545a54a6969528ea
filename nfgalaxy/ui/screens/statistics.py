"""Statistics: each player's and bot's games, wins, scores, places, lengths and favourite
phases, per game, in words and terminal charts (the lines of ``nfgalaxy stats``).

Opened from the app (the player's own finished games, tournaments kept among them) or from
the lobby (the server's finished tables, the player's own first). A choice of game and of
player narrows the list.

A server may hold thousands of finished tables, so the records are read and counted in a
worker thread, never on the UI thread: the screen shows "Reading N games…" with a progress
bar meanwhile and answers its keys (Escape leaves at once). A choice of game or player is
counted in the worker too; only the latest choice's answer is shown.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence

from rich.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Label, ProgressBar, Select, Static

from nfgalaxy.records.record import GameRecord
from nfgalaxy.records.statistics import Statistics, statistics
from nfgalaxy.records.stats_command import describe
from nfgalaxy.ui.game_ui import game_title
from nfgalaxy.ui.handoff import ReceivesHandoffs, hand_over
from nfgalaxy.ui.widgets.header import TitleHeader

#: Reads the records, telling ``progress(done, total)`` on the way (from a worker thread).
RecordReader = Callable[[Callable[[int, int], None]], Sequence[GameRecord]]


class RecordsUnreadable(Exception):
    """The records could not be read at all (a table store gone away); says why."""


EVERYONE = "*"
EVERY_GAME = "*"


class StatisticsScreen(ReceivesHandoffs, Screen[None]):
    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    def __init__(self, read: RecordReader, player: str | None = None) -> None:
        """``read`` gives the records to count; it runs in a worker thread. ``player``: whose
        statistics to show first, if they have any."""
        super().__init__()
        self.read = read
        self.wanted_player = player
        self.records: list[GameRecord] | None = None
        self.everything: list[Statistics] = []
        self.people: list[tuple[str, str]] = []
        self.player = EVERYONE
        self.shown: list[Statistics] = []
        #: The number of the latest count asked for (older answers are dropped), and of the
        #: count shown.
        self.asked = 0
        self.answered = 0

    def compose(self) -> ComposeResult:
        yield TitleHeader()
        with Horizontal(classes="option"):
            yield Label("Game")
            yield Select([("Every game", EVERY_GAME)], value=EVERY_GAME, allow_blank=False,
                         id="stats-game")  # fmt: skip
            yield Label("Player")
            yield Select([("Everyone", EVERYONE)], value=EVERYONE, allow_blank=False,
                         id="stats-player")  # fmt: skip
        with VerticalScroll(id="stats-body"):
            yield Static("Reading the finished games…", id="stats")
            yield ProgressBar(total=None, show_eta=False, id="stats-bar")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Statistics"
        self.ui_thread = threading.get_ident()
        self.query_one("#stats-body").focus()
        # After the first refresh: the scroll's own children are mounted by then, for the
        # answers to land in.
        self.call_after_refresh(
            self.run_worker, self._read, thread=True, exclusive=True, group="stats-read"
        )

    # -- in the worker ---------------------------------------------------------------------

    def _read(self) -> None:
        def progress(done: int, total: int) -> None:
            # Every hundredth of the way: a thousand messages would only slow the screen.
            if done == total or done % max(total // 100, 1) == 0:
                hand_over(self, self.ui_thread, self._progress, done, total)

        try:
            records = list(self.read(progress))
        except RecordsUnreadable as error:
            hand_over(self, self.ui_thread, self._unreadable, str(error))
            return
        hand_over(self, self.ui_thread, self._loaded, records, statistics(records))

    def _count(self, asked: int, records: list[GameRecord], player: str, game: str) -> None:
        shown = statistics(
            records,
            player=None if player == EVERYONE else player,
            game=None if game == EVERY_GAME else game,
        )
        hand_over(self, self.ui_thread, self._counted, asked, shown)

    # -- on the UI thread ------------------------------------------------------------------

    def _progress(self, done: int, total: int) -> None:
        if self.records is None:
            self.query_one("#stats", Static).update(
                f"Reading {total:,} game{'' if total == 1 else 's'}…"
            )
            self.query_one("#stats-bar", ProgressBar).update(total=max(total, 1), progress=done)

    def _unreadable(self, why: str) -> None:
        self.query_one("#stats-bar", ProgressBar).display = False
        self.query_one("#stats", Static).update(escape(f"The finished games cannot be read: {why}"))

    def _loaded(self, records: list[GameRecord], everything: list[Statistics]) -> None:
        self.records, self.everything = records, everything
        names = sorted({s.name for s in everything if not s.is_bot}, key=str.casefold)
        bots = sorted({s.name for s in everything if s.is_bot})
        self.people = [(name, name) for name in names] + [(f"Bot: {k}", k) for k in bots]
        known = {value.casefold() for _, value in self.people}
        wanted = self.wanted_player
        self.player = wanted if wanted and wanted.casefold() in known else EVERYONE
        games = sorted({s.game for s in everything})
        self.query_one("#stats-bar", ProgressBar).display = False
        game_choice = self.query_one("#stats-game", Select)
        game_choice.set_options([("Every game", EVERY_GAME)] + [(game_title(g), g) for g in games])
        game_choice.value = EVERY_GAME
        player_choice = self.query_one("#stats-player", Select)
        player_choice.set_options([("Everyone", EVERYONE), *self.people])
        player_choice.value = self.player
        self.show()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id in ("stats-game", "stats-player"):
            self.show()

    def show(self) -> None:
        """Count the statistics of the game and player chosen (in the worker)."""
        if self.records is None:
            return  # still reading: the choices are filled in when the records are read
        self.asked += 1
        game = str(self.query_one("#stats-game", Select).value)
        player = str(self.query_one("#stats-player", Select).value)
        self.run_worker(
            lambda asked=self.asked, records=self.records: self._count(
                asked, records, player, game
            ),
            thread=True,
            group="stats-count",
        )

    def _counted(self, asked: int, shown: list[Statistics]) -> None:
        if asked != self.asked:
            return  # another choice was made since
        self.shown, self.answered = shown, asked
        text = "\n\n".join("\n".join(describe(s, game_title(s.game))) for s in shown)
        self.query_one("#stats", Static).update(
            escape(text) if text else "No finished games to count yet."
        )
