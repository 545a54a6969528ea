"""The route preview: where the current roll can take the ship, asked of the engine.

The engine offers a move one step at a time (``rules/movement.py``), so the places a roll can
reach are found by playing the move's decisions on quiet copies of what the mover may know (its
``view``) until each way ends: landing, stopping at a penalty or a backward pilot number, or
running out of MP. The widget never judges a step itself. A face-down ?-box the mover has not
seen ends a way early: what lies beyond depends on the marker, which the preview must not
guess (and in a view it is re-dealt anyway).

Each place is kept with the pilot numbers that lead there, which is what the dice decide at a
navigation circle or a telegate ("where each die result can take you").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from nfgalaxy.core.decision import Decision
from nfgalaxy.core.rng import Rng
from nfgalaxy.games.space_merchant.rules.common import JUMP, KEEP, LAND, PAY, STEP, STOP, Step
from nfgalaxy.games.space_merchant.rules.game import MerchantGame

#: Positions looked at before the preview says it is incomplete (a long roll on a board full
#: of forks); a normal roll needs a few hundred.
BUDGET = 3000
#: The view's generator: any fixed value (nothing the preview shows depends on the re-deal).
_VIEW_SEED = 1


class Ending(Enum):
    """How a way ends at a place."""

    LAND = "land"  # the ship may land here (a landing site)
    END = "end"  # the MP run out here, or no step is left
    STOP = "stop"  # the ship may stop here: a penalty not paid, or a pilot number leading back
    UNKNOWN = "unknown"  # a face-down ?-box: the way on depends on its marker

    @property
    def words(self) -> str:
        return {
            "land": "land",
            "end": "end here",
            "stop": "stop here",
            "unknown": "?-box: beyond it unknown",
        }[self.value]


@dataclass
class Destination:
    """A place a way of this roll ends, how, the pilot numbers that lead there (empty when no
    pilot number is needed on the way), and the decisions now offered that start those ways."""

    space: str
    ending: Ending
    pilots: set[int] = field(default_factory=set)
    via: list[Decision] = field(default_factory=list)


@dataclass
class RoutePreview:
    """Where the roll can take the ship: its dice and MP, every place a way ends, and the
    spaces the next step may go to."""

    seat: int
    dice: tuple[int, ...]
    mp: int
    destinations: list[Destination]
    next_steps: dict[str, list[Decision]]
    complete: bool = True

    def spaces(self) -> set[str]:
        return {d.space for d in self.destinations}


def step_targets(state: MerchantGame) -> dict[str, list[Decision]]:
    """The spaces the offered step (or jump) decisions go to, each with its decisions (one
    per pilot number where the number is still free)."""
    targets: dict[str, list[Decision]] = {}
    for decision in state.legal_decisions():
        if decision.kind in (STEP, JUMP):
            targets.setdefault(str(decision.args[0]), []).append(decision)
    return targets


def route_preview(state: MerchantGame, seat: int) -> RoutePreview | None:
    """The preview for ``seat``, the mover, after its roll; None before the roll, on another
    seat's turn or when no move is under way."""
    step = state.step_name()
    turn = state.turn
    if state.to_move() != seat or turn is None or step not in (Step.MOVE, Step.MULLIGAN):
        return None
    world = state.view(seat, Rng(_VIEW_SEED), quiet=True)
    if step == Step.MULLIGAN:  # what the dice rolled do if they are kept
        world.apply(next(d for d in world.legal_decisions() if d.kind == KEEP))
    search = _Search(world, seat, set(state.players[seat].known_markers))
    search.explore(world)
    ordered = sorted(search.found.values(), key=lambda d: (d.ending.value, d.space))
    return RoutePreview(
        seat,
        tuple(turn.dice),
        turn.mp,
        ordered,
        step_targets(state) if step == Step.MOVE else {},
        complete=search.budget > 0,
    )


class _Search:
    def __init__(self, world: MerchantGame, seat: int, known: set[str]) -> None:
        self.seat = seat
        self.known = known
        self.found: dict[tuple[str, Ending], Destination] = {}
        self.seen: set[tuple] = set()
        self.budget = BUDGET
        self.start_revealed = set(world.revealed)

    def add(self, space: str, ending: Ending, pilot: int, first: Decision | None) -> None:
        entry = self.found.setdefault((space, ending), Destination(space, ending))
        if pilot:
            entry.pilots.add(pilot)
        if first is not None and first not in entry.via:
            entry.via.append(first)

    def moving(self, g: MerchantGame) -> bool:
        return g.step_name() == Step.MOVE and g.to_move() == self.seat and g.turn is not None

    def explore(self, g: MerchantGame, first: Decision | None = None) -> None:
        """Every decision of the move from ``g`` (depth first, each position once for each
        decision now offered that the way began with: ``first``, None at the start)."""
        if not self.moving(g):
            return
        t, p = g.turn, g.players[self.seat]
        assert t is not None
        key = (p.space, t.mp, t.previous, t.pilot, t.penalty_pending, t.real_steps > 0)
        key += (tuple(t.traversed),) if g.options.get("strict_reversal") else ()
        key += (first,)
        if key in self.seen or self.budget <= 0:
            return
        self.seen.add(key)
        self.budget -= 1
        options = g.legal_decisions()
        if not options:
            self.add(p.space, Ending.END, t.pilot, first)
        for decision in options:
            start = decision if first is None else first
            if decision.kind == LAND:
                self.add(p.space, Ending.LAND, t.pilot, start)
            elif decision.kind == STOP:
                self.add(p.space, Ending.STOP, t.pilot, start)
            elif decision.kind in (STEP, JUMP) and self.hidden(g, str(decision.args[0])):
                self.add(str(decision.args[0]), Ending.UNKNOWN, int(decision.args[1]), start)
            elif decision.kind in (STEP, JUMP, PAY):
                self.follow(g, decision, start)

    def hidden(self, g: MerchantGame, space: str) -> bool:
        return g.face_down(space) and space not in self.known

    def follow(self, g: MerchantGame, decision: Decision, first: Decision) -> None:
        child = g.copy(quiet=True, fork=False)
        pilot = int(decision.args[1]) if decision.kind in (STEP, JUMP) else g.turn.pilot  # type: ignore[union-attr]
        child.apply(decision)
        opened = [s for s in child.revealed if s not in g.revealed and s not in self.known]
        if opened:  # the step loop went on into a ?-box the mover has not seen
            for space in opened:
                self.add(space, Ending.UNKNOWN, pilot, first)
            return
        if self.moving(child):
            self.explore(child, first)
            return
        here = child.players[self.seat].space
        self.add(here, Ending.LAND if child.is_landing_site(here) else Ending.END, pilot, first)
