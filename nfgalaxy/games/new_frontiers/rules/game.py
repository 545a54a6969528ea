"""The New Frontiers game state: setup, the protocol, helpers the rules use, serialisation."""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import Any, ClassVar, TypeVar

from nfgalaxy.core.decision import Decision, IllegalDecision
from nfgalaxy.core.events import Event, EventLog
from nfgalaxy.core.rng import Rng
from nfgalaxy.core.steps import StepQueueGame
from nfgalaxy.games.new_frontiers.components import KINDS, Ability, Kind, Phase, TileSet, World
from nfgalaxy.games.new_frontiers.rules.common import (
    _TILES_GOALS,
    _TILES_STANDARD,
    GAME_ID,
    SAVE_VERSION,
    Entry,
    Step,
    _deep,
)
from nfgalaxy.games.new_frontiers.rules.events import RENDERERS
from nfgalaxy.games.new_frontiers.rules.explain import not_now
from nfgalaxy.games.new_frontiers.rules.setup import set_up
from nfgalaxy.games.new_frontiers.scoring import Score, score_player, winners
from nfgalaxy.games.new_frontiers.state import ActionTile, Player
from nfgalaxy.games.new_frontiers.tileset import REVISION, for_revision
from nfgalaxy.games.new_frontiers.view import seat_view

T = TypeVar("T")

#: What ``to_json`` writes as it is (scalars) and what it copies (plain data).
_SCALARS = (
    "selections",
    "produce_credits",
    "vp_general",
    "vp_reserve",
    "colonist_supply",
    "round",
    "over",
)
_DATA = (
    "bag",
    "display",
    "supply",
    "order",
    "chosen",
    "goods_supply",
    "goal_pile",
    "goals_revealed",
    "goals_hidden",
    "end_reasons",
    "queue",
    "action",
    "turn",
)


