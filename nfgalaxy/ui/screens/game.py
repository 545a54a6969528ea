"""The table of any game: its board drawn from the engine state, decisions from the keyboard.

The screen observes a ``Table`` (the game, its seats, its bots) and sends it the decisions its
humans make, from the list or from a board widget that turns keys into decisions; bots think in
the table's worker thread so the interface never freezes, and their moves are applied here at a
readable pace. What the board may show of hidden information depends on who sits at the keyboard
(``viewer``). ``u`` takes back the last decision of the human at the keyboard, when the rules of
undo allow it: never another seat's, so no undo can put a secret on the wrong player's screen.
"""

from __future__ import annotations

import threading
import time
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from rich.markup import escape
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widgets import LoadingIndicator, OptionList

from nfgalaxy.bots.levels import SearchLevel
from nfgalaxy.bots.reasons import position_reasons, reasons_words
from nfgalaxy.core.decision import Decision, IllegalDecision
from nfgalaxy.core.registry import descriptor
from nfgalaxy.core.replay import CannotUndo
from nfgalaxy.table import HINT_LEVEL, Change, Seat, StaleDecision, Table
from nfgalaxy.ui.game_ui import game_ui
from nfgalaxy.ui.handoff import ReceivesHandoffs, hand_over
from nfgalaxy.ui.hints import THINKING, hint_marks, hint_note
from nfgalaxy.ui.widgets.decisions import Decided, DecisionList
from nfgalaxy.ui.widgets.footer import KeysFooter
from nfgalaxy.ui.widgets.game_log import GameLog
from nfgalaxy.ui.widgets.header import TitleHeader
from nfgalaxy.ui.widgets.preview import DecisionPreview

#: Below these sizes the screen is laid out compactly (classes ``narrow``/``short``, and
#: ``compact`` for either): the preview goes under the decisions and the board scrolls as one.
NARROW_BELOW = 100
SHORT_BELOW = 32


