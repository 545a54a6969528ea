"""The phase strip: the five phases, who chose which after the reveal, the phase being played.

Before the reveal the strip says only who has chosen (§6.1); after it each phase names its
choosers with their card, phases nobody chose are struck through, and the one being played is
pointed at (▶). Below: the round, the VP pool, the deck and discard pile, and the end.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from nfgalaxy.games.race.rules import RaceGame, Step
from nfgalaxy.games.race.rules.setup import start_discards
from nfgalaxy.games.race.state import (
    ACTION_PHASES,
    PHASES,
    START_DISCARDS,
    START_HAND,
    Action,
)
from nfgalaxy.games.race.ui.secrets import ACTION_SHORT, action_words

NUMERALS = {"explore": "I", "develop": "II", "settle": "III", "consume": "IV", "produce": "V"}
PHASE_WORDS = {
    "explore": "Explore",
    "develop": "Develop",
    "settle": "Settle",
    "consume": "Consume",
    "produce": "Produce",
}


def choosers(state: RaceGame) -> dict[str, list[str]]:
    """Per phase, 'Name (card)' for each player who chose it; empty before the reveal."""
    found: dict[str, list[str]] = {phase: [] for phase in PHASES}
    if not state.revealed:
        return found
    for seat in state.order:
        p = state.players[seat]
        cards: dict[str, list[str]] = {}
        for action in p.actions:  # both cards of an advanced pair under one name
            card = Action(action)
            cards.setdefault(ACTION_PHASES[card], []).append(ACTION_SHORT[card])
        for phase, words in cards.items():
            found[phase].append(f"{p.name} {' + '.join(words)}")
    return found


def phases_line(state: RaceGame) -> Text:
    text = Text()
    who = choosers(state)
    current = state.phase.removesuffix("_2")
    for phase in PHASES:
        label = f"{NUMERALS[phase]} {PHASE_WORDS[phase]}"
        if state.revealed and phase in state.phases:
            names = ", ".join(who[phase])
            twice = " ×2" if phase + "_2" in state.phases else ""
            marker = "▶" if phase == current else " "
            style = "bold reverse" if phase == current else "bold"
            text.append(f"{marker}{label}{twice}: {names} ", style=style)
        elif state.revealed and state.round:
            text.append(f" {label} ", style="dim strike")
        else:
            text.append(f" {label} ", style="dim")
        text.append(" ")
    return text


def choices_line(state: RaceGame, viewer: int | None) -> Text:
    """Before the reveal: who has chosen (one's own card to oneself only)."""
    text = Text("Actions: ", style="bold")
    parts = []
    for seat in state.order:
        words = action_words(state, seat, viewer) or "waiting"
        parts.append(f"{state.players[seat].name} {words}")
    return text.append(" · ".join(parts))


def setup_words(state: RaceGame, viewer: int | None) -> str:
    """The setup as the seat at the keyboard reads it: how many of the cards dealt it
    discards (3 with Ancient Race, which keeps 3 of the 6), after choosing a start world at
    Rebel vs Imperium. With nobody at the keyboard, what every player does."""
    if viewer is None:
        return "Setup: the start discards"
    p = state.players[viewer]
    if len(p.start_worlds) > 1 and not p.start:  # RvI: the start world is still to keep
        words = (
            f"Setup: keep a start world, then discard {START_DISCARDS} of your {START_HAND} cards"
        )
        for card_id in p.start_worlds:
            keep = state.cards[card_id].start_keep
            if keep is not None:
                words += f" ({START_HAND - keep} if you keep {state.card_name(card_id)})"
        return words
    if any(name == Step.START_DISCARD and seat == viewer for name, seat, _arg in state.queue):
        return f"Setup: discard {start_discards(state, viewer)} of your {START_HAND} cards"
    return "Setup: the others' start discards"


def strip_text(state: RaceGame, viewer: int | None) -> Text:
    text = phases_line(state)
    text.append("\n")
    if not state.revealed and state.round:
        text.append_text(choices_line(state, viewer))
        text.append("\n")
    when = f"Round {state.round}" if state.round else setup_words(state, viewer)
    text.append(when, style="bold")
    pool = max(state.vp_pool, 0)
    text.append(f" · VP pool {pool}")
    if state.vp_pool <= 0:
        text.append(" (empty: last round)", style="bold red")
    text.append(f" · deck {len(state.deck)} · discards {len(state.discards)}")
    seat = state.to_move()
    if state.over:
        text.append(" · Game over", style="bold")
    elif seat is not None:
        text.append(f" · to move: {state.players[seat].name}", style="bold")
    if state.end_reasons:
        text.append(f"\nEnd: {', '.join(state.end_reasons)}", style="bold red")
    return text


class PhaseStrip(Static):
    """The action cards and phases of the round, as the seat at the keyboard may see them."""

    def show(self, state: RaceGame, viewer: int | None) -> None:
        self.border_title = "Phases"
        self.update(strip_text(state, viewer))
