"""The roll and where it can take the ship, in words beside the map (which marks the same
places): the dice, the MP left and the pilot number, then each place a way ends, grouped by how
it ends, with the die values (pilot numbers) that lead there."""

from __future__ import annotations

from rich.markup import escape
from textual.widgets import Static

from nfgalaxy.games.space_merchant.rules.common import Step
from nfgalaxy.games.space_merchant.rules.game import MerchantGame
from nfgalaxy.games.space_merchant.ui.glyphs import place_words
from nfgalaxy.games.space_merchant.ui.routes import Ending, RoutePreview

_HEADINGS = {
    Ending.LAND: "Land at",
    Ending.STOP: "Stop at (penalty unpaid, or a pilot number leading back)",
    Ending.END: "End on (MP used up)",
    Ending.UNKNOWN: "Reach a face-down ?-box (what follows depends on it)",
}


def route_lines(state: MerchantGame, preview: RoutePreview) -> list[str]:
    turn = state.turn
    assert turn is not None
    dice = " ".join(str(d) for d in preview.dice)
    pilot = f" · pilot {turn.pilot}" if turn.pilot else " · pilot number free"
    lines = [f"Dice {dice} · {sum(preview.dice)} MP, [b]{turn.mp} left[/b]{pilot}"]
    for ending in (Ending.LAND, Ending.STOP, Ending.END, Ending.UNKNOWN):
        found = [d for d in preview.destinations if d.ending is ending]
        if not found:
            continue
        lines.append(f"[u]{_HEADINGS[ending]}[/u]")
        for d in found:
            pilots = f" [dim]pilot {'/'.join(map(str, sorted(d.pilots)))}[/dim]" if d.pilots else ""
            lines.append(f"  {escape(place_words(state, d.space))}{pilots}")
    if not preview.complete:
        lines.append("[i]Too many ways to follow them all: the nearest are shown.[/i]")
    return lines


def waiting_lines(state: MerchantGame, viewer: int | None) -> list[str]:
    """Before the roll, or on another player's turn: the dice if any, and what comes."""
    turn = state.turn
    if turn is None:
        return ["No move under way."]
    name = state.players[turn.seat].name
    if turn.dice:
        dice = " ".join(map(str, turn.dice))
        return [f"{escape(name)} rolled {dice}: {turn.mp} MP left."]
    if turn.seat == viewer and state.step_name() in (Step.BEGIN, Step.DECLARE):
        return [
            "Choose to move (or stay): after the roll this panel and the map show where "
            "each die result can take you."
        ]
    return [f"{escape(name)} has not rolled yet."]


class MerchantRoutes(Static, can_focus=True):
    def show(self, state: MerchantGame, viewer: int | None, preview: RoutePreview | None) -> None:
        self.border_title = "Route preview"
        lines = route_lines(state, preview) if preview else waiting_lines(state, viewer)
        self.update("\n".join(lines))
