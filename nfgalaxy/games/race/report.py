"""``nfgalaxy tiles --game race``: every Race for the Galaxy card as text or JSON, with the row of
the facts file it was transcribed from.

The JSON lists each design once with its ``count`` (the most copies any level plays) and its
``counts`` per level (base, base + TGS, base + TGS + RvI), so the copies per kind, cost and good
kind of each level can be recomputed from it and compared with the cross-check tables
(``statistics.py``); the text is for people checking a card against the printed one.
"""

from __future__ import annotations

from typing import Any

from nfgalaxy.core.descriptor import TilesReport
from nfgalaxy.games.race.cards import resolve
from nfgalaxy.games.race.components import LEVELS, Card, CardSet, Power, ScoringTerm
from nfgalaxy.games.race.rules.common import GAME_ID
from nfgalaxy.games.race.statistics import group, set_totals

FACTS_FILE = "shared/data/race-for-the-galaxy-cards.md"
RULES_FILE = "shared/rules/race-for-the-galaxy.md"


def power_words(power: Power) -> str:
    """A power as the card says it, after its phase: 'Settle: +1 Military'."""
    return f"{power.phase.label}: {power.text}"


def _term_words(term: ScoringTerm) -> str:
    if term.tiers:
        return f"{'/'.join(map(str, term.tiers))} VP: {term.text}"
    return f"{term.vp} VP: {term.text}"


def vp_words(card: Card) -> str:
    """The VP hexagon: a number, or '?' for the 6-cost developments scored at game end."""
    return "?" if card.vp is None else str(card.vp)


def goods_words(card: Card) -> str:
    """'Rare (windfall)', 'Genes (production)' or '-' for a world without goods."""
    if card.goods is None or card.goods_mode is None:
        return "-"
    return f"{card.goods.label} ({card.goods_mode.value})"


def card_json(card: Card) -> dict[str, Any]:
    """One design with everything printed on it and where it comes from."""
    data: dict[str, Any] = {
        "id": card.id,
        "name": card.name,
        "kind": card.kind.value,
        "group": group(card),
        "set": card.set,
        "count": card.count,
        "counts": {level: card.count_at(level) for level in LEVELS},
        "cost": card.cost,
        "defense": card.defense,
        "military": card.military,
        "vp": card.vp,
        "goods": card.goods.value if card.goods is not None else None,
        "goods_mode": card.goods_mode.value if card.goods_mode is not None else None,
        "start_number": card.start_number,
        "start_colour": card.start_colour.value if card.start_colour is not None else None,
        "keywords": sorted(k.value for k in card.keywords),
        "powers": [
            {"phase": p.phase.value, "code": p.code, "text": power_words(p)} for p in card.powers
        ],
        "scoring": [_term_words(t) for t in card.scoring],
        "source": card.source,
        "note": card.note,
    }
    return data


def cards_json(cards: CardSet) -> dict[str, Any]:
    """The whole set: totals, then every design in file order."""
    return {
        "game": GAME_ID,
        "source": cards.source,
        "facts": FACTS_FILE,
        "rules": RULES_FILE,
        "totals": set_totals(cards),
        "levels": {level: set_totals(cards.at_level(level)) for level in cards.levels},
        "cards": [card_json(card) for card in cards.designs],
    }


def _price(card: Card) -> str:
    """'pay 3' for a cost (in cards), 'def 5' for a military world's defence."""
    return f"def {card.defense}" if card.defense is not None else f"pay {card.cost}"


def _card_lines(card: Card) -> list[str]:
    kind = group(card)
    if card.start_number is not None and card.start_colour is not None:
        kind += f" {card.start_number} ({card.start_colour.value})"
    keywords = ", ".join(sorted(k.value.upper() for k in card.keywords)) or "-"
    lines = [
        f"{card.name[:32]:32} {kind[:22]:22} {_price(card):6} VP {vp_words(card):2} "
        f"x{card.count}  goods {goods_words(card):20} keywords {keywords}",
    ]
    if card.set != "base" or card.counts:
        per_level = ", ".join(f"{level} x{card.count_at(level)}" for level in LEVELS)
        lines.append(f"    Set: {card.set}; copies {per_level}")
    lines += [f"    {power_words(p)}" for p in card.powers]
    lines += [f"    End of game, {_term_words(t)}" for t in card.scoring]
    if card.note:
        lines.append(f"    Note: {card.note}")
    lines.append(f"    [source: {card.source}]")
    return lines


def cards_text(cards: CardSet) -> str:
    """Every design, start worlds first, then worlds and developments in file order."""
    totals = set_totals(cards)
    lines = [
        f"Race for the Galaxy cards ({cards.source})",
        f"{totals['total']} cards in {totals['designs']} designs: "
        f"{totals['start worlds']} start worlds, {totals['worlds']} worlds, "
        f"{totals['developments']} developments. Sources: rows of {FACTS_FILE}.",
    ]
    lines += [
        f"Played at level {level}: {set_totals(cards.at_level(level))['total']} cards."
        for level in cards.levels
    ]
    sections = (
        ("START WORLDS", [c for c in cards.designs if c.is_start_world]),
        ("WORLDS", [c for c in cards.designs if c.is_world and not c.is_start_world]),
        ("DEVELOPMENTS", [c for c in cards.designs if c.is_development]),
    )
    for title, found in sections:
        lines += ["", f"{title} ({sum(c.count for c in found)} cards, {len(found)} designs)"]
        for card in found:
            lines += _card_lines(card)
    return "\n".join(lines)


#: ``nfgalaxy tiles --game race``: the descriptor's tiles report.
TILES_REPORT = TilesReport(resolve, cards_text, cards_json)
