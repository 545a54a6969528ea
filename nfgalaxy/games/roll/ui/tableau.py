"""One Roll for the Galaxy empire: credits, VP chips, cup, citizenry, construction zone, tableau.

What is hidden stays hidden: before Reveal another player's dice are only "behind the screen",
and of another player's construction stacks only the top tiles show (§3); the owner, at the
keyboard, sees their whole stacks.
"""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.widgets import Static

from nfgalaxy.games.roll import powers as pw
from nfgalaxy.games.roll.components import Development, Phase, World
from nfgalaxy.games.roll.rules import RollGame
from nfgalaxy.games.roll.state import DEV, PHASES, STACKS, TABLEAU_END, WORLD, Player
from nfgalaxy.games.roll.ui.glyphs import dice_count, dice_row, die, roll_world_mark

STACK_WORDS = {DEV: "Building development", WORLD: "Settling world"}


def credits_track(credits: int) -> Text:
    """The mat's credit track 0–10 with the marker on the player's credits."""
    text = Text()
    for value in range(11):
        text.append(
            f"{value}" if value == credits else "·",
            style="bold reverse" if value == credits else "dim",
        )
    return text


def side_text(state: RollGame, p: Player, side_id: str) -> Text:
    side = state.side(side_id)
    text = Text()
    if isinstance(side, World):
        text.append_text(roll_world_mark(side.colour.value))
        text.append(" ")
    text.append(f"{side.name} {side.cost}")  # whole: a wide terminal has the room
    for good in p.goods.get(side_id, []):  # a good is a die lying on the world
        text.append(" [")
        text.append_text(die(good))
        text.append("]")
    return text


def stack_text(state: RollGame, p: Player, kind: str, own: bool) -> Text:
    """A construction stack: the top tile with the workers on it, and what lies below."""
    stack = p.stacks[kind]
    text = Text(f"{STACK_WORDS[kind]}: ", style="bold")
    workers = p.stack_dice[kind]
    if stack:
        top = state.side(stack[0])
        need = pw.requirement(state.tiles, p, top)
        text.append_text(side_text(state, p, stack[0]))
        text.append(f" ({len(workers)}/{need}) ")
    else:
        text.append("empty ", style="dim")
    for colour in workers:
        text.append_text(die(colour))
        text.append(" ")
    below = stack[1:]
    if below and own:
        text.append("then " + ", ".join(state.side_name(s) for s in below), style="dim")
    elif below:
        text.append(f"+{len(below)} below", style="dim")
    return text


def strip_text(state: RollGame, p: Player, hidden: bool) -> Text:
    """The phase strip: behind the screen for others until Reveal."""
    text = Text("Strip: ", style="bold")
    if not p.workers and not p.dictated and not p.selected:
        return text.append("—", style="dim")
    if hidden:
        state_word = "ready" if p.assigned else "assigning"
        return text.append(
            f"{dice_count(len(p.workers) + len(p.dictated))} behind the screen ({state_word})"
        )
    if p.selected:
        text.append(f"selected {Phase(p.selected).label}  ")
    for ph in PHASES:
        column = p.column(ph)
        if column:
            text.append(f"{Phase(ph).numeral} ")
            for w in column:
                text.append_text(die(w["colour"], mark="★" if w["id"] == p.selector else ""))
            text.append(" ")
    if p.dictated:
        text.append("Dictate ")
        for colour in p.dictated:
            text.append_text(die(colour))
    return text


def roll_tableau_text(state: RollGame, seat: int, viewer: int | None, large: bool) -> Group:
    p = state.players[seat]
    own = seat == viewer
    score = state.score_details()[seat]
    head = Text.assemble(
        (p.name, "bold"),
        "  $",
        credits_track(p.credits),
        f"  VP chips {p.vp}  tiles {p.tableau_count()}/{TABLEAU_END}  score so far {score.total}",
    )
    dice = Text("Cup ", style="bold")
    dice.append_text(dice_row(p.cup))
    dice.append("  Citizenry ", style="bold")
    dice.append_text(dice_row(p.citizenry))
    lines = [head, dice, strip_text(state, p, state.hidden_from(viewer, seat))]
    groups: dict[bool, list[Text]] = {False: [], True: []}
    for side_id in p.tableau:
        is_world = isinstance(state.side(side_id), World)
        groups[is_world].append(side_text(state, p, side_id))
    for label, parts in (("Developments", groups[False]), ("Worlds", groups[True])):
        line = Text(f"{label}: ", style="bold")
        line.append_text(Text("  ").join(parts) if parts else Text("—", style="dim"))
        lines.append(line)
    lines += [stack_text(state, p, kind, own) for kind in STACKS]
    if large:
        for side_id in p.tableau:
            side = state.side(side_id)
            if isinstance(side, Development) and side.text:
                lines.append(Text(f"  {side.name}: {side.text}", style="dim"))
    return Group(*lines)


class RollTableau(Static):
    """One player's empire; the player to move is shown with every power's text."""

    def show(self, state: RollGame, seat: int, viewer: int | None, large: bool) -> None:
        self.set_class(large, "active")
        mover = state.to_move()
        self.border_title = state.players[seat].name + (" — to move" if seat == mover else "")
        self.update(roll_tableau_text(state, seat, viewer, large))
