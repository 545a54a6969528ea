"""The ante of the RvI Gambling World (§B7, worked example R11), a Consume power.

The player may stake a hand card whose cost or defense is 1 to the power's value (6) and
reveals that many cards from the deck. If at least one shows a higher cost or defense, the stake
goes back to the hand and the player takes any one revealed card; otherwise the stake is lost
(discarded). The revealed cards not taken are discarded; the spec marks that as implied (§B7
"[?]") and this is its reading. Everything revealed is public: the stake, the revealed cards and
the card taken are named in the log and go onto the discard pile in everyone's sight
(``discard_public``). While the player chooses, the revealed cards lie in ``Player.ante``.

This module imports no other phase module, so ``consume`` can register its two functions.
"""

from __future__ import annotations

from typing import Any

from nfgalaxy.core.decision import Decision
from nfgalaxy.core.words import counted
from nfgalaxy.games.race.components import Power
from nfgalaxy.games.race.rules.base import RaceBase
from nfgalaxy.games.race.rules.common import KEEP, STAKE, Step, split_key
from nfgalaxy.games.race.state import Player

LOWEST_STAKE = 1  # §B7: a stake of cost or defense 1 to the power's value


def stakes(g: RaceBase, p: Player, power: Power) -> list[str]:
    """The distinct hand cards ``p`` may stake: cost or defense from 1 to the power's value."""
    return [
        c for c in sorted(set(p.hand)) if LOWEST_STAKE <= g.cards[c].placement_cost <= power.value
    ]


def can_ante(g: RaceBase, p: Player, power: Power) -> bool:
    """Whether the ante can be made: a card to stake, and cards left to reveal."""
    return bool(g.deck or g.discards) and bool(stakes(g, p, power))


def start_ante(g: RaceBase, p: Player, key: str, _power: Power) -> None:
    g._push([Step.ANTE, p.seat, key])


def opt_ante(g: RaceBase, seat: int, key: Any) -> list[Decision]:
    """The card to stake: choosing the power was choosing to stake (it is optional, §13.4)."""
    p = g.players[seat]
    out = []
    for c in stakes(g, p, g.power_of(key)):
        n = g.cards[c].placement_cost
        label = "" if g.quiet else f"Stake {g.card_name(c)} ({n}): reveal {counted(n, 'card')}"
        out.append(Decision(STAKE, (c,), label))
    return out


def run_ante(g: RaceBase, seat: int, key: Any, d: Decision | None) -> None:
    """Reveal as many cards as the stake's number; a higher one wins (R11)."""
    assert d is not None, "a stake is always chosen"
    p = g.players[seat]
    stake = d.args[0]
    number = g.cards[stake].placement_cost
    revealed = g.draw(number)
    won = any(g.cards[c].placement_cost > number for c in revealed)
    g.record("ante", seat, (split_key(key)[0], stake, *revealed), (number, int(won)))
    if won:
        p.ante = revealed
        g._push([Step.ANTE_KEEP, seat, key])
        return
    p.hand.remove(stake)
    g.discard_public([stake, *revealed])


def opt_ante_keep(g: RaceBase, seat: int, _key: Any) -> list[Decision]:
    """Any one of the revealed cards (not only a higher one, R11)."""
    p = g.players[seat]
    if len(set(p.ante)) <= 1:
        return []
    return [
        Decision(KEEP, (c,), "" if g.quiet else f"Take {g.card_name(c)}")
        for c in sorted(set(p.ante))
    ]


def run_ante_keep(g: RaceBase, seat: int, _key: Any, d: Decision | None) -> None:
    p = g.players[seat]
    taken = d.args[0] if d is not None else p.ante[0]
    p.ante.remove(taken)
    p.hand.append(taken)
    g.record("ante_keep", seat, (taken,))
    g.discard_public(p.ante)
    p.ante = []
