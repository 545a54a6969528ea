"""The New Frontiers rules engine: setup, rounds, the seven actions, game end and scoring.

The game is a queue of *steps*. A step is a small list ``[name, player, arg]``; the handler for
its name either runs on its own (an automatic rule such as a bonus) or asks the player for a
decision. Actions push the steps they need (one per player in execution order), so the flow of a
round is data that serialises with the state, in the spirit of boardgame.io's phases. Rule text
references (§n) are to ``shared/rules/new-frontiers.md``.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from nfgalaxy.core.decision import Decision, IllegalDecision
from nfgalaxy.core.rng import Rng
from nfgalaxy.core.steps import StepQueueGame
from nfgalaxy.games.new_frontiers import abilities as ab
from nfgalaxy.games.new_frontiers.components import (
    GOODS_IN_BOX,
    Ability,
    GoodsType,
    Kind,
    Phase,
    TileSet,
    World,
)
from nfgalaxy.games.new_frontiers.scoring import Score, score_player, winners
from nfgalaxy.games.new_frontiers.state import (
    ACTION_BONUS,
    COLONIST_END,
    COLONY_END,
    DEVELOP_END_SLOTS,
    EXPLORE_DRAW,
    PER_PLAYER,
    STACK_COPIES,
    WORLD_LIMIT,
    ActionTile,
    Player,
)
from nfgalaxy.games.new_frontiers.view import seat_view

GAME_ID = "new-frontiers"
SAVE_VERSION = 1

# Decision kinds.
SELECT = "select"
HOME = "home"
KEEP_GOAL = "keep_goal"
REVEAL = "reveal"
KEEP_SECRET = "keep_secret"
BUY = "buy"
PASS = "pass"
TAKE = "take"
RETURN = "return"
COLONISTS = "colonists"
SETTLE = "settle"
BOOST = "boost"
UPGRADE = "upgrade"
REPLACE = "replace"
DONE = "done"
DECLARE = "declare"
PRODUCE_ON = "produce_on"
STORE_GOOD = "store_good"
TRADE = "trade"
STORE_CREDITS = "store_credits"
CONSUME = "consume"

Step = list  # [name, player, arg]

# The double-sided tile shows Retreat into Isolation, or Set Galactic Goals with the variant.
# (tile, its value) pairs: reading an enum's value is slow in a hot loop.
_TILES_STANDARD = tuple((t, t.value) for t in (ActionTile.RETREAT, *list(ActionTile)[2:]))
_TILES_GOALS = tuple((t, t.value) for t in (ActionTile.GOALS, *list(ActionTile)[2:]))


class NewFrontiers(StepQueueGame):
    """A New Frontiers game state implementing the core protocol (see ``nfgalaxy.core``)."""

    game_id = GAME_ID
    END_RULE = "§9"

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
        self.queue: list[Step] = []
        self.action: dict[str, Any] = {}
        self.turn: dict[str, Any] = {}
        self._log: list[str] = []
        #: A quiet copy (made for search) keeps no log.
        self.quiet = False
        self.history: list[dict[str, Any]] = []
        self.final: list[Score] = []
        self._legal: list[Decision] | None = None

    # ------------------------------------------------------------------ setup

    @classmethod
    def new(cls, tiles: TileSet, players: int, seed: int, options: dict[str, Any]) -> NewFrontiers:
        """Set up a game for 2–5 players (rules §3)."""
        if players not in STACK_COPIES:
            raise ValueError("New Frontiers is for 2 to 5 players")
        names = list(options.get("names") or [])
        names += [f"Player {i + 1}" for i in range(len(names), players)]
        state = cls(tiles)
        state.options = {
            "players": players,
            "seed": seed,
            "goals": bool(options.get("goals", False)),
            "first_game": bool(options.get("first_game", True)),
            "names": names[:players],
            "tiles": options.get("tiles"),
        }
        state.rng = Rng(seed)
        rng = state.rng
        state.players = [Player(seat=i, name=names[i]) for i in range(players)]
        state.colonist_supply = PER_PLAYER * players
        state.vp_general = PER_PLAYER * players
        state.goods_supply = [GOODS_IN_BOX[k] for k in Kind]
        state.bag = list(tiles.worlds)
        state._setup_developments()
        # Player order at random; space 1 stays empty (§3.2 step 7).
        seats = list(range(players))
        rng.shuffle(seats)
        if players == 2:
            state.order = [[seats[0], 0], [seats[1], 0], [seats[0], 1], [seats[1], 1]]
        else:
            state.order = [[s, 0] for s in seats]
        # Credits: $3, +1 for the last, and for the second-to-last with 4–5 players (§3.2 step 8).
        for position, seat in enumerate(seats):
            extra = 1 if position == players - 1 else 0
            if players >= 4 and position == players - 2:
                extra = 1
            state.players[seat].credits = 3 + extra
        # Empire mats at random (§3.2 step 9).
        mats = list(tiles.mats())
        rng.shuffle(mats)
        state.action = {"mats": {str(seat): mats[i] for i, seat in enumerate(seats)}}
        if state.options["goals"]:
            state.goal_pile = list(tiles.goals)
            rng.shuffle(state.goal_pile)
        state.log_line(
            f"New game: {players} players, order "
            + ", ".join(state.players[s].name for s in seats)
            + (", goals variant" if state.options["goals"] else "")
            + (", first-game setup" if state.options["first_game"] else ", random tile sides")
        )
        for seat in seats:
            state.queue.append(["home", seat, 0])
        state.queue.append(["start_round", -1, 0])
        state._advance()
        return state

    def _setup_developments(self) -> None:
        copies = STACK_COPIES[self.options["players"]]
        first_game = self.options["first_game"]
        for faces in self.tiles.stacks().values():
            group = faces[0].group
            face = next(f for f in faces if f.first_game)
            # Later games: a coin for each large tile and each variable stack (§3.2 step 1).
            if not first_game and group != "fixed" and len(faces) == 2 and self.rng.coin():
                face = next(f for f in faces if f is not face)
            self.supply[face.id] = 1 if group == "large" else copies

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
        return self._log

    def log_line(self, text: str) -> None:
        if not self.quiet:
            self._log.append(text)

    # ------------------------------------------------------------------ engine loop

    # ------------------------------------------------------------------ helpers

    def name(self, seat: int) -> str:
        return self.players[seat].name

    def world(self, tile_id: str) -> World:
        return self.tiles.world(tile_id)

    def tile_name(self, tile_id: str) -> str:
        return self.tiles.by_id[tile_id].name

    def _active(self, seat: int, phase: Phase) -> list[tuple[str, Ability]]:
        """Abilities usable now: not those of tiles placed in this action (§7.4)."""
        found = self.players[seat].abilities(self.tiles, phase)
        placed = self.action.get("placed", {}).get(str(seat))
        if not placed:
            return found
        return [(t, a) for t, a in found if t not in placed]

    def _mark_placed(self, seat: int, tile_id: str) -> None:
        self.action.setdefault("placed", {}).setdefault(str(seat), []).append(tile_id)

    def exec_order(self, disc: list[int]) -> list[int]:
        """Chooser first, then around the track as a circle, each player once (§4.1)."""
        start = self.order.index(disc)
        seen: list[int] = []
        for entry in self.order[start:] + self.order[:start]:
            if entry[0] not in seen:
                seen.append(entry[0])
        return seen

    def award_vp(self, seat: int, amount: int) -> None:
        """VP chips from the general supply, then from the reserve; emptying it ends the game."""
        if amount <= 0:
            return
        from_general = min(amount, self.vp_general)
        self.vp_general -= from_general
        self.vp_reserve += amount - from_general
        self.players[seat].vp += amount
        if self.vp_general == 0 and "VP chips" not in self.end_reasons:
            self.end_reasons.append("VP chips")
            self.log_line("The general VP supply is used up: the game ends after this round.")

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
        player.goods[colony] = kind
        return True

    def remove_good(self, seat: int, colony: str) -> int:
        kind = self.players[seat].goods.pop(colony)
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
            return Kind(declared) if declared >= 0 else None
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
        expected = sorted({d.kind for d in self._legal or []})
        explain = _EXPLAIN.get(decision.kind)
        if explain is not None and _STEP_OF.get(decision.kind) == name:
            reason = explain(self, seat, decision)
            if reason:
                return IllegalDecision(*reason)
        who = self.name(seat) if seat >= 0 else "nobody"
        return IllegalDecision(
            "§4.1 turn order",
            f"{decision.kind} {list(decision.args)} is not a decision {who} can make now "
            f"(step '{name}' expects {', '.join(expected) or 'nothing'})",
        )

    # ------------------------------------------------------------------ serialisation

    def to_json(self) -> dict[str, Any]:
        return {
            "game": GAME_ID,
            "version": SAVE_VERSION,
            "tiles": self.tiles.source,
            "options": dict(self.options),
            "rng": self.rng.state,
            "players": [p.to_json() for p in self.players],
            "bag": list(self.bag),
            "display": list(self.display),
            "supply": dict(self.supply),
            "order": [list(d) for d in self.order],
            "selections": self.selections,
            "chosen": dict(self.chosen),
            "produce_credits": self.produce_credits,
            "vp_general": self.vp_general,
            "vp_reserve": self.vp_reserve,
            "colonist_supply": self.colonist_supply,
            "goods_supply": list(self.goods_supply),
            "goal_pile": list(self.goal_pile),
            "goals_revealed": list(self.goals_revealed),
            "goals_hidden": [list(g) for g in self.goals_hidden],
            "round": self.round,
            "end_reasons": list(self.end_reasons),
            "over": self.over,
            "queue": [list(s) for s in self.queue],
            "action": _deep(self.action),
            "turn": _deep(self.turn),
            "log": list(self._log),
            "history": [dict(h) for h in self.history],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], tiles: TileSet) -> NewFrontiers:
        if data.get("game") != GAME_ID:
            raise ValueError(f"not a New Frontiers save (game={data.get('game')!r})")
        if data.get("version") != SAVE_VERSION:
            raise ValueError(f"unsupported save version {data.get('version')!r}")
        state = cls(tiles)
        try:
            state.options = dict(data["options"])
            state.rng = Rng(int(data["rng"]))
            state.players = [Player.from_json(p) for p in data["players"]]
            for key in (
                "bag",
                "display",
                "supply",
                "order",
                "selections",
                "chosen",
                "produce_credits",
                "vp_general",
                "vp_reserve",
                "colonist_supply",
                "goods_supply",
                "goal_pile",
                "goals_revealed",
                "goals_hidden",
                "round",
                "end_reasons",
                "over",
                "queue",
                "action",
                "turn",
                "history",
            ):
                setattr(state, key, _deep(data[key]))
            state._log = list(data["log"])
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

    def copy(self, quiet: bool = False) -> NewFrontiers:
        """An independent copy with a forked generator; ``quiet``: no log (for search)."""
        other = NewFrontiers(self.tiles)
        other.options = self.options
        other.rng = self.rng.fork()
        other.quiet = quiet
        other.players = [p.copy() for p in self.players]
        other.bag = list(self.bag)
        other.display = list(self.display)
        other.supply = dict(self.supply)
        other.order = [list(d) for d in self.order]
        other.selections = self.selections
        other.chosen = dict(self.chosen)
        other.produce_credits = self.produce_credits
        other.vp_general = self.vp_general
        other.vp_reserve = self.vp_reserve
        other.colonist_supply = self.colonist_supply
        other.goods_supply = list(self.goods_supply)
        other.goal_pile = list(self.goal_pile)
        other.goals_revealed = list(self.goals_revealed)
        other.goals_hidden = [list(g) for g in self.goals_hidden]
        other.round = self.round
        other.end_reasons = list(self.end_reasons)
        other.over = self.over
        other.queue = [list(s) for s in self.queue]
        other.action = _deep(self.action)
        other.turn = _deep(self.turn)
        other._log = [] if quiet else list(self._log)
        other.history = list(self.history)
        other.final = list(self.final)
        other._legal = None if self._legal is None else list(self._legal)
        return other


def _deep(value: Any) -> Any:
    """Copy JSON-like data (dicts, lists, scalars)."""
    if isinstance(value, dict):
        return {k: _deep(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_deep(v) for v in value]
    return value


# ====================================================================== setup steps


def _opt_home(g: NewFrontiers, seat: int, _arg: int) -> list[Decision]:
    mat = g.action["mats"][str(seat)]
    sides = g.tiles.mats()[mat]
    if g.options["first_game"]:
        sides = [h for h in sides if h.home and h.home.first_game]
    return [Decision(HOME, (h.id,), f"Play {h.describe()}") for h in sides]


def _run_home(g: NewFrontiers, seat: int, _arg: int, d: Decision | None) -> None:
    """Home colony with its colonist from the supply and, if windfall, its good (§3.2 step 10)."""
    assert d is not None
    home = g.world(d.args[0])
    player = g.players[seat]
    player.home = home.id
    player.colonies = [home.id]
    player.tiles_changed()
    g.colonist_supply -= 1
    if home.goods is GoodsType.WINDFALL and home.kind is not None:
        g.put_good(seat, home.id, int(home.kind))
    g.log_line(
        f"{player.name} plays home colony {home.name} (mat {home.home.mat if home.home else '?'})."
    )


def _run_start_round(g: NewFrontiers, _seat: int, _arg: int, _d: Decision | None) -> None:
    g.selections = 0
    g.chosen = {}
    g.log_line(f"— Round {g.round} —")
    g.queue.insert(0, ["select", g.order[0][0], 0])


# ====================================================================== selecting actions


_SELECT = {
    t: Decision(SELECT, (t.value,), f"Choose {t.label} (bonus: {ACTION_BONUS[t]})")
    for t in ActionTile
}


def _opt_select(g: NewFrontiers, seat: int, _arg: int) -> list[Decision]:
    return [_SELECT[t] for t in g.available_tiles()]


def _run_select(g: NewFrontiers, seat: int, _arg: int, d: Decision | None) -> None:
    assert d is not None
    tile = ActionTile(d.args[0])
    disc = g.order[g.selections]
    g.selections += 1
    g.chosen[tile.value] = seat
    g.action = {"tile": tile.value, "chooser": seat, "disc": list(disc), "placed": {}}
    g.log_line(f"{g.name(seat)} chooses {tile.label}.")
    order = g.exec_order(disc)
    steps: list[Step] = []
    # A hidden stockpile goal may be revealed right after any action is chosen (§11.3).
    for holder, goal_id in g.goals_hidden:
        if g.tiles.goals[goal_id].type == "stockpile":
            steps.append(["reveal", holder, 0])
    steps += _action_steps(tile, seat, order, g)
    steps.append(["end_action", seat, 0])
    g.queue[0:0] = steps


def _action_steps(tile: ActionTile, chooser: int, order: list[int], g: NewFrontiers) -> list[Step]:
    if tile is ActionTile.RETREAT:
        return [["retreat", chooser, 0]]
    if tile is ActionTile.GOALS:
        return [["goals", chooser, 0]]
    if tile is ActionTile.AMBASSADOR:
        return [["ambassador", chooser, 0]]
    if tile is ActionTile.DEVELOP:
        return [["develop", p, 0] for p in order] + [["develop_end", -1, 0]]
    if tile is ActionTile.EXPLORE:
        steps: list[Step] = [["explore_draw", -1, 0]]
        for p in order:
            steps.append(["explore_pick", p, 0])
            if p != chooser:
                steps.append(["explore_extra", p, 0])
        steps += [
            ["explore_pick", chooser, 1],
            ["explore_extra", chooser, 0],
            ["explore_return", -1, 0],
        ]
        return steps + [["limit", p, 0] for p in order]
    if tile is ActionTile.SETTLE:
        steps = [["settle_bonus", chooser, 0]]
        for p in order:
            steps += [["settle_start", p, 0], ["settle", p, 0]]
        return steps + [["limit", p, 0] for p in order] + [["settle_end", -1, 0]]
    if tile is ActionTile.PRODUCE:
        steps = [["produce_bonus", chooser, 0]]
        for p in order:
            steps += [["produce_start", p, 0], ["produce", p, 0], ["produce_finish", p, 0]]
        steps.append(["produce_end", -1, 0])
        if g._stock_goal("stockpiled_goods"):
            steps += [["store_goods", p, 0] for p in order]
        return steps
    # Trade/Consume
    steps = [["trade_bonus", chooser, 0]]
    for p in order:
        steps += [
            ["trade", p, 0],
            ["consume_start", p, 0],
            ["consume", p, 0],
            ["consume_finish", p, 0],
        ]
    return steps


def _run_end_action(g: NewFrontiers, seat: int, _arg: int, _d: Decision | None) -> None:
    for player in g.players:
        player.oort_kind = -1
    g.action = {}
    g.turn = {}
    if g.selections < len(g.order):
        g.queue.insert(0, ["select", g.order[g.selections][0], 0])
    else:
        g.queue.insert(0, ["end_round", -1, 0])


def _run_end_round(g: NewFrontiers, _seat: int, _arg: int, _d: Decision | None) -> None:
    """Round end (§4.4): game over if an end condition was met, else credits on Produce."""
    if g.end_reasons:
        _final_scoring(g)
        return
    if ActionTile.PRODUCE.value not in g.chosen:
        g.produce_credits += 1
        g.log_line(f"Produce was not chosen: ${g.produce_credits} now lies on it.")
    g.round += 1
    g.queue.insert(0, ["start_round", -1, 0])


def _final_scoring(g: NewFrontiers) -> None:
    """§9: explored worlds back to the bag, hidden goals revealed, then every player scores."""
    for player in g.players:
        g.bag.extend(player.explored)
        player.explored = []
    for _holder, goal_id in g.goals_hidden:
        g.goals_revealed.append(goal_id)
        g.log_line(f"Hidden goal revealed: {g.tiles.goals[goal_id].name}.")
    g.goals_hidden = []
    g.final = [score_player(g.tiles, p, g._goals_in_play()) for p in g.players]
    g.over = True
    g.queue = []
    g.log_line(f"Game over after round {g.round} ({', '.join(g.end_reasons)}).")
    for player, score in zip(g.players, g.final, strict=True):
        g.log_line(
            f"{player.name}: {score.total} VP (chips {score.chips}, tiles {score.tiles}, "
            f"? bonuses {score.bonus}, goals {score.goals}; goods+credits {score.tiebreak})"
        )
    names = [g.players[w].name for w in winners(g.final)]
    g.log_line(("Winner: " if len(names) == 1 else "Shared victory: ") + ", ".join(names))


# ====================================================================== bonus-only actions


def _run_retreat(g: NewFrontiers, seat: int, _arg: int, _d: Decision | None) -> None:
    g.players[seat].credits += 2
    g.log_line(f"{g.name(seat)} gains $2.")


def _run_ambassador(g: NewFrontiers, seat: int, _arg: int, _d: Decision | None) -> None:
    """+1 VP, then the disc moves to first place; the discs it skips move back (§5.7)."""
    g.award_vp(seat, 1)
    disc = g.action["disc"]
    g.order.remove(disc)
    g.order.insert(0, disc)
    g.log_line(f"{g.name(seat)} gains 1 VP and becomes first in player order.")


def _run_goals(g: NewFrontiers, seat: int, _arg: int, _d: Decision | None) -> None:
    """Set Galactic Goals (§11.2): move up one place, +$1, draw 3 goals and keep one."""
    disc = g.action["disc"]
    index = g.order.index(disc)
    if index > 0:  # already first: no movement (reading §16.6)
        g.order[index - 1], g.order[index] = g.order[index], g.order[index - 1]
    g.players[seat].credits += 1
    drawn = g.goal_pile[:3]
    del g.goal_pile[:3]
    if drawn:
        g.information_revealed()  # the chooser sees goals nobody saw
    g.log_line(f"{g.name(seat)} moves up in player order, gains $1 and draws {len(drawn)} goal(s).")
    if drawn:  # empty pile: no goal is drawn (reading §16.7)
        g.turn = {"drawn": drawn}
        g.queue.insert(0, ["keep_goal", seat, 0])


def _opt_keep_goal(g: NewFrontiers, seat: int, _arg: int) -> list[Decision]:
    drawn = g.turn["drawn"]
    out = []
    for keep in drawn:
        rest = [x for x in drawn if x != keep]
        for perm in itertools.permutations(rest):
            under = ", ".join(g.tiles.goals[x].name for x in perm)
            label = f"Keep {g.tiles.goals[keep].name} face down" + (
                f"; put {under} under the pile in that order" if perm else ""
            )
            out.append(Decision(KEEP_GOAL, (keep, *perm), label))
    return out


def _run_keep_goal(g: NewFrontiers, seat: int, _arg: int, d: Decision | None) -> None:
    assert d is not None
    keep, *rest = d.args
    g.goal_pile.extend(rest)
    g.goals_hidden.append([seat, keep])
    g.turn = {}
    g.log_line(f"{g.name(seat)} keeps a goal face down.")
    if len(g.goals_hidden) > 1:  # only one hidden goal at a time: the earlier is revealed
        holder, goal_id = g.goals_hidden.pop(0)
        g.goals_revealed.append(goal_id)
        g.information_revealed()
        g.log_line(f"{g.name(holder)} reveals the goal {g.tiles.goals[goal_id].name}.")


def _opt_reveal(g: NewFrontiers, seat: int, _arg: int) -> list[Decision]:
    held = [goal for holder, goal in g.goals_hidden if holder == seat]
    if not held:
        return []
    name = g.tiles.goals[held[0]].name
    return [
        Decision(REVEAL, (held[0],), f"Reveal your goal {name} so everyone may stockpile"),
        Decision(KEEP_SECRET, (), "Keep your goal hidden"),
    ]


def _run_reveal(g: NewFrontiers, seat: int, _arg: int, d: Decision | None) -> None:
    """A hidden stockpile goal may be revealed after an action is chosen (§11.3)."""
    if d is None or d.kind != REVEAL:
        return
    goal_id = d.args[0]
    g.goals_hidden = [x for x in g.goals_hidden if x[1] != goal_id]
    g.goals_revealed.append(goal_id)
    g.information_revealed()
    g.log_line(f"{g.name(seat)} reveals the goal {g.tiles.goals[goal_id].name}.")
    # Stockpile steps of this action are added now that the goal is in play.
    if g.tiles.goals[goal_id].measure == "stockpiled_goods":
        tile = ActionTile(g.action["tile"])
        if tile is ActionTile.PRODUCE:
            order = g.exec_order(g.action["disc"])
            at = next(i for i, s in enumerate(g.queue) if s[0] == "end_action")
            g.queue[at:at] = [["store_goods", p, 0] for p in order]


# ====================================================================== develop (§5.2)


def _opt_develop(g: NewFrontiers, seat: int, _arg: int) -> list[Decision]:
    player = g.players[seat]
    chooser = seat == g.action["chooser"]
    active = g._active(seat, Phase.DEVELOP)
    # One price per size: the discounts depend only on whether the development costs 9.
    small_off, large_off = ab.develop_discounts(active, chooser)
    developments = g.tiles.developments
    out = []
    for dev_id, left in g.supply.items():
        if left <= 0 or dev_id in player.developments:
            continue
        dev = developments[dev_id]
        price = max(0, dev.cost - (large_off if dev.cost == 9 else small_off))
        if price <= player.credits:
            out.append(Decision(BUY, (dev_id,), f"Buy {dev.name} for ${price}"))
    out.append(Decision(PASS, (), "Buy nothing"))
    return out


def _run_develop(g: NewFrontiers, seat: int, _arg: int, d: Decision | None) -> None:
    assert d is not None
    player = g.players[seat]
    if d.kind == PASS:
        g.log_line(f"{player.name} buys no development.")
        return
    dev = g.tiles.developments[d.args[0]]
    active = g._active(seat, Phase.DEVELOP)
    price = ab.develop_price(active, dev, seat == g.action["chooser"])
    player.credits -= price
    g.supply[dev.id] -= 1
    player.developments.append(dev.id)
    player.tiles_changed()
    g._mark_placed(seat, dev.id)
    g.log_line(f"{player.name} develops {dev.name} for ${price}.")
    for _tile, ability in g._active(seat, Phase.DEVELOP):
        if ability.effect == "after_develop" and ability.credits:
            player.credits += ability.credits
            g.log_line(f"{player.name} gains ${ability.credits} ({g.tile_name(_tile)}).")


def _run_develop_end(g: NewFrontiers, _seat: int, _arg: int, _d: Decision | None) -> None:
    for player in g.players:
        if player.slots_used(g.tiles) >= DEVELOP_END_SLOTS and "developments" not in g.end_reasons:
            g.end_reasons.append("developments")
            g.log_line(
                f"{player.name} fills {player.slots_used(g.tiles)} development slots: "
                "the game ends after this round."
            )


def _explain_buy(g: NewFrontiers, seat: int, d: Decision) -> tuple[str, str] | None:
    dev_id = d.args[0] if d.args else None
    if dev_id not in g.tiles.developments:
        return ("§5.2 Develop", f"there is no development {dev_id!r}")
    dev = g.tiles.developments[dev_id]
    if dev_id in g.players[seat].developments:
        return ("§5.2 no duplicates", f"you already own {dev.name}")
    if g.supply.get(dev_id, 0) <= 0:
        return ("§5.2 limited supply", f"{dev.name} is not available (stack empty or not in play)")
    price = ab.develop_price(g._active(seat, Phase.DEVELOP), dev, seat == g.action["chooser"])
    return ("§5.2 cost", f"{dev.name} costs ${price} and you have ${g.players[seat].credits}")


# ====================================================================== explore (§5.3)


def _run_explore_draw(g: NewFrontiers, _seat: int, _arg: int, _d: Decision | None) -> None:
    for _ in range(min(EXPLORE_DRAW, len(g.bag))):
        g.display.append(g.draw_world())
    g.log_line(f"Explore: {len(g.display)} worlds are drawn from the bag.")


def _opt_explore_pick(g: NewFrontiers, seat: int, _arg: int) -> list[Decision]:
    return [Decision(TAKE, (w,), f"Take {g.tiles.describe(w)}") for w in g.display]


def _run_explore_pick(g: NewFrontiers, seat: int, arg: int, d: Decision | None) -> None:
    if d is None:
        g.log_line(f"{g.name(seat)} finds no world left to take.")
        return
    world_id = d.args[0]
    g.display.remove(world_id)
    g.players[seat].explored.append(world_id)
    extra = " (bonus)" if arg else ""
    g.log_line(f"{g.name(seat)} explores {g.world(world_id).name}{extra}.")


def _run_explore_extra(g: NewFrontiers, seat: int, _arg: int, _d: Decision | None) -> None:
    """Explore abilities: colonists, and extra worlds drawn right after the player's pick(s)."""
    player = g.players[seat]
    for tile, ability in g._active(seat, Phase.EXPLORE):
        if ability.effect == "colonists":
            got = g.gain_colonists(seat, ability.amount)
            if got:
                g.log_line(f"{player.name} gains {got} colonist(s) ({g.tile_name(tile)}).")
        elif ability.effect == "draw_worlds":
            for _ in range(ability.amount):
                world_id = g.draw_world()
                if world_id is None:
                    break
                player.explored.append(world_id)
                g.log_line(
                    f"{player.name} draws {g.world(world_id).name} from the bag "
                    f"({g.tile_name(tile)})."
                )


