"""The Roll for the Galaxy rules engine: setup, the five-step round, game end and scoring.

Like New Frontiers, the game is a queue of *steps* ``[name, player, arg]``; a step either runs on
its own (rolling, Reveal, end-of-phase income) or asks one player for a decision. Steps that the
rulebook plays simultaneously (assigning dice, every phase, Manage Empire) are asked of the
players one at a time in player order (§5.4 recommends exactly this for the engine). Hidden
information stays hidden: the decisions offered to a player depend only on what that player may
see, the log never names a hidden die or tile, and ``view(seat)`` gives bots a copy in which
everything the seat cannot see is re-dealt at random. Rule references (§n) are to
``shared/rules/roll-for-the-galaxy.md``.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from nfgalaxy.core.decision import Decision, IllegalDecision
from nfgalaxy.core.rng import Rng
from nfgalaxy.core.steps import StepQueueGame
from nfgalaxy.games.roll import powers as pw
from nfgalaxy.games.roll.components import (
    Destination,
    DieColour,
    Face,
    Phase,
    Side,
    TileSet,
    Timing,
    World,
)
from nfgalaxy.games.roll.scoring import Score, score_player, winners
from nfgalaxy.games.roll.state import (
    COLOURS,
    CREDIT_CAP,
    DEV,
    PHASES,
    STACKS,
    TABLEAU_END,
    VP_PER_PLAYER,
    WORLD,
    Player,
    no_dice,
)

GAME_ID = "roll-for-the-galaxy"
SAVE_VERSION = 1

# Decision kinds.
START_TILES = "start_tiles"
WILD = "wild"
SELECT = "select"
DICTATE = "dictate"
POWER = "power"
MOVE = "move"
MOVE_PAIR = "move_pair"
STOP = "stop"
DONE = "done"
STOCK = "stock"
SCOUT = "scout"
REARRANGE = "rearrange"
DISCARD = "discard"
DRAW = "draw"
PLACE = "place"
RETURN_TILE = "return_tile"
DEVELOP = "develop"
SETTLE = "settle"
USE_DICE = "use_dice"
TO_CUP = "to_cup"
REMOVE = "remove"
PRODUCE = "produce"
SHIP = "ship"
RECRUIT = "recruit"
RECALL = "recall"

TRADE, CONSUME, TRADE_VP = "trade", "consume", "trade_vp"
BOTTOM, TOP = "bottom", "top"

Step = list  # [name, player, arg]

_BUILD_KIND = {DEV: DEVELOP, WORLD: SETTLE}
_BUILD_PHASE = {DEV: Phase.DEVELOP, WORLD: Phase.SETTLE}


# Labels by word: option labels are built for every decision, and enum lookups dominated that.
_DIE_NAMES = {c.value: c.label for c in DieColour}
_PHASE_LABELS = {p.value: p.label for p in Phase}


def die_name(colour: str) -> str:
    return _DIE_NAMES[colour]


def _pronoun_stack(kind: str) -> str:
    return "development stack" if kind == DEV else "world stack"


class RollGame(StepQueueGame):
    """A Roll for the Galaxy state implementing the core protocol (see ``nfgalaxy.core``)."""

    game_id = GAME_ID
    END_RULE = "§9.2"

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
        self.queue: list[Step] = []
        self._log: list[str] = []
        self.history: list[dict[str, Any]] = []
        self.final: list[Score] = []
        self._legal: list[Decision] | None = None

    # ------------------------------------------------------------------ setup

    @classmethod
    def new(cls, tiles: TileSet, players: int, seed: int, options: dict[str, Any]) -> RollGame:
        """Set up a game for 2–5 players (§4)."""
        if not 2 <= players <= 5:
            raise ValueError("Roll for the Galaxy is for 2 to 5 players")
        names = list(options.get("names") or [])
        names += [f"Player {i + 1}" for i in range(len(names), players)]
        g = cls(tiles)
        g.options = {
            "players": players,
            "seed": seed,
            "names": names[:players],
            "tiles": options.get("tiles"),
        }
        g.rng = Rng(seed)
        g.supply = {c.value: tiles.dice[c].count for c in DieColour}
        g.bag = sorted(tiles.game_tiles)
        g.vp_pool = VP_PER_PLAYER * players
        factions = sorted(tiles.factions)
        homes = sorted(tiles.homes)
        g.rng.shuffle(factions)
        g.rng.shuffle(homes)
        g.players = [Player(seat=i, name=names[i]) for i in range(players)]
        for p in g.players:
            p.faction = factions[p.seat]
            p.home = homes[p.seat]
            faction = tiles.factions[p.faction]
            p.tableau = [faction.a.id, faction.b.id, p.home]
            p.credits = tiles.start.credits
            for colour, n in tiles.start.cup.items():
                p.cup[colour.value] += g._take_dice(colour.value, n)
            for colour, n in tiles.start.citizenry.items():
                p.citizenry[colour.value] += g._take_dice(colour.value, n)
            for side_id in p.tableau:
                for power in tiles.by_id[side_id].powers:
                    if power.phase is Timing.SETUP:
                        g._setup_power(p, side_id, power)
        g.order = sorted(range(players), key=lambda s: g.players[s].faction)
        for seat in g.order:
            p = g.players[seat]
            g._draw(p, 2)
            g.log_line(
                f"{p.name}: {g.side_name(g.players[seat].faction + 'a')} / "
                f"{g.side_name(p.faction + 'b')}, home world {g.side_name(p.home)}; "
                f"${p.credits}"
            )
        g.queue = [["start_tiles", seat, 0] for seat in g.order] + [["round_start", -1, 0]]
        g._advance()
        return g

    def _setup_power(self, p: Player, side_id: str, power: Any) -> None:
        if power.effect == "start_credits":
            p.credits = power.credits
        elif power.effect == "gain_dice":
            self._gain_dice(p, side_id, power.colour.value, power.count or 1, power.to)
        else:  # the loader only allows these two at setup
            raise ValueError(f"{side_id}: unknown setup effect {power.effect!r}")

    # ------------------------------------------------------------------ protocol

    def scores(self) -> list[dict[str, int]]:
        return [s.as_dict() for s in self.score_details()]

    def score_details(self) -> list[Score]:
        return self.final or [score_player(self.tiles, p) for p in self.players]

    def winners(self) -> list[int]:
        return winners(self.score_details())

    @property
    def log(self) -> list[str]:
        return self._log

    def log_line(self, text: str) -> None:
        self._log.append(text)

    def step_name(self) -> str:
        """The name of the step waiting for a decision (for interfaces): 'assign', 'ship'…"""
        return self.queue[0][0] if self.queue and not self.over else ""

    def current_phase(self) -> str:
        """The phase being played now ('explore'…'ship'), or '' outside the phases: the first
        phase whose end is still queued (Explore's end comes in two steps)."""
        if self.over:
            return ""
        for name, _seat, arg in self.queue:
            if name == "explore_end":
                return "explore"
            if name == "phase_end":
                return arg
        return ""

    def hidden_from(self, viewer: int | None, seat: int) -> bool:
        """Whether ``seat``'s roll and assignment are hidden from ``viewer`` (§3, §5.3)."""
        return not self.revealed and viewer != seat

    # ------------------------------------------------------------------ engine loop

    # ------------------------------------------------------------------ helpers

    def name(self, seat: int) -> str:
        return self.players[seat].name

    def side(self, side_id: str) -> Side:
        return self.tiles.by_id[side_id]

    def side_name(self, side_id: str) -> str:
        return self.tiles.by_id[side_id].name

    def describe_side(self, side_id: str) -> str:
        side = self.side(side_id)
        if isinstance(side, World):
            return f"{side.name} ({side.colour.letter} world, {side.cost})"
        return f"{side.name} (development, {side.cost})"

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
                self.log_line("The bag is empty: the discarded tiles go back into it.")
            while got < n and self.bag:
                p.drawn.append(self.bag.pop(self.rng.below(len(self.bag))))
                got += 1
        return n - got

    def _free_capacity(self, p: Player) -> list[str]:
        cap = pw.goods_capacity(self.tiles, p)
        return [
            w.id
            for w in pw.worlds(self.tiles, p)
            if w.holds_goods and len(p.goods.get(w.id, ())) < cap
        ]

    def _take_worker(self, p: Player, phase: str, colour: str) -> dict[str, Any]:
        """Remove a worker of this colour from a column (a non-selection die first)."""
        candidates = [w for w in p.column(phase) if w["colour"] == colour]
        candidates.sort(key=lambda w: w["id"] == p.selector)
        worker = candidates[0]
        p.workers.remove(worker)
        return worker

    def _explorers(self, p: Player) -> list[tuple[str, int]]:
        """Distinct (colour, virtual) explorers, physical first."""
        found = [(w["colour"], 0) for w in p.column("explore")]
        found += [(c, 1) for c in p.virtual]
        return sorted(set(found), key=lambda e: (e[1], COLOURS.index(e[0])))

    def _shippers(self, p: Player) -> list[tuple[str, int]]:
        found = [(w["colour"], 0) for w in p.column("ship")]
        found += [(c, 1) for c in p.virtual]
        return sorted(set(found), key=lambda e: (e[1], COLOURS.index(e[0])))

    def zone(self, p: Player) -> list[str]:
        return p.stacks[DEV] + p.stacks[WORLD]

    # ------------------------------------------------------------------ hidden information

    def view(self, seat: int) -> RollGame:
        """A copy holding only what ``seat`` may know; everything hidden is re-dealt at random.

        Others' unrevealed rolls are re-rolled (their dice colours are public), the bag,
        Explore discards and the tiles below the top of others' stacks are shuffled together
        and dealt back into the same places, and the random number generator is replaced, so
        nothing in the copy reveals a hidden die, a hidden tile or a future draw. Bots decide
        on this copy (determinisation).
        """
        v = self.clone()
        v.history = []
        # Seeded only from what the seat knows: the decision count would tell how many
        # hidden choices (wild dice, reassignments) another player has made; the log is public.
        v.rng = Rng((self.round * 1_000_003 + seat * 7919 + len(self._log)) ^ 0x5EE_D1CE)
        if not self.revealed:
            for q in v.players:
                if q.seat != seat:
                    v._reroll_hidden(q)
        hidden: list[tuple[Player, str, int]] = []
        pool = list(v.bag) + list(v.discards)
        for q in v.players:
            if q.seat == seat:
                continue
            for kind in STACKS:
                for i in range(1, len(q.stacks[kind])):
                    hidden.append((q, kind, i))
                    pool.append(q.stacks[kind][i][:-1])
        v.rng.shuffle(pool)
        for q, kind, i in hidden:
            q.stacks[kind][i] = pool.pop() + ("d" if kind == DEV else "w")
        cut = len(v.discards)
        v.discards = sorted(pool[:cut])
        v.bag = sorted(pool[cut:])
        v._legal = None
        return v

    def _reroll_hidden(self, q: Player) -> None:
        # Only the colours are public, not where the dice lie: re-roll them in colour order.
        dice = sorted([w["colour"] for w in q.workers] + q.dictated, key=COLOURS.index)
        q.workers = []
        q.dictated = []
        q.selector, q.selected = -1, ""
        q.used_powers = []
        for colour in dice:
            face = self.tiles.dice[DieColour(colour)].faces[self.rng.below(6)].value
            column = face if face != "wild" else ""
            if q.assigned and column == "":
                column = PHASES[self.rng.below(5)]
            q.workers.append(
                {"id": self._new_worker_id(), "colour": colour, "face": face, "column": column}
            )
        if q.assigned and q.workers:
            w = q.workers[self.rng.below(len(q.workers))]
            q.selector, q.selected = w["id"], PHASES[self.rng.below(5)]
            w["column"] = q.selected

    def _new_worker_id(self) -> int:
        self.next_worker += 1
        return self.next_worker

    # ------------------------------------------------------------------ errors

    def _explain(self, decision: Decision) -> IllegalDecision:
        """Why a decision is refused, naming the rule it breaks."""
        if not self.queue:
            return IllegalDecision("§9.2", "the game is over")
        name, seat, arg = self.queue[0]
        reason = _explain_specific(self, name, seat, arg, decision)
        if reason is not None:
            return IllegalDecision(*reason)
        expected = sorted({d.kind for d in self._legal or []})
        who = self.name(seat) if seat >= 0 else "nobody"
        return IllegalDecision(
            "§5 round structure",
            f"{decision.kind} {list(decision.args)} is not a decision {who} can make now "
            f"(step '{name}' expects {', '.join(expected) or 'nothing'})",
        )

    # ------------------------------------------------------------------ serialisation

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

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "game": GAME_ID,
            "version": SAVE_VERSION,
            "tiles": self.tiles.source,
            "options": dict(self.options),
            "rng": self.rng.state,
            "players": [p.to_json() for p in self.players],
            "log": list(self._log),
        }
        for key in self._FIELDS:
            data[key] = _deep(getattr(self, key))
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any], tiles: TileSet) -> RollGame:
        if data.get("game") != GAME_ID:
            raise ValueError(f"not a Roll for the Galaxy save (game={data.get('game')!r})")
        if data.get("version") != SAVE_VERSION:
            raise ValueError(f"unsupported save version {data.get('version')!r}")
        g = cls(tiles)
        try:
            g.options = dict(data["options"])
            g.rng = Rng(int(data["rng"]))
            g.players = [Player.from_json(p) for p in data["players"]]
            for key in cls._FIELDS:
                setattr(g, key, _deep(data[key]))
            g._log = list(data["log"])
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise ValueError(f"damaged Roll for the Galaxy save: {exc}") from None
        for p in g.players:
            for side_id in [*p.tableau, *p.stacks.get(DEV, []), *p.stacks.get(WORLD, [])]:
                if side_id not in tiles.by_id:
                    raise ValueError(f"save refers to unknown tile side {side_id!r}")
        for tile_id in [*g.bag, *g.discards]:
            if tile_id not in tiles.game_tiles:
                raise ValueError(f"save refers to unknown tile {tile_id!r}")
        if g.queue and g.queue[0][0] not in HANDLERS:
            raise ValueError(f"save refers to unknown step {g.queue[0][0]!r}")
        if g.over:
            g.final = [score_player(tiles, p) for p in g.players]
        return g

    def clone(self) -> RollGame:
        other = RollGame(self.tiles)
        other.options = self.options
        other.rng = Rng(self.rng.state)
        other.players = [p.copy() for p in self.players]
        for key in self._FIELDS:
            if key != "history":  # entries are never changed once logged: a shallow copy is enough
                setattr(other, key, _deep(getattr(self, key)))
        other.history = list(self.history)
        other._log = list(self._log)
        other.final = list(self.final)
        other._legal = None if self._legal is None else list(self._legal)
        return other


