"""The viewer's hand as a grid of compact cards, the cards they are exploring, and a card
preview.

Only the seat at the keyboard sees its hand (§4); with nobody there (the privacy screen, bots
moving between two humans) the hand is hidden. The grid is for looking: moving through it with
the arrow keys (or clicking a card) shows the card's whole text in the preview, while every
choice is made in the decision list, which names what each option costs and gives.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from nfgalaxy.games.race.components import Card
from nfgalaxy.games.race.rules import RaceGame, Step
from nfgalaxy.games.race.rules.common import BY_CONQUEST, BY_PAYING_MILITARY
from nfgalaxy.games.race.rules.develop import cost_words, why_not_develop
from nfgalaxy.games.race.rules.settle import ways
from nfgalaxy.games.race.ui.card_grid import CardGrid, Entry
from nfgalaxy.games.race.ui.faces import card_cell, card_full


def hand_order(state: RaceGame, hand: list[str]) -> list[str]:
    """Developments, then worlds, each by price and name: how players sort a hand."""
    return sorted(hand, key=lambda c: (state.cards[c].is_world, state.cards[c].placement_cost, c))


def placing_now(state: RaceGame, viewer: int) -> str:
    """'develop' or 'settle' while ``viewer`` chooses a card to place, else ''."""
    if state.step_name() != Step.CHOOSE_PLACEMENT or state.to_move() != viewer:
        return ""
    return str(state.queue[0][2])


def placement_note(state: RaceGame, viewer: int, phase: str, card_id: str) -> str:
    """What placing this hand card would cost now, after every reduction (the engine's own
    reckoning), or '' when it cannot be placed in this phase."""
    p = state.players[viewer]
    if phase == "develop":
        if why_not_develop(state, p, card_id) is not None:
            return ""
        return f"→ {cost_words(state, p, card_id)}"
    found = ways(state, p, card_id)
    if not found:
        return ""
    words = []
    for way in found:
        if way.mode == BY_CONQUEST:
            words.append("conquer")
        elif way.mode == BY_PAYING_MILITARY:
            words.append(f"pay {way.cost} (military)")
        else:
            words.append(f"pay {way.cost}")
        if way.spent:
            words[-1] += " + discard " + ", ".join(state.card_name(c) for c in way.spent)
    return "→ " + " or ".join(dict.fromkeys(words))


def hand_title(state: RaceGame, viewer: int | None) -> str:
    if viewer is None:
        return "Hand (hidden)"
    p = state.players[viewer]
    title = f"{p.name}'s hand: {len(p.hand)}"
    if p.owed:
        title += f" · pay {p.owed} more"
    return title


HIDDEN = "Nobody's hand is shown while the keyboard changes hands."


class HandGrid(CardGrid):
    """The viewer's cards as a grid of compact cards (the cards being explored first)."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.shown: tuple[object, ...] = ()

    def show(self, state: RaceGame, viewer: int | None) -> None:
        self.border_title = hand_title(state, viewer)
        if viewer is None:
            key: tuple[object, ...] = (None,)
            entries = [Entry(None, Text(HIDDEN))]
        else:
            p = state.players[viewer]
            key = (
                viewer,
                tuple(p.hand),
                tuple(p.explored),
                p.keep,
                p.placing,
                p.decided,
                placing_now(state, viewer),
                tuple(p.tableau),
            )
            entries = hand_entries(state, viewer)
        if key == self.shown:
            return  # unchanged: keep the player's place in the grid
        self.shown = key
        self.fill(entries)


def hand_entries(state: RaceGame, viewer: int) -> list[Entry]:
    """The cells of ``viewer``'s hand: explored cards under a heading, then the hand sorted,
    each placeable card saying what it costs now, the face-down choice marked."""
    p = state.players[viewer]
    entries: list[Entry] = []
    if p.explored:
        heading = f"Explored: keep {p.keep} more (choose in the decisions)"
        entries.append(Entry(None, Text(heading, style="bold")))
        entries += [Entry(c, card_cell(state.cards[c]), ("explored",)) for c in p.explored]
        entries.append(Entry(None, Text("In hand:", style="bold")))
    phase = placing_now(state, viewer)
    for card_id in hand_order(state, p.hand):
        face = card_cell(state.cards[card_id])
        classes: tuple[str, ...] = ()
        note = placement_note(state, viewer, phase, card_id) if phase else ""
        if note:
            face.append(f"\n{note}", style="bold")
            classes = ("placeable",)
        if p.decided and card_id == p.placing:
            face.append("\n◀ face down", style="bold")
            classes = ("face-down",)
        entries.append(Entry(card_id, face, classes))
    if not p.hand:
        entries.append(Entry(None, Text("No cards in hand.", style="dim")))
    return entries


class CardPreview(Static):
    """The whole text of the hand card being looked at (the shared screen's own preview
    describes the card a focused decision names)."""

    def preview(self, cards: list[Card]) -> None:
        self.border_title = "Card"
        if not cards:
            self.update(Text("Move through your hand to read a card's whole text.", "dim"))
            return
        self.update(Text("\n\n").join(card_full(card) for card in cards))
