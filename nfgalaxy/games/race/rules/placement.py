"""What Develop (§8) and Settle (§9) share: the secret choice of a card (or a pass), the reveal,
the payment by discarding hand cards, and the draws after placing.

The choice is simultaneous and secret: players are asked one at a time in player order, the
chosen card stays in the hand (hand sizes are public) and the log says only "has chosen" until
the reveal. Only a card that can be placed is offered (§13.5).
"""

from __future__ import annotations

from typing import Any

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.race.components import Phase
from nfgalaxy.games.race.rules.base import RaceBase
from nfgalaxy.games.race.rules.common import PASS, PAY, PLACE, Step
from nfgalaxy.games.race.rules.develop import cost_words, why_not_develop
from nfgalaxy.games.race.rules.settle import settle_bonus, settle_words, ways
from nfgalaxy.games.race.state import Player

PHASE_OF = {"develop": Phase.DEVELOP, "settle": Phase.SETTLE}


def placeable(g: RaceBase, p: Player, phase: str) -> list[str]:
    """The distinct hand cards ``p`` could place in this phase."""
    if phase == "develop":
        return [c for c in sorted(set(p.hand)) if why_not_develop(g, p, c) is None]
    return [c for c in sorted(set(p.hand)) if ways(g, p, c)]


def placement_label(g: RaceBase, p: Player, phase: str, card_id: str) -> str:
    if phase == "develop":
        return f"Develop {g.card_name(card_id)} ({cost_words(g, p, card_id)})"
    return f"Settle {g.card_name(card_id)} ({settle_words(g, p, card_id)})"


def opt_choose_placement(g: RaceBase, seat: int, phase: Any) -> list[Decision]:
    """§8.2, §9.1.1: one card from hand, face down, or pass."""
    p = g.players[seat]
    out = [Decision(PASS, (), "" if g.quiet else f"Place nothing in {phase.capitalize()}")]
    for card_id in placeable(g, p, phase):
        label = "" if g.quiet else placement_label(g, p, phase, card_id)
        out.append(Decision(PLACE, (card_id,), label))
    return out


def run_choose_placement(g: RaceBase, seat: int, _phase: Any, d: Decision | None) -> None:
    p = g.players[seat]
    p.placing = d.args[0] if d is not None and d.kind == PLACE else ""
    p.decided = True
    g.record("chose", seat)


def run_reveal_placements(g: RaceBase, _seat: int, phase: Any, _d: Decision | None) -> None:
    """All choices are revealed at once; placements are then carried out in player order."""
    g.information_revealed()
    place = Step.DEVELOP_PLACE if phase == "develop" else Step.SETTLE_PLACE
    steps = []
    for seat in g.order:
        p = g.players[seat]
        p.decided = False
        if p.placing:
            steps.append([place, seat, p.placing])
    chosen = tuple(g.players[seat].placing for seat in g.order)
    g.record("reveal_placements", None, (g.phase, *chosen), tuple(g.order))
    g._push(*steps)


def opt_pay(g: RaceBase, seat: int, arg: Any) -> list[Decision]:
    """One hand card at a time, face down, until the cost is paid (§8.4, §9.1), or until the
    hand cards given for temporary Military are discarded (``arg`` "military", §B7); nothing
    to choose when nothing is owed or the whole hand goes."""
    p = g.players[seat]
    if p.owed <= 0 or p.owed >= len(p.hand):
        return []
    verb = "Discard for Military" if arg == "military" else "Pay with"
    return [
        Decision(PAY, (c,), "" if g.quiet else f"{verb} {g.card_name(c)}")
        for c in sorted(set(p.hand))
    ]


def run_pay(g: RaceBase, seat: int, arg: Any, d: Decision | None) -> None:
    p = g.players[seat]
    if d is None:
        paid, p.hand = p.hand[: p.owed], p.hand[p.owed :]
        g.discard(paid, p)
        p.owed = 0
        return
    p.hand.remove(d.args[0])
    g.discard(d.args, p)
    p.owed -= 1
    if p.owed:
        g._push([Step.PAY, seat, arg])


def run_after_placing(g: RaceBase, seat: int, phase: Any, _d: Decision | None) -> None:
    """Draws after placing: the Settle bonus (§9.1.4) and the "draw after placing" powers of
    cards placed earlier (§8.6, §9.1.5; never the card just placed, §13.3)."""
    p = g.players[seat]
    if phase == "settle" and settle_bonus(g, p):
        g.draw_to_hand(p, settle_bonus(g, p), "Settle bonus")
    for key, power in list(g.powers(p, PHASE_OF[phase])):
        if power.code == "draw_after_placing":
            g.draw_to_hand(p, power.value, key.partition("#")[0])
