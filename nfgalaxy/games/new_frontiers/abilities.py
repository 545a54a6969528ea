"""How the ability vocabulary of the tile data changes each action.

Each function reads a player's active abilities for one phase and answers one rules question
(military against a world, the price of a world or development, a trade price). The engine asks
these functions and never looks at tile names, so a corrected tile file changes play without code.
"""

from __future__ import annotations

from collections.abc import Iterable

from nfgalaxy.games.new_frontiers.components import Ability, Development, Kind, World

ActiveAbilities = Iterable[tuple[str, Ability]]


class SettlePowers:
    """One player's Settle abilities in one action, read in one pass: the Settle rules below
    (military against a world, the price of a world, paying for a military world) are asked for
    every explored world every time Settle options are made, so they read these totals rather
    than every ability again. ``NewFrontiers.powers`` keeps them until the player's tiles change.
    """

    __slots__ = (
        "_terms",
        "conditional",
        "discount",
        "discount_by_kind",
        "military",
        "reductions",
        "replace_self",
        "second_settle",
        "temporary",
        "upgrade_limit",
    )

    def __init__(self, active: ActiveAbilities) -> None:
        #: Credits off every non-military world, and off worlds of one kind (by ``Kind``).
        self.discount = 0
        self.discount_by_kind = [0, 0, 0, 0]
        #: Unconditional military, and the military abilities tied to a kind or keyword.
        self.military = 0
        self.conditional: list[Ability] = []
        self.reductions: list[int] = []  # pay-for-military abilities
        self.second_settle = False
        self.temporary: list[tuple[str, Ability]] = []
        limits: list[int] = []
        self.replace_self: list[tuple[str, Ability]] = []
        for tile, ability in active:
            effect = ability.effect
            if effect == "discount":
                if ability.kind is None:
                    self.discount += ability.amount
                else:
                    self.discount_by_kind[ability.kind] += ability.amount
            elif effect == "military":
                if ability.kind is None and ability.keyword is None:
                    self.military += ability.amount
                else:
                    self.conditional.append(ability)
            elif effect == "pay_for_military":
                self.reductions.append(ability.reduction)
            elif effect == "second_settle":
                self.second_settle = True
            elif effect == "temporary_military":
                self.temporary.append((tile, ability))
            elif effect == "upgrade":
                limits.append(ability.max_increase)
            elif effect == "replace_self":
                self.replace_self.append((tile, ability))
        #: The largest cost increase an upgrade (Terraforming) ability allows; None: no such one.
        self.upgrade_limit = max(limits) if limits else None
        self._terms: dict[str, tuple[int | None, int, int | None]] = {}

    def terms(self, world: World) -> tuple[int | None, int, int | None]:
        """What settling ``world`` takes, remembered by world (Settle options ask for every
        explored world, every time): (``settle_price`` of a non-military world, else None;
        ``military_against`` it without temporary military; ``pay_for_military_price``)."""
        found = self._terms.get(world.id)
        if found is None:
            if world.military:
                strength = self.military_against(world, 0)
                found = (None, strength, self.pay_for_military_price(world))
            else:
                found = (self.settle_price(world), 0, None)
            self._terms[world.id] = found
        return found

    def military_against(self, world: World, temporary: int) -> int:
        """Military strength against one world (rules §5.4, [ENGINE] military check).

        Unconditional Settle military always counts; conditional military counts only when the
        world has the named kind or keyword; temporary military bought in this action counts too.
        """
        total = temporary + self.military
        for ability in self.conditional:
            if ability.kind is not None and (world.any_kind or world.kind is not ability.kind):
                continue
            if ability.keyword is not None and ability.keyword not in world.keywords:
                continue
            total += ability.amount
        return total

    def settle_discount(self, kind: Kind | None) -> int:
        """Credits off settling a non-military world of ``kind`` (None: gray) (rules §5.4)."""
        return self.discount if kind is None else self.discount + self.discount_by_kind[kind]

    def settle_price(self, world: World) -> int:
        """Credits to settle a non-military world, floored at 0.

        Alien Oort Cloud Refinery's kind is declared for the action in which it is settled; the
        engine declares the kind with the biggest discount, the one a player would choose.
        """
        if world.any_kind:
            discount = self.discount + max(self.discount_by_kind)
        else:
            discount = self.settle_discount(world.kind)
        return max(0, (0 if world.military else world.number) - discount)  # its cost

    def pay_for_military_price(self, world: World) -> int | None:
        """Price of settling a military non-Alien world as non-military, or None if impossible.

        Contact Specialist and its kin: the defence is the cost, minus the ability's reduction,
        minus the usual discounts for the world's kind (rules §10, reading §16.19). These
        abilities do not add up: the cheapest one is used.
        """
        if not self.reductions or not world.military or "Alien" in world.keywords:
            return None
        return max(0, world.number - max(self.reductions) - self.settle_discount(world.kind))


def military_against(active: ActiveAbilities, world: World, temporary: int) -> int:
    """``SettlePowers.military_against`` for a list of active abilities."""
    return SettlePowers(active).military_against(world, temporary)


def base_military(active: ActiveAbilities) -> int:
    """Unconditional Settle military only: what a player's "military strength" shows."""
    return sum(
        a.amount
        for _t, a in active
        if a.effect == "military" and a.kind is None and a.keyword is None
    )


def settle_discount(active: ActiveAbilities, kind: Kind | None) -> int:
    """``SettlePowers.settle_discount`` for a list of active abilities."""
    return SettlePowers(active).settle_discount(kind)


def settle_price(active: ActiveAbilities, world: World) -> int:
    """``SettlePowers.settle_price`` for a list of active abilities."""
    return SettlePowers(active).settle_price(world)


def pay_for_military_price(active: ActiveAbilities, world: World) -> int | None:
    """``SettlePowers.pay_for_military_price`` for a list of active abilities."""
    return SettlePowers(active).pay_for_military_price(world)


def develop_discounts(active: ActiveAbilities, chooser: bool) -> tuple[int, int]:
    """(discount on a small development, discount on a 9-cost one): the Develop bonus plus the
    Develop abilities, some of which give more off a 9-cost development."""
    small = large = 1 if chooser else 0
    for _tile, ability in active:
        if ability.effect == "discount":
            small += ability.amount
            large += ability.large_amount or ability.amount
    return small, large


def develop_price(active: ActiveAbilities, dev: Development, chooser: bool) -> int:
    """Price of a development: printed cost − bonus − Develop discounts, floored at 0 (§5.2)."""
    small, large = develop_discounts(active, chooser)
    return max(0, dev.cost - (large if dev.large else small))


def trade_price(active: ActiveAbilities, kind: Kind) -> int:
    """Credits for selling one good: base price by kind plus Trade abilities (rules §5.6)."""
    price = kind.price
    for _tile, ability in active:
        if ability.effect == "bonus" and (ability.kind is None or ability.kind is kind):
            price += ability.amount
    return price


def gives_military(ability: Ability) -> bool:
    return ability.effect in ("military", "temporary_military")
