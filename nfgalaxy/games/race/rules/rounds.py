"""The round (§6): secret action choice, the reveal, the chosen phases in order, the end of the
round with the hand limit (§12) and the game-end check (§16).

The action cards are chosen simultaneously and secretly (§6.1); two of nine in the advanced
2-player game (§18), where both cards of a pair play that phase twice. The engine asks the players
one at a time in player order, and nothing of a choice reaches anyone before the reveal: the
log says only that a player has chosen, and the options offered to a player never depend on
another's choice.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import Any

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.race.rules import goals
from nfgalaxy.games.race.rules.base import RaceBase
from nfgalaxy.games.race.rules.common import ACTION, DISCARD, Entry, Step
from nfgalaxy.games.race.rules.military import reset_settle
from nfgalaxy.games.race.state import (
    ACTION_LABELS,
    ACTION_PHASES,
    ADVANCED_ACTIONS,
    HAND_LIMIT,
    PHASES,
    SECOND_CARDS,
    STANDARD_ACTIONS,
    TABLEAU_END,
    Action,
    Player,
)


def run_round_start(g: RaceBase, _seat: int, _arg: Any, _d: Decision | None) -> None:
    g.round += 1
    g.revealed = False
    g.phases = []
    g.record("round", None, (), (g.round,))
    for p in g.players:
        p.actions = []
    g._push(*[[Step.CHOOSE_ACTION, seat, 0] for seat in g.order], [Step.REVEAL_ACTIONS, -1, 0])


def action_choices(advanced: bool) -> list[tuple[Action, ...]]:
    """§6.1: any one of the seven action cards. Advanced 2-player game (§18): two different
    cards of nine, a second Develop or Settle card only together with the first."""
    if not advanced:
        return [(a,) for a in STANDARD_ACTIONS]
    return [
        pair
        for pair in combinations(ADVANCED_ACTIONS, 2)
        if all(SECOND_CARDS.get(card) in (None, *pair) for card in pair)
    ]


def opt_choose_action(g: RaceBase, _seat: int, _arg: Any) -> list[Decision]:
    return list(_action_decisions(bool(g.options.get("advanced")), g.quiet))


@cache
def _action_decisions(advanced: bool, quiet: bool) -> tuple[Decision, ...]:
    """The action-card decisions, made once: every player chooses from the same ones each
    round, and a search asks for them thousands of times a decision (decisions are
    immutable)."""
    return tuple(
        Decision(
            ACTION,
            tuple(a.value for a in choice),
            "" if quiet else " and ".join(ACTION_LABELS[a] for a in choice),
        )
        for choice in action_choices(advanced)
    )


def run_choose_action(g: RaceBase, seat: int, _arg: Any, d: Decision | None) -> None:
    assert d is not None
    g.players[seat].actions = list(d.args)
    g.record("chose", seat)


def played_phases(actions: list[list[str]]) -> list[str]:
    """The phases of the round in order (§6.2): each chosen phase once, and a second Develop
    or Settle phase for a player who chose both cards of the pair (§18)."""
    chosen = {a for player in actions for a in player}
    wanted = {ACTION_PHASES[Action(a)] for a in chosen}
    out = []
    for phase in PHASES:
        if phase in wanted:
            out.append(phase)
            if phase + "_2" in chosen:
                out.append(phase + "_2")
    return out


def phase_steps(g: RaceBase, phase: str) -> list[Entry]:
    """The steps that play one phase (§7–§11); each phase module adds more as it goes."""
    order = g.order
    if phase == "explore":  # the draw queues each player's keep (or mix) step (§7, §B7)
        return [[Step.EXPLORE_DRAW, -1, 0]]
    kind = phase.removesuffix("_2")  # a second Develop or Settle phase is played in full
    if kind in ("develop", "settle"):
        if kind == "develop":
            start, end = [[Step.DEVELOP_START, -1, 0]], []
        else:  # Settle: its records begin; takeovers follow the placements (§B6)
            start, end = [[Step.SETTLE_START, -1, 0]], [[Step.TAKEOVER_START, -1, 0]]
        choices = [[Step.CHOOSE_PLACEMENT, seat, kind] for seat in order]
        return [*start, *choices, [Step.REVEAL_PLACEMENTS, -1, kind], *end]
    if phase == "consume":
        return [[Step.CONSUME_START, -1, 0]]
    return [[Step.PRODUCE_START, -1, 0], [Step.PRODUCE_END, -1, 0]]


def run_reveal_actions(g: RaceBase, _seat: int, _arg: Any, _d: Decision | None) -> None:
    """§6.1–6.2: all actions are revealed; a phase is played once if anyone chose it."""
    g.revealed = True
    g.information_revealed()
    chosen = [g.players[seat].actions for seat in g.order]
    g.record("reveal", None, tuple("+".join(a) for a in chosen), tuple(g.order))
    g.phases = played_phases(chosen)
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
    phase's records end, goals are checked (§B5). With ``start:`` it announces the phase
    instead."""
    if arg.startswith("start:"):
        g.phase = arg[6:]
        g.record("phase", None, (g.phase,))
        return
    g.phase = ""
    for p in g.players:
        p.fresh = []
        p.used = []
        p.produced = []
        p.placing = ""
        p.decided = False
        p.consuming = {}
        reset_settle(p)
    goals.check_goals(g)


def hand_limit(g: RaceBase, p: Player) -> int:
    """§12.1: 10 cards, or more with a card raising its owner's limit (Pan-Galactic Research:
    12, §B7)."""
    return max([HAND_LIMIT] + [g.cards[c].hand_limit or 0 for c in p.tableau])


def tableau_end(g: RaceBase, p: Player) -> int:
    """§16: the tableau size at which ``p`` ends the game: 12, or more with a card moving it
    for its owner (Hidden Fortress: 14, §B7); other players still end it at 12."""
    return max([TABLEAU_END] + [g.cards[c].game_end or 0 for c in p.tableau])


def opt_hand_limit(g: RaceBase, seat: int, _arg: Any) -> list[Decision]:
    """§12.1: more cards than the hand limit: discard one at a time down to it."""
    p = g.players[seat]
    if len(p.hand) <= hand_limit(g, p):
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
            goals.note_hand_limit(g, seat)  # Budget Surplus (§B5)
        return
    p.hand.remove(d.args[0])
    g.discard(d.args, p)
    g._push([Step.HAND_LIMIT, seat, arg + 1])


def run_round_end(g: RaceBase, _seat: int, _arg: Any, _d: Decision | None) -> None:
    """§16: the game ends after a round in which a tableau reached 12 cards or the VP pool
    ran out; otherwise the next round begins. Goals are checked first (§B5)."""
    goals.check_goals(g, round_end=True)
    reasons = []
    for seat in g.order:
        p = g.players[seat]
        if len(p.tableau) >= tableau_end(g, p):
            reasons.append(f"{p.name} has {len(p.tableau)} cards in their tableau")
        p.actions = []
    if g.vp_pool <= 0:
        reasons.append("the VP pool is empty")
    if not reasons:
        g._push([Step.ROUND_START, -1, 0])
        return
    g.end_reasons = reasons
    g.record("game_end", None, tuple(reasons))
    g.final = g.score_details()  # goal VP included (§B5)
    for s in g.final:
        g.record("score", s.seat, (), (s.total, s.chips, s.printed, s.bonus, s.goals))
    g.record("winners", None, (), tuple(g.winners()))  # after the tie-break of §16
    g.over = True
    g.queue = []
