"""How good a Race for the Galaxy position is for one player, for the greedy bot.

The value is the VP the player would score now (chips, printed VP, 6-cost bonuses, from
``scoring.py``) plus VP-equivalents of what will turn into VP later: hand cards (the means of
every placement), goods, production worlds.
"""

from __future__ import annotations

from nfgalaxy.core.descriptor import Heuristic
from nfgalaxy.core.valuation import tapered
from nfgalaxy.games.race.components import GoodsMode
from nfgalaxy.games.race.rules.base import RaceBase
from nfgalaxy.games.race.scoring import score_tableau

CARD = 0.35
GOOD = 0.6
PRODUCTION = 0.8


def current_vp(state: RaceBase, seat: int) -> int:
    """The score ``seat`` would have if the game ended now."""
    p = state.players[seat]
    return score_tableau(state.cards, seat, p.tableau, p.vp).total


def value(state: RaceBase, seat: int) -> float:
    """VP now plus VP-equivalents of hand, goods and production."""
    p = state.players[seat]
    v = float(current_vp(state, seat))
    if state.over:
        best_other = max(current_vp(state, q.seat) for q in state.players if q.seat != seat)
        return v + (5.0 if v > best_other else 0.0)
    v += tapered(len(p.hand), ((8, CARD), (4, CARD / 3)))
    v += GOOD * len(p.goods)
    cards = state.cards
    v += PRODUCTION * sum(1 for c in p.tableau if cards[c].goods_mode is GoodsMode.PRODUCTION)
    return v


#: What the bots know of Race for the Galaxy (see ``nfgalaxy.core.descriptor.Heuristic``).
HEURISTIC = Heuristic(value=value)
