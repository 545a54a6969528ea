"""Why a decision is refused: the rule it breaks, for the common mistakes (§5, §9)."""

from __future__ import annotations

from typing import Any

from nfgalaxy.core.decision import Decision, IllegalDecision
from nfgalaxy.games.roll.rules.base import RollBase
from nfgalaxy.games.roll.rules.common import (
    DICTATE,
    DONE,
    MOVE,
    POWER,
    RECRUIT,
    SELECT,
    STOP,
    Step,
    selector_key,
)
from nfgalaxy.games.roll.state import PHASES


def explain(g: RollBase, decision: Decision) -> IllegalDecision:
    """Why ``decision`` is refused now, naming the rule it breaks."""
    if not g.queue:
        return IllegalDecision("§9.2", "the game is over")
    name, seat, arg = g.queue[0]
    reason = _explain_specific(g, name, seat, arg, decision)
    if reason is not None:
        return IllegalDecision(*reason)
    who = g.name(seat) if seat >= 0 else None
    return IllegalDecision("§5 round structure", not_now(name, who))


#: What the game waits for during each step, as "<who> is to …", in the rulebook's words:
#: a refusal names this, never the step's internal name (the automatic steps never wait for
#: anyone, but a phrase keeps every step covered).
STEP_WORDS: dict[Step, str] = {
    Step.START_TILES: "choose starting tiles",
    Step.ROUND_START: "roll the dice",
    Step.ASSIGN: "assign dice: place wild dice, select a phase, then end the assignment",
    Step.REASSIGN: "move a worker with Dictate or a reassign power",
    Step.REVEAL: "reveal the phase selections",
    Step.EXPLORE_START: "start Explore",
    Step.EXPLORE: "use an explorer: scout for tiles or stock for credits",
    Step.SCOUT: "choose what to do with the tiles scouted",
    Step.PLACE_TILES: "put the scouted tiles on the construction stacks",
    Step.RETURN_TILE: "return a tile to the bag",
    Step.DRAW_OWED: "draw the tiles owed",
    Step.EXPLORE_END: "finish Explore",
    Step.BUILD_CHECK: "check what was built",
    Step.BUILD: "use the builders",
    Step.TO_CUP: "return used dice to the cup",
    Step.IMMEDIATE: "use a power of the tile just completed",
    Step.REMOVE_DIE: "remove a die",
    Step.PRODUCE: "use the producers",
    Step.SHIP_START: "start Ship",
    Step.SHIP: "use the shippers: trade or consume goods",
    Step.PHASE_END: "finish the phase",
    Step.MANAGE: "recruit dice from the citizenry",
    Step.RECALL: "recall dice to the cup",
    Step.ROUND_END: "end the round",
}


def not_now(step: str, who: str | None) -> str:
    """A refusal that names what the game waits for, e.g. "Ann is to recruit dice from the
    citizenry" (``who`` None: the game is between decisions)."""
    # Step is a StrEnum: a plain step name finds its words too (``in Step`` would raise on 3.11).
    doing = STEP_WORDS.get(step) if who is not None else None
    if doing is None:
        return "that is not possible now: choose one of the decisions offered"
    return f"that is not possible now: {who} is to {doing}; choose one of the decisions offered"


def _explain_specific(
    g: RollBase, step: str, seat: int, arg: Any, d: Decision
) -> tuple[str, str] | None:
    """The rule a refused decision breaks, for the common mistakes."""
    if seat < 0:
        return None
    p = g.players[seat]
    if step == Step.ASSIGN:
        if d.kind in (POWER, DICTATE, MOVE) and p.selector < 0:
            return ("§5.2.3", "reassigning is only allowed after selecting a phase")
        if d.kind == MOVE:
            return (
                "§5.2.3",
                "a placed worker moves only by Dictate or a reassign power: use one first",
            )
        if d.kind == SELECT and p.selector >= 0:
            return ("§5.2.2", "each player selects exactly one phase")
        if d.kind == SELECT and any(not w["column"] for w in p.workers):
            return ("§5.2.1", "every wild die goes in a column before a phase is selected")
        if d.kind == POWER and d.args and d.args[0] in p.used_powers:
            return ("§5.2.3", "each reassign power may be used at most once per round")
        if d.kind == DICTATE and "dictate" in p.used_powers:
            return ("§5.2.3", "Dictate may be used once per round (unless Backup Planning)")
        if d.kind == DICTATE and d.args and tuple(d.args) == selector_key(p):
            return ("§5.2.3", "the selection die cannot be used to Dictate")
        if d.kind == DONE and any(not w["column"] for w in p.workers):
            return ("§5.2.1", "every die must be assigned before Reveal")
        if d.kind == DONE and p.selector < 0:
            return ("§5.2.2", "select a phase with one of your dice before ending the assignment")
    if step == Step.REASSIGN and d.kind == STOP:
        # Stopping is offered only once a worker has moved (or none can): never name it then.
        return ("§5.2.3", "first move a worker to a phase: Dictate (or the power) moves one")
    if step == Step.REASSIGN and d.kind == MOVE and len(d.args) == 4:
        if len(d.args[3]) and d.args[3] not in PHASES:
            return ("§5.2.3", "a reassigned die goes to a column, never to a selection slot")
        key = tuple(d.args[:3])
        if key == selector_key(p):
            return ("§5.2.3", "the selection die cannot be reassigned")
        return ("§5.2.3", "this power does not allow that move")
    if step == Step.MANAGE and d.kind in (RECRUIT, DONE):
        return ("§5.5", "recruiting is mandatory while dice wait in the citizenry and credits last")
    if step == Step.RECALL and d.kind == DONE and not sum(p.cup.values()):
        return ("§5.5", "with an empty cup you must recall at least one die")
    if step in (Step.PRODUCE, Step.SHIP, Step.BUILD) and d.kind == DONE:
        return ("§5.4", "every worker of the phase must be used if possible")
    return None
