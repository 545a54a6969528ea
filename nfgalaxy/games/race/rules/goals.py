"""Goals of The Gathering Storm and Rebel vs Imperium (rules §B5): setup, checks, VP.

The tiles are data (``data/goals.toml``): each names what it counts (``GoalCount``) and how
many. At setup 4 "First" and 2 "Most" goals are drawn with the game's generator from the
level's pool (tgs: the 10 TGS tiles; rvi: those and the 5 RvI tiles) and lie face up.

**When goals are checked.** Every goal at the end of every phase (the ``PHASE_END`` step) and
at the end of every round, after the hand-limit discards (``ROUND_END``). Budget Surplus counts
the cards a player discarded for the hand limit at this round's end, so only the round-end
check can award it; Galactic Standard of Living is checked after Consume and again at the
round's end. Seed 001 words the RvI "First" goals as "at the end of a phase"; the reference AI
checks each goal only after certain phases (spec §B5) and its maintainer describes "Most"
goals as claimable only at the end of the phases printed on the tile, but losable at any time
(bnordli/rftg issue #56). The difference this engine accepts: a leader takes a "Most" goal at
the end of whichever phase made them the leader (Greatest Infrastructure after a Settle phase
in which the holder discarded a development, say), and a holder loses it at the end of the
phase, not at the moment.

**Claiming.** "First": every player meeting the threshold at the same check claims it (3 VP
each; the tile and 3-VP goal chips), then it is gone. "Most": the player whose count strictly
exceeds every other player's and reaches the minimum takes it; it moves when another player
strictly exceeds the holder; it returns to nobody when the holder drops below the minimum or
is strictly exceeded (by two tied players, nobody takes it).

**Game end.** 3 VP per "First" claim, 5 VP to a "Most" goal's holder, and 3 VP to every
player without the tile whose count equals the best count and reaches the minimum (a tie with
the holder, or a tie nobody broke). Facts: the reference AI scores exactly so
(bnordli/rftg ``src/engine.c``, ``score_game_player``: +3 per claimed "first" goal; +5 to the
holder, else +3 when the progress equals the best progress and reaches the minimum), its
maintainer confirms the 3 VP to a non-holder tied or ahead at game end (issue #56), and both
boxes hold 3-VP goal chips "for shared or tied goal awards" (TGS: 8; RvI: 1 more, seed 001).
The TGS rulebook's own wording was not found in our sources. Goal VP are added to the score;
they are not chips and do not come from the VP pool (§B5).
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any, Protocol

from nfgalaxy.core.rng import Rng
from nfgalaxy.core.tilefiles import Entry, TileDataError, read_toml
from nfgalaxy.games.race.components import CardSet, GoodKind, GoodsMode, Keyword, Phase
from nfgalaxy.games.race.scoring import total_military
from nfgalaxy.games.race.state import Player


class RaceBase(Protocol):
    """What the goals read and write of a game (``rules.base.RaceBase`` has it all); a
    protocol, so that the game's base class may use this module without a cycle."""

    cards: CardSet
    options: dict[str, Any]
    rng: Rng
    players: list[Player]
    order: list[int]
    goals: list[str]
    goal_claims: dict[str, list[int]]
    hand_limit_discarders: list[int]

    def record(
        self,
        kind: str,
        seat: int | None = None,
        components: tuple[str, ...] = (),
        numbers: tuple[int, ...] = (),
    ) -> None: ...


BUILTIN = "goals.toml"
FIRST_VP = 3
MOST_VP = 5
#: A player tied for a "Most" goal without holding its tile, at game end.
TIED_VP = 3
#: Goals drawn at setup, by kind (§B5; seed 001: "wie gewohnt 2 … und 4 …").
FIRST_GOALS = 4
MOST_GOALS = 2
#: The boxes whose tiles are in the pool of each expansion level.
LEVEL_SETS: Mapping[str, tuple[str, ...]] = {"base": (), "tgs": ("tgs",), "rvi": ("tgs", "rvi")}


class GoalKind(enum.Enum):
    """A small "First" tile (claimed once, by everyone meeting it at that check) or a large
    "Most" tile (held by the one player strictly ahead, and it can move)."""

    __hash__ = object.__hash__

    FIRST = "first"
    MOST = "most"