def _run_explore_return(g: NewFrontiers, _seat: int, _arg: int, _d: Decision | None) -> None:
    g.bag.extend(g.display)
    g.display = []


def _can_stock_world(g: NewFrontiers, seat: int) -> bool:
    goal = g._stock_goal("stockpiled_worlds")
    if goal is None:
        return False
    player = g.players[seat]
    done = g.action.get("stocked_world", [])
    return seat not in done and len(player.stock_worlds) < goal.maximum


def _opt_limit(g: NewFrontiers, seat: int, _arg: int) -> list[Decision]:
    """The 9-world limit: return explored worlds of your choice to the bag (§5.3, §5.4)."""
    player = g.players[seat]
    if player.world_count() <= WORLD_LIMIT or not player.explored:
        return []
    out = [
        Decision(RETURN, (w, 0), f"Return {g.world(w).name} to the bag") for w in player.explored
    ]
    if _can_stock_world(g, seat):
        out += [
            Decision(RETURN, (w, 1), f"Stockpile {g.world(w).name} (Exploration goal)")
            for w in player.explored
        ]
    return out


def _run_limit(g: NewFrontiers, seat: int, _arg: int, d: Decision | None) -> None:
    if d is None:
        return
    world_id, to_stock = d.args
    player = g.players[seat]
    player.explored.remove(world_id)
    if to_stock:
        player.stock_worlds.append(world_id)
        g.action.setdefault("stocked_world", []).append(seat)
        g.log_line(f"{player.name} stockpiles {g.world(world_id).name}.")
    else:
        g.bag.append(world_id)
        g.log_line(f"{player.name} returns {g.world(world_id).name} to the bag (9-world limit).")
    g.queue.insert(0, ["limit", seat, 0])


