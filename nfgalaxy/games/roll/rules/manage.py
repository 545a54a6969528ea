"""Manage Empire (§5.5) and the end of the game (§9.2): recruiting, recalling dice, and the
end-of-round check."""

from __future__ import annotations

from typing import Any

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.roll.rules.base import RollBase
from nfgalaxy.games.roll.rules.common import (
    DONE,
    RECALL,
    RECRUIT,
    Step,
    TileNames,
    die_name,
    place_name,
    worded,
)
from nfgalaxy.games.roll.scoring import score_player
from nfgalaxy.games.roll.state import COLOURS, STACKS, TABLEAU_END

# Read off the enums once: a member read from an enum class is a slow lookup on Python 3.11,
# and these are read for almost every decision of a playout.
_MANAGE_STEP = Step.MANAGE
_RECALL_STEP = Step.RECALL


@worded(RECRUIT, 1)
def _recruit_words(_n: TileNames, key: tuple[Any, ...]) -> str:
    colour, credits = key
    return f"Recruit a {die_name(colour)} die for $1 ({credits} left)"


def opt_manage(g: RollBase, seat: int, _arg: Any) -> list[Decision]:
    p = g.players[seat]
    waiting = sum(p.citizenry.values())
    colours = [c for c in COLOURS if p.citizenry[c]]
    if waiting <= p.credits or len(colours) < 2 or p.credits <= 0:
        return []
    made = g.offered[_recruit_words]
    return [made[c, p.credits] for c in colours]


def run_manage(g: RollBase, seat: int, _arg: Any, d: Decision | None) -> None:
    """§5.5: recruiting is mandatory while dice and credits last; $0 becomes $1; then recall."""
    p = g.players[seat]
    if d is not None:
        colour = d.args[0]
        p.citizenry[colour] -= 1
        p.cup[colour] += 1
        p.credits -= 1
        if p.credits > 0 and sum(p.citizenry.values()):
            g.queue.insert(0, [_MANAGE_STEP, seat, 0])
            return
    else:
        for colour in COLOURS:
            take = min(p.citizenry[colour], p.credits)
            p.citizenry[colour] -= take
            p.cup[colour] += take
            p.credits -= take
    if p.credits == 0:
        p.credits = 1
    if not g.quiet:
        g.record("recruit", seat, (), (sum(p.cup.values()), sum(p.citizenry.values()), p.credits))
    g.queue.insert(0, [_RECALL_STEP, seat, 0])


@worded(DONE)
def _done_words(_n: TileNames, _key: tuple[Any, ...]) -> str:
    return "Recall nothing more"


@worded(RECALL)
def _recall_words(names: TileNames, key: tuple[Any, ...]) -> str:
    place, colour = key
    return f"Recall a {die_name(colour)} die from {place_name(names, place)} to the cup"


_STACK_PLACE = {kind: f"stack:{kind}" for kind in STACKS}


def opt_recall(g: RollBase, seat: int, _arg: Any) -> list[Decision]:
    p = g.players[seat]
    # The stack dice and goods of ``die_locations``, in its order.
    places = [(_STACK_PLACE[k], c) for k in STACKS for c in p.stack_dice[k]]
    if p.goods:
        places += [(f"good:{w}", c) for w, dice in p.goods.items() for c in dice]
    out = [g.offered[_done_words][()]] if any(p.cup.values()) else []
    if places:
        made = g.offered[_recall_words]
        out += [made[place] for place in dict.fromkeys(places)]
    return out


def run_recall(g: RollBase, seat: int, _arg: Any, d: Decision | None) -> None:
    """§5.5 step 3: free recalls of stack dice and goods; with an empty cup at least one."""
    p = g.players[seat]
    if d is None or d.kind == DONE:
        return
    place, colour = d.args
    kind, _, where = place.partition(":")
    if kind == "stack":
        p.stack_dice[where].remove(colour)
    else:
        p.goods[where].remove(colour)
        if not p.goods[where]:
            del p.goods[where]
    p.cup[colour] += 1
    g.record("recall", seat, (place, colour))
    g.queue.insert(0, [_RECALL_STEP, seat, 0])


def run_round_end(g: RollBase, _seat: int, _arg: Any, _d: Decision | None) -> None:
    """§9.2: the game ends after this round if the VP pool is used up or a tableau has 12+."""
    g.phases = []
    reasons = []
    if g.vp_pool <= 0:
        reasons.append("the VP pool is used up")
    big = [g.name(p.seat) for p in g.players if p.tableau_count() >= TABLEAU_END]
    if big:
        reasons.append(f"{', '.join(big)} reached {TABLEAU_END} tiles")
    if reasons:
        g.over = True
        g.end_reasons = reasons
        g.final = [score_player(g.tiles, p) for p in g.players]
        g.record("game_over", None, tuple(reasons))
        g.record("winner", None, (), tuple(g.winners()))
        return
    g.round += 1
    g._push([Step.ROUND_START, -1, 0])