class GameScreen(ReceivesHandoffs, Screen[None]):
    #: The search a hint asks (``nfgalaxy.table.HINT_LEVEL``): a level's name or a level.
    hint_level: SearchLevel | str = HINT_LEVEL

    #: Until the first turn gives the keys to a part (``offer``), the decision list has them.
    #: Textual's default, the first focusable widget, was Race's hand, and focusing it before
    #: its first layout scrolled the side column off the choice line above it.
    AUTO_FOCUS = "DecisionList"
    #: The header line (``show_turn``): the title bar redraws itself when it changes
    #: (``TitleHeader``), so the screen need not be drawn again. Textual's own subtitle
    #: repaints the whole screen, every widget of it, at each change: after every decision,
    #: and every second at a live table, whose clock it counts down.
    sub_title: Reactive[str | None] = Reactive(None, compute=False, repaint=False)
    BINDINGS = [
        Binding("d", "focus_decisions", "Decisions"),
        Binding("b", "focus_board", "Board"),
        Binding("l", "focus_log", "Log"),
        Binding("u", "undo", "Undo"),
        Binding("h", "hint", "Hint"),
        Binding("s", "save_as", "Save as"),
    ]

    def __init__(
        self, state: Any, seats: list[Seat], bot_delay: float = 0.6, table: Any = None
    ) -> None:
        super().__init__()
        # The game's own stylesheet is read when its screen is first shown, not at start-up:
        # reading every game's made the first screen wait for every game's screens to import.
        css = game_ui(state.game_id).css_path
        if css is not None:
            self.css_path = [*self.css_path, css]
        #: The table observed: the game's own here, or one given (an online table, whose
        #: game is the server's, ``nfgalaxy.tables.online``).
        self.table = table if table is not None else Table(state, seats)
        self.table.subscribe(self.on_table_change)
        self.seats = self.table.seats
        self.bots = self.table.bots
        self.bot_delay = bot_delay
        #: The human the keyboard was last handed to (by a privacy screen, or the only one).
        self.last_human: int | None = None
        self.waiting_for_privacy = False
        self.ui_thread = threading.get_ident()
        #: The position a hint is being searched for (the table's version), if any.
        self.hint_for: int | None = None

    @property
    def state(self) -> Any:
        """The game in play (owned by the table)."""
        return self.table.state

    def compose(self) -> ComposeResult:
        yield TitleHeader()
        yield game_ui(self.state.game_id).make_board(len(self.seats))
        yield LoadingIndicator(id="thinking")
        with Horizontal(id="bottom"):
            with Vertical(id="choice"):
                yield DecisionList(id="decisions")
                yield DecisionPreview(id="preview")
            yield GameLog(id="log")
            yield from self.side_panels()
        yield KeysFooter()

    def side_panels(self) -> ComposeResult:
        """What a kind of table adds beside the log (an online table's chat); nothing here."""
        yield from ()

    def on_mount(self) -> None:
        self.title = descriptor(self.state.game_id).title
        self.query_one("#log", GameLog).border_title = "Log"
        self.set_class(not game_ui(self.state.game_id).narrow_preview, "board-previews")
        self.fit(self.app.size.width, self.app.size.height)
        self.refresh_table()
        self.next_turn()

    def on_unmount(self) -> None:
        self.table.close()

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
        humans = self.table.humans()
        return humans[0] if len(humans) == 1 else None

    def turn_text(self) -> str:
        """The header's line: the round and who decides now (or the end), with the seed."""
        state = self.state
        seed = state.options.get("seed")
        if state.is_over():
            return f"Game over after round {state.round} · seed {seed}"
        seat = state.to_move()
        mover = f" · {self.seats[seat].name} to move" if seat is not None else ""
        return f"Round {state.round}{mover} · seed {seed}"

    def show_turn(self) -> None:
        """Called whenever the game changes, drawn or not, so the header never lags behind."""
        self.sub_title = self.turn_text()

    def refresh_table(self) -> None:
        self.show_turn()
        self.query_one("#board").show(self.state, self.viewer())
        self.query_one("#log", GameLog).show(self.table.log_lines())
        self.refresh_bindings()

    def fit(self, width: int, height: int) -> None:
        """Classes for the terminal's size, which the shared and the games' stylesheets use to
        lay the table out compactly (nothing is cut off at 80x24; everything scrolls)."""
        narrow, short = width < NARROW_BELOW, height < SHORT_BELOW
        self.set_class(narrow, "narrow")
        self.set_class(short, "short")
        self.set_class(narrow or short, "compact")
        # At 80 columns Undo, Help and the tile inspector were cut off the footer.
        for footer in self.query(KeysFooter):
            footer.fit(narrow)

    def on_resize(self, event: events.Resize) -> None:
        self.fit(event.size.width, event.size.height)
        self.call_after_refresh(self.room_for_decisions)

    def on_table_change(self, change: Change) -> None:
        """The table changed the game: save it (nothing is lost on a crash), and keep it
        among the finished games when it ended."""
        self.app.autosave(self.state, self.seats)
        if change is Change.OVER:
            self.app.record_game(self.state, self.seats)

    # ------------------------------------------------------------------ turns

    def show_thinking(self, shown: bool) -> None:
        """The bot-thinking indicator on or off. A class on the indicator, not the screen: a
        class on the screen restyled every widget on it twice a bot turn."""
        for indicator in self.query("#thinking"):
            indicator.set_class(shown, "-shown")

    def next_turn(self) -> None:
        state = self.state
        self.show_turn()
        if state.is_over():
            from nfgalaxy.ui.screens.end import EndScreen

            self.app.push_screen(EndScreen(state, self.table.humans()))
            return
        seat = state.to_move()
        assert seat is not None
        if self.table.is_bot(seat):
            self.show_thinking(True)
            self.wait(f"{self.seats[seat].name} is thinking…")
            self.think(seat)
            return
        self.show_thinking(False)
        humans = len(self.table.humans())
        if humans > 1 and self.last_human != seat:  # also before the first human turn
            from nfgalaxy.ui.screens.privacy import PrivacyScreen

            self.wait("Waiting for the next player")
            self.waiting_for_privacy = True
            # A notice of the last player's turn (a hint, a refusal naming a card of theirs)
            # must not be on the screen the next player is handed.
            self.app.clear_notifications()
            self.refresh_table()
            self.app.push_screen(PrivacyScreen(self.seats[seat].name), lambda _: self.offer(seat))
            return
        self.offer(seat)

    def wait(self, title: str) -> None:
        """Nothing to choose here now: an empty list, and no preview of a stale decision."""
        self.query_one(DecisionList).wait(title)
        self.query_one(DecisionPreview).show(None, None, str)

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
        self.refresh_bindings()
        self.call_after_refresh(self.room_for_decisions)

    def room_for_decisions(self) -> None:
        """On a narrow screen, a board that previews cards itself (``GameUi.narrow_preview``
        False) lets the shared preview give its rows to the decision list while the list
        needs them, so that every choice is in sight (7 of Race's Explore at 80x24, not 4)."""
        preview = self.query_one(DecisionPreview)
        if not (self.has_class("board-previews") and self.has_class("narrow")):
            preview.remove_class("-crowded")
            return
        decisions = self.query_one(DecisionList)
        height = preview.styles.height
        rows = int(height.value) if height is not None and height.is_cells else 0
        room = decisions.scrollable_content_region.height - (0 if preview.display else rows)
        preview.set_class(decisions.virtual_size.height > room, "-crowded")

    def think(self, seat: int, retries: int = 1) -> None:
        """The table's worker thinks on a copy; the answer comes back to the UI thread. The
        wait line counts the seconds; a worker that died is replaced and asked again once."""
        started = time.monotonic()
        name = self.seats[seat].name
        ticker = self.set_interval(
            0.5, lambda: self.wait(f"{name} is thinking… {time.monotonic() - started:.0f} s")
        )
        version = self.table.version

        def failed(error: BaseException) -> None:
            ticker.stop()
            if version != self.table.version:
                return
            if isinstance(error, BrokenProcessPool) and retries > 0:
                self.notify(f"{name}'s worker stopped; thinking again.", severity="warning")
                self.think(seat, retries - 1)
                return
            self.notify(f"A bot failed: {error!r}", severity="error")

        def answered(version: int, decision: Decision) -> None:
            ticker.stop()
            self.bot_decided(version, decision)

        def done(result: Future[tuple[int, Decision]]) -> None:
            if result.cancelled():
                return  # the table closed (a new game, or the app quits)
            error = result.exception()
            if error is not None:
                self.deliver(failed, error)
                return
            self.deliver(answered, *result.result())

        self.table.think(seat).add_done_callback(done)

    def deliver(self, callback, *args) -> None:
        """To the UI thread from a worker's callback, without waiting for it (``hand_over``)."""
        hand_over(self, self.ui_thread, callback, *args)

    def bot_decided(self, version: int, decision: Decision) -> None:
        if version != self.table.version:
            return  # the position changed (undo, load) while the bot thought
        if self.bot_delay > 0:
            self.set_timer(self.bot_delay, lambda: self.play(decision, version))
        else:
            self.play(decision, version)

    def play(self, decision: Decision, version: int | None = None) -> None:
        try:
            self.table.submit(decision, version)
        except StaleDecision:
            return
        except IllegalDecision as error:
            # The engine's reasons are clauses ("you already own …"); alone in a notification
            # each starts a sentence.
            message = error.message[:1].upper() + error.message[1:]
            self.notify(refusal_words(message, error.rule), title="Not allowed", severity="error")
            return
        self.after_decisions()

    def after_decisions(self) -> None:
        """After a decision (or a run of them): draw the table, then whoever moves next."""
        if not self.instant_bot_turn():
            self.refresh_table()
        self.next_turn()

    def instant_bot_turn(self) -> bool:
        """With instant bots (``--bot-delay 0``) a bot's move is not drawn when another bot
        moves next: nobody could see it, and drawing every move would slow the game down.
        The next drawing shows everything (the log keeps every line)."""
        return (
            self.bot_delay == 0
            and not self.state.is_over()
            and self.table.is_bot(self.state.to_move())
        )

    def human_to_move(self) -> bool:
        seat = self.state.to_move()
        return (
            seat is not None
            and not self.waiting_for_privacy
            and not self.table.is_bot(seat)
            and bool(self.query_one(DecisionList).decisions)
        )

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """Show what the focused decision does (its tiles) before it is chosen."""
        decisions = self.query_one(DecisionList)
        if event.option_list is not decisions or not decisions.decisions:
            return
        ui = game_ui(self.state.game_id)
        # ``tiles_of`` is newer than some GameUi values; a state's ``tiles`` is the default.
        tiles_of = getattr(ui, "tiles_of", lambda state: state.tiles)
        decision = decisions.decisions[event.option_index]
        explained = ui.explain_decision(self.state, decision)
        self.query_one(DecisionPreview).show(
            decision, tiles_of(self.state), ui.describe_tile, explained
        )

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        decisions = self.query_one(DecisionList)
        if event.option_list is not decisions or not decisions.decisions:
            return
        self.play(decisions.decisions[event.option_index])

    def on_decided(self, event: Decided) -> None:
        """A decision keyed on the board: the engine judges it like any other. A composed
        choice (``event.then``) is sent one decision after another, as if chosen one by one;
        the run stops at one the engine refuses, when the turn passes, or after one that
        brought something new to light (the player decides with it), and the notice says
        where and why; what was sent stays played."""
        if not self.human_to_move():
            return
        if not event.then:
            self.play(event.decision)
            return
        seat, total = self.state.to_move(), len(event.decisions)
        sent, why = 0, ""
        for decision in event.decisions:
            if self.state.to_move() != seat:
                why = "the turn has passed"
                break
            lines = len(self.state.log)
            try:
                self.table.submit(decision)
            except IllegalDecision as error:
                why = refusal_words(error.message, error.rule)
                break
            sent += 1
            if sent < total and self.state.undo_point(seat) is None:
                news = self.state.log[lines:]
                why = news[-1] if news else "something new came to light"
                break
        if sent < total:
            words = f"{event.what} stops after {sent} of {total} decisions: {why}"
            self.notify(escape(words), title="Stopped", severity="warning", timeout=8)
        if sent:
            self.after_decisions()

    # ------------------------------------------------------------------ undo

    def keyboard_holder(self) -> int | None:
        """The human at the keyboard now: the only human at the table, or the one the last
        privacy screen handed the keyboard to; nobody while a privacy screen waits (the
        next player may already hold it)."""
        if self.waiting_for_privacy:
            return None
        humans = self.table.humans()
        if len(humans) == 1:
            return humans[0]
        return self.last_human

    def can_undo(self) -> bool:
        """Undo is offered to the human at the keyboard for their own last decision, while
        nothing new has been revealed and nobody else has acted since (the engine's
        ``undo_point``). Another seat's decision is never theirs to take back: in hot-seat
        that would hand them the other player's screen, secrets and all."""
        holder = self.keyboard_holder()
        return holder is not None and self.table.may_undo(holder)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return self.can_undo()  # False: not run, and hidden from the footer
        if action == "hint":
            return self.human_to_move()
        return True

    def action_undo(self) -> None:
        if not self.can_undo():
            self.notify(
                "Nothing to take back: something new was revealed or another player acted.",
                severity="warning",
            )
            return
        seat = self.keyboard_holder()
        assert seat is not None  # can_undo said so
        try:
            self.table.undo(seat)
        except CannotUndo as error:
            self.notify(str(error), severity="warning")
            return
        self.show_thinking(False)
        self.refresh_table()
        self.notify(f"{self.seats[seat].name}'s last decision taken back.", title="Undo")
        self.next_turn()

    # ------------------------------------------------------------------ hints

    def action_hint(self) -> None:
        """Ask the search what the human to move should do, from what that seat may see; its
        three best decisions are marked in the list with their win estimates, until the list
        is offered anew (``nfgalaxy.ui.hints``)."""
        if not self.human_to_move():
            return
        version = self.table.version
        decisions = self.query_one(DecisionList)
        if self.hint_for == version:
            return  # the list's border already says the search is thinking
        seat = self.state.to_move()
        self.hint_for = version
        decisions.border_subtitle = THINKING

        def shown(rows: list[tuple[Decision, float, int]]) -> None:
            self.hint_for = None
            if version != self.table.version:
                return  # the position moved on: the hint was for a decision already made
            marks = hint_marks(rows)
            reasons = reasons_words(position_reasons(self.state, seat, version))
            at = {
                index: mark.words()
                for mark in marks
                for index, offered in enumerate(decisions.decisions)
                if offered == mark.decision
            }
            decisions.mark(at, hint_note(marks, reasons))

        def failed(error: BaseException) -> None:
            self.hint_for = None
            if version == self.table.version:
                decisions.border_subtitle = ""
            self.notify(f"No hint: {error!r}", severity="error")

        def done(result: Future) -> None:
            if result.cancelled():
                return
            error = result.exception()
            self.deliver(failed, error) if error is not None else self.deliver(
                shown, result.result()
            )

        self.table.hint(seat, self.hint_level).add_done_callback(done)

    # ------------------------------------------------------------------ other keys

    def action_focus_decisions(self) -> None:
        self.query_one(DecisionList).focus()

    def action_save_as(self) -> None:
        from nfgalaxy.ui.screens.save_as import SaveAsScreen

        def save(name: str | None) -> None:
            if name:
                self.app.write_save(name, self.state, self.seats)

        self.app.push_screen(SaveAsScreen(), save)

    def action_focus_log(self) -> None:
        self.query_one("#log", GameLog).focus()

    def action_focus_board(self) -> None:
        """The board, or its first part that scrolls, so the arrow keys move through it."""
        board = self.query_one("#board")
        parts = (widget for widget in board.query("*") if widget.focusable)
        target = board if board.focusable else next(parts, None)
        if target is not None:
            target.focus()


def refusal_words(message: str, rule: str) -> str:
    """A refusal as the player reads it: the engine's reason, and the rule's name when it is
    one in words ("turn order"). A section of the rules specification ("§5.2.3") means nothing
    at the table, so it is left out (the engine's exception still names it)."""
    if not rule or rule.lstrip().startswith("§") or rule[:1].isdigit():
        return message
    return f"{message} ({rule})"
