"""The route preview: where the current roll can take the ship, and the way there, asked of the
engine.

The engine offers a move one step at a time (``rules/movement.py``), so the places a roll can
reach are found by playing the move's decisions on quiet copies of what the mover may know (its
``view``) until each way ends: landing, stopping at a penalty or a backward pilot number, or
running out of MP. The widget never judges a step itself. A face-down ?-box the mover has not
seen ends a way early: what lies beyond depends on the marker, which the preview must not
guess (and in a view it is re-dealt anyway).

Every place keeps the *route* the search took there: the engine's own decisions in the order
they are asked, and every space the ship enters on the way (the step loop takes a forced step
without asking, so a decision may carry the ship several spaces). The map draws that route and
a flight sends exactly those decisions, so what the preview promises is what the move does: it
was the same sequence of decisions, played on a copy. The search goes cheapest first (least
money paid at penalties, then fewest MP, then fewest decisions), so each route is the cheapest
of its place. Along a route the real game and the view agree, because a route never passes a
face-down ?-box the mover has not seen (it ends there), and nothing else that is hidden changes
how a ship moves.

Each place is also kept with every pilot number that leads there, which is what the dice decide
at a navigation circle or a telegate ("where each die result can take you").
"""

from __future__ import annotations

import heapq
import itertools
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


#: The order places are listed in, and which way a flight takes to a place several end at.
ENDINGS = (Ending.LAND, Ending.STOP, Ending.END, Ending.UNKNOWN)


@dataclass(frozen=True)
class Route:
    """A way of this roll, as the engine plays it: ``decisions`` in the order they are asked,
    ``spaces`` every space entered on the way (forced steps included), ``mp`` left on arrival
    (None at a face-down ?-box: its marker may give MP back), ``paid`` at penalties on the
    way, ``pilot`` the pilot number on arrival (0 while none is fixed), and ``looks`` the
    spaces after whose decision the mover learns something (a culture seen from orbit, a
    marker with Spy Eye), where a flight lets the player decide again."""

    decisions: tuple[Decision, ...] = ()
    spaces: tuple[str, ...] = ()
    mp: int | None = 0
    paid: int = 0
    pilot: int = 0
    looks: tuple[str, ...] = ()

    def cost(self, start_mp: int) -> tuple[int, int, int]:
        """What the search minimises: money paid, then MP spent, then decisions asked."""
        spent = start_mp - (self.mp if self.mp is not None else 0)
        return (self.paid, spent, len(self.decisions))


