"""The viewer's hand as a grid of compact cards, the cards they are exploring, and a card
preview.

Only the seat at the keyboard sees its hand (§4); with nobody there (the privacy screen, bots
moving between two humans) the hand is hidden. Moving through the grid with the arrow keys (or
clicking a card) shows the card's whole text in the preview. A choice of several cards (the
start discards, Explore, paying, the hand limit, the advanced game's two action cards;
``compose``) is made here: Space (or a click) chooses a card or puts it back, the live line
above the grid keeps count, and Enter confirms, sending the engine's own decisions; until then
the choice can be changed freely. Every other choice is made in the decision list, which names
what each option costs and gives (and still lists these, to be taken one at a time).
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.widgets import Static

from nfgalaxy.games.race.rules import RaceGame, Step
from nfgalaxy.games.race.rules.develop import cost_words, why_not_develop
from nfgalaxy.games.race.rules.settle import settle_words
from nfgalaxy.games.race.ui.card_grid import CardGrid, Entry, head_of
from nfgalaxy.games.race.ui.compose import (
    ACTIONS,
    EXPLORED,
    HAND,
    Composition,
    action_cells,
    action_name,
    action_of,
    choosing_actions,
    composition,
)
from nfgalaxy.games.race.ui.faces import action_face, card_cell, card_line
from nfgalaxy.ui.widgets.decisions import Decided


def hand_order(state: RaceGame, hand: list[str]) -> list[str]:
    """Developments, then worlds, each by price and name: how players sort a hand."""
    return sorted(hand, key=lambda c: (state.cards[c].is_world, state.cards[c].placement_cost, c))


def placing_now(state: RaceGame, viewer: int) -> str:
    """'develop' or 'settle' while ``viewer`` chooses a card to place, else ''."""
    if state.step_name() != Step.CHOOSE_PLACEMENT or state.to_move() != viewer:
        return ""
    return str(state.queue[0][2])


def placement_note(state: RaceGame, viewer: int, phase: str, card_id: str) -> str:
    """What placing this hand card would take now, after every reduction (the engine's own
    reckoning and words), or '' when it cannot be placed in this phase."""
    p = state.players[viewer]
    if phase == "develop":
        if why_not_develop(state, p, card_id) is not None:
            return ""
        return f"→ {cost_words(state, p, card_id)}"
    words = settle_words(state, p, card_id)
    return f"→ {words}" if words else ""


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
    """The viewer's cards as a grid of compact cards (the cards being explored first), where a
    choice of several cards is composed: Space or a click chooses, Enter confirms."""

    BINDINGS = [
        Binding("space", "toggle", "Choose / put back", key_display="Space"),
        Binding("enter", "confirm", "Confirm choice"),
        Binding("enter", "read", "Read card"),
    ]

    class Toggled(Message):
        """The cards chosen changed (the live line follows)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.shown: tuple[object, ...] = ()
        self.composition: Composition | None = None
        #: The position the cards were chosen in: a new one starts with nothing chosen.
        self.composed_for: tuple[object, ...] = ()
        self.names: dict[str, str] = {}

    def show(self, state: RaceGame, viewer: int | None) -> None:
        self.border_title = hand_title(state, viewer)
        self.composition = composition(state, viewer)
        self.border_subtitle = CHOICE_KEYS if self.composition is not None else ""
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
                choosing_actions(state, viewer),
            )
            entries = hand_entries(state, viewer)
            self.names = {c: state.card_name(c) for c in (*p.hand, *p.explored)}
            self.names.update({cell: action_name(cell) for cell in action_cells()})
        comp = self.composition
        self.choosable = comp is not None
        composed_for = (len(state.history), state.step_name()) if comp is not None else ()
        if comp is not None:
            self.chosen_mark = f"✓ {comp.verb or 'chosen'}"
        self.refresh_bindings()
        if key != self.shown:
            self.shown = key
            self.fill(entries)
        elif composed_for != self.composed_for:
            self.set_chosen([])
        # Otherwise unchanged: keep the player's place in the grid and what they chose. A
        # choice beginning or ending changes the room the cards need (their chosen lines).
        self.lay_out(self.width)
        self.composed_for = composed_for

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Space and Enter choose and confirm while a choice is composed here; otherwise
        Enter reads the card (the footer shows only the keys that apply)."""
        if action in ("toggle", "confirm"):
            return self.composition is not None
        if action == "read":
            return self.composition is None
        return True

    def line(self) -> str | None:
        """The live line of the choice being composed, or None."""
        comp = self.composition
        if comp is None:
            return None
        return comp.line(self.chosen_cards(), self.names)

    def clicked(self) -> None:
        if self.composition is not None:
            self.action_toggle()
        else:
            self.action_read()

    def action_toggle(self) -> None:
        """Choose the cursor's card, or put it back (a choice changes freely until confirmed)."""
        comp, index = self.composition, self.cursor
        if comp is None or index is None:
            return
        entry = self.entries[index]
        assert entry is not None and entry.card is not None  # the cursor is always on a card
        why = comp.why_not(entry.group, entry.card)
        if why is not None:
            self.notify(f"{self.names.get(entry.card, entry.card)}: {why}.", severity="warning")
            return
        place = self.place_of(index)
        assert place is not None
        chosen = [c for c in self.chosen if c != place]
        if len(chosen) == len(self.chosen):
            chosen.append(place)
        self.set_chosen(chosen)
        self.post_message(self.Toggled())

    def action_confirm(self) -> None:
        """Send the chosen cards as the engine's decisions, in order; a wrong count is told,
        and nothing is sent."""
        comp = self.composition
        if comp is None:
            return
        chosen = self.chosen_cards()
        problem = comp.refusal(chosen)
        if problem is not None:
            self.notify(problem[:1].upper() + problem[1:] + ".", severity="warning")
            return
        first, *rest = comp.decisions(chosen)
        self.post_message(Decided(first, then=rest))


