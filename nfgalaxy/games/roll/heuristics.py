"""How good a Roll for the Galaxy position is for one player, and how the greedy bot assigns.

``value(state, seat)`` is the VP the player would score now (chips, tableau costs, cost-6
bonuses: ``scoring.py``) plus VP-equivalents of what turns into VP later: tiles under
construction (more the more workers lie on the top tile), credits (the first ones buy dice back,
later ones matter less), dice (in the cup more than in the citizenry), goods (by what shipping
them pays) and the developments and goods worlds of the tableau. Everything that is not VP yet
tapers as the game nears its end (``future``).

The phases are played only after every player has assigned, so a one-step lookahead cannot see
what an assignment is worth. ``Workload`` estimates it instead: what the workers in each column
would add to ``value`` if the phase is played, weighted by the chance that it is (certain for
the phase the player selects, after Reveal for every column still holding workers). ``value``
includes that estimate, and ``plan`` chooses the Assign-step decisions with it: it tries every
phase to select with every kind of die, places wild dice, considers one Dictate and the
reassign powers, and plays the first decision of the best plan. Only the player's own dice are
looked at, so the plan is the same on the true state and on ``state.view(seat)``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from nfgalaxy.core.decision import Decision
from nfgalaxy.core.descriptor import Heuristic, lazy
from nfgalaxy.core.valuation import tapered
from nfgalaxy.games.roll import powers as pw
from nfgalaxy.games.roll.components import (
    Destination,
    Development,
    DieColour,
    Side,
    Timing,
    World,
)
from nfgalaxy.games.roll.rules import DICTATE, DONE, MOVE, MOVE_PAIR, POWER, SELECT, STOP, WILD
from nfgalaxy.games.roll.rules import RollGame as _Game
from nfgalaxy.games.roll.scoring import measure, score_player, triangle
from nfgalaxy.games.roll.state import DEV, PHASES, STACKS, TABLEAU_END, VP_PER_PLAYER, Player

DIE = 1.0  # a die in the cup: one more worker every round
RECRUIT = 0.45  # getting a die back from the citizenry costs $1
COLOURED_DIE = 0.1  # a non-white die: better faces for the worlds it matches
CREDITS = ((3, 0.45), (3, 0.3), (4, 0.12))  # (credits, VP each), in order
TRADE_CREDIT = 0.3  # VP per $ earned by trading
# Share of a good's shipping reward counted while it waits for a shipper. Deciding on views,
# the bot won 73% of 4-player games against three random bots with 0.6 and a development's
# power at 1.2: it kept producing goods it never shipped. With 0.2 and 2.0 it ships, builds
# and wins 93-95% (150 and 200 games on two seed ranges); 0.9 dropped it to 56%.
SHIP_SHARE = 0.2
DEV_POWER = 2.0  # a development's power, for the rest of the game
GOODS_WORLD = 0.7  # a world that can hold goods
TOP = 0.3  # the top tile of a stack, with no workers on it yet, as a share of its value
PROGRESS = 0.6  # ...and what a full set of workers on it adds
DEEPER = 0.15  # a tile further down, shrinking by DEPTH per place
DEPTH = 0.7
SCOUTED_TILE = 3.5  # value of an unseen tile: about the average cost plus some power
WIN = 5.0
START_TABLEAU = 3  # faction halves and home world

# The greedy bot looks one follow-up ahead (Scout, then which tiles to discard or draw): deeper
# chains (shipping good after good) multiply the think time and add little, as ``value``
# already counts what the workers still in a column will do.
LOOKAHEAD = 3
FOLLOW_LIMIT = 12


def future(state: _Game) -> float:
    """How much of the game is left, from 1 at the start to 0.15 in the last round."""
    n = len(state.players)
    pool = max(0, state.vp_pool) / (VP_PER_PLAYER * n)
    biggest = max(p.tableau_count() for p in state.players)
    tiles = max(0, TABLEAU_END - biggest) / (TABLEAU_END - START_TABLEAU)
    return 0.15 + 0.85 * min(1.0, pool, tiles)


def credits_value(credits: int) -> float:
    return tapered(credits, CREDITS)


def value(state: _Game, seat: int) -> float:
    """The player's position in VP-equivalents (see the module docstring)."""
    player = state.players[seat]
    score = score_player(state.tiles, player).total
    if state.over:
        best_other = max(
            score_player(state.tiles, p).total for p in state.players if p is not player
        )
        return score + (WIN if score > best_other else 0.0)
    work = Workload(state, seat)
    return score + work.position() + work.pending()


