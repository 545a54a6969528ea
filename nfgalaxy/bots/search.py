"""The search bot: information-set Monte Carlo tree search over the protocol, for every game.

Each iteration samples one world the bot's seat cannot tell from the real one
(``view(seat, rng, quiet=True)``: hidden cards, bag order, others' unrevealed choices re-dealt),
so the bot only ever uses what its seat may see. Down that world it walks a tree of its own
decisions (single-observer ISMCTS, Cowling, Powley and Whitehouse 2012): a decision offered in
some worlds and not in others is judged by how often it was available (its *availability*
count), not by its parent's visits. The tree is open loop: a node is a sequence of the bot's
decisions, and what others decide and draw in between differs from world to world, so the
values average over chance and over what is hidden.

Only the bot's own decisions are branches. Everyone else, and the bot itself past the tree,
plays by the policy: the game's planner where it has one, else the greedy bot's judgement one
step on. Others' choices are thus never a branch the bot could act on, which is what keeps a
simultaneous secret choice (an action card, a dice assignment) hidden: in each world the other
seat's choice is the policy's, made on that world, and the bot's next decision is chosen
across all the worlds at once. It also models an opponent as a sensible player rather than the
uniform one of plain MCTS, which in these games is a poor guide to what a real player does.

Past the tree the policy plays to the end of the round (``rounds``, or ``model_rounds`` where a
win model judges, and the game's ``Heuristic.extra_rounds`` more; at most ``playout`` decisions a
round), and then the game's greedy heuristic judges the position (a cut-off evaluation): a
whole random playout is both slow and a poor model, and the heuristic already knows what a
position is worth. Where the game has a
fitted win model (``nfgalaxy.core.win_model``), the reward is the seat's chance to win as the
model puts it; else the seats' heuristic values become rewards in 0..1 by the margin over the
best other seat, through a logistic curve. Either way the statistics read as win estimates; a
finished world gives the real result (a shared win splits the point).

The root's decisions race by sequential halving (see ``SearchBot.analyse``) on shared worlds;
only the ``width`` best by the greedy bot's own judgement enter (a prior where decisions are
many, such as Roll's dice or Race's payments), and deeper nodes widen progressively, opening a
new branch only as their visits grow, the policy's choice first.

Budgets are iterations (deterministic for a bot seed) with a wall-time cap; ``LEVELS`` names
them. A level may stop its race sooner once it is settled: when no decision still racing can
be much better than the leader (``_settled``). ``analyse`` returns the root's statistics,
which the hint and the end-of-game analysis read.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, fields, replace

from nfgalaxy.bots.greedy import value_after
from nfgalaxy.core.decision import Decision
from nfgalaxy.core.descriptor import Heuristic
from nfgalaxy.core.protocol import GameState
from nfgalaxy.core.registry import descriptor
from nfgalaxy.core.rng import Rng
from nfgalaxy.core.win_model import Features, WinModel
from nfgalaxy.core.win_model import load as load_win_model


@dataclass(frozen=True)
class SearchLevel:
    """A search budget: ``iterations`` worlds sampled per decision, stopped early at
    ``seconds`` of wall time; the other fields shape the search (see the module docstring)."""

    name: str
    iterations: int
    seconds: float
    #: Past the tree, the policy plays until ``rounds`` rounds have ended (the one the tree
    #: ended in counts, and the game's ``extra_rounds`` more) or ``playout`` decisions for
    #: each of those rounds were played, whichever comes first. The cap only guards against a
    #: round that will not end: a round of the game with the longest rounds takes 20 decisions
    #: at 4 players (30 at most), and a cap of 40 in all cut its second round short (``hard``
    #: against three greedy bots won 46 of 80 games so, 50.5 of the same 80 with the whole
    #: round; issue 15's closing notes have the figures).
    rounds: int = 1
    #: ``rounds`` where the game's fitted win model judges the position (None: ``rounds``).
    #: A longer horizon makes up for a weak judgement at its end, at the price of the
    #: policy's noise over the extra round; a fitted model judges where it was fitted, at the
    #: start of a round, and there the longer horizon measured no better (see ``LEVELS``).
    model_rounds: int | None = None
    playout: int = 40
    #: Decisions the policy looks ahead (its own follow-ups), as the greedy bot's lookahead:
    #: at 2 the opponents it models choose an action with what it leads to in mind, and the
    #: search won more often against greedy bots (the closing notes of issue 15 give figures).
    policy_depth: int = 2
    #: The root's best decisions by the heuristic that enter the race.
    width: int = 8
    exploration: float = 0.7
    #: How many branches a node may open: ``widen * visits ** 0.5`` (at least 2).
    widen: float = 1.5
    #: Stop the race early once no decision still in it can be better than the leader by
    #: more than this (in win-estimate points, with ``settle_z`` standard errors of their
    #: difference over the worlds both were played in); 0 never stops. Most decisions are
    #: clear, or near-ties that cost nothing to get wrong (which cards pay for a world):
    #: thinking to the cap on those only makes the player wait. See ``_settled``.
    settle_margin: float = 0.0
    settle_z: float = 2.0
    #: Worlds each racing decision is played in before the race may be stopped.
    settle_after: int = 8
    #: Judge by the game's detailed win model where it has one (``Heuristic.
    #: detailed_win_features``), else by its compact one.
    detailed: bool = False


#: The levels by name. An iteration costs about 3-4 ms on the quicker games and 6 ms on those
#: with long rounds (this 2-core machine, the policy looking two decisions ahead), so the
#: iteration budgets are what one of the quicker games does within the cap: there the search
#: is the same for the same seed, and elsewhere the cap ends it. The caps sit below the
#: targets for the 95th percentile of think time (0.25 s and 1 s), which the root's ranking
#: and the last world's playout may overrun a little. ``expert`` samples four times as many
#: worlds as ``hard`` and plays each to the end of the round after the tree's (``rounds=2``):
#: with the horizon of ``hard`` its extra worlds only sharpened the same judgement of the
#: position (one of the quicker games, 2 players: 3 of 10 games won against ``hard``); with
#: the longer one it won 4 of 6 (uncapped; a first measurement) and 7 of 14 at its cap.
#: Playing every world to the end of the game by the policy instead won 2 of 10 (the same
#: game, 2 players, seed 21): the policy's whole game judges a decision worse than the
#: heuristic at the horizon. The longer playouts cost about twice as much, hence its cap of 6 s.
#:
#: ``expert`` stops its race once it is settled (``settle_margin``): at its cap a player waited
#: 6 s for each card of a payment, and a 2-player game of the game with the most decisions
#: (about 190 a player) took over 13 minutes. How much settling saves was measured on ``hard``'s
#: budget over 30 positions of each of three games (4 players, from greedy games): the mean
#: think time fell from 0.53, 0.82 and 0.81 s to 0.13, 0.43 and 0.27 s at a margin of 0.02, 4 to
#: 9 choices of 30 changed, each within 0.07 of the one it replaced as a search of 960 worlds
#: judged them, better about as often as worse. ``hard`` keeps its whole race: its win rates
#: against the greedy bots were measured without settling. Settling, 2 players against
#: ``hard``: 48 of 80 games won in one of the quicker games (two runs of 40, seeds 61 and 101:
#: 23 and 25; median think time 1.0-1.1 s against 5.9 s before; the whole race had won 21 of
#: 33) and 17 of 20 in the game with the most decisions (median 0.9 s, p95 3.7 s; about 5
#: minutes a game).
#:
#: Where a fitted win model judges (``model_rounds``), ``expert`` stops where ``hard`` does:
#: in the game with the most decisions, 2 players against ``hard`` (both judged by the
#: model), the longer horizon won 6.5 of 17 games (median think 1.2-1.5 s) and ``hard``'s
#: horizon 23.5 of 48 (seeds 1 and 41, 24 games each; median 0.65 s). Settling later and
#: more tightly there (margin 0.01 after 32 worlds) won 13 of 25 (seeds 81 and 121) at a
#: median of 1.5 s. So with a judgement that good, four times the worlds of ``hard`` and
#: its own horizon make ``expert`` no stronger than ``hard`` there: an even match.
#:
#: What gave ``expert`` an edge there was a better judgement of its own: the game's detailed
#: win model (``detailed``: a weight for each card placed and held beside the compact model's
#: counts), which predicts the winners of held-out greedy games better (log-loss 0.475
#: against 0.497 for the counts alone, both fitted on the same 10,000 games; the shipped fit,
#: on other seeds, 0.478). Judged by it, ``expert`` won 18.5 of 32 games against ``hard`` (2
#: players, seeds 301 and 341, with weights fitted outside the tree on those 10,000 games;
#: median think 1.4 s, p95 5.5-5.7 s), and 9.5 of 16 with the shipped weights (seeds 381 and
#: 421; median 1.2-1.5 s, p95 4.7-4.9 s): 28 of 48 in all (58.3%, interval 44.3-71.2%),
#: the first edge over ``hard`` any change gave it there. The model then learnt how its
#: counts work together (their products two by two, as they are and times the game left) and
#: what a card held is worth as the game goes on: refitted on 22,000 games, held-out log-loss
#: 0.460 against 0.478, the favourite winning 76.4% of positions against 75.0%. Judged by it,
#: ``expert`` won 17 of 28 (60.7%, interval 42.4-76.4%; seeds 541 and 581, 14 games each: 7
#: and 10; median think 1.3-1.5 s, p95 6.0 s), and on fresh deals 23 of 40 (seeds 621 and
#: 661, 20 games each: 13 and 10; median 1.1-1.5 s, p95 5.7-5.9 s), and 26 of 40 more (seeds
#: 701, 741 and 781: 12 of 20, 6 of 10 and 8 of 10; median 1.2-1.4 s, p95 5.4-5.9 s): 66 of
#: 108 in all (61.1%, interval 51.7-69.8%). Screened outside the tree on the same games,
#: more games would hardly sharpen that model (fitted on a quarter, a half and all of the
#: 16,500 training games, its held-out log-loss was 0.470, 0.464 and 0.459, the training loss
#: 0.456 at the last), nor would a non-linear judge of the kind tried (the same features, and
#: a hidden layer of 16 on the counts, 8 passes of Adam: 0.4625 at best).
#: ``hard`` keeps the compact model,
#: with which its figures against the greedy bots were measured: the levels differ in
#: judgement as well as in worlds.
#:
#: In the slowest game (2 players, a round being both players' whole turns, 10 to 20
#: decisions), ``expert`` won only 2 of 9 games against ``hard`` (deal seeds 901, 921, 1001
#: and 1101; interval 6.3-54.7%). There its second round doubles a world's cost (about 30 ms
#: against 15) and adds a round of the policy's moves to the noise, the game has no fitted
#: model to judge by, and settling stopped it on fewer worlds than ``hard`` plays in 3 of 10
#: positions measured: ``hard`` with a noisier judgement. ``--bots expert:rounds=1,hard``
#: measures ``hard``'s horizon for it; a fitted win model, as in the game above, is the
#: likelier remedy.
LEVELS: dict[str, SearchLevel] = {
    level.name: level
    for level in (
        SearchLevel("normal", iterations=40, seconds=0.2, width=4),
        SearchLevel("hard", iterations=160, seconds=0.85),
        SearchLevel(
            "expert",
            iterations=640,
            seconds=6.0,
            rounds=2,
            model_rounds=1,
            settle_margin=0.02,
            settle_after=16,
            detailed=True,
        ),
    )
}


#: Separates a level from its changes in a variant's name, and the changes from each other.
VARIANT, CHANGE = ":", "+"


def level_variant(spec: str) -> SearchLevel:
    """A level with some fields changed, for measuring a change before it ships:
    ``"expert:rounds=1+settle_margin=0.0"`` is ``expert`` with those two fields, named by the
    whole spec (so a tournament's report says which variant played). ``ValueError`` names
    an unknown level or field, or a value of the wrong kind."""
    base_name, _, changes = spec.partition(VARIANT)
    if base_name not in LEVELS:
        raise ValueError(f"{base_name!r} is no search level (levels: {', '.join(LEVELS)})")
    base = LEVELS[base_name]
    kinds = {f.name: str(f.type) for f in fields(SearchLevel) if f.name != "name"}
    values: dict[str, object] = {}
    for change in filter(None, changes.split(CHANGE)):
        key, sign, text = change.partition("=")
        if not sign or key not in kinds:
            raise ValueError(
                f"{change!r} in {spec!r}: write FIELD=VALUE, FIELD one of {', '.join(kinds)}"
            )
        values[key] = _field_value(key, kinds[key], text.strip())
    if not values:
        raise ValueError(f"{spec!r} changes nothing: {base_name}:FIELD=VALUE[+FIELD=VALUE...]")
    return replace(base, name=spec, **values)


def _field_value(key: str, kind: str, text: str) -> object:
    """``text`` as a value of a field annotated ``kind`` ("int", "float | None", "bool"...)."""
    if text.lower() == "none" and "None" in kind:
        return None
    try:
        if "bool" in kind and text.lower() in ("true", "false"):
            return text.lower() == "true"
        if "int" in kind and "bool" not in kind:
            return int(text)
        if "float" in kind:
            return float(text)
    except ValueError:
        pass
    raise ValueError(f"{key}={text!r}: not a value for {key} ({kind})")


@dataclass
class Estimate:
    """What the search thinks of one decision at the root: its estimated chance to win for the
    bot's seat (mean reward) and the worlds that went through it."""

    decision: Decision
    value: float
    visits: int


class _Edge:
    """A decision out of a node: who made it, how often it was tried and available, the reward
    collected for the seat who made it, and the node it leads to."""

    __slots__ = ("available", "child", "reward", "seat", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        self.child: dict[Decision, _Edge] = {}

    def mean(self) -> float:
        """The reward per visit (0 before any)."""
        return self.reward / self.visits if self.visits else 0.0


def _logistic(x: float) -> float:
    if x < -40:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


class SearchBot:
    """ISMCTS with a heuristic cut-off and sequential halving at the root (see above)."""

    #: Thinks for up to its time cap: the app runs it in a process of its own.
    thinks_long = True

    def __init__(self, seed: int = 0, level: SearchLevel | str = "normal") -> None:
        self.level = LEVELS[level] if isinstance(level, str) else level
        self.name = self.level.name
        self.rng = Rng(seed ^ 0x5EA7C4)
        self.think_seconds: list[float] = []
        #: Iterations of the last search (fewer than the budget when the time cap struck, or
        #: when the race was settled early) and whether it was settled early.
        self.last_iterations = 0
        self.last_settled = False
        self._seats = 0  # the players of the game being searched
        self._model: WinModel | None = None  # the game's win model, where it has one
        self._rounds = self.level.rounds  # rounds played past the tree (``model_rounds``)

    # ------------------------------------------------------------------ the protocol

    def choose(self, state: GameState) -> Decision:
        started = time.perf_counter()
        options = state.legal_decisions()
        if len(options) == 1:
            self.think_seconds.append(time.perf_counter() - started)
            return options[0]
        estimates = self.analyse(state)
        self.think_seconds.append(time.perf_counter() - started)
        return estimates[0].decision

    def analyse(
        self,
        state: GameState,
        progress: Callable[[int, int], None] | None = None,
        keep: Decision | None = None,
    ) -> list[Estimate]:
        """Search from ``state`` for its seat to move: an estimate for each legal decision,
        best first (one that never entered the race is valued 0). ``progress(done, budget)``
        is told after every batch of worlds. ``keep`` (a decision a player made, under review)
        races to the end whatever its value, so it is judged on as many worlds as the best.

        The root's decisions race by sequential halving (Karnin, Koren and Somekh 2013): each
        stage plays every decision still in the race in the same batch of sampled worlds, with
        the same draws for the policy, then drops the worse half. Comparing decisions on the
        same worlds takes out most of the luck of the draw, which otherwise drowns the
        difference between two sensible decisions in a few hundred samples."""
        seat = state.to_move()
        if seat is None:
            raise ValueError("the game is over: nobody decides")
        rules = descriptor(state.game_id).heuristics()
        self._seats = len(state.scores())  # read once: scoring is no part of the hot path
        level = self.level
        self._model = _win_model(rules, state, self._seats, level.detailed)
        self._rounds = (
            level.model_rounds
            if self._model is not None and level.model_rounds is not None
            else level.rounds
        )
        deadline = time.perf_counter() + level.seconds
        root, planned = self._root(state, seat, rules)
        edge = rules.plan_edge

        def standing(decision: Decision) -> float:
            # The planner's own choice wins a near tie (see ``Heuristic.plan_edge``).
            return root[decision].mean() + (edge if decision == planned else 0.0)

        racing = list(root)[: level.width]
        if keep is not None and keep in root and keep not in racing:
            racing.append(keep)
        out: dict[Decision, int] = {d: -1 for d in root if d not in racing}  # the stage a
        # decision dropped out of the race; -1: never raced
        stages = max(1, math.ceil(math.log2(len(racing))))
        #: Each racing decision's reward in each world, in the order the worlds were played:
        #: every decision still racing was played in the same worlds (see ``_settled``).
        rewards: dict[Decision, list[float]] = {d: [] for d in racing}
        settled = False
        settling = level.settle_margin > 0 and keep is None
        done = 0
        started = time.perf_counter()
        for stage in range(stages):
            if len(racing) == 1:
                break
            worlds = self._worlds(
                level.iterations - done, stages - stage, len(racing), done, started, deadline
            )
            late = False
            played = 0
            while played < worlds:
                if stage == 0 and played == 1:  # the first worlds set the pace: re-plan
                    worlds = self._worlds(
                        level.iterations, stages, len(racing), done, started, deadline, done
                    )
                played += 1
                world_seed = self.rng.next64()
                for decision in racing:
                    world = state.view(seat, Rng(world_seed), quiet=True)
                    rewards[decision].append(
                        self._iterate(world, seat, rules, decision, root[decision], world_seed)
                    )
                    done += 1
                    late = time.perf_counter() > deadline
                    if late:
                        break
                if progress is not None:
                    progress(done, level.iterations)
                if late:
                    break
                if settling and _settled(racing, rewards, level):
                    late = settled = True
                    break
            racing.sort(key=lambda d: (d != keep, -standing(d)))
            stay = max(1, math.ceil(len(racing) / 2)) + (keep in racing)
            for decision in racing[stay:]:
                out[decision] = stage
            racing = racing[:stay]
            if late:
                break
        self.last_iterations = done
        self.last_settled = settled
        estimates = [Estimate(d, root[d].mean(), root[d].visits) for d in root]
        # The finalists' best first (a kept decision or the time cap can leave several), then
        # by how long a decision stayed in the race and its value.
        for decision in sorted(racing, key=lambda d: -standing(d))[1:]:
            out[decision] = stages - 1
        estimates.sort(key=lambda e: (-out.get(e.decision, stages), -e.value))
        return estimates

    @staticmethod
    def _worlds(
        budget: int,
        stages: int,
        racing: int,
        done: int,
        started: float,
        deadline: float,
        spent: int = 0,
    ) -> int:
        """Worlds per decision for the next stage of the race: this stage's share of the
        iterations left, and where the time cap will strike first (the pace of the worlds so
        far says how many more fit), that share of what fits. So a game whose worlds are slow
        still halves its way to the end of the race within the cap, instead of spending all of
        it on a first stage of a few worlds for every decision. ``spent``: iterations of
        ``budget`` already played (counted in it when re-planning a stage under way)."""
        now = time.perf_counter()
        if done:
            fits = int((deadline - now) / ((now - started) / done))
            budget = min(budget, spent + fits)
        return max(2, budget // (stages * racing))

    # ------------------------------------------------------------------ the search

    def _root(
        self, state: GameState, seat: int, rules: Heuristic
    ) -> tuple[dict[Decision, _Edge], Decision | None]:
        """The root's decisions, best first as the greedy bot judges them (its plan first,
        then the value after each decision and its own follow-ups), in a world sampled for
        the purpose: a race of one is the greedy bot's choice. Also the plan's decision
        (None if the game's planner makes none here)."""
        world = state.view(seat, self.rng, quiet=True)
        options = world.legal_decisions()
        planned = rules.plan(world, seat, options) if rules.plan is not None else None
        ranked: list[tuple[float, int, Decision]] = []
        for index, decision in enumerate(options):
            if decision == planned:
                value = math.inf
            else:
                value = value_after(world, decision, seat, rules, rules.lookahead)
            ranked.append((value, index, decision))
        ranked.sort(key=lambda item: (-item[0], item[1]))
        return {decision: _Edge(seat) for _value, _index, decision in ranked}, planned

    def _iterate(
        self,
        world: GameState,
        seat: int,
        rules: Heuristic,
        first: Decision,
        edge: _Edge,
        world_seed: int,
    ) -> float:
        """One world: ``first``, then the seat's own decisions down its tree (one new branch
        at most), everyone else's and everything after the new branch by the policy, until
        the round after the tree's end is over or ``playout`` decisions were played past
        the tree for each round to play; then judged: the seat's reward, also returned."""
        rng = Rng(world_seed ^ 0x9E11C7)  # the same policy draws for every root decision
        world.apply(first)
        path = [edge]
        tree = edge.visits > 0
        level = self.level
        beyond = 0
        leaf_round = world.round
        rounds = self._rounds + rules.extra_rounds
        cap = level.playout * rounds
        while not world.is_over():
            mover = world.to_move()
            assert mover is not None
            if not tree:
                if beyond >= cap or world.round > leaf_round + rounds - 1:
                    break
                beyond += 1
                world.apply(self._policy(world, rules, mover, rng))
                continue
            if mover != seat:
                world.apply(self._policy(world, rules, mover, rng))
                continue
            options = world.legal_decisions()
            if len(options) == 1:  # forced: not a branch
                world.apply(options[0])
                continue
            parent = edge
            if not parent.child:  # the first branch is the one the policy would take
                decision = self._policy(world, rules, mover, rng)
                edge = None
            else:
                edge, decision = self._select(parent.child, options, parent.visits, rng)
            if edge is None:  # a new branch: open it, then play on by the policy
                edge = parent.child[decision] = _Edge(seat)
                edge.available = 1
            tree = edge.visits > 0
            if not tree:
                leaf_round = world.round
            world.apply(decision)
            path.append(edge)
        reward = self._judge(world, rules, seat)
        for edge in path:
            edge.visits += 1
            edge.reward += reward
        return reward

    def _policy(self, world: GameState, rules: Heuristic, mover: int, rng: Rng) -> Decision:
        """How everyone plays outside the tree: the game's planner where it has a plan, else
        the decision the heuristic values best one step on (among a sample where there are
        many), so an opponent is modelled as a sensible player, not a random one."""
        options = world.legal_decisions()
        if len(options) == 1:
            return options[0]
        if rules.plan is not None:
            planned = rules.plan(world, mover, options)
            if planned is not None:
                return planned
        if len(options) > POLICY_WIDTH:
            options = [options[rng.below(len(options))] for _ in range(POLICY_WIDTH)]
        best, best_value = options[0], -math.inf
        for decision in options:
            value = value_after(world, decision, mover, rules, self.level.policy_depth)
            if value > best_value:
                best, best_value = decision, value
        return best

    def _select(
        self, children: dict[Decision, _Edge], options: list[Decision], visits: int, rng: Rng
    ) -> tuple[_Edge | None, Decision]:
        """The branch to follow among ``options`` (those available in this world): a new one
        while the node may still widen, else the best by UCB on availability."""
        level = self.level
        known: list[tuple[_Edge, Decision]] = []
        fresh: list[Decision] = []
        for decision in options:
            edge = children.get(decision)
            if edge is None:
                fresh.append(decision)
            else:
                edge.available += 1
                known.append((edge, decision))
        opened = [(e, d) for e, d in known if e.visits]
        widening = len(opened) < max(2.0, level.widen * math.sqrt(visits + 1)) or not opened
        if widening and fresh:
            return None, fresh[rng.below(len(fresh))]
        best: tuple[_Edge, Decision] | None = None
        best_score = -math.inf
        c = level.exploration
        for edge, decision in opened:
            score = edge.reward / edge.visits + c * math.sqrt(
                math.log(edge.available) / edge.visits
            )
            if score > best_score:
                best, best_score = (edge, decision), score
        assert best is not None
        return best

    def _judge(self, world: GameState, rules: Heuristic, seat: int) -> float:
        """``seat``'s reward in 0..1: its share of the result if the game is over, else its
        chance to win by the game's win model where it has one, else the heuristic's margin
        over the best other seat through a logistic curve (``margin``)."""
        if world.is_over():
            winners = world.winners()
            return 1.0 / len(winners) if seat in winners else 0.0
        seats = self._seats
        if self._model is not None:
            return self._model.chances(world, seats)[seat]
        return margin_reward([rules.value(world, s) for s in range(seats)], seat, rules.margin)


def margin_reward(values: list[float], seat: int, margin: float) -> float:
    """A seat's reward without a win model: its lead in ``values`` over the best other seat
    through a logistic curve of width ``margin``."""
    best_other = max(v for s, v in enumerate(values) if s != seat)
    return _logistic((values[seat] - best_other) / margin)


def _win_model(
    rules: Heuristic, state: GameState, seats: int, detailed: bool = False
) -> WinModel | None:
    """The game's fitted win model, if it has one that knows games set up like ``state``:
    with ``detailed`` its detailed one where that is fitted for ``seats`` players and
    applies, else its compact one."""
    if detailed and rules.detailed_win_features is not None:
        model = _fitted(rules.detailed_win_features(), state)
        if model is not None and seats in model.weights:
            return model
    if rules.win_features is None:
        return None
    return _fitted(rules.win_features(), state)


def _fitted(features: Features, state: GameState) -> WinModel | None:
    """The weights fitted for ``features``, if any and the model knows games like ``state``."""
    return load_win_model(features) if features.applies(state) else None


#: Outside the tree a decision among more options than this is made among this many drawn.
POLICY_WIDTH = 10


def _settled(
    racing: list[Decision], rewards: dict[Decision, list[float]], level: SearchLevel
) -> bool:
    """Whether the race can stop now: the leader (best mean reward) is, for every other
    decision racing, at most ``level.settle_margin`` worse with confidence ``settle_z``.

    The decisions racing were played in the same worlds with the same draws for the policy, so
    each pair is compared world by world: the spread of those differences is what the luck of
    the draw leaves after the shared part cancels, far less than the spread of each reward.
    A clearly better leader passes (its lower bound is above 0), and so does a near-tie whose
    differences are all small (the bound is close to 0 on both sides): either way, playing on
    could change the choice by no more than the margin."""
    n = len(rewards[racing[0]])
    if n < level.settle_after:
        return False
    leader = max(racing, key=lambda d: sum(rewards[d]))
    best = rewards[leader]
    for decision in racing:
        if decision is leader:
            continue
        diffs = [a - b for a, b in zip(best, rewards[decision], strict=True)]
        mean = sum(diffs) / n
        spread = math.sqrt(sum((x - mean) ** 2 for x in diffs) / (n - 1))
        if mean - level.settle_z * spread / math.sqrt(n) <= -level.settle_margin:
            return False
    return True
