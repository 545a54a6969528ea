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
uniform one of plain MCTS, which in these games is a poor guide to what a real player does. A
level that models the others (``SearchLevel.modelled``) draws their secret choices from the
game's fitted choice model instead (``nfgalaxy.bots.choice_model``), and so redraws those the
view re-dealt at random.

Past the tree the policy plays to the end of the round (``rounds``, or ``model_rounds`` where a
win model judges, and the game's ``Heuristic.extra_rounds`` more; at most ``playout`` decisions a
round), or in a game of whole turns to the end of the seat's own turns (``SearchLevel.turns``), and
then the game's greedy heuristic judges the position (a cut-off evaluation): a
whole random playout is both slow and a poor model, and the heuristic already knows what a
position is worth. Where the game has a
fitted win model (``nfgalaxy.core.win_model``), or a level judges by a learned value
(``SearchLevel.learned``, ``nfgalaxy.bots.value_net``) where one ships for the setup, the
reward is the seat's chance to win as the model puts it; else the seats' heuristic values
become rewards in 0..1 by the margin over the best other seat, through a logistic curve.
Either way the statistics read as win estimates; a
finished world gives the real result (a shared win splits the point).

The root's decisions race by sequential halving (see ``SearchBot.analyse``) on shared worlds;
only the ``width`` best by the greedy bot's own judgement enter (a prior where decisions are
many, such as Roll's dice or Race's payments), and deeper nodes widen progressively, opening a
new branch only as their visits grow, the policy's choice first.

Budgets are iterations (deterministic for a bot seed) with a wall-time cap, or without the cap
(``timed=False``, the online tables' bots: the same decision on any machine);
``nfgalaxy.bots.levels.LEVELS`` names them, and a game may reshape a level for itself
(``Heuristic.levels``). A level may stop its race sooner once it is
settled: when no decision still racing can be much better than the leader (``_settled``).
``analyse`` returns the root's statistics, which the hint and the end-of-game analysis read.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from nfgalaxy.bots.greedy import value_after
from nfgalaxy.bots.levels import LEVELS, SearchLevel, for_game
from nfgalaxy.core.choice_model import ChoiceFeatures
from nfgalaxy.core.decision import Decision
from nfgalaxy.core.descriptor import Heuristic
from nfgalaxy.core.protocol import GameState
from nfgalaxy.core.registry import descriptor
from nfgalaxy.core.rng import Rng
from nfgalaxy.core.win_model import Features, WinModel
from nfgalaxy.core.win_model import load as load_win_model


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

    def __init__(
        self, seed: int = 0, level: SearchLevel | str = "normal", timed: bool = True
    ) -> None:
        self.level = LEVELS[level] if isinstance(level, str) else level
        #: False: the level's iterations only, without its wall-time cap, so the decision
        #: depends on the seed and the position alone and any machine makes the same one
        #: (the server's bots at online tables, which several front ends may run).
        self.timed = timed
        self.name = self.level.name
        self.rng = Rng(seed ^ 0x5EA7C4)
        self.think_seconds: list[float] = []
        #: Iterations of the last search (fewer than the budget when the time cap struck, or
        #: when the race was settled early) and whether it was settled early.
        self.last_iterations = 0
        self.last_settled = False
        self._seats = 0  # the players of the game being searched
        #: What judges at the horizon where the game has one: its learned value or win model.
        self._model: Judge | None = None
        self._rounds = self.level.rounds  # rounds played past the tree (``model_rounds``)
        #: The others' choice model where the level models them and the game ships one.
        self._choices: ChoiceSampler | None = None
        #: How the game makes the others' re-dealt choices again, where the level makes them
        #: again (by the choice model or the planner, see ``_choose_again``).
        self._again: ChoiceFeatures | None = None
        self._seat = 0  # the seat searching
        self._level = self.level  # the level as the game being searched plays it

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
        level = self._level = for_game(self.level, rules.levels)
        self._model = judge_for(level, rules, state, self._seats)
        self._choices = _choice_model(rules, state, self._seats) if level.modelled else None
        self._again = None
        if self._choices is not None:
            self._again = self._choices.features
        elif level.policy_again and rules.choice_features is not None:
            self._again = rules.choice_features()
        self._seat = seat
        self._rounds = (
            level.model_rounds
            if self._model is not None and level.model_rounds is not None
            else level.rounds
        )
        deadline = time.perf_counter() + level.seconds if self.timed else math.inf
        root, planned = self._root(state, seat, rules)
        edge = rules.plan_edge if level.plan_edge is None else level.plan_edge

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
                    if self._again is not None:
                        self._choose_again(world, seat, rules, world_seed)
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
                if settling and done >= level.settle_min and _settled(racing, rewards, level):
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
        if done and math.isfinite(deadline):
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
        the round after the tree's end is over (or the seat's own turns, ``SearchLevel.turns``)
        or ``playout`` decisions were played past the tree for each round to play; then
        judged: the seat's reward, also returned."""
        rng = Rng(world_seed ^ 0x9E11C7)  # the same policy draws for every root decision
        level = self._level
        turn_of = rules.turn_of if level.turns > 0 else None
        # By turns: whether the seat's turn was under way at the tree's last decision, and
        # how many of its turns are still to end before the judgement.
        in_turn = turn_of is not None and turn_of(world) == seat
        turns_left = level.turns
        world.apply(first)
        path = [edge]
        tree = edge.visits > 0
        beyond = 0
        leaf_round = world.round
        rounds = self._rounds + rules.extra_rounds
        cap = level.playout * (rounds if turn_of is None else max(rounds, level.turns))
        while not world.is_over():
            mover = world.to_move()
            assert mover is not None
            if not tree:
                if beyond >= cap:
                    break
                if turn_of is None:
                    if world.round > leaf_round + rounds - 1:
                        break
                else:
                    mine = turn_of(world) == seat
                    if in_turn and not mine:
                        turns_left -= 1
                        if not turns_left:
                            break
                    in_turn = mine
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
                in_turn = turn_of is not None and turn_of(world) == seat
            world.apply(decision)
            path.append(edge)
        reward = self._judge(world, rules, seat)
        for edge in path:
            edge.visits += 1
            edge.reward += reward
        return reward

    def _choose_again(self, world: GameState, seat: int, rules: Heuristic, world_seed: int) -> None:
        """The others' secret choices made before ``world`` and re-dealt at random by the
        view, made again the same for every root decision: drawn from the choice model where
        the level models the others, else by the game's planner (``SearchLevel.
        policy_again``); a choice neither makes keeps a random draw."""
        assert self._again is not None
        model = self._choices
        rng = Rng(world_seed ^ 0xC401CE)

        def choose(state: Any, mover: int, options: list[Decision]) -> Decision:
            if model is not None:
                chosen = model.sample(state, mover, options, rng)
            else:
                chosen = rules.plan(state, mover, options) if rules.plan is not None else None
            return chosen if chosen is not None else options[rng.below(len(options))]

        self._again.again(world, seat, choose)

    def _policy(self, world: GameState, rules: Heuristic, mover: int, rng: Rng) -> Decision:
        """How everyone plays outside the tree: the game's planner where it has a plan, else
        the decision the heuristic values best one step on (among a sample where there are
        many), so an opponent is modelled as a sensible player, not a random one. Where the
        level models the others (``SearchLevel.modelled``), their secret choices are drawn
        from the game's choice model instead."""
        options = world.legal_decisions()
        if len(options) == 1:
            return options[0]
        model = self._choices if self._level.model_in_worlds else None
        if model is not None and mover != self._seat and model.features.covers(options):
            chosen = model.sample(world, mover, options, rng)
            if chosen is not None:
                return chosen
        if rules.plan is not None:
            planned = rules.plan(world, mover, options)
            if planned is not None:
                return planned
        if len(options) > POLICY_WIDTH:
            options = [options[rng.below(len(options))] for _ in range(POLICY_WIDTH)]
        best, best_value = options[0], -math.inf
        for decision in options:
            value = value_after(world, decision, mover, rules, self._level.policy_depth)
            if value > best_value:
                best, best_value = decision, value
        return best

    def _select(
        self, children: dict[Decision, _Edge], options: list[Decision], visits: int, rng: Rng
    ) -> tuple[_Edge | None, Decision]:
        """The branch to follow among ``options`` (those available in this world): a new one
        while the node may still widen, else the best by UCB on availability."""
        level = self._level
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


