"""The dice cup and phase strip of the player at the keyboard: the roll, keyed or dragged to phases.

During Assign the rolled dice sit under the five phases; a wild die waits above them until it
is put in a column. The keys (or the mouse: drag a die onto a column) only *propose* decisions:
each becomes a ``Decision`` the engine judges like any other, so a move the rules forbid is
refused with the rule it breaks. Another player's roll is never drawn here before Reveal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.widgets import Static

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.roll.components import Phase
from nfgalaxy.games.roll.rules import DICTATE, DONE, MOVE, SELECT, STOP, WILD, RollGame
from nfgalaxy.games.roll.state import PHASES, Player
from nfgalaxy.games.roll.ui.glyphs import dice_row, die
from nfgalaxy.ui.widgets.decisions import Decided

COLUMN_WIDTH = 12
#: Steps in which the dice on the strip can be moved from here.
DICE_STEPS = ("assign", "reassign")


@dataclass(frozen=True)
class Hit:
    """Where a die was drawn, so a click or a drag can find it."""

    line: int
    start: int
    end: int
    worker: int


class DiceCup(Static, can_focus=True):
    """The viewer's dice. Keys: ←/→ choose a die, 1–5 put it in a phase, x then 1–5 select a
    phase with it, t Dictate with it, Enter done."""

    BINDINGS = [
        Binding("left", "cursor(-1)", "Previous die", show=False),
        Binding("right", "cursor(1)", "Next die", show=False),
        Binding("1", "to_phase('explore')", "I", show=False),
        Binding("2", "to_phase('develop')", "II", show=False),
        Binding("3", "to_phase('settle')", "III", show=False),
        Binding("4", "to_phase('produce')", "IV", show=False),
        Binding("5", "to_phase('ship')", "V", show=False),
        Binding("x", "select_mode", "Select phase with die"),
        Binding("t", "dictate", "Dictate with die"),
        Binding("enter", "ready", "Done"),
    ]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.state: RollGame | None = None
        self.viewer: int | None = None
        self.cursor: int | None = None  # worker id
        self.selecting = False
        self.hits: list[Hit] = []
        self.grid_lines: tuple[int, int] = (0, 0)  # first and last line of the phase columns
        self.drag_from: int | None = None

    # ------------------------------------------------------------------ drawing

    def show(self, state: RollGame, viewer: int | None) -> None:
        self.state, self.viewer = state, viewer
        dice = self.dice()
        ids = [w["id"] for w in dice]
        unplaced = [w["id"] for w in dice if not w["column"]]
        if unplaced and self.cursor not in unplaced:
            self.cursor = unplaced[0]  # wild dice must be placed before anything else (§5.2.1)
        elif self.cursor not in ids:
            self.cursor = ids[0] if ids else None
        if not self.interactive():
            self.selecting = False
        self.border_title = (
            f"Dice cup — {state.players[viewer].name}" if viewer is not None else "Dice cup"
        )
        self.border_subtitle = self.hint()
        self.update(self.render_strip())

    def player(self) -> Player | None:
        if self.state is None or self.viewer is None:
            return None
        return self.state.players[self.viewer]

    def dice(self) -> list[dict[str, Any]]:
        """The viewer's workers in cursor order: wild dice still to place, then by column."""
        p = self.player()
        if p is None:
            return []
        order = {"": -1, **{ph: i for i, ph in enumerate(PHASES)}}
        return sorted(p.workers, key=lambda w: (order[w["column"]], w["id"]))

    def interactive(self) -> bool:
        state = self.state
        return (
            state is not None
            and self.viewer is not None
            and state.to_move() == self.viewer
            and state.step_name() in DICE_STEPS
        )

    def hint(self) -> str:
        if not self.interactive():
            return ""
        if self.selecting:
            return "select which phase with this die? 1–5 (x: cancel)"
        return "←/→ die · 1–5 phase · x select · t Dictate · Enter done"

    def render_strip(self) -> Text:
        p = self.player()
        self.hits = []
        if p is None or self.state is None:
            return Text(
                "Hidden: several players share this keyboard. Each sees their own dice on "
                "their turn.",
                style="dim",
            )
        text = Text()
        line = 0
        unplaced = [w for w in self.dice() if not w["column"]]
        if unplaced:
            text.append("Wild, to place: ", style="bold")
            for w in unplaced:
                self._draw_die(text, line, w, p)
            text.append("\n")
            line += 1
        for ph in PHASES:
            phase = Phase(ph)
            label = f"{phase.numeral} {phase.label}"
            played = not self.state.revealed or ph in self.state.phases
            style = "bold underline" if ph == p.selected else ("bold" if played else "dim")
            text.append(label.ljust(COLUMN_WIDTH), style=style)
        text.append("\n")
        line += 1
        columns = [[w for w in self.dice() if w["column"] == ph] for ph in PHASES]
        rows = max((len(c) for c in columns), default=0)
        self.grid_lines = (line - 1, line + max(rows, 1) - 1)
        for row in range(max(rows, 1)):
            for column in columns:
                start = len(text.plain) - text.plain.rfind("\n") - 1
                if row < len(column):
                    self._draw_die(text, line, column[row], p)
                used = len(text.plain) - text.plain.rfind("\n") - 1 - start
                text.append(" " * max(COLUMN_WIDTH - used, 0))
            text.append("\n")
            line += 1
        if p.dictated:
            text.append("Dictate zone: ", style="bold")
            for colour in p.dictated:
                text.append_text(die(colour))
                text.append(" ")
            text.append("\n")
        text.append("Cup ", style="bold")
        text.append_text(dice_row(p.cup))
        text.append("  Citizenry ", style="bold")
        text.append_text(dice_row(p.citizenry))
        if p.selected:
            text.append(f"\nSelected: {Phase(p.selected).label} (★)")
        used = [u for u in p.used_powers if u != "dictate"]
        if "dictate" in p.used_powers:
            text.append("  Dictate used")
        if used:
            text.append("  Used: " + ", ".join(self.state.side_name(u) for u in used))
        return text

    def _draw_die(self, text: Text, line: int, w: dict[str, Any], p: Player) -> None:
        start = len(text.plain) - text.plain.rfind("\n") - 1
        face = "" if w["face"] == w["column"] else w["face"]
        mark = "★" if w["id"] == p.selector else ""
        glyph = die(w["colour"], face, mark)
        if w["id"] == self.cursor and self.interactive():
            text.append("▸")
            glyph.stylize("underline")
        else:
            text.append(" ")
        text.append_text(glyph)
        text.append(" ")
        self.hits.append(Hit(line, start, start + len(glyph.plain) + 2, w["id"]))

    # ------------------------------------------------------------------ keys and mouse

    def current(self) -> dict[str, Any] | None:
        p = self.player()
        if p is None or self.cursor is None:
            return None
        return next((w for w in p.workers if w["id"] == self.cursor), None)

    def redraw(self) -> None:
        if self.state is not None:
            self.show(self.state, self.viewer)

    def action_cursor(self, step: int) -> None:
        ids = [w["id"] for w in self.dice()]
        if ids and self.cursor in ids:
            self.cursor = ids[(ids.index(self.cursor) + step) % len(ids)]
            self.redraw()

    def action_select_mode(self) -> None:
        if self.interactive():
            self.selecting = not self.selecting
            self.redraw()

    def propose(self, decision: Decision) -> None:
        """Hand a decision to the game screen; the engine accepts it or says which rule it
        breaks."""
        if self.interactive():
            self.post_message(Decided(decision))

    def action_to_phase(self, phase: str) -> None:
        w = self.current()
        if w is None or self.state is None:
            return
        key = (w["colour"], w["face"], w["column"])
        if self.selecting:
            self.selecting = False
            self.propose(Decision(SELECT, (*key, phase)))
        elif not w["column"]:
            self.propose(Decision(WILD, (w["colour"], phase)))
        else:
            self.propose(Decision(MOVE, (*key, phase)))

    def action_dictate(self) -> None:
        w = self.current()
        if w is not None:
            self.propose(Decision(DICTATE, (w["colour"], w["face"], w["column"])))

    def action_ready(self) -> None:
        step = self.state.step_name() if self.state is not None else ""
        self.propose(Decision(STOP if step == "reassign" else DONE, ()))

    def hit(self, event: events.MouseEvent) -> tuple[int | None, str | None]:
        """The die under the pointer, and the phase column it is over (if any)."""
        offset = event.get_content_offset(self)
        if offset is None:
            return None, None
        x, y = offset
        worker = next((h.worker for h in self.hits if h.line == y and h.start <= x < h.end), None)
        first, last = self.grid_lines
        phase = None
        if first <= y <= last and 0 <= x < COLUMN_WIDTH * len(PHASES):
            phase = PHASES[x // COLUMN_WIDTH]
        return worker, phase

    def on_mouse_down(self, event: events.MouseDown) -> None:
        worker, _phase = self.hit(event)
        self.drag_from = worker
        if worker is not None:
            self.cursor = worker
            self.redraw()

    def on_mouse_up(self, event: events.MouseUp) -> None:
        start, self.drag_from = self.drag_from, None
        worker, phase = self.hit(event)
        w = self.current()
        if start is None or phase is None or w is None or worker == start:
            return
        if phase != w["column"] or self.selecting:
            self.action_to_phase(phase)
