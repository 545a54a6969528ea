"""Actions that are only their bonus (Retreat, Send Ambassador) and the goals variant's Set
Galactic Goals with keeping and revealing hidden goals (rules §5.7, §11)."""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.new_frontiers.rules.common import (
    KEEP_GOAL,
    KEEP_SECRET,
    REVEAL,
    Step,
)
from nfgalaxy.games.new_frontiers.state import (
    ActionTile,
)

if TYPE_CHECKING:
    from nfgalaxy.games.new_frontiers.rules.game import NewFrontiers


def _run_retreat(g: NewFrontiers, seat: int, _arg: int, _d: Decision | None) -> None:
    g.players[seat].credits += 2
    g.record("credits", seat, (), (2,))


def _run_ambassador(g: NewFrontiers, seat: int, _arg: int, _d: Decision | None) -> None:
    """+1 VP, then the disc moves to first place; the discs it skips move back (§5.7)."""
    g.award_vp(seat, 1)
    disc = g.action["disc"]
    g.order.remove(disc)
    g.order.insert(0, disc)
    g.record("ambassador", seat)


def _run_goals(g: NewFrontiers, seat: int, _arg: int, _d: Decision | None) -> None:
    """Set Galactic Goals (§11.2): move up one place, +$1, draw 3 goals and keep one."""
    disc = g.action["disc"]
    index = g.order.index(disc)
    if index > 0:  # already first: no movement (reading §16.6)
        g.order[index - 1], g.order[index] = g.order[index], g.order[index - 1]
    g.players[seat].credits += 1
    drawn = g.goal_pile[:3]
    del g.goal_pile[:3]
    if drawn:
        g.information_revealed()  # the chooser sees goals nobody saw
    g.record("goals", seat, (), (len(drawn),))
    if drawn:  # empty pile: no goal is drawn (reading §16.7)
        g.turn = {"drawn": drawn}
        g.queue.insert(0, [Step.KEEP_GOAL, seat, 0])


def _opt_keep_goal(g: NewFrontiers, seat: int, _arg: int) -> list[Decision]:
    drawn = g.turn["drawn"]
    out = []
    for keep in drawn:
        rest = [x for x in drawn if x != keep]
        for perm in itertools.permutations(rest):
            if g.quiet:
                out.append(Decision(KEEP_GOAL, (keep, *perm)))
                continue
            under = ", ".join(g.tiles.goals[x].name for x in perm)
            label = f"Keep {g.tiles.goals[keep].name} face down" + (
                f"; put {under} under the pile in that order" if perm else ""
            )
            out.append(Decision(KEEP_GOAL, (keep, *perm), label))
    return out


def _run_keep_goal(g: NewFrontiers, seat: int, _arg: int, d: Decision | None) -> None:
    assert d is not None
    keep, *rest = d.args
    g.goal_pile.extend(rest)
    g.goals_hidden.append([seat, keep])
    g.turn = {}
    g.record("keep_goal", seat)
    if len(g.goals_hidden) > 1:  # only one hidden goal at a time: the earlier is revealed
        holder, goal_id = g.goals_hidden.pop(0)
        g.goals_revealed.append(goal_id)
        g.information_revealed()
        g.record("reveal_goal", holder, (goal_id,))


def _opt_reveal(g: NewFrontiers, seat: int, _arg: int) -> list[Decision]:
    held = [goal for holder, goal in g.goals_hidden if holder == seat]
    if not held:
        return []
    if g.quiet:
        return [Decision(REVEAL, (held[0],)), Decision(KEEP_SECRET, ())]
    name = g.tiles.goals[held[0]].name
    return [
        Decision(REVEAL, (held[0],), f"Reveal your goal {name} so everyone may stockpile"),
        Decision(KEEP_SECRET, (), "Keep your goal hidden"),
    ]


def _run_reveal(g: NewFrontiers, seat: int, _arg: int, d: Decision | None) -> None:
    """A hidden stockpile goal may be revealed after an action is chosen (§11.3)."""
    if d is None or d.kind != REVEAL:
        return
    goal_id = d.args[0]
    g.goals_hidden = [x for x in g.goals_hidden if x[1] != goal_id]
    g.goals_revealed.append(goal_id)
    g.information_revealed()
    g.record("reveal_goal", seat, (goal_id,))
    # Stockpile steps of this action are added now that the goal is in play.
    if g.tiles.goals[goal_id].measure == "stockpiled_goods":
        tile = ActionTile(g.action["tile"])
        if tile is ActionTile.PRODUCE:
            order = g.exec_order(g.action["disc"])
            at = next(i for i, s in enumerate(g.queue) if s[0] == "end_action")
            g.queue[at:at] = [[Step.STORE_GOODS, p, 0] for p in order]