_NESTED = (dict, list, tuple)


def _deep(value: Any) -> Any:
    """Plain data copied at every level, tuples as lists (as JSON would give them back)."""
    if type(value) is dict:
        return {k: _deep(v) if type(v) in _NESTED else v for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_deep(v) if type(v) in _NESTED else v for v in value]
    return value


def _distinct(items: list[Any]) -> list[Any]:
    seen: dict[Any, None] = {}
    for item in items:
        seen.setdefault(item, None)
    return list(seen)


def _multisets(dice: list[str], size: int) -> list[tuple[str, ...]]:
    """The different colour combinations of ``size`` dice out of ``dice``."""
    ordered = sorted(dice, key=COLOURS.index)
    return _distinct(list(itertools.combinations(ordered, size)))


# ====================================================================== setup


def _opt_start_tiles(g: RollGame, seat: int, _arg: Any) -> list[Decision]:
    a, b = g.players[seat].drawn[:2]
    out = []
    for dev, world in ((a, b), (b, a)):
        out.append(
            Decision(
                START_TILES,
                (dev,),
                f"{g.describe_side(dev + 'd')} on the development stack, "
                f"{g.describe_side(world + 'w')} on the world stack",
            )
        )
    return out


def _run_start_tiles(g: RollGame, seat: int, _arg: Any, d: Decision | None) -> None:
    """§4 step 5: one tile development side up, the other world side up."""
    p = g.players[seat]
    assert d is not None
    dev = d.args[0]
    world = next(t for t in p.drawn if t != dev)
    p.drawn = []
    p.stacks[DEV].append(dev + "d")
    p.stacks[WORLD].append(world + "w")
    g.log_line(f"{p.name} starts building {g.side_name(dev + 'd')} and {g.side_name(world + 'w')}.")


