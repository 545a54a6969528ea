"""The dice cup of the player at the keyboard: the roll under the five phases, keyed or dragged.

During Assign the rolled dice sit under the five phases; a wild die waits above them until it
is put in a column. The keys (or the mouse: drag a die onto a column) only *propose* decisions:
each becomes a ``Decision`` the engine judges like any other, so a move the rules forbid is
refused with the rule it breaks. A Dictate and a recruit are composed here first, changeable,
and sent as the engine's decisions when confirmed (``compose.py``), so the player sees the
assignment a Dictate makes before it is final. Another player's roll is never drawn here
before Reveal.

Keys mean one thing on the table whatever has the focus: the digits always pick from the
decision list (the cup passes them on), and a phase has a letter (``PHASE_KEYS``) that nothing
else on the table uses. Which part has the keys is shown on the cup's border.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.widgets import Static

from nfgalaxy.core.decision import Decision, IllegalDecision
from nfgalaxy.games.roll import powers as pw
from nfgalaxy.games.roll.rules import DICTATE, DONE, MOVE, SELECT, STOP, WILD, RollGame
from nfgalaxy.games.roll.state import PHASES, Player
from nfgalaxy.games.roll.ui import cup_text
from nfgalaxy.games.roll.ui.compose import citizenry_dice, dictate_decisions, recruit_decisions
from nfgalaxy.games.roll.ui.cup_text import COLUMN_WIDTH, PHASE_KEY_WORDS, PHASE_KEYS, CupView
from nfgalaxy.games.roll.ui.glyphs import dice_count
from nfgalaxy.ui.widgets.decisions import DIGITS, Decided, DecisionList

#: Steps in which the dice on the strip can be moved from here.
DICE_STEPS = ("assign", "reassign")
#: Steps in which the cup has the keys: the dice steps and recruiting (Manage Empire).
CUP_STEPS = (*DICE_STEPS, "manage")
#: What Enter does, by action: one at a time is offered (``check_action``), and the footer
#: names that one.
ENTER = {"recruit": "Recruit", "confirm_dictate": "Dictate", "stop": "Stop", "ready": "Done"}
#: The phase keys' names as Textual knows them ("$" is "dollar_sign").
_KEY_NAMES = {"$": "dollar_sign"}


class DiceCup(Static, can_focus=True):
    """The viewer's dice. Keys: ←/→ choose a die; e v t p $ put it under phase I–V (a wild
    die, or a die a Dictate or power moves); x then a phase key selects that phase with it;
    c composes a Dictate with it; Enter confirms (done, Dictate, recruit); Esc cancels;
    Space chooses a die to recruit; 1–9 pick from the decision list."""

    BINDINGS = [
        Binding("left", "cursor(-1)", "Previous die", show=False),
        Binding("right", "cursor(1)", "Next die", show=False),
        *(
            Binding(_KEY_NAMES.get(key, key), f"to_phase('{phase}')", phase.title(), show=False)
            for phase, key in PHASE_KEYS.items()
        ),
        Binding("x", "select_mode", "Select phase with die", show=False),
        Binding("c", "dictate", "Dictate with die", show=False),
        Binding("space", "toggle", "Choose to recruit", show=False),
        Binding("escape", "cancel", "Cancel", show=False),
        *(Binding("enter", action, words) for action, words in ENTER.items()),
        *(Binding(digit, f"pick({digit})", "Pick by number", show=False) for digit in DIGITS),
    ]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.state: RollGame | None = None
        self.viewer: int | None = None
        self.cursor: int | None = None  # worker id (or citizenry index while recruiting)
        self.selecting = False
        self.given_up: int | None = None  # a composed Dictate's die
        self.moves: dict[int, str] = {}  # the workers it moves, to their phases
        self.chosen: set[int] = set()  # citizenry dice chosen to recruit (indices)
        self.position: tuple[int, int | None, str] | None = None
        self.hits: list[cup_text.Hit] = []
        self.grid_lines: tuple[int, int] = (0, 0)  # first and last line of the phase columns
        self.column_width = COLUMN_WIDTH
        self.drag_from: int | None = None

    # ------------------------------------------------------------------ drawing

    def show(self, state: RollGame, viewer: int | None) -> None:
        self.state, self.viewer = state, viewer
        position = (len(state.history), state.to_move(), state.step_name())
        if position != self.position:  # a new position: nothing composed on it yet
            self.position = position
            self.selecting, self.given_up, self.moves, self.chosen = False, None, {}, set()
            if self.recruiting():
                self.cursor = 0
            if self.interactive():
                self.call_after_refresh(self.bring_into_view)
        if not self.recruiting():
            self._place_cursor()
        if not self.interactive():
            self.selecting = False
        self.border_title = self.title_words()
        self.border_subtitle = self.hint()
        self.update(self.render_strip())

    def _place_cursor(self) -> None:
        ids = [w["id"] for w in self.dice()]
        unplaced = [w["id"] for w in self.dice() if not w["column"]]
        if unplaced and self.cursor not in unplaced:
            self.cursor = unplaced[0]  # wild dice must be placed before anything else (§5.2.1)
        elif self.cursor not in ids:
            self.cursor = ids[0] if ids else None

    def title_words(self) -> str:
        """The cup's name, and whether it has the keys: ▶ while it has the focus; while it
        could have them and the decision list has them, how to get them back."""
        name = "Dice cup"
        if self.state is not None and self.viewer is not None:
            name += f" — {self.state.players[self.viewer].name}"
        if not self.interactive():
            return name
        if self.screen.focused is self:
            return f"▶ {name} · keys here"
        return f"{name} · keys elsewhere (b: here)"

    def bring_into_view(self) -> None:
        """The whole cup on the screen, at the top of the board when the board scrolls as one
        (the tableaux below can be scrolled to)."""
        self.scroll_visible(animate=False, top=True)

    def on_focus(self) -> None:
        self.redraw()
        self.call_after_refresh(self.bring_into_view)

    def on_blur(self) -> None:
        self.redraw()

    def on_resize(self) -> None:
        self.redraw()  # the stacks line comes and goes with the compact layout

    def player(self) -> Player | None:
        if self.state is None or self.viewer is None:
            return None
        return self.state.players[self.viewer]

    def dice(self) -> list[dict[str, Any]]:
        """The viewer's workers in cursor order: wild dice still to place, then by column."""
        p = self.player()
        return cup_text.ordered_dice(p, self.moves) if p is not None else []

    def interactive(self) -> bool:
        state = self.state
        return (
            state is not None
            and self.viewer is not None
            and state.to_move() == self.viewer
            and state.step_name() in CUP_STEPS
            and (state.step_name() != "manage" or bool(state.legal_decisions()))
        )

    def recruiting(self) -> bool:
        return self.interactive() and self.step() == "manage"

    def step(self) -> str:
        return self.state.step_name() if self.state is not None else ""

    def offered(self, kind: str) -> bool:
        return self.state is not None and any(d.kind == kind for d in self.state.legal_decisions())

    def hint(self) -> str:
        """The keys that apply now, in the cup's own words (the footer names only Enter)."""
        if not self.interactive():
            return ""
        keys = PHASE_KEY_WORDS
        if self.recruiting():
            return "←/→ die · Space choose · Enter recruit"
        if self.given_up is not None:
            return f"←/→ die · {keys} move it · Enter confirm · Esc cancel"
        if self.selecting:
            return f"select which phase with this die? {keys} · Esc cancel"
        p = self.player()
        if self.step() == "reassign":
            stop = " · Enter stop" if self.offered(STOP) else ""
            return f"←/→ die · {keys} move it there{stop}"
        if p is not None and any(not w["column"] for w in p.workers):
            return f"←/→ die · {keys} place it · 1–9 list"
        if p is not None and p.selector < 0:
            return f"←/→ die · x then {keys}: select that phase"
        dictate = " · c Dictate" if self.offered(DICTATE) else ""
        return f"←/→ die{dictate} · Enter done"

    def render_strip(self) -> Text:
        p = self.player()
        if p is None or self.state is None:
            self.hits = []
            return Text(
                "Hidden: several players share this keyboard. Each sees their own dice on "
                "their turn.",
                style="dim",
            )
        view = CupView(
            state=self.state,
            player=p,
            interactive=self.interactive(),
            cursor=self.cursor,
            given_up=self.given_up,
            moves=self.moves,
            citizens=citizenry_dice(p) if self.recruiting() else [],
            chosen=self.chosen,
            stacks=self.interactive() and self.screen.has_class("compact"),
            width=self.content_size.width,
        )
        self.column_width = cup_text.column_width(view)
        text, self.hits, self.grid_lines = cup_text.draw(view)
        return text

    # ------------------------------------------------------------------ keys and mouse

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter does one thing at a time, and the footer shows only that one."""
        enter = {
            "recruit": self.recruiting(),
            "confirm_dictate": self.given_up is not None,
            "stop": self.step() == "reassign" and self.given_up is None and self.offered(STOP),
            # Done too early is the engine's to refuse, naming the rule (select a phase first).
            "ready": self.step() == "assign" and self.given_up is None,
        }
        if action in enter:
            return self.interactive() and enter[action]
        return True

    def current(self) -> dict[str, Any] | None:
        p = self.player()
        if p is None or self.cursor is None:
            return None
        return next((w for w in p.workers if w["id"] == self.cursor), None)

    def redraw(self) -> None:
        if self.state is not None:
            self.show(self.state, self.viewer)
        self.refresh_bindings()

    def action_cursor(self, step: int) -> None:
        if self.recruiting():
            count = len(citizenry_dice(self.player()))
            if count:
                self.cursor = ((self.cursor or 0) + step) % count
        else:
            ids = [w["id"] for w in self.dice()]
            if ids and self.cursor in ids:
                self.cursor = ids[(ids.index(self.cursor) + step) % len(ids)]
        self.redraw()

    def action_pick(self, number: int) -> None:
        """The digits pick from the decision list wherever the focus is."""
        self.screen.query_one(DecisionList).action_pick(number)

    def action_select_mode(self) -> None:
        if self.interactive() and not self.recruiting() and self.given_up is None:
            self.selecting = not self.selecting
            self.redraw()

    def action_cancel(self) -> None:
        """Esc: drop what is being composed (a Dictate, a selection, a recruit)."""
        self.selecting, self.given_up, self.moves, self.chosen = False, None, {}, set()
        self.redraw()

    def propose(self, decision: Decision, then: tuple[Decision, ...] = ()) -> None:
        """Hand decisions to the game screen; the engine accepts each or says which rule it
        breaks."""
        if self.interactive():
            self.post_message(Decided(decision, then=then))

    def refuse(self, error: IllegalDecision) -> None:
        """A composed choice the engine would refuse, told as the screen tells a refusal."""
        message = error.message[:1].upper() + error.message[1:]
        self.notify(f"{message} ({error.rule})", title="Not allowed", severity="error")

    def action_to_phase(self, phase: str) -> None:
        w = self.current()
        if w is None or self.state is None or self.recruiting() or not self.interactive():
            return
        if self.given_up is not None:
            self.compose_move(w, phase)
            return
        key = (w["colour"], w["face"], w["column"])
        if self.selecting:
            self.selecting = False
            self.propose(Decision(SELECT, (*key, phase)))
        elif not w["column"]:
            self.propose(Decision(WILD, (w["colour"], phase)))
        else:
            self.propose(Decision(MOVE, (*key, phase)))

    def compose_move(self, w: dict[str, Any], phase: str) -> None:
        """Put a die a composed Dictate moves under ``phase`` (back in its own column: not
        moved after all)."""
        p = self.player()
        assert p is not None and self.state is not None
        if w["id"] in (self.given_up, p.selector):
            why = "the die given up" if w["id"] == self.given_up else "the selection die"
            self.notify(f"Dictate moves another die than {why}.", severity="warning")
            return
        allowed = pw.dictate_moves(self.state.tiles, p)
        if phase == w["column"]:
            self.moves.pop(w["id"], None)
        elif w["id"] in self.moves or len(self.moves) < allowed:
            self.moves[w["id"]] = phase
        else:
            self.notify(
                f"This Dictate moves {allowed} {'die' if allowed == 1 else 'dice'}: "
                "put one back in its column first.",
                severity="warning",
            )
            return
        self.redraw()

    def action_dictate(self) -> None:
        """Compose a Dictate giving up the chosen die (again on the same die: not after
        all); a Dictate the engine does not offer now is proposed, to be told why."""
        w = self.current()
        if w is None or self.state is None or not self.interactive() or self.recruiting():
            return
        if self.given_up == w["id"]:
            self.action_cancel()
            return
        dictate = Decision(DICTATE, (w["colour"], w["face"], w["column"]))
        if dictate not in self.state.legal_decisions():
            self.propose(dictate)  # refused: the screen says which rule
            return
        self.selecting, self.given_up = False, w["id"]
        self.moves.pop(w["id"], None)
        self.action_cursor(1)

    def action_confirm_dictate(self) -> None:
        p = self.player()
        if self.given_up is None or p is None or self.state is None:
            return
        given = p.worker(self.given_up)
        moves = [(p.worker(worker_id), to) for worker_id, to in self.moves.items()]
        try:
            composed = dictate_decisions(self.state, given, moves)
        except IllegalDecision as error:
            self.refuse(error)
            return
        self.propose(composed.decisions[0], composed.decisions[1:])

    def action_toggle(self) -> None:
        """Space: choose the die under the cursor to recruit, or not."""
        p = self.player()
        if not self.recruiting() or p is None or self.cursor is None:
            return
        if self.cursor in self.chosen:
            self.chosen.discard(self.cursor)
        elif len(self.chosen) < p.credits:
            self.chosen.add(self.cursor)
        else:
            self.notify(
                f"You recruit {dice_count(p.credits)}: choose another one off first.",
                severity="warning",
            )
        self.redraw()

    def action_recruit(self) -> None:
        p = self.player()
        if not self.recruiting() or p is None or self.state is None:
            return
        if len(self.chosen) != p.credits:
            self.notify(
                f"Choose {dice_count(p.credits)} to recruit (Space); {len(self.chosen)} chosen.",
                severity="warning",
            )
            return
        dice = citizenry_dice(p)
        try:
            composed = recruit_decisions(self.state, [dice[i] for i in self.chosen])
        except IllegalDecision as error:
            self.refuse(error)
            return
        if composed.decisions:
            self.propose(composed.decisions[0], composed.decisions[1:])

    def action_stop(self) -> None:
        stop = next((d for d in self.legal() if d.kind == STOP), None)
        if stop is not None:
            self.propose(stop)

    def action_ready(self) -> None:
        self.propose(Decision(DONE, ()))

    def legal(self) -> list[Decision]:
        return self.state.legal_decisions() if self.state is not None else []

    def hit(self, event: events.MouseEvent) -> tuple[cup_text.Hit | None, str | None]:
        """The die under the pointer, and the phase column it is over (if any)."""
        offset = event.get_content_offset(self)
        if offset is None:
            return None, None
        x, y = offset
        found = next((h for h in self.hits if h.line == y and h.start <= x < h.end), None)
        first, last = self.grid_lines
        phase = None
        if first <= y <= last and 0 <= x < self.column_width * len(PHASES):
            phase = PHASES[x // self.column_width]
        return found, phase

    def on_mouse_down(self, event: events.MouseDown) -> None:
        found, _phase = self.hit(event)
        self.drag_from = found.worker if found is not None and not found.citizen else None
        if found is not None:
            self.cursor = found.worker
            if found.citizen:
                self.action_toggle()  # a click chooses a die to recruit, or not
            self.redraw()

    def on_mouse_up(self, event: events.MouseUp) -> None:
        start, self.drag_from = self.drag_from, None
        found, phase = self.hit(event)
        w = self.current()
        if start is None or phase is None or w is None:
            return
        if found is not None and found.worker == start:
            return
        if phase != self.moves.get(w["id"], w["column"]) or self.selecting:
            self.action_to_phase(phase)
