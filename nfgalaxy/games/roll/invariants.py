"""What must hold in every Roll for the Galaxy position: dice, tiles and VP chips conserved.

The conformance tests (and the property tests) check these after every decision of many random
games. Each check returns the problems found, in words, so a failure says what broke.
"""

from __future__ import annotations

from typing import Any

from nfgalaxy.games.roll.components import DieColour
from nfgalaxy.games.roll.state import COLOURS, CREDIT_CAP, DEV, STACKS, VP_PER_PLAYER

#: The development that lets each world hold two goods.
TWO_GOODS = "T22d"


def problems(g: Any) -> list[str]:
    """Every broken invariant of ``g`` (a ``RollGame``); empty when all hold."""
    found: list[str] = []
    tiles = g.tiles
    for colour in COLOURS:
        owned = 0
        for p in g.players:
            if p.cup[colour] < 0 or p.citizenry[colour] < 0:
                found.append(f"{p.name} has a negative number of {colour} dice")
            owned += p.dice_owned()[colour]
        if g.supply[colour] < 0 or g.supply[colour] + owned != tiles.dice[DieColour(colour)].count:
            found.append(f"{colour} dice are not conserved")
    game_tiles = list(g.bag) + list(g.discards)
    for p in g.players:
        game_tiles += p.drawn
        for kind in STACKS:
            for side_id in p.stacks[kind]:
                if not side_id.endswith("d" if kind == DEV else "w"):
                    found.append(f"{side_id} lies on the wrong construction stack")
                game_tiles.append(side_id[:-1])
        game_tiles += [s[:-1] for s in p.tableau if s[:-1] in tiles.game_tiles]
        if not 0 <= p.credits <= CREDIT_CAP or p.vp < 0:
            found.append(f"{p.name} has credits or VP out of range")
        cap = 2 if TWO_GOODS in p.tableau else 1
        for world_id, dice in p.goods.items():
            if world_id not in p.tableau or not tiles.by_id[world_id].colour.holds_goods:
                found.append(f"{p.name} has a good where no good may be ({world_id})")
            if not 1 <= len(dice) <= cap:
                found.append(f"{p.name} has too many goods on {world_id}")
    if sorted(game_tiles) != sorted(tiles.game_tiles):
        found.append("game tiles are not conserved")
    if g.vp_pool + sum(p.vp for p in g.players) != VP_PER_PLAYER * len(g.players):
        found.append("VP chips are not conserved")
    return found
