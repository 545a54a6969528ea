"""Movement (§5): the steps a ship may take now, and taking one.

Choices are offered **one step at a time**: the next space (or telegate jump) from where the
ship is, with landing, paying or stopping beside them when the rules allow. Whole destinations
for the roll cannot be offered, because the procedure of §5.12 decides as it goes: a ?-marker
revealed on the way changes the board at once (a telegate to use, a penalty to pay or stop at,
an MP refund), a penalty space asks "pay or stop" on entering, and landing is chosen at each
landing site passed. On a line without forks only one step is legal, and the step loop takes it
without asking, so a player is asked only at forks, landing sites, penalties and pilot choices.

A step decision is ``step(space, pilot)`` or ``jump(telegate space, pilot)``: ``pilot`` is the
pilot number the ship has after the step (0 while none is fixed). Leaving a navigation circle or
a telegate with no pilot number fixed offers one step per die value, so choosing the step is
choosing the number (§5.9, §5.10); with Switch Switch the number stays free (§9).

Reading chosen where the text is silent: a navigation circle skipped by a drive still sends the
ship along the exit of its pilot number (the declaration rule of §5.9 speaks of a declared space
"beyond one"); only its cost and its effects on entering are dropped.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.space_merchant.board import SpaceKind
from nfgalaxy.games.space_merchant.content import Relic
from nfgalaxy.games.space_merchant.rules.base import MerchantBase
from nfgalaxy.games.space_merchant.rules.common import JUMP, LAND, PAY, STEP, STOP, Step
from nfgalaxy.games.space_merchant.rules.discovery import enter
from nfgalaxy.games.space_merchant.state import Player


@dataclass(frozen=True)
class Hop:
    """One legal step: to ``target`` for ``cost`` MP, the ship's pilot number then ``pilot``."""

    target: str
    pilot: int
    cost: int
    jump: bool = False


@dataclass(frozen=True)
class Reach:
    """Where a ship could go from its space now: the hops, and the lowest free pilot number
    whose navigation exit leads back (choosing it stops the move, §5.9), or 0."""

    hops: tuple[Hop, ...]
    back_pilot: int = 0


def air_foil(g: MerchantBase, p: Player) -> bool:
    return g.has_relic(p, Relic.AIR_FOIL)


def hop_cost(g: MerchantBase, p: Player, a: str, b: str) -> int:
    """§5.3: 1 MP a step, 2 into or out of a surface city (1 with Air Foil); a skipped space
    costs 0 (§5.8), but leaving a surface city into one still costs the city's extra MP."""
    foil = air_foil(g, p)
    if g.is_skipped(b):
        return 1 if g.space(a).kind is SpaceKind.SURFACE_CITY and not foil else 0
    return g.board.step_cost(a, b, air_foil=foil)


def pilot_is_free(g: MerchantBase, p: Player) -> bool:
    """Whether a pilot number may be chosen now: none is fixed yet, or Switch Switch (§9)."""
    assert g.turn is not None
    return g.turn.pilot == 0 or g.has_relic(p, Relic.SWITCH_SWITCH)


def reverses(g: MerchantBase, here: str, target: str) -> bool:
    """§5.4: never straight back into the space just left; with the option
    ``strict_reversal`` (§13 item 1), never along a link against an earlier traversal."""
    t = g.turn
    assert t is not None
    if target == t.previous:
        return True
    return bool(g.options.get("strict_reversal")) and f"{target}>{here}" in t.traversed


def neighbours(g: MerchantBase, p: Player, here: str) -> tuple[str, ...]:
    """Ordinary neighbours, and sibling cities for a ship with Air Foil (§9)."""
    found = g.board.neighbours(here)
    if air_foil(g, p) and g.space(here).kind is SpaceKind.SURFACE_CITY:
        found += g.board.flyable_neighbours(here)
    return found


def reach(g: MerchantBase) -> Reach:
    """The legal steps of the active ship now (§5.3–§5.5, §5.9, §5.10, §9 Jump Start)."""
    t, p = g.turn, g.active
    assert t is not None
    here = p.space
    if t.mp <= 0:  # a ship with 0 MP left does not move at all (§5.3)
        return Reach(())
    candidates: list[Hop] = []
    back = 0
    jump_cost = int(g.options.get("telegate_cost", 1))
    if t.jump_target and not t.path:  # Jump Start succeeded (§9): only the jump
        number = g.telegate_number(t.jump_target)
        if number is not None and number in t.dice:
            candidates.append(Hop(t.jump_target, number, jump_cost, jump=True))
    pilots = sorted(set(t.dice)) if pilot_is_free(g, p) else [t.pilot]
    gate = g.telegate_number(here)
    if candidates:
        pass
    elif gate is not None:
        gates = g.telegates()
        for pilot in pilots:
            target = gates.get(pilot)
            if target is not None and target != here:
                candidates.append(Hop(target, pilot, jump_cost, jump=True))
            else:  # no such gate face up, or this one: a normal move (§5.10)
                candidates += [
                    Hop(n, pilot, hop_cost(g, p, here, n))
                    for n in neighbours(g, p, here)
                    if not reverses(g, here, n)
                ]
    elif g.is_navigation(here):
        for pilot in pilots:
            target = g.board.exit_for(here, pilot)
            if target is None:
                continue
            if reverses(g, here, target):
                back = back or pilot
                continue
            candidates.append(Hop(target, pilot, hop_cost(g, p, here, target)))
    else:
        candidates = [
            Hop(n, t.pilot, hop_cost(g, p, here, n))
            for n in neighbours(g, p, here)
            if not reverses(g, here, n)
        ]
    hops = tuple(dict.fromkeys(h for h in candidates if h.cost <= t.mp))
    if not (pilot_is_free(g, p) and g.options.get("backward_pilot_stop", True)):
        back = 0
    return Reach(_as_declared(g, hops), back)


