"""Race for the Galaxy cards in the inspector: the whole card and the row it was taken from.

The shared inspector lists what has ``by_id`` (id → something with ``id`` and ``name``); a
``CardSet`` keeps its designs in ``cards``, so ``Catalogue`` gives it that face without the
engine knowing about screens.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rich.markup import escape

from nfgalaxy.games.race.cards import resolve
from nfgalaxy.games.race.components import Card, CardSet
from nfgalaxy.games.race.report import goods_words, power_words, vp_words
from nfgalaxy.games.race.statistics import group
from nfgalaxy.games.race.ui.faces import power_short, price


@dataclass(frozen=True)
class Catalogue:
    """A card set as the inspector reads it."""

    cards: CardSet

    @property
    def by_id(self) -> Mapping[str, Card]:
        return self.cards.cards


def builtin_catalogue() -> Catalogue:
    """The card set a new game would use (the built-in one, or the owner's corrected file)."""
    return Catalogue(resolve(None)[0])


def catalogue_of(state: object) -> Catalogue:
    """The cards of a game in play (a game may use a corrected card file)."""
    return Catalogue(state.cards)  # type: ignore[attr-defined]


def race_card_details(card: Card) -> str:
    """A card in full (Rich markup): its powers as printed and in short and its end-of-game
    scoring right after the name (a preview of four lines at 80x24 showed only what the card
    is), then what it is, its status and the row of the card list it was transcribed from."""
    kind = group(card)
    if card.start_number is not None and card.start_colour is not None:
        kind += f", start world {card.start_number} ({card.start_colour.value})"
    lines = [f"[b]{escape(card.name)}[/b]  ({card.id})"]
    for power in card.powers:
        lines.append(f"{escape(power_words(power))}   [dim]({escape(power_short(power))})[/dim]")
    if not card.powers:
        lines.append("No powers.")
    for term in card.scoring:
        lines.append(f"End of game, {term.vp} VP: {escape(term.text)}")
    lines += [
        "",
        f"{escape(kind)}: {price(card)}, {vp_words(card)} VP, {card.count} in the deck",
        f"Goods: {escape(goods_words(card))}"
        + (f"  (letter {card.goods.letter})" if card.goods is not None else ""),
    ]
    if card.keywords:
        lines.append("Keywords: " + ", ".join(sorted(k.value.upper() for k in card.keywords)))
    if card.note:
        lines += ["", f"Note: {escape(card.note)}"]
    lines += [
        "",
        "[b]Status:[/b] printed (every value as on the card in the box)",
        f"Transcribed from the published card list: {escape(_row(card.source))}",
    ]
    return "\n".join(lines)


def _row(source: str) -> str:
    """'Start worlds, row 1' from the data's 'cards.md A, Start worlds, row 1': the table and
    row a player can look up, without the name of our data file."""
    return source.split(", ", 1)[1] if ", " in source else source
