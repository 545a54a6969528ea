"""Why a decision is refused: the rule it breaks, named with its section."""

from __future__ import annotations

from typing import Any

from nfgalaxy.core.decision import Decision, IllegalDecision
from nfgalaxy.games.race.rules.base import RaceBase
from nfgalaxy.games.race.rules.common import (
    ACTION,
    DISCARD,
    DONE,
    KEEP,
    PAY,
    PLACE,
    SETTLE_BY,
    STAKE,
    USE,
    Step,
)
from nfgalaxy.games.race.rules.develop import why_not_develop
from nfgalaxy.games.race.rules.settle import ways
from nfgalaxy.games.race.rules.settle_refusals import settle_refusal
from nfgalaxy.games.race.rules.setup import start_discards

#: The rule each step follows, for a refusal that has no more specific reason.
STEP_RULES = {
    Step.START_WORLD: "§5.7, §B4.2",
    Step.START_DISCARD: "§5.5",
    Step.CHOOSE_ACTION: "§6.1",
    Step.EXPLORE_KEEP: "§7",
    Step.EXPLORE_DISCARD: "§B7",
    Step.DEVELOP_PLACE: "§8.4, §B7",
    Step.CHOOSE_PLACEMENT: "§8.2, §9.1",
    Step.SETTLE_PLACE: "§9.1",
    Step.SECOND_WORLD: "§9.2, §B6.3",
    Step.TAKEOVER_DECLARE: "§B6.3",
    Step.TAKEOVER_DEFEND: "§B6.5",
    Step.PAY: "§8.4, §9.1",
    Step.SELL: "§10.1",
    Step.CONSUME: "§10.2",
    Step.CONSUME_GOOD: "§10.2",
    Step.CONSUME_HAND: "§10.2",
    Step.GAMBLE: "§10.2",
    Step.ANTE: "§B7",
    Step.ANTE_KEEP: "§B7",
    Step.WINDFALL: "§11",
    Step.PRODUCE_DISCARD: "§B7",
    Step.HAND_LIMIT: "§12.1",
}


#: What a player is asked at each step, in the game's words (refusals never name a step).
STEP_WORDS = {
    Step.START_WORLD: "keep one of the two start worlds dealt",
    Step.START_DISCARD: "discard 2 of the 6 cards dealt (3 with Ancient Race)",
    Step.CHOOSE_ACTION: "choose an action card",
    Step.EXPLORE_KEEP: "choose which explored cards to keep",
    Step.EXPLORE_DISCARD: "discard from the whole hand the explored cards not kept",
    Step.DEVELOP_PLACE: "choose how to pay for the development",
    Step.CHOOSE_PLACEMENT: "choose a card to place, or pass",
    Step.SETTLE_PLACE: "choose how to place the world",
    Step.SECOND_WORLD: "choose a second world to place, or none",
    Step.TAKEOVER_DECLARE: "declare a takeover, or none",
    Step.TAKEOVER_DEFEND: "add temporary Military against a takeover, or not",
    Step.PAY: "choose the cards to pay with",
    Step.SELL: "choose a good to sell",
    Step.CONSUME: "use a consume power, or stop",
    Step.CONSUME_GOOD: "choose a good to consume",
    Step.CONSUME_HAND: "choose hand cards to discard for VP",
    Step.GAMBLE: "name a number for the gamble",
    Step.ANTE: "choose a hand card to stake",
    Step.ANTE_KEEP: "take one of the revealed cards",
    Step.WINDFALL: "choose a windfall world to produce on",
    Step.PRODUCE_DISCARD: "choose a hand card to discard for a good",
    Step.HAND_LIMIT: "discard down to the hand limit",
}


def explain(g: RaceBase, decision: Decision) -> IllegalDecision:
    """Why ``decision`` is refused now, naming the rule it breaks."""
    if not g.queue:
        return IllegalDecision("§16", "the game is over")
    name, seat, arg = g.queue[0]
    specific = _specific(g, name, seat, arg, decision)
    if specific is not None:
        return IllegalDecision(*specific)
    asked = STEP_WORDS.get(name, "wait for the game to go on")
    return IllegalDecision(
        STEP_RULES.get(name, "§6"),
        f"that is not possible now: {g.name(seat)} is to {asked}",
    )


def _action_refusal(advanced: bool, cards: tuple[Any, ...]) -> tuple[str, str]:
    if not advanced:
        return ("§6.1", "choose one of the seven action cards")
    if len(cards) != 2 or len(set(cards)) != 2:
        return ("§18", "in the advanced 2-player game choose two different action cards")
    return ("§18", "a second Develop or Settle card only together with the first")


