"""The table: every widget drawn from the engine state, decisions made from the keyboard.

Humans pick from the legal decisions the engine offers; bots think in a worker thread so the
interface never freezes, and their moves are applied on the UI thread at a readable pace.
"""

from __future__ import annotations

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, LoadingIndicator, OptionList, RichLog

from nfgalaxy.bots import make_bot
from nfgalaxy.core.decision import Decision, IllegalDecision
from nfgalaxy.games.new_frontiers.rules import NewFrontiers
from nfgalaxy.ui.seats import Seat
from nfgalaxy.ui.widgets.action_tiles import ActionTiles
from nfgalaxy.ui.widgets.decisions import DecisionList
from nfgalaxy.ui.widgets.supply import DevelopmentSupply, Supply
from nfgalaxy.ui.widgets.tableau import Tableau
from nfgalaxy.ui.widgets.world_bag import WorldBag


class GameScreen(Screen[None]):
    BINDINGS = [
        Binding("d", "focus_decisions", "Decisions"),
        Binding("l", "focus_log", "Log"),
        Binding("s", "save_as", "Save as"),
    ]
    DEFAULT_CSS = """
    GameScreen #table { height: 1fr; }
    GameScreen #empires { width: 2fr; }
    GameScreen #side { width: 1fr; }
    GameScreen #bottom { height: 14; }
    GameScreen #log { width: 1fr; border: round $secondary; }
    GameScreen #thinking { height: 1; display: none; }
    GameScreen.bot-thinking #thinking { display: block; }
    """

    def __init__(self, state: NewFrontiers, seats: list[Seat], bot_delay: float = 0.6) -> None:
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

    def compose(self) -> ComposeResult:
        yield Header()
        yield ActionTiles(id="actions")
        with Horizontal(id="table"):
            with VerticalScroll(id="empires"):
                for seat in range(len(self.seats)):
                    yield Tableau(id=f"tableau-{seat}")
            with VerticalScroll(id="side"):
                yield WorldBag(id="bag")
                yield Supply(id="supply")
                yield DevelopmentSupply(id="developments")
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

    def refresh_table(self) -> None:
        state = self.state
        mover = state.to_move()
        self.query_one(ActionTiles).show(state)
        self.query_one(WorldBag).show(state)
        self.query_one(Supply).show(state)
        self.query_one(DevelopmentSupply).show(state)
        # The player to move on top, large; the others compact below in seat order.
        order = [mover] if mover is not None else []
        order += [s for s in range(len(self.seats)) if s != mover]
        empires = self.query_one("#empires")
        previous: Tableau | None = None
        for seat in order:
            tableau = self.query_one(f"#tableau-{seat}", Tableau)
            mine = seat == mover and self.seats[seat].is_human
            tableau.show(state, seat, large=seat == mover, private=mine)
            if previous is None:
                empires.move_child(tableau, before=0)
            else:
                empires.move_child(tableau, after=previous)
            previous = tableau
        log = self.query_one("#log", RichLog)
        for line in state.log[self.shown_log :]:
            log.write(line)
        self.shown_log = len(state.log)

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
            self.app.push_screen(PrivacyScreen(self.seats[seat].name), lambda _: self.offer(seat))
            return
        self.offer(seat)

    def offer(self, seat: int) -> None:
        self.last_human = seat
        decisions = self.query_one(DecisionList)
        decisions.offer(f"{self.seats[seat].name}: choose", self.state.legal_decisions())
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
        self.refresh_table()
        self.next_turn()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        decisions = self.query_one(DecisionList)
        if event.option_list is not decisions or not decisions.decisions:
            return
        self.play(decisions.decisions[event.option_index])

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
