"""Money between the players and the bank (§7.2, §7.11, §11): purchases paid with credit and
cash, payments and commissions from the bank, and the end of the game when the bank cannot pay.

The bank is finite only when the option ``bank`` names its money; then a payment it cannot make
ends the game at once, before anything changes hands, and the richest player wins (§11, §13
item 12). Unlimited, it may go below 0 and that rule never fires. Credit is no money: it is
value a trade-in left for purchases this turn, so spending it moves nothing to the bank.
"""

from __future__ import annotations

from nfgalaxy.games.space_merchant.rules.base import MerchantBase
from nfgalaxy.games.space_merchant.rules.ending import end_with_richest
from nfgalaxy.games.space_merchant.state import Player

#: Commission percentages (§7.11): an owned spaceport on its trade, a factory on its goods.
PORT_COMMISSION = 10
FACTORY_COMMISSION = 50


def can_pay(g: MerchantBase, amount: int) -> bool:
    """Whether the bank can pay ``amount`` now (always, when it is unlimited)."""
    return g.options.get("bank") is None or g.bank >= amount


def bank_pays(g: MerchantBase, p: Player, amount: int) -> bool:
    """The bank pays ``p``; False (and the game over) when it cannot (§11)."""
    if amount <= 0:
        return True
    if not can_pay(g, amount):
        end_bank_empty(g, amount)
        return False
    g.bank -= amount
    p.cash += amount
    return True


def purchase_power(g: MerchantBase, p: Player) -> int:
    """Cash plus this turn's credit: the most a player can spend (§11: never more)."""
    credit = g.turn.credit if g.turn is not None and g.turn.seat == p.seat else 0
    return p.cash + credit


def pay_price(g: MerchantBase, p: Player, price: int) -> int:
    """``p`` pays ``price`` to the bank, credit first (what is left of it lapses anyway at
    the end of the turn, §7.2); returns the cash paid."""
    assert g.turn is not None and price <= purchase_power(g, p)
    from_credit = min(g.turn.credit, price)
    g.turn.credit -= from_credit
    g.pay_bank(p, price - from_credit)
    return price - from_credit


def port_owner(g: MerchantBase, space_id: str) -> int | None:
    """The owner of an owned spaceport here; None at a city or an open spaceport (§10)."""
    return g.spaceports.get(space_id)


def commission_due(amount: int, percent: int) -> int:
    """``percent`` of ``amount``, rounded down (§7.11; the bots reckon with it too)."""
    return amount * percent // 100


def commission(g: MerchantBase, owner: int | None, amount: int, percent: int) -> bool:
    """The bank pays ``owner`` ``percent`` of ``amount``, rounded down, after the deal that
    earned it (§7.11); False when the bank could not pay and the game is over."""
    if owner is None:
        return True
    due = commission_due(amount, percent)
    if due <= 0:
        return True
    if not bank_pays(g, g.players[owner], due):
        return False
    g.record("commission", owner, (), (due, percent))
    return True


def end_bank_empty(g: MerchantBase, owed: int) -> None:
    """§11: the bank cannot pay, and the game ends at once; the richest wins."""
    g.record("bank_empty", None, (), (owed, g.bank))
    end_with_richest(g, f"the bank could not pay ${owed}")