# ====================================================================== settle (§5.4, §10)


def _run_settle_bonus(g: NewFrontiers, seat: int, _arg: int, _d: Decision | None) -> None:
    if g.gain_colonists(seat, 1):
        g.log_line(f"{g.name(seat)} gains 1 colonist (Settle bonus).")


def _run_settle_start(g: NewFrontiers, seat: int, _arg: int, _d: Decision | None) -> None:
    g.turn = {
        "main": "",
        "settled": [],
        "temp": 0,
        "boosts": [],
        "upgrade": False,
        "replace": False,
    }


def _settle_ways(
    g: NewFrontiers, seat: int, world: World, active: list[tuple[str, Ability]]
) -> list[tuple[int, int]]:
    """(mode, price) ways to settle a world now: 0 = pay credits or use military, 1 = pay for a
    military world with a Contact Specialist-like ability."""
    player = g.players[seat]
    if player.colonists < world.colonists:
        return []
    ways = []
    if not world.military:
        price = ab.settle_price(active, world)
        if price <= player.credits:
            ways.append((0, price))
        return ways
    if ab.military_against(active, world, g.turn["temp"]) >= world.defence:
        ways.append((0, 0))
    price = ab.pay_for_military_price(active, world)
    if price is not None and price <= player.credits:
        ways.append((1, price))
    return ways


