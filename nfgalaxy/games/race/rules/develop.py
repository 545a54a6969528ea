"""Phase II, Develop (§8): what a development costs, whether it may be placed, and placing it.

The secret choice, the reveal and the payment are shared with Settle (``placement.py``).

A discard-to-reduce power (R&D Crash Program, §B7) is a way of paying: after the reveal, when
the development is placed, its owner may discard the card from the tableau to lower this one
cost. It is offered only when it lowers the cost (not when other reductions already bring it
to 0), and it is the only way when the hand cannot pay without it. A card never reduces its own
placement (§13.3), and a second copy cannot be placed beside it (§8.3).
"""

from __future__ import annotations

from typing import Any

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.race.components import Phase
from nfgalaxy.games.race.rules.base import RaceBase
from nfgalaxy.games.race.rules.common import DONE, USE, Step, split_key
from nfgalaxy.games.race.state import Player

BONUS_REDUCTION = 1  # §8.4: the Develop action card
#: The Develop power codes read here and in ``placement`` (checked against the vocabulary).
HANDLED = frozenset({"reduce_cost", "draw_at_start", "draw_after_placing"})


def development_cost(g: RaceBase, p: Player, card_id: str, discarding: str = "") -> int:
    """The cards to discard for a development (§8.4): its cost minus the bonus and every
    reduction, never below 0; with ``discarding`` (the key of a discard-to-reduce power, §B7)
    that power's reduction too."""
    reduction = sum(
        power.value
        for _, power in g.powers(p, Phase.DEVELOP)
        if power.code == "reduce_cost" and not power.discard_self
    )
    if discarding:
        reduction += g.power_of(discarding).value
    if g.has_bonus(p):  # the Develop card (in a second Develop phase, its pair: §18)
        reduction += BONUS_REDUCTION
    return max(0, (g.cards[card_id].cost or 0) - reduction)


def discard_reducers(g: RaceBase, p: Player, card_id: str) -> list[str]:
    """The keys of ``p``'s discard-to-reduce powers (§B7) that would lower this development's
    cost now: none when the other reductions already bring it to 0."""
    if development_cost(g, p, card_id) <= 0:
        return []
    return [
        key
        for key, power in g.powers(p, Phase.DEVELOP)
        if power.code == "reduce_cost" and power.discard_self
    ]


def lowest_development_cost(g: RaceBase, p: Player, card_id: str) -> int:
    """What the development costs at best: discarding the best discard-to-reduce power, if any."""
    return min(
        [development_cost(g, p, card_id)]
        + [development_cost(g, p, card_id, key) for key in discard_reducers(g, p, card_id)]
    )


def cost_words(g: RaceBase, p: Player, card_id: str) -> str:
    """The price of a development in words, for a placement label ("pay 5, or 2 discarding
    R&D Crash Program")."""
    words = f"pay {development_cost(g, p, card_id)}"
    for key in discard_reducers(g, p, card_id):
        cost = development_cost(g, p, card_id, key)
        words += f", or {cost} discarding {g.card_name(split_key(key)[0])}"
    return words


def why_not_develop(g: RaceBase, p: Player, card_id: str) -> tuple[str, str] | None:
    """Why ``p`` may not place this development now, as (rule, reason); None if it may: a
    development (§8.2), not one already in the tableau (§8.3), paid from the other hand cards
    (§8.4)."""
    card = g.cards[card_id]
    if not card.is_development:
        return ("§8.2", "only a development may be placed in Develop")
    if card_id in p.tableau:
        return ("§8.3", "a development of the same name is already in the tableau")
    if lowest_development_cost(g, p, card_id) > len(p.hand) - 1:
        return ("§8.4", "not enough other cards in hand to pay for it")
    return None


def run_develop_start(g: RaceBase, _seat: int, _arg: Any, _d: Decision | None) -> None:
    """§8.1: "draw at the start of the Develop phase" powers, before anyone chooses."""
    for seat in g.order:
        p = g.players[seat]
        for key, power in list(g.powers(p, Phase.DEVELOP)):
            if power.code == "draw_at_start":
                g.draw_to_hand(p, power.value, key.partition("#")[0])


def opt_develop_place(g: RaceBase, seat: int, card_id: Any) -> list[Decision]:
    """§B7: how to pay, when a discard-to-reduce power would lower the cost: discard it, or
    keep it and pay in full (only if the other hand cards can)."""
    p = g.players[seat]
    keys = discard_reducers(g, p, card_id)
    if not keys:
        return []
    out = []
    for key in keys:
        cost = development_cost(g, p, card_id, key)
        name = g.card_name(split_key(key)[0])
        label = "" if g.quiet else f"Discard {name} from your tableau: pay {cost}"
        out.append(Decision(USE, (key,), label))
    cost = development_cost(g, p, card_id)
    if cost <= len(p.hand) - 1:
        out.append(Decision(DONE, (), "" if g.quiet else f"Discard nothing: pay {cost}"))
    return out


def run_develop_place(g: RaceBase, seat: int, card_id: Any, d: Decision | None) -> None:
    """§8.4–8.5: the development enters the tableau; its cost is then paid from the hand (a
    discard-to-reduce power used for it leaves the tableau first, §B7)."""
    p = g.players[seat]
    discarding = d.args[0] if d is not None and d.kind == USE else ""
    cost = development_cost(g, p, card_id, discarding)
    if discarding:
        gone = split_key(discarding)[0]
        p.tableau.remove(gone)
        g.discard_public([gone])
        g.record("tableau_discard", seat, (gone,))
    p.hand.remove(card_id)
    p.placing = ""  # revealed and placed: no longer a face-down choice
    p.tableau.append(card_id)
    p.fresh.append(card_id)
    p.owed = cost
    g.record("place", seat, (card_id, "develop"), (cost,))
    g._push([Step.PAY, seat, 0], [Step.AFTER_PLACING, seat, "develop"])
