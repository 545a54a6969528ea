"""Roll and Assign (§5.1, §5.2): rolling in secret, wild dice, selecting a phase, Dictate and
the reassign powers of the tableau."""

from __future__ import annotations

import itertools
from typing import Any

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.roll import powers as pw
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
    TileNames,
    die_label,
    die_name,
    distinct,
    movable,
    worded,
    worker_key,
)
from nfgalaxy.games.roll.state import COLOURS, PHASES, Player

# Steps read off the enum once: a member read from an enum class costs a slow attribute
# lookup on Python 3.11, and these are pushed after almost every Assign decision.
_ASSIGN, _REASSIGN, _REVEAL = Step.ASSIGN, Step.REASSIGN, Step.REVEAL


def run_round_start(g: RollBase, _seat: int, _arg: Any, _d: Decision | None) -> None:
    """§5.1: every player rolls all the dice in their cup, in secret."""
    g.revealed = False
    g.phases = []
    g.extra_phase = g.extra_roll = ""
    g.record("round", None, (), (g.round,))
    face_words = g.tiles.face_words
    below = g.rng.below
    worker_id = g.next_worker
    for seat in g.order:
        p = g.players[seat]
        p.dictated, p.used_powers = [], []
        p.selector, p.selected, p.assigned = -1, "", False
        workers = p.workers = []
        cup = p.cup
        for colour in COLOURS:
            n = cup[colour]
            if not n:
                continue
            faces = face_words[colour]
            for _ in range(n):
                face = faces[below(6)]
                worker_id += 1
                column = "" if face == "wild" else face  # §5.2.1 place by face
                workers.append({"id": worker_id, "colour": colour, "face": face, "column": column})
            cup[colour] = 0
    g.next_worker = worker_id
    g.queue[0:0] = [*[[_ASSIGN, seat, 0] for seat in g.order], [_REVEAL, -1, 0]]


@worded(WILD)
def _wild_words(_n: TileNames, key: tuple[Any, ...]) -> str:
    colour, phase = key
    return f"Put a wild {die_name(colour)} die under {PHASE_LABELS[phase]}"


@worded(SELECT)
def _select_words(_n: TileNames, key: tuple[Any, ...]) -> str:
    colour, face, column, phase = key
    where = f" from {PHASE_LABELS[column]}" if column != phase else ""
    return f"Select {PHASE_LABELS[phase]} with a {die_label(colour, face)}{where}"


@worded(DONE)
def _done_words(_n: TileNames, _key: tuple[Any, ...]) -> str:
    return "Done assigning: ready to reveal"


@worded(DICTATE)
def _dictate_words(_n: TileNames, key: tuple[Any, ...]) -> str:
    colour, face, column = key
    return (
        f"Dictate: give up a {die_label(colour, face)} in {PHASE_LABELS[column]} to move "
        "another worker"
    )


@worded(POWER)
def _power_words(names: TileNames, key: tuple[Any, ...]) -> str:
    return f"Use {names.side_name(key[0])}: {names.side_text(key[0])}"


def _selections(g: RollBase, kinds: dict[tuple[str, str, str], None]) -> list[Decision]:
    """Every (phase, die kind) selection, phase first. The five selections of each kind of
    die are kept together (a search meets the same dice again and again, but rarely the
    same whole roll)."""
    kept = g.offered.groups
    groups = []
    for kind in kinds:
        key = (SELECT, kind)
        group = kept.get(key)
        if group is None:
            made = g.offered[_select_words]
            group = kept[key] = tuple(made[(*kind, ph)] for ph in PHASES)
        groups.append(group)
    return [d for by_phase in zip(*groups, strict=True) for d in by_phase]


def opt_assign(g: RollBase, seat: int, _arg: Any) -> list[Decision]:
    p = g.players[seat]
    workers = p.workers
    unplaced = [w["colour"] for w in workers if not w["column"]]
    if unplaced:  # §5.2.1: a wild die goes in any column
        made = g.offered[_wild_words]
        return [made[c, ph] for c in dict.fromkeys(unplaced) for ph in PHASES]
    selector = p.selector
    if selector < 0:  # §5.2.2: select exactly one phase with any one die
        if not workers:
            return []  # nothing rolled: nothing to select (the player plays no phase)
        kinds = dict.fromkeys([(w["colour"], w["face"], w["column"]) for w in workers])
        return _selections(g, kinds)
    out = [g.offered[_done_words][()]]
    used = p.used_powers
    # Every die has a column by now: all but the selection die are free to Dictate (§14.3).
    if len(workers) >= 2 and ("dictate" not in used or pw.may_repeat_dictate(g.tiles, p)):
        free = [(w["colour"], w["face"], w["column"]) for w in workers if w["id"] != selector]
        if len(free) >= 2:
            made = g.offered[_dictate_words]
            out += [made[key] for key in dict.fromkeys(free)]
    powers = pw.reassign_powers(g, p)
    if powers:
        words = g.offered[_power_words]
        for power in powers:
            if power.source not in used and can_move(p, power):
                out.append(words[(power.source,)])
    return out