@dataclass
class Destination:
    """A place a way of this roll ends, how, the pilot numbers that lead there (empty when no
    pilot number is needed on the way), and the cheapest route there."""

    space: str
    ending: Ending
    pilots: set[int] = field(default_factory=set)
    route: Route = field(default_factory=Route)


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

    def flight_to(self, space: str) -> Destination | None:
        """The way a flight to ``space`` takes: the first listed of the ways ending there
        (landing before stopping, stopping before running out, a ?-box last)."""
        return next((d for d in self.destinations if d.space == space), None)


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
    seat's turn or when no move is under way. While Mulligan Gear is offered, the ways are
    those of the dice kept, and each route begins by keeping them."""
    step = state.step_name()
    turn = state.turn
    if state.to_move() != seat or turn is None or step not in (Step.MOVE, Step.MULLIGAN):
        return None
    world = state.view(seat, Rng(_VIEW_SEED), quiet=True)
    search = _Search(seat, set(state.players[seat].known_markers), turn.mp)
    start = Route(mp=turn.mp, pilot=turn.pilot)
    if step == Step.MULLIGAN:  # what the dice rolled do if they are kept
        search.follow(world, start, next(d for d in world.legal_decisions() if d.kind == KEEP))
    else:
        search.push(world, start)
    search.run()
    ordered = sorted(search.found.values(), key=lambda d: (ENDINGS.index(d.ending), d.space))
    return RoutePreview(
        seat,
        tuple(turn.dice),
        turn.mp,
        ordered,
        step_targets(state) if step == Step.MOVE else {},
        complete=search.budget > 0 or not search.frontier,
    )


class _Search:
    """Cheapest first over the positions of the move (each looked at once, from the cheapest
    route to it), keeping the cheapest route to every place a way ends."""

    def __init__(self, seat: int, known: set[str], mp: int) -> None:
        self.seat = seat
        self.known = known
        self.mp = mp
        self.found: dict[tuple[str, Ending], Destination] = {}
        self.seen: set[tuple] = set()
        self.budget = BUDGET
        self.frontier: list[tuple[tuple[int, int, int], int, MerchantGame, Route]] = []
        self._order = itertools.count()

    def push(self, g: MerchantGame, route: Route) -> None:
        heapq.heappush(self.frontier, (route.cost(self.mp), next(self._order), g, route))

    def run(self) -> None:
        while self.frontier and self.budget > 0:
            _cost, _order, g, route = heapq.heappop(self.frontier)
            self.expand(g, route)

    def add(self, space: str, ending: Ending, route: Route) -> None:
        entry = self.found.get((space, ending))
        if entry is None:
            entry = self.found[(space, ending)] = Destination(space, ending, route=route)
        elif route.cost(self.mp) < entry.route.cost(self.mp):
            entry.route = route
        if route.pilot:
            entry.pilots.add(route.pilot)

    def moving(self, g: MerchantGame) -> bool:
        return g.step_name() == Step.MOVE and g.to_move() == self.seat and g.turn is not None

    def key(self, g: MerchantGame) -> tuple:
        """What decides the rest of the move. The cash is left out: the cheapest route to a
        position is looked at first, and it has the most cash, so every penalty it can pay."""
        t, p = g.turn, g.players[self.seat]
        assert t is not None
        key = (p.space, t.mp, t.previous, t.pilot, t.penalty_pending, t.real_steps > 0)
        key += (bool(t.path), len(g.revealed))
        return key + ((tuple(t.traversed),) if g.options.get("strict_reversal") else ())

    def expand(self, g: MerchantGame, route: Route) -> None:
        """Every decision of the move from ``g``, reached by ``route``."""
        if not self.moving(g):
            return
        key = self.key(g)
        if key in self.seen:
            return
        self.seen.add(key)
        self.budget -= 1
        t, p = g.turn, g.players[self.seat]
        assert t is not None
        options = g.legal_decisions()
        if not options:
            self.add(p.space, Ending.END, route)
        for decision in options:
            if decision.kind in (LAND, STOP):
                ending = Ending.LAND if decision.kind == LAND else Ending.STOP
                self.add(p.space, ending, _then(route, decision, (), t.mp, t.pilot))
            elif decision.kind in (STEP, JUMP) and self.hidden(g, str(decision.args[0])):
                target = str(decision.args[0])
                onto = _then(route, decision, (target,), None, int(decision.args[1]))
                self.add(target, Ending.UNKNOWN, onto)
            elif decision.kind in (STEP, JUMP, PAY):
                self.follow(g, route, decision)

    def hidden(self, g: MerchantGame, space: str) -> bool:
        return g.face_down(space) and space not in self.known

    def follow(self, g: MerchantGame, route: Route, decision: Decision) -> None:
        child = g.copy(quiet=True, fork=False)
        turn = child.turn  # the turn the decision plays, kept even once the turn is over
        assert turn is not None
        before, cash = len(turn.path), child.players[self.seat].cash
        child.apply(decision)
        entered = tuple(turn.path[before:])
        opened = [s for s in entered if self.hidden(g, s)]
        if opened:  # the step loop went on into a ?-box the mover has not seen
            upto = entered[: entered.index(opened[0]) + 1]
            self.add(opened[0], Ending.UNKNOWN, _then(route, decision, upto, None, turn.pilot))
            return
        paid = cash - child.players[self.seat].cash
        if self.moving(child):
            looked = bool(child.history[-1].get("reveals"))
            self.push(child, _then(route, decision, entered, turn.mp, turn.pilot, paid, looked))
            return
        onward = _then(route, decision, entered, turn.mp, turn.pilot, paid)
        here = child.players[self.seat].space
        stopped = turn.mp > 0 and child.is_penalty(here)  # a penalty it could not pay
        ending = Ending.LAND if turn.landed else Ending.STOP if stopped else Ending.END
        self.add(here, ending, onward)


def _then(
    route: Route,
    decision: Decision,
    entered: tuple[str, ...],
    mp: int | None,
    pilot: int,
    paid: int = 0,
    looked: bool = False,
) -> Route:
    """``route`` and then ``decision``, which entered the spaces ``entered``."""
    here = entered[-1] if entered else (route.spaces[-1] if route.spaces else "")
    return Route(
        (*route.decisions, decision),
        route.spaces + entered,
        mp,
        route.paid + paid,
        pilot,
        route.looks + ((here,) if looked else ()),
    )
