"""What the dice cup draws: the phase strip with the viewer's dice, a composed Dictate or
recruit on it, and where each die was drawn (so a click or a drag can find it).

Kept apart from the widget's keys (``dice_cup.py``): this module only reads a ``CupView``, the
state of the composition, and returns text and hit boxes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rich.text import Text

from nfgalaxy.games.roll import powers as pw
from nfgalaxy.games.roll.components import Phase
from nfgalaxy.games.roll.rules import RollGame
from nfgalaxy.games.roll.state import DEV, PHASES, WORLD, Player
from nfgalaxy.games.roll.ui.glyphs import dice_row, die

#: The cup's key for each phase, shown in its column's heading. Digits are the decision
#: list's (they pick by number wherever the focus is), and d, s and h are the table's
#: (decisions, save, hint), so a phase has a letter of its own: e for Explore, v in deVelop,
#: t in seTtle, p for Produce, and $ for Ship (a key only: the Ship face is drawn ⇄, and a
#: "$" the player reads is credits).
PHASE_KEYS = {"explore": "e", "develop": "v", "settle": "t", "produce": "p", "ship": "$"}
#: The phase keys as the hint line lists them.
PHASE_KEY_WORDS = " ".join(PHASE_KEYS.values())
#: Each phase column's width: its key, numeral and name ("p IV Produce") and a space; where
#: the cup has less room than five of those, the numerals go ("p Produce") and it is narrower.
COLUMN_WIDTH = 13
NARROW_COLUMN = 11
#: A die given up by a composed Dictate, and a die a composed Dictate moves.
GIVEN_UP, MOVED = "✗", "→"


@dataclass(frozen=True)
class Hit:
    """Where a die was drawn: a worker by id, or (``citizen``) a citizenry die by index."""

    line: int
    start: int
    end: int
    worker: int
    citizen: bool = False


@dataclass
class CupView:
    """What the cup shows now: the viewer's dice and what is being composed on them."""

    state: RollGame
    player: Player
    interactive: bool
    cursor: int | None
    given_up: int | None = None  # a composed Dictate's die
    moves: dict[int, str] = field(default_factory=dict)  # worker id -> phase (composed)
    citizens: list[str] = field(default_factory=list)  # citizenry dice, when recruiting
    chosen: set[int] = field(default_factory=set)  # their indices chosen to recruit
    stacks: bool = False  # the construction stacks too (a compact screen)
    width: int = 0  # the room the cup has (0: unknown, as much as it needs)


def column_width(view: CupView) -> int:
    """The phase columns' width: never so wide that the heading wraps."""
    if view.width and view.width < COLUMN_WIDTH * len(PHASES):
        return NARROW_COLUMN
    return COLUMN_WIDTH


def column_of(view: CupView, w: dict[str, Any]) -> str:
    """Where a die stands on the strip, a composed move included."""
    return view.moves.get(w["id"], w["column"])


def ordered_dice(p: Player, moves: dict[int, str] | None = None) -> list[dict[str, Any]]:
    """The workers in cursor order: wild dice still to place, then column by column."""
    moves = moves or {}
    order = {"": -1, **{ph: i for i, ph in enumerate(PHASES)}}
    return sorted(p.workers, key=lambda w: (order[moves.get(w["id"], w["column"])], w["id"]))


def draw(view: CupView) -> tuple[Text, list[Hit], tuple[int, int]]:
    """The cup's text, its hit boxes, and the first and last line of the phase columns."""
    if view.citizens:
        text, hits = draw_recruit(view)
        return text, hits, (-1, -1)
    p, state = view.player, view.state
    text, hits = Text(), []
    line = 0
    dice = ordered_dice(p, view.moves)
    unplaced = [w for w in dice if not w["column"]]
    if unplaced:
        text.append("Wild, to place: ", style="bold")
        for w in unplaced:
            _draw_die(view, text, hits, line, w)
        text.append("\n")
        line += 1
    width = column_width(view)
    for ph in PHASES:
        phase = Phase(ph)
        played = not state.revealed or ph in state.phases
        style = "bold underline" if ph == p.selected else ("bold" if played else "dim")
        label = f"{phase.numeral} {phase.label}" if width == COLUMN_WIDTH else phase.label
        if view.interactive:
            text.append(f"{PHASE_KEYS[ph]} ", style="bold reverse")
            text.append(label.ljust(width - 2), style=style)
        else:
            text.append(label.ljust(width), style=style)
    text.append("\n")
    line += 1
    columns = [[w for w in dice if column_of(view, w) == ph] for ph in PHASES]
    rows = max(max((len(c) for c in columns), default=0), 1)
    grid = (line - 1, line + rows - 1)
    for row in range(rows):
        start_of_line = len(text.plain)
        for index, column in enumerate(columns):
            if row < len(column):
                _draw_die(view, text, hits, line, column[row])
            used = len(text.plain) - start_of_line
            text.append(" " * max(width * (index + 1) - used, 0))
        text.rstrip()
        text.append("\n")
        line += 1
    text.append_text(dice_line(view))
    if view.stacks:
        text.append("\n")
        text.append_text(stacks_line(state, p))
    composed = composed_line(view)
    if composed.plain:
        text.append("\n")
        text.append_text(composed)
    return text, hits, grid


