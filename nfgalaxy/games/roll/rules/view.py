"""Hidden information (§3): what one seat may know, with everything else re-dealt.

A view is a full, playable copy of the game as ``seat`` knows it: others' unrevealed rolls,
wild-die placements, selections and Dictates are rolled and placed anew; the bag, the Explore
discards, the tiles others drew and have not placed, and the tiles below the top of others'
stacks are pooled and dealt back into the same places. The copy draws from a generator of its
own, taken from the caller's ``rng``, so nothing made from it foresees the real game's draws;
equal ``rng`` states give equal views, different ones different worlds.
"""

from __future__ import annotations

from typing import TypeVar

from nfgalaxy.core.rng import Rng
from nfgalaxy.games.roll.rules.base import RollBase
from nfgalaxy.games.roll.rules.common import COLOUR_RANK
from nfgalaxy.games.roll.state import DEV, PHASES, STACKS, Player

G = TypeVar("G", bound=RollBase)
#: Dice re-rolled in a view are numbered from here (a real game never gets this far).
VIEW_WORKER_IDS = 1_000_000


def view(g: G, seat: int, rng: Rng, quiet: bool = False) -> G:
    """``seat``'s view of ``g``, re-dealt with ``rng`` (which advances by one draw)."""
    v = g.copy(quiet)
    v.history = []  # others' secret choices are in it
    v.rng = Rng(rng.next64())
    if not g.revealed:
        for q in v.players:
            if q.seat != seat:
                _reroll_hidden(v, q)
    slots: list[tuple[Player, str, int]] = []
    pool = v.bag + v.discards
    for q in v.players:
        if q.seat == seat:
            continue
        q.drawn = q.drawn[:]  # shared with the real game's player: a list of the view's own
        for i, tile_id in enumerate(q.drawn):
            slots.append((q, "drawn", i))
            pool.append(tile_id)
        for kind in STACKS:
            for i in range(1, len(q.stacks[kind])):
                slots.append((q, kind, i))
                pool.append(q.stacks[kind][i][:-1])
    # Sorted first: the deal must not depend on where the unseen tiles really are.
    pool.sort()
    v.rng.shuffle(pool)
    for q, kind, i in slots:
        if kind == "drawn":
            q.drawn[i] = pool.pop()
        else:
            q.stacks[kind][i] = pool.pop() + ("d" if kind == DEV else "w")
    cut = len(v.discards)
    v.discards = sorted(pool[:cut])
    v.bag = sorted(pool[cut:])
    v._legal = None
    return v


def _reroll_hidden(v: RollBase, q: Player) -> None:
    """Only the colours of another's dice are public, not their faces or where they lie: roll
    them again in colour order, and place and select at random if that player is done."""
    dice = sorted([w["colour"] for w in q.workers] + q.dictated, key=COLOUR_RANK.__getitem__)
    q.workers = []
    q.dictated = []
    q.selector, q.selected = -1, ""
    q.used_powers = []
    faces = v.tiles.face_words
    for k, colour in enumerate(dice):
        face = faces[colour][v.rng.below(6)]
        column = face if face != "wild" else ""
        if q.assigned and column == "":
            column = PHASES[v.rng.below(5)]
        # Ids of their own: drawing new ones would count how many dice were re-rolled in the
        # real game (a Dictate, a reassign power), which the seat cannot see.
        worker_id = VIEW_WORKER_IDS + 100 * q.seat + k
        q.workers.append({"id": worker_id, "colour": colour, "face": face, "column": column})
    if q.assigned and q.workers:
        w = q.workers[v.rng.below(len(q.workers))]
        q.selector, q.selected = w["id"], PHASES[v.rng.below(5)]
        w["column"] = q.selected
