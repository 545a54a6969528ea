"""What entering a space does (§5.6, §5.11), observation and discovery (§6), Spy Eye (§9).

Entering a face-down ?-box turns its marker face up for good; a penalty marker of a colour the
ship skips gives the step's MP back. Observing a culture and spying on a ?-marker teach one
player a hidden thing privately: the player's ``known_*`` tables hold it, views keep it for that
seat only, and the events say where the player looked, never what was seen. Discovery makes a
culture public: the IOU goes to the discoverer as credit for later, and what anyone privately
knew about that system is now everyone's.
"""

from __future__ import annotations

from nfgalaxy.games.space_merchant.content import MarkerKind, Relic
from nfgalaxy.games.space_merchant.rules.base import MerchantBase
from nfgalaxy.games.space_merchant.state import Player


def enter(g: MerchantBase, p: Player, space_id: str, cost: int) -> None:
    """The effects of entering ``space_id`` by a step that cost ``cost`` MP, in the order of
    §5.12: reveal a ?-marker, Spy Eye peeks, orbit observation; then a penalty space asks to
    pay or stop if MP are left (§5.7). A skipped space has no effect but Spy Eye's (§9)."""
    t = g.turn
    assert t is not None
    spy_eye = g.has_relic(p, Relic.SPY_EYE)
    if g.is_skipped(space_id):
        if spy_eye:
            spy(g, p, space_id)
            observe_from(g, p, space_id)
        return
    if g.face_down(space_id):
        reveal(g, p, space_id)
        if g.is_skipped(space_id):  # a penalty marker of a colour the drives skip (§5.8)
            t.mp += cost
            g.record("refund", p.seat, (space_id,), (cost,))
            if spy_eye:
                spy(g, p, space_id)
                observe_from(g, p, space_id)
            return
    if spy_eye:
        spy(g, p, space_id)
    if spy_eye or g.is_empty_orbit(space_id):
        observe_from(g, p, space_id)
    if g.is_penalty(space_id) and t.mp > 0:
        t.penalty_pending = True
        t.penalty_due = g.effective_penalty(p, g.printed_penalty(space_id))


def reveal(g: MerchantBase, p: Player, space_id: str) -> None:
    """Turn the ?-marker face up; it defines the box from now on (§5.11)."""
    marker_id = g.qbox.pop(space_id)
    g.revealed[space_id] = marker_id
    marker = g.marker(marker_id)
    if marker.kind is MarkerKind.RELIC and marker.relic is not None:
        g.lying[space_id] = [marker.relic.value]
    for q in g.players:  # what Spy Eye showed is now public
        q.known_markers.pop(space_id, None)
    g.record("reveal", p.seat, (space_id, marker_id))
    g.information_revealed()


def spy(g: MerchantBase, p: Player, space_id: str) -> None:
    """Spy Eye: look at every face-down ?-marker next to the space (§9). A player always
    looks: it costs nothing and only adds to what they know."""
    for box in g.adjacent_face_down(space_id):
        if box not in p.known_markers:
            p.known_markers[box] = g.qbox[box]
            g.record("spy", p.seat, (box,))
            g.information_revealed()


def observe_from(g: MerchantBase, p: Player, space_id: str) -> None:
    """Look at the face-down IOU of the space's system, if there is one (§6)."""
    system = g.habitable(space_id)
    if system is None or not g.undiscovered(system) or system in p.known_cultures:
        return
    p.known_cultures[system] = g.culture_at[system]
    g.record("observe", p.seat, (system,))
    g.information_revealed()


def discover(g: MerchantBase, p: Player, space_id: str) -> None:
    """Landing on a city or spaceport of a system whose IOU is face down discovers its
    culture (§6): the IOU to the player, the culture and its markers on the board."""
    system = g.habitable(space_id)
    if system is None or not g.undiscovered(system) or not g.is_trading_site(space_id):
        return
    culture = g.culture_at[system]
    g.discovered.append(system)
    g.discovered.sort()
    p.ious.append(culture)
    for q in g.players:
        q.known_cultures.pop(system, None)
    g.record("discover", p.seat, (system, culture), (g.content.culture(culture).iou,))
    g.information_revealed()