# ====================================================================== roll and assign


def _run_round_start(g: RollGame, _seat: int, _arg: Any, _d: Decision | None) -> None:
    """§5.1: every player rolls all the dice in their cup, in secret."""
    g.revealed = False
    g.phases = []
    g.extra_phase = g.extra_roll = ""
    g.log_line(f"— Round {g.round} —")
    for seat in g.order:
        p = g.players[seat]
        p.workers, p.dictated, p.used_powers = [], [], []
        p.selector, p.selected, p.assigned = -1, "", False
        for colour in COLOURS:
            faces = g.tiles.dice[DieColour(colour)].faces
            for _ in range(p.cup[colour]):
                face = faces[g.rng.below(6)].value
                p.workers.append(
                    {
                        "id": g._new_worker_id(),
                        "colour": colour,
                        "face": face,
                        "column": "" if face == "wild" else face,  # §5.2.1 place by face
                    }
                )
            p.cup[colour] = 0
    g._push(*[["assign", seat, 0] for seat in g.order], ["reveal", -1, 0])


def _worker_key(w: dict[str, Any]) -> tuple[str, str, str]:
    return (w["colour"], w["face"], w["column"])


def _die_label(colour: str, face: str) -> str:
    shown = "wild" if face == "wild" else _PHASE_LABELS[face]
    return f"{_DIE_NAMES[colour]} die ({shown})"


def _movable(p: Player) -> list[dict[str, Any]]:
    """Workers a reassign power may move: not the selection die (§14.3)."""
    return [w for w in p.workers if w["id"] != p.selector and w["column"]]


def _opt_assign(g: RollGame, seat: int, _arg: Any) -> list[Decision]:
    p = g.players[seat]
    unplaced = [w for w in p.workers if not w["column"]]
    if unplaced:  # §5.2.1: a wild die goes in any column
        return [
            Decision(WILD, (c, ph), f"Put a wild {die_name(c)} die under {_PHASE_LABELS[ph]}")
            for c in _distinct([w["colour"] for w in unplaced])
            for ph in PHASES
        ]
    if p.selector < 0:  # §5.2.2: select exactly one phase with any one die
        if not p.workers:
            return []  # nothing rolled: nothing to select (the player plays no phase)
        distinct = _distinct([_worker_key(w) for w in p.workers])
        keys = [(key, _die_label(key[0], key[1])) for key in distinct]
        return [
            Decision(
                SELECT,
                (*key, ph),
                f"Select {_PHASE_LABELS[ph]} with a {die}"
                + (f" from {_PHASE_LABELS[key[2]]}" if key[2] != ph else ""),
            )
            for ph in PHASES
            for key, die in keys
        ]
    out = [Decision(DONE, (), "Done assigning: ready to reveal")]
    movable = _movable(p)
    if len(movable) >= 2 and ("dictate" not in p.used_powers or pw.may_repeat_dictate(g.tiles, p)):
        out += [
            Decision(
                DICTATE,
                key,
                f"Dictate: give up a {_die_label(key[0], key[1])} in "
                f"{Phase(key[2]).label} to move another worker",
            )
            for key in _distinct([_worker_key(w) for w in movable])
        ]
    for power in pw.reassign_powers(g, p):
        if power.source in p.used_powers:
            continue
        if _reassign_moves(p, power, []) or _pair_moves(p, power):
            out.append(
                Decision(
                    POWER,
                    (power.source,),
                    f"Use {g.side_name(power.source)}: {g.side(power.source).text}",
                )
            )
    return out


def _run_assign(g: RollGame, seat: int, _arg: Any, d: Decision | None) -> None:
    p = g.players[seat]
    if d is None:
        p.assigned = True
        return
    if d.kind == WILD:
        colour, phase = d.args
        w = next(w for w in p.workers if not w["column"] and w["colour"] == colour)
        w["column"] = phase
    elif d.kind == SELECT:
        *key, phase = d.args
        w = next(w for w in p.workers if _worker_key(w) == tuple(key))
        p.selector, p.selected = w["id"], phase
        w["column"] = phase
    elif d.kind == DICTATE:
        w = next(w for w in _movable(p) if _worker_key(w) == tuple(d.args))
        p.workers.remove(w)
        p.dictated.append(w["colour"])
        p.used_powers.append("dictate")
        session = pw.Reassign("dictate", pw.dictate_moves(g.tiles, p)).to_json()
        g._push(["reassign", seat, {**session, "moved": []}], ["assign", seat, 0])
        return
    elif d.kind == POWER:
        power = next(r for r in pw.reassign_powers(g, p) if r.source == d.args[0])
        p.used_powers.append(power.source)
        g._push(["reassign", seat, {**power.to_json(), "moved": []}], ["assign", seat, 0])
        return
    elif d.kind == DONE:
        p.assigned = True
        return
    g._push(["assign", seat, 0])


def _reassign_moves(p: Player, power: pw.Reassign, moved: list[int]) -> list[tuple]:
    """(colour, face, column, to) moves the power allows now, one per kind of die."""
    if power.same_column:
        return []
    moves = []
    for w in _movable(p):
        if w["id"] in moved:
            continue
        for to in PHASES:
            if power.allows(w, to, p.selected):
                moves.append((*_worker_key(w), to))
    return _distinct(moves)


def _pair_moves(p: Player, power: pw.Reassign) -> list[tuple]:
    """Executive Power: two workers from one column, both to the selected phase."""
    if not power.same_column:
        return []
    out = []
    for column in PHASES:
        ws = [w for w in _movable(p) if w["column"] == column]
        ws = [w for w in ws if power.allows(w, p.selected, p.selected)]
        if len(ws) < 2:
            continue
        keys = sorted((_worker_key(w) for w in ws), key=lambda k: (COLOURS.index(k[0]), k[1]))
        for a, b in _distinct(list(itertools.combinations(keys, 2))):
            out.append((a[0], a[1], b[0], b[1], column))
    return out


