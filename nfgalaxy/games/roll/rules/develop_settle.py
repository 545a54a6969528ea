"""Develop and Settle (§7.2, §7.3): workers on the top tile of a stack, completing tiles, where
their workers go, and the immediate effects of completed tiles."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.roll import powers as pw
from nfgalaxy.games.roll.components import Timing
from nfgalaxy.games.roll.rules.base import RollBase
from nfgalaxy.games.roll.rules.common import (
    BUILD_KIND,
    BUILD_PHASE,
    REMOVE,
    TO_CUP,
    USE_DICE,
    Entry,
    Step,
    TileNames,
    Words,
    die_locations,
    die_name,
    multisets,
    place_name,
    worded,
)
from nfgalaxy.games.roll.state import COLOURS, DEV, STACKS, Player

# Read off the enums once: a member read from an enum class is a slow lookup on Python 3.11,
# and these are read for almost every decision of a playout.
_BUILD_STEP = Step.BUILD


def build_steps(kind: str) -> Callable[[RollBase], list[Entry]]:
    def steps(g: RollBase) -> list[Entry]:
        out: list[Entry] = []
        for s in g.order:
            out += [[Step.BUILD_CHECK, s, kind], [Step.BUILD, s, kind]]
        out.append([Step.PHASE_END, -1, BUILD_PHASE[kind].value])
        return out

    return steps


def _top_ready(g: RollBase, p: Player, kind: str) -> int:
    """The workers the top tile needs if enough already lie on it, else 0 (§7.2 step 1)."""
    stack = p.stacks[kind]
    if not stack:
        return 0
    on = len(p.stack_dice[kind])
    if not on:  # every tile needs a worker at least
        return 0
    need = pw.requirement(g.tiles, p, g.tiles.by_id[stack[0]])
    return need if on >= need else 0


def opt_build_check(g: RollBase, seat: int, kind: str) -> list[Decision]:
    p = g.players[seat]
    need = _top_ready(g, p, kind)
    if not need:
        return []
    choices = multisets(p.stack_dice[kind], need)
    if len(choices) < 2:
        return []
    top = g.side_name(p.stacks[kind][0])
    return [
        Decision(
            USE_DICE,
            (kind, *c),
            ""
            if g.quiet
            else (
                f"Complete {top} with "
                + ", ".join(die_name(x) for x in c)
                + " (the rest stay on the stack)"
            ),
        )
        for c in choices
    ]


def run_build_check(g: RollBase, seat: int, kind: str, d: Decision | None) -> None:
    """A tile that already has enough workers completes at the start of the phase; repeat
    while the new top tile qualifies (§7.2 step 1, WE-08)."""
    p = g.players[seat]
    need = _top_ready(g, p, kind)
    if not need:
        return
    used = list(d.args[1:]) if d is not None else multisets(p.stack_dice[kind], need)[0]
    steps = _complete(g, p, kind, list(used))
    g._push(*steps, [Step.BUILD_CHECK, seat, kind])


def _build_words(names: TileNames, key: tuple[Any, ...]) -> str:
    colour, kind, top, on, need = key
    verb = "developer" if kind == DEV else "settler"
    return f"Place a {die_name(colour)} {verb} on {names.side_name(top)} ({on + 1}/{need})"


_BUILD_WORDS = {kind: Words(BUILD_KIND[kind], _build_words, 1) for kind in STACKS}


#: The phase whose workers build each stack, by word (enum lookups are slow in playouts).
_PHASE_OF = {kind: BUILD_PHASE[kind].value for kind in STACKS}


def opt_build(g: RollBase, seat: int, kind: str) -> list[Decision]:
    p = g.players[seat]
    stack = p.stacks[kind]
    if not stack:
        return []
    phase = _PHASE_OF[kind]
    found = {w["colour"] for w in p.workers if w["column"] == phase}
    if not found:
        return []
    top = stack[0]
    need = pw.requirement(g.tiles, p, g.tiles.by_id[top])
    on = len(p.stack_dice[kind])
    made = g.offered[_BUILD_WORDS[kind]]
    if len(found) == 1:
        return [made[found.pop(), kind, top, on, need]]
    return [made[c, kind, top, on, need] for c in COLOURS if c in found]


def run_build(g: RollBase, seat: int, kind: str, d: Decision | None) -> None:
    """§7.2 step 2: place workers one at a time; the top tile completes as soon as it has
    exactly as many as it needs. §7.2 step 3: with the stack empty, the rest go to the cup."""
    p = g.players[seat]
    phase = _PHASE_OF[kind]
    if d is None:
        if not p.stacks[kind]:
            back = [w["colour"] for w in p.column(phase)] + p.stack_dice[kind]
            for w in p.column(phase):
                p.workers.remove(w)
            for colour in back:
                p.cup[colour] += 1
            p.stack_dice[kind] = []
            if back:
                g.record("stack_empty", seat, (kind,), (len(back),))
        return
    colour = d.args[0]
    g._take_worker(p, phase, colour)
    dice = p.stack_dice[kind]
    dice.append(colour)
    need = pw.requirement(g.tiles, p, g.tiles.by_id[p.stacks[kind][0]])
    if len(dice) >= need:
        g._push(*_complete(g, p, kind, dice[:need]), [_BUILD_STEP, seat, kind])
    else:
        g.queue.insert(0, [_BUILD_STEP, seat, kind])


def _complete(g: RollBase, p: Player, kind: str, used: list[str]) -> list[Entry]:
    """Complete the top tile (§7.2 step 2): to the tableau; its workers to the citizenry (or
    the cup, by power); then its immediate effect and 'after completing' powers (steps)."""
    side_id = p.stacks[kind].pop(0)
    side = g.side(side_id)
    p.tableau = [*p.tableau, side_id]  # replaced, never changed: copies share it
    for colour in used:
        p.stack_dice[kind].remove(colour)
    g.record("complete", p.seat, (side_id,))
    rule = pw.workers_to_cup(g.tiles, p, side)
    to_cup = [c for c in used if c in rule.all_of]
    rest = [c for c in used if c not in rule.all_of]
    for colour in to_cup:
        p.cup[colour] += 1
    for colour in rest:  # a to_cup choice moves some of them on from here
        p.citizenry[colour] += 1
    steps: list[Entry] = []
    if rule.choose and rest:
        steps.append([Step.TO_CUP, p.seat, {"dice": rest, "count": rule.choose}])
    steps.append([Step.IMMEDIATE, p.seat, [side_id, 0]])
    return steps


def opt_to_cup(g: RollBase, seat: int, arg: dict[str, Any]) -> list[Decision]:
    k = min(int(arg["count"]), len(arg["dice"]))
    return [
        Decision(
            TO_CUP,
            c,
            ""
            if g.quiet
            else (
                "Send " + ", ".join(die_name(x) for x in c) + " to the cup instead of the citizenry"
            ),
        )
        for c in multisets(list(arg["dice"]), k)
    ]


def run_to_cup(g: RollBase, seat: int, arg: dict[str, Any], d: Decision | None) -> None:
    """Galactic Exchange / Galactic Federation: as many used workers as allowed go to the cup
    (the owner chooses which); the others go to the citizenry."""
    p = g.players[seat]
    dice = list(arg["dice"])
    chosen = list(d.args) if d is not None else dice[: min(int(arg["count"]), len(dice))]
    for colour in chosen:
        p.citizenry[colour] -= 1
        p.cup[colour] += 1


def run_immediate(g: RollBase, seat: int, arg: list[Any], _d: Decision | None) -> None:
    """§7.3: a completed tile's immediate effect, once, in the order printed; then 'after
    completing' income (§7.2 step 2.4)."""
    p = g.players[seat]
    side_id, start = arg
    side = g.side(side_id)
    effects = [pw_ for pw_ in side.powers if pw_.phase is Timing.IMMEDIATE]
    for i in range(start, len(effects)):
        power = effects[i]
        if power.effect == "remove_die":
            g._push([Step.REMOVE_DIE, seat, 0], [Step.IMMEDIATE, seat, [side_id, i + 1]])
            return
        if power.effect == "gain_credits":
            g.gain_credits(p, power.credits)
            g.record("immediate_credits", seat, (side_id,), (power.credits,))
        elif power.effect == "gain_dice":
            colour = power.colour.value
            got = g._gain_dice(p, side_id, colour, power.count or 1, power.to)
            lost = (power.count or 1) - got
            g.record("immediate_dice", seat, (side_id, colour, power.to.value), (got, lost))
        else:
            raise ValueError(f"{side_id}: unknown immediate effect {power.effect!r}")
    income = pw.completion_credits(g.tiles, p, side)
    if income:
        g.gain_credits(p, income)
        g.record("completion_income", seat, (), (income,))


@worded(REMOVE)
def _remove_words(names: TileNames, key: tuple[Any, ...]) -> str:
    place, colour = key
    return f"Remove a {die_name(colour)} die from {place_name(names, place)} to the supply"


def opt_remove_die(g: RollBase, seat: int, _arg: Any) -> list[Decision]:
    made = g.offered[_remove_words]
    return [made[place] for place in die_locations(g.players[seat])]


def run_remove_die(g: RollBase, seat: int, _arg: Any, d: Decision | None) -> None:
    """Remove any one of your own dice, wherever it is, to the supply; nothing else follows:
    a phase it selected is still played (§7.3, WE-18)."""
    p = g.players[seat]
    if d is None:
        return
    place, colour = d.args
    kind, _, where = place.partition(":")
    if kind == "cup":
        p.cup[colour] -= 1
    elif kind == "citizenry":
        p.citizenry[colour] -= 1
    elif kind == "phase":
        g._take_worker(p, where, colour)
    elif kind == "stack":
        p.stack_dice[where].remove(colour)
    else:
        p.goods[where].remove(colour)
        if not p.goods[where]:
            del p.goods[where]
    g.supply[colour] += 1
    g.record("remove_die", seat, (place, colour))