def _settle_open(g: NewFrontiers, seat: int, active: list[tuple[str, Ability]]) -> bool:
    """May the player still settle a world in this action (first, or Improved Logistics' second)?"""
    turn = g.turn
    if turn["main"] == "":
        return True
    if turn["main"] != "settled" or len(turn["settled"]) != 1:
        return False
    return any(a.effect == "second_settle" for _t, a in active)


def _opt_settle(g: NewFrontiers, seat: int, _arg: int) -> list[Decision]:
    player = g.players[seat]
    turn = g.turn
    active = g._active(seat, Phase.SETTLE)
    out: list[Decision] = []
    open_ = _settle_open(g, seat, active)
    if turn["main"] == "":
        got = min(2, g.colonist_supply)
        out.append(Decision(COLONISTS, (), f"Take {got} colonist(s) instead of settling"))
    if open_:
        for world_id in player.explored:
            world = g.world(world_id)
            for mode, price in _settle_ways(g, seat, world, active):
                how = (
                    f"pay ${price} as a non-military world"
                    if mode
                    else (f"military vs defence {world.defence}" if world.military else f"${price}")
                )
                second = " as your second world" if turn["settled"] else ""
                out.append(
                    Decision(SETTLE, (world_id, mode), f"Settle {world.name}{second} ({how})")
                )
        # Temporary military (§5.4): spend a good, only offered when a military world is in reach.
        if player.goods and any(
            (w := g.world(x)).military
            and player.colonists >= w.colonists
            and ab.military_against(active, w, turn["temp"]) < w.defence
            for x in player.explored
        ):
            for tile, ability in active:
                if ability.effect == "temporary_military" and tile not in turn["boosts"]:
                    for colony in player.goods:
                        out.append(
                            Decision(
                                BOOST,
                                (tile, colony),
                                f"Return the good on {g.world(colony).name} for +{ability.amount} "
                                f"temporary military ({g.tile_name(tile)})",
                            )
                        )
    if not turn["upgrade"]:
        out += _upgrade_options(g, seat, active)
    if not turn["replace"]:
        out += _replace_options(g, seat, active)
    if turn["main"] and out:
        out.append(Decision(DONE, (), "End your Settle turn"))
    return out


