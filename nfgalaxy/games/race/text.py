"""Race for the Galaxy read line by line (``nfgalaxy play --game race``), as one seat sees it.

Only what the seat may know is printed (§4): every tableau, but a good only as the kind of the
world it lies on (its card is face down, unknown even to its owner); others' hands and the cards
they explore as numbers; action cards only after the reveal, and a card put face down for
Develop or Settle only once revealed (one's own choice is shown to oneself).
"""

from __future__ import annotations

from nfgalaxy.core.descriptor import TextAdapter
from nfgalaxy.games.race.components import Card
from nfgalaxy.games.race.rules import RaceGame, Step
from nfgalaxy.games.race.scoring import total_military
from nfgalaxy.games.race.state import ACTION_LABELS, PHASE_LABELS, Action, Player

_PLACE_STEPS = (Step.DEVELOP_PLACE, Step.SETTLE_PLACE)


def _world_mark(state: RaceGame, p: Player, card_id: str) -> str:
    """' (R)' for a Rare world, ' (R, good)' when a good lies on it; '' for other cards."""
    card = state.cards[card_id]
    if card.goods is None:
        return ""
    return f" ({card.goods.letter}{', good' if card_id in p.goods else ''})"


def tableau_words(state: RaceGame, p: Player) -> str:
    """The cards in play, in the order placed, goods as their world's kind only."""
    return ", ".join(state.card_name(c) + _world_mark(state, p, c) for c in p.tableau) or "-"


def card_words(card: Card) -> str:
    """A hand card with what placing it takes: 'Space Marines (dev, pay 2)', '(military 5)'."""
    if card.is_development:
        what = f"dev, pay {card.cost}"
    elif card.military:
        what = f"military {card.defense}"
    else:
        what = f"world, pay {card.cost}"
    goods = f" {card.goods.letter}" if card.goods is not None else ""
    return f"{card.name} ({what}{goods})"


def _actions(state: RaceGame, p: Player) -> str:
    """The action cards of this round, once revealed (§6.1)."""
    if not p.actions:
        return ""
    if not state.revealed:
        return " | action chosen"  # the log says so too; which one stays secret
    return " | chose " + " and ".join(ACTION_LABELS[Action(a)] for a in p.actions)


def _revealed_placements(state: RaceGame, seat: int) -> list[str]:
    """Cards revealed for Develop or Settle and waiting to be placed (public after §8.2)."""
    return [
        state.card_name(arg)
        for name, who, arg in state.queue
        if name in _PLACE_STEPS and who == seat
    ]


def describe_table(state: RaceGame, viewer: int) -> str:
    """The round, the phases, the pool and piles, and one line per player (in player order)."""
    phases = ", ".join(PHASE_LABELS[ph] for ph in state.phases) if state.revealed else ""
    playing = f" | playing {PHASE_LABELS.get(state.phase, state.phase)}" if state.phase else ""
    when = f"Round {state.round}" if state.round else "Setup"
    lines = [
        f"{when} | phases: {phases or '-'}{playing} | VP pool {state.vp_pool} | "
        f"deck {len(state.deck)} | discards {len(state.discards)}"
    ]
    scores = state.score_details()
    for seat in state.order:
        p = state.players[seat]
        you = " (you)" if seat == viewer else ""
        lines.append(
            f"  {p.name}{you}: {p.vp} VP chips, score {scores[seat].total}, "
            f"{len(p.hand)} cards in hand, {len(p.tableau)} in tableau, "
            f"Military {total_military(state.cards, p.tableau)}{_actions(state, p)}"
        )
        if seat != viewer:
            lines.append(f"     tableau: {tableau_words(state, p)}")
    return "\n".join(lines)


def describe_empire(state: RaceGame, seat: int, viewer: int) -> str:
    """One player's tableau and hand as ``viewer`` may see them: the hand only if it is theirs."""
    p = state.players[seat]
    own = seat == viewer
    lines = [
        f"{p.name}: {p.vp} VP chips, {len(p.goods)} goods, "
        f"Military {total_military(state.cards, p.tableau)}",
        f"   tableau: {tableau_words(state, p)}",
    ]
    if own:
        hand = ", ".join(card_words(state.cards[c]) for c in sorted(p.hand)) or "-"
        lines.append(f"   hand ({len(p.hand)}): {hand}")
    else:
        lines.append(f"   hand: {len(p.hand)} cards")
    if p.explored:
        explored = (
            ", ".join(card_words(state.cards[c]) for c in p.explored)
            if own
            else f"{len(p.explored)} cards"
        )
        lines.append(f"   explored, keep {p.keep} more: {explored}")
    if own and p.decided and state.phase.removesuffix("_2") in ("develop", "settle"):
        chosen = state.card_name(p.placing) if p.placing else "nothing"
        lines.append(f"   face down for {PHASE_LABELS[state.phase]}: {chosen}")
    revealed = _revealed_placements(state, seat)
    if revealed:
        lines.append(f"   revealed, to place: {', '.join(revealed)}")
    if p.owed:
        lines.append(f"   to pay: {p.owed} cards from hand")
    return "\n".join(lines)


#: ``nfgalaxy play``: the descriptor's plain-terminal adapter.
TEXT = TextAdapter(describe_table, describe_empire)
