"""What must always hold in a Space Merchant state: every marker in exactly one place, the
cup at its 48, the hidden deals complete. A loaded save is refused when any of it fails, and
the random-play tests ask it after every decision.
"""

from __future__ import annotations

from collections import Counter

from nfgalaxy.games.space_merchant.board import SpaceKind, SystemKind
from nfgalaxy.games.space_merchant.content import MarkerKind, Relic
from nfgalaxy.games.space_merchant.rules.base import MerchantBase
from nfgalaxy.games.space_merchant.rules.setup import bonus_markers, goods_markers


def marker_places(g: MerchantBase) -> Counter[str]:
    """Every goods and bonus marker in play, counted where it lies: cup, cultures, holds."""
    found: Counter[str] = Counter(g.cup)
    for markers in g.market.values():
        found.update(markers)
    for p in g.players:
        found.update(p.cargo)
    return found


def state_problems(g: MerchantBase) -> list[str]:
    """Everything wrong with ``g``, in words; empty for a sound state."""
    problems: list[str] = []
    expected = Counter(bonus_markers(g.pack))
    for markers in goods_markers(g.pack).values():
        expected.update(markers)
    for culture in g.factories:  # factory goods enter play with their factory (§10)
        for good in g.content.goods_of(culture, factory=True):
            expected.update(f"{good.id}#{n}" for n in range(1, good.count + 1))
    if marker_places(g) != expected:
        problems.append("the goods and bonus markers are not each in one place")
    if len(g.cup) != g.content.bonus_markers:
        problems.append(f"the cup holds {len(g.cup)} markers, not {g.content.bonus_markers}")
    habitable = {s.id for s in g.board.systems if s.kind is SystemKind.HABITABLE}
    if set(g.culture_at) != habitable:
        problems.append("not every habitable system has one IOU")
    cultures = sorted([*g.culture_at.values(), *g.set_aside_cultures])
    if cultures != sorted(c.id for c in g.content.cultures):
        problems.append("the cultures are not each dealt once")
    if not set(g.discovered) <= habitable:
        problems.append("a discovered system is not habitable")
    boxes = {s.id for s in g.board.spaces if s.kind is SpaceKind.QBOX}
    if set(g.qbox) | set(g.revealed) != boxes or set(g.qbox) & set(g.revealed):
        problems.append("not every ?-box holds one ?-marker")
    dealt = sorted([*g.qbox.values(), *g.revealed.values(), *g.set_aside_markers])
    if dealt != sorted(m.id for m in g.content.qmarkers_in_play()):
        problems.append("the ?-markers are not each dealt once")
    relics = [
        g.marker(m).relic for m in g.revealed.values() if g.marker(m).kind is MarkerKind.RELIC
    ]
    found_relics = [r for p in g.players for r in p.relics] + [
        r for places in (g.lying, g.suns) for held in places.values() for r in held
    ]
    if sorted(found_relics) != sorted(r.value for r in relics if isinstance(r, Relic)):
        problems.append("the relics found are not each held, lying or on a sun once")
    problems += _ownership_problems(g)
    if sorted(g.order) != list(range(len(g.players))):
        problems.append("the turn order is not the seats")
    for p in g.players:
        if not g.board.has_space(p.space):
            problems.append(f"{p.name}'s ship is on no space of the board")
        if p.cash < 0:
            problems.append(f"{p.name} has negative cash")
    if g.options.get("bank") is not None and g.bank < 0:
        problems.append("the bank has paid more than it holds")
    return problems


def _ownership_problems(g: MerchantBase) -> list[str]:
    """Deeds, built spaceports and factories agree (§7.9, §10); equipment within the bank's
    markers (§2.6); IOUs held only of discovered cultures (§6)."""
    problems: list[str] = []
    deeds = [d for p in g.players for d in p.deeds]
    if len(deeds) != len(set(deeds)):
        problems.append("a deed is owned twice")
    sites = {s.id: s.orbit_site for s in g.board.spaces if s.orbit_site}
    ports = {f"port:{sites.get(space)}": seat for space, seat in g.spaceports.items()}
    factories = {f"factory:{culture}": seat for culture, seat in g.factories.items()}
    owners = {d: p.seat for p in g.players for d in p.deeds}
    if owners != {**ports, **factories}:
        problems.append("the deeds do not match the spaceports and factories built")
    for item in g.content.equipment_in_play():
        if sum(p.equipment.count(item.id) for p in g.players) > item.markers:
            problems.append(f"more {item.name} markers are on ships than exist")
    discovered = {g.culture_at[s] for s in g.discovered}
    for p in g.players:
        if not set(p.ious) <= discovered or len(p.ious) != len(set(p.ious)):
            problems.append(f"{p.name} holds an IOU not found")
    return problems
