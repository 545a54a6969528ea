"""Trading with other players (§7.12, last bullet): at a landing site, with the ships there.

One proposal is one thing given and one thing asked, either of which may be nothing (not both):
an amount of money, a good, a fare, a relic, a piece of equipment or an IOU. Ships and deeds
never change hands, and credit is no money (§7.2). The active player builds the proposal in two
steps, what to give and then what to ask, and the other player accepts or declines it: a
decision of that seat. Money goes from hand to hand, never through the bank, and no commission
is paid. Both ships' cargo must fit after the exchange (§8). A proposal declined is not made
again in the same turn. "Make no proposal" while choosing what to give ends the proposals to
that player for the turn; while choosing what to ask, it drops that thing given from the
proposals to that player for the turn (another may be given): so a turn cannot go round in
proposals begun and withdrawn, and a mistake is taken back with undo. Money is offered on a
short ladder of amounts so that the choice stays a list a player can read.

An item is ``(kind, what)``: ``("money", 50)``, ``("goods", good id)``, ``("fare", marker)``,
``("relic", relic)``, ``("equipment", kind)``, ``("iou", culture ID)`` or ``("nothing", "")``.
"""

from __future__ import annotations

from typing import Any

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.space_merchant.rules.base import MerchantBase
from nfgalaxy.games.space_merchant.rules.common import (
    ACCEPT,
    ASK,
    DECLINE,
    GIVE,
    PROPOSE,
    WITHDRAW,
    Step,
)
from nfgalaxy.games.space_merchant.rules.cup import good_of, is_goods
from nfgalaxy.games.space_merchant.rules.events import trade_item_words
from nfgalaxy.games.space_merchant.rules.holds import half_holds, ship_type
from nfgalaxy.games.space_merchant.rules.trading import first_marker, site
from nfgalaxy.games.space_merchant.state import Player

Item = tuple[str, Any]
NOTHING: Item = ("nothing", "")
#: The amounts of money a proposal may name: $10 steps to $100, $50 steps to $500, then $100.
MONEY_LADDER = (*range(10, 101, 10), *range(150, 501, 50), *range(600, 2001, 100))
ITEM_KINDS = ("nothing", "money", "goods", "fare", "relic", "equipment", "iou")


def partners(g: MerchantBase, seat: int) -> list[int]:
    """The other players whose ships are on the active ship's landing site now."""
    s = site(g, seat)
    if not s.landing:
        return []
    return [q.seat for q in g.players if q.seat != seat and q.space == s.space]


def holdings(g: MerchantBase, p: Player) -> list[Item]:
    """What ``p`` could hand over: money on the ladder, each good and fare, relic, kind of
    equipment and IOU (never the ship or a deed)."""
    found: list[Item] = [("money", amount) for amount in MONEY_LADDER if amount <= p.cash]
    found += [("goods", good) for good in sorted({good_of(m) for m in p.cargo if is_goods(m)})]
    found += [("fare", marker) for marker in sorted({m for m in p.cargo if not is_goods(m)})]
    found += [("relic", relic) for relic in sorted(p.relics)]
    found += [("equipment", kind) for kind in sorted(set(p.equipment))]
    found += [("iou", culture) for culture in sorted(p.ious)]
    return found


def holds(p: Player, item: Item) -> bool:
    """Whether ``p`` has ``item`` to hand over."""
    kind, what = item
    if kind == "nothing":
        return True
    if kind == "money":
        return isinstance(what, int) and not isinstance(what, bool) and 0 < what <= p.cash
    if kind == "goods":
        return first_marker(p.cargo, what) is not None
    places = {"fare": p.cargo, "relic": p.relics, "equipment": p.equipment, "iou": p.ious}
    held = places.get(kind)
    return held is not None and what in held and (kind != "fare" or not is_goods(str(what)))