def _same_kind(old: World, new: World) -> bool:
    """Terraforming Engineers' kind test: gray for gray; the Oort refinery is any kind, not gray."""
    if old.any_kind or new.any_kind:
        return (old.any_kind or old.kind is not None) and (new.any_kind or new.kind is not None)
    return old.kind is new.kind


def _upgrade_options(g: NewFrontiers, seat: int, active: list) -> list[Decision]:
    limits = [a.max_increase for _t, a in active if a.effect == "upgrade"]
    if not limits:
        return []
    player = g.players[seat]
    placed = g.action.get("placed", {}).get(str(seat), [])
    out = []
    for old_id in player.colonies:
        old = g.world(old_id)
        if old.is_home or old.military or old_id in placed:
            continue
        for new_id in player.explored:
            new = g.world(new_id)
            if new.military or not _same_kind(old, new):
                continue
            if not 0 <= new.cost - old.cost <= max(limits):
                continue
            if new.colonists - old.colonists > player.colonists:
                continue
            out.append(
                Decision(
                    UPGRADE,
                    (old_id, new_id),
                    f"Replace {old.name} with {new.name} for free (Terraforming)",
                )
            )
    return out


def _replace_options(g: NewFrontiers, seat: int, active: list) -> list[Decision]:
    player = g.players[seat]
    out = []
    for tile, ability in active:
        if ability.effect != "replace_self" or tile not in player.colonies:
            continue
        old = g.world(tile)
        for new_id in player.explored:
            new = g.world(new_id)
            if new.military or "Alien" in new.keywords:
                continue
            if new.colonists - old.colonists > player.colonists:
                continue
            out.append(
                Decision(REPLACE, (tile, new_id), f"Replace {old.name} with {new.name} for $0")
            )
    return out


def _run_settle(g: NewFrontiers, seat: int, arg: int, d: Decision | None) -> None:
    if d is None or d.kind == DONE:
        return
    player = g.players[seat]
    turn = g.turn
    if d.kind == COLONISTS:
        got = g.gain_colonists(seat, 2)
        turn["main"] = "colonists"
        g.log_line(f"{player.name} takes {got} colonist(s).")
    elif d.kind == SETTLE:
        _settle_world(g, seat, d.args[0], d.args[1])
    elif d.kind == BOOST:
        tile, colony = d.args
        ability = next(
            a
            for t, a in g._active(seat, Phase.SETTLE)
            if t == tile and a.effect == "temporary_military"
        )
        g.remove_good(seat, colony)
        turn["temp"] += ability.amount
        turn["boosts"].append(tile)
        g.log_line(
            f"{player.name} returns a good for +{ability.amount} temporary military "
            f"({g.tile_name(tile)})."
        )
    elif d.kind in (UPGRADE, REPLACE):
        _replace_colony(g, seat, d.args[0], d.args[1], d.kind)
    g.queue.insert(0, ["settle", seat, arg])


