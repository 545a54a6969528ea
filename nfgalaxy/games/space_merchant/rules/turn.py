"""The turn (§4): stay or move, the declarations before rolling (§5.1), the roll and Mulligan
Gear (§5.2), the end of the move, the landing site's actions and the end of the turn.

The declarations are separate steps, each asked only of a player who owns what it declares,
in the order §5.1 gives; the first space is declared last. A staying turn and a landing end
with the landing-site step (``transactions.py``): trading and the other actions of §7.
"""

from __future__ import annotations

from typing import Any

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.space_merchant.content import Relic
from nfgalaxy.games.space_merchant.rules.base import MerchantBase
from nfgalaxy.games.space_merchant.rules.common import (
    AUTO_PILOT,
    DRIVES,
    FIRST,
    GATE_LOCK,
    JUMP_START,
    KEEP,
    MOVE,
    REROLL,
    STAY,
    Step,
)
from nfgalaxy.games.space_merchant.rules.discovery import discover
from nfgalaxy.games.space_merchant.rules.ending import (
    check_victory,
    end_with_richest,
    round_limit_reached,
)
from nfgalaxy.games.space_merchant.rules.movement import first_spaces
from nfgalaxy.games.space_merchant.state import AUTO_PILOT_DIE, Turn


def _label(g: MerchantBase, words: str) -> str:
    return "" if g.quiet else words


def run_turn_start(g: MerchantBase, seat: int, _arg: Any, _d: Decision | None) -> None:
    if seat == g.order[0]:
        g.round += 1
    p = g.players[seat]
    g.turn = Turn(seat, p.space)
    g.record("turn", seat, (p.space,), (g.round,))
    g._push([Step.BEGIN, seat, None])


def stay_penalty(g: MerchantBase, seat: int) -> int | None:
    """What staying costs: 0 on a trading or landing site (§4 A, and an asteroid by §4's
    [GAP]), the effective penalty on a penalty space (§5.7, §13 item 4), None where a ship
    must move."""
    here = g.players[seat].space
    if g.is_trading_site(here) or g.is_landing_site(here):
        return 0
    if g.is_penalty(here):
        return g.effective_penalty(g.players[seat], g.printed_penalty(here))
    return None


def opt_begin(g: MerchantBase, seat: int, _arg: Any) -> list[Decision]:
    options = [Decision(MOVE, (), _label(g, "Move"))]
    cost = stay_penalty(g, seat)
    if cost is not None and cost <= g.players[seat].cash:
        words = f"Stay (pay ${cost})" if cost else "Stay here"
        options.append(Decision(STAY, (), _label(g, words)))
    return options


def run_begin(g: MerchantBase, seat: int, _arg: Any, d: Decision | None) -> None:
    t, p = g.turn, g.players[seat]
    assert t is not None and d is not None
    if d.kind == STAY:
        cost = stay_penalty(g, seat) or 0
        g.pay_bank(p, cost)
        t.stayed = True
        g.record("stay", seat, (p.space,), (cost,))
        g._push([Step.LANDED, seat, None], [Step.TURN_END, seat, None])
        return
    t.moving = True
    steps = []
    if len(g.drive_sets(p)) > 1:
        steps.append(Step.DRIVES)
    if g.has_relic(p, Relic.GATE_LOCK):
        steps.append(Step.GATE_LOCK)
    if g.has_relic(p, Relic.AUTO_PILOT):
        steps.append(Step.AUTO_PILOT)
    if g.has_relic(p, Relic.JUMP_START):
        steps.append(Step.JUMP_START)
    steps += [Step.DECLARE, Step.ROLL]
    g._push(*([step, seat, None] for step in steps))


def opt_drives(g: MerchantBase, seat: int, _arg: Any) -> list[Decision]:
    """Switching drives off before rolling (§5.1 item 1): each set of colours skipped."""
    options = []
    for colours in g.drive_sets(g.players[seat]):
        names = tuple(sorted(c.value for c in colours))
        words = "Skip " + " and ".join(names) if names else "Switch every drive off"
        options.append(Decision(DRIVES, names, _label(g, words)))
    return options


def run_drives(g: MerchantBase, seat: int, _arg: Any, d: Decision | None) -> None:
    assert g.turn is not None and d is not None
    g.turn.skip = list(d.args)
    g.record("drives", seat, tuple(d.args))


def _yes_no(g: MerchantBase, kind: str, what: str) -> list[Decision]:
    return [
        Decision(kind, (1,), _label(g, f"Use {what}")),
        Decision(kind, (0,), _label(g, f"Do not use {what}")),
    ]


def opt_gate_lock(g: MerchantBase, _seat: int, _arg: Any) -> list[Decision]:
    return _yes_no(g, GATE_LOCK, "Gate Lock")


def run_gate_lock(g: MerchantBase, seat: int, _arg: Any, d: Decision | None) -> None:
    assert g.turn is not None and d is not None
    g.turn.gate_lock = bool(d.args[0])
    if g.turn.gate_lock:
        g.record("gate_lock", seat)


def opt_auto_pilot(g: MerchantBase, _seat: int, _arg: Any) -> list[Decision]:
    return _yes_no(g, AUTO_PILOT, "the Auto Pilot")


def run_auto_pilot(g: MerchantBase, seat: int, _arg: Any, d: Decision | None) -> None:
    assert g.turn is not None and d is not None
    g.turn.auto_pilot = bool(d.args[0])
    if g.turn.auto_pilot:
        g.record("auto_pilot", seat)


