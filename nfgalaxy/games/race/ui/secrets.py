"""What the screen may say about a player's secret choices, for the seat at the keyboard.

The engine keeps every choice in the state, so the drawing must decide what to leave out (§4,
§6.1, §8.2, §9.1): another player's action card only after the reveal, the card they put face
down only once placements are revealed; the owner always sees their own choice. ``viewer`` is
None while nobody's private information may be shown (the privacy screen, or bots moving
while several humans share the keyboard): then nobody's secret shows.
"""

from __future__ import annotations

from nfgalaxy.games.race.components import TRADE_MARK
from nfgalaxy.games.race.rules import RaceGame, Step
from nfgalaxy.games.race.rules.common import split_key
from nfgalaxy.games.race.rules.takeover import Declaration, Target, attack, defence
from nfgalaxy.games.race.state import ACTION_LABELS, Action

#: Short action words for the strip: the phase name is shown beside them.
ACTION_SHORT = {
    Action.EXPLORE_5: "+5",
    Action.EXPLORE_1_1: "+1/+1",
    Action.DEVELOP: "Develop",
    Action.SETTLE: "Settle",
    Action.TRADE: f"{TRADE_MARK} Trade",
    Action.CONSUME_X2: "x2 VP",
    Action.PRODUCE: "Produce",
    Action.DEVELOP_2: "Develop 2",
    Action.SETTLE_2: "Settle 2",
}


def action_words(state: RaceGame, seat: int, viewer: int | None) -> str:
    """This round's action card(s) of ``seat`` as ``viewer`` may know them."""
    p = state.players[seat]
    if not p.actions:
        choosing = state.queue and state.queue[0][0] == Step.CHOOSE_ACTION
        return "choosing an action" if choosing and state.to_move() == seat else ""
    chosen = " and ".join(ACTION_LABELS[Action(a)] for a in p.actions)
    if state.revealed:
        return chosen
    if seat == viewer:
        return f"you chose {chosen} (secret until the reveal)"
    return "has chosen"


def this_phase(state: RaceGame) -> list[list]:
    """The queue up to the end of the phase being played: the steps of the later phases are
    queued at the reveal of the actions, and what they will ask is not asked now (during
    Explore, the Develop phase's placements are not pending)."""
    steps = []
    for entry in state.queue:
        if entry[0] == Step.PHASE_END:
            break
        steps.append(entry)
    return steps


def placements_pending(state: RaceGame) -> bool:
    """Whether this Develop or Settle phase's face-down cards are still to be revealed."""
    return any(name == Step.REVEAL_PLACEMENTS for name, _seat, _arg in this_phase(state))


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


def declarations_pending(state: RaceGame) -> bool:
    """Whether this Settle phase's takeover declarations are still to be revealed (§B6.3)."""
    return any(name == Step.TAKEOVER_REVEAL for name, _seat, _arg in this_phase(state))


def _attempt_words(state: RaceGame, target: Target) -> str:
    return (
        f"{state.card_name(target.world)} of {state.name(target.defender)} "
        f"with {state.card_name(split_key(target.power)[0])}"
    )


def takeover_words(state: RaceGame, seat: int, viewer: int | None) -> list[str]:
    """``seat``'s takeover declaration in this Settle phase as ``viewer`` may know it: before
    the reveal only that a choice was made (and the owner's own); after it each attempt with
    the attack against what it must reach, then won or lost (§B6.4, §B6.5)."""
    p = state.players[seat]
    if declarations_pending(state):
        if not p.decided:
            return []
        if seat != viewer:
            return ["has made a secret takeover choice"]
        if not p.declared:
            return ["you declared no takeover (secret until the reveal)"]
        attempts = Declaration.from_args(p.declared).targets
        words = ", then ".join(_attempt_words(state, t) for t in attempts)
        return [f"you declared a takeover of {words} (secret until the reveal)"]
    if not p.declared or not p.outcomes:
        return []
    lines = []
    for target, outcome in zip(Declaration.from_args(p.declared).targets, p.outcomes, strict=True):
        line = f"takeover of {_attempt_words(state, target)}"
        if outcome:
            lines.append(f"{line}: {outcome}")
            continue
        defender = state.players[target.defender]
        if target.world in defender.tableau:
            strength = attack(state, p, target)
            needed = defence(state, defender, target.world)
            line += f": attack {strength} against {needed} needed"
        lines.append(line)
    return lines