class Workload:
    """One player's position beyond VP, and what their workers will add this round.

    Built once per valuation: tile values, goods and stacks are read here, and the work a
    column does is cached by the colours in it, so trying many assignments is cheap.
    """

    def __init__(self, state: _Game, seat: int) -> None:
        self.state = state
        self.tiles = state.tiles
        self.p: Player = state.players[seat]
        self.f = future(state)
        self.reach = 0.3 + 0.7 * self.f
        self.recruit = RECRUIT * self.f
        self.stacks = {kind: self._stack(kind) for kind in STACKS}
        self.goods = sorted((self._ship_reward(w, c) for w, c in self._goods()), reverse=True)
        self.free = self._free_slots()
        self.chance = self._chances()
        self._cache: dict[tuple[str, tuple[str, ...]], float] = {}

    # ------------------------------------------------------------------ the position

    def position(self) -> float:
        p, f = self.p, self.f
        v = credits_value(p.credits) * (0.3 + 0.7 * f)
        cup = sum(p.cup.values()) + len(p.workers) + len(p.dictated)
        rested = sum(p.citizenry.values()) + sum(len(d) for d in p.stack_dice.values())
        v += (DIE * cup + (DIE - RECRUIT) * rested) * f
        coloured = sum(n for c, n in p.dice_owned().items() if c != DieColour.HOME.value)
        v += COLOURED_DIE * coloured * f
        v += sum(self._good_value(r) for r in self.goods)
        for kind in STACKS:
            v += self._stack_value(self.stacks[kind], len(self.p.stack_dice[kind]))
        for side_id in p.tableau:
            side = self.tiles.by_id[side_id]
            if isinstance(side, Development):
                v += DEV_POWER * f * _has_power(side)
            elif side.holds_goods:
                v += GOODS_WORLD * f
        for tile in p.drawn:  # drawn, not yet placed: where it would do best
            v += max(self._placed(tile, kind) for kind in STACKS)
        return v

    def _placed(self, tile: str, kind: str) -> float:
        """A drawn tile on a stack: on top of an empty stack, else at the bottom."""
        side = self.tiles.by_id[tile + ("d" if kind == DEV else "w")]
        size = len(self.stacks[kind])
        share = TOP if size == 0 else DEEPER * DEPTH ** (size - 1)
        return self.tile_value(side) * share * self.reach

    def pending(self) -> float:
        """What the workers now on the phase strip are expected to add."""
        columns = {ph: [w["colour"] for w in self.p.workers if w["column"] == ph] for ph in PHASES}
        return self.expected(columns, self.p.selected)

    def expected(self, columns: dict[str, list[str]], selected: str) -> float:
        total = 0.0
        for ph in PHASES:
            if columns[ph]:
                chance = 1.0 if ph == selected or self.state.revealed else self.chance[ph]
                total += chance * self.work(ph, columns[ph], columns)
        return total

    def _chances(self) -> dict[str, float]:
        """The chance that another player (or the 2-player white die) selects each phase."""
        others = len(self.state.players) - 1
        other = 1 - (4 / 5) ** others
        if len(self.state.players) != 2:
            return dict.fromkeys(PHASES, other)
        faces = [f.value for f in self.tiles.dice[DieColour.HOME].faces]
        return {ph: 1 - (1 - other) * (1 - faces.count(ph) / 6) for ph in PHASES}

    # ------------------------------------------------------------------ tiles

    def tile_value(self, side: Side) -> float:
        """A tile's worth once completed: its cost in VP, a cost-6 bonus as it would score now,
        its power, or a world's goods and immediate effect."""
        f = self.f
        v = float(side.cost)
        if isinstance(side, Development):
            for power in side.bonus:
                if power.effect == "bonus_vp":
                    v += power.vp * pw.ceil_div(measure(self.tiles, self.p, power), power.per)
                else:
                    v += triangle(self.p.vp)
            return v + DEV_POWER * f * _has_power(side)
        if side.holds_goods:
            v += GOODS_WORLD * f
        for power in side.powers:
            if power.effect == "gain_credits":
                v += credits_value(power.credits) * f
            elif power.effect == "gain_dice":
                each = DIE if power.to is Destination.CUP else DIE - RECRUIT
                v += (power.count or 1) * (each + COLOURED_DIE) * f
        return v

    def _stack(self, kind: str) -> list[tuple[float, int]]:
        """(value, workers needed) of each tile of a stack, top first."""
        out = []
        for side_id in self.p.stacks[kind]:
            side = self.tiles.by_id[side_id]
            out.append((self.tile_value(side), pw.requirement(self.tiles, self.p, side)))
        return out

    def _stack_value(self, stack: list[tuple[float, int]], on: int) -> float:
        v = 0.0
        for depth, (tile, need) in enumerate(stack):
            if depth == 0:
                v += tile * (TOP * self.reach + PROGRESS * min(on, need) / need)
            else:
                v += tile * DEEPER * self.reach * DEPTH ** (depth - 1)
        return v

    # ------------------------------------------------------------------ goods

    def _goods(self) -> Iterable[tuple[World, str]]:
        for world_id, dice in self.p.goods.items():
            world = self.tiles.by_id[world_id]
            assert isinstance(world, World)
            for colour in dice:
                yield world, colour

    def _ship_reward(self, world: World, good: str) -> float:
        """VP-equivalent of shipping a good: trading it or consuming it, whichever is better
        (the shipper's colour is not known yet: assumed not to match)."""
        trade = pw.trade_income(self.tiles, self.p, world) * TRADE_CREDIT
        vp, credits = pw.consume_reward(self.tiles, self.p, world, good, DieColour.HOME.value)
        return max(trade, vp + credits * TRADE_CREDIT)

    def _good_value(self, reward: float) -> float:
        return (DIE - RECRUIT) * self.f + SHIP_SHARE * reward

    def _free_slots(self) -> list[float]:
        """Ship rewards of the goods the player's free world slots would hold, best first."""
        cap = pw.goods_capacity(self.tiles, self.p)
        out = []
        for world in pw.worlds(self.tiles, self.p):
            if world.holds_goods:
                room = cap - len(self.p.goods.get(world.id, ()))
                out += [self._ship_reward(world, world.colour.value)] * room
        return sorted(out, reverse=True)

    # ------------------------------------------------------------------ work of a column

    def work(self, phase: str, colours: list[str], columns: dict[str, list[str]]) -> float:
        """What these workers add to ``value`` if ``phase`` is played."""
        produced = 0
        if phase == "ship" and columns["produce"] and self.chance["produce"] >= 0.5:
            produced = min(len(columns["produce"]), len(self.free))
        key = (phase, (*sorted(colours), str(produced)))
        if key not in self._cache:
            self._cache[key] = _WORK[phase](self, colours, produced)
        return self._cache[key]

    def _explore(self, colours: list[str], _produced: int) -> float:
        credits = self.p.credits
        sizes = sorted(len(s) for s in self.stacks.values())
        total = 0.0
        for colour in sorted(colours):
            gain = pw.stock_credits(self.tiles, self.p, colour)
            stock = (credits_value(min(10, credits + gain)) - credits_value(credits)) * (
                0.3 + 0.7 * self.f
            )
            share = TOP if sizes[0] == 0 else DEEPER * DEPTH ** (sizes[0] - 1)
            scout = SCOUTED_TILE * share * self.reach
            if stock >= scout:
                credits = min(10, credits + gain)
            else:
                sizes = sorted([sizes[0] + 1, sizes[1]])
            total += max(stock, scout) - self.recruit
        return total

    def _build(self, kind: str, workers: int) -> float:
        stack = list(self.stacks[kind])
        on = len(self.p.stack_dice[kind])
        before = self._stack_value(stack, on)
        completed = 0.0
        used = 0
        while used < workers and stack:
            used += 1
            on += 1
            if on >= stack[0][1]:
                completed += stack[0][0]
                on -= stack[0][1]
                stack.pop(0)
        return completed + self._stack_value(stack, on) - before - used * self.recruit

    def _develop(self, colours: list[str], _produced: int) -> float:
        return self._build(DEV, len(colours))

    def _settle(self, colours: list[str], _produced: int) -> float:
        return self._build("world", len(colours))

    def _produce(self, colours: list[str], _produced: int) -> float:
        made = self.free[: len(colours)]
        return sum(SHIP_SHARE * r - self.recruit for r in made)

    def _ship(self, colours: list[str], produced: int) -> float:
        goods = sorted(self.goods + self.free[:produced], reverse=True)
        virtual = len(pw.virtual_workers(self.tiles, self.p, Timing.SHIP))
        shipped = goods[virtual : virtual + len(colours)]
        return sum((1 - SHIP_SHARE) * r - self.recruit for r in shipped)


