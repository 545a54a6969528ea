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
    die_locations,
    die_name,
    place_name,
)
from nfgalaxy.games.roll.scoring import score_player
from nfgalaxy.games.roll.state import COLOURS, TABLEAU_END


def opt_manage(g: RollBase, seat: int, _arg: Any) -> list[Decision]:
    p = g.players[seat]
    waiting = sum(p.citizenry.values())
    colours = [c for c in COLOURS if p.citizenry[c]]
    if waiting <= p.credits or len(colours) < 2 or p.credits <= 0:
        return []
    return [
        Decision(
            RECRUIT,
            (c,),
            "" if g.quiet else (f"Recruit a {die_name(c)} die for $1 ({p.credits} left)"),
        )
        for c in colours
    ]


def run_manage(g: RollBase, seat: int, _arg: Any, d: Decision | None) -> None:
    """§5.5: recruiting is mandatory while dice and credits last; $0 becomes $1; then recall."""
    p = g.players[seat]
    if d is not None:
        colour = d.args[0]
        p.citizenry[colour] -= 1
        p.cup[colour] += 1
        p.credits -= 1
        if p.credits > 0 and sum(p.citizenry.values()):
            g._push([Step.MANAGE, seat, 0])
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
    g._push([Step.RECALL, seat, 0])


def opt_recall(g: RollBase, seat: int, _arg: Any) -> list[Decision]:
    p = g.players[seat]
    places = [x for x in die_locations(p) if x[0].startswith(("stack:", "good:"))]
    out = []
    if sum(p.cup.values()):
        out.append(Decision(DONE, (), "" if g.quiet else ("Recall nothing more")))
    out += [
        Decision(
            RECALL,
            (place, colour),
            ""
            if g.quiet
            else (f"Recall a {die_name(colour)} die from {place_name(g, place)} to the cup"),
        )
        for place, colour in places
    ]
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
    g._push([Step.RECALL, seat, 0])


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