def _in_hand(g: RaceBase, seat: int, d: Decision) -> bool:
    return bool(d.args) and all(a in g.players[seat].hand for a in d.args)


def _specific(g: RaceBase, step: str, seat: int, arg: Any, d: Decision) -> tuple[str, str] | None:
    """The rule a refused decision breaks, for the common mistakes."""
    p = g.players[seat]
    settle = settle_refusal(g, step, seat, arg, d)
    if settle is not None:
        return settle
    if step == Step.CHOOSE_ACTION and d.kind == ACTION:
        return _action_refusal(bool(g.options.get("advanced")), d.args)
    if step == Step.START_DISCARD and d.kind == DISCARD:
        count = start_discards(g, seat)
        if len(d.args) != count:
            return ("§5.5, §B4.2", f"discard exactly {count} of the 6 cards dealt")
        if not _in_hand(g, seat, d):
            return ("§5.5", "only cards in your hand may be discarded")
    if step == Step.CHOOSE_PLACEMENT and d.kind == PLACE and d.args:
        card_id = d.args[0]
        if card_id not in p.hand:
            return ("§8.2, §9.1", "the card placed must come from your hand")
        if arg == "develop":
            return why_not_develop(g, p, card_id)
        if not g.cards[card_id].is_world:
            return ("§9.1", "only a world may be placed in Settle")
        if not ways(g, p, card_id):
            return ("§9.1, §9.3", "this world can be neither paid for nor conquered now")
    if step == Step.SETTLE_PLACE and d.kind == SETTLE_BY:
        card = g.cards[arg]
        if d.args and d.args[0] == "conquer":
            return ("§9.3", f"Military is below {card.name}'s defense {card.defense}")
        if d.args and d.args[0] == "pay" and card.military:
            return ("§9.1", "a military world is conquered, not paid for (§9.4 excepted)")
        return ("§9.4, §9.5", "that way of placing the world is not available")
    if step == Step.PAY and d.kind == PAY and not _in_hand(g, seat, d):
        return ("§8.4, §9.1", "payment is made with cards from your hand")
    if step == Step.EXPLORE_KEEP and d.kind == KEEP:
        return ("§7", "keep one of the cards you drew in this Explore phase")
    if step == Step.CONSUME and d.kind == DONE:
        return ("§10.2, §13.4", "a mandatory consume power can still be used")
    if step == Step.WINDFALL and d.kind == DONE:
        return ("§11, §13.4", "a mandatory windfall-production power can still be used")
    if step == Step.SELL and d.kind == USE and arg == "trade":
        return ("§10.1", "the Trade chooser sells one good before using consume powers")
    if step == Step.HAND_LIMIT and d.kind == DISCARD and not _in_hand(g, seat, d):
        return ("§12.1", "discard cards from your hand")
    return _expansion_refusal(g, step, seat, arg, d)


def _expansion_refusal(
    g: RaceBase, step: str, seat: int, arg: Any, d: Decision
) -> tuple[str, str] | None:
    """The rule a refused decision of an RvI/TGS power of Explore, Develop, Consume or Produce
    breaks (§B7)."""
    p = g.players[seat]
    if step == Step.EXPLORE_DISCARD and d.kind == DISCARD:
        return ("§B7", "Explore mix: discard cards from your hand")
    if step == Step.DEVELOP_PLACE and d.kind == DONE:
        return ("§8.4, §B7", "the other hand cards cannot pay for it without the discard")
    if step == Step.DEVELOP_PLACE and d.kind == USE:
        return ("§B7", "only a discard-to-reduce power of your tableau that lowers this cost")
    if step == Step.ANTE and d.kind == STAKE:
        top = g.power_of(arg).value
        return ("§B7", f"stake a card from your hand with cost or defense 1 to {top}")
    if step == Step.ANTE_KEEP and d.kind == KEEP:
        return ("§B7", "take one of the cards revealed by the ante")
    if step == Step.PRODUCE_DISCARD and d.kind == DISCARD and not _in_hand(g, seat, d):
        return ("§B7", "discard a card from your hand")
    if step == Step.WINDFALL and d.kind == USE:
        return ("§B7", "only an unused discard-to-produce power, its world empty, a card in hand")
    if step == Step.CONSUME and d.kind == USE and d.args and d.args[0] in p.used:
        return ("§10.2", "each consume power is used at most once per phase")
    return None
