"""Military in the Settle phase (§9.3, §B6.4, §B7): what a tableau gives against one world, and
the temporary Military a player adds during the phase.

Three kinds of Military meet here. *Permanent* Military comes from the ``military`` powers that
need no discard; Hidden Fortress's "+1 per military world" is one of them (unconditional, so it
counts in total Military, ``scoring.total_military``). *Temporary* Military lasts to the end of
the Settle phase (§9.3): New Military Tactics discarded from the tableau, and hand cards
discarded to a ``discard_hand_military`` power (Space Mercenaries and others). What a player has
gained so far is kept in ``Player.military_temp``, so it also counts for a second world
(Improved Logistics) and in a takeover's resolution; the cards used per power are kept in
``Player.hand_military``, so a defender may use the unused rest during a takeover (§B6.5, R3).
A specialized temporary power (none is printed) would count only for the world it was used on.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations

from nfgalaxy.games.race.components import Card, CardSet, Keyword, Phase, Power
from nfgalaxy.games.race.rules.base import RaceBase
from nfgalaxy.games.race.rules.common import split_key
from nfgalaxy.games.race.state import Player


def is_rebel_military(card: Card) -> bool:
    """A "Rebel military world": a military world with the REBEL keyword (§3)."""
    return card.military and Keyword.REBEL in card.keywords


def military_applies(power: Power, world: Card) -> bool:
    """Whether a Military power counts against this world (§9.3): unconditional Military
    always, kind-specialized only against that kind, Rebel only against Rebels. A world is
    only ever attacked as a military one (a non-military world conquered with Imperium Cloaking
    Technology is treated "as if military", §B7), so its REBEL keyword is what counts."""
    if power.goods is not None:
        return power.goods is world.goods
    if power.rebel:
        return Keyword.REBEL in world.keywords
    return True


def tableau_military(cards: CardSet, tableau: Iterable[str], world: Card) -> int:
    """The permanent Military of these tableau cards against ``world`` (§9.3, §B7): every
    ``military`` power that needs no discard, Hidden Fortress's per military world."""
    placed = list(tableau)
    total = 0
    for card_id in placed:
        for power in cards[card_id].powers:
            if power.phase is not Phase.SETTLE or power.code != "military":
                continue
            if power.discard_self or not military_applies(power, world):
                continue
            if power.military_worlds:
                total += power.value * sum(1 for c in placed if cards[c].military)
            else:
                total += power.value
    return total


def military(g: RaceBase, p: Player, world: Card) -> int:
    """``p``'s permanent Military against ``world`` now, from the cards that work (§13.3: a
    card placed in this phase neither adds its Military nor counts as a military world)."""
    fresh = p.fresh
    return tableau_military(g.cards, (c for c in p.tableau if c not in fresh), world)


def boosts(g: RaceBase, p: Player, world: Card) -> list[tuple[str, int]]:
    """The tableau cards ``p`` may discard for temporary Military against ``world`` (New
    Military Tactics, §9.3), with the Military each gives."""
    return [
        (split_key(key)[0], power.value)
        for key, power in g.powers(p, Phase.SETTLE)
        if power.code == "military" and power.discard_self and military_applies(power, world)
    ]


def discard_sets(extras: list[tuple[str, int]]) -> list[tuple[tuple[str, ...], int]]:
    """Every set of the tableau cards ``extras`` may discard for Military (``boosts``), the
    empty one first, smaller before larger, each with the Military it gives."""
    found: dict[tuple[str, ...], int] = {}
    for size in range(len(extras) + 1):
        for combo in combinations(extras, size):
            ids = tuple(sorted(card_id for card_id, _ in combo))
            found.setdefault(ids, sum(v for _, v in combo))
    return list(found.items())


def hand_military_left(g: RaceBase, p: Player) -> list[tuple[str, int, int]]:
    """``p``'s ``discard_hand_military`` powers with cards still to use this phase: (key,
    Military per card, cards left)."""
    # Two copies of a card share a key: their uses are counted together.
    capacity: dict[str, tuple[int, int]] = {}
    for key, power in g.powers(p, Phase.SETTLE):
        if power.code == "discard_hand_military":
            _value, times = capacity.get(key, (power.value, 0))
            capacity[key] = (power.value, times + power.times)
    found = []
    for key, (value, times) in capacity.items():
        left = times - p.hand_military.get(key, 0)
        if left > 0:
            found.append((key, value, left))
    return found


def hand_values(g: RaceBase, p: Player, budget: int) -> list[int]:
    """The Military each further hand card discarded would give, best first, for at most
    ``budget`` cards (the cards are all alike: only how many matters)."""
    values = sorted(
        (value for _key, value, left in hand_military_left(g, p) for _ in range(left)),
        reverse=True,
    )
    return values[: max(0, budget)]


def cards_needed(values: list[int], need: int) -> int | None:
    """The fewest hand cards (from ``hand_values``) that give ``need`` Military; None if all of
    them do not."""
    if need <= 0:
        return 0
    total = 0
    for n, value in enumerate(values, 1):
        total += value
        if total >= need:
            return n
    return None


def use_hand_military(g: RaceBase, p: Player, n: int) -> int:
    """Note ``n`` hand cards discarded to ``p``'s powers, best powers first; the Military they
    give, added to ``p``'s temporary Military. The cards themselves go in a payment step."""
    gained = 0
    for key, value, left in sorted(hand_military_left(g, p), key=lambda t: -t[1]):
        used = min(left, n)
        if used:
            p.hand_military[key] = p.hand_military.get(key, 0) + used
            gained += used * value
            n -= used
    p.military_temp += gained
    return gained


def discard_for_military(g: RaceBase, p: Player, card_id: str) -> None:
    """Discard a tableau card for its temporary Military (§9.3, §13.7); an unconditional one
    lasts for the rest of the phase."""
    power = next(
        power
        for power in g.cards[card_id].powers
        if power.phase is Phase.SETTLE and power.code == "military" and power.discard_self
    )
    discard_from_tableau(g, p, card_id)
    if power.goods is None and not power.rebel:
        p.military_temp += power.value


def discard_from_tableau(g: RaceBase, p: Player, card_id: str) -> None:
    """§13.7: the card leaves the tableau, everyone sees it go, it counts for nothing more."""
    p.tableau.remove(card_id)
    g.discard_public([card_id])
    g.record("tableau_discard", p.seat, (card_id,))


def reset_settle(p: Player) -> None:
    """Forget one Settle phase's records (at its start and at every phase end)."""
    p.military_temp = 0
    p.hand_military = {}
    p.settled = 0
    p.settle_start = []
    p.declared = []
    p.outcomes = []