def hand_entries(state: RaceGame, viewer: int) -> list[Entry]:
    """The cells of ``viewer``'s hand: the advanced game's action cards while choosing two,
    explored cards under a heading, then the hand sorted, each placeable card saying what it
    costs now, the face-down choice marked."""
    p = state.players[viewer]
    entries: list[Entry] = []
    if choosing_actions(state, viewer):
        heading = "Action cards: choose 2 (Space), then Enter"
        entries.append(Entry(None, Text(heading, style="bold")))
        entries += [
            Entry(cell, action_face(action_of(cell)), ("action",), ACTIONS, Text(action_name(cell)))
            for cell in action_cells()
        ]
        entries.append(Entry(None, Text("In hand:", style="bold")))
    if p.explored:
        heading = f"Explored: keep {p.keep} more (Space, then Enter)"
        entries.append(Entry(None, Text(heading, style="bold")))
        entries += [
            Entry(c, card_cell(state.cards[c]), ("explored",), EXPLORED, card_line(state.cards[c]))
            for c in p.explored
        ]
        entries.append(Entry(None, Text("In hand:", style="bold")))
    phase = placing_now(state, viewer)
    for card_id in hand_order(state, p.hand):
        face, line = card_cell(state.cards[card_id]), card_line(state.cards[card_id])
        head = head_of(face)
        classes: tuple[str, ...] = ()
        notes = [placement_note(state, viewer, phase, card_id) if phase else ""]
        if notes[0]:
            classes = ("placeable",)
        if p.decided and card_id == p.placing:
            notes.append("◀ face down")
            classes = ("face-down",)
        for note in filter(None, notes):  # what it takes, at every size
            for text, before in ((face, "\n"), (head, "\n"), (line, " ")):
                text.append(before + note, style="bold")
        entries.append(Entry(card_id, face, classes, HAND, line, head))
    if not p.hand:
        entries.append(Entry(None, Text("No cards in hand.", style="dim")))
    return entries


#: Under the hand while a choice is composed in it.
CHOICE_KEYS = "Space: choose / put back · Enter: confirm"


class ChoiceLine(Static):
    """Right above the hand while a choice of several cards is composed there: how many are
    chosen of how many and what it leaves (the keys are on the hand's lower border); hidden
    otherwise. It has no border of its own: the rows go to the cards."""

    def show(self, line: str | None) -> None:
        self.display = line is not None
        if line is not None:
            self.update(Text(line))