def run_assign(g: RollBase, seat: int, _arg: Any, d: Decision | None) -> None:
    p = g.players[seat]
    if d is None:
        p.assigned = True
        return
    if d.kind == WILD:
        colour, phase = d.args
        for w in p.workers:
            if not w["column"] and w["colour"] == colour:
                w["column"] = phase
                break
    elif d.kind == SELECT:
        colour, face, column, phase = d.args
        w = next(
            w
            for w in p.workers
            if w["colour"] == colour and w["face"] == face and w["column"] == column
        )
        p.selector, p.selected = w["id"], phase
        w["column"] = phase
    elif d.kind == DICTATE:
        w = next(w for w in movable(p) if worker_key(w) == d.args)
        p.workers.remove(w)
        p.dictated = [*p.dictated, w["colour"]]  # (replaced: copies share them)
        p.used_powers = [*p.used_powers, "dictate"]
        session = _dictate_session(g, pw.dictate_moves(g.tiles, p))
        g.queue[0:0] = [[_REASSIGN, seat, {**session, "moved": []}], [_ASSIGN, seat, 0]]
        return
    elif d.kind == POWER:
        power = next(r for r in pw.reassign_powers(g, p) if r.source == d.args[0])
        p.used_powers = [*p.used_powers, power.source]
        g.queue[0:0] = [[_REASSIGN, seat, {**power.to_json(), "moved": []}], [_ASSIGN, seat, 0]]
        return
    elif d.kind == DONE:
        p.assigned = True
        return
    g.queue.insert(0, [_ASSIGN, seat, 0])


def _dictate_session(g: RollBase, moves: int) -> dict[str, Any]:
    """The saved form of a Dictate moving up to ``moves`` workers (the same few every
    round: made once per tile set)."""
    key = ("dictate", moves)
    kept = g.tiles.reassigns
    session = kept.get(key)
    if session is None:
        session = kept[key] = pw.Reassign("dictate", moves).to_json()
    return session


def reassign_moves(p: Player, power: pw.Reassign, moved: list[int]) -> list[tuple]:
    """(colour, face, column, to) moves the power allows now, one per kind of die."""
    if power.same_column:
        return []
    moves = []
    selector, selected, targets = p.selector, p.selected, power.targets
    for w in p.workers:
        column = w["column"]
        if w["id"] == selector or not column or w["id"] in moved:
            continue  # the selection die and unplaced dice never move (§14.3)
        colour, face = w["colour"], w["face"]
        moves += [(colour, face, column, to) for to in targets(colour, column, selected)]
    return distinct(moves)


def can_move(p: Player, power: pw.Reassign) -> bool:
    """Whether the power could move anything now (``reassign_moves`` or ``pair_moves``)."""
    if power.same_column:
        return bool(pair_moves(p, power))
    selector, selected, targets = p.selector, p.selected, power.targets
    for w in p.workers:
        if w["id"] != selector and w["column"] and targets(w["colour"], w["column"], selected):
            return True
    return False


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


@worded(MOVE_PAIR, 5)
def _pair_words(_n: TileNames, key: tuple[Any, ...]) -> str:
    c1, f1, c2, f2, column, name, selected = key
    return (
        f"{name}: move a {die_label(c1, f1)} and a {die_label(c2, f2)} from "
        f"{PHASE_LABELS[column]} to {PHASE_LABELS[selected]}"
    )


@worded(MOVE, 4)
def _move_words(_n: TileNames, key: tuple[Any, ...]) -> str:
    colour, face, column, to, name = key
    return (
        f"{name}: move a {die_label(colour, face)} from {PHASE_LABELS[column]} to "
        f"{PHASE_LABELS[to]}"
    )


@worded(STOP, 0)
def _stop_words(_n: TileNames, key: tuple[Any, ...]) -> str:
    return f"{key[0]}: move no more workers"


def opt_reassign(g: RollBase, seat: int, arg: dict[str, Any]) -> list[Decision]:
    p = g.players[seat]
    power = pw.reassign_from(g.tiles, arg)
    moved: list[int] = arg["moved"]
    name = "Dictate" if power.source == "dictate" else g.side_name(power.source)
    if power.same_column:
        made = g.offered[_pair_words]
        return [made[(*m, name, p.selected)] for m in pair_moves(p, power)]
    out = _offered_moves(g, p, power, name, moved) if len(moved) < power.count else []
    if moved or not out:
        out.append(g.offered[_stop_words][(name,)])
    return out


def _offered_moves(
    g: RollBase, p: Player, power: pw.Reassign, name: str, moved: list[int]
) -> list[Decision]:
    """The MOVE decisions of ``reassign_moves``, in its order: each kind of die's moves are
    kept with the power (they depend only on the die, the selected phase and the power)."""
    selector, selected, quiet = p.selector, p.selected, g.quiet
    kinds = dict.fromkeys(
        [
            (w["colour"], w["face"], w["column"])
            for w in p.workers
            if w["id"] != selector and w["column"] and w["id"] not in moved
        ]
    )
    memo = power.memo
    out: list[Decision] = []
    for kind in kinds:
        key = (MOVE, kind, selected, name, quiet)
        found = memo.get(key)
        if found is None:
            made = g.offered[_move_words]
            targets = power.targets(kind[0], kind[2], selected)
            found = memo[key] = tuple(made[(*kind, to, name)] for to in targets)
        out += found
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
        g.queue.insert(0, [_REASSIGN, seat, {**arg, "moved": moved}])