def _opt_reassign(g: RollGame, seat: int, arg: dict[str, Any]) -> list[Decision]:
    p = g.players[seat]
    power = pw.Reassign.from_json(arg)
    moved: list[int] = arg["moved"]
    name = "Dictate" if power.source == "dictate" else g.side_name(power.source)
    if power.same_column:
        return [
            Decision(
                MOVE_PAIR,
                m,
                f"{name}: move a {_die_label(m[0], m[1])} and a {_die_label(m[2], m[3])} from "
                f"{Phase(m[4]).label} to {Phase(p.selected).label}",
            )
            for m in _pair_moves(p, power)
        ]
    out = []
    if len(moved) < power.count:
        out = [
            Decision(
                MOVE,
                m,
                f"{name}: move a {_die_label(m[0], m[1])} from {Phase(m[2]).label} to "
                f"{Phase(m[3]).label}",
            )
            for m in _reassign_moves(p, power, moved)
        ]
    if moved or not out:
        out.append(Decision(STOP, (), f"{name}: move no more workers"))
    return out


def _run_reassign(g: RollGame, seat: int, arg: dict[str, Any], d: Decision | None) -> None:
    p = g.players[seat]
    if d is None or d.kind == STOP:
        return
    if d.kind == MOVE_PAIR:
        c1, f1, c2, f2, column = d.args
        for colour, face in ((c1, f1), (c2, f2)):
            w = next(w for w in _movable(p) if _worker_key(w) == (colour, face, column))
            w["column"] = p.selected
        return
    colour, face, column, to = d.args
    w = next(
        w
        for w in _movable(p)
        if _worker_key(w) == (colour, face, column) and w["id"] not in arg["moved"]
    )
    w["column"] = to
    moved = [*arg["moved"], w["id"]]
    if len(moved) < int(arg["count"]):
        g._push(["reassign", seat, {**arg, "moved": moved}])


def _run_reveal(g: RollGame, _seat: int, _arg: Any, _d: Decision | None) -> None:
    """§5.3: selections are announced, the 2-player die may add a phase, and dice in unplayed
    columns and in Dictate zones go back to the cup."""
    g.revealed = True
    chosen = {g.players[s].selected for s in g.order if g.players[s].selected}
    parts = [
        f"{g.name(s)} selects {Phase(g.players[s].selected).label}"
        for s in g.order
        if g.players[s].selected
    ]
    g.log_line("Reveal: " + "; ".join(parts) + ".")
    if len(g.players) == 2:
        face = g.tiles.dice[DieColour.HOME].faces[g.rng.below(6)]
        g.extra_roll = face.value
        if face is not Face.WILD and face.value not in chosen:
            g.extra_phase = face.value
            chosen.add(face.value)
            g.log_line(f"The 2-player white die shows {face.label}: that phase is played too.")
        else:
            g.log_line(f"The 2-player white die shows {face.label}: no extra phase.")
    g.phases = [ph for ph in PHASES if ph in chosen]
    for seat in g.order:
        p = g.players[seat]
        summary = []
        for ph in PHASES:
            col = p.column(ph)
            if col:
                letters = "".join(sorted(DieColour(w["colour"]).letter for w in col))
                summary.append(f"{Phase(ph).numeral} {letters}")
        if p.dictated:
            summary.append("Dictate " + "".join(DieColour(c).letter for c in p.dictated))
        g.log_line(f"  {p.name}: " + (", ".join(summary) or "no dice"))
        for w in list(p.workers):
            if w["column"] not in g.phases:
                p.workers.remove(w)
                p.cup[w["colour"]] += 1
        for colour in p.dictated:
            p.cup[colour] += 1
        p.dictated = []
    steps: list[Step] = []
    for ph in g.phases:
        steps += _PHASE_STEPS[ph](g)
    steps += [["manage", s, 0] for s in g.order]
    steps.append(["round_end", -1, 0])
    g._push(*steps)


# ====================================================================== I Explore


def _explore_steps(g: RollGame) -> list[Step]:
    return [["explore_start", -1, 0], *[["explore", s, 0] for s in g.order], ["explore_end", -1, 0]]


def _run_explore_start(g: RollGame, _seat: int, _arg: Any, _d: Decision | None) -> None:
    for p in g.players:
        p.virtual = pw.virtual_workers(g.tiles, p, Timing.EXPLORE)
        p.scouted, p.rearranged = [], []
        p.top_allowed = pw.has_effect(g.tiles, p, Timing.EXPLORE, "scout_to_top")


def _opt_explore(g: RollGame, seat: int, _arg: Any) -> list[Decision]:
    p = g.players[seat]
    explorers = g._explorers(p)
    rearrange = pw.has_effect(g.tiles, p, Timing.EXPLORE, "rearrange")
    if not explorers:
        # §5.4: a power works in its phase even without workers, so Advanced Logistics may
        # still rearrange after the last explorer, or with none at all (§12: any number of times).
        moves = _rearrange_options(g, p) if rearrange else []
        return [Decision(DONE, (), "Done exploring"), *moves] if moves else []
    out = []
    for colour, virtual in explorers:
        who = f"{'virtual ' if virtual else ''}{die_name(colour)} explorer"
        out.append(
            Decision(
                STOCK,
                (colour, virtual),
                f"Stock with a {who}: +${pw.stock_credits(g.tiles, p, colour)}",
            )
        )
        out.append(
            Decision(
                SCOUT, (colour, virtual), f"Scout with a {who}: discard tiles, then draw one more"
            )
        )
    if rearrange:
        out += _rearrange_options(g, p)
    return out


def _rearrange_options(g: RollGame, p: Player) -> list[Decision]:
    """Advanced Logistics: move one tile to the top or bottom of either stack, flipping it to
    the side that stack holds. Each tile moves at most once between two explorers, which is
    enough to reach any arrangement and keeps the choice finite."""
    out = []
    for kind in STACKS:
        for i, side_id in enumerate(p.stacks[kind]):
            tile = side_id[:-1]
            if tile in p.rearranged:
                continue
            for target in STACKS:
                n = len(p.stacks[target])
                for pos in (TOP, BOTTOM):
                    if target == kind and (
                        (pos == TOP and i == 0) or (pos == BOTTOM and i == n - 1)
                    ):
                        continue
                    new_side = tile + ("d" if target == DEV else "w")
                    out.append(
                        Decision(
                            REARRANGE,
                            (side_id, target, pos),
                            f"Advanced Logistics: put {g.describe_side(side_id)} on the {pos} of "
                            f"the {_pronoun_stack(target)} as {g.describe_side(new_side)}",
                        )
                    )
    return out


def _use_worker(g: RollGame, p: Player, phase: str, colour: str, virtual: int) -> None:
    """A worker that did its task: a die goes to the citizenry, a virtual one vanishes."""
    if virtual:
        p.virtual.remove(colour)
    else:
        g._take_worker(p, phase, colour)
        p.citizenry[colour] += 1


