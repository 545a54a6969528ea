"""Roll and Assign (§5.1, §5.2): rolling in secret, wild dice, selecting a phase, Dictate and
the reassign powers of the tableau."""

from __future__ import annotations

import itertools
from typing import Any

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.roll import powers as pw
from nfgalaxy.games.roll.components import DieColour, Phase
from nfgalaxy.games.roll.rules.base import RollBase
from nfgalaxy.games.roll.rules.common import (
    DICTATE,
    DONE,
    MOVE,
    MOVE_PAIR,
    PHASE_LABELS,
    POWER,
    SELECT,
    STOP,
    WILD,
    Step,
    die_label,
    die_name,
    distinct,
    movable,
    worker_key,
)
from nfgalaxy.games.roll.state import COLOURS, PHASES, Player


def run_round_start(g: RollBase, _seat: int, _arg: Any, _d: Decision | None) -> None:
    """§5.1: every player rolls all the dice in their cup, in secret."""
    g.revealed = False
    g.phases = []
    g.extra_phase = g.extra_roll = ""
    g.record("round", None, (), (g.round,))
    for seat in g.order:
        p = g.players[seat]
        p.workers, p.dictated, p.used_powers = [], [], []
        p.selector, p.selected, p.assigned = -1, "", False
        for colour in COLOURS:
            faces = g.tiles.dice[DieColour(colour)].faces
            for _ in range(p.cup[colour]):
                face = faces[g.rng.below(6)].value
                p.workers.append(
                    {
                        "id": g._new_worker_id(),
                        "colour": colour,
                        "face": face,
                        "column": "" if face == "wild" else face,  # §5.2.1 place by face
                    }
                )
            p.cup[colour] = 0
    g._push(*[[Step.ASSIGN, seat, 0] for seat in g.order], [Step.REVEAL, -1, 0])


def opt_assign(g: RollBase, seat: int, _arg: Any) -> list[Decision]:
    p = g.players[seat]
    unplaced = [w for w in p.workers if not w["column"]]
    if unplaced:  # §5.2.1: a wild die goes in any column
        return [
            Decision(
                WILD,
                (c, ph),
                "" if g.quiet else (f"Put a wild {die_name(c)} die under {PHASE_LABELS[ph]}"),
            )
            for c in distinct([w["colour"] for w in unplaced])
            for ph in PHASES
        ]
    if p.selector < 0:  # §5.2.2: select exactly one phase with any one die
        if not p.workers:
            return []  # nothing rolled: nothing to select (the player plays no phase)
        kinds = distinct([worker_key(w) for w in p.workers])
        keys = [(key, die_label(key[0], key[1])) for key in kinds]
        return [
            Decision(
                SELECT,
                (*key, ph),
                ""
                if g.quiet
                else (
                    f"Select {PHASE_LABELS[ph]} with a {die}"
                    + (f" from {PHASE_LABELS[key[2]]}" if key[2] != ph else "")
                ),
            )
            for ph in PHASES
            for key, die in keys
        ]
    out = [Decision(DONE, (), "" if g.quiet else ("Done assigning: ready to reveal"))]
    free = movable(p)
    if len(free) >= 2 and ("dictate" not in p.used_powers or pw.may_repeat_dictate(g.tiles, p)):
        out += [
            Decision(
                DICTATE,
                key,
                ""
                if g.quiet
                else (
                    f"Dictate: give up a {die_label(key[0], key[1])} in "
                    f"{Phase(key[2]).label} to move another worker"
                ),
            )
            for key in distinct([worker_key(w) for w in free])
        ]
    for power in pw.reassign_powers(g, p):
        if power.source in p.used_powers:
            continue
        if reassign_moves(p, power, []) or pair_moves(p, power):
            out.append(
                Decision(
                    POWER,
                    (power.source,),
                    ""
                    if g.quiet
                    else (f"Use {g.side_name(power.source)}: {g.side(power.source).text}"),
                )
            )
    return out