def _settle_world(g: NewFrontiers, seat: int, world_id: str, mode: int) -> None:
    player = g.players[seat]
    world = g.world(world_id)
    active = g._active(seat, Phase.SETTLE)
    price = 0
    if not world.military:
        price = ab.settle_price(active, world)
    elif mode == 1:
        price = ab.pay_for_military_price(active, world) or 0
    player.credits -= price
    player.colonists -= world.colonists
    player.explored.remove(world_id)
    player.colonies.append(world_id)
    player.tiles_changed()
    g._mark_placed(seat, world_id)
    g.turn["main"] = "settled"
    g.turn["settled"].append(world_id)
    how = f"for ${price}" if price or not world.military else "by military"
    g.log_line(f"{player.name} settles {world.name} {how}.")
    windfall = world.goods is GoodsType.WINDFALL and world.kind is not None
    if windfall and g.put_good(seat, world_id, int(world.kind)):
        g.log_line(f"{world.name} receives a {world.kind.label} good (windfall).")
    # Triggers of tiles placed before this action fire once per settled world (§7.7).
    for tile, ability in g._active(seat, Phase.SETTLE):
        if ability.effect != "after_settle":
            continue
        source = g.tile_name(tile)
        if ability.credits:
            player.credits += ability.credits
            g.log_line(f"{player.name} gains ${ability.credits} ({source}).")
        if ability.colonists and g.gain_colonists(seat, ability.colonists):
            g.log_line(f"{player.name} gains a colonist ({source}).")
        for _ in range(ability.draw_worlds):
            drawn = g.draw_world()
            if drawn is not None:
                player.explored.append(drawn)
                g.log_line(f"{player.name} draws {g.world(drawn).name} from the bag ({source}).")


def _replace_colony(g: NewFrontiers, seat: int, old_id: str, new_id: str, kind: str) -> None:
    """Terraforming Engineers / Dying Colony: not settling; old world to the bag after Settle."""
    player = g.players[seat]
    old, new = g.world(old_id), g.world(new_id)
    player.colonists -= new.colonists - old.colonists
    if old_id in player.goods:
        # The good leaves with the old world and reaches the supply after the whole action.
        g.action.setdefault("to_supply", []).append(player.goods.pop(old_id))
    player.colonies[player.colonies.index(old_id)] = new_id
    player.explored.remove(new_id)
    player.tiles_changed()
    g._mark_placed(seat, new_id)
    g.action.setdefault("to_bag", []).append(old_id)
    g.turn["upgrade" if kind == UPGRADE else "replace"] = True
    g.log_line(f"{player.name} replaces {old.name} with {new.name}.")
    if (
        new.goods is GoodsType.WINDFALL
        and new.kind is not None
        and g.put_good(seat, new_id, int(new.kind))
    ):
        g.log_line(f"{new.name} receives a {new.kind.label} good (windfall).")


def _run_settle_end(g: NewFrontiers, _seat: int, _arg: int, _d: Decision | None) -> None:
    """Replaced worlds (and their goods) go back; then the colony and colonist end checks (§8)."""
    g.bag.extend(g.action.get("to_bag", []))
    for kind in g.action.get("to_supply", []):
        g.goods_supply[kind] += 1
    for player in g.players:
        if len(player.colonies) >= COLONY_END and "colonies" not in g.end_reasons:
            g.end_reasons.append("colonies")
            g.log_line(
                f"{player.name} has {len(player.colonies)} colonies: "
                "the game ends after this round."
            )
    if g.colonist_supply <= COLONIST_END and "colonists" not in g.end_reasons:
        g.end_reasons.append("colonists")
        g.log_line(f"Only {g.colonist_supply} colonists remain: the game ends after this round.")


def _explain_settle(g: NewFrontiers, seat: int, d: Decision) -> tuple[str, str] | None:
    player = g.players[seat]
    world_id = d.args[0] if d.args else None
    if world_id not in player.explored:
        return ("§5.4 Settle", "you can only settle one of your own explored worlds")
    world = g.world(world_id)
    active = g._active(seat, Phase.SETTLE)
    if not _settle_open(g, seat, active):
        return ("§5.4 Settle", "you have already settled or taken colonists in this action")
    if player.colonists < world.colonists:
        return (
            "§5.4 colonists",
            f"{world.name} needs {world.colonists} colonist(s) and you have {player.colonists}"
            " (a cost reduction does not remove the colonist requirement, §7.6)",
        )
    if world.military and (d.args[1] if len(d.args) > 1 else 0) == 0:
        strength = ab.military_against(active, world, g.turn["temp"])
        return (
            "§5.4 military",
            f"{world.name} has defence {world.defence}; your military against it is {strength}",
        )
    if world.military:
        return (
            "§10 Contact Specialist",
            f"you cannot pay for {world.name} (no such ability, Alien world, or not enough $)",
        )
    price = ab.settle_price(active, world)
    return ("§5.4 cost", f"{world.name} costs ${price} and you have ${player.credits}")


# ====================================================================== produce (§5.5)


def _run_produce_bonus(g: NewFrontiers, seat: int, _arg: int, _d: Decision | None) -> None:
    if g.produce_credits:
        g.players[seat].credits += g.produce_credits
        g.log_line(f"{g.name(seat)} takes ${g.produce_credits} from the Produce tile.")
        g.produce_credits = 0


def _run_produce_start(g: NewFrontiers, seat: int, _arg: int, _d: Decision | None) -> None:
    player = g.players[seat]
    active = g._active(seat, Phase.PRODUCE)
    pending: list[dict[str, Any]] = []
    oort = [c for c in player.colonies if g.world(c).any_kind]
    if oort and (
        oort[0] not in player.goods
        or any(a.effect == "credits_per_colony" and a.kind is not None for _t, a in active)
    ):
        pending.append({"t": "declare"})
    pending.append({"t": "production"})
    windfall = [a for _t, a in active if a.effect == "windfall"]
    # Abilities tied to one kind first, then any-kind ones, then the chooser's bonus.
    for ability in sorted(windfall, key=lambda a: a.kind is None):
        pending.append({"t": "windfall", "kind": -1 if ability.kind is None else int(ability.kind)})
    if seat == g.action["chooser"]:
        pending.append({"t": "windfall", "kind": -1, "bonus": 1})
    g.turn = {"pending": pending, "produced": []}


def _produce_candidates(g: NewFrontiers, seat: int, item: dict[str, Any]) -> list[str]:
    player = g.players[seat]
    out = []
    if item["t"] == "short":
        kind = item["kind"]
        if g.goods_supply[kind] <= 0:
            return []
        return [c for c in item["colonies"] if c not in player.goods]
    for colony in player.colonies:
        world = g.world(colony)
        if world.goods is not GoodsType.WINDFALL or colony in player.goods or world.kind is None:
            continue
        if item["kind"] >= 0 and int(world.kind) != item["kind"]:
            continue
        if g.goods_supply[int(world.kind)] > 0:
            out.append(colony)
    return out


def _opt_produce(g: NewFrontiers, seat: int, _arg: int) -> list[Decision]:
    pending = g.turn["pending"]
    if not pending:
        return []
    item = pending[0]
    if item["t"] == "declare":
        return [
            Decision(DECLARE, (int(k),), f"Declare Alien Oort Cloud Refinery {k.label}")
            for k in Kind
        ]
    if item["t"] == "production":
        return []
    why = (
        "Produce bonus"
        if item.get("bonus")
        else ("goods are short" if item["t"] == "short" else "Produce ability")
    )
    return [
        Decision(PRODUCE_ON, (c,), f"Produce on {g.world(c).name} ({why})")
        for c in _produce_candidates(g, seat, item)
    ]