def _run_explore(g: RollGame, seat: int, _arg: Any, d: Decision | None) -> None:
    p = g.players[seat]
    if d is None or d.kind == DONE:
        return
    if d.kind == REARRANGE:
        side_id, target, pos = d.args
        kind = DEV if side_id.endswith("d") else WORLD
        p.stacks[kind].remove(side_id)
        new_side = side_id[:-1] + ("d" if target == DEV else "w")
        if pos == TOP:
            p.stacks[target].insert(0, new_side)
        else:
            p.stacks[target].append(new_side)
        p.rearranged.append(side_id[:-1])
        g.log_line(f"{p.name} rearranges the construction zone (Advanced Logistics).")
        g._push(["explore", seat, 0])
        return
    colour, virtual = d.args
    _use_worker(g, p, "explore", colour, virtual)
    p.rearranged = []
    if d.kind == STOCK:
        gain = pw.stock_credits(g.tiles, p, colour)
        g.gain_credits(p, gain)
        g.log_line(f"{p.name} stocks with a {die_name(colour)} explorer: +${gain}.")
        g._push(["explore", seat, 0])
        return
    p.scouted.append(colour)
    p.discards = 0
    g._push(["scout", seat, 0], ["explore", seat, 0])


def _opt_scout(g: RollGame, seat: int, _arg: Any) -> list[Decision]:
    p = g.players[seat]
    out = [Decision(DRAW, (), f"Draw {p.discards + 1} tile{'s' if p.discards else ''}")]
    for kind in STACKS:
        for side_id in p.stacks[kind]:
            out.append(
                Decision(
                    DISCARD,
                    (side_id,),
                    f"Discard {g.describe_side(side_id)} from the {_pronoun_stack(kind)}",
                )
            )
    return out


def _run_scout(g: RollGame, seat: int, _arg: Any, d: Decision | None) -> None:
    """§7.1 Scout: discard any tiles (they lie hidden under phase tile I), then draw one more
    than were discarded."""
    p = g.players[seat]
    if d is not None and d.kind == DISCARD:
        side_id = d.args[0]
        p.stacks[DEV if side_id.endswith("d") else WORLD].remove(side_id)
        g.discards.append(side_id[:-1])
        p.discards += 1
        g._push(["scout", seat, 0])
        return
    n = p.discards + 1
    g.log_line(
        f"{p.name} scouts"
        + (f", discarding {p.discards} tile{'s' if p.discards > 1 else ''}," if p.discards else "")
        + f" and draws {n}."
    )
    p.discards = 0
    _draw_and_place(g, p, n)


def _draw_and_place(g: RollGame, p: Player, n: int) -> None:
    short = g._draw(p, n)
    steps: list[Step] = [["place_tiles", p.seat, 0]]
    if short:  # §7.1 step 4: still short after the discards went back
        p.owed = short
        g.log_line(
            f"The bag is still {short} short: every player with 3 or more tiles under "
            "construction returns one to the bag."
        )
        steps += [["return_tile", s, 0] for s in g.order]
        steps.append(["draw_owed", p.seat, 0])
    g._push(*steps)


def _opt_place(g: RollGame, seat: int, _arg: Any) -> list[Decision]:
    p = g.players[seat]
    out = []
    positions = (BOTTOM, TOP) if p.top_allowed else (BOTTOM,)
    for tile in _distinct(p.drawn):
        for kind in STACKS:
            side_id = tile + ("d" if kind == DEV else "w")
            for pos in positions:
                out.append(
                    Decision(
                        PLACE,
                        (tile, kind, pos),
                        f"Put {g.describe_side(side_id)} on the {pos} of the "
                        f"{_pronoun_stack(kind)}",
                    )
                )
    return out


def _run_place(g: RollGame, seat: int, _arg: Any, d: Decision | None) -> None:
    p = g.players[seat]
    if d is None:
        return
    tile, kind, pos = d.args
    p.drawn.remove(tile)
    side_id = tile + ("d" if kind == DEV else "w")
    if pos == TOP:
        p.stacks[kind].insert(0, side_id)
        g.log_line(
            f"{p.name} puts {g.describe_side(side_id)} on top of the {_pronoun_stack(kind)}."
        )
    else:
        p.stacks[kind].append(side_id)
        where = g.describe_side(side_id) if len(p.stacks[kind]) == 1 else "a tile"
        g.log_line(f"{p.name} puts {where} at the bottom of the {_pronoun_stack(kind)}.")
    if p.drawn:
        g._push(["place_tiles", seat, 0])


def _opt_return_tile(g: RollGame, seat: int, _arg: Any) -> list[Decision]:
    p = g.players[seat]
    if p.construction_count() < 3:
        return []
    return [
        Decision(RETURN_TILE, (side_id,), f"Return {g.describe_side(side_id)} to the bag")
        for side_id in g.zone(p)
    ]


def _run_return_tile(g: RollGame, seat: int, _arg: Any, d: Decision | None) -> None:
    p = g.players[seat]
    if d is None:
        return
    side_id = d.args[0]
    p.stacks[DEV if side_id.endswith("d") else WORLD].remove(side_id)
    g.bag.append(side_id[:-1])
    g.bag.sort()
    g.log_line(f"{p.name} returns a tile to the bag.")


def _run_draw_owed(g: RollGame, seat: int, _arg: Any, _d: Decision | None) -> None:
    p = g.players[seat]
    owed, p.owed = p.owed, 0
    short = g._draw(p, owed)
    if short:
        g.log_line(f"{p.name} cannot draw {short} more: there are no tiles left.")
    if p.drawn:
        g._push(["place_tiles", seat, 0])


def _run_explore_end(g: RollGame, _seat: int, _arg: Any, _d: Decision | None) -> None:
    """§7.1 end of Explore: Alien Research Team draws come first, then end-of-phase income,
    then the discards go back into the bag (phase_end)."""
    steps: list[Step] = []
    for seat in g.order:
        p = g.players[seat]
        p.top_allowed = False  # §14.7: the extra tile goes to the bottom
        p.rearranged = []
        for side_id, power in pw.powers(g.tiles, p, Timing.EXPLORE):
            if power.effect != "extra_tile":
                continue
            bonus = ""
            if power.credits and set(p.scouted) & {c.value for c in power.colours}:
                g.gain_credits(p, power.credits)
                bonus = f" and +${power.credits}"
            short = g._draw(p, power.count)
            g.log_line(
                f"{p.name} draws {power.count - short} extra tile"
                f"{'s' if power.count - short != 1 else ''}{bonus} "
                f"({g.side_name(side_id)})."
            )
            if p.drawn:
                steps.append(["place_tiles", seat, 0])
    steps.append(["phase_end", -1, "explore"])
    g._push(*steps)


# ====================================================================== II Develop, III Settle


def _build_steps(kind: str) -> Callable[[RollGame], list[Step]]:
    def steps(g: RollGame) -> list[Step]:
        out: list[Step] = []
        for s in g.order:
            out += [["build_check", s, kind], ["build", s, kind]]
        out.append(["phase_end", -1, _BUILD_PHASE[kind].value])
        return out

    return steps


def _top_ready(g: RollGame, p: Player, kind: str) -> int:
    """The workers the top tile needs if enough already lie on it, else 0 (§7.2 step 1)."""
    if not p.stacks[kind]:
        return 0
    need = pw.requirement(g.tiles, p, g.side(p.stacks[kind][0]))
    return need if len(p.stack_dice[kind]) >= need else 0


