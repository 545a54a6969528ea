"""The state of a Roll for the Galaxy game and the small operations every phase uses.

``RollBase`` holds the table (players, supply, bag, VP pool, the step queue) and the helpers
the phase modules share (drawing tiles, paying credits and VP, taking dice from the supply). The
phase modules type their game argument with it; ``game.RollGame`` adds the handler table, setup,
views and refusals on top, so no rules module imports one that imports it back.
"""

from __future__ import annotations

from typing import Any, Self

from nfgalaxy.core.decision import Decision
from nfgalaxy.core.events import Event, EventLog
from nfgalaxy.core.rng import Rng
from nfgalaxy.core.steps import StepQueueGame
from nfgalaxy.games.roll import powers as pw
from nfgalaxy.games.roll.components import Destination, Side, TileSet
from nfgalaxy.games.roll.rules.common import (
    GAME_ID,
    Entry,
    Step,
    describe_side,
    offer_tables,
    without,
)
from nfgalaxy.games.roll.rules.events import RENDERERS
from nfgalaxy.games.roll.scoring import Score, score_player, winners
from nfgalaxy.games.roll.state import COLOURS, CREDIT_CAP, DEV, WORLD, Player, no_dice


class RollBase(StepQueueGame):
    """A Roll for the Galaxy state: the table and the operations shared by every phase."""

    game_id = GAME_ID
    END_RULE = "§9.2"
    RENDERERS = RENDERERS  # the words of ``record`` (core)

    _FIELDS = (
        "order",
        "supply",
        "bag",
        "discards",
        "vp_pool",
        "round",
        "revealed",
        "phases",
        "extra_phase",
        "extra_roll",
        "next_worker",
        "end_reasons",
        "over",
        "queue",
        "history",
    )

    def __init__(self, tiles: TileSet) -> None:
        self.tiles = tiles
        self.options: dict[str, Any] = {}
        self.rng = Rng(0)
        self.players: list[Player] = []
        self.order: list[int] = []  # seats in player order: lowest faction first (§10)
        self.supply: dict[str, int] = no_dice()
        self.bag: list[str] = []  # game tile ids
        self.discards: list[str] = []  # under phase tile I during Explore (hidden)
        self.vp_pool = 0
        self.round = 1
        self.revealed = False  # this round's assignments are public
        self.phases: list[str] = []  # phases played this round, in order
        self.extra_phase = ""  # the 2-player white die's phase, if it added one
        self.extra_roll = ""  # the face the 2-player white die showed
        self.next_worker = 0
        self.end_reasons: list[str] = []
        self.over = False
        self.queue: list[Entry] = []
        self.events: list[Event] = []
        self._log = EventLog(self.events)
        #: A quiet copy (made for search) records no events and leaves decision labels empty.
        self.quiet = False
        #: The decisions this game offers, made once per tile set: worded unless quiet (set
        #: with ``quiet``, by ``copy``).
        self.offered = offer_tables(tiles, quiet=False)
        self.history: list[dict[str, Any]] = []
        self.final: list[Score] = []
        self._legal: list[Decision] | None = None

    def scores(self) -> list[dict[str, int]]:
        return [s.as_dict() for s in self.score_details()]

    def score_details(self) -> list[Score]:
        return self.final or [score_player(self.tiles, p) for p in self.players]

    def winners(self) -> list[int]:
        return winners(self.score_details())

    @property
    def log(self) -> list[str]:
        """The events' words, oldest first."""
        return self._log

    def current_phase(self) -> str:
        """The phase being played now ('explore'…'ship'), or '' outside the phases: the first
        phase whose end is still queued (Explore's end comes in two steps)."""
        if self.over:
            return ""
        for name, _seat, arg in self.queue:
            if name == Step.EXPLORE_END:
                return "explore"
            if name == Step.PHASE_END:
                return arg
        return ""

    def hidden_from(self, viewer: int | None, seat: int) -> bool:
        """Whether ``seat``'s roll and assignment are hidden from ``viewer`` (§3, §5.3)."""
        return not self.revealed and viewer != seat

    def name(self, seat: int) -> str:
        return self.players[seat].name

    def side(self, side_id: str) -> Side:
        return self.tiles.by_id[side_id]

    def side_name(self, side_id: str) -> str:
        return self.tiles.by_id[side_id].name

    def describe_side(self, side_id: str) -> str:
        return describe_side(self.tiles, side_id)

    def gain_credits(self, p: Player, amount: int) -> None:
        p.credits = min(CREDIT_CAP, p.credits + amount)  # §3: excess is lost at once

    def award_vp(self, p: Player, amount: int) -> None:
        """Chips come from the pool; when it is out the 10s are added and paying goes on (§9.1)."""
        p.vp += amount
        self.vp_pool -= amount

    def _take_dice(self, colour: str, n: int) -> int:
        """Take up to ``n`` dice from the supply; a colour it lacks is lost (§14.9)."""
        got = min(n, self.supply[colour])
        self.supply[colour] -= got
        return got

    def _gain_dice(self, p: Player, world_id: str, colour: str, n: int, to: Any) -> int:
        got = self._take_dice(colour, n)
        if to is Destination.CUP:
            p.cup[colour] += got
        elif to is Destination.CITIZENRY:
            p.citizenry[colour] += got
        else:
            p.goods.setdefault(world_id, []).extend([colour] * got)
        return got

    def _draw(self, p: Player, n: int) -> int:
        """Draw ``n`` tiles for ``p``; when the bag runs dry the Explore discards go back in
        first (§7.1). Returns how many could not be drawn."""
        got = 0
        for refill in (False, True):
            if refill and got < n and self.discards:
                self.bag.extend(self.discards)
                self.bag.sort()
                self.discards.clear()
                self.record("bag_refilled")
            while got < n and self.bag:
                # Replaced, never changed: copies of the player share the list.
                p.drawn = [*p.drawn, self.bag.pop(self.rng.below(len(self.bag)))]
                got += 1
        return n - got

    def _free_capacity(self, p: Player) -> list[str]:
        cap = pw.goods_capacity(self.tiles, p)
        goods = p.goods
        return [w for w in pw.goods_worlds(self.tiles, p) if len(goods.get(w, ())) < cap]

    def _take_worker(self, p: Player, phase: str, colour: str) -> dict[str, Any]:
        """Remove a worker of this colour from a column (a non-selection die first)."""
        workers, selector = p.workers, p.selector
        at = -1
        for i, w in enumerate(workers):
            if w["column"] == phase and w["colour"] == colour:
                if w["id"] != selector:
                    at = i
                    break
                if at < 0:
                    at = i
        assert at >= 0, f"no {colour} worker in {phase}"
        return workers.pop(at)  # by place: ``remove`` compared the dicts before it

    def _explorers(self, p: Player) -> list[tuple[str, int]]:
        """Distinct (colour, virtual) explorers, physical first."""
        return _workers(p, "explore")

    def _shippers(self, p: Player) -> list[tuple[str, int]]:
        return _workers(p, "ship")

    def zone(self, p: Player) -> list[str]:
        return p.stacks[DEV] + p.stacks[WORLD]

    def _push(self, *steps: Entry) -> None:
        """Put steps at the front of the queue, in the order given. The rules always pass new
        lists and never change an entry in place (copies share them), so none is copied:
        this runs after almost every decision of a playout."""
        if len(steps) == 1:
            self.queue.insert(0, steps[0])
        else:
            self.queue[0:0] = steps

    def _new_worker_id(self) -> int:
        self.next_worker += 1
        return self.next_worker

    def clone(self) -> Self:
        """A copy that draws from a stream of its own: it cannot foresee this game's rolls."""
        return self.copy(self.quiet)

    def copy(self, quiet: bool = False, fork: bool = True) -> Self:
        """An independent copy; ``quiet``: it records no events and builds no labels (for
        search); ``fork``: its generator is derived from this one's, else the same (exact)."""
        other = object.__new__(type(self))
        d = self.__dict__.copy()  # scalars, the tiles, and lists only ever replaced, shared
        d["rng"] = self.rng.fork() if fork else Rng(self.rng.state)
        d["quiet"] = quiet
        d["offered"] = offer_tables(self.tiles, quiet)
        d["players"] = [p.copy() for p in self.players]
        d["supply"] = self.supply.copy()
        d["bag"] = self.bag[:]
        d["discards"] = self.discards[:]
        d["queue"] = self.queue[:]  # entries are never changed in place
        d["history"] = self.history[:]  # entries are never changed once made
        if quiet:
            d["events"] = []
            d["_log"] = EventLog.of_new(d["events"])
            if not self.quiet:
                d["_legal"] = None  # labelled; a quiet copy offers unlabelled decisions
        else:
            d["events"] = self.events[:]
            d["_log"] = self._log.copy_for(d["events"])
        other.__dict__ = d
        return other


def _workers(p: Player, phase: str) -> list[tuple[str, int]]:
    """Distinct (colour, virtual) workers of a phase, physical first, in colour order."""
    found = {w["colour"] for w in p.workers if w["column"] == phase}
    out = [(c, 0) for c in COLOURS if c in found]
    if p.virtual:
        out += [(c, 1) for c in COLOURS if c in p.virtual]
    return out


def use_worker(g: RollBase, p: Player, phase: str, colour: str, virtual: int) -> None:
    """A worker that did its task: a die goes to the citizenry, a virtual one vanishes."""
    if virtual:
        p.virtual = without(p.virtual, colour)
    else:
        g._take_worker(p, phase, colour)
        p.citizenry[colour] += 1