def _run_produce(g: NewFrontiers, seat: int, arg: int, d: Decision | None) -> None:
    pending = g.turn["pending"]
    if not pending:
        return
    item = pending[0]
    player = g.players[seat]
    if item["t"] == "declare":
        assert d is not None
        player.oort_kind = d.args[0]
        pending.pop(0)
        g.log_line(f"{player.name} declares Alien Oort Cloud Refinery {Kind(d.args[0]).label}.")
    elif item["t"] == "production":
        pending.pop(0)
        _normal_production(g, seat, pending)
    elif d is None:
        pending.pop(0)
    else:
        colony = d.args[0]
        _produce_on(g, seat, colony, g.colony_kind(seat, colony))
        if item["t"] == "short":
            item["left"] -= 1
            if item["left"] <= 0:
                pending.pop(0)
        else:
            pending.pop(0)
    g.queue.insert(0, ["produce", seat, arg])


def _normal_production(g: NewFrontiers, seat: int, pending: list[dict[str, Any]]) -> None:
    """Every empty production colony produces; with too few goods the player chooses where."""
    player = g.players[seat]
    by_kind: dict[int, list[str]] = {}
    for colony in player.colonies:
        world = g.world(colony)
        if world.goods is not GoodsType.PRODUCTION or colony in player.goods:
            continue
        kind = g.colony_kind(seat, colony)
        if kind is not None:
            by_kind.setdefault(int(kind), []).append(colony)
    shortages = []
    for kind, colonies in by_kind.items():
        if len(colonies) <= g.goods_supply[kind]:
            for colony in colonies:
                _produce_on(g, seat, colony, Kind(kind))
        elif g.goods_supply[kind] > 0:
            shortages.append(
                {"t": "short", "kind": kind, "colonies": colonies, "left": g.goods_supply[kind]}
            )
    pending[0:0] = shortages


def _produce_on(g: NewFrontiers, seat: int, colony: str, kind: Kind | None) -> None:
    if kind is not None and g.put_good(seat, colony, int(kind)):
        g.turn["produced"].append([colony, int(kind)])
        g.log_line(f"{g.name(seat)} produces {kind.label} on {g.world(colony).name}.")


def _run_produce_finish(g: NewFrontiers, seat: int, _arg: int, _d: Decision | None) -> None:
    """Credit abilities, which need the goods actually produced in this action (§5.5)."""
    player = g.players[seat]
    produced = g.turn["produced"]
    here = {c for c, _k in produced}
    for tile, ability in g._active(seat, Phase.PRODUCE):
        gained = 0
        if ability.effect == "credits" or (
            ability.effect == "credits_when_produced_here" and tile in here
        ):
            gained = ability.amount
        elif ability.effect == "credits_per_colony":
            for colony in player.colonies:
                world = g.world(colony)
                if ability.kind is not None and g.colony_kind(seat, colony) is not ability.kind:
                    continue
                if ability.keyword is not None and ability.keyword not in world.keywords:
                    continue
                if ability.military is not None and world.military != ability.military:
                    continue
                gained += ability.amount
        if gained:
            player.credits += gained
            g.log_line(f"{player.name} gains ${gained} ({g.tile_name(tile)}).")
    g.action.setdefault("produced", {})[str(seat)] = [k for _c, k in produced]
    g.turn = {}


def _run_produce_end(g: NewFrontiers, _seat: int, _arg: int, _d: Decision | None) -> None:
    """Mining Industry-like abilities compare goods produced in this action by all players."""
    produced = g.action.get("produced", {})
    for player in g.players:
        for tile, ability in g._active(player.seat, Phase.PRODUCE):
            if ability.effect != "most_produced" or ability.kind is None:
                continue
            kind = int(ability.kind)
            mine = produced.get(str(player.seat), []).count(kind)
            others = [
                produced.get(str(p.seat), []).count(kind) for p in g.players if p is not player
            ]
            if mine >= 1 and all(mine > o for o in others):
                player.credits += ability.credits
                g.log_line(f"{player.name} gains ${ability.credits} ({g.tile_name(tile)}).")


def _opt_store_goods(g: NewFrontiers, seat: int, _arg: int) -> list[Decision]:
    goal = g._stock_goal("stockpiled_goods")
    player = g.players[seat]
    if goal is None or sum(player.stock_goods) >= goal.maximum or not player.goods:
        return []
    out = [
        Decision(STORE_GOOD, (c,), f"Stockpile the {Kind(k).label} good on {g.world(c).name}")
        for c, k in player.goods.items()
    ]
    out.append(Decision(DONE, (), "Stop stockpiling goods"))
    return out


def _run_store_goods(g: NewFrontiers, seat: int, arg: int, d: Decision | None) -> None:
    if d is None or d.kind == DONE:
        return
    player = g.players[seat]
    kind = player.goods.pop(d.args[0])
    player.stock_goods[kind] += 1
    g.log_line(f"{player.name} stockpiles a {Kind(kind).label} good.")
    g.queue.insert(0, ["store_goods", seat, arg])


# ====================================================================== trade / consume (§5.6)


def _run_trade_bonus(g: NewFrontiers, seat: int, _arg: int, _d: Decision | None) -> None:
    g.award_vp(seat, 1)
    g.log_line(f"{g.name(seat)} gains 1 VP (Trade/Consume bonus).")


def _tradeable(g: NewFrontiers, seat: int) -> list[str]:
    """Colonies whose good may be sold: the Oort refinery's good never can (§7.10)."""
    return [c for c in g.players[seat].goods if not g.world(c).any_kind]


def _opt_trade(g: NewFrontiers, seat: int, _arg: int) -> list[Decision]:
    player = g.players[seat]
    if not player.goods:
        return []
    active = g._active(seat, Phase.TRADE)
    out = []
    for colony in _tradeable(g, seat):
        kind = Kind(player.goods[colony])
        price = ab.trade_price(active, kind)
        out.append(
            Decision(
                TRADE,
                (colony,),
                f"Sell the {kind.label} good on {g.world(colony).name} for ${price}",
            )
        )
    out.append(Decision(PASS, (), "Sell nothing"))
    return out


def _run_trade(g: NewFrontiers, seat: int, _arg: int, d: Decision | None) -> None:
    if d is None or d.kind == PASS:
        return
    price = _sell(g, seat, d.args[0])
    goal = g._stock_goal("stockpiled_credits")
    if goal is not None and g.players[seat].stock_credits < goal.maximum:
        g.turn = {"sale": price}
        g.queue.insert(0, ["store_credits", seat, 0])


def _sell(g: NewFrontiers, seat: int, colony: str) -> int:
    kind = Kind(g.remove_good(seat, colony))
    price = ab.trade_price(g._active(seat, Phase.TRADE), kind)
    g.players[seat].credits += price
    g.log_line(f"{g.name(seat)} sells a {kind.label} good for ${price}.")
    return price


def _opt_store_credits(g: NewFrontiers, seat: int, _arg: int) -> list[Decision]:
    goal = g._stock_goal("stockpiled_credits")
    player = g.players[seat]
    room = goal.maximum - player.stock_credits if goal else 0
    most = min(g.turn.get("sale", 0), room, player.credits)
    return (
        [
            Decision(STORE_CREDITS, (n,), f"Stockpile ${n} of this sale (Trade Taxes)")
            for n in range(most + 1)
        ]
        if most > 0
        else []
    )


def _run_store_credits(g: NewFrontiers, seat: int, _arg: int, d: Decision | None) -> None:
    if d is None or not d.args[0]:
        return
    player = g.players[seat]
    player.credits -= d.args[0]
    player.stock_credits += d.args[0]
    g.log_line(f"{player.name} stockpiles ${d.args[0]}.")


