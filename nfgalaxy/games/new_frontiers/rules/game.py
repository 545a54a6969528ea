"""The New Frontiers game state: setup, the protocol, helpers the rules use, serialisation."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from nfgalaxy.core.decision import Decision, IllegalDecision
from nfgalaxy.core.rng import Rng
from nfgalaxy.core.steps import StepQueueGame
from nfgalaxy.games.new_frontiers.components import (
    GOODS_IN_BOX,
    Ability,
    Kind,
    Phase,
    TileSet,
    World,
)
from nfgalaxy.games.new_frontiers.rules.common import (
    _TILES_GOALS,
    _TILES_STANDARD,
    GAME_ID,
    SAVE_VERSION,
    Step,
    _deep,
)
from nfgalaxy.games.new_frontiers.scoring import Score, score_player, winners
from nfgalaxy.games.new_frontiers.state import (
    PER_PLAYER,
    STACK_COPIES,
    ActionTile,
    Player,
)
from nfgalaxy.games.new_frontiers.view import seat_view


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
        explain = self.EXPLAIN.get(decision.kind)
        if explain is not None and self.STEP_OF.get(decision.kind) == name:
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
