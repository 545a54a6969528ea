"""Hidden information (§2.11): what one seat may know, with everything else re-dealt.

Hidden are the cultures behind face-down IOUs and the face-down ?-markers (with the cultures and
?-markers set aside unseen at setup, which could be any of the unknown ones). A seat knows the
systems it observed and the ?-boxes it spied on with Spy Eye; everything else unknown to it is
pooled, sorted (so the view does not depend on where the real game put them) and dealt back
with a generator taken from the caller's ``rng``. What the other players privately know is
kept as *which* systems and boxes they know, each now showing the view's re-dealt content, so
the view is a consistent game. The cup holds no hidden order: it is a set every player can
count, and a draw picks at random when it happens, from the view's own generator.
"""

from __future__ import annotations

from typing import TypeVar

from nfgalaxy.core.rng import Rng
from nfgalaxy.games.space_merchant.rules.base import MerchantBase

G = TypeVar("G", bound=MerchantBase)


def view(g: G, seat: int, rng: Rng, quiet: bool = False) -> G:
    """``seat``'s view of ``g``, re-dealt with ``rng`` (which advances by one draw)."""
    v = g.copy(quiet)
    v.history = []  # a replay would give the hidden deal away
    v.rng = Rng(rng.next64())
    me = v.players[seat]
    systems = sorted(
        s for s in v.culture_at if s not in v.discovered and s not in me.known_cultures
    )
    pool = sorted([v.culture_at[s] for s in systems] + v.set_aside_cultures)
    v.rng.shuffle(pool)
    for system in systems:
        v.culture_at[system] = pool.pop()
    v.set_aside_cultures = sorted(pool)
    boxes = sorted(b for b in v.qbox if b not in me.known_markers)
    pool = sorted([v.qbox[b] for b in boxes] + v.set_aside_markers)
    v.rng.shuffle(pool)
    for box in boxes:
        v.qbox[box] = pool.pop()
    v.set_aside_markers = sorted(pool)
    for q in v.players:
        q.known_cultures = {s: v.culture_at[s] for s in sorted(q.known_cultures)}
        q.known_markers = {b: v.qbox[b] for b in sorted(q.known_markers)}
    v._legal = None
    return v