def _opt_build_check(g: RollGame, seat: int, kind: str) -> list[Decision]:
    p = g.players[seat]
    need = _top_ready(g, p, kind)
    if not need:
        return []
    choices = _multisets(p.stack_dice[kind], need)
    if len(choices) < 2:
        return []
    top = g.side_name(p.stacks[kind][0])
    return [
        Decision(
            USE_DICE,
            (kind, *c),
            f"Complete {top} with "
            + ", ".join(die_name(x) for x in c)
            + " (the rest stay on the stack)",
        )
        for c in choices
    ]


def _run_build_check(g: RollGame, seat: int, kind: str, d: Decision | None) -> None:
    """A tile that already has enough workers completes at the start of the phase; repeat
    while the new top tile qualifies (§7.2 step 1, WE-08)."""
    p = g.players[seat]
    need = _top_ready(g, p, kind)
    if not need:
        return
    used = list(d.args[1:]) if d is not None else _multisets(p.stack_dice[kind], need)[0]
    steps = _complete(g, p, kind, list(used))
    g._push(*steps, ["build_check", seat, kind])


def _opt_build(g: RollGame, seat: int, kind: str) -> list[Decision]:
    p = g.players[seat]
    phase = _BUILD_PHASE[kind].value
    if not p.stacks[kind]:
        return []
    colours = _distinct(sorted((w["colour"] for w in p.column(phase)), key=COLOURS.index))
    if not colours:
        return []
    top = p.stacks[kind][0]
    need = pw.requirement(g.tiles, p, g.side(top))
    on = len(p.stack_dice[kind])
    verb = "developer" if kind == DEV else "settler"
    return [
        Decision(
            _BUILD_KIND[kind],
            (c,),
            f"Place a {die_name(c)} {verb} on {g.side_name(top)} ({on + 1}/{need})",
        )
        for c in colours
    ]


def _run_build(g: RollGame, seat: int, kind: str, d: Decision | None) -> None:
    """§7.2 step 2: place workers one at a time; the top tile completes as soon as it has
    exactly as many as it needs. §7.2 step 3: with the stack empty, the rest go to the cup."""
    p = g.players[seat]
    phase = _BUILD_PHASE[kind].value
    if d is None:
        if not p.stacks[kind]:
            back = [w["colour"] for w in p.column(phase)] + p.stack_dice[kind]
            for w in p.column(phase):
                p.workers.remove(w)
            for colour in back:
                p.cup[colour] += 1
            p.stack_dice[kind] = []
            if back:
                g.log_line(
                    f"{p.name}'s {_pronoun_stack(kind)} is empty: {len(back)} "
                    f"{'die goes' if len(back) == 1 else 'dice go'} back to the cup."
                )
        return
    colour = d.args[0]
    g._take_worker(p, phase, colour)
    p.stack_dice[kind].append(colour)
    need = pw.requirement(g.tiles, p, g.side(p.stacks[kind][0]))
    steps: list[Step] = []
    if len(p.stack_dice[kind]) >= need:
        steps = _complete(g, p, kind, list(p.stack_dice[kind][:need]))
    g._push(*steps, ["build", seat, kind])


def _complete(g: RollGame, p: Player, kind: str, used: list[str]) -> list[Step]:
    """Complete the top tile (§7.2 step 2): to the tableau; its workers to the citizenry (or
    the cup, by power); then its immediate effect and 'after completing' powers (steps)."""
    side_id = p.stacks[kind].pop(0)
    side = g.side(side_id)
    p.tableau.append(side_id)
    for colour in used:
        p.stack_dice[kind].remove(colour)
    g.log_line(f"{p.name} completes {g.describe_side(side_id)}.")
    rule = pw.workers_to_cup(g.tiles, p, side)
    to_cup = [c for c in used if c in rule.all_of]
    rest = [c for c in used if c not in rule.all_of]
    for colour in to_cup:
        p.cup[colour] += 1
    for colour in rest:  # a to_cup choice moves some of them on from here
        p.citizenry[colour] += 1
    steps: list[Step] = []
    if rule.choose and rest:
        steps.append(["to_cup", p.seat, {"dice": rest, "count": rule.choose}])
    steps.append(["immediate", p.seat, [side_id, 0]])
    return steps


def _opt_to_cup(g: RollGame, seat: int, arg: dict[str, Any]) -> list[Decision]:
    k = min(int(arg["count"]), len(arg["dice"]))
    return [
        Decision(
            TO_CUP,
            c,
            "Send " + ", ".join(die_name(x) for x in c) + " to the cup instead of the citizenry",
        )
        for c in _multisets(list(arg["dice"]), k)
    ]


def _run_to_cup(g: RollGame, seat: int, arg: dict[str, Any], d: Decision | None) -> None:
    """Galactic Exchange / Galactic Federation: as many used workers as allowed go to the cup
    (the owner chooses which); the others go to the citizenry."""
    p = g.players[seat]
    dice = list(arg["dice"])
    chosen = list(d.args) if d is not None else dice[: min(int(arg["count"]), len(dice))]
    for colour in chosen:
        p.citizenry[colour] -= 1
        p.cup[colour] += 1


def _run_immediate(g: RollGame, seat: int, arg: list[Any], _d: Decision | None) -> None:
    """§7.3: a completed tile's immediate effect, once, in the order printed; then 'after
    completing' income (§7.2 step 2.4)."""
    p = g.players[seat]
    side_id, start = arg
    side = g.side(side_id)
    effects = [pw_ for pw_ in side.powers if pw_.phase is Timing.IMMEDIATE]
    for i in range(start, len(effects)):
        power = effects[i]
        if power.effect == "remove_die":
            g._push(["remove_die", seat, 0], ["immediate", seat, [side_id, i + 1]])
            return
        if power.effect == "gain_credits":
            g.gain_credits(p, power.credits)
            g.log_line(f"  {side.name}: +${power.credits}.")
        elif power.effect == "gain_dice":
            colour = power.colour.value
            got = g._gain_dice(p, side_id, colour, power.count or 1, power.to)
            where = {
                "cup": "to the cup",
                "citizenry": "to the citizenry",
                "good": "as a good on it",
            }[power.to.value]
            lost = (power.count or 1) - got
            g.log_line(
                f"  {side.name}: {got} {die_name(colour)} "
                f"{'die' if got == 1 else 'dice'} {where}"
                + (f" ({lost} lost: the supply is out of them)" if lost else "")
                + "."
            )
        else:
            raise ValueError(f"{side_id}: unknown immediate effect {power.effect!r}")
    income = pw.completion_credits(g.tiles, p, side)
    if income:
        g.gain_credits(p, income)
        g.log_line(f"  {p.name} earns ${income} for completing it.")


def _die_locations(p: Player) -> list[tuple[str, str]]:
    """Where the player's dice are, as (place, colour), one entry per kind of die."""
    out: list[tuple[str, str]] = []
    out += [("cup", c) for c in COLOURS if p.cup[c]]
    out += [("citizenry", c) for c in COLOURS if p.citizenry[c]]
    out += [(f"phase:{w['column']}", w["colour"]) for w in p.workers]
    out += [(f"stack:{k}", c) for k in STACKS for c in p.stack_dice[k]]
    out += [(f"good:{w}", c) for w, dice in p.goods.items() for c in dice]
    return _distinct(out)


def _place_name(g: RollGame, place: str, whose: str = "your") -> str:
    """Where a die lies, in words: "your …" in a player's choices, "their …" in the log."""
    if place in ("cup", "citizenry"):
        return f"{whose} {place}"
    kind, _, where = place.partition(":")
    if kind == "phase":
        return f"the {Phase(where).label} column"
    if kind == "stack":
        return f"{whose} {_pronoun_stack(where)}"
    return f"{g.side_name(where)} (a good)"


