"""Why a decision is refused: the rule it breaks, named with its section."""

from __future__ import annotations

from typing import Any

from nfgalaxy.core.decision import Decision, IllegalDecision
from nfgalaxy.games.space_merchant.rules.base import MerchantBase
from nfgalaxy.games.space_merchant.rules.common import (
    ASK,
    GIVE,
    JUMP,
    LAND,
    PAY,
    PROPOSE,
    STEP,
    STOP,
    Step,
)
from nfgalaxy.games.space_merchant.rules.movement import hop_cost, pilot_is_free, reach, reverses
from nfgalaxy.games.space_merchant.rules.players_trade import why_not, withdrawal_key
from nfgalaxy.games.space_merchant.rules.trading import TRADING_KINDS, refusal

#: The rule each step follows, for a refusal that has no more specific reason.
STEP_RULES = {
    Step.SPECIES: "§3.1",
    Step.BEGIN: "§4",
    Step.DRIVES: "§5.1",
    Step.GATE_LOCK: "§5.1, §9",
    Step.AUTO_PILOT: "§5.1, §9",
    Step.JUMP_START: "§5.1, §9",
    Step.DECLARE: "§5.1",
    Step.MULLIGAN: "§5.2, §9",
    Step.MOVE: "§5.5",
    Step.LANDED: "§7",
    Step.TRADE_GIVE: "§7.12",
    Step.TRADE_ASK: "§7.12",
    Step.TRADE_ANSWER: "§7.12",
}


def explain(g: MerchantBase, d: Decision) -> IllegalDecision:
    """The refusal of ``d`` now, with the most specific rule found."""
    if not g.queue:
        return IllegalDecision("§11", "the game is over")
    name, seat, arg = g.queue[0]
    rule = STEP_RULES.get(name, "§4")
    pending = name == Step.MOVE and g.turn is not None and g.turn.penalty_pending
    if pending and d.kind not in (PAY, STOP):
        return IllegalDecision("§5.7", "on entering a penalty space: pay it or stop there")
    if name == Step.LANDED and d.kind in TRADING_KINDS:
        found = refusal(g, seat, d)
        if found is not None:
            return found
    refused = _withdrawn(g, name, arg, d)
    if refused is not None:
        return refused
    if name == Step.TRADE_ASK and d.kind == ASK and len(d.args) == 2:
        reason = why_not(g, seat, arg["to"], tuple(arg["give"]), tuple(d.args))
        if reason is not None:
            return IllegalDecision(rule, reason)
    offered = {o.kind for o in g.legal_decisions()}
    if d.kind not in offered:
        return IllegalDecision(rule, f"'{d.kind}' is not a choice now ({g.step_name()})")
    if name == Step.BEGIN:
        return IllegalDecision(
            "§4, §5.5",
            "a ship may stay only on a trading or landing site, or pay to stay on a "
            "penalty space; anywhere else it must move",
        )
    if name == Step.MOVE:
        return _explain_move(g, d)
    if name == Step.SPECIES:
        return IllegalDecision(rule, "that species is taken or not playable")
    return IllegalDecision(rule, f"{d} is not one of the choices")


def _withdrawn(g: MerchantBase, name: str, arg: Any, d: Decision) -> IllegalDecision | None:
    """A proposal begun and not made this turn, begun again (see ``players_trade``)."""
    withdrawn = g.turn.withdrawn if g.turn is not None else []
    if name == Step.LANDED and d.kind == PROPOSE and d.args:
        key, what = withdrawal_key(d.args[0]), "to that player"
    elif name == Step.TRADE_GIVE and d.kind == GIVE and len(d.args) == 2:
        key, what = withdrawal_key(arg["to"], tuple(d.args)), "giving that"
    else:
        return None
    if key not in withdrawn:
        return None
    return IllegalDecision("§7.12", f"a proposal {what} was begun and not made this turn: undo")


def _explain_move(g: MerchantBase, d: Decision) -> IllegalDecision:
    t, p = g.turn, g.active
    assert t is not None
    if d.kind == PAY:
        return IllegalDecision("§5.7", f"the penalty is ${t.penalty_due}, with ${p.cash} cash")
    if d.kind == LAND:
        return IllegalDecision("§5.5", "only a landing site entered in this move may be landed on")
    if d.kind == STOP:
        return IllegalDecision("§5.9, §13", "that pilot number does not lead back")
    if d.kind not in (STEP, JUMP) or len(d.args) != 2:
        return IllegalDecision("§5.5", f"{d} is not one of the choices")
    here, (target, pilot) = p.space, d.args
    if not isinstance(target, str) or not g.board.has_space(target):
        return IllegalDecision("§5.3", f"there is no space {target!r}")
    if pilot and pilot not in t.dice:
        return IllegalDecision("§5.9", f"the pilot number must be a die value, not {pilot}")
    if pilot and t.pilot and pilot != t.pilot and not pilot_is_free(g, p):
        return IllegalDecision("§5.9", f"the pilot number is {t.pilot} for the rest of the turn")
    if d.kind == JUMP:
        return IllegalDecision("§5.10", "a jump goes to the face-up telegate of the pilot number")
    if target not in g.board.neighbours(here) and target not in g.board.flyable_neighbours(here):
        return IllegalDecision("§5.3", f"{target} is not next to {here}")
    if g.board.link(here, target) and g.board.link(here, target).flyable:  # type: ignore[union-attr]
        return IllegalDecision("§9", "only a ship with Air Foil flies between sibling cities")
    if reverses(g, here, target):
        return IllegalDecision("§5.4", "a ship must not reverse its direction")
    if g.is_navigation(here) and g.board.exit_for(here, pilot or t.pilot) != target:
        return IllegalDecision("§5.9", "a navigation circle is left by its pilot number's exit")
    if g.telegate_number(here) is not None:
        return IllegalDecision("§5.10", "a telegate is left by a jump to its pilot number's gate")
    if hop_cost(g, p, here, target) > t.mp:
        return IllegalDecision("§5.3", f"that step costs more than the {t.mp} MP left")
    if any(h.target == target for h in reach(g).hops) is False and t.declared:
        return IllegalDecision("§5.1", f"the first space must be the one named, {t.declared}")
    return IllegalDecision("§5.5", f"{d} is not one of the choices")