_WORK = {
    "explore": Workload._explore,
    "develop": Workload._develop,
    "settle": Workload._settle,
    "produce": Workload._produce,
    "ship": Workload._ship,
}


def _has_power(side: Development) -> bool:
    return any(p.phase is not Timing.GAME_END for p in side.powers)


# ====================================================================== the Assign step


def plan(state: _Game, seat: int, options: list[Decision]) -> Decision | None:
    """The greedy bot's Assign-step decision, or None outside the Assign step."""
    step = state.step_name()
    if step not in ("assign", "reassign"):
        return None
    work = Workload(state, seat)
    p = state.players[seat]
    kinds = {d.kind for d in options}
    if WILD in kinds or SELECT in kinds:
        return _place_and_select(work, p, options)
    if step == "reassign":
        return _best_move(work, p, options)
    return _dictate_or_power(state, work, p, options)


Worker = tuple[int, str, str, str]  # id, colour, face, column ("" for a wild die not placed)


def _workers(p: Player) -> list[Worker]:
    return [(w["id"], w["colour"], w["face"], w["column"]) for w in p.workers]


def _columns(workers: Iterable[Worker]) -> dict[str, list[str]]:
    columns: dict[str, list[str]] = {ph: [] for ph in PHASES}
    for _id, colour, _face, column in workers:
        if column:
            columns[column].append(colour)
    return columns


