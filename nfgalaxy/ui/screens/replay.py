"""The replay viewer: a finished game stepped through by decision, by turn and by round.

The board is the game's own widget, drawn from what one seat knew at that point
(``seat_view``) or from what anyone at the table knew (``public_view``: every seat's hand,
dice and secret choices re-dealt), never from the real game. The log is the game's log as the
table showed it to everyone then, and the VP chart counts only what anyone could count. Which
decision was made is said in words only to the seat that made it: another seat's choice may be
a secret until it is revealed (the log says when it is).

Positions come from ``nfgalaxy.records.positions.ReplayedGame`` (a record that does not
replay to its scores raises ``RecordRefused`` when the screen is made).
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Footer, Static

from nfgalaxy.bots.explain import table_log
from nfgalaxy.core.decision import Decision
from nfgalaxy.core.protocol import GameState
from nfgalaxy.core.registry import descriptor
from nfgalaxy.core.rng import Rng
from nfgalaxy.core.views import public_view, seat_view
from nfgalaxy.records import GameRecord
from nfgalaxy.records.positions import ReplayedGame
from nfgalaxy.ui.game_ui import game_ui
from nfgalaxy.ui.screens.end import vp_bars
from nfgalaxy.ui.screens.game import NARROW_BELOW, SHORT_BELOW
from nfgalaxy.ui.widgets.estimates import EstimatePanel
from nfgalaxy.ui.widgets.game_log import GameLog
from nfgalaxy.ui.widgets.header import TitleHeader


class ReplayScreen(Screen[None]):
    DEFAULT_CSS = """
    ReplayScreen #board { height: 1fr; overflow-y: auto; }
    ReplayScreen #replay-status { height: auto; padding: 0 1; background: $boost; }
    ReplayScreen #bottom { height: 12; }
    ReplayScreen.short #bottom { height: 8; }
    ReplayScreen.narrow #replay-vp { width: 38; }
    ReplayScreen #replay-vp { width: 46; height: 100%; padding: 0 1; border: round $secondary; }
    ReplayScreen #log { width: 1fr; border: round $secondary; scrollbar-gutter: stable; }
    """
    #: Nothing takes the focus: a board given it would turn keys into decisions, and the
    #: log would take the arrows and pages for scrolling.
    AUTO_FOCUS = None

    #: Short words, so that every key shown fits in the footer at 80 columns.
    BINDINGS = [
        Binding("left", "step(-1)", "Step", key_display="←→", priority=True),
        Binding("right", "step(1)", "Next decision", show=False, priority=True),
        Binding("shift+left", "turn(-1)", "Turn", key_display="⇧←→", priority=True),
        Binding("shift+right", "turn(1)", "Next turn", show=False, priority=True),
        Binding("pageup", "round(-1)", "Round", key_display="PgUp/Dn", priority=True),
        Binding("pagedown", "round(1)", "Next round", show=False, priority=True),
        Binding("home", "go(0)", "Start", show=False, priority=True),
        Binding("end", "go_end", "End", show=False, priority=True),
        Binding("g", "go_to_round", "Jump"),
        Binding("v", "next_view", "View"),
        Binding("e", "estimate", "Estimate"),
        Binding("escape", "app.pop_screen", "Back"),
    ]

    def __init__(self, record: GameRecord) -> None:
        super().__init__()
        self.game = ReplayedGame(record)
        self.record = record
        ui = game_ui(record.game)
        self.ui = ui
        if ui.css_path is not None:
            self.css_path = [*self.css_path, ui.css_path]
        #: The position shown (decisions made so far).
        self.position = 0
        #: The seat whose view is shown, or None for the public view.
        self.viewer: int | None = None
        #: Re-deals what the shown view may not know; any re-deal must draw the same.
        self.deal = Rng(record.seed ^ 0x5EED)

    def compose(self) -> ComposeResult:
        yield TitleHeader()
        yield self.ui.make_board(len(self.record.players))
        yield Static("", id="replay-status")
        yield EstimatePanel(id="estimates")
        with Horizontal(id="bottom"):
            yield Static("", id="replay-vp")
            yield GameLog(id="log")
        yield Footer()

    def on_mount(self) -> None:
        self.title = f"Replay: {descriptor(self.record.game).title}"
        self.query_one("#log", GameLog).border_title = "Log"
        self.query_one("#replay-vp", Static).border_title = "VP by round"
        for footer in self.query(Footer):  # every key fits at 80 columns
            footer.compact = True
            footer.show_command_palette = False
        self.show_position()

    def on_resize(self, event: events.Resize) -> None:
        """Smaller log and chart on a small terminal, so the board keeps most of it (the
        sizes the game screen's are laid out by)."""
        self.set_class(event.size.width < NARROW_BELOW, "narrow")
        self.set_class(event.size.height < SHORT_BELOW, "short")

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """A board that takes the focus (to turn keys into decisions) is given none: nothing
        is decided in a replay, and its keys would crowd the footer."""
        board = self.query_one("#board")
        if event.widget is board or board in event.widget.ancestors:
            self.set_focus(None)

    # ------------------------------------------------------------------ drawing

    @property
    def state(self) -> GameState:
        """The real game at the position shown (never drawn as it is)."""
        return self.game.state_at(self.position)

    def view_of(self, state: GameState) -> GameState:
        """What the screen may draw of ``state``: the viewer's knowledge, or anyone's."""
        if self.viewer is None:
            return public_view(state, self.deal)
        return seat_view(state, self.viewer, self.deal)

    def show_position(self) -> None:
        said = self.decision_words()
        state = self.state
        shown = self.view_of(state)
        self.query_one("#board").show(shown, self.viewer)
        self.query_one("#log", GameLog).show(self.log_lines(state))
        self.query_one("#replay-vp", Static).update(self.vp_text(shown))
        self.query_one("#replay-status", Static).update(self.status_text(state, said))
        total = self.game.length
        self.sub_title = f"Round {state.round} · decision {self.position} of {total}"

    def log_lines(self, state: GameState) -> list[str]:
        """The log as the table showed it (each bot's run of events as one line)."""
        events = getattr(state, "events", None)
        if events is None:
            return list(state.log)
        names = {s: p.name for s, p in enumerate(self.record.players) if p.is_bot}
        return table_log(events, names)

    def viewer_name(self) -> str:
        if self.viewer is None:
            return "public (what anyone at the table saw)"
        return f"{self.record.players[self.viewer].name}'s (what they knew then)"

    def decision_words(self) -> str:
        """The last decision made, in words for the seat that made it; for anyone else only
        who made it (a secret choice stays secret; the log tells what was revealed)."""
        if self.position == 0:
            return "The game is set up; nobody has decided yet."
        seat = self.game.seat_of(self.position)
        name = self.record.players[seat].name if seat is not None else "Nobody"
        if seat is None or seat != self.viewer:
            return f"{name} decided."
        entry = self.record.decisions[self.position - 1]
        made = Decision.from_json(entry)
        before = self.game.state_at(self.position - 1)
        offered = next((d for d in before.legal_decisions() if d == made), made)
        return f"{name} chose: {offered}"

    def status_text(self, state: GameState, said: str) -> str:
        over = " · the end" if self.position == self.game.length else ""
        return (
            f"Decision {self.position} of {self.game.length} · round {state.round}{over} · "
            f"{said}\nView: {self.viewer_name()} (v changes it)"
        )

    def vp_text(self, shown: GameState) -> str:
        """A row per player: VP after each round so far as bars (the last 8 rounds), and VP
        now (as the view shown counts it)."""
        rounds = self.game.vp_until(self.position)
        now = [score["total"] for score in shown.scores()]
        top = max([*now, *(v for row in rounds for v in row), 1])
        return "\n".join(
            f"{player.name[:8]:<8} {vp_bars(row[-8:], top):<16} {points:>3} VP"
            for player, row, points in zip(self.record.players, rounds, now, strict=True)
        )

    # ------------------------------------------------------------------ moving

    def go(self, position: int) -> None:
        position = max(0, min(position, self.game.length))
        if position != self.position:
            self.position = position
            self.query_one(EstimatePanel).clear()
            self.show_position()

    def action_step(self, by: int) -> None:
        self.go(self.position + by)

    def action_turn(self, way: int) -> None:
        move = self.game.next_turn if way > 0 else self.game.previous_turn
        self.go(move(self.position))

    def action_round(self, way: int) -> None:
        move = self.game.next_round if way > 0 else self.game.previous_round
        self.go(move(self.position))

    def action_go(self, position: int) -> None:
        self.go(position)

    def action_go_end(self) -> None:
        self.go(self.game.length)

    def action_go_to_round(self) -> None:
        from nfgalaxy.ui.screens.round_prompt import RoundPrompt

        first, last = self.game.rounds[0], self.game.rounds[-1]

        def chosen(round_: Any) -> None:
            if round_ is None:
                return
            start = self.game.round_start(round_)
            if start is None:
                self.notify(
                    f"The game has no round {round_} (rounds {first} to {last}).",
                    severity="warning",
                )
                return
            self.go(start)

        self.app.push_screen(RoundPrompt(first, last), chosen)

    def action_estimate(self) -> None:
        """The search's win estimate for each option of the decision made next, from what
        the seat making it knew: asked in that seat's view only (the options are theirs)."""
        if self.position >= self.game.length:
            self.notify("The game is over here: there is no decision to weigh.")
            return
        state = self.state
        seat = state.to_move()
        if seat is None or seat != self.viewer:
            name = self.record.players[seat].name if seat is not None else "nobody"
            self.notify(
                f"The options here are {name}'s: choose their view (v) to weigh them.",
                severity="warning",
            )
            return
        chosen = Decision.from_json(self.record.decisions[self.position])
        self.query_one(EstimatePanel).start(self.position, state, chosen)

    def action_next_view(self) -> None:
        """Public, then each seat in turn, then public again."""
        seats = len(self.record.players)
        self.viewer = (
            0 if self.viewer is None else (self.viewer + 1 if self.viewer + 1 < seats else None)
        )
        self.query_one(EstimatePanel).clear()  # another seat's options are not this one's
        self.show_position()
