"""What the screen may say about a player's secret choices, for the seat at the keyboard.

The engine keeps every choice in the state, so the drawing must decide what to leave out (§4,
§6.1, §8.2, §9.1): another player's action card only after the reveal, the card they put face
down only once placements are revealed; the owner always sees their own choice. ``viewer`` is
None while nobody's private information may be shown (the privacy screen, or bots moving
while several humans share the keyboard): then nobody's secret shows.
"""

from __future__ import annotations

from nfgalaxy.games.race.rules import RaceGame, Step
from nfgalaxy.games.race.state import ACTION_LABELS, Action

#: Short action words for the strip: the phase name is shown beside them.
ACTION_SHORT = {
    Action.EXPLORE_5: "+5",
    Action.EXPLORE_1_1: "+1/+1",
    Action.DEVELOP: "Develop",
    Action.SETTLE: "Settle",
    Action.TRADE: "$ Trade",
    Action.CONSUME_X2: "x2 VP",
    Action.PRODUCE: "Produce",
    Action.DEVELOP_2: "Develop 2",
    Action.SETTLE_2: "Settle 2",
}


def action_words(state: RaceGame, seat: int, viewer: int | None) -> str:
    """This round's action card(s) of ``seat`` as ``viewer`` may know them."""
    p = state.players[seat]
    if not p.actions:
        return "choosing an action" if state.to_move() == seat else ""
    chosen = " and ".join(ACTION_LABELS[Action(a)] for a in p.actions)
    if state.revealed:
        return chosen
    if seat == viewer:
        return f"you chose {chosen} (secret until the reveal)"
    return "has chosen"


def placements_pending(state: RaceGame) -> bool:
    """Whether this Develop or Settle phase's face-down cards are still to be revealed."""
    return any(name == Step.REVEAL_PLACEMENTS for name, _seat, _arg in state.queue)


def revealed_placements(state: RaceGame, seat: int) -> list[str]:
    """Cards ``seat`` revealed in this phase and is still to place (public after the reveal)."""
    return [
        arg
        for name, who, arg in state.queue
        if name in (Step.DEVELOP_PLACE, Step.SETTLE_PLACE) and who == seat
    ]


def placement_words(state: RaceGame, seat: int, viewer: int | None) -> str:
    """What ``seat`` put face down in this Develop or Settle phase, as ``viewer`` may know it."""
    p = state.players[seat]
    revealed = revealed_placements(state, seat)
    if revealed:
        return "places " + ", ".join(state.card_name(c) for c in revealed)
    if not placements_pending(state):
        return ""
    if not p.decided:
        return "choosing a card to place" if state.to_move() == seat else ""
    if seat != viewer:
        return "has chosen a card (face down)"
    chosen = state.card_name(p.placing) if p.placing else "nothing"
    return f"you put down {chosen} (secret until the reveal)"
