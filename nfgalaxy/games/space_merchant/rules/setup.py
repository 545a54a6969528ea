"""Setting up a game (§3.1, basic version) and the species choice.

Hidden things are dealt here from the game's generator: the IOUs (which culture lives in which
habitable system) and the ?-markers on the ?-boxes, the leftovers of both set aside unseen. The
order of every shuffle depends only on the seed: the items are sorted first.
"""

from __future__ import annotations

from typing import Any

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.space_merchant.board import SpaceKind, SystemKind
from nfgalaxy.games.space_merchant.pack import Pack
from nfgalaxy.games.space_merchant.rules.base import MerchantBase
from nfgalaxy.games.space_merchant.rules.common import SPECIES, Step, options_with_defaults
from nfgalaxy.games.space_merchant.state import CASH_PER_PLAYER, Player

STARTING_DICE = 2  # §3.1 step 7


def goods_markers(pack: Pack) -> dict[str, list[str]]:
    """Each culture's main goods markers, ``"<good>#<n>"``, as they lie at the start (§3.1
    step 1). Factory goods stay out of play until a factory is built (§10)."""
    market: dict[str, list[str]] = {}
    for good in pack.content.goods:
        if not good.factory:
            market.setdefault(good.culture, [])
            market[good.culture] += [f"{good.id}#{n}" for n in range(1, good.count + 1)]
    return market


def bonus_markers(pack: Pack) -> list[str]:
    """The 48 bonus markers (§2.5), the cup's content at the start."""
    return sorted([d.id for d in pack.content.demands] + [f.id for f in pack.content.fares])


def deal(g: MerchantBase, seed: int, options: dict[str, Any] | None) -> None:
    """Set up ``g`` for a new game (§3.1); ``ValueError`` for options the game cannot play."""
    g.options = options_with_defaults({**(options or {}), "seed": seed})
    g.rng.state = seed
    count = g.options["players"]
    names = list(g.options.get("names") or [])
    names += [f"Player {i + 1}" for i in range(len(names), count)]
    content, board = g.content, g.board
    if count > len(content.species):
        raise ValueError(f"this pack has {len(content.species)} species for {count} players")
    g.market = goods_markers(g.pack)
    systems = sorted(s.id for s in board.systems if s.kind is SystemKind.HABITABLE)
    cultures = sorted(c.id for c in content.cultures)
    if len(cultures) < len(systems):
        raise ValueError("the pack has fewer cultures than habitable systems")
    g.rng.shuffle(cultures)
    g.culture_at = dict(zip(systems, cultures, strict=False))
    g.set_aside_cultures = sorted(cultures[len(systems) :])
    boxes = [s.id for s in board.spaces if s.kind is SpaceKind.QBOX]
    markers = sorted(m.id for m in content.qmarkers_in_play())
    if len(markers) < len(boxes):
        raise ValueError("the pack has fewer ?-markers than ?-boxes")
    g.rng.shuffle(markers)
    g.qbox = dict(zip(boxes, markers, strict=False))
    g.set_aside_markers = sorted(markers[len(boxes) :])
    g.cup = bonus_markers(g.pack)
    cash = CASH_PER_PLAYER * count
    bank = g.options["bank"]
    g.bank = (bank if bank is not None else 0) - cash * count
    if bank is not None and g.bank < 0:
        raise ValueError(f"a bank of ${bank} cannot pay the starting cash")
    g.players = [
        Player(seat, names[seat], ship=content.starting_ship, cash=cash, space=board.galactic_base)
        for seat in range(count)
    ]
    starter, roll = _starting_player(g)
    g.order = [(starter + i) % count for i in range(count)]
    g.record("order", starter, (), (roll,))
    g.queue = [[Step.SPECIES, seat, None] for seat in g.order]
    g.queue.append([Step.TURN_START, g.order[0], None])


def _starting_player(g: MerchantBase) -> tuple[int, int]:
    """Everyone rolls two dice; the tied highest roll again until one is highest (§3.1 step
    7). Play then goes clockwise, which is seat order."""
    rolling = list(range(len(g.players)))
    while True:
        rolls = {seat: sum(1 + g.rng.below(6) for _ in range(STARTING_DICE)) for seat in rolling}
        best = max(rolls.values())
        rolling = [seat for seat in rolling if rolls[seat] == best]
        if len(rolling) == 1:
            return rolling[0], best


def opt_species(g: MerchantBase, seat: int, _arg: Any) -> list[Decision]:
    """A species nobody has chosen yet (§3.1 step 8)."""
    taken = {p.species for p in g.players}
    return [
        Decision(SPECIES, (c,), "" if g.quiet else g.content.culture(c).name)
        for c in g.content.species
        if c not in taken
    ]


def run_species(g: MerchantBase, seat: int, _arg: Any, d: Decision | None) -> None:
    assert d is not None
    g.players[seat].species = d.args[0]
    g.record("species", seat, (d.args[0],))