class GoalCount(enum.Enum):
    """What a goal counts for each player: the goal vocabulary of ``data/goals.toml``."""

    __hash__ = object.__hash__

    VP_CHIPS = "vp_chips"
    WORLD_KINDS = "world_kinds"
    KEYWORD_CARDS = "keyword_cards"
    HAND_LIMIT_DISCARD = "hand_limit_discard"
    POWER_PHASES = "power_phases"
    VARIABLE_SIX_COST = "variable_six_cost"
    TABLEAU_CARDS = "tableau_cards"
    GOODS = "goods"
    TOTAL_MILITARY = "total_military"
    NOVELTY_RARE_WORLDS = "novelty_rare_worlds"
    DEVELOPMENTS = "developments"
    PRODUCTION_WORLDS = "production_worlds"
    EXPLORE_POWER_CARDS = "explore_power_cards"
    REBEL_MILITARY_WORLDS = "rebel_military_worlds"


@dataclass(frozen=True)
class Goal:
    """One goal tile. ``threshold`` is what meets a "First" goal and the minimum of a "Most"
    goal; ``keyword`` only for ``GoalCount.KEYWORD_CARDS``."""

    id: str
    name: str
    kind: GoalKind
    set: str
    counts: GoalCount
    threshold: int
    text: str
    source: str
    keyword: Keyword | None = None

    @property
    def minimum(self) -> int:
        """The count a "Most" goal needs (the same number as ``threshold``)."""
        return self.threshold

    @property
    def vp(self) -> int:
        """VP of the tile at game end: 3 per "First" claim, 5 to a "Most" goal's holder."""
        return FIRST_VP if self.kind is GoalKind.FIRST else MOST_VP


# --- data ------------------------------------------------------------------------------------

_KINDS = {kind.value: kind for kind in GoalKind}
_COUNTS = {count.value: count for count in GoalCount}
_KEYWORDS = {keyword.value: keyword for keyword in Keyword}
_SETS = {"tgs": "tgs", "rvi": "rvi"}
_FIELDS = {"id", "name", "type", "set", "counts", "keyword", "threshold", "minimum", "text"}
_FIELDS |= {"source"}


def _goal(entry: Entry) -> Goal:
    entry.check_known(_FIELDS)
    kind = entry.choice("type", _KINDS)
    counts = entry.choice("counts", _COUNTS)
    if (counts is GoalCount.KEYWORD_CARDS) != ("keyword" in entry.raw):
        raise entry.fail("keyword", "counting keyword_cards, and only it, names a keyword")
    wanted, other = ("threshold", "minimum") if kind is GoalKind.FIRST else ("minimum", "threshold")
    if other in entry.raw:
        raise entry.fail(other, f"a {kind.value!r} goal has a {wanted}, not a {other}")
    for name in ("id", "name", "text", "source"):
        if not entry.get(name, str).strip():
            raise entry.fail(name, "empty")
    return Goal(
        id=entry.get("id", str),
        name=entry.get("name", str),
        kind=kind,
        set=entry.choice("set", _SETS),
        counts=counts,
        threshold=entry.int_in(wanted, 1, 12),
        text=entry.get("text", str),
        source=entry.get("source", str),
        keyword=entry.choice("keyword", _KEYWORDS, None),
    )


def parse(text: str, source: str) -> dict[str, Goal]:
    """Goals by id from a goal file; ``TileDataError`` naming the goal and field at fault."""
    data = read_toml(text, source)
    for key in data:
        if key != "goal":
            raise TileDataError(f"{source}: unknown top-level entry '{key}'")
    raw_goals = data.get("goal", [])
    if not isinstance(raw_goals, list):
        raise TileDataError(f"{source}: 'goal' must be an array of tables ([[goal]])")
    goals: dict[str, Goal] = {}
    names: set[str] = set()
    for index, raw in enumerate(raw_goals):
        entry = Entry.top(source, "goal", raw, index)
        goal = _goal(entry)
        if goal.id in goals:
            raise entry.fail("id", f"{goal.id!r} is used twice")
        if goal.name in names:
            raise entry.fail("name", f"{goal.name!r} is used twice")
        goals[goal.id] = goal
        names.add(goal.name)
    for level in LEVEL_SETS:
        _check_pool(source, level, goals)
    return goals


