"""Final scoring (§9.3) and the winner with its tie-break (§9.4).

A score is VP chips + the printed cost of every tableau tile (faction halves and home world
included) + the end-game bonuses of cost-6 developments, fractions rounded up.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from nfgalaxy.games.roll import powers as pw
from nfgalaxy.games.roll.components import Development, Measure, Power, TileSet, Timing, World
from nfgalaxy.games.roll.state import Player


@dataclass
class Score:
    seat: int
    chips: int
    developments: int  # printed costs of developments in the tableau
    worlds: int  # printed costs of worlds in the tableau
    bonuses: list[tuple[str, int]] = field(default_factory=list)  # (development name, VP)
    tiebreak: int = 0  # dice in the cup + credits (§9.4)

    @property
    def bonus(self) -> int:
        return sum(v for _, v in self.bonuses)

    @property
    def total(self) -> int:
        return self.chips + self.developments + self.worlds + self.bonus

    def as_dict(self) -> dict[str, int]:
        return {
            "chips": self.chips,
            "developments": self.developments,
            "worlds": self.worlds,
            "bonus": self.bonus,
            "total": self.total,
            "tiebreak": self.tiebreak,
        }


def measure(tiles: TileSet, player: Player, power: Power) -> int:
    """What a ``bonus_vp`` power counts in the player's empire, filters applied."""
    m = power.measure
    devs = pw.developments(tiles, player)
    if power.reassign is not None:
        devs = [d for d in devs if d.reassign == power.reassign]
    worlds = pw.worlds(tiles, player)
    if power.world_colours:
        worlds = [w for w in worlds if w.colour in power.world_colours]
    colours = {c.value for c in power.colours}
    if m is Measure.DEVELOPMENTS:
        return len(devs)
    if m is Measure.DEVELOPMENT_COST:
        return sum(d.cost for d in devs)
    if m is Measure.WORLDS:
        return len(worlds)
    if m is Measure.WORLD_COST:
        return sum(w.cost for w in worlds)
    if m is Measure.GOODS:
        allowed = {w.id for w in worlds}
        return sum(
            1
            for world_id, dice in player.goods.items()
            if world_id in allowed
            for d in dice
            if not colours or d in colours
        )
    owned = player.dice_owned()
    if m is Measure.DIE_COLOURS:
        return sum(1 for n in owned.values() if n)
    if m is Measure.DICE:
        return sum(n for c, n in owned.items() if not colours or c in colours)
    raise ValueError(f"unknown measure {m!r}")


def triangle(chips: int) -> int:
    """The largest n with n(n+1)/2 <= chips (Galactic Renaissance)."""
    n = 0
    while (n + 1) * (n + 2) // 2 <= chips:
        n += 1
    return n


def score_player(tiles: TileSet, player: Player) -> Score:
    score = Score(seat=player.seat, chips=player.vp, developments=0, worlds=0)
    for side_id in player.tableau:
        side = tiles.by_id[side_id]
        if isinstance(side, Development):
            score.developments += side.cost
        elif isinstance(side, World):
            score.worlds += side.cost
    for side_id, power in pw.powers(tiles, player, Timing.GAME_END):
        name = tiles.by_id[side_id].name
        if power.effect == "bonus_vp":
            vp = power.vp * pw.ceil_div(measure(tiles, player, power), power.per)
        elif power.effect == "vp_chip_triangle":
            vp = triangle(player.vp)
        else:
            raise ValueError(f"unknown end-game effect {power.effect!r} on {side_id}")
        score.bonuses.append((name, vp))
    score.tiebreak = sum(player.cup.values()) + player.credits
    return score


def winners(scores: list[Score]) -> list[int]:
    """Highest total; then most dice in cup + credits; still tied: all of them win (§9.4)."""
    best = max((s.total, s.tiebreak) for s in scores)
    return [s.seat for s in scores if (s.total, s.tiebreak) == best]