def _run_consume_start(g: NewFrontiers, seat: int, _arg: int, _d: Decision | None) -> None:
    """Consume abilities that return no good are used once in every action (reconstruction)."""
    player = g.players[seat]
    g.turn = {"used": [], "goods": 0}
    for tile, ability in g._active(seat, Phase.CONSUME):
        if ability.effect == "reward":
            player.credits += ability.credits
            g.award_vp(seat, ability.vp)
            g.log_line(
                f"{player.name} gains {_reward(ability.vp, ability.credits)} ({g.tile_name(tile)})."
            )


def _reward(vp: int, credits: int) -> str:
    parts = ([f"{vp} VP"] if vp else []) + ([f"${credits}"] if credits else [])
    return " and ".join(parts) or "nothing"


def _consume_selections(g: NewFrontiers, seat: int, ability: Ability) -> list[tuple[str, ...]]:
    """Goods (by colony) an ability may take now; "up to N" must take as many as it can."""
    player = g.players[seat]
    if ability.effect == "sell":
        return [(c,) for c in _tradeable(g, seat)]
    goods = [
        (c, k) for c, k in player.goods.items() if ability.kind is None or k == int(ability.kind)
    ]
    available = len({k for _c, k in goods}) if ability.distinct else len(goods)
    size = min(ability.count, available) if ability.up_to else ability.count
    if size <= 0 or available < size:
        return []
    out = []
    for combo in itertools.combinations(goods, size):
        if ability.distinct and len({k for _c, k in combo}) < size:
            continue
        out.append(tuple(c for c, _k in combo))
    return out


def _opt_consume(g: NewFrontiers, seat: int, _arg: int) -> list[Decision]:
    player = g.players[seat]
    if not player.goods:
        return []
    used = g.turn["used"]
    out = []
    all_optional = True
    for tile, ability in g._active(seat, Phase.CONSUME):
        if ability.effect not in ("goods", "sell"):
            continue
        index = g.tiles.by_id[tile].abilities.index(ability)
        key = f"{tile}/{index}"
        if key in used:
            continue
        selections = _consume_selections(g, seat, ability)
        if not selections:
            continue
        all_optional = all_optional and ability.optional
        source = g.tile_name(tile)
        for combo in selections:
            names = ", ".join(
                f"{Kind(player.goods[c]).label} from {g.world(c).name}" for c in combo
            )
            if ability.effect == "sell":
                price = ab.trade_price(g._active(seat, Phase.TRADE), Kind(player.goods[combo[0]]))
                label = f"{source}: sell {names} for ${price}"
            else:
                n = len(combo) if ability.per_good else 1
                label = (
                    f"{source}: return {names} for {_reward(ability.vp * n, ability.credits * n)}"
                )
            out.append(Decision(CONSUME, (tile, index, *combo), label))
    if out and all_optional:
        out.append(Decision(DONE, (), "Stop consuming"))
    return out


def _run_consume(g: NewFrontiers, seat: int, arg: int, d: Decision | None) -> None:
    if d is None or d.kind == DONE:
        return
    player = g.players[seat]
    tile, index, *colonies = d.args
    ability = g.tiles.by_id[tile].abilities[index]
    g.turn["used"].append(f"{tile}/{index}")
    g.turn["goods"] += len(colonies)
    if ability.effect == "sell":
        _sell(g, seat, colonies[0])
    else:
        for colony in colonies:
            g.remove_good(seat, colony)
        n = len(colonies) if ability.per_good else 1
        player.credits += ability.credits * n
        g.award_vp(seat, ability.vp * n)
        g.log_line(
            f"{player.name} consumes {len(colonies)} good(s) with {g.tile_name(tile)}: "
            f"{_reward(ability.vp * n, ability.credits * n)}."
        )
    g.queue.insert(0, ["consume", seat, arg])


def _run_consume_finish(g: NewFrontiers, seat: int, _arg: int, _d: Decision | None) -> None:
    """Booming Economy: VP for goods the other Consume abilities returned (§5.6)."""
    player = g.players[seat]
    for tile, ability in g._active(seat, Phase.CONSUME):
        if ability.effect != "booming":
            continue
        vp = ability.vp * g.turn["goods"]
        if ability.bonus_if_owned and (
            ability.bonus_if_owned in player.developments
            or ability.bonus_if_owned in player.colonies
        ):
            vp += ability.bonus_vp
        g.award_vp(seat, vp)
        if vp:
            g.log_line(f"{player.name} gains {vp} VP ({g.tile_name(tile)}).")
    g.turn = {}


def _explain_consume(g: NewFrontiers, seat: int, d: Decision) -> tuple[str, str] | None:
    if len(d.args) < 2:
        return ("§5.6 Consume", "name the tile and ability to consume with")
    tile, index = d.args[0], d.args[1]
    if f"{tile}/{index}" in g.turn.get("used", []):
        return ("§5.6 once per action", "each Consume ability can be used only once per action")
    return (
        "§5.6 Consume",
        "those goods do not fit that ability (kind, count, or 'as many as "
        "possible' for up-to abilities)",
    )


# ====================================================================== registry

Handler = tuple[Callable[..., list[Decision]] | None, Callable[..., None]]

HANDLERS: dict[str, Handler] = {
    "home": (_opt_home, _run_home),
    "start_round": (None, _run_start_round),
    "select": (_opt_select, _run_select),
    "end_action": (None, _run_end_action),
    "end_round": (None, _run_end_round),
    "retreat": (None, _run_retreat),
    "ambassador": (None, _run_ambassador),
    "goals": (None, _run_goals),
    "keep_goal": (_opt_keep_goal, _run_keep_goal),
    "reveal": (_opt_reveal, _run_reveal),
    "develop": (_opt_develop, _run_develop),
    "develop_end": (None, _run_develop_end),
    "explore_draw": (None, _run_explore_draw),
    "explore_pick": (_opt_explore_pick, _run_explore_pick),
    "explore_extra": (None, _run_explore_extra),
    "explore_return": (None, _run_explore_return),
    "limit": (_opt_limit, _run_limit),
    "settle_bonus": (None, _run_settle_bonus),
    "settle_start": (None, _run_settle_start),
    "settle": (_opt_settle, _run_settle),
    "settle_end": (None, _run_settle_end),
    "produce_bonus": (None, _run_produce_bonus),
    "produce_start": (None, _run_produce_start),
    "produce": (_opt_produce, _run_produce),
    "produce_finish": (None, _run_produce_finish),
    "produce_end": (None, _run_produce_end),
    "store_goods": (_opt_store_goods, _run_store_goods),
    "trade_bonus": (None, _run_trade_bonus),
    "trade": (_opt_trade, _run_trade),
    "store_credits": (_opt_store_credits, _run_store_credits),
    "consume_start": (None, _run_consume_start),
    "consume": (_opt_consume, _run_consume),
    "consume_finish": (None, _run_consume_finish),
}

_STEP_OF = {BUY: "develop", SETTLE: "settle", CONSUME: "consume"}

_EXPLAIN: dict[str, Callable[[NewFrontiers, int, Decision], tuple[str, str] | None]] = {
    BUY: _explain_buy,
    SETTLE: _explain_settle,
    CONSUME: _explain_consume,
}

NewFrontiers.HANDLERS = HANDLERS