def _check_pool(source: str, level: str, goals: Mapping[str, Goal]) -> None:
    """Every level with goals has enough tiles of each kind to draw from."""
    sets = LEVEL_SETS[level]
    if not sets:
        return
    for kind, wanted in ((GoalKind.FIRST, FIRST_GOALS), (GoalKind.MOST, MOST_GOALS)):
        found = sum(1 for goal in goals.values() if goal.kind is kind and goal.set in sets)
        if found < wanted:
            raise TileDataError(
                f"{source}: level {level!r} has {found} {kind.value!r} goals, needs {wanted}"
            )


@functools.cache
def builtin() -> Mapping[str, Goal]:
    """The shipped goal tiles (loaded and checked once per process)."""
    text = resources.files("nfgalaxy.games.race").joinpath("data", BUILTIN)
    return parse(text.read_text(encoding="utf-8"), "built-in " + BUILTIN)


def goal(goal_id: str) -> Goal:
    """The goal with this id; ``KeyError`` if there is none."""
    return builtin()[goal_id]


def goal_name(goal_id: str) -> str:
    return goal(goal_id).name


def pool(level: str) -> list[Goal]:
    """The tiles of an expansion level, in file order (empty for the base game)."""
    if level not in LEVEL_SETS:
        raise ValueError(f"unknown expansion level {level!r} ({', '.join(LEVEL_SETS)})")
    sets = LEVEL_SETS[level]
    return [g for g in builtin().values() if g.set in sets]


# --- setup -----------------------------------------------------------------------------------


def goals_on(options: Mapping[str, Any]) -> bool:
    """Whether a game with these options plays with goals: asked for, and not the base game
    (goals come with The Gathering Storm)."""
    return bool(options.get("goals")) and options.get("expansion", "base") != "base"


def draw_goals(rng: Rng, level: str) -> list[str]:
    """4 "First" and 2 "Most" goals of the level drawn at random, First goals first."""
    drawn: list[str] = []
    for kind, wanted in ((GoalKind.FIRST, FIRST_GOALS), (GoalKind.MOST, MOST_GOALS)):
        tiles = [g.id for g in pool(level) if g.kind is kind]
        rng.shuffle(tiles)
        drawn += tiles[:wanted]
    return drawn


def deal_goals(g: RaceBase) -> None:
    """Setup (§B5): the game's goals, face up; none without the ``goals`` option or at base."""
    put_in_play(g, [])
    if goals_on(g.options):
        put_in_play(g, draw_goals(g.rng, g.options["expansion"]))


def put_in_play(g: RaceBase, goal_ids: list[str]) -> None:
    """These goals lie face up, nobody has claimed any (setup; tests and scenarios name them)."""
    unknown = [goal_id for goal_id in goal_ids if goal_id not in builtin()]
    if unknown:
        raise ValueError(f"unknown goals {unknown}")
    g.goals = list(goal_ids)
    g.goal_claims = {goal_id: [] for goal_id in goal_ids}
    g.hand_limit_discarders = []
    if goal_ids:
        g.record("goals", None, tuple(goal_ids))


def check_saved(g: RaceBase) -> None:
    """``ValueError`` unless the goals of a loaded save are goals, each with its claims."""
    unknown = sorted(set(g.goals) - set(builtin()))
    if unknown:
        raise ValueError(f"save refers to unknown goals {unknown}")
    if set(g.goal_claims) != set(g.goals):
        raise ValueError("damaged Race for the Galaxy save: goal claims do not match the goals")
    seats = range(len(g.players))
    claims = [seat for seated in g.goal_claims.values() for seat in seated]
    if any(seat not in seats for seat in claims + g.hand_limit_discarders):
        raise ValueError("damaged Race for the Galaxy save: a goal names no player's seat")


# --- counting --------------------------------------------------------------------------------


