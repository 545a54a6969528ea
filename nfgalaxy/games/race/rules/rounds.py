"""The round (§6): secret action choice, the reveal, the chosen phases in order, the end of the
round with the hand limit (§12) and the game-end check (§16).

The action cards are chosen simultaneously and secretly (§6.1). The engine asks the players
one at a time in player order, and nothing of a choice reaches anyone before the reveal: the
log says only that a player has chosen, and the options offered to a player never depend on
another's choice.
"""

from __future__ import annotations

from typing import Any

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.race.rules.base import RaceBase
from nfgalaxy.games.race.rules.common import ACTION, DISCARD, Entry, Step
from nfgalaxy.games.race.scoring import score_tableau
from nfgalaxy.games.race.state import ACTION_LABELS, HAND_LIMIT, PHASES, TABLEAU_END, Action


def run_round_start(g: RaceBase, _seat: int, _arg: Any, _d: Decision | None) -> None:
    g.round += 1
    g.revealed = False
    g.phases = []
    g.record("round", None, (), (g.round,))
    for p in g.players:
        p.action = ""
    g._push(*[[Step.CHOOSE_ACTION, seat, 0] for seat in g.order], [Step.REVEAL_ACTIONS, -1, 0])


def opt_choose_action(g: RaceBase, _seat: int, _arg: Any) -> list[Decision]:
    """§6.1: any one of the seven action cards."""
    return [Decision(ACTION, (a.value,), "" if g.quiet else ACTION_LABELS[a]) for a in Action]


def run_choose_action(g: RaceBase, seat: int, _arg: Any, d: Decision | None) -> None:
    assert d is not None
    g.players[seat].action = d.args[0]
    g.record("chose", seat)


def phase_steps(g: RaceBase, phase: str) -> list[Entry]:
    """The steps that play one phase (§7–§11); each phase module adds more as it goes."""
    order = g.order
    if phase == "explore":
        keeps = [[Step.EXPLORE_KEEP, seat, 0] for seat in order]
        return [[Step.EXPLORE_DRAW, -1, 0], *keeps]
    if phase in ("develop", "settle"):
        start = [[Step.DEVELOP_START, -1, 0]] if phase == "develop" else []
        choices = [[Step.CHOOSE_PLACEMENT, seat, phase] for seat in order]
        return [*start, *choices, [Step.REVEAL_PLACEMENTS, -1, phase]]
    if phase == "consume":
        return [[Step.CONSUME_START, -1, 0]]
    return [[Step.PRODUCE_START, -1, 0], [Step.PRODUCE_END, -1, 0]]


def run_reveal_actions(g: RaceBase, _seat: int, _arg: Any, _d: Decision | None) -> None:
    """§6.1–6.2: all actions are revealed; a phase is played once if anyone chose it."""
    g.revealed = True
    g.information_revealed()
    chosen = [g.players[seat].action for seat in g.order]
    g.record("reveal", None, tuple(chosen), tuple(g.order))
    wanted = {Action(a).phase for a in chosen}
    g.phases = [phase for phase in PHASES if phase in wanted]
    steps: list[Entry] = []
    for phase in g.phases:
        steps.append([Step.PHASE_END, -1, "start:" + phase])
        steps += phase_steps(g, phase)
        steps.append([Step.PHASE_END, -1, phase])
    steps += [[Step.HAND_LIMIT, seat, 0] for seat in g.order]
    steps.append([Step.ROUND_END, -1, 0])
    g._push(*steps)


def run_phase_end(g: RaceBase, _seat: int, arg: Any, _d: Decision | None) -> None:
    """Between phases: cards placed in the phase now work (§13.3), temporary Military and the
    phase's records end. With ``start:`` it announces the phase instead."""
    if arg.startswith("start:"):
        g.record("phase", None, (arg[6:],))
        return
    for p in g.players:
        p.fresh = []
        p.used = []
        p.produced = []
        p.placing = ""
        p.decided = False
        p.consuming = {}


def opt_hand_limit(g: RaceBase, seat: int, _arg: Any) -> list[Decision]:
    """§12.1: more than 10 cards: discard one at a time down to 10."""
    p = g.players[seat]
    if len(p.hand) <= HAND_LIMIT:
        return []
    return [
        Decision(DISCARD, (c,), "" if g.quiet else f"Discard {g.card_name(c)}")
        for c in sorted(set(p.hand))
    ]


def run_hand_limit(g: RaceBase, seat: int, arg: Any, d: Decision | None) -> None:
    p = g.players[seat]
    if d is None:
        if arg:
            g.record("hand_limit", seat, (), (arg,))
        return
    p.hand.remove(d.args[0])
    g.discard(d.args, p)
    g._push([Step.HAND_LIMIT, seat, arg + 1])


def run_round_end(g: RaceBase, _seat: int, _arg: Any, _d: Decision | None) -> None:
    """§16: the game ends after a round in which a tableau reached 12 cards or the VP pool
    ran out; otherwise the next round begins."""
    reasons = []
    for seat in g.order:
        p = g.players[seat]
        if len(p.tableau) >= TABLEAU_END:
            reasons.append(f"{p.name} has {len(p.tableau)} cards in their tableau")
        p.action = ""
    if g.vp_pool <= 0:
        reasons.append("the VP pool is empty")
    if not reasons:
        g._push([Step.ROUND_START, -1, 0])
        return
    g.end_reasons = reasons
    g.record("game_end", None, tuple(reasons))
    g.final = [
        score_tableau(g.cards, p.seat, p.tableau, p.vp, len(p.hand) + len(p.goods))
        for p in g.players
    ]
    for s in g.final:
        g.record("score", s.seat, (), (s.total, s.chips, s.printed, s.bonus))
    g.over = True
    g.queue = []
