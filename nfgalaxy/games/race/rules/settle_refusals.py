"""Why a Settle decision of the expansions is refused (§9, §B6, §B7): the ways of placing a world
that the new powers change, the second world of Improved Logistics, takeover declarations and
the defender's reinforcement. ``explain`` asks here first; None leaves it to the base reasons.
"""

from __future__ import annotations

from typing import Any

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.race.components import Phase
from nfgalaxy.games.race.rules.base import RaceBase
from nfgalaxy.games.race.rules.common import (
    BY_CONQUEST,
    BY_PAYING_MILITARY,
    PLACE,
    REINFORCE,
    SETTLE_BY,
    TAKEOVER,
    Step,
    split_key,
)
from nfgalaxy.games.race.rules.military import boosts, hand_military_left, hand_values
from nfgalaxy.games.race.rules.settle import takeovers_on, way_key, ways
from nfgalaxy.games.race.rules.takeover import _target, why_not_declare

Refusal = tuple[str, str]


def settle_refusal(g: RaceBase, step: str, seat: int, arg: Any, d: Decision) -> Refusal | None:
    """The rule a refused Settle decision of the expansions breaks, if it is one of these."""
    if d.kind == TAKEOVER and step != Step.TAKEOVER_DECLARE:
        if not takeovers_on(g):
            return ("§B6.1", "takeovers are forbidden in this game")
        return ("§B6.3", "takeovers are declared once every world of the phase is placed")
    if step == Step.TAKEOVER_DECLARE and d.kind == TAKEOVER:
        return why_not_declare(g, g.players[seat], d.args)
    if step == Step.SETTLE_PLACE and d.kind == SETTLE_BY and d.args:
        return _way_refusal(g, seat, arg, d)
    if step == Step.SECOND_WORLD and d.kind == PLACE and d.args:
        return _second_world_refusal(g, seat, d.args[0])
    if step == Step.TAKEOVER_DEFEND and d.kind == REINFORCE:
        return _reinforce_refusal(g, seat, arg, d)
    return None


def _way_refusal(g: RaceBase, seat: int, world_id: str, d: Decision) -> Refusal | None:
    p = g.players[seat]
    world = g.cards[world_id]
    mode, spent, hand = way_key(d.args)
    settle = [power for _, power in g.powers(p, Phase.SETTLE)]
    cloaks = {
        split_key(key)[0]
        for key, power in g.powers(p, Phase.SETTLE)
        if power.code == "conquer_non_military"
    }
    if mode == BY_CONQUEST and not world.military and not cloaks & set(spent):
        return (
            "§9.1, §B7",
            "a non-military world is paid for; only by discarding "
            "Imperium Cloaking Technology is it conquered",
        )
    if mode == BY_CONQUEST and world.military and cloaks & set(spent):
        return ("§B7", "Imperium Cloaking Technology conquers non-military worlds only")
    if hand and hand > len(hand_values(g, p, len(p.hand) - 1)):
        return ("§B7", "more hand cards for Military than your powers (and hand) allow")
    if hand and any(
        w.mode == mode and w.spent == spent and w.hand < hand for w in ways(g, p, world_id)
    ):
        return (
            "§9.3, §B7",
            "discard only the hand cards the conquest needs: the rest stays "
            "yours to use later in this phase",
        )
    if mode == BY_PAYING_MILITARY and world.military:
        usable = [power for power in settle if power.code == "pay_for_military"]
        if not usable and any(power.code == "pay_for_military_discount" for power in settle):
            return ("§B7", "Rebel Pact lowers a pay-for-military cost but gives no such power")
        if (
            usable
            and all(power.rebel for power in usable)
            and "rebel" not in {k.value for k in world.keywords}
        ):
            return ("§B7", "Rebel Alliance pays for Rebel military worlds only")
    return None


def _second_world_refusal(g: RaceBase, seat: int, card_id: str) -> Refusal:
    p = g.players[seat]
    if card_id not in p.hand:
        return ("§9.2, §B6.3", "the second world must come from your hand")
    if not g.cards[card_id].is_world:
        return ("§9.1", "only a world may be placed in Settle")
    return ("§9.1, §9.3", "this world can be neither paid for nor conquered now")


def _reinforce_refusal(g: RaceBase, seat: int, arg: Any, d: Decision) -> Refusal:
    q = g.players[seat]
    world = g.cards[_target(g, arg[0], arg[1]).world]
    if len(d.args) == 2:
        key, card_id = d.args
        if key not in {k for k, _value, _left in hand_military_left(g, q)}:
            return ("§B6.5", "only temporary Military not yet used in this phase (R3)")
        if card_id not in q.hand:
            return ("§B6.5", "discard a card from your hand")
    elif not any(c == d.args[0] for c, _ in boosts(g, q, world)):
        return ("§B6.5", "only temporary Military of your own tableau, not yet used")
    return ("§B6.5", "the takeover already fails: there is nothing to defend against")