class Judge(Protocol):
    """What judges a position at the horizon: each seat's chance to win, summing to 1."""

    def chances(self, state: Any, seats: int) -> list[float]: ...


def judge_for(level: SearchLevel, rules: Heuristic, state: GameState, seats: int) -> Judge | None:
    """What judges at ``level``'s horizon in ``state`` (see ``_win_model``): ``level`` as
    the game plays it (``levels.for_game``) decides between the learned value, the win model
    and the margin (None)."""
    return _win_model(rules, state, seats, level.detailed, level.learned, level.fitted)


def _win_model(
    rules: Heuristic,
    state: GameState,
    seats: int,
    detailed: bool = False,
    learned: bool = False,
    fitted: bool = True,
) -> Judge | None:
    """The game's judge of chances, if it has one that knows games set up like ``state``:
    with ``learned`` its learned value where a net ships for the setup (the detailed
    features' with ``detailed``, else the compact ones'); then, unless ``fitted`` is False,
    with ``detailed`` its detailed win model where that is fitted for ``seats`` players and
    applies, else its compact one."""
    if learned:
        net = _learned(rules, state, seats, detailed)
        if net is not None:
            return net
    if not fitted:
        return None
    if detailed and rules.detailed_win_features is not None:
        model = _fitted(rules.detailed_win_features(), state)
        if model is not None and seats in model.weights:
            return model
    if rules.win_features is None:
        return None
    return _fitted(rules.win_features(), state)


def _learned(rules: Heuristic, state: GameState, seats: int, detailed: bool) -> Judge | None:
    """The game's shipped value net for ``state``'s setup: the detailed features' with
    ``detailed`` where there is one, else the compact features'; None without either."""
    from nfgalaxy.bots import value_net  # numpy is imported only by a level that learned

    loaders = [rules.detailed_win_features] if detailed else []
    for loader in [*loaders, rules.win_features]:
        if loader is None:
            continue
        features = loader()
        if features.applies(state):
            net = value_net.load(features, state.game_id, seats)
            if net is not None:
                return net
    return None


class ChoiceSampler(Protocol):
    """What draws the others' secret choices (``nfgalaxy.bots.choice_model.ChoiceModel``)."""

    features: ChoiceFeatures

    def sample(
        self, state: Any, seat: int, options: list[Decision], rng: Rng
    ) -> Decision | None: ...


def _choice_model(rules: Heuristic, state: GameState, seats: int) -> ChoiceSampler | None:
    """The game's shipped choice model for ``state``'s setup, or None without one."""
    if rules.choice_features is None:
        return None
    features = rules.choice_features()
    if not features.applies(state):
        return None
    from nfgalaxy.bots import choice_model  # numpy only for a level that models the others

    return choice_model.load(features, state.game_id, seats)


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