def _with(workers: list[Worker], worker_id: int, column: str) -> list[Worker]:
    return [(i, c, f, column if i == worker_id else col) for i, c, f, col in workers]


def _distinct(workers: Iterable[Worker]) -> list[Worker]:
    seen: dict[tuple[str, str, str], Worker] = {}
    for w in workers:
        seen.setdefault(w[1:], w)
    return list(seen.values())


def _place_wilds(work: Workload, workers: list[Worker], selected: str) -> list[Worker]:
    """Put each unplaced wild die, one at a time, where it adds the most."""
    for w in workers:
        if w[3]:
            continue
        workers = max(
            (_with(workers, w[0], ph) for ph in PHASES),
            key=lambda ws: work.expected(_columns(ws), selected),
        )
    return workers


def _place_and_select(work: Workload, p: Player, options: list[Decision]) -> Decision | None:
    """The best (phase, selection die) with the wild dice placed around it; then the decision
    that moves towards it: a wild die's column, or the selection itself."""
    workers = _workers(p)
    best: tuple[float, list[Worker], Worker, str] | None = None
    for ph in PHASES:
        for chosen in _distinct(workers):
            placed = _place_wilds(work, _with(workers, chosen[0], ph), ph)
            score = work.expected(_columns(placed), ph)
            if best is None or score > best[0] + 1e-9:
                best = (score, placed, chosen, ph)
    if best is None:
        return None
    _score, placed, chosen, ph = best
    unplaced = [w for w in workers if not w[3]]
    if unplaced:
        target = dict((w[0], w[3]) for w in placed)
        w = unplaced[0]
        return _find(options, WILD, (w[1], target[w[0]]))
    return _find(options, SELECT, (chosen[1], chosen[2], chosen[3], ph))


def _movable(p: Player) -> list[Worker]:
    return [w for w in _workers(p) if w[0] != p.selector and w[3]]