def _load_after(p: Player, given: Item, received: Item) -> tuple[list[str], list[str]]:
    """``p``'s cargo and equipment once ``given`` has left and ``received`` has come."""
    cargo, equipment = list(p.cargo), list(p.equipment)
    kind, what = given
    if kind == "goods":
        marker = first_marker(cargo, what)
        assert marker is not None
        cargo.remove(marker)
    elif kind == "fare":
        cargo.remove(what)
    elif kind == "equipment":
        equipment.remove(what)
    kind, what = received
    if kind == "goods":
        cargo.append(f"{what}#")
    elif kind == "fare":
        cargo.append(what)
    elif kind == "equipment":
        equipment.append(what)
    return cargo, equipment


def fits_after(g: MerchantBase, p: Player, given: Item, received: Item) -> bool:
    """Whether ``p``'s holds take the load after the exchange (§8)."""
    cargo, equipment = _load_after(p, given, received)
    kind = ship_type(g, p.ship)
    return half_holds(cargo, equipment, kind) <= 2 * kind.holds


def proposal_key(partner: int, give: Item, ask: Item) -> str:
    """A proposal in words a turn can remember it declined by."""
    return f"{partner}|{give[0]}:{give[1]}|{ask[0]}:{ask[1]}"


def why_not(g: MerchantBase, seat: int, partner: int, give: Item, ask: Item) -> str | None:
    """Why this proposal may not be made now, or None."""
    t = g.turn
    assert t is not None
    if partner not in partners(g, seat):
        return "only with a player whose ship is on the same landing site"
    if give[0] not in ITEM_KINDS or ask[0] not in ITEM_KINDS:
        return "only money, goods, relics, fares, equipment and IOUs change hands"
    p, q = g.players[seat], g.players[partner]
    if not holds(p, give) or not holds(q, ask):
        return "each side gives only what it has"
    if give == ask or (give[0] == "money" and ask[0] == "money"):
        return "a proposal exchanges two different things"
    if give == NOTHING and ask == NOTHING:
        return "a proposal gives or asks something"
    if not fits_after(g, p, give, ask) or not fits_after(g, q, ask, give):
        return "the cargo must fit both ships (§8)"
    if proposal_key(partner, give, ask) in t.declined:
        return "that proposal was declined this turn"
    if withdrawal_key(partner, give) in t.withdrawn:
        return "a proposal giving that was begun and not made this turn: give something else"
    return None


def item_words(g: MerchantBase, item: Item) -> str:
    return trade_item_words(g, item[0], str(item[1]))


def _label(g: MerchantBase, words: str) -> str:
    return "" if g.quiet else words


def proposals(g: MerchantBase, seat: int) -> list[Decision]:
    """The landing site's offer to trade with each player there who could be offered
    something (§7.12)."""
    t = g.turn
    assert t is not None
    return [
        Decision(PROPOSE, (q,), _label(g, f"Propose a trade to {g.name(q)}"))
        for q in partners(g, seat)
        if withdrawal_key(q) not in t.withdrawn
        and any(_asks(g, seat, q, item) for item in [NOTHING, *holdings(g, g.players[seat])])
    ]


def withdrawal_key(partner: int, give: Item | None = None) -> str:
    """A proposal begun to ``partner`` and not made, while choosing what to give (``give``
    None: no proposal to them again this turn) or what to ask for ``give`` (not given to them
    again this turn)."""
    return str(partner) if give is None else f"{partner}|{give[0]}:{give[1]}"


def _withdraw(g: MerchantBase, key: str) -> None:
    t = g.turn
    assert t is not None
    if key not in t.withdrawn:
        t.withdrawn.append(key)


def _asks(g: MerchantBase, seat: int, partner: int, give: Item) -> list[Item]:
    """What may be asked of ``partner`` for ``give``: the proposals that may be made."""
    found = [NOTHING, *holdings(g, g.players[partner])]
    return [item for item in found if why_not(g, seat, partner, give, item) is None]


def opt_give(g: MerchantBase, seat: int, arg: dict[str, Any]) -> list[Decision]:
    """What to give: nothing or one thing held, for which something may be asked; or no
    trade after all."""
    options = [Decision(WITHDRAW, (), _label(g, "Make no proposal"))]
    for item in [NOTHING, *holdings(g, g.players[seat])]:
        if _asks(g, seat, arg["to"], item):
            words = f"Give {item_words(g, item)}"
            options.append(Decision(GIVE, item, _label(g, words)))
    return options


