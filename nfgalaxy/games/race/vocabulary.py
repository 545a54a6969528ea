"""The closed power vocabulary of Race for the Galaxy cards: every code, per phase, with what it
means, where the rule is and which parameters it takes.

A card's power is ``Power(phase, code, ...parameters)`` (``components.py``); the loader
(``cards.py``) refuses a code that is not here and a parameter its code does not take, and
``DATA.md`` explains every code in a table a test compares with this one. The rules engine
interprets each code in one place (one phase module each), so a corrected card rarely needs
new code. Codes of the expansions refer to Part B of the rules (§B…).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from nfgalaxy.games.race.components import Phase


@dataclass(frozen=True)
class Code:
    """One word of the power vocabulary: what it means, where the rule is, which parameters it
    needs (``required``) and which it may have (``accepted``)."""

    meaning: str
    rule: str
    required: frozenset[str] = frozenset()
    accepted: frozenset[str] = frozenset()
    #: ``value`` may be 0 (Rebel Cantina pays a military world's full defense, §B7).
    zero_value: bool = False


def _code(
    meaning: str, rule: str, required: str = "", accepted: str = "", zero_value: bool = False
) -> Code:
    return Code(meaning, rule, frozenset(required.split()), frozenset(accepted.split()), zero_value)


#: The closed power vocabulary, per phase. ``optional`` is accepted by every code.
CODES: Mapping[Phase, Mapping[str, Code]] = {
    Phase.EXPLORE: {
        "draw": _code("draw `value` more cards to choose from", "§7", "value"),
        "keep": _code("keep `value` more of the cards drawn", "§7", "value"),
        "mix": _code(
            "Explore mix: every card drawn goes to the hand, then discard from the whole hand "
            "as many cards as you could not keep",
            "§B7",
        ),
    },
    Phase.DEVELOP: {
        "reduce_cost": _code(
            "a development costs `value` less; `discard_self`: by discarding this card from "
            "the tableau, for one development",
            "§8.4, §B7",
            "value",
            "discard_self",
        ),
        "draw_at_start": _code(
            "draw `value` cards at the start of the phase, before choosing", "§8.1", "value"
        ),
        "draw_after_placing": _code(
            "draw `value` cards after placing a development (not this card itself)",
            "§8.6, §19",
            "value",
        ),
    },
    Phase.SETTLE: {
        "reduce_cost": _code(
            "a non-military world (of kind `goods`, if given) costs `value` less",
            "§9.1, §9.3",
            "value",
            "goods",
        ),
        "military": _code(
            "`value` Military (may be negative); specialized when only against military "
            "worlds of kind `goods` or against Rebel military worlds (`rebel`); `temporary` "
            "lasts to the end of the phase; `discard_self`: gained by discarding this card; "
            "`military_worlds`: `value` per military world in the tableau, this one included "
            "(unconditional)",
            "§9.3, §B7",
            "value",
            "goods rebel temporary discard_self military_worlds",
        ),
        "discard_hand_military": _code(
            "may discard up to `times` hand cards for `value` temporary Military each, to the "
            "end of the phase",
            "§9.3, §B7",
            "value times",
        ),
        "pay_for_military": _code(
            "place a military world as if non-military, paying its defense minus `value` (0: "
            "the full defense); other cost reductions apply; `not_alien`: not a world with "
            "Alien goods; `rebel`: only Rebel military worlds",
            "§9.4, §B7",
            "value",
            "not_alien rebel",
            zero_value=True,
        ),
        "pay_for_military_discount": _code(
            "a placement with a pay-for-military power costs `value` less; gives no such power",
            "§9.4, §B7",
            "value",
        ),
        "conquer_non_military": _code(
            "conquer a non-military world as if military, defense = its cost minus `value`; "
            "not together with a takeover or a pay-for-military power",
            "§9.3, §B7",
            "value",
            "discard_self",
        ),
        "takeover": _code(
            "declare a takeover of another player's military world (§B6.2): `rebel`: a Rebel "
            "military world of a player owning one; `imperium`: any military world of a player "
            "owning an IMPERIUM card, +`value` Military per own Rebel military world at the "
            "start of Settle; neither: any military world of a player with total Military "
            "of at least 1",
            "§B6.2",
            "",
            "rebel imperium value discard_self",
        ),
        "takeover_defense": _code(
            "defending a takeover: +`value` Military per own Rebel military world and "
            "+`per_other` per other own military world, counted at the start of Settle",
            "§B6.4",
            "value per_other",
        ),
        "second_world": _code("may place a second world after the first", "§B6.3, §B7"),
        "cost_to_zero": _code(
            "a non-military world costs 0 (`not_alien`: not one with Alien goods)",
            "§9.5",
            "",
            "not_alien discard_self",
        ),
        "draw_after_placing": _code("draw `value` cards after placing a world", "§9.1", "value"),
    },
    Phase.TRADE: {
        "sell_bonus": _code(
            "`value` more cards when selling a good (of kind `goods`, or from this world with "
            "`this_world`; any good otherwise); with `keyword`: `value` per tableau card with "
            "that keyword",
            "§10.1, §19, §B7",
            "value",
            "goods this_world keyword",
        ),
    },
    Phase.CONSUME: {
        "discard_goods": _code(
            "discard up to `times` goods (of kind `goods`, if given; all of different kinds "
            "with `different_kinds`; only this world's good with `this_world`) for `vp` VP "
            "and `cards` cards each; once begun it takes as many as it can",
            "§10.2, §B7",
            "times",
            "goods vp cards different_kinds this_world",
        ),
        "discard_goods_set": _code(
            "discard exactly `times` goods (of kind `goods`, or all of different kinds with "
            "`different_kinds`) for `vp` VP and `cards` cards once",
            "§10.2",
            "times vp",
            "goods different_kinds cards",
        ),
        "discard_all_goods": _code(
            "discard all remaining goods for their number minus 1 VP", "§10.2, §19"
        ),
        "discard_hand": _code(
            "discard up to `times` hand cards for `vp` VP and/or `cards` cards each; partial "
            "use allowed; the VP are never doubled by the x2 bonus",
            "§10.2, §10.3",
            "times",
            "vp cards",
        ),
        "draw": _code("draw `value` cards, no cost", "§10.2, §19", "value"),
        "sell": _code(
            "sell 1 good as in the Trade bonus; `trade_powers` false: for its bare trade "
            "value, Trade powers do not apply",
            "§10.2, §19",
            "trade_powers",
        ),
        "gamble": _code(
            "name a number from 1 to `value`, reveal the top card of the deck; keep it if its "
            "cost or defense equals the number, else discard it",
            "§10.2, §19",
            "value",
        ),
        "gain_vp": _code("gain `value` VP; doubled by the x2 bonus", "§10.2, §B7", "value"),
        "ante": _code(
            "ante: may stake a hand card of cost or defense 1 to `value` and reveal that many "
            "cards; if one is higher, keep the stake and one revealed card, else lose the "
            "stake; the other revealed cards are discarded",
            "§B7",
            "value",
        ),
    },
    Phase.PRODUCE: {
        "windfall_produce": _code(
            "put a good on one of your windfall worlds without one (of kind `goods`, if given; "
            "`other_world`: not this world)",
            "§11, §19",
            "",
            "goods other_world",
        ),
        "discard_to_produce": _code(
            "may discard 1 hand card to put a good on this world", "§11, §B7"
        ),
        "draw_per_card": _code(
            "draw `value` cards per world with `keyword` in the tableau, or per military world "
            "(`military_worlds`)",
            "§11, §B7",
            "value",
            "keyword military_worlds",
        ),
        "draw": _code("draw `value` cards", "§11", "value"),
        "draw_if_produced": _code(
            "draw `value` cards if this world received a good in this phase", "§11, §19", "value"
        ),
        "draw_per_good_produced": _code(
            "draw `value` cards per good of kind `goods` you produced in this phase",
            "§11",
            "value goods",
        ),
        "draw_per_kind_produced": _code(
            "draw `value` cards per different kind of good you produced in this phase",
            "§11",
            "value",
        ),
        "draw_if_most_produced": _code(
            "at the end of the phase, draw `value` cards if you produced more goods of kind "
            "`goods` than every other player",
            "§11, §19",
            "value goods",
        ),
        "draw_per_world": _code(
            "draw `value` cards per world of kind `goods` (production or windfall) you own",
            "§11, §19",
            "value goods",
        ),
    },
}

#: What each power parameter means.
PARAMETERS: Mapping[str, str] = {
    "value": "the number of the code: cards, cost, Military, or the highest number to name",
    "times": "how many goods or hand cards one use of a Consume power takes (at most)",
    "goods": "only goods, or worlds, of this kind",
    "vp": "VP gained (per good for discard_goods, once for discard_goods_set)",
    "cards": "cards drawn (per good for discard_goods, once for discard_goods_set)",
    "rebel": "Military only against Rebel military worlds (specialized)",
    "temporary": "Military lasting until the end of this Settle phase",
    "discard_self": "used by discarding this card from the tableau (rules §13.7)",
    "not_alien": "not for a world with Alien goods (the ALIEN keyword alone does not matter)",
    "this_world": "only when the good sold comes from this world",
    "different_kinds": "the goods must all be of different kinds",
    "trade_powers": "whether Trade powers add to the sale",
    "optional": "the card says 'may': the owner chooses whether to use it",
    "keyword": "counts tableau cards (worlds, for draw_per_card) with this keyword",
    "imperium": "a takeover of any military world of a player owning an IMPERIUM card",
    "military_worlds": "per military world in the owner's tableau",
    "other_world": "not this world: another of the owner's worlds",
    "per_other": "Military per own military world that is not a Rebel one (takeover defense)",
}
