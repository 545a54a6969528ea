"""End-game scoring (rules §16, §17) and the winners with their tie-break.

A player's score is their VP chips, the printed VP of every card in their tableau, and the
variable VP of their 6-cost developments, worked out from the data's ``scoring`` terms. The
functions take a tableau (card ids in play order) and numbers rather than a game state, so
the rules, the interface and tests can score any tableau, hand-built or played.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from nfgalaxy.games.race.components import Card, CardSet, Counted, Phase, ScoringTerm


@dataclass
class Score:
    """One player's final score, in the parts the end-of-game table shows."""

    seat: int
    chips: int
    printed: int  # printed VP of the tableau cards (6-cost "?" cards print none)
    bonuses: list[tuple[str, int]] = field(default_factory=list)  # (6-cost card id, VP)
    tiebreak: int = 0  # cards in hand + goods on worlds (§16)
    goals: int = 0  # VP of goals (§B5): not chips, added at game end

    @property
    def bonus(self) -> int:
        return sum(vp for _, vp in self.bonuses)

    @property
    def total(self) -> int:
        return self.chips + self.printed + self.bonus + self.goals

    def as_dict(self) -> dict[str, int]:
        return {
            "chips": self.chips,
            "printed": self.printed,
            "bonus": self.bonus,
            "goals": self.goals,
            "total": self.total,
            "tiebreak": self.tiebreak,
        }


def total_military(cards: CardSet, tableau: Sequence[str]) -> int:
    """Total Military (§9.3): every unconditional Military modifier in the tableau, negatives
    included; specialized (kind, Rebel) and temporary Military are left out. Hidden Fortress's
    "+1 per military world" is unconditional: it counts the tableau's military worlds (§B7)."""
    worlds = sum(1 for card_id in tableau if cards[card_id].military)
    total = 0
    for card_id in tableau:
        for power in cards[card_id].powers_in(Phase.SETTLE):
            if power.code == "military" and not power.specialized:
                total += power.value * (worlds if power.military_worlds else 1)
    return total


def term_vp(term: ScoringTerm, count: int) -> int:
    """VP for one term that matched ``count`` things."""
    return term.vp * count


def development_bonus(cards: CardSet, development: Card, tableau: Sequence[str], chips: int) -> int:
    """The variable VP of one 6-cost development (§17).

    Each tableau card scores for the first term it matches (the terms are listed highest
    first, which is how the card's "not counted above" reads); named cards and chips are terms
    like any other, so the order in the data is the whole rule.
    """
    vp = 0
    placed = [cards[card_id] for card_id in tableau]
    for card in placed:
        for term in development.scoring:
            if term.matches(card):
                vp += term.vp
                break
    for term in development.scoring:
        if term.counts is Counted.VP_CHIPS:
            vp += term_vp(term, chips // term.per)
        elif term.counts is Counted.TOTAL_MILITARY:
            vp += term_vp(term, total_military(cards, tableau))
        elif term.counts is Counted.GOOD_KINDS:
            vp += tier_vp(term, good_kinds(cards, tableau))
    return vp


def good_kinds(cards: CardSet, tableau: Sequence[str]) -> int:
    """The different good kinds among the worlds of a tableau, production or windfall, with a
    good on them or not (Galactic Exchange, cards.md D)."""
    return len({cards[c].goods for c in tableau if cards[c].is_world and cards[c].goods})


def tier_vp(term: ScoringTerm, kinds: int) -> int:
    """A tiered term's VP for ``kinds`` kinds (1/3/6/10 for 1–4, R12); none for 0."""
    return term.tiers[min(kinds, len(term.tiers)) - 1] if kinds else 0


def score_tableau(
    cards: CardSet,
    seat: int,
    tableau: Sequence[str],
    chips: int,
    tiebreak: int = 0,
    goals: int = 0,
) -> Score:
    """The score of a tableau with ``chips`` VP in chips (§16): printed VP plus bonuses, and
    ``goals`` VP of goals (§B5, worked out by ``rules/goals.py``)."""
    score = Score(seat=seat, chips=chips, printed=0, tiebreak=tiebreak, goals=goals)
    for card_id in tableau:
        card = cards[card_id]
        score.printed += card.vp or 0
        if card.scoring:
            score.bonuses.append((card_id, development_bonus(cards, card, tableau, chips)))
    return score


def winners(scores: Sequence[Score]) -> list[int]:
    """Most VP; among the tied, most cards in hand + goods; still tied, all of them (§16)."""
    best = max((s.total, s.tiebreak) for s in scores)
    return [s.seat for s in scores if (s.total, s.tiebreak) == best]
