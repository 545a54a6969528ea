"""Roll for the Galaxy's shared table: the five phase tiles, the VP pool, the bag and the supply.

Before Reveal nobody's selection is shown (the screens are up); after it each phase tile names
who selected it, the phases played this round are marked, and the one being played is pointed
at.
"""

from __future__ import annotations

from rich.text import Text

from nfgalaxy.core.seats import round_from
from nfgalaxy.core.words import counted
from nfgalaxy.games.roll.components import Phase
from nfgalaxy.games.roll.rules import RollGame
from nfgalaxy.games.roll.state import COLOURS, PHASES, TABLEAU_END
from nfgalaxy.games.roll.ui.glyphs import die
from nfgalaxy.ui.widgets.panel import StatePanel

#: What the table is doing, by the step the engine waits on (for the status line).
STEP_WORDS = {
    "start_tiles": "Setup: choose your starting tiles",
    "assign": "Assign: roll and assign dice behind the screen",
    "reassign": "Assign: reassigning workers",
    "manage": "Manage Empire: recruit and recall",
    "recall": "Manage Empire: recall",
}


def phase_tiles_text(state: RollGame, width: int = 0) -> Text:
    """The five phase tiles on one line, or on as many as ``width`` columns need (0: one),
    each tile whole: a line breaks between tiles, never inside one ("IV" and "Produce" were
    split at 120 columns); then the round, the pool, the bag and the supply."""
    tiles: list[Text] = []
    selectors: dict[str, list[str]] = {ph: [] for ph in PHASES}
    if state.revealed:  # in player order: clockwise from the lowest faction (§10)
        for seat in round_from(range(len(state.players)), state.order[0] if state.order else 0):
            p = state.players[seat]
            if p.selected:
                selectors[p.selected].append(p.name)
    current = state.current_phase()
    for ph in PHASES:
        phase = Phase(ph)
        label = f" {phase.numeral} {phase.label}"
        if state.revealed and ph in state.phases:
            who = ", ".join(selectors[ph]) or "white die"
            style = "bold reverse" if ph == current else "bold"
            tiles.append(Text(("▶" if ph == current else " ") + label + f": {who} ", style=style))
        elif state.revealed:
            tiles.append(Text(f" {label} ", style="dim strike"))
        else:
            tiles.append(Text(f" {label} ", style="dim"))
    text = flow(tiles, width)
    text.append(f"\nRound {state.round}. ")
    step = state.step_name()
    if state.over:
        text.append("Game over. ", style="bold")
    elif current:
        text.append(f"Phase {Phase(current).numeral} {Phase(current).label}. ", style="bold")
    elif step in STEP_WORDS:
        text.append(STEP_WORDS[step] + ". ", style="bold")
    if len(state.players) == 2 and state.extra_roll:
        shown = "wild" if state.extra_roll == "wild" else Phase(state.extra_roll).label
        added = f" adds {Phase(state.extra_phase).label}" if state.extra_phase else " adds nothing"
        text.append(f"2-player white die: {shown}{added}. ")
    seat = state.to_move()
    if seat is not None:
        text.append(f"To move: {state.players[seat].name}.", style="bold")
    pool = max(state.vp_pool, 0)
    text.append(f"\nVP pool {pool}")
    if state.vp_pool <= 0:
        text.append(" (empty: the 10-VP chips pay; last round)", style="bold red")
    text.append(f"   Bag {counted(len(state.bag), 'tile')}")
    if state.discards:
        text.append(f" (+{len(state.discards)} under phase tile I)")
    text.append("   Supply ")
    for colour in COLOURS:
        text.append_text(die(colour))
        text.append(f"{state.supply[colour]} ")
    biggest = max(p.tableau_count() for p in state.players)
    text.append(f"  Largest tableau {biggest}/{TABLEAU_END}")
    if state.end_reasons:
        text.append(f"\nLast round: {', '.join(state.end_reasons)}", style="bold red")
    return text


def flow(parts: list[Text], width: int, gap: str = " ") -> Text:
    """``parts`` in a row, a new line wherever the next one would not fit in ``width``
    (0: never); a part longer than a line still wraps on its own."""
    text = Text()
    used = 0
    for part in parts:
        size = part.cell_len
        if used and width and used + len(gap) + size > width:
            text.append("\n")
            used = 0
        elif used:
            text.append(gap)
            used += len(gap)
        text.append_text(part)
        used += size
    return text


class PhaseTiles(StatePanel):
    """Drawn again at every size: where the tiles' line breaks depends on the width."""

    TITLE = "Phase tiles"
    draw = staticmethod(phase_tiles_text)
    state: RollGame | None = None

    def show(self, state: RollGame) -> None:
        self.state = state
        self.border_title = self.TITLE
        self.update(phase_tiles_text(state, self.content_size.width))

    def on_resize(self) -> None:
        if self.state is not None:
            self.show(self.state)
