"""An online table: the game screen from the player's own seat, with the table's chat.

The same game screen as hot-seat, observing an ``OnlineTable`` instead of a game of its own:
it holds only the seat's view (a spectator's holds nobody's secrets), offers decisions only
when the seat is to move, and waits for every other seat, human or the server's bot, without
thinking for it. No privacy screen: each player has a terminal of their own. Decisions go to
the referee; a refusal or a lost race is told in words, and the screen shows what was stored.
Beside the log, the chat: a line of at most ``CHAT_MAX`` printable characters (Enter sends it;
``/mute name`` and ``/unmute name`` hide or show a player's lines), refreshed every second.
"""

from __future__ import annotations

import time

from rich.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, RichLog

from nfgalaxy.tables.errors import Refused
from nfgalaxy.tables.model import CHAT_MAX
from nfgalaxy.tables.online import OnlineTable
from nfgalaxy.ui.clock import time_left_words
from nfgalaxy.ui.handoff import hand_over
from nfgalaxy.ui.online import GUEST_WORDS, OnlineSession
from nfgalaxy.ui.screens.game import GameScreen
from nfgalaxy.ui.widgets.decisions import DecisionList

#: How often the chat is read again and the clock redrawn (decisions come by the notices).
CHAT_POLL = 1.0
CHAT_PLACEHOLDER = "Say something (Enter sends; /mute name, /unmute name)"


class OnlineTableScreen(GameScreen):
    BINDINGS = [
        Binding("c", "chat", "Chat"),
        Binding("escape", "leave", "Lobby"),
    ]

    def __init__(self, online: OnlineTable, session: OnlineSession) -> None:
        super().__init__(online.state, online.seats, 0, table=online)
        self.online = online
        self.session = session
        self.chat_seen = 0
        self.ended = False

    def side_panels(self) -> ComposeResult:
        guest = self.session.is_guest
        with Vertical(id="chat"):
            yield RichLog(id="chat-log", wrap=True, markup=False)
            yield Input(
                placeholder="Guests cannot chat" if guest else CHAT_PLACEHOLDER,
                max_length=CHAT_MAX,
                id="chat-line",
                disabled=guest,
            )

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#chat", Vertical).border_title = "Chat"
        self.online.follow(lambda callback: hand_over(self, self.ui_thread, callback))
        self.read_chat()
        self.set_interval(CHAT_POLL, self.tick)
        if self.online.seat is None:
            words = GUEST_WORDS if self.session.is_guest else "You have no seat here."
            self.notify(f"{words} You are watching this table.", title="Watching")

    # ------------------------------------------------------------------ the game

    def viewer(self) -> int | None:
        return self.online.seat

    def turn_text(self) -> str:
        """The round, who decides (you, or whom you wait for), and the table's number; never
        the seed, from which every draw to come would follow."""
        state, number = self.state, f"table {self.online.table_id}"
        if state.is_over():
            return f"Game over after round {state.round} · {number}"
        seat = state.to_move()
        if seat is None:
            return f"Round {state.round} · {number}"
        mover = "your move" if self.online.is_mine(seat) else f"{self.seats[seat].name} to move"
        return f"Round {state.round} · {mover}{self.clock_words()} · {number}"

    def clock_words(self) -> str:
        """The time left for the decision awaited, by the table's pace."""
        left = self.online.seconds_left(time.time())
        words = time_left_words(self.online.record.spec.pace, left)
        return f" · {words}" if words else ""

    def tick(self) -> None:
        """Every second: the chat read again, and the clock in the header."""
        self.read_chat()
        self.show_turn()

    def on_table_change(self, change: object = None) -> None:
        """The store has a new decision (this seat's, another's, a bot's): draw it."""
        self.seats = self.online.seats
        self.refresh_table()
        self.next_turn()

    def after_decisions(self) -> None:
        """Nothing more: the table's news (``on_table_change``) drew it, whoever decided."""

    def next_turn(self) -> None:
        state = self.state
        self.show_turn()
        if state.is_over():
            if not self.ended:
                self.ended = True
                from nfgalaxy.ui.screens.end import EndScreen

                self.wait("The game is over")
                self.app.push_screen(EndScreen(state, []))
            return
        seat = state.to_move()
        assert seat is not None
        if self.online.is_mine(seat):
            self.show_thinking(False)
            self.offer(seat)
            return
        who = self.seats[seat]
        self.show_thinking(not who.is_human)
        self.wait(f"Waiting for {who.name}" + ("" if who.is_human else " (the server plays it)"))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # A hint would play for the player against people; the server keeps the game.
        if action in ("hint", "save_as"):
            return False
        return super().check_action(action, parameters)

    def action_save_as(self) -> None:
        self.notify("The server keeps this table's game: it needs no saving.")

    def action_hint(self) -> None:
        """No hints at a table of people."""

    def action_leave(self) -> None:
        chat = self.query_one("#chat-line", Input)
        if chat.has_focus:
            self.query_one(DecisionList).focus()
            return
        self.dismiss(None)

    # ------------------------------------------------------------------ chat

    def action_chat(self) -> None:
        self.query_one("#chat-line", Input).focus()

    def read_chat(self) -> None:
        lines = self.session.store.chat(
            self.online.table_id, viewer=self.session.key, since=self.chat_seen
        )
        log = self.query_one("#chat-log", RichLog)
        for line in lines:
            log.write(f"{self.session.name_of(line.author)}: {line.text}")
            self.chat_seen = line.number

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "chat-line":
            return
        text = event.value.strip()
        if not text:
            return
        try:
            if text.startswith(("/mute ", "/unmute ")):
                self.mute(text)
            else:
                self.say(text)
        except Refused as refused:
            self.notify(escape(refused.reason), title="Not sent", severity="error")
            return
        event.input.value = ""

    def say(self, text: str) -> None:
        if self.session.key is None:
            raise Refused(GUEST_WORDS)
        self.session.store.say(self.online.table_id, self.session.key, text)
        self.read_chat()

    def mute(self, command: str) -> None:
        word, _, name = command.partition(" ")
        player = self.session.store.player_named(name.strip())
        if player is None or self.session.key is None:
            raise Refused(f"there is no player called {name.strip()!r} to {word[1:]}")
        table = self.online.table_id
        if word == "/mute":
            self.session.store.mute(table, self.session.key, player.fingerprint)
            self.notify(f"{player.name}'s lines are hidden from you at this table.")
        else:
            self.session.store.unmute(table, self.session.key, player.fingerprint)
            self.notify(f"{player.name}'s lines are shown again.")
        # Muting hides the lines already shown as well: the chat is read again.
        self.query_one("#chat-log", RichLog).clear()
        self.chat_seen = 0
        self.read_chat()
