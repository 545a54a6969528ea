"""The lobby: where players who connect to ``nfgalaxy serve`` find each other and their tables.

Three lists, read again every ``REFRESH`` seconds while the lobby is shown: the player's own
tables, those where it is their move first (an async game waits for them between connections);
the open tables with free seats; the tables being played, to watch. Under them, the players
online: those the serve processes say are connected (``TableStore.mark_present``, by the SSH
sessions each holds). Every request goes to the store or the referee, which refuse in words;
a guest without a key may watch, and is told why they cannot sit. A player waiting in the
lobby for a table of theirs to start is taken to it when it does (whoever started it), as
the one who started it is.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from rich.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from nfgalaxy.core.descriptor import OptionKind
from nfgalaxy.core.registry import UnknownGame, descriptor
from nfgalaxy.records.record import GameRecord
from nfgalaxy.tables.errors import Refused, StoreError
from nfgalaxy.tables.model import (
    PaceKind,
    Player,
    Table,
    TableStatus,
    Visibility,
)
from nfgalaxy.tables.online import OnlineTable, due_since, time_left
from nfgalaxy.ui.clock import time_left_words
from nfgalaxy.ui.game_ui import game_title
from nfgalaxy.ui.online import GUEST_WORDS, OnlineSession
from nfgalaxy.ui.widgets.footer import KeysFooter
from nfgalaxy.ui.widgets.header import TitleHeader

#: How often the lists are read again.
REFRESH = 2.0
YOUR_MOVE = "YOUR MOVE"


@dataclass(frozen=True)
class Row:
    """A table as a line of one of the lobby's lists."""

    table: Table
    words: str
    your_move: bool = False


def options_words(table: Table) -> str:
    """The options that differ from the game's defaults, in the game's words."""
    try:
        game = descriptor(table.spec.game)
    except UnknownGame:
        return "a game not installed here"
    words = []
    for option in game.options:
        value = table.spec.options.get(option.name, option.default)
        if value == option.default or option.kind is OptionKind.PATH:
            continue
        if option.kind is OptionKind.BOOL:
            words.append(f"{option.label}: {'on' if value else 'off'}")
        elif option.kind is OptionKind.CHOICE and option.choice_labels:
            labels = dict(zip(option.choices, option.choice_labels, strict=True))
            words.append(f"{option.label}: {labels.get(value, value)}")
        else:
            words.append(f"{option.label}: {value}")
    return ", ".join(words) or "standard setup"


def pace_words(table: Table) -> str:
    pace = table.spec.pace
    if pace.kind is PaceKind.LIVE:
        return f"live, {pace.amount} s a decision"
    return f"async, {pace.amount} day{'s' if pace.amount != 1 else ''} a move"


def seats_words(table: Table) -> str:
    seats = table.spec.seats
    bots = sum(1 for seat in seats if seat.level is not None)
    free = len(table.free_seats())
    taken = len(seats) - bots - free
    parts = [f"{len(seats)} seats: {taken} taken", f"{free} free"]
    if bots:
        parts.append(f"{bots} bot{'s' if bots > 1 else ''}")
    return ", ".join(parts)


def table_words(table: Table, names: Callable[[str], str]) -> str:
    title = game_title(table.spec.game)
    # Private tables are listed to their players only, who give the code to the others.
    code = table.spec.invitation
    private = f" · private, code {code}" if table.spec.visibility is Visibility.PRIVATE else ""
    rated = " · bot ladder" if table.spec.ladder else " · rated" if table.spec.rated else ""
    rated += "" if table.spec.spectators else " · no spectators"
    return (
        f"#{table.id} {title} · {options_words(table)} · {seats_words(table)} · "
        f"{pace_words(table)}{private}{rated} · host {names(table.host)}"
    )


