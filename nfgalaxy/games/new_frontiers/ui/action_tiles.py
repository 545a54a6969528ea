"""The seven action tiles, who took which this round, the Produce credits and the track."""

from __future__ import annotations

from rich.text import Text

from nfgalaxy.games.new_frontiers.rules import NewFrontiers
from nfgalaxy.games.new_frontiers.state import ActionTile
from nfgalaxy.ui.widgets.panel import StatePanel


def action_tiles_text(state: NewFrontiers) -> Text:
    text = Text()
    first = ActionTile.GOALS if state.options["goals"] else ActionTile.RETREAT
    for tile in (first, *list(ActionTile)[2:]):
        taken = state.chosen.get(tile.value)
        label = tile.label + (f" (${state.produce_credits})" if tile is ActionTile.PRODUCE else "")
        if taken is None:
            text.append(f" {label} ", style="bold reverse")
        else:
            text.append(f" {label}: {state.players[taken].name} ", style="dim strike")
        text.append(" ")
    order = " → ".join(
        state.players[p].name + (f"#{d + 1}" if len(state.order) > len(state.players) else "")
        for p, d in state.order
    )
    text.append(f"\nRound {state.round}.  Player order: {order}")
    seat = state.to_move()
    if seat is not None:
        text.append(f".  To move: {state.players[seat].name}", style="bold")
    if state.options["goals"]:
        revealed = ", ".join(state.tiles.goals[g].name for g in state.goals_revealed) or "none"
        text.append(f"\nGoals in play: {revealed}.  Pile: {len(state.goal_pile)}.")
        for holder, _goal in state.goals_hidden:  # only who holds it, never which goal
            text.append(f"  {state.players[holder].name} holds a hidden goal.")
    return text


class ActionTiles(StatePanel):
    TITLE = "Action tiles"
    draw = staticmethod(action_tiles_text)
