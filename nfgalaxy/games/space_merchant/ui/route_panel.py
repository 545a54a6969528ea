"""The roll and where it can take the ship, in words beside the map (which marks the same
places): the dice, the MP left and the pilot number, then each place a way ends, grouped by how
it ends, with the die values (pilot numbers) that lead there and what its route pays; and a
flight to one place in words, for the line under the map."""

from __future__ import annotations

from rich.markup import escape
from textual.widgets import Static

from nfgalaxy.games.space_merchant.rules.common import Step
from nfgalaxy.games.space_merchant.rules.game import MerchantGame
from nfgalaxy.games.space_merchant.ui.glyphs import place_words
from nfgalaxy.games.space_merchant.ui.routes import ENDINGS, Destination, Ending, RoutePreview

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
    for ending in ENDINGS:
        found = [d for d in preview.destinations if d.ending is ending]
        if not found:
            continue
        lines.append(f"[u]{_HEADINGS[ending]}[/u]")
        for d in found:
            pilots = f" [dim]pilot {'/'.join(map(str, sorted(d.pilots)))}[/dim]" if d.pilots else ""
            paid = f" [dim]pays ${d.route.paid}[/dim]" if d.route.paid else ""
            lines.append(f"  {escape(place_words(state, d.space))}{pilots}{paid}")
    if not preview.complete:
        lines.append("[i]Too many ways to follow them all: the nearest are shown.[/i]")
    return lines


#: How a flight ends, in words: (the ship elsewhere, the ship already there).
_FLIGHT = {
    Ending.LAND: ("Fly to {} and land", "Land here"),
    Ending.STOP: ("Fly to {} and stop there", "Stop here"),
    Ending.END: ("Fly to {}, where the move ends", "End the move here"),
    Ending.UNKNOWN: ("Fly onto the face-down ?-box {}: its marker decides what follows", ""),
}
#: A route longer than this many spaces is shown by its first and last spaces.
_SPACES_SHOWN = 6


def flight_words(state: MerchantGame, d: Destination) -> str:
    """A flight to ``d`` (Rich markup), what matters first (the line under the map may cut
    the end): how it ends, the pilot number it fixes, the MP left on arrival, what it pays,
    where it stops first because the player learns something, then the route's spaces."""
    route = d.route
    away, here = _FLIGHT[d.ending]
    if not route.spaces:
        return here
    words = [away.format(escape(state.place(d.space)))]
    if route.pilot and state.turn is not None and route.pilot != state.turn.pilot:
        words.append(f"pilot {route.pilot}")
    if route.mp is not None:
        words.append(f"{route.mp} MP left")
    if route.paid:
        words.append(f"pays ${route.paid}")
    if route.looks:
        words.append(f"stops first at {route.looks[0]} (you look there)")
    shown = list(route.spaces)
    if len(shown) > _SPACES_SHOWN:
        shown = [*shown[:2], "…", *shown[-2:]]
    count = len(route.spaces)
    words.append(f"{count} space{'s' if count != 1 else ''}: {' '.join(shown)}")
    return " · ".join(words)


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
