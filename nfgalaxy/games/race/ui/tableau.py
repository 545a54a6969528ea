"""One player's tableau: start world and cards in play order, goods, Military, chips, hand size.

Every tableau is drawn a card a line with its powers in short form below it, so the others'
powers are read as one's own (the viewer's own adds price, VP and kind to each line). A good
lies face down (§4): it shows as a marked good of its world's kind, never as a card. The 6-cost
developments' VP so far are worked out from the tableau now, as the end of the game would count
them.
"""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.widgets import Static

from nfgalaxy.core.words import counted
from nfgalaxy.games.race.rules import RaceGame
from nfgalaxy.games.race.scoring import total_military
from nfgalaxy.games.race.state import TABLEAU_END, Player
from nfgalaxy.games.race.ui.faces import card_head, good_mark, kind_mark, packed, power_short
from nfgalaxy.games.race.ui.goals import CROWDED, goal_counts
from nfgalaxy.games.race.ui.secrets import action_words, placement_words, takeover_words


def summary_line(state: RaceGame, seat: int) -> Text:
    """VP chips, total Military, hand size, tableau size and the score so far (6-cost bonuses
    included), short enough for one line of a tableau beside the hand."""
    p = state.players[seat]
    score = state.score_details()[seat]
    military = total_military(state.cards, p.tableau)
    text = Text()
    text.append(f"chips {p.vp}", style="bold")
    text.append(f" · Mil {military:+d} · hand {len(p.hand)}")
    text.append(f" · {len(p.tableau)}/{TABLEAU_END} cards · score {score.total}", style="bold")
    return text


def bonus_line(state: RaceGame, seat: int) -> Text | None:
    """The 6-cost developments' VP so far, by card; None without any."""
    bonuses = state.score_details()[seat].bonuses
    if not bonuses:
        return None
    parts = ", ".join(f"{state.card_name(c)} +{vp}" for c, vp in bonuses)
    return Text(f"6-cost so far: {parts}", style="bold")


def _card_with_good(state: RaceGame, p: Player, card_id: str) -> Text:
    """A card's compact name with its kind letter and the good on it, if any."""
    card = state.cards[card_id]
    text = Text()
    if card.goods is not None:
        text.append_text(kind_mark(card.goods))
        text.append(" ")
    text.append(card.name)
    if card_id in p.goods and card.goods is not None:
        text.append(" ")
        text.append_text(good_mark(card.goods))
    return text


def tableau_cards(state: RaceGame, p: Player, full: bool) -> list[Text]:
    """The tableau in play order, a card a line with the good on it and, below, its powers in
    short form (as the hand shows them), so another player's powers are read without the
    inspector; ``full`` (the viewer's own): the price, VP and kind on the line too."""
    if not p.tableau:
        return [Text("—", style="dim")]
    lines = []
    for card_id in p.tableau:
        card = state.cards[card_id]
        if full:
            line = card_head(card)
            if card_id in p.goods and card.goods is not None:
                line.append(" ")
                line.append_text(good_mark(card.goods))
        else:
            line = _card_with_good(state, p, card_id)
            line.stylize("bold")
        if card_id in p.fresh:
            line.append(" new", style="dim")
        lines.append(line)
        parts = [power_short(power) for power in card.powers]
        if parts:
            lines.append(Text(packed(parts, 56), style="italic dim"))
    return lines


def tableau_text(state: RaceGame, seat: int, viewer: int | None, full: bool) -> Group:
    p = state.players[seat]
    lines: list[Text] = [summary_line(state, seat)]
    for words in (action_words(state, seat, viewer), placement_words(state, seat, viewer)):
        if words:
            lines.append(Text(words, style="bold"))
    lines += [Text(words, style="bold") for words in takeover_words(state, seat, viewer)]
    if p.explored and seat != viewer:
        drawn = counted(len(p.explored), "card")
        lines.append(Text(f"exploring: {drawn} drawn, keeps {p.keep} more"))
    if p.owed:
        lines.append(Text(f"paying: {counted(p.owed, 'more card')} from hand", style="bold"))
    bonus = bonus_line(state, seat)
    if bonus is not None:
        lines.append(bonus)
    if len(state.players) >= CROWDED:  # the goals panel has no room for everyone's counts
        counts = goal_counts(state, seat)
        if counts is not None:
            lines.append(counts)
    lines += tableau_cards(state, p, full)
    return Group(*lines)


class RaceTableau(Static, can_focus=True):
    """One player's tableau; focusable so the keyboard can scroll to it on a small screen."""

    def show(self, state: RaceGame, seat: int, viewer: int | None, full: bool) -> None:
        self.set_class(full, "own")
        p = state.players[seat]
        you = " (you)" if seat == viewer else ""
        moving = " — to move" if state.to_move() == seat else ""
        self.border_title = f"{p.name}{you}{moving}"
        self.update(tableau_text(state, seat, viewer, full))
