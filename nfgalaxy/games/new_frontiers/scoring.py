"""Final scoring (rules §9) and goal scoring (rules §11.4), as pure functions of a player's empire.

Scores are broken down by category so interfaces can show where every VP came from.
"""

from __future__ import annotations

from dataclasses import dataclass

from nfgalaxy.games.new_frontiers.abilities import base_military, gives_military
from nfgalaxy.games.new_frontiers.components import (
    BonusLine,
    Development,
    Goal,
    Kind,
    Phase,
    TileSet,
    World,
)
from nfgalaxy.games.new_frontiers.state import Player


@dataclass(frozen=True)
class Score:
    """One player's final score, by category."""

    chips: int
    tiles: int
    bonus: int
    goals: int
    tiebreak: int  # goods + credits (stockpiles excluded)
    goal_detail: tuple[tuple[str, int], ...] = ()
    bonus_detail: tuple[tuple[str, int], ...] = ()
    oort_kind: int = -1

    @property
    def total(self) -> int:
        return self.chips + self.tiles + self.bonus + self.goals

    def as_dict(self) -> dict[str, int]:
        return {
            "chips": self.chips,
            "tiles": self.tiles,
            "bonus": self.bonus,
            "goals": self.goals,
            "total": self.total,
            "tiebreak": self.tiebreak,
        }


def _world_kind(world: World, oort_kind: int) -> Kind | None:
    if world.any_kind:
        return Kind(oort_kind) if oort_kind >= 0 else None
    return world.kind


def _matches(line: BonusLine, tile: World | Development, oort_kind: int) -> bool:
    is_world = isinstance(tile, World)
    if line.count == "colony" and not is_world:
        return False
    if line.count == "development" and is_world:
        return False
    if line.ids and tile.id not in line.ids:
        return False
    if line.keyword is not None and line.keyword not in tile.keywords:
        return False
    if line.has_phase is not None and all(a.phase is not line.has_phase for a in tile.abilities):
        return False
    if line.gives_military is not None and line.gives_military != any(
        a.phase is Phase.SETTLE and gives_military(a) for a in tile.abilities
    ):
        return False
    if is_world:
        if line.kind is not None and _world_kind(tile, oort_kind) is not line.kind:
            return False
        if line.goods is not None and tile.goods is not line.goods:
            return False
        if line.military is not None and tile.military != line.military:
            return False
        if line.colonists is not None and tile.colonists != line.colonists:
            return False
        if line.home is not None and tile.is_home != line.home:
            return False
        if line.large is not None:
            return False
    else:
        if line.kind is not None or line.goods is not None or line.military is not None:
            return False
        if line.colonists is not None or line.home is not None:
            return False
        if line.large is not None and tile.large != line.large:
            return False
    return True


def bonus_vp(
    source: World | Development,
    colonies: list[World],
    developments: list[Development],
    military: int,
    oort_kind: int,
) -> int:
    """VP of one "?" tile: each tile counts for its best line only (rules §9.5)."""
    total = 0
    per_tile = [line for line in source.bonus if line.count in ("colony", "development", "tile")]
    if per_tile:
        for tile in (*colonies, *developments):
            best = 0
            for line in per_tile:
                if line.vp > best and _matches(line, tile, oort_kind):
                    best = line.vp
            total += best
    for line in source.bonus:
        if line.count == "military_strength":
            total += line.vp * max(0, military)
        elif line.count == "colony_kinds":
            kinds = _colony_kinds(colonies, oort_kind)
            total += line.table[len(kinds) - 1] if kinds else 0
    return total


def _colony_kinds(colonies: list[World], oort_kind: int) -> set[Kind]:
    return {k for w in colonies if (k := _world_kind(w, oort_kind)) is not None}


def goal_amount(
    goal: Goal, player: Player, colonies: list[World], devs: list[Development], oort_kind: int
) -> int:
    """The quantity a goal measures for a player (§11.5); stockpiles count only for their goal."""
    tiles: list[World | Development] = [*colonies, *devs]
    match goal.measure:
        case "ability_actions":
            # Trade League has a Trade and a Consume ability, so it counts for both (§10).
            return len({a.phase for t in tiles for a in t.abilities})
        case "consume_abilities":
            return sum(1 for t in tiles for a in t.abilities if a.phase is Phase.CONSUME)
        case "colony_kinds":
            return len(_colony_kinds(colonies, oort_kind))
        case "keywords":
            return len({k for t in tiles for k in t.keywords})
        case "unused_colonists":
            return player.colonists
        case "stockpiled_worlds":
            return len(player.stock_worlds)
        case "stockpiled_goods":
            return sum(player.stock_goods)
        case "stockpiled_credits":
            return player.stock_credits
    raise ValueError(f"unknown goal measure {goal.measure!r}")


def score_player(tiles: TileSet, player: Player, goals: list[Goal]) -> Score:
    """Final score of one player, with Alien Oort Cloud Refinery fixed to its best kind (§9.2).

    The owner fixes the refinery's kind once at scoring; no player would fix a kind that scores
    less, so the engine fixes the kind that gives the highest total (lowest kind index on ties).
    """
    colonies = [tiles.world(c) for c in player.colonies]
    has_oort = any(w.any_kind for w in colonies)
    candidates = list(Kind) if has_oort else [None]
    best: Score | None = None
    for kind in candidates:
        score = _score_with(tiles, player, goals, colonies, -1 if kind is None else int(kind))
        if best is None or score.total > best.total:
            best = score
    assert best is not None
    return best


def _score_with(
    tiles: TileSet, player: Player, goals: list[Goal], colonies: list[World], oort_kind: int
) -> Score:
    devs = [tiles.developments[d] for d in player.developments]
    printed = sum(t.vp for t in (*colonies, *devs) if t.vp is not None)
    # The player's Settle abilities, colonies first: the table the rules keep.
    military = base_military(player.abilities(tiles, Phase.SETTLE))
    bonus_detail = []
    for tile in (*colonies, *devs):
        if tile.vp is None:
            bonus_detail.append((tile.id, bonus_vp(tile, colonies, devs, military, oort_kind)))
    goal_detail = []
    for goal in goals:
        amount = goal_amount(goal, player, colonies, devs, oort_kind)
        goal_detail.append((goal.id, goal.vp_for(amount)))
    return Score(
        chips=player.vp,
        tiles=printed,
        bonus=sum(v for _i, v in bonus_detail),
        goals=sum(v for _i, v in goal_detail),
        tiebreak=player.goods_count() + player.credits,
        goal_detail=tuple(goal_detail),
        bonus_detail=tuple(bonus_detail),
        oort_kind=oort_kind,
    )


def winners(scores: list[Score]) -> list[int]:
    """Highest total wins; ties go to most goods + credits; a remaining tie is shared (§9.7)."""
    top = max(s.total for s in scores)
    tied = [i for i, s in enumerate(scores) if s.total == top]
    best_break = max(scores[i].tiebreak for i in tied)
    return [i for i in tied if scores[i].tiebreak == best_break]
