"""Roll for the Galaxy read line by line (``nfgalaxy play --game roll``), as one seat sees it.

What another player keeps secret stays secret: before Reveal their roll and selection are shown
only as a number of dice behind the screen, of their construction stacks only the top tiles
show, and the tiles they drew are counted, not named.
"""

from __future__ import annotations

from nfgalaxy.core.descriptor import TextAdapter
from nfgalaxy.core.words import counted
from nfgalaxy.games.roll.components import DieColour, Phase
from nfgalaxy.games.roll.rules import RollGame
from nfgalaxy.games.roll.state import COLOURS, DEV, PHASES, STACKS, Player


def _dice(counts: dict[str, int]) -> str:
    """'3H 1M' for three Home dice and one Military die; '-' for none."""
    parts = [f"{counts[c]}{DieColour(c).letter}" for c in COLOURS if counts.get(c)]
    return " ".join(parts) or "-"


def describe_table(state: RollGame, viewer: int) -> str:
    phase = state.current_phase()
    playing = f" | playing {Phase(phase).label}" if phase else ""
    selected = "-"
    if state.revealed:
        selected = ", ".join(Phase(ph).label for ph in state.phases) or "-"
    return (
        f"Round {state.round} | VP pool {state.vp_pool} | bag {len(state.bag)} tiles | "
        f"phases this round: {selected}{playing}"
    )


def _tableau(state: RollGame, p: Player) -> str:
    out = []
    for side_id in p.tableau:
        goods = "".join(DieColour(c).letter for c in p.goods.get(side_id, ()))
        out.append(state.side_name(side_id) + (f"[{goods}]" if goods else ""))
    return ", ".join(out)


def _stack(state: RollGame, p: Player, kind: str, full: bool) -> str:
    stack = p.stacks[kind]
    if not stack:
        return "-"
    on_top = len(p.stack_dice[kind])
    top = f"{state.describe_side(stack[0])} with {on_top} {'die' if on_top == 1 else 'dice'} on it"
    if len(stack) == 1:
        return top
    below = ", ".join(state.side_name(s) for s in stack[1:]) if full else f"{len(stack) - 1}"
    return f"{top}; below: {below}"


def _roll(state: RollGame, p: Player, viewer: int) -> str:
    if not p.workers and not p.dictated:
        return "-"
    if state.hidden_from(viewer, p.seat):
        hidden = len(p.workers) + len(p.dictated)
        return f"{hidden} {'die' if hidden == 1 else 'dice'} behind the screen"
    parts = []
    for ph in PHASES:
        column = [w for w in p.workers if w["column"] == ph]
        if column:
            letters = "".join(DieColour(w["colour"]).letter for w in column)
            mark = "*" if p.selected == ph else ""
            parts.append(f"{Phase(ph).label}{mark} {letters}")
    wild = [w for w in p.workers if not w["column"]]
    if wild:
        parts.append("wild " + "".join(DieColour(w["colour"]).letter for w in wild))
    if p.dictated:
        parts.append("Dictate " + "".join(DieColour(c).letter for c in p.dictated))
    return ", ".join(parts) + ("  (* selected)" if p.selected else "")


def describe_empire(state: RollGame, seat: int, viewer: int) -> str:
    """One player's empire as ``viewer`` may see it."""
    p = state.players[seat]
    own = seat == viewer
    kinds = {DEV: "developing", "world": "settling"}
    lines = [
        f"{p.name}: ${p.credits}, {counted(p.vp, 'VP chip')}, "
        f"{counted(p.tableau_count(), 'tile')} | "
        f"cup {_dice(p.cup)} | citizenry {_dice(p.citizenry)}",
        f"   tableau: {_tableau(state, p)}",
    ]
    lines += [f"   {kinds[k]}: {_stack(state, p, k, own)}" for k in STACKS]
    lines.append(f"   roll: {_roll(state, p, viewer)}")
    if p.drawn:
        describe = state.describe_side
        sides = (f"{describe(t + 'd')} / {describe(t + 'w')}" for t in p.drawn)
        drawn = ", ".join(sides) if own else f"{len(p.drawn)} tiles"
        lines.append(f"   drawn, to place: {drawn}")
    return "\n".join(lines)


#: ``nfgalaxy play``: the descriptor's plain-terminal adapter.
TEXT = TextAdapter(describe_table, describe_empire)
