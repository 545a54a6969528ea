"""The table of any game: its board drawn from the engine state, decisions from the keyboard.

Humans pick from the legal decisions the engine offers (from the list, or from a board widget
that turns keys into decisions); bots think in a worker thread so the interface never freezes,
and their moves are applied on the UI thread at a readable pace. What the board may show of
hidden information depends on who sits at the keyboard (``viewer``).
"""

from __future__ import annotations

from typing import Any

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Footer, Header, LoadingIndicator, OptionList, RichLog

from nfgalaxy.bots import make_bot
from nfgalaxy.core.decision import Decision, IllegalDecision
from nfgalaxy.ui.game_ui import game_ui
from nfgalaxy.ui.seats import Seat
from nfgalaxy.ui.widgets.decisions import Decided, DecisionList


class GameScreen(Screen[None]):
    BINDINGS = [
        Binding("d", "focus_decisions", "Decisions"),
        Binding("l", "focus_log", "Log"),
        Binding("s", "save_as", "Save as"),
    ]

    def __init__(self, state: Any, seats: list[Seat], bot_delay: float = 0.6) -> None:
        super().__init__()
        self.state = state
        self.seats = seats
        self.bot_delay = bot_delay
        self.bots = {
            i: make_bot(seat.kind, state.options.get("seed", 0) * 31 + i)
            for i, seat in enumerate(seats)
            if not seat.is_human
        }
        self.shown_log = 0
        self.last_human: int | None = None
        self.waiting_for_privacy = False

    def compose(self) -> ComposeResult:
        yield Header()
        yield game_ui(self.state.game_id).make_board(len(self.seats))
        yield LoadingIndicator(id="thinking")
        with Horizontal(id="bottom"):
            yield DecisionList(id="decisions")
            yield RichLog(id="log", wrap=True, markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#log", RichLog).border_title = "Log"
        self.refresh_table()
        self.next_turn()

    # ------------------------------------------------------------------ drawing

    def viewer(self) -> int | None:
        """The seat whose private information the screen may show: the human to move, or the
        only human at the table; nobody's while several humans share the keyboard and a bot
        moves, or while the privacy screen waits for the next player."""
        if self.waiting_for_privacy:
            return None
        mover = self.state.to_move()
        if mover is not None and self.seats[mover].is_human:
            return mover
        humans = [i for i, seat in enumerate(self.seats) if seat.is_human]
        return humans[0] if len(humans) == 1 else None

    def refresh_table(self) -> None:
        self.query_one("#board").show(self.state, self.viewer())
        log = self.query_one("#log", RichLog)
        for line in self.state.log[self.shown_log :]:
            log.write(line)
        self.shown_log = len(self.state.log)

    # ------------------------------------------------------------------ turns

    def next_turn(self) -> None:
        state = self.state
        if state.is_over():
            from nfgalaxy.ui.screens.end import EndScreen

            self.app.push_screen(EndScreen(state))
            return
        seat = state.to_move()
        assert seat is not None
        decisions = self.query_one(DecisionList)
        if seat in self.bots:
            self.add_class("bot-thinking")
            decisions.wait(f"{self.seats[seat].name} is thinking…")
            self.think(seat)
            return
        self.remove_class("bot-thinking")
        humans = sum(1 for s in self.seats if s.is_human)
        if humans > 1 and self.last_human != seat:  # also before the first human turn
            from nfgalaxy.ui.screens.privacy import PrivacyScreen

            decisions.wait("Waiting for the next player")
            self.waiting_for_privacy = True
            self.refresh_table()
            self.app.push_screen(PrivacyScreen(self.seats[seat].name), lambda _: self.offer(seat))
            return
        self.offer(seat)

    def offer(self, seat: int) -> None:
        self.last_human = seat
        if self.waiting_for_privacy:
            self.waiting_for_privacy = False
            self.refresh_table()
        decisions = self.query_one(DecisionList)
        decisions.offer(f"{self.seats[seat].name}: choose", self.state.legal_decisions())
        board = self.query_one("#board")
        take_focus = getattr(board, "take_focus", None)
        if take_focus is None or not take_focus(self.state):
            decisions.focus()

    @work(thread=True, exclusive=True, group="bot")
    def think(self, seat: int) -> None:
        """Bot thinking happens off the UI thread; it works on a copy of the state."""
        decision = self.bots[seat].choose(self.state.clone())
        self.app.call_from_thread(self.bot_decided, seat, decision)

    def bot_decided(self, seat: int, decision: Decision) -> None:
        if self.bot_delay > 0:
            self.set_timer(self.bot_delay, lambda: self.play(decision))
        else:
            self.play(decision)

    def play(self, decision: Decision) -> None:
        try:
            self.state.apply(decision)
        except IllegalDecision as error:
            self.notify(str(error), title="Not allowed", severity="error")
            return
        self.app.autosave(self.state, self.seats)
        if not self.instant_bot_turn():
            self.refresh_table()
        self.next_turn()

    def instant_bot_turn(self) -> bool:
        """With instant bots (``--bot-delay 0``) a bot's move is not drawn when another bot
        moves next: nobody could see it, and drawing every move would slow the game down.
        The next drawing shows everything (the log keeps every line)."""
        return (
            self.bot_delay == 0 and not self.state.is_over() and self.state.to_move() in self.bots
        )

    def human_to_move(self) -> bool:
        seat = self.state.to_move()
        return (
            seat is not None
            and not self.waiting_for_privacy
            and seat not in self.bots
            and bool(self.query_one(DecisionList).decisions)
        )

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        decisions = self.query_one(DecisionList)
        if event.option_list is not decisions or not decisions.decisions:
            return
        self.play(decisions.decisions[event.option_index])

    def on_decided(self, event: Decided) -> None:
        """A decision keyed on the board: the engine judges it like any other."""
        if self.human_to_move():
            self.play(event.decision)

    def action_focus_decisions(self) -> None:
        self.query_one(DecisionList).focus()

    def action_save_as(self) -> None:
        from nfgalaxy.ui.screens.save_as import SaveAsScreen

        def save(name: str | None) -> None:
            if name:
                self.app.write_save(name, self.state, self.seats)

        self.app.push_screen(SaveAsScreen(), save)

    def action_focus_log(self) -> None:
        self.query_one("#log", RichLog).focus()
