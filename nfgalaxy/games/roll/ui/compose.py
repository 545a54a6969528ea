"""Choices composed in the dice cup, turned into the engine's own decisions in order.

The cup lets a player build a Dictate (the die given up and the moves it buys) or a recruit
(which citizenry dice go back to the cup) on screen, change it, and confirm it at once. The
engine still decides: the composed decisions are first tried on a quiet copy of the game, so
the cup sends only those the engine will ask for (it makes a forced choice itself, and a
decision sent after that would land on the next step) and learns whether the engine wants one
more (a "move no more workers" after fewer moves than a Dictate allows). The real game then
judges each one again as it is played.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from nfgalaxy.core.decision import Decision, IllegalDecision
from nfgalaxy.games.roll.rules import DICTATE, MOVE, RECRUIT, STOP, RollGame
from nfgalaxy.games.roll.state import COLOURS, Player

#: The step each composed kind of decision is asked in.
ASKED_IN = {DICTATE: "assign", MOVE: "reassign", STOP: "reassign", RECRUIT: "manage"}


@dataclass(frozen=True)
class Composed:
    """What the engine makes of a composed choice: the decisions to send, in order, and the
    step the player is left in (``""`` when the choice handed the turn on)."""

    decisions: tuple[Decision, ...]
    left_in: str


def asked(state: RollGame, composed: Sequence[Decision]) -> Composed:
    """Of ``composed``, the decisions the engine will ask the player to move for, in order:
    each is applied to a quiet copy while that player is in the step it belongs to; where the
    engine has made the rest itself (a forced choice) the rest is left out. A decision the
    engine refuses raises its ``IllegalDecision`` (naming the rule)."""
    seat = state.to_move()
    trial = state.copy(quiet=True)
    sent: list[Decision] = []
    for decision in composed:
        if trial.to_move() != seat or trial.step_name() != ASKED_IN.get(decision.kind):
            break
        trial.apply(decision)
        sent.append(decision)
    left_in = trial.step_name() if trial.to_move() == seat else ""
    if left_in == "reassign":
        stop = next((d for d in trial.legal_decisions() if d.kind == STOP), None)
        if stop is not None:  # fewer moves than allowed: say "no more" for the player
            sent.append(Decision(STOP, stop.args))
            left_in = "assign"
    return Composed(tuple(sent), left_in)


def dictate_decisions(
    state: RollGame, given_up: dict, moves: Sequence[tuple[dict, str]]
) -> Composed:
    """A composed Dictate as the engine's decisions: give up ``given_up``, then move each
    worker of ``moves`` to its phase. Raises ``IllegalDecision`` if the engine refuses one,
    or if the Dictate still has to move a worker (the engine offers no way to stop yet)."""
    key = (given_up["colour"], given_up["face"], given_up["column"])
    composed = [Decision(DICTATE, key)]
    composed += [Decision(MOVE, (w["colour"], w["face"], w["column"], to)) for w, to in moves]
    result = asked(state, composed)
    if result.left_in == "reassign":
        raise IllegalDecision(
            "§5.2.3", "Dictate moves another worker: choose it and the phase it goes to"
        )
    return result


def citizenry_dice(p: Player) -> list[str]:
    """The citizenry as single dice in colour order, the way the cup lists them to choose."""
    return [colour for colour in COLOURS for _ in range(p.citizenry[colour])]


def recruit_decisions(state: RollGame, colours: Sequence[str]) -> Composed:
    """Recruiting the dice of ``colours`` (as many as the player has credits) as the engine's
    decisions, one die each. Once a single colour is left in the citizenry the engine takes
    the rest itself; those are then the dice chosen, since every chosen die is still there."""
    ordered = sorted(colours, key=COLOURS.index)
    return asked(state, [Decision(RECRUIT, (colour,)) for colour in ordered])