def run_assign(g: RollBase, seat: int, _arg: Any, d: Decision | None) -> None:
    p = g.players[seat]
    if d is None:
        p.assigned = True
        return
    if d.kind == WILD:
        colour, phase = d.args
        w = next(w for w in p.workers if not w["column"] and w["colour"] == colour)
        w["column"] = phase
    elif d.kind == SELECT:
        *key, phase = d.args
        w = next(w for w in p.workers if worker_key(w) == tuple(key))
        p.selector, p.selected = w["id"], phase
        w["column"] = phase
    elif d.kind == DICTATE:
        w = next(w for w in movable(p) if worker_key(w) == tuple(d.args))
        p.workers.remove(w)
        p.dictated.append(w["colour"])
        p.used_powers.append("dictate")
        session = pw.Reassign("dictate", pw.dictate_moves(g.tiles, p)).to_json()
        g._push([Step.REASSIGN, seat, {**session, "moved": []}], [Step.ASSIGN, seat, 0])
        return
    elif d.kind == POWER:
        power = next(r for r in pw.reassign_powers(g, p) if r.source == d.args[0])
        p.used_powers.append(power.source)
        g._push([Step.REASSIGN, seat, {**power.to_json(), "moved": []}], [Step.ASSIGN, seat, 0])
        return
    elif d.kind == DONE:
        p.assigned = True
        return
    g._push([Step.ASSIGN, seat, 0])


def reassign_moves(p: Player, power: pw.Reassign, moved: list[int]) -> list[tuple]:
    """(colour, face, column, to) moves the power allows now, one per kind of die."""
    if power.same_column:
        return []
    moves = []
    for w in movable(p):
        if w["id"] in moved:
            continue
        for to in PHASES:
            if power.allows(w, to, p.selected):
                moves.append((*worker_key(w), to))
    return distinct(moves)


def pair_moves(p: Player, power: pw.Reassign) -> list[tuple]:
    """Executive Power: two workers from one column, both to the selected phase."""
    if not power.same_column:
        return []
    out = []
    for column in PHASES:
        ws = [w for w in movable(p) if w["column"] == column]
        ws = [w for w in ws if power.allows(w, p.selected, p.selected)]
        if len(ws) < 2:
            continue
        keys = sorted((worker_key(w) for w in ws), key=lambda k: (COLOURS.index(k[0]), k[1]))
        for a, b in distinct(list(itertools.combinations(keys, 2))):
            out.append((a[0], a[1], b[0], b[1], column))
    return out


def opt_reassign(g: RollBase, seat: int, arg: dict[str, Any]) -> list[Decision]:
    p = g.players[seat]
    power = pw.Reassign.from_json(arg)
    moved: list[int] = arg["moved"]
    name = "Dictate" if power.source == "dictate" else g.side_name(power.source)
    if power.same_column:
        return [
            Decision(
                MOVE_PAIR,
                m,
                ""
                if g.quiet
                else (
                    f"{name}: move a {die_label(m[0], m[1])} and a {die_label(m[2], m[3])} from "
                    f"{Phase(m[4]).label} to {Phase(p.selected).label}"
                ),
            )
            for m in pair_moves(p, power)
        ]
    out = []
    if len(moved) < power.count:
        out = [
            Decision(
                MOVE,
                m,
                ""
                if g.quiet
                else (
                    f"{name}: move a {die_label(m[0], m[1])} from {Phase(m[2]).label} to "
                    f"{Phase(m[3]).label}"
                ),
            )
            for m in reassign_moves(p, power, moved)
        ]
    if moved or not out:
        out.append(Decision(STOP, (), "" if g.quiet else (f"{name}: move no more workers")))
    return out


def run_reassign(g: RollBase, seat: int, arg: dict[str, Any], d: Decision | None) -> None:
    p = g.players[seat]
    if d is None or d.kind == STOP:
        return
    if d.kind == MOVE_PAIR:
        c1, f1, c2, f2, column = d.args
        for colour, face in ((c1, f1), (c2, f2)):
            w = next(w for w in movable(p) if worker_key(w) == (colour, face, column))
            w["column"] = p.selected
        return
    colour, face, column, to = d.args
    w = next(
        w
        for w in movable(p)
        if worker_key(w) == (colour, face, column) and w["id"] not in arg["moved"]
    )
    w["column"] = to
    moved = [*arg["moved"], w["id"]]
    if len(moved) < int(arg["count"]):
        g._push([Step.REASSIGN, seat, {**arg, "moved": moved}])