def player_count(g: RaceBase, item: Goal, seat: int) -> int:
    """``seat``'s count toward one goal, now."""
    p = g.players[seat]
    counts = item.counts
    if counts is GoalCount.VP_CHIPS:
        return p.vp
    if counts is GoalCount.GOODS:
        return len(p.goods)
    if counts is GoalCount.TABLEAU_CARDS:
        return len(p.tableau)
    if counts is GoalCount.HAND_LIMIT_DISCARD:
        return int(seat in g.hand_limit_discarders)
    if counts is GoalCount.TOTAL_MILITARY:
        return total_military(g.cards, p.tableau)
    placed = [g.cards[card_id] for card_id in p.tableau]
    if counts is GoalCount.WORLD_KINDS:
        return len({c.goods for c in placed if c.is_world and c.goods is not None})
    if counts is GoalCount.POWER_PHASES:
        return len({power.phase for c in placed for power in c.powers})
    if counts is GoalCount.KEYWORD_CARDS:
        return sum(1 for c in placed if item.keyword in c.keywords)
    if counts is GoalCount.VARIABLE_SIX_COST:
        return sum(1 for c in placed if c.is_development and c.cost == 6 and c.variable_vp)
    if counts is GoalCount.NOVELTY_RARE_WORLDS:
        return sum(1 for c in placed if c.is_world and c.goods in _NOVELTY_RARE)
    if counts is GoalCount.DEVELOPMENTS:
        return sum(1 for c in placed if c.is_development)
    if counts is GoalCount.PRODUCTION_WORLDS:
        return sum(1 for c in placed if c.is_world and c.goods_mode is GoodsMode.PRODUCTION)
    if counts is GoalCount.EXPLORE_POWER_CARDS:
        return sum(1 for c in placed if c.has_power_in(Phase.EXPLORE))
    assert counts is GoalCount.REBEL_MILITARY_WORLDS
    return sum(1 for c in placed if c.is_world and c.military and Keyword.REBEL in c.keywords)


_NOVELTY_RARE = (GoodKind.NOVELTY, GoodKind.RARE)


def goal_progress(g: RaceBase, goal_id: str) -> list[int]:
    """Each seat's current count toward a goal (for the interface and the bots)."""
    item = goal(goal_id)
    return [player_count(g, item, seat) for seat in range(len(g.players))]


def claimed_by(g: RaceBase, goal_id: str) -> list[int]:
    """The seats that claimed a "First" goal, or the holder of a "Most" goal (empty: none)."""
    return list(g.goal_claims.get(goal_id, []))


# --- checks ----------------------------------------------------------------------------------


def note_hand_limit(g: RaceBase, seat: int) -> None:
    """``seat`` discarded for the hand limit at this round's end (for Budget Surplus)."""
    if g.goals and seat not in g.hand_limit_discarders:
        g.hand_limit_discarders.append(seat)


def check_goals(g: RaceBase, round_end: bool = False) -> None:
    """Award and move goals (at the end of a phase, or of the round with ``round_end``)."""
    for goal_id in g.goals:
        item = goal(goal_id)
        if item.kind is GoalKind.FIRST:
            _check_first(g, item)
        else:
            _check_most(g, item)
    if round_end:
        g.hand_limit_discarders = []


def _check_first(g: RaceBase, item: Goal) -> None:
    """Everyone meeting a goal nobody has claimed claims it now; then it is gone."""
    if g.goal_claims[item.id]:
        return
    progress = goal_progress(g, item.id)
    claimants = [seat for seat in g.order if progress[seat] >= item.threshold]
    g.goal_claims[item.id] = sorted(claimants)
    for seat in claimants:
        g.record("goal_claim", seat, (item.id,), (item.vp,))


def _check_most(g: RaceBase, item: Goal) -> None:
    """The holder loses the tile below the minimum or when strictly exceeded; the one player
    strictly ahead of everyone (at the minimum or more) takes it."""
    progress = goal_progress(g, item.id)
    best = max(progress)
    holders = g.goal_claims[item.id]
    for seat in holders:
        if progress[seat] < item.minimum or progress[seat] < best:
            g.goal_claims[item.id] = []
            g.record("goal_loss", seat, (item.id,))
    leaders = [seat for seat, n in enumerate(progress) if n == best]
    if best >= item.minimum and len(leaders) == 1 and not g.goal_claims[item.id]:
        g.goal_claims[item.id] = leaders
        g.record("goal_claim", leaders[0], (item.id,), (item.vp,))


# --- scoring ---------------------------------------------------------------------------------


def goal_vp(g: RaceBase) -> list[int]:
    """Each seat's goal VP if the game ended now (see the module docstring for ties)."""
    vp = [0] * len(g.players)
    for goal_id in g.goals:
        item = goal(goal_id)
        claims = g.goal_claims[goal_id]
        for seat in claims:
            vp[seat] += item.vp
        if item.kind is GoalKind.MOST:
            progress = goal_progress(g, goal_id)
            best = max(progress)
            if best >= item.minimum:
                for seat, n in enumerate(progress):
                    if n == best and seat not in claims:
                        vp[seat] += TIED_VP
    return vp
