"""Phase II, Develop (§8): what a development costs, whether it may be placed, and placing it.

The secret choice, the reveal and the payment are shared with Settle (``placement.py``).
"""

from __future__ import annotations

from typing import Any

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.race.components import Phase
from nfgalaxy.games.race.rules.base import RaceBase
from nfgalaxy.games.race.rules.common import Step
from nfgalaxy.games.race.state import Player

BONUS_REDUCTION = 1  # §8.4: the Develop action card
#: The Develop power codes read here and in ``placement`` (checked against the vocabulary).
HANDLED = frozenset({"reduce_cost", "draw_at_start", "draw_after_placing"})


def development_cost(g: RaceBase, p: Player, card_id: str) -> int:
    """The cards to discard for a development (§8.4): its cost minus the bonus and every
    reduction, never below 0."""
    reduction = g.power_sum(p, Phase.DEVELOP, "reduce_cost")
    if g.has_bonus(p):  # the Develop card (in a second Develop phase, its pair: §18)
        reduction += BONUS_REDUCTION
    return max(0, (g.cards[card_id].cost or 0) - reduction)


def why_not_develop(g: RaceBase, p: Player, card_id: str) -> tuple[str, str] | None:
    """Why ``p`` may not place this development now, as (rule, reason); None if it may: a
    development (§8.2), not one already in the tableau (§8.3), paid from the other hand cards
    (§8.4)."""
    card = g.cards[card_id]
    if not card.is_development:
        return ("§8.2", "only a development may be placed in Develop")
    if card_id in p.tableau:
        return ("§8.3", "a development of the same name is already in the tableau")
    if development_cost(g, p, card_id) > len(p.hand) - 1:
        return ("§8.4", "not enough other cards in hand to pay for it")
    return None


def run_develop_start(g: RaceBase, _seat: int, _arg: Any, _d: Decision | None) -> None:
    """§8.1: "draw at the start of the Develop phase" powers, before anyone chooses."""
    for seat in g.order:
        p = g.players[seat]
        for key, power in list(g.powers(p, Phase.DEVELOP)):
            if power.code == "draw_at_start":
                g.draw_to_hand(p, power.value, key.partition("#")[0])


def run_develop_place(g: RaceBase, seat: int, card_id: Any, _d: Decision | None) -> None:
    """§8.4–8.5: the development enters the tableau; its cost is then paid from the hand."""
    p = g.players[seat]
    cost = development_cost(g, p, card_id)
    p.hand.remove(card_id)
    p.placing = ""  # revealed and placed: no longer a face-down choice
    p.tableau.append(card_id)
    p.fresh.append(card_id)
    p.owed = cost
    g.record("place", seat, (card_id, "develop"), (cost,))
    g._push([Step.PAY, seat, 0], [Step.AFTER_PLACING, seat, "develop"])