def _dictate_or_power(
    state: _Game, work: Workload, p: Player, options: list[Decision]
) -> Decision | None:
    """After selecting: Dictate if giving up one worker to move another pays, then any reassign
    power that improves the estimate; else done."""
    workers = _workers(p)
    now = work.expected(_columns(workers), p.selected)
    best = (now + 1e-6, _find(options, DONE, ()))
    movable = _movable(p)
    if any(d.kind == DICTATE for d in options):
        for given in _distinct(movable):
            rest = [w for w in workers if w[0] != given[0]]
            for moved in _distinct(w for w in movable if w[0] != given[0]):
                for ph in PHASES:
                    if ph == moved[3]:
                        continue
                    score = work.expected(_columns(_with(rest, moved[0], ph)), p.selected)
                    if score > best[0]:
                        best = (score, _find(options, DICTATE, given[1:]))
    for power in pw.reassign_powers(state, p):
        decision = _find(options, POWER, (power.source,))
        if decision is not None:
            score = _power_gain(work, p, power, workers)
            if score > best[0]:
                best = (score, decision)
    return best[1]


def _power_gain(work: Workload, p: Player, power: pw.Reassign, workers: list[Worker]) -> float:
    """The estimate after using a reassign power as well as possible (moves one at a time)."""
    if power.same_column:
        best = work.expected(_columns(workers), p.selected)
        for column in PHASES:
            ws = [w for w in _movable(p) if w[3] == column and _allows(power, w, p.selected, p)]
            if len(ws) >= 2:
                moved = _with(_with(workers, ws[0][0], p.selected), ws[1][0], p.selected)
                best = max(best, work.expected(_columns(moved), p.selected))
        return best
    score = work.expected(_columns(workers), p.selected)
    moved: set[int] = set()
    for _ in range(power.count):
        step = None
        for w in workers:
            if w[0] == p.selector or w[0] in moved or not w[3]:
                continue
            for ph in PHASES:
                if _allows(power, w, ph, p):
                    trial = _with(workers, w[0], ph)
                    s = work.expected(_columns(trial), p.selected)
                    if s > score + 1e-9:
                        score, step = s, (w[0], trial)
        if step is None:
            break
        moved.add(step[0])
        workers = step[1]
    return score


def _allows(power: pw.Reassign, w: Worker, to: str, p: Player) -> bool:
    return power.allows({"colour": w[1], "face": w[2], "column": w[3]}, to, p.selected)


def _best_move(work: Workload, p: Player, options: list[Decision]) -> Decision | None:
    """In a reassign session: the move that improves the estimate most, or stop."""
    workers = _workers(p)
    best: tuple[float, Decision | None] = (float("-inf"), None)
    for d in options:
        if d.kind == STOP:
            trial = workers
        elif d.kind == MOVE:
            colour, face, column, to = d.args
            w = next(w for w in workers if w[1:] == (colour, face, column) and w[0] != p.selector)
            trial = _with(workers, w[0], to)
        elif d.kind == MOVE_PAIR:
            c1, f1, c2, f2, column = d.args
            trial = workers
            for colour, face in ((c1, f1), (c2, f2)):
                w = next(w for w in trial if w[1:] == (colour, face, column) and w[0] != p.selector)
                trial = _with(trial, w[0], p.selected)
        else:
            continue
        # Stopping wins ties: a move that changes nothing is not worth making.
        score = work.expected(_columns(trial), p.selected) + (1e-6 if d.kind == STOP else 0.0)
        if score > best[0]:
            best = (score, d)
    return best[1]


def _find(options: list[Decision], kind: str, args: tuple[Any, ...]) -> Decision | None:
    for d in options:
        if d.kind == kind and tuple(d.args) == tuple(args):
            return d
    return None


#: The search levels as this game plays them (``nfgalaxy.bots.levels`` has the figures).
#: ``hard`` and ``expert`` judge by the value margin, not the win model (``SearchLevel.
#: fitted``): judged by the model, ``hard`` won 2 of 6 games against itself judged by the
#: margin, scoring 23-30 in each, and ``expert`` was not measured with it. ``normal`` judges by
#: the learned value (``SearchLevel.learned``), with which it won 27 of 40 games against itself
#: judged by the model, which in turn had won 13 of 16 against the margin.
LEVEL_CHANGES = {
    "normal": {"learned": True},
    "hard": {"fitted": False},
    "expert": {"fitted": False},
}

#: What the bots know of Roll (see ``nfgalaxy.core.descriptor.Heuristic``).
HEURISTIC = Heuristic(
    value=value,
    plan=plan,
    lookahead=LOOKAHEAD,
    follow_limit=FOLLOW_LIMIT,
    win_features=lazy("nfgalaxy.games.roll.win_features:FEATURES"),
    levels=LEVEL_CHANGES,
)