class NewFrontiers(StepQueueGame):
    """A New Frontiers game state implementing the core protocol (see ``nfgalaxy.core``)."""

    game_id = GAME_ID
    END_RULE = "§9"
    #: Decision kind -> a function saying why it is refused, and the step it belongs to (set
    #: with the step table in ``handlers``).
    EXPLAIN: ClassVar[dict[str, Callable[..., tuple[str, str] | None]]] = {}
    STEP_OF: ClassVar[dict[str, str]] = {}

    def __init__(self, tiles: TileSet) -> None:
        self.tiles = tiles
        self.options: dict[str, Any] = {}
        self.rng = Rng(0)
        self.players: list[Player] = []
        self.bag: list[str] = []
        self.display: list[str] = []
        self.supply: dict[str, int] = {}  # development face id -> tiles left
        self.order: list[list[int]] = []  # priority track: [player, disc], first = space 1/2
        self.selections = 0  # discs that have selected this round (a prefix of ``order``)
        self.chosen: dict[str, int] = {}  # action tile -> player, this round
        self.produce_credits = 0
        self.vp_general = 0
        self.vp_reserve = 0  # VP paid from the 10-VP reserve once the general supply is out
        self.colonist_supply = 0
        self.goods_supply = [0, 0, 0, 0]
        self.goal_pile: list[str] = []
        self.goals_revealed: list[str] = []
        self.goals_hidden: list[list[Any]] = []  # [player, goal] in the order they were taken
        self.round = 1
        self.end_reasons: list[str] = []
        self.over = False
        self.queue: list[Entry] = []
        self.action: dict[str, Any] = {}
        self.turn: dict[str, Any] = {}
        self._events: list[Event] = []
        self._log = EventLog(self._events)
        #: Labelled decisions already made (their words come from the tiles).
        self.offers = tiles.offers
        #: Events recorded and not yet put into words (``record``).
        self._pending: list[tuple[str, int | None, tuple[str, ...], tuple[int, ...]]] = []
        #: A quiet copy (made for search) records no events and leaves decision labels empty.
        self.quiet = False
        self.history: list[dict[str, Any]] = []
        self.final: list[Score] = []
        self._legal: list[Decision] | None = None

    @classmethod
    def new(cls, tiles: TileSet, players: int, seed: int, options: dict[str, Any]) -> NewFrontiers:
        """Set up a game for 2–5 players (rules §3, ``setup.py``). ``options["revision"]``: the
        built-in tiles' revision to play (a replayed old save's); new games play the latest."""
        revision = int(options.get("revision", REVISION))
        state = cls(for_revision(tiles, revision))
        set_up(state, players, seed, {**options, "revision": revision})
        state._advance()
        return state

    # ------------------------------------------------------------------ protocol

    def scores(self) -> list[dict[str, int]]:
        final = self.final or [
            score_player(self.tiles, p, self._goals_in_play()) for p in self.players
        ]
        return [s.as_dict() for s in final]

    def score_details(self) -> list[Score]:
        """Full score objects (with per-tile and per-goal detail)."""
        return self.final or [
            score_player(self.tiles, p, self._goals_in_play()) for p in self.players
        ]

    def winners(self) -> list[int]:
        return winners(self.score_details())

    @property
    def log(self) -> list[str]:
        """The events' words, oldest first."""
        if self._pending:
            self._render()
        return self._log

    @property
    def events(self) -> list[Event]:
        """What happened, oldest first (``nfgalaxy.core.events``)."""
        if self._pending:
            self._render()
        return self._events

    def record(
        self,
        kind: str,
        seat: int | None = None,
        components: tuple[str, ...] = (),
        numbers: tuple[int, ...] = (),
    ) -> None:
        """Record an event; a quiet copy records nothing. Its words (``events.py``) are
        rendered when the events or the log are next read: they depend only on names that never
        change, and a game nobody reads (a bot's) need not pay for them."""
        if not self.quiet:
            self._pending.append((kind, seat, components, numbers))

    def _render(self) -> None:
        for kind, seat, components, numbers in self._pending:
            text = RENDERERS[kind](self, seat, components, numbers)
            self._events.append(Event(kind, seat, components, numbers, text))
            self._log.add_rendered(text)
        self._pending.clear()

    # ------------------------------------------------------------------ helpers

    def name(self, seat: int) -> str:
        return self.players[seat].name

    def world(self, tile_id: str) -> World:
        """A world or home colony by id."""
        return self.tiles.by_id[tile_id]  # type: ignore[return-value]

    def tile_name(self, tile_id: str) -> str:
        return self.tiles.by_id[tile_id].name

    def goal_name(self, goal_id: str) -> str:
        return self.tiles.goals[goal_id].name

    def action_label(self, tile: str) -> str:
        return ActionTile(tile).label

    def _active(self, seat: int, phase: Phase) -> list[tuple[str, Ability]]:
        """Abilities usable now: not those of tiles placed in this action (§7.4)."""
        player = self.players[seat]
        table = player._abilities
        found = table[phase] if table is not None else player.abilities(self.tiles, phase)
        if not found:
            return found
        placed = self.action.get("placed")
        if not placed:
            return found
        mine = placed.get(str(seat))
        if not mine:
            return found
        return [(t, a) for t, a in found if t not in mine]

    def powers(self, seat: int, phase: Phase, build: Callable[[list[tuple[str, Ability]]], T]) -> T:
        """``build(self._active(seat, phase))``, kept with the player until tiles with abilities
        in ``phase`` come or go: options read the same abilities again and again, in every
        call and every playout of a search. ``build`` must read only that phase's abilities."""
        placed = self.action.get("placed")
        if placed:
            mine = placed.get(str(seat))
            # Tiles placed now with abilities in this phase are left out: not kept, such lists
            # rarely recur. Placed tiles without such abilities change nothing.
            if mine:
                phased = self.tiles.phased
                for tile_id in mine:
                    for tile_phase, _entry in phased[tile_id]:
                        if tile_phase is phase:
                            return build(self._active(seat, phase))
        player = self.players[seat]
        cache = player._powers
        if cache is None:
            cache = player._powers = {}
        key = (build, phase)
        found = cache.get(key)
        if found is None:
            found = cache[key] = build(self._active(seat, phase))
        return found

    def _mark_placed(self, seat: int, tile_id: str) -> None:
        self.action.setdefault("placed", {}).setdefault(str(seat), []).append(tile_id)

    def exec_order(self, disc: list[int]) -> list[int]:
        """Chooser first, then around the track as a circle, each player once (§4.1)."""
        order = self.order
        start = order.index(disc)
        seats = list(map(itemgetter(0), order))
        if len(seats) == len(self.players):  # one disc each: the track turned round
            return seats[start:] + seats[:start]
        return list(dict.fromkeys(seats[start:] + seats[:start]))

    def award_vp(self, seat: int, amount: int) -> None:
        """VP chips from the general supply, then from the reserve; emptying it ends the game."""
        if amount <= 0:
            return
        from_general = min(amount, self.vp_general)
        self.vp_general -= from_general
        self.vp_reserve += amount - from_general
        self.players[seat].vp += amount
        if self.vp_general == 0 and "VP chips" not in self.end_reasons:
            self.end_game_because("VP chips")
            self.record("vp_out")

    def end_game_because(self, reason: str) -> None:
        """The game ends after this round, for ``reason`` (replaced: copies share the list)."""
        self.end_reasons = [*self.end_reasons, reason]

    def gain_colonists(self, seat: int, amount: int) -> int:
        got = min(amount, self.colonist_supply)
        self.colonist_supply -= got
        self.players[seat].colonists += got
        return got

    def put_good(self, seat: int, colony: str, kind: int) -> bool:
        """One good on a colony, if the colony is empty and the supply has one (§5.5)."""
        player = self.players[seat]
        if colony in player.goods or self.goods_supply[kind] <= 0:
            return False
        self.goods_supply[kind] -= 1
        player.put_good(colony, kind)
        return True

    def remove_good(self, seat: int, colony: str) -> int:
        kind = self.players[seat].take_good(colony)
        self.goods_supply[kind] += 1
        return kind

    def draw_world(self) -> str | None:
        if not self.bag:
            return None
        index = self.rng.below(len(self.bag))
        self.bag[index], self.bag[-1] = self.bag[-1], self.bag[index]
        return self.bag.pop()

    def colony_kind(self, seat: int, colony: str) -> Kind | None:
        """A colony's kind in this action; Oort Cloud Refinery's is what its owner declared."""
        world = self.world(colony)
        if world.any_kind:
            declared = self.players[seat].oort_kind
            return KINDS[declared] if declared >= 0 else None
        return world.kind

    def _goals_in_play(self) -> list:
        ids = list(self.goals_revealed) + [g for _p, g in self.goals_hidden]
        return [self.tiles.goals[g] for g in ids]

    def goal_revealed(self, goal_id: str) -> bool:
        return goal_id in self.goals_revealed

    def _stock_goal(self, measure: str):
        for goal_id in self.goals_revealed:
            goal = self.tiles.goals[goal_id]
            if goal.measure == measure:
                return goal
        return None

    def available_tiles(self) -> list[ActionTile]:
        """The action tiles not chosen yet this round, in table order."""
        tiles = _TILES_GOALS if self.options["goals"] else _TILES_STANDARD
        return [t for t, value in tiles if value not in self.chosen]

    # ------------------------------------------------------------------ errors

    def _explain(self, decision: Decision) -> IllegalDecision:
        """Why a decision is refused, naming the rule."""
        if not self.queue:
            return IllegalDecision("§9", "the game is over")
        name, seat, _arg = self.queue[0]
        explain = self.EXPLAIN.get(decision.kind)
        if explain is not None and self.STEP_OF.get(decision.kind) == name:
            reason = explain(self, seat, decision)
            if reason:
                return IllegalDecision(*reason)
        who = self.name(seat) if seat >= 0 else None
        return IllegalDecision("§4.1 turn order", not_now(name, who))

    # ------------------------------------------------------------------ serialisation

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "game": GAME_ID,
            "version": SAVE_VERSION,
            "tiles": self.tiles.source,
            "options": dict(self.options),
            "rng": self.rng.state,
            "players": [p.to_json() for p in self.players],
        }
        for key in _DATA:
            data[key] = _deep(getattr(self, key))
        for key in _SCALARS:
            data[key] = getattr(self, key)
        data["events"] = [e.to_json() for e in self.events]
        data["history"] = [dict(h) for h in self.history]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any], tiles: TileSet) -> NewFrontiers:
        if data.get("game") != GAME_ID:
            raise ValueError(f"not a New Frontiers save (game={data.get('game')!r})")
        if data.get("version") != SAVE_VERSION:
            raise ValueError(f"unsupported save version {data.get('version')!r}")
        saved = data.get("options")
        # Saves from before the tiles' revision was kept were played on revision 1.
        revision = int(saved.get("revision", 1)) if isinstance(saved, dict) else REVISION
        tiles = for_revision(tiles, revision)
        state = cls(tiles)
        try:
            state.options = {**data["options"], "revision": revision}
            state.rng = Rng(int(data["rng"]))
            state.players = [Player.from_json(p) for p in data["players"]]
            for key in (*_DATA, *_SCALARS, "history"):
                setattr(state, key, _deep(data[key]))
            # Steps are words in JSON; saves from before ``Step`` hold the same words.
            state.queue = [[Step(name), seat, arg] for name, seat, arg in state.queue]
            # Saves from before typed events hold the log's lines: each becomes a note.
            state._events = [Event.from_json(e) for e in data.get("events", data.get("log", []))]
            state._log = EventLog(state._events)
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"damaged New Frontiers save: {exc}") from None
        for seat_list in (state.bag, state.display):
            for tile_id in seat_list:
                if tile_id not in tiles.worlds:
                    raise ValueError(f"save refers to unknown world {tile_id!r}")
        if state.over:
            state.final = [score_player(tiles, p, state._goals_in_play()) for p in state.players]
        return state

    def clone(self) -> NewFrontiers:
        """A copy that draws from a stream of its own: it cannot foresee this game's draws."""
        return self.copy(quiet=self.quiet)

    def view(self, seat: int, rng: Rng, quiet: bool = False) -> NewFrontiers:
        """What ``seat`` may know, everything hidden re-dealt with ``rng`` (see ``view.py``)."""
        return seat_view(self, seat, rng, quiet)

    def copy(self, quiet: bool = False, fork: bool = True) -> NewFrontiers:
        """An independent copy; ``quiet``: it records no events and builds no labels (for
        search); ``fork``: its generator is derived from this one's, else the same (exact)."""
        other = object.__new__(type(self))
        # Shared: scalars, the tiles, and what is only ever replaced, never changed (the
        # decisions offered, the final scores, the development supply, the end's reasons).
        d = self.__dict__.copy()  # (``dict(obj.__dict__)`` took four times as long)
        d["rng"] = self.rng.fork() if fork else Rng(self.rng.state)
        d["quiet"] = quiet
        d["players"] = [p.copy() for p in self.players]
        d["bag"] = self.bag[:]
        d["display"] = self.display[:]
        d["order"] = self.order[:]  # discs and queue entries are replaced, never changed
        d["chosen"] = self.chosen.copy()
        d["goods_supply"] = self.goods_supply[:]
        d["goal_pile"] = self.goal_pile[:]
        d["goals_revealed"] = self.goals_revealed[:]
        d["goals_hidden"] = [g[:] for g in self.goals_hidden] if self.goals_hidden else []
        d["queue"] = self.queue[:]
        d["action"] = _deep(self.action) if self.action else {}
        d["turn"] = _deep(self.turn) if self.turn else {}
        d["history"] = self.history[:]  # entries are never changed once made
        if quiet:
            d["_events"] = events = []
            d["_log"] = EventLog.of_new(events)
            d["_pending"] = []
        else:
            d["_events"] = events = self._events[:]
            d["_log"] = self._log.copy_for(events)
            d["_pending"] = self._pending[:]
        if quiet != self.quiet:
            d["_legal"] = None  # offered with (or without) labels: made again as needed
        other.__dict__ = d
        return other
