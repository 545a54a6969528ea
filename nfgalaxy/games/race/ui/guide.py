"""Beside the hand while paying or consuming: where the payment stands, what each option gives.

Paying (§8.4, §9.1) is one hand card at a time; the guide keeps the sum in view: the card being
paid for, its cost after every reduction (the engine's, recorded when it was placed), the hand
cards paid so far (this seat's payment decisions since) and how many are still owed. In Consume
(§10) each numbered option, in the decision list's order, says the goods it takes and the VP and
cards it gives (``yields``). The guide only reads the state and the engine's options; for any
other decision, or a seat not at the keyboard, it is hidden.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.race.rules import RaceGame, Step
from nfgalaxy.games.race.rules.common import DISCARD, DONE, GOOD, PAY, SELL, STOP, USE, plural
from nfgalaxy.games.race.rules.consume import good_kind, hand_reward
from nfgalaxy.games.race.state import Action, Player
from nfgalaxy.games.race.ui.faces import price
from nfgalaxy.games.race.ui.yields import power_yield, sale_yield

#: The steps the guide explains.
GUIDED = {Step.PAY, Step.CONSUME, Step.SELL, Step.CONSUME_GOOD, Step.CONSUME_HAND}


def paying_for(state: RaceGame, seat: int) -> tuple[str, int] | None:
    """The card ``seat`` placed last and what it cost after reductions (the engine's ``place``
    event); None before anything was placed."""
    for event in reversed(state.events):
        if event.kind == "place" and event.seat == seat:
            return event.components[0], event.numbers[0]
    return None


def paid_so_far(state: RaceGame, seat: int) -> list[str]:
    """The hand cards ``seat`` has chosen to pay with for the card being paid for: its payment
    decisions at the end of the history (a payment is one run of them, nothing in between)."""
    paid: list[str] = []
    for entry in reversed(state.history):
        if entry.get("kind") != PAY or entry.get("seat") != seat:
            break
        paid.append(str(entry["args"][0]))
    return paid[::-1]


def for_military(state: RaceGame) -> bool:
    """Whether the payment step waiting is hand cards discarded for temporary Military
    (Space Mercenaries and the like, §B7), not the price of a card."""
    return bool(state.queue) and state.queue[0][0] == Step.PAY and state.queue[0][2] == "military"


def payment_lines(state: RaceGame, p: Player) -> list[Text]:
    """Where ``p``'s payment stands: what for, the cost, paid so far, still owed."""
    if for_military(state):
        if p.owed <= 0:
            return []
        return [
            Text("Discarding hand cards for Military (+1 or more each, this phase)", style="bold"),
            Text(f"Still to discard: {p.owed} (how many was fixed when you chose)", style="bold"),
        ]
    found = paying_for(state, p.seat)
    if found is None or p.owed <= 0:
        return []
    card_id, cost = found
    card = state.cards[card_id]
    paid = paid_so_far(state, p.seat)
    head = Text(f"Paying for {card.name}: ", style="bold")
    head.append(f"{cost} after reductions (printed {price(card)})")
    names = ", ".join(state.card_name(c) for c in paid) if paid else "nothing yet"
    left = p.owed - 1
    after = f"the next card leaves {left}" if left else "the next card pays it in full"
    return [
        head,
        Text(f"Paid {len(paid)} of {cost}: {names}"),
        Text(f"Still owed: {p.owed} · {after}", style="bold"),
    ]


def option_line(state: RaceGame, p: Player, step: str, decision: Decision) -> str:
    """What one offered decision takes and gives, in a few words (the decision list has its
    full wording under the same number)."""
    args = [str(a) for a in decision.args]
    if decision.kind == USE:
        card = state.card_name(args[0].partition("#")[0])
        return f"{card}: {power_yield(state, p, args[0]).text()}"
    if decision.kind == SELL:
        cards = sale_yield(state, p, str(state.queue[0][2]), args[0])
        return f"sell the good on {state.card_name(args[0])} → {plural(cards, 'card')}"
    if decision.kind == GOOD:
        kind = good_kind(state, args[0]).letter
        left = p.consuming.get("left", 0)
        return f"the {kind} good on {state.card_name(args[0])} ({left} still to take)"
    if decision.kind == DISCARD and step == Step.CONSUME_HAND:
        power = state.power_of(p.consuming["power"])
        never = " (VP never doubled)" if power.vp else ""
        return f"discard {state.card_name(args[0])} → +{hand_reward(power)}{never}"
    if decision.kind == STOP:
        taken = len(p.consuming.get("taken", []))
        power = state.power_of(p.consuming["power"])
        return f"stop: {plural(taken, 'card')} discarded → {hand_reward(power, taken)}"
    if decision.kind == DONE:
        return "consume nothing more this phase"
    return decision.label or str(decision)


def guide_text(state: RaceGame, viewer: int | None) -> Text | None:
    """The guide for ``viewer`` now, or None when there is nothing to explain."""
    step = state.step_name()
    if viewer is None or state.to_move() != viewer or step not in GUIDED:
        return None
    p = state.players[viewer]
    if step == Step.PAY:  # every card pays alike: the sum, not a line per card
        lines = payment_lines(state, p)
        return Text("\n").join(lines) if lines else None
    lines = []
    if step == Step.CONSUME and p.chose(Action.CONSUME_X2):
        lines.append(Text("You chose x2: consume powers give double VP.", style="bold"))
    for number, decision in enumerate(state.legal_decisions(), 1):
        line = Text(f"{number:>2}. ", style="bold")
        line.append(option_line(state, p, step, decision))
        lines.append(line)
    return Text("\n").join(lines) if lines else None


class DecisionGuide(Static):
    """Above the hand while paying or consuming; hidden otherwise."""

    def show(self, state: RaceGame, viewer: int | None) -> None:
        text = guide_text(state, viewer)
        self.display = text is not None
        step = state.step_name()
        if step == Step.PAY:
            self.border_title = "Military" if for_military(state) else "Paying"
        else:
            self.border_title = "What each choice gives"
        if text is not None:
            self.update(text)