def _opt_remove_die(g: RollGame, seat: int, _arg: Any) -> list[Decision]:
    return [
        Decision(
            REMOVE,
            (place, colour),
            f"Remove a {die_name(colour)} die from {_place_name(g, place)} to the supply",
        )
        for place, colour in _die_locations(g.players[seat])
    ]


def _run_remove_die(g: RollGame, seat: int, _arg: Any, d: Decision | None) -> None:
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
    g.log_line(
        f"  {p.name} removes a {die_name(colour)} die from {_place_name(g, place, 'their')}."
    )


# ====================================================================== IV Produce


def _produce_steps(g: RollGame) -> list[Step]:
    return [*[["produce", s, 0] for s in g.order], ["phase_end", -1, "produce"]]


def _opt_produce(g: RollGame, seat: int, _arg: Any) -> list[Decision]:
    p = g.players[seat]
    colours = _distinct(sorted((w["colour"] for w in p.column("produce")), key=COLOURS.index))
    out = []
    for world_id in g._free_capacity(p):
        for c in colours:
            out.append(
                Decision(
                    PRODUCE,
                    (c, world_id),
                    f"Produce a {die_name(c)} good on {g.describe_side(world_id)}",
                )
            )
    return out


def _run_produce(g: RollGame, seat: int, _arg: Any, d: Decision | None) -> None:
    """§7.4: each producer becomes a good on a non-gray world with room; the rest go back."""
    p = g.players[seat]
    if d is None:
        back = p.column("produce")
        for w in back:
            p.workers.remove(w)
            p.cup[w["colour"]] += 1
        if back:
            g.log_line(
                f"{p.name}: {len(back)} producer{'s' if len(back) > 1 else ''} "
                "found no room and go back to the cup."
            )
        return
    colour, world_id = d.args
    g._take_worker(p, "produce", colour)
    p.goods.setdefault(world_id, []).append(colour)
    g.log_line(f"{p.name} produces a {die_name(colour)} good on {g.side_name(world_id)}.")
    g._push(["produce", seat, 0])


# ====================================================================== V Ship


def _ship_steps(g: RollGame) -> list[Step]:
    return [["ship_start", -1, 0], *[["ship", s, 0] for s in g.order], ["phase_end", -1, "ship"]]


def _run_ship_start(g: RollGame, _seat: int, _arg: Any, _d: Decision | None) -> None:
    for p in g.players:
        p.virtual = pw.virtual_workers(g.tiles, p, Timing.SHIP)


def _opt_ship(g: RollGame, seat: int, _arg: Any) -> list[Decision]:
    p = g.players[seat]
    shippers = g._shippers(p)
    goods = _distinct([(w, c) for w, dice in p.goods.items() for c in dice])
    if not shippers or not goods:
        return []
    bankers = pw.trade_for_vp(g.tiles, p)
    out = []
    for colour, virtual in shippers:
        who = f"{'virtual ' if virtual else ''}{die_name(colour)} shipper"
        for world_id, good in goods:
            world = g.side(world_id)
            assert isinstance(world, World)
            income = pw.trade_income(g.tiles, p, world)
            gd = f"the {die_name(good)} good on {world.name}"
            out.append(
                Decision(
                    SHIP,
                    (colour, virtual, world_id, good, TRADE),
                    f"Trade {gd} with a {who}: +${income}",
                )
            )
            if bankers and min(CREDIT_CAP, p.credits + income) >= bankers[0]:
                out.append(
                    Decision(
                        SHIP,
                        (colour, virtual, world_id, good, TRADE_VP),
                        f"Trade {gd} with a {who}: +${income}, then pay ${bankers[0]} for "
                        f"{bankers[1]} VP",
                    )
                )
            vp, cr = pw.consume_reward(g.tiles, p, world, good, colour)
            out.append(
                Decision(
                    SHIP,
                    (colour, virtual, world_id, good, CONSUME),
                    f"Consume {gd} with a {who}: {vp} VP" + (f" and +${cr}" if cr else ""),
                )
            )
    return out


def _run_ship(g: RollGame, seat: int, _arg: Any, d: Decision | None) -> None:
    """§7.5: each shipper ships one good (Trade for $ by world colour, or Consume for VP);
    shipper and good go to the citizenry; shippers with nothing to ship go back to the cup."""
    p = g.players[seat]
    if d is None:
        back = p.column("ship")
        for w in back:
            p.workers.remove(w)
            p.cup[w["colour"]] += 1
        p.virtual = []
        if back:
            g.log_line(
                f"{p.name}: {len(back)} shipper{'s' if len(back) > 1 else ''} had "
                "nothing to ship and go back to the cup."
            )
        return
    colour, virtual, world_id, good, mode = d.args
    world = g.side(world_id)
    assert isinstance(world, World)
    _use_worker(g, p, "ship", colour, virtual)
    p.goods[world_id].remove(good)
    if not p.goods[world_id]:
        del p.goods[world_id]
    p.citizenry[good] += 1
    if mode == CONSUME:
        vp, credits = pw.consume_reward(g.tiles, p, world, good, colour)
        g.award_vp(p, vp)
        g.gain_credits(p, credits)
        g.log_line(
            f"{p.name} consumes a {die_name(good)} good from {world.name}: {vp} VP"
            + (f", +${credits}" if credits else "")
            + "."
        )
    else:
        income = pw.trade_income(g.tiles, p, world)
        g.gain_credits(p, income)
        text = f"{p.name} trades a {die_name(good)} good from {world.name}: +${income}"
        if mode == TRADE_VP:
            cost, vp = pw.trade_for_vp(g.tiles, p) or (0, 0)
            p.credits -= cost
            g.award_vp(p, vp)
            text += f", pays ${cost} for {vp} VP"
        g.log_line(text + ".")
    g._push(["ship", seat, 0])


# ====================================================================== end of a phase


def _run_phase_end(g: RollGame, _seat: int, phase: str, _d: Decision | None) -> None:
    """End-of-phase powers (they work even with no worker in the phase, §5.4); unused
    workers go back to the cup; after Explore the discards return to the bag (§7.1)."""
    timing = Timing(phase)
    for seat in g.order:
        p = g.players[seat]
        for w in p.column(phase):
            p.workers.remove(w)
            p.cup[w["colour"]] += 1
        p.virtual = []
        credits, vp, reasons = pw.phase_end_income(g, p, timing)
        if credits:
            g.gain_credits(p, credits)
        if vp:
            g.award_vp(p, vp)
        if reasons:
            g.log_line(f"{p.name}, end of {Phase(phase).label}: " + ", ".join(reasons) + ".")
    if phase == "explore" and g.discards:
        g.bag.extend(g.discards)
        g.bag.sort()
        g.discards.clear()


# ====================================================================== Manage Empire


def _opt_manage(g: RollGame, seat: int, _arg: Any) -> list[Decision]:
    p = g.players[seat]
    waiting = sum(p.citizenry.values())
    colours = [c for c in COLOURS if p.citizenry[c]]
    if waiting <= p.credits or len(colours) < 2 or p.credits <= 0:
        return []
    return [
        Decision(RECRUIT, (c,), f"Recruit a {die_name(c)} die for $1 ({p.credits} left)")
        for c in colours
    ]


