"""Race for the Galaxy's end of game: each player's 6-cost developments and the tie-break, and
which action cards each player chose how often (the end screen's story of the game)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from nfgalaxy.games.race.rules.common import plural
from nfgalaxy.games.race.rules.goals import GoalKind, claimed_by, goal, goal_progress
from nfgalaxy.games.race.state import PHASES, Action
from nfgalaxy.games.race.ui.secrets import ACTION_SHORT
from nfgalaxy.games.race.ui.strip import NUMERALS, PHASE_WORDS

#: Phases whose cards all differ from the phase (Explore +5 or +1/+1, Consume Trade or x2):
#: the end says which card; Develop and Settle only when the second card was chosen too.
NAMED_BY_CARD = frozenset(card.phase for card in Action) - frozenset(Action)


def action_counts(state: Any) -> list[Counter[Action]]:
    """Per seat, how often it chose each action card, read from the reveals (a pair of the
    advanced 2-player game counts both cards)."""
    counts: list[Counter[Action]] = [Counter() for _ in state.players]
    for event in state.events:
        if event.kind == "reveal":
            for seat, cards in zip(event.numbers, event.components, strict=True):
                counts[seat].update(Action(card) for card in cards.split("+"))
    return counts


def phases_chosen(counts: Counter[Action]) -> str:
    """The phases a player chose, most chosen first, each with its cards where a phase has
    more than one ('I Explore ×3 (+5 ×2, +1/+1 ×1)')."""
    by_phase: dict[str, Counter[Action]] = {}
    for card, n in counts.items():
        by_phase.setdefault(card.phase, Counter())[card] += n
    ranked = sorted(by_phase, key=lambda phase: (-by_phase[phase].total(), PHASES.index(phase)))
    parts = []
    for phase in ranked:
        cards = by_phase[phase]
        part = f"{NUMERALS[phase]} {PHASE_WORDS[phase]} ×{cards.total()}"
        if phase in NAMED_BY_CARD or len(cards) > 1:
            which = ", ".join(f"{ACTION_SHORT[c]} ×{n}" for c, n in cards.most_common())
            part += f" ({which})"
        parts.append(part)
    return ", ".join(parts) or "none"


def goal_details(state: Any) -> list[str]:
    """Per goal: who scored it at the end and how (claimed, held, tied), or nobody."""
    lines = []
    for goal_id in state.goals:
        item = goal(goal_id)
        claims = claimed_by(state, goal_id)
        progress = goal_progress(state, goal_id)
        if item.kind is GoalKind.FIRST:
            who = ", ".join(state.players[s].name for s in claims)
            gain = "" if not claims else " +3" if len(claims) == 1 else " +3 each"
            lines.append(f"{item.name}: {who or 'nobody'}{gain}")
            continue
        best = max(progress)
        scorers = [f"{state.players[s].name} +5 (holds it, {progress[s]})" for s in claims]
        if best >= item.minimum:
            scorers += [
                f"{state.players[s].name} +3 (tied, {best})"
                for s in state.order
                if progress[s] == best and s not in claims
            ]
        lines.append(f"{item.name}: {', '.join(scorers) or 'nobody'}")
    return lines


def race_details(state: Any) -> list[str]:
    """Per player: the VP of each 6-cost development, and what the tie-break counts (§16);
    then the action cards each chose."""
    lines = []
    for player, score in zip(state.players, state.score_details(), strict=True):
        parts = [f"{state.card_name(card)} +{vp}" for card, vp in score.bonuses]
        bonuses = ", ".join(parts) if parts else "no 6-cost developments"
        lines.append(
            f"{player.name}: {bonuses}; tie-break {plural(len(player.hand), 'card')} in hand "
            f"+ {plural(len(player.goods), 'good')} = {score.tiebreak}"
        )
    if state.goals:
        lines += ["", "Goals (First 3 VP each claimant; Most 5 VP to the holder, 3 to a tie):"]
        lines += goal_details(state)
    lines += ["", "Action cards chosen, by phase:"]
    for player, counts in zip(state.players, action_counts(state), strict=True):
        lines.append(f"{player.name}: {phases_chosen(counts)}")
    return lines
