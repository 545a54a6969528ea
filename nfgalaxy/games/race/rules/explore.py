"""Phase I, Explore (§7): everyone draws 2 and keeps 1; the Explore cards and Explore powers
add cards drawn and kept. All players draw first, then choose what to keep (§7).

Explore mix (§B7, RvI): a player with a ``mix`` power puts every card drawn into the hand and
then discards from the whole hand as many cards as they could not keep, one at a time
(``EXPLORE_DISCARD``, the number still to discard in the step's argument). The draw step queues
each player's keep or discard step, since only then is it known who mixes and how many go.
"""

from __future__ import annotations

from typing import Any

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.race.components import Phase
from nfgalaxy.games.race.rules.base import RaceBase
from nfgalaxy.games.race.rules.common import DISCARD, KEEP, Step
from nfgalaxy.games.race.state import Action, Player

DRAW, KEEP_ONE = 2, 1
#: What each Explore action card adds: (drawn, kept) (§7).
BONUS = {Action.EXPLORE_5: (5, 0), Action.EXPLORE_1_1: (1, 1)}
#: The Explore power codes this module reads (a test checks it against the vocabulary).
HANDLED = frozenset({"draw", "keep", "mix"})


def explore_counts(g: RaceBase, p: Player) -> tuple[int, int]:
    """How many cards ``p`` draws and keeps: the action, the bonuses, the powers, all added
    (both Explore cards in the advanced 2-player game: 2 + 5 + 1 drawn, 2 kept; §18)."""
    more = sum(BONUS[a][0] for a in BONUS if p.chose(a))
    keep = sum(BONUS[a][1] for a in BONUS if p.chose(a))
    more += g.power_sum(p, Phase.EXPLORE, "draw")
    keep += g.power_sum(p, Phase.EXPLORE, "keep")
    return DRAW + more, KEEP_ONE + keep


def mixes(g: RaceBase, p: Player) -> bool:
    """Whether ``p`` explores by mixing (§B7): one ``mix`` power is enough, more add nothing."""
    return any(power.code == "mix" for _, power in g.powers(p, Phase.EXPLORE))


def run_explore_draw(g: RaceBase, _seat: int, _arg: Any, _d: Decision | None) -> None:
    """Everyone draws first (§7); then each player, in player order, keeps or discards."""
    steps = []
    for seat in g.order:
        p = g.players[seat]
        drawn, keep = explore_counts(g, p)
        cards = g.draw(drawn)
        keep = min(keep, len(cards))
        mix = mixes(g, p)
        g.record("explore", seat, (), (len(cards), keep, *((1,) if mix else ())))
        if mix:
            p.hand.extend(cards)
            steps.append([Step.EXPLORE_DISCARD, seat, len(cards) - keep])
        else:
            p.explored, p.keep = cards, keep
            steps.append([Step.EXPLORE_KEEP, seat, 0])
    g._push(*steps)


def opt_explore_keep(g: RaceBase, seat: int, _arg: Any) -> list[Decision]:
    """One card to keep at a time; nothing to choose when every card drawn is kept."""
    p = g.players[seat]
    if p.keep <= 0 or p.keep >= len(p.explored):
        return []
    return [
        Decision(KEEP, (c,), "" if g.quiet else f"Keep {g.card_name(c)}")
        for c in sorted(set(p.explored))
    ]


def run_explore_keep(g: RaceBase, seat: int, _arg: Any, d: Decision | None) -> None:
    p = g.players[seat]
    if d is None:
        kept = p.explored if p.keep >= len(p.explored) else []
        p.hand.extend(kept)
        p.explored = [] if kept else p.explored
        p.keep = 0
    else:
        p.explored.remove(d.args[0])
        p.hand.append(d.args[0])
        p.keep -= 1
        if p.keep:
            g._push([Step.EXPLORE_KEEP, seat, 0])
            return
    g.discard(p.explored, p)
    p.explored = []


def opt_explore_discard(g: RaceBase, seat: int, left: Any) -> list[Decision]:
    """§B7: one hand card to discard at a time, old or new alike; nothing to choose when the
    whole hand goes (never: at least one card drawn is kept)."""
    p = g.players[seat]
    if left <= 0 or left >= len(p.hand):
        return []
    return [
        Decision(DISCARD, (c,), "" if g.quiet else f"Discard {g.card_name(c)}")
        for c in sorted(set(p.hand))
    ]


def run_explore_discard(g: RaceBase, seat: int, left: Any, d: Decision | None) -> None:
    p = g.players[seat]
    if d is None:
        gone = p.hand[:left]
        del p.hand[:left]
    else:
        p.hand.remove(d.args[0])
        gone = [d.args[0]]
    g.discard(gone, p)
    left -= len(gone)
    if left > 0:
        g._push([Step.EXPLORE_DISCARD, seat, left])