def _run_manage(g: RollGame, seat: int, _arg: Any, d: Decision | None) -> None:
    """§5.5: recruiting is mandatory while dice and credits last; $0 becomes $1; then recall."""
    p = g.players[seat]
    if d is not None:
        colour = d.args[0]
        p.citizenry[colour] -= 1
        p.cup[colour] += 1
        p.credits -= 1
        if p.credits > 0 and sum(p.citizenry.values()):
            g._push(["manage", seat, 0])
            return
    else:
        for colour in COLOURS:
            take = min(p.citizenry[colour], p.credits)
            p.citizenry[colour] -= take
            p.cup[colour] += take
            p.credits -= take
    if p.credits == 0:
        p.credits = 1
    g.log_line(
        f"{p.name} recruits: {sum(p.cup.values())} dice in the cup, "
        f"{sum(p.citizenry.values())} in the citizenry, ${p.credits}."
    )
    g._push(["recall", seat, 0])


def _opt_recall(g: RollGame, seat: int, _arg: Any) -> list[Decision]:
    p = g.players[seat]
    places = [x for x in _die_locations(p) if x[0].startswith(("stack:", "good:"))]
    out = []
    if sum(p.cup.values()):
        out.append(Decision(DONE, (), "Recall nothing more"))
    out += [
        Decision(
            RECALL,
            (place, colour),
            f"Recall a {die_name(colour)} die from {_place_name(g, place)} to the cup",
        )
        for place, colour in places
    ]
    return out


def _run_recall(g: RollGame, seat: int, _arg: Any, d: Decision | None) -> None:
    """§5.5 step 3: free recalls of stack dice and goods; with an empty cup at least one."""
    p = g.players[seat]
    if d is None or d.kind == DONE:
        return
    place, colour = d.args
    kind, _, where = place.partition(":")
    if kind == "stack":
        p.stack_dice[where].remove(colour)
    else:
        p.goods[where].remove(colour)
        if not p.goods[where]:
            del p.goods[where]
    p.cup[colour] += 1
    g.log_line(f"{p.name} recalls a {die_name(colour)} die from {_place_name(g, place, 'their')}.")
    g._push(["recall", seat, 0])


def _run_round_end(g: RollGame, _seat: int, _arg: Any, _d: Decision | None) -> None:
    """§9.2: the game ends after this round if the VP pool is used up or a tableau has 12+."""
    g.phases = []
    reasons = []
    if g.vp_pool <= 0:
        reasons.append("the VP pool is used up")
    big = [g.name(p.seat) for p in g.players if p.tableau_count() >= TABLEAU_END]
    if big:
        reasons.append(f"{', '.join(big)} reached {TABLEAU_END} tiles")
    if reasons:
        g.over = True
        g.end_reasons = reasons
        g.final = [score_player(g.tiles, p) for p in g.players]
        g.log_line("Game over: " + "; ".join(reasons) + ".")
        names = " and ".join(g.name(s) for s in g.winners())
        g.log_line(f"Winner: {names}.")
        return
    g.round += 1
    g._push(["round_start", -1, 0])


# ====================================================================== explanations


def _explain_specific(
    g: RollGame, step: str, seat: int, arg: Any, d: Decision
) -> tuple[str, str] | None:
    """The rule a refused decision breaks, for the common mistakes."""
    if seat < 0:
        return None
    p = g.players[seat]
    if step == "assign":
        if d.kind in (POWER, DICTATE, MOVE) and p.selector < 0:
            return ("§5.2.3", "reassigning is only allowed after selecting a phase")
        if d.kind == MOVE:
            return (
                "§5.2.3",
                "a placed worker moves only by Dictate or a reassign power: use one first",
            )
        if d.kind == SELECT and p.selector >= 0:
            return ("§5.2.2", "each player selects exactly one phase")
        if d.kind == SELECT and any(not w["column"] for w in p.workers):
            return ("§5.2.1", "every wild die goes in a column before a phase is selected")
        if d.kind == POWER and d.args and d.args[0] in p.used_powers:
            return ("§5.2.3", "each reassign power may be used at most once per round")
        if d.kind == DICTATE and "dictate" in p.used_powers:
            return ("§5.2.3", "Dictate may be used once per round (unless Backup Planning)")
        if d.kind == DICTATE and d.args and tuple(d.args) == _selector_key(p):
            return ("§5.2.3", "the selection die cannot be used to Dictate")
        if d.kind == DONE and any(not w["column"] for w in p.workers):
            return ("§5.2.1", "every die must be assigned before Reveal")
    if step == "reassign" and d.kind == MOVE and len(d.args) == 4:
        if len(d.args[3]) and d.args[3] not in PHASES:
            return ("§5.2.3", "a reassigned die goes to a column, never to a selection slot")
        key = tuple(d.args[:3])
        if key == _selector_key(p):
            return ("§5.2.3", "the selection die cannot be reassigned")
        return ("§5.2.3", "this power does not allow that move")
    if step == "manage" and d.kind in (RECRUIT, DONE):
        return ("§5.5", "recruiting is mandatory while dice wait in the citizenry and credits last")
    if step == "recall" and d.kind == DONE and not sum(p.cup.values()):
        return ("§5.5", "with an empty cup you must recall at least one die")
    if step in ("produce", "ship", "build") and d.kind == DONE:
        return ("§5.4", "every worker of the phase must be used if possible")
    return None


def _selector_key(p: Player) -> tuple[str, str, str] | None:
    for w in p.workers:
        if w["id"] == p.selector:
            return _worker_key(w)
    return None


# ====================================================================== handler table

Decide = Callable[[RollGame, int, Any], list[Decision]]
Run = Callable[[RollGame, int, Any, Decision | None], None]

HANDLERS: dict[str, tuple[Decide | None, Run]] = {
    "start_tiles": (_opt_start_tiles, _run_start_tiles),
    "round_start": (None, _run_round_start),
    "assign": (_opt_assign, _run_assign),
    "reassign": (_opt_reassign, _run_reassign),
    "reveal": (None, _run_reveal),
    "explore_start": (None, _run_explore_start),
    "explore": (_opt_explore, _run_explore),
    "scout": (_opt_scout, _run_scout),
    "place_tiles": (_opt_place, _run_place),
    "return_tile": (_opt_return_tile, _run_return_tile),
    "draw_owed": (None, _run_draw_owed),
    "explore_end": (None, _run_explore_end),
    "build_check": (_opt_build_check, _run_build_check),
    "build": (_opt_build, _run_build),
    "to_cup": (_opt_to_cup, _run_to_cup),
    "immediate": (None, _run_immediate),
    "remove_die": (_opt_remove_die, _run_remove_die),
    "produce": (_opt_produce, _run_produce),
    "ship_start": (None, _run_ship_start),
    "ship": (_opt_ship, _run_ship),
    "phase_end": (None, _run_phase_end),
    "manage": (_opt_manage, _run_manage),
    "recall": (_opt_recall, _run_recall),
    "round_end": (None, _run_round_end),
}

_PHASE_STEPS: dict[str, Callable[[RollGame], list[Step]]] = {
    "explore": _explore_steps,
    "develop": _build_steps(DEV),
    "settle": _build_steps(WORLD),
    "produce": _produce_steps,
    "ship": _ship_steps,
}

__all__ = ["GAME_ID", "HANDLERS", "RollGame"]

RollGame.HANDLERS = HANDLERS