def opt_jump_start(g: MerchantBase, seat: int, _arg: Any) -> list[Decision]:
    """Name a face-up telegate for Jump Start, or none (§9). Not the one the ship is on."""
    here = g.players[seat].space
    options = [Decision(JUMP_START, ("",), _label(g, "No Jump Start"))]
    for number, space in g.telegates().items():
        if space != here:
            words = f"Jump Start to telegate {number} ({g.place(space)})"
            options.append(Decision(JUMP_START, (space,), _label(g, words)))
    return options


def run_jump_start(g: MerchantBase, seat: int, _arg: Any, d: Decision | None) -> None:
    assert g.turn is not None and d is not None
    g.turn.jump_target = d.args[0]
    if d.args[0]:
        g.record("jump_start", seat, (d.args[0],), (g.telegate_number(d.args[0]) or 0,))


def opt_declare(g: MerchantBase, seat: int, _arg: Any) -> list[Decision]:
    """The first space of the path (§5.1 item 5); nothing to name with a Jump Start named
    (if it fails, the first step is chosen after the roll, §9)."""
    assert g.turn is not None
    spaces = [] if g.turn.jump_target else first_spaces(g)
    if not spaces:
        return [Decision(FIRST, ("",))]
    return [Decision(FIRST, (s,), _label(g, f"First space: {g.place(s)}")) for s in spaces]


def run_declare(g: MerchantBase, seat: int, _arg: Any, d: Decision | None) -> None:
    assert g.turn is not None and d is not None
    g.turn.declared = d.args[0]
    if d.args[0]:
        g.record("declare", seat, (d.args[0],))


def roll_die(g: MerchantBase) -> int:
    return 1 + g.rng.below(6)


def run_roll(g: MerchantBase, seat: int, _arg: Any, _d: Decision | None) -> None:
    """§5.2: as many dice as the ship's speed; with the Auto Pilot one fewer and a 4."""
    t, p = g.turn, g.players[seat]
    assert t is not None
    speed = next(s.dice for s in g.content.ships if s.id == p.ship)
    t.dice = [roll_die(g) for _ in range(speed - (1 if t.auto_pilot else 0))]
    if t.auto_pilot:
        t.dice.append(AUTO_PILOT_DIE)
    t.mp = sum(t.dice)
    g.record("roll", seat, ("auto",) if t.auto_pilot else (), (*t.dice, t.mp))
    if g.has_relic(p, Relic.MULLIGAN_GEAR):
        g._push([Step.MULLIGAN, seat, None], [Step.MOVE, seat, None])
    else:
        _check_jump_start(g, seat)
        g._push([Step.MOVE, seat, None])


def _check_jump_start(g: MerchantBase, seat: int) -> None:
    """Jump Start fails when no die shows the named telegate's number (§9)."""
    t = g.turn
    assert t is not None
    if t.jump_target:
        number = g.telegate_number(t.jump_target)
        if number not in t.dice:
            g.record("jump_failed", seat, (t.jump_target,), (number or 0,))
            t.jump_target = ""


def opt_mulligan(g: MerchantBase, _seat: int, _arg: Any) -> list[Decision]:
    """Re-roll one die, once (§9): one choice per value shown, the Auto Pilot's 4 included
    (§13 item 8); the re-roll is a real roll."""
    assert g.turn is not None
    options = [Decision(KEEP, (), _label(g, "Keep the dice"))]
    for value in sorted(set(g.turn.dice)):
        options.append(Decision(REROLL, (value,), _label(g, f"Re-roll a {value}")))
    return options


def run_mulligan(g: MerchantBase, seat: int, _arg: Any, d: Decision | None) -> None:
    t = g.turn
    assert t is not None and d is not None
    if d.kind == REROLL:
        index = t.dice.index(d.args[0])
        t.dice[index] = roll_die(g)
        t.mp = sum(t.dice)
        t.mulligan_used = True
        g.record("reroll", seat, (), (d.args[0], t.dice[index], t.mp))
    _check_jump_start(g, seat)


def run_move_end(g: MerchantBase, seat: int, _arg: Any, _d: Decision | None) -> None:
    """The move is over (§5.5): where it ended, landing and discovery (§6)."""
    t, p = g.turn, g.players[seat]
    assert t is not None
    g.record("move", seat, (t.start, p.space), (len(t.path), t.mp))
    t.landed = bool(t.path) and g.is_landing_site(p.space) and not g.is_skipped(p.space)
    if t.landed:
        g.record("land", seat, (p.space,))
        discover(g, p, p.space)
        g._push([Step.LANDED, seat, None], [Step.TURN_END, seat, None])
    else:
        g._push([Step.TURN_END, seat, None])


def run_turn_end(g: MerchantBase, seat: int, _arg: Any, _d: Decision | None) -> None:
    """§4 end of turn: unused credit lapses and nothing is new any more (the turn's record
    goes), victory of the active player only (§11), then the next player."""
    g.turn = None
    if check_victory(g, g.players[seat]):
        return
    if round_limit_reached(g, seat):
        g.record("round_limit", None, (), (g.round,))
        end_with_richest(g, f"the round limit of {g.round} rounds was reached")
        return
    following = g.order[(g.order.index(seat) + 1) % len(g.order)]
    g._push([Step.TURN_START, following, None])
