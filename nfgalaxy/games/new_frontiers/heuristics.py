"""How good a New Frontiers position is for one player, for the greedy bot.

The value is the VP the player would score now (chips, printed VP, "?" bonuses, goals) plus
rough VP-equivalents of what will turn into VP later: credits, goods by trade price, unused
colonists, explored worlds waiting to be settled, military strength and production colonies.
The weights were tuned by playing greedy against random bots (see ``benchmarks/``).
"""

from __future__ import annotations

from nfgalaxy.games.new_frontiers import abilities as ab
from nfgalaxy.games.new_frontiers.components import GoodsType, Phase
from nfgalaxy.games.new_frontiers.rules import NewFrontiers
from nfgalaxy.games.new_frontiers.scoring import score_player


def value(state: NewFrontiers, seat: int) -> float:
    player = state.players[seat]
    tiles = state.tiles
    score = score_player(tiles, player, state._goals_in_play()).total
    if state.over:
        # A finished game is valued by the result itself: winning matters most.
        best_other = max(
            score_player(tiles, p, state._goals_in_play()).total
            for p in state.players
            if p is not player
        )
        return score + (5.0 if score > best_other else 0.0)
    remaining = max(0.2, min(1.0, state.vp_general / (12 * len(state.players))))
    v = float(score)
    v += 0.3 * min(player.credits, 12) + 0.1 * max(0, player.credits - 12)
    v += sum(0.5 + 0.45 * (k + 1) for k in player.goods.values())
    v += 0.6 * min(player.colonists, 4) * remaining
    for world_id in player.explored:
        world = tiles.world(world_id)
        v += (0.45 * (world.vp if world.vp is not None else 2) + 0.3) * remaining
    settle = player.abilities(tiles, Phase.SETTLE)
    v += 0.5 * ab.base_military(settle) * remaining
    production = sum(1 for c in player.colonies if tiles.world(c).goods is GoodsType.PRODUCTION)
    v += 0.8 * production * remaining
    consume = len(player.abilities(tiles, Phase.CONSUME))
    v += 0.5 * min(consume, 4) * remaining
    return v