def _as_declared(g: MerchantBase, hops: tuple[Hop, ...]) -> tuple[Hop, ...]:
    """Before the first real step, only the steps towards the space named before rolling; if
    the dice allow none of them, the declaration is ignored (§5.1, §5.9, §5.10)."""
    t = g.turn
    assert t is not None
    if not t.declared or t.real_steps or t.jump_target:
        return hops
    here = g.active.space
    towards = tuple(
        h for h in hops if t.declared in first_real(g, h.target, set() if h.jump else {here})
    )
    return towards or hops


def first_real(g: MerchantBase, space: str, behind: set[str]) -> set[str]:
    """The spaces that cost MP first on a way from ``space`` on through skipped spaces: the
    space itself if it is not skipped. Any exit of a skipped navigation circle counts: before
    rolling the pilot number is not known."""
    if not g.is_skipped(space):
        return {space}
    found: set[str] = set()
    for n in g.board.neighbours(space):
        if n not in behind:
            found |= first_real(g, n, behind | {space})
    return found


def first_spaces(g: MerchantBase) -> list[str]:
    """The spaces a player may name as the first of the path before rolling (§5.1 item 5):
    real spaces only, the skipped ones looked through."""
    p = g.active
    here = p.space
    starts: list[tuple[str, bool]] = []
    gate = g.telegate_number(here)
    if gate is not None:
        starts += [(s, True) for n, s in g.telegates().items() if n != gate]
    if g.is_navigation(here):
        starts += [(n, False) for n in g.board.exits(here).values()]
    else:
        starts += [(n, False) for n in neighbours(g, p, here)]
    found: set[str] = set()
    for space, jumped in starts:
        found |= first_real(g, space, set() if jumped else {here})
    return sorted(found)


# ---------------------------------------------------------------------- the MOVE step


def opt_move(g: MerchantBase, seat: int, _arg: Any) -> list[Decision]:
    """Pay or stop at a penalty just entered; else the steps, landing, and a backward pilot
    number to stop with. Nothing left: the move ends (§5.5)."""
    t, p = g.turn, g.players[seat]
    assert t is not None
    quiet = g.quiet
    if t.penalty_pending:
        stop = Decision(STOP, (), "" if quiet else "Stop here without paying")
        if p.cash < t.penalty_due:  # a player who cannot pay must stop (§5.7)
            return [stop]
        return [Decision(PAY, (t.penalty_due,), "" if quiet else f"Pay ${t.penalty_due}"), stop]
    found = reach(g)
    options = [_hop_decision(g, h) for h in found.hops]
    if found.back_pilot:
        label = "" if quiet else f"Stop here (pilot {found.back_pilot} leads back)"
        options.append(Decision(STOP, (found.back_pilot,), label))
    if options and t.path and g.is_landing_site(p.space) and not g.is_skipped(p.space):
        options.append(Decision(LAND, (), "" if quiet else f"Land at {g.place(p.space)}"))
    return options


def _hop_decision(g: MerchantBase, h: Hop) -> Decision:
    kind = JUMP if h.jump else STEP
    if g.quiet:
        return Decision(kind, (h.target, h.pilot))
    assert g.turn is not None
    words = "Jump to" if h.jump else "Move to"
    pilot = f", pilot {h.pilot}" if h.pilot and h.pilot != g.turn.pilot else ""
    return Decision(kind, (h.target, h.pilot), f"{words} {g.place(h.target)}{pilot}")


def run_move(g: MerchantBase, seat: int, _arg: Any, d: Decision | None) -> None:
    t, p = g.turn, g.players[seat]
    assert t is not None
    if d is None or d.kind == LAND:
        g._push([Step.MOVE_END, seat, None])
        return
    if d.kind == PAY:
        g.pay_bank(p, t.penalty_due)
        g.record("pay_penalty", seat, (p.space,), (t.penalty_due,))
        t.penalty_pending, t.penalty_due = False, 0
    elif d.kind == STOP:
        if d.args:
            g.record("stop_back", seat, (p.space,), (d.args[0],))
        else:
            g.record("stop_penalty", seat, (p.space,))
        t.penalty_pending, t.penalty_due = False, 0
        g._push([Step.MOVE_END, seat, None])
        return
    else:
        take(g, p, Hop(d.args[0], d.args[1], _cost_of(g, d), jump=d.kind == JUMP))
    g._push([Step.MOVE, seat, None])


def _cost_of(g: MerchantBase, d: Decision) -> int:
    """The MP of an offered step, as ``reach`` counts it: a jump the telegate cost, a step
    ``hop_cost`` (not asking ``reach`` again: this runs for every step of every game)."""
    if d.kind == JUMP:
        return int(g.options.get("telegate_cost", 1))
    return hop_cost(g, g.active, g.active.space, d.args[0])


def take(g: MerchantBase, p: Player, h: Hop) -> None:
    """Take one step (or jump) and apply what entering the space does."""
    t = g.turn
    assert t is not None
    here = p.space
    t.mp -= h.cost
    if h.pilot and h.pilot != t.pilot:
        t.pilot = h.pilot
        g.record("pilot", p.seat, (), (h.pilot,))
    if h.jump:
        g.record("jump", p.seat, (here, h.target), (h.pilot,))
        t.previous = ""  # a jump is never a reversal (§5.4)
    else:
        t.traversed.append(f"{here}>{h.target}")
        t.previous = here
    p.space = h.target
    t.path.append(h.target)
    if not g.is_skipped(h.target):
        t.real_steps += 1
    enter(g, p, h.target, h.cost)