def dice_line(view: CupView) -> Text:
    """Cup, citizenry, the Dictate zone and the selection, on one line."""
    p, state = view.player, view.state
    text = Text("Cup ", style="bold")
    text.append_text(dice_row(p.cup))
    text.append(" Citizenry ", style="bold")
    text.append_text(dice_row(p.citizenry))
    if p.dictated:
        text.append(" Dictate zone ", style="bold")
        text.append_text(dice_row({c: p.dictated.count(c) for c in dict.fromkeys(p.dictated)}))
    if p.selected:
        text.append(f" Selected {Phase(p.selected).label} ★")
    used = [u for u in p.used_powers if u != "dictate"]
    if "dictate" in p.used_powers:
        text.append(" · Dictate used")
    if used:
        text.append(" · Used: " + ", ".join(state.side_name(u) for u in used))
    return text


def stacks_line(state: RollGame, p: Player) -> Text:
    """The tops of the viewer's construction stacks with their dice, on one line: where
    developers and settlers would go (the tableau below has the whole stacks)."""
    text = Text()
    for kind, word in ((DEV, "Building"), (WORLD, "Settling")):
        if text.plain:
            text.append(" · ")
        text.append(f"{word} ", style="bold")
        stack = p.stacks[kind]
        if not stack:
            text.append("nothing", style="dim")
            continue
        top = state.side(stack[0])
        need = pw.requirement(state.tiles, p, top)
        text.append(f"{top.name} ({len(p.stack_dice[kind])}/{need})")
        if len(stack) > 1:
            text.append(f" +{len(stack) - 1}", style="dim")
    return text


def composed_line(view: CupView) -> Text:
    """A composed Dictate in words, until it is confirmed."""
    if view.given_up is None:
        return Text()
    p = view.player
    text = Text("Dictate, to confirm: give up ", style="bold")
    given = next((w for w in p.workers if w["id"] == view.given_up), None)
    if given is not None:
        text.append_text(die(given["colour"], given["face"]))
    for worker_id, to in view.moves.items():
        w = next((w for w in p.workers if w["id"] == worker_id), None)
        if w is not None:
            text.append(", move ")
            text.append_text(die(w["colour"], w["face"]))
            text.append(f" to {Phase(to).label}")
    allowed = pw.dictate_moves(view.state.tiles, p)
    if not view.moves:
        text.append(f" · now move {'a die' if allowed == 1 else f'up to {allowed} dice'}")
    return text


def recruit_line(view: CupView) -> Text:
    """The live line of a recruit being composed: how many of how many, and which."""
    wanted = view.player.credits
    text = Text(f"{len(view.chosen)} of {wanted} chosen", style="bold")
    if view.chosen:
        text.append(" · ")
        for index in sorted(view.chosen):
            text.append_text(die(view.citizens[index]))
            text.append(" ")
        text.rstrip()
    text.append(f" · ${len(view.chosen)}")
    return text


def draw_recruit(view: CupView) -> tuple[Text, list[Hit]]:
    """Manage Empire: the citizenry die by die, those chosen to recruit marked ✓."""
    p = view.player
    text = Text(
        f"Recruit {p.credits} of your {len(view.citizens)} citizenry dice into the cup, $1 each:",
        style="bold",
    )
    text.append("\n")
    hits: list[Hit] = []
    for index, colour in enumerate(view.citizens):
        start = len(text.plain) - text.plain.rfind("\n") - 1
        cursor = index == view.cursor
        text.append("▸" if cursor else " ")
        glyph = die(colour, mark="✓" if index in view.chosen else "")
        if cursor:
            glyph.stylize("underline")
        text.append_text(glyph)
        text.append(" ")
        hits.append(Hit(1, start, start + len(glyph.plain) + 2, index, citizen=True))
    text.append("\n")
    text.append_text(recruit_line(view))
    text.append("\n")
    text.append_text(dice_line(view))
    return text, hits


def _draw_die(view: CupView, text: Text, hits: list[Hit], line: int, w: dict[str, Any]) -> None:
    start = len(text.plain) - text.plain.rfind("\n") - 1
    column = column_of(view, w)
    face = "" if w["face"] == column else w["face"]
    mark = "★" if w["id"] == view.player.selector else ""
    if w["id"] == view.given_up:
        mark += GIVEN_UP
    elif w["id"] in view.moves:
        mark += MOVED
    glyph = die(w["colour"], face, mark)
    if w["id"] == view.cursor and view.interactive:
        text.append("▸")
        glyph.stylize("underline")
    else:
        text.append(" ")
    text.append_text(glyph)
    text.append(" ")
    hits.append(Hit(line, start, start + len(glyph.plain) + 2, w["id"]))
