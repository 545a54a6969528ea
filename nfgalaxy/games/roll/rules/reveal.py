"""Reveal (§5.3) and the end of each phase (§5.4): which phases are played this round, the
2-player white die, and what every player earns when a phase ends."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.roll import powers as pw
from nfgalaxy.games.roll.components import DieColour, Face, Timing
from nfgalaxy.games.roll.rules.base import RollBase
from nfgalaxy.games.roll.rules.common import Entry, Step
from nfgalaxy.games.roll.rules.develop_settle import build_steps
from nfgalaxy.games.roll.rules.explore import explore_steps
from nfgalaxy.games.roll.rules.produce import produce_steps
from nfgalaxy.games.roll.rules.ship import ship_steps
from nfgalaxy.games.roll.state import DEV, PHASES, WORLD, Player

#: Timings by phase word (calling the enum is slow).
_TIMING = {t.value: t for t in Timing}

PHASE_STEPS: dict[str, Callable[[RollBase], list[Entry]]] = {
    "explore": explore_steps,
    "develop": build_steps(DEV),
    "settle": build_steps(WORLD),
    "produce": produce_steps,
    "ship": ship_steps,
}


def run_reveal(g: RollBase, _seat: int, _arg: Any, _d: Decision | None) -> None:
    """§5.3: selections are announced, the 2-player die may add a phase, and dice in unplayed
    columns and in Dictate zones go back to the cup."""
    g.revealed = True
    g.information_revealed()
    players = g.players
    selectors = [s for s in g.order if players[s].selected]
    chosen = {players[s].selected for s in selectors}
    g.record("reveal", None, tuple(players[s].selected for s in selectors), tuple(selectors))
    if len(players) == 2:
        face = g.tiles.dice[DieColour.HOME].faces[g.rng.below(6)]
        g.extra_roll = face.value
        if face is not Face.WILD and face.value not in chosen:
            g.extra_phase = face.value
            chosen.add(face.value)
            g.record("white_die", None, (face.value,), (1,))
        else:
            g.record("white_die", None, (face.value,), (0,))
    g.phases = [ph for ph in PHASES if ph in chosen]
    for seat in g.order:
        p = players[seat]
        if not g.quiet:
            g.record("reveal_dice", seat, _revealed_dice(p))
        kept = []
        cup = p.cup
        for w in p.workers:
            if w["column"] in chosen:
                kept.append(w)
            else:
                cup[w["colour"]] += 1
        p.workers = kept
        for colour in p.dictated:
            cup[colour] += 1
        p.dictated = []
    steps: list[Entry] = []
    for ph in g.phases:
        steps += PHASE_STEPS[ph](g)
    steps += [[Step.MANAGE, s, 0] for s in g.order]
    steps.append([Step.ROUND_END, -1, 0])
    g._push(*steps)


def _revealed_dice(p: Player) -> tuple[str, ...]:
    """(column, its colours…) pairs in phase order, then ("dictate", colours) if any."""
    columns: dict[str, list[str]] = {}
    for w in p.workers:
        columns.setdefault(w["column"], []).append(w["colour"])
    dice: list[str] = []
    for ph in PHASES:
        if ph in columns:
            dice += [ph, " ".join(columns[ph])]
    if p.dictated:
        dice += ["dictate", " ".join(p.dictated)]
    return tuple(dice)


def run_phase_end(g: RollBase, _seat: int, phase: str, _d: Decision | None) -> None:
    """End-of-phase powers (they work even with no worker in the phase, §5.4); unused
    workers go back to the cup; after Explore the discards return to the bag (§7.1)."""
    timing = _TIMING[phase]
    tiles = g.tiles
    for seat in g.order:
        p = g.players[seat]
        if p.workers:
            kept = []
            cup = p.cup
            for w in p.workers:
                if w["column"] == phase:
                    cup[w["colour"]] += 1
                else:
                    kept.append(w)
            p.workers = kept
        p.virtual = []
        if not pw.powers(tiles, p, timing):
            continue
        credits, vp, reasons = pw.phase_end_income(g, p, timing)
        if credits:
            g.gain_credits(p, credits)
        if vp:
            g.award_vp(p, vp)
        if reasons and not g.quiet:
            sides = tuple(side_id for side_id, _, _ in reasons)
            amounts = tuple(n for _, amount, vp in reasons for n in (amount, int(vp)))
            g.record("phase_end", seat, (phase, *sides), amounts)
    if phase == "explore" and g.discards:
        g.bag.extend(g.discards)
        g.bag.sort()
        g.discards.clear()