def run_give(g: MerchantBase, seat: int, arg: dict[str, Any], d: Decision | None) -> None:
    if d is None or d.kind == WITHDRAW:
        _withdraw(g, withdrawal_key(arg["to"]))
        return
    g._push([Step.TRADE_ASK, seat, {"to": arg["to"], "give": list(d.args)}])


def opt_ask(g: MerchantBase, seat: int, arg: dict[str, Any]) -> list[Decision]:
    """What to ask for it: nothing or one thing the other player holds, so that the proposal
    may be made; or no trade after all."""
    partner, give = arg["to"], tuple(arg["give"])
    options = [Decision(WITHDRAW, (), _label(g, "Make no proposal"))]
    for item in _asks(g, seat, partner, give):
        words = f"Ask {g.name(partner)} for {item_words(g, item)}"
        options.append(Decision(ASK, item, _label(g, words)))
    return options


def run_ask(g: MerchantBase, seat: int, arg: dict[str, Any], d: Decision | None) -> None:
    if d is None or d.kind == WITHDRAW:
        _withdraw(g, withdrawal_key(arg["to"], tuple(arg["give"])))
        return
    partner, give, ask = arg["to"], list(arg["give"]), list(d.args)
    g.record("trade_offer", seat, _components(partner, give, ask))
    g._push([Step.TRADE_ANSWER, partner, {"from": seat, "give": give, "ask": ask}])


def _components(other: int, give: list[Any], ask: list[Any]) -> tuple[str, ...]:
    """An event's components: the other seat, then each item's kind and what."""
    return (str(other), give[0], str(give[1]), ask[0], str(ask[1]))


def opt_answer(g: MerchantBase, seat: int, arg: dict[str, Any]) -> list[Decision]:
    """The other player's answer: accept or decline."""
    proposer = g.name(arg["from"])
    gets, pays = item_words(g, tuple(arg["give"])), item_words(g, tuple(arg["ask"]))
    return [
        Decision(ACCEPT, (), _label(g, f"Accept: {proposer} gives {gets} for {pays}")),
        Decision(DECLINE, (), _label(g, f"Decline {proposer}'s proposal")),
    ]


def run_answer(g: MerchantBase, seat: int, arg: dict[str, Any], d: Decision | None) -> None:
    t = g.turn
    assert t is not None and d is not None
    proposer, give, ask = arg["from"], tuple(arg["give"]), tuple(arg["ask"])
    words = _components(proposer, list(give), list(ask))
    if d.kind == DECLINE:
        t.declined.append(proposal_key(seat, give, ask))
        g.record("trade_decline", seat, words)
        return
    p, q = g.players[proposer], g.players[seat]
    hand_over(g, p, q, give)
    hand_over(g, q, p, ask)
    g.record("trade_accept", seat, words)


def hand_over(g: MerchantBase, giver: Player, taker: Player, item: Item) -> None:
    """``item`` goes from ``giver`` to ``taker``; for the active player it is new this turn, and
    what leaves it is no longer (§7.12: nothing acquired this turn is jettisoned this turn)."""
    t = g.turn
    assert t is not None
    kind, what = item
    if kind == "money":
        giver.cash -= what
        taker.cash += what
        return
    if kind == "nothing":
        return
    if kind == "goods":
        what = first_marker(giver.cargo, what)
    places = {
        "goods": ("cargo", "new_cargo"),
        "fare": ("cargo", "new_cargo"),
        "relic": ("relics", "new_relics"),
        "equipment": ("equipment", "new_equipment"),
        "iou": ("ious", ""),
    }
    held, new = places[kind]
    getattr(giver, held).remove(what)
    getattr(taker, held).append(what)
    if not new:
        return
    fresh = getattr(t, new)
    if giver.seat == t.seat and what in fresh:
        fresh.remove(what)
    if taker.seat == t.seat:
        fresh.append(what)