class LobbyScreen(Screen[None]):
    BINDINGS = [
        Binding("c", "create", "New table"),
        Binding("j", "join_number", "Join by number"),
        Binding("w", "watch", "Watch"),
        Binding("s", "start", "Start"),
        Binding("x", "leave", "Leave"),
        Binding("r", "rename", "Rename"),
        Binding("n", "local_game", "Play alone"),
        Binding("l", "ladder", "Ladder"),
        Binding("t", "statistics", "Statistics"),
    ]

    def __init__(self, session: OnlineSession) -> None:
        super().__init__()
        self.session = session
        self.rows: dict[str, list[Row]] = {"mine": [], "open": [], "playing": []}
        #: The player's tables that had not started at the last reading: when one has
        #: since, the player is taken to it.
        self.waiting: set[int] = set()

    def compose(self) -> ComposeResult:
        yield TitleHeader()
        with VerticalScroll(id="lobby"):
            yield Static("", id="me")
            yield Static("Your tables (your move first):", classes="lobby-heading")
            yield OptionList(id="mine")
            yield Static("Open tables, with free seats (Enter joins):", classes="lobby-heading")
            yield OptionList(id="open")
            yield Static("Tables being played (Enter or w watches):", classes="lobby-heading")
            yield OptionList(id="playing")
            yield Static("", id="who")
        yield KeysFooter()  # two rows where its keys need them (they were cut at 100 columns)

    def on_mount(self) -> None:
        self.title = "Lobby"
        self.refresh_lists()
        self.set_interval(REFRESH, self.tick)
        self.query_one("#mine", OptionList).focus()
        self.back_to_a_live_table()

    def back_to_a_live_table(self) -> None:
        """A player who connects while a live table of theirs is being played (they dropped
        out, or the server restarted) is put back at their seat: the table will not wait."""
        for row in self.rows["mine"]:
            table = row.table
            if table.status is TableStatus.PLAYING and table.spec.pace.kind is PaceKind.LIVE:
                self.notify(f"Back at your seat at table {table.id}.", title="Live table")
                self.sit_down(table.id)
                return

    def tick(self) -> None:
        """Every ``REFRESH``: the lists read again, but only while the lobby is shown. Under
        a table's screen it would read the store (and every table of the player's) every
        few seconds for nobody; coming back reads them (``on_screen_resume``), and a table
        that started meanwhile is noticed then."""
        if self.shown:
            self.refresh_lists()

    @property
    def shown(self) -> bool:
        """Whether the lobby is the screen on top. Not ``is_current``: Textual counts the
        screen just under the top one as current too (a background that may show through),
        so under a table's screen the lobby would read the store and lay its lists out every
        ``REFRESH`` for nobody: a fifth of an idle session's CPU."""
        return self.app.screen is self

    def on_screen_resume(self) -> None:
        self.refresh_lists()

    def to_a_table_that_started(self, mine: list[Row]) -> None:
        """Take the player to a table of theirs that has started since the last reading
        (another player started it; the one who did is taken there by ``action_start``)."""
        started = [
            row.table.id
            for row in mine
            if row.table.id in self.waiting and row.table.status is TableStatus.PLAYING
        ]
        self.waiting = {row.table.id for row in mine if row.table.status is TableStatus.OPEN}
        if started and self.shown:
            self.notify(f"Table {started[0]} has started: here is your seat.", title="Table")
            self.sit_down(started[0])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter: join an open table, play at one's own, watch one being played."""
        self.action_open()

    # ------------------------------------------------------------------ reading

    @property
    def me(self) -> Player | None:
        return self.session.player()

    def your_move(self, table: Table) -> str | None:
        """At a table being played where the player is to move: the time left, in words
        (an async table waits for them between connections); else None."""
        if table.status is not TableStatus.PLAYING or self.session.key is None:
            return None
        try:
            state = self.session.referee.game(table.id)
        except StoreError:
            return None
        if state.to_move() != table.seat_of(self.session.key):
            return None
        since = due_since(self.session.store, table, len(state.history))
        return time_left_words(table.spec.pace, time_left(table.spec.pace, since, time.time()))

    def refresh_lists(self) -> None:
        store = self.session.store
        me = self.me
        key = self.session.key
        self.session.forget_names()
        names = self.session.name_of
        mine = []
        if key is not None:
            for table in store.tables_of(key):
                if table.status is TableStatus.ABANDONED:
                    continue
                left = self.your_move(table)
                status = f"{YOUR_MOVE} ({left})" if left is not None else _status_words(table)
                mine.append(Row(table, f"{table_words(table, names)} · {status}", left is not None))
        order = {TableStatus.PLAYING: 1, TableStatus.OPEN: 2, TableStatus.FINISHED: 3}
        mine.sort(key=lambda row: (not row.your_move, order[row.table.status], -row.table.id))
        sitting = {row.table.id for row in mine}
        self.to_a_table_that_started(mine)
        self.rows = {
            "mine": mine,
            "open": [
                Row(t, table_words(t, names)) for t in store.open_tables() if t.id not in sitting
            ],
            "playing": [
                Row(t, table_words(t, names)) for t in store.tables_in_play() if t.id not in sitting
            ],
        }
        for list_id, rows in self.rows.items():
            _fill(self.query_one(f"#{list_id}", OptionList), rows)
        if me is None:
            self.query_one("#me", Static).update(GUEST_WORDS)
        else:
            self.query_one("#me", Static).update(
                f"You are {escape(me.name)} (r renames you). {escape(self.ratings_words(me))}"
            )
        online = [p.name for p in store.online_players()]
        self.query_one("#who", Static).update(
            "Players online: " + (escape(", ".join(online)) if online else "nobody with a name")
        )

    def ratings_words(self, me: Player) -> str:
        """The player's ratings, game by game, for the line that names them."""
        from nfgalaxy.ui.screens.ladder import rating_words

        ratings = self.session.store.ratings_of(me.fingerprint)
        if not ratings:
            return "Not rated yet (l shows the ladder)."
        return (
            "Rating: "
            + ", ".join(f"{game_title(r.game)} {rating_words(r)}" for r in ratings)
            + " (l shows the ladder)."
        )

    def chosen(self) -> tuple[str, Row] | None:
        """The list with the focus and its highlighted row."""
        focused = self.focused
        if not isinstance(focused, OptionList) or focused.id not in self.rows:
            return None
        rows = self.rows[focused.id]
        index = focused.highlighted
        if index is None or not 0 <= index < len(rows):
            return None
        return focused.id, rows[index]

    # ------------------------------------------------------------------ acting

    def attempt(self, action: Callable[[], object], done: str | None = None) -> bool:
        """Do a store request; a refusal is told in words. True if it was done."""
        try:
            action()
        except Refused as refused:
            self.notify(escape(_sentence(refused.reason)), title="Refused", severity="error")
            return False
        if done:
            self.notify(done)
        self.refresh_lists()
        return True

    def can_sit(self) -> bool:
        if self.session.key is None or self.me is None:
            self.notify(GUEST_WORDS, title="Guests watch", severity="warning")
            return False
        return True

    def action_open(self) -> None:
        chosen = self.chosen()
        if chosen is None:
            return
        where, row = chosen
        table = row.table
        if where == "open":
            self.join(table.id, None)
        elif where == "playing" or table.status is not TableStatus.OPEN:
            self.sit_down(table.id)
        else:
            free = len(table.free_seats())
            self.notify(
                f"Table {table.id} waits for {free} more player{'s' if free != 1 else ''}; "
                "s starts it once every seat is taken, x leaves it."
                if free
                else f"Every seat of table {table.id} is taken: s starts it."
            )

    def join(self, table_id: int, code: str | None) -> None:
        if not self.can_sit():
            return
        key = self.session.key
        assert key is not None
        self.attempt(
            lambda: self.session.store.join(table_id, key, invitation=code),
            f"You sit at table {table_id}.",
        )

    def action_join_number(self) -> None:
        from nfgalaxy.ui.screens.join import JoinScreen

        if not self.can_sit():
            return

        def joined(answer: tuple[int, str | None] | None) -> None:
            if answer is not None:
                self.join(*answer)

        self.app.push_screen(JoinScreen("join"), joined)

    def action_watch(self) -> None:
        chosen = self.chosen()
        if chosen is not None:
            self.sit_down(chosen[1].table.id)
            return
        from nfgalaxy.ui.screens.join import JoinScreen

        def watch(answer: tuple[int, str | None] | None) -> None:
            if answer is not None:
                self.sit_down(answer[0])

        self.app.push_screen(JoinScreen("watch"), watch)

    def sit_down(self, table_id: int) -> None:
        """The table's screen: from the player's seat, or to watch."""
        from nfgalaxy.ui.screens.online_table import OnlineTableScreen

        key = self.session.key
        for screen in self.app.screen_stack:
            if isinstance(screen, OnlineTableScreen) and screen.online.table_id == table_id:
                return  # on its way already: the start and the lobby's reading both send one
        try:
            record = self.session.store.table(table_id)
            if record.status is TableStatus.OPEN:
                raise Refused(f"table {table_id} has not started yet")
            refusal = record.watch_refusal(key)
            if refusal is not None:
                raise Refused(refusal)
            online = OnlineTable(self.session.referee, table_id, key)
        except Refused as refused:
            self.notify(escape(_sentence(refused.reason)), title="Refused", severity="error")
            return
        self.app.push_screen(OnlineTableScreen(online, self.session))

    def action_start(self) -> None:
        chosen = self.chosen()
        if chosen is None or chosen[0] != "mine":
            self.notify("Choose one of your tables to start.", severity="warning")
            return
        table_id = chosen[1].table.id
        self.waiting.discard(table_id)  # taken there below, not by the reading that follows
        if self.attempt(lambda: self.session.store.start(table_id), f"Table {table_id} starts."):
            self.sit_down(table_id)

    def action_leave(self) -> None:
        chosen = self.chosen()
        if chosen is None or chosen[0] != "mine" or self.session.key is None:
            self.notify("Choose one of your tables to leave.", severity="warning")
            return
        table_id, key = chosen[1].table.id, self.session.key
        self.attempt(lambda: self.session.store.leave(table_id, key), f"You left table {table_id}.")

    def action_create(self) -> None:
        from nfgalaxy.ui.screens.table_form import TableFormScreen

        if not self.can_sit():
            return

        def created(table: Table | None) -> None:
            if table is None:
                return
            code = table.spec.invitation
            private = f" It is private: its invitation code is {code}." if code else ""
            self.notify(escape(f"Table {table.id} is set up; you sit in seat 1.{private}"))
            self.refresh_lists()

        self.app.push_screen(TableFormScreen(self.session), created)

    def action_rename(self) -> None:
        from nfgalaxy.ui.screens.player_name import PlayerNameScreen

        me = self.me
        if me is None:
            self.notify(GUEST_WORDS, title="Guests have no name", severity="warning")
            return

        def renamed(player: Player | None) -> None:
            if player is not None:
                self.notify(escape(f"You are {player.name} now."))
                self.refresh_lists()

        self.app.push_screen(PlayerNameScreen(self.session, me), renamed)

    def action_ladder(self) -> None:
        from nfgalaxy.ui.screens.ladder import LadderScreen

        self.app.push_screen(LadderScreen(self.session))

    def action_statistics(self) -> None:
        """The statistics of the server's finished tables, the player's own first (read by
        the screen in a worker: a server's thousands of tables never stall the lobby)."""
        from nfgalaxy.tables.table_records import OnlineRecords
        from nfgalaxy.ui.screens.statistics import RecordsUnreadable, StatisticsScreen

        online = OnlineRecords(self.session.store)

        def read(progress: Callable[[int, int], None]) -> list[GameRecord]:
            try:
                entries = online.entries(progress)
            except StoreError as error:
                raise RecordsUnreadable(str(error)) from error
            return [e.record for e in entries if e.record is not None]

        me = self.me
        self.app.push_screen(StatisticsScreen(read, me.name if me else None))

    def action_local_game(self) -> None:
        """A game of one's own against bots (or hot-seat), as without the tables."""
        from nfgalaxy.ui.screens.new_game import NewGameScreen

        self.app.push_screen(NewGameScreen())


def _status_words(table: Table) -> str:
    return {
        TableStatus.OPEN: "waiting for players",
        TableStatus.PLAYING: "being played",
        TableStatus.FINISHED: "finished",
        TableStatus.ABANDONED: "abandoned",
    }[table.status]


def _fill(options: OptionList, rows: list[Row]) -> None:
    """Fill a list again, keeping the highlight on the same row where it can."""
    kept = options.highlighted
    options.clear_options()
    if not rows:
        options.add_option(Option("(none)", disabled=True))
        return
    options.add_options([Option(escape(row.words)) for row in rows])
    options.highlighted = 0 if kept is None else min(kept, len(rows) - 1)


def _sentence(reason: str) -> str:
    return reason[:1].upper() + reason[1:] + ("" if reason.endswith(".") else ".")
