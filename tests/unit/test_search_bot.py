"""The search bot keeps the bots' promises in every game: legal, deterministic for a seed and a
budget, blind to what its seat cannot see, and within its time cap."""

from __future__ import annotations

import dataclasses
import time

import pytest

from nfgalaxy.bots import BOT_KINDS, make_bot
from nfgalaxy.bots.levels import LEVELS, SearchLevel
from nfgalaxy.bots.random_bot import RandomBot
from nfgalaxy.bots.search import SearchBot, _settled
from nfgalaxy.core.registry import game_ids, new_game
from nfgalaxy.core.rng import Rng

GAMES = game_ids()
#: Small and without a time cap that could strike: the same seed gives the same search.
TINY = SearchLevel("tiny", iterations=24, seconds=60.0, playout=12)
#: The same judging by the learned value where a game ships one (Race, 2 players), and
#: drawing the others' choices from a shipped choice model (Race, 2 players), so the bots'
#: promises are checked on them too; at 3 players the plain level.
LEVELS_PLAYERS = [
    (TINY, 3),
    (dataclasses.replace(TINY, name="tiny learned", learned=True), 2),
    (dataclasses.replace(TINY, name="tiny modelled", modelled=True), 2),
]
BY_LEVEL = pytest.mark.parametrize(
    ("level", "players"), LEVELS_PLAYERS, ids=["plain", "learned", "modelled"]
)


def _positions(game: str, players: int = 3, seed: int = 4, every: int = 23, most: int = 4):
    """A few positions of a random game where the seat to move has a real choice."""
    state = new_game(game, players=players, seed=seed)
    bot = RandomBot(seed)
    found = []
    count = 0
    while not state.is_over() and len(found) < most:
        if count % every == 0 and len(state.legal_decisions()) > 1:
            found.append(state.clone())
        state.apply(bot.choose(state))
        count += 1
    return found


@BY_LEVEL
@pytest.mark.parametrize("game", GAMES)
def test_the_search_bot_returns_a_legal_decision_and_leaves_the_state_alone(game, level, players):
    for state in _positions(game, players=players):
        before = state.to_json()
        decision = SearchBot(1, level).choose(state)
        assert decision in state.legal_decisions()
        assert state.to_json() == before


@BY_LEVEL
@pytest.mark.parametrize("game", GAMES)
def test_the_same_seed_and_budget_give_the_same_search(game, level, players):
    for state in _positions(game, players=players, most=2):
        one = SearchBot(7, level).analyse(state)
        two = SearchBot(7, level).analyse(state)
        assert [(e.decision, e.visits, e.value) for e in one] == [
            (e.decision, e.visits, e.value) for e in two
        ]


@BY_LEVEL
@pytest.mark.parametrize("game", GAMES)
def test_the_search_never_reads_what_its_seat_cannot_see(game, level, players):
    """Two states that differ only in what the seat cannot see (the real one and a re-dealt
    view of it) get the same decision and the same estimates from the same bot seed."""
    for count, state in enumerate(_positions(game, players=players, most=3)):
        seat = state.to_move()
        other_world = state.view(seat, Rng(100 + count))
        one = SearchBot(count, level).analyse(state)
        two = SearchBot(count, level).analyse(other_world)
        assert [(e.decision, e.value) for e in one] == [(e.decision, e.value) for e in two]


def test_a_wide_root_races_only_its_best_decisions_and_the_winner_comes_first():
    level = SearchLevel("narrow", iterations=40, seconds=60.0, playout=6, width=2)
    for game in GAMES:
        for state in _positions(game, most=2):
            estimates = SearchBot(3, level).analyse(state)
            raced = [e for e in estimates if e.visits]
            assert 1 <= len(raced) <= 2
            assert estimates[0].visits > 0
            assert len(estimates) == len(state.legal_decisions())


def test_the_time_cap_stops_a_search_early():
    state = _positions(GAMES[0], most=1)[0]
    bot = SearchBot(1, SearchLevel("capped", iterations=10**6, seconds=0.05))
    started = time.perf_counter()
    bot.choose(state)
    assert time.perf_counter() - started < 2.0
    assert bot.last_iterations < 10**6


def test_an_untimed_search_plays_its_whole_budget_however_slow_the_machine(monkeypatch):
    """The online tables' bots: a machine so slow that every look at the clock finds a
    second gone would stop a timed search at once; untimed, two runs play the whole budget
    and make the same decision, as two front ends would."""
    state = _positions(GAMES[0], most=1)[0]
    level = SearchLevel("slow machine", iterations=48, seconds=0.5, playout=12)
    ticks = iter(range(10**9))
    monkeypatch.setattr("nfgalaxy.bots.search.time.perf_counter", lambda: float(next(ticks)))
    timed = SearchBot(3, level)
    timed.choose(state)
    assert timed.last_iterations < level.iterations
    runs = [SearchBot(3, level, timed=False), SearchBot(3, level, timed=False)]
    decisions = [bot.choose(state) for bot in runs]
    assert [bot.last_iterations for bot in runs] == [level.iterations] * 2
    assert decisions[0] == decisions[1]
    assert [e.visits for e in runs[0].analyse(state)] == [e.visits for e in runs[1].analyse(state)]


def test_every_level_is_a_bot_kind_and_plays_legally():
    assert {"easy", "normal", "hard", "expert"} <= set(BOT_KINDS)
    assert set(LEVELS) <= set(BOT_KINDS)
    budgets = [LEVELS[name].iterations for name in ("normal", "hard", "expert")]
    assert budgets == sorted(budgets) and len(set(budgets)) == 3
    state = _positions(GAMES[0], most=1)[0]
    for kind in BOT_KINDS:
        bot = make_bot(kind, 5)
        assert bot.name == kind
        if kind in LEVELS:  # a cheap stand-in budget: the level's own is measured elsewhere
            bot = SearchBot(5, SearchLevel(kind, iterations=8, seconds=5.0, playout=4))
        assert bot.choose(state) in state.legal_decisions()
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("grandmaster")


def test_the_easy_bot_slips_where_greedy_does_not():
    """``easy`` is greedy with noise: over many positions it chooses differently now and then."""
    from nfgalaxy.bots.greedy import GreedyBot

    differ = 0
    for game in GAMES:
        for state in _positions(game, most=6, every=11):
            if GreedyBot(2).choose(state) != make_bot("easy", 2).choose(state):
                differ += 1
    assert differ > 0


def _judged_without_and_with_an_extra_round(monkeypatch, level: SearchLevel, measure):
    """``measure(world, state)`` of every world judged by a search of ``level`` on a 2-player
    New Frontiers position: first with the game's own heuristic, then with one extra round."""
    from dataclasses import replace
    from types import SimpleNamespace

    import nfgalaxy.bots.search as search
    from nfgalaxy.core.registry import descriptor

    game = "new-frontiers"
    state = _positions(game, players=2, most=1)[0]
    judged: list[int] = []

    def judge(_bot, world, _rules, _seat):
        judged.append(measure(world, state))
        return 0.5

    monkeypatch.setattr(SearchBot, "_judge", judge)
    SearchBot(1, level).analyse(state)
    plain = list(judged)
    judged.clear()
    rules = replace(descriptor(game).heuristics(), extra_rounds=1)
    monkeypatch.setattr(search, "descriptor", lambda _id: SimpleNamespace(heuristics=lambda: rules))
    SearchBot(1, level).analyse(state)
    return plain, judged


def test_a_games_extra_rounds_carry_the_search_one_round_further(monkeypatch):
    """``Heuristic.extra_rounds`` (Race's is 1) makes every world play one more round past the
    tree before it is judged."""
    level = SearchLevel("short", iterations=12, seconds=60.0, playout=10_000)
    plain, extra = _judged_without_and_with_an_extra_round(
        monkeypatch, level, lambda world, state: world.round - state.round
    )
    assert max(extra) == max(plain) + 1


def test_the_playout_cap_counts_for_every_round_played(monkeypatch):
    """``playout`` caps the decisions of each round played past the tree: a game's extra round
    is played out, not cut at the cap of one round (Race's second round was)."""
    level = SearchLevel("capped", iterations=12, seconds=60.0, playout=3)
    one_round, extra = _judged_without_and_with_an_extra_round(
        monkeypatch, level, lambda world, state: len(world.history) - len(state.history)
    )
    assert max(extra) >= max(one_round) + 3


def test_a_games_changes_to_a_level_shape_the_search_of_that_level_only(monkeypatch):
    """``Heuristic.levels`` changes a level by its name in that game (here one more round
    before judging); another level plays as written."""
    from dataclasses import replace
    from types import SimpleNamespace

    import nfgalaxy.bots.search as search
    from nfgalaxy.core.registry import descriptor

    game = "new-frontiers"
    state = _positions(game, players=2, most=1)[0]
    judged: list[int] = []

    def judge(_bot, world, _rules, _seat):
        judged.append(world.round - state.round)
        return 0.5

    def deepest(level: SearchLevel) -> int:
        judged.clear()
        SearchBot(1, level).analyse(state)
        return max(judged)

    monkeypatch.setattr(SearchBot, "_judge", judge)
    named = SearchLevel("named", iterations=12, seconds=60.0, playout=10_000)
    other = replace(named, name="other")
    plain = deepest(named)
    assert deepest(other) == plain
    rules = replace(descriptor(game).heuristics(), levels={"named": {"rounds": 2}})
    monkeypatch.setattr(search, "descriptor", lambda _id: SimpleNamespace(heuristics=lambda: rules))
    assert deepest(named) == plain + 1
    assert deepest(other) == plain


def test_a_levels_plan_edge_stands_in_for_the_games():
    """The planner's benefit of the doubt at the root is the game's (``Heuristic.plan_edge``)
    unless the level names its own: an edge of a whole win keeps the plan's decision first,
    a negative one puts it behind the others that raced."""
    from nfgalaxy.core.registry import descriptor

    game = "space-merchant"
    rules = descriptor(game).heuristics()
    assert rules.plan_edge > 0
    for state in _positions(game, players=2, most=6):
        seat = state.to_move()
        planned = rules.plan(state, seat, state.legal_decisions())
        if planned is not None:
            break
    else:
        pytest.fail("no position with a planned decision among several")
    level = SearchLevel("edged", iterations=12, seconds=60.0, plan_edge=1.0)
    assert SearchBot(1, level).analyse(state)[0].decision == planned
    shy = dataclasses.replace(level, plan_edge=-1.0)
    assert SearchBot(1, shy).analyse(state)[0].decision != planned


def test_every_games_changes_to_levels_name_a_level_and_its_fields():
    from nfgalaxy.bots.levels import for_game
    from nfgalaxy.core.registry import descriptor

    names = {f.name for f in dataclasses.fields(SearchLevel)} - {"name"}
    for game in GAMES:
        changes = descriptor(game).heuristics().levels
        for level, fields_changed in changes.items():
            assert level in LEVELS, (game, level)
            assert set(fields_changed) <= names, (game, level)
            changed = for_game(LEVELS[level], changes)
            assert changed.name == level and changed != LEVELS[level], (game, level)


def _judged(monkeypatch, game: str, level: SearchLevel, measure) -> list:
    """``measure(world)`` of every world a search of ``level`` judged, on a 2-player position
    of ``game`` (judging nothing: every world is worth 0.5)."""
    state = _positions(game, players=2, most=1)[0]
    judged: list = []

    def judge(_bot, world, _rules, _seat):
        judged.append(measure(world))
        return 0.5

    monkeypatch.setattr(SearchBot, "_judge", judge)
    SearchBot(1, level).analyse(state)
    return judged


def test_a_turns_horizon_judges_where_the_seats_own_turns_end(monkeypatch):
    """In a game of whole turns (``Heuristic.turn_of``), ``turns=1`` judges each world as the
    seat's turn ends, the other player's about to begin; ``turns=2`` plays through that turn
    and the seat's next as well."""
    from nfgalaxy.core.registry import descriptor

    game = next(g for g in GAMES if descriptor(g).heuristics().turn_of is not None)
    turn_of = descriptor(game).heuristics().turn_of
    seat = _positions(game, players=2, most=1)[0].to_move()
    by_turn = {}
    for turns in (1, 2):
        level = SearchLevel("turns", iterations=12, seconds=60.0, playout=10_000, turns=turns)
        by_turn[turns] = _judged(
            monkeypatch, game, level, lambda w: (w.is_over(), turn_of(w), len(w.history))
        )
    for turns, judged in by_turn.items():
        assert all(over or whose == 1 - seat for over, whose, _ in judged), turns
    assert min(n for *_, n in by_turn[2]) > max(n for *_, n in by_turn[1])


def test_a_turns_horizon_leaves_a_game_without_whole_turns_to_its_rounds(monkeypatch):
    from nfgalaxy.core.registry import descriptor

    game = next(g for g in GAMES if descriptor(g).heuristics().turn_of is None)
    level = SearchLevel("rounds", iterations=12, seconds=60.0, playout=10_000)
    plain = _judged(monkeypatch, game, level, lambda w: (w.round, len(w.history)))
    turns = _judged(
        monkeypatch, game, dataclasses.replace(level, turns=1), lambda w: (w.round, len(w.history))
    )
    assert turns == plain


# ---------------------------------------------------------------- settling the race early

SETTLE = SearchLevel("settle", iterations=400, seconds=60.0, settle_margin=0.02, settle_after=4)


def _rewards(**columns: list[float]) -> tuple[list, dict]:
    """Racing decisions (stand-ins: their names) and their rewards world by world."""
    return list(columns), dict(columns)


def test_a_clearly_better_leader_settles_the_race():
    racing, rewards = _rewards(a=[0.8, 0.7, 0.9, 0.75], b=[0.3, 0.35, 0.2, 0.4])
    assert _settled(racing, rewards, SETTLE)


def test_a_near_tie_settles_the_race_and_a_close_uncertain_one_does_not():
    # World by world the two differ by at most 0.005: whichever is taken, little is lost.
    tie = _rewards(a=[0.5, 0.6, 0.4, 0.7], b=[0.495, 0.6, 0.405, 0.695])
    assert _settled(*tie, SETTLE)
    # The same means, but the worlds disagree about which is better by up to 0.3.
    torn = _rewards(a=[0.8, 0.3, 0.7, 0.4], b=[0.5, 0.6, 0.4, 0.7])
    assert not _settled(*torn, SETTLE)


def test_the_race_is_not_settled_on_fewer_worlds_than_the_level_asks():
    racing, rewards = _rewards(a=[0.9, 0.9, 0.9], b=[0.1, 0.1, 0.1])
    assert not _settled(racing, rewards, SETTLE)
    assert _settled(racing, rewards, SearchLevel("quick", 10, 1.0, settle_after=3))


@pytest.mark.parametrize("game", GAMES)
def test_a_settling_search_stops_early(game):
    """With a margin any difference passes, the race stops once every decision racing has
    been played in ``settle_after`` worlds (the first stage of the race has more); without one
    the search plays its whole budget."""
    anything = SearchLevel("any", iterations=400, seconds=60.0, playout=6, settle_margin=2.0)
    state = _positions(game, most=1)[0]
    bot = SearchBot(2, anything)
    estimates = bot.analyse(state)
    racing = min(len(state.legal_decisions()), anything.width)
    assert bot.last_settled
    assert bot.last_iterations == anything.settle_after * racing
    assert estimates[0].decision in state.legal_decisions()
    assert estimates[0].visits == anything.settle_after
    again = SearchBot(2, anything).analyse(state)  # settling keeps a seed's search the same
    assert [(e.decision, e.value) for e in again] == [(e.decision, e.value) for e in estimates]
    never = SearchBot(2, SearchLevel("never", iterations=120, seconds=60.0, playout=6))
    never.analyse(state)
    assert not never.last_settled
    assert never.last_iterations > bot.last_iterations


def test_a_settling_search_plays_at_least_its_floor_of_worlds():
    """``settle_min`` holds the race open until that many worlds were played in all, then the
    first settled check stops it (a stage's worlds are played for every racing decision)."""
    floor = SearchLevel(
        "floor", iterations=400, seconds=60.0, playout=6, settle_margin=2.0, settle_min=50
    )
    state = _positions(GAMES[0], most=1)[0]
    bot = SearchBot(2, floor)
    bot.analyse(state)
    racing = min(len(state.legal_decisions()), floor.width)
    assert bot.last_settled
    assert 50 <= bot.last_iterations < 50 + racing
    assert bot.last_iterations % racing == 0


def test_a_review_keeps_racing_to_judge_the_players_decision():
    anything = SearchLevel("any", iterations=48, seconds=60.0, playout=6, settle_margin=2.0)
    state = _positions(GAMES[0], most=1)[0]
    bot = SearchBot(2, anything)
    bot.analyse(state, keep=state.legal_decisions()[-1])
    assert not bot.last_settled


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("game", GAMES)
def test_a_game_with_a_win_model_is_judged_by_its_chances(game, players):
    """Where the game's model applies to the setup (a model fitted for some player counts
    only says so), the search judges by its chances; elsewhere, and in a level that does not
    judge by fitted models (``fitted=False``), by the value margin."""
    from nfgalaxy.core.registry import descriptor
    from nfgalaxy.core.win_model import load

    rules = descriptor(game).heuristics()
    state = _positions(game, players=players)[-1]
    bot = SearchBot(1, TINY)
    bot.analyse(state)
    seat = state.to_move()
    model = load(rules.win_features()) if rules.win_features is not None else None
    if model is None or not rules.win_features().applies(state):
        assert bot._model is None
        pytest.skip("no win model for this setup")
    assert bot._model is model
    chances = model.chances(state, players)
    assert bot._judge(state, rules, seat) == pytest.approx(chances[seat])
    assert sum(bot._judge(state, rules, s) for s in range(players)) == pytest.approx(1.0)
    unfitted = SearchBot(1, dataclasses.replace(TINY, fitted=False))
    unfitted.analyse(state)
    assert unfitted._model is None


@pytest.mark.parametrize("game", GAMES)
def test_a_win_model_sets_the_horizon_to_model_rounds(game, monkeypatch):
    """Where the game's win model judges, a level plays ``model_rounds`` past the tree instead
    of ``rounds``; without a model, ``rounds``."""
    state = _positions(game, players=2, most=1)[0]
    spans: list[int] = []

    def judge(_bot, world, _rules, _seat):
        spans.append(world.round - state.round)
        return 0.5

    monkeypatch.setattr(SearchBot, "_judge", judge)
    furthest = {}
    for rounds, model_rounds in ((1, None), (2, None), (2, 1)):
        spans.clear()
        level = SearchLevel("h", 12, 60.0, rounds=rounds, model_rounds=model_rounds, playout=10**4)
        bot = SearchBot(1, level)
        bot.analyse(state)
        furthest[rounds, model_rounds] = max(spans)
    assert furthest[2, None] > furthest[1, None]
    has_model = bot._model is not None
    assert furthest[2, 1] == furthest[1 if has_model else 2, None]


@pytest.mark.parametrize("game", GAMES)
def test_a_detailed_level_judges_by_the_detailed_model_where_it_is_fitted(game):
    """``SearchLevel.detailed``: the game's detailed model for a player count it was fitted
    for, else the compact one; a level that is not detailed always the compact one."""
    from nfgalaxy.core.registry import descriptor
    from nfgalaxy.core.win_model import load

    rules = descriptor(game).heuristics()
    if rules.detailed_win_features is None or rules.win_features is None:
        pytest.skip("no detailed win model")
    detailed = load(rules.detailed_win_features())
    compact = load(rules.win_features())
    assert detailed is not None and compact is not None
    level = dataclasses.replace(TINY, detailed=True)
    for players in (2, 3):
        state = _positions(game, players=players, most=1)[0]
        bot = SearchBot(1, level)
        bot.analyse(state)
        assert bot._model is (detailed if players in detailed.weights else compact)
        plain = SearchBot(1, TINY)
        plain.analyse(state)
        assert plain._model is compact
    seat = state.to_move()
    chances = bot._model.chances(state, players)
    assert bot._judge(state, rules, seat) == pytest.approx(chances[seat])


def test_a_level_with_changes_is_a_bot_named_by_its_changes():
    from nfgalaxy.bots.levels import level_variant

    variant = level_variant("expert:rounds=1+settle_margin=0+detailed=false+model_rounds=none")
    expected = dataclasses.replace(
        LEVELS["expert"], rounds=1, settle_margin=0.0, detailed=False, model_rounds=None
    )
    assert variant == dataclasses.replace(expected, name=variant.name)
    assert variant.name == "expert:rounds=1+settle_margin=0+detailed=false+model_rounds=none"
    bot = make_bot("hard:iterations=8+seconds=0.5", seed=3)
    assert isinstance(bot, SearchBot) and bot.name == "hard:iterations=8+seconds=0.5"
    assert (bot.level.iterations, bot.level.seconds, bot.level.rounds) == (8, 0.5, 1)
    state = new_game("new-frontiers", players=2, seed=2)
    assert bot.choose(state) in state.legal_decisions()


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("greedy:rounds=1", "no search level"),
        ("expert:depth=3", "FIELD one of iterations"),
        ("expert:rounds", "write FIELD=VALUE"),
        ("expert:rounds=two", "not a value for rounds"),
        ("expert:detailed=2", "not a value for detailed"),
        ("expert:", "changes nothing"),
    ],
)
def test_a_level_with_changes_that_cannot_be_is_refused_with_why(spec, words):
    from nfgalaxy.bots.levels import level_variant

    with pytest.raises(ValueError, match=words):
        level_variant(spec)
    with pytest.raises(ValueError, match=words):
        make_bot(spec)


def test_a_learned_level_judges_by_the_net_shipped_for_the_setup_else_as_without(monkeypatch):
    """``SearchLevel.learned``: the game's value net where one is shipped for the setup (here a
    net made for the test, for 2 players), its chances at the horizon; at a player count
    without a net, and in a level that does not learn, the win model as before."""
    import numpy as np

    from nfgalaxy.bots import value_net
    from nfgalaxy.core.registry import descriptor
    from nfgalaxy.core.win_model import load

    game = "race-for-the-galaxy"
    rules = descriptor(game).heuristics()
    features = rules.win_features()
    k = len(features.names)
    rng = np.random.default_rng(4)
    params = {
        "linear": rng.normal(size=k) * 0.1,
        "hidden_w": rng.normal(size=(2 * k, 3)) * 0.1,
        "hidden_b": np.zeros(3),
        "out": rng.normal(size=3),
    }
    provenance = value_net.Provenance("test", "none", 0, 1)
    net = value_net.ValueNet(game, 2, features, np.zeros(k), np.ones(k), params, provenance)
    monkeypatch.setattr(
        value_net,
        "load",
        lambda f, g, players: net if (f, g, players) == (features, game, 2) else None,
    )
    learned = dataclasses.replace(TINY, learned=True)
    state = _positions(game, players=2, most=1)[0]
    bot = SearchBot(1, learned)
    bot.analyse(state)
    assert bot._model is net
    seat = state.to_move()
    assert bot._judge(state, rules, seat) == pytest.approx(net.chances(state, 2)[seat])
    plain = SearchBot(1, TINY)
    plain.analyse(state)
    assert plain._model is load(features)
    three = SearchBot(1, learned)
    three.analyse(_positions(game, players=3, most=1)[0])
    assert three._model is load(features)


def test_races_hard_and_expert_judge_two_players_by_the_detailed_model_and_normal_by_counts():
    """The measured change (``race/heuristics.py``, ``LEVEL_CHANGES``): at 2 players ``hard``
    judges as ``expert`` does, by the weight of each card; at 4, where no detailed model is
    fitted, by the compact counts; ``normal`` by the counts at both."""
    from nfgalaxy.bots.levels import for_game
    from nfgalaxy.bots.search import judge_for
    from nfgalaxy.core.registry import descriptor
    from nfgalaxy.core.win_model import load

    game = "race-for-the-galaxy"
    rules = descriptor(game).heuristics()
    detailed = load(rules.detailed_win_features())
    compact = load(rules.win_features())
    for players, expected in (
        (2, {"normal": compact, "hard": detailed, "expert": detailed}),
        (4, {"normal": compact, "hard": compact, "expert": compact}),
    ):
        state = new_game(game, players=players, seed=5)
        judges = {
            name: judge_for(for_game(level, rules.levels), rules, state, players)
            for name, level in LEVELS.items()
        }
        assert judges == expected, players
    bot = make_bot("hard", seed=1)
    state = _positions(game, players=2, most=1)[0]
    bot.analyse(state)
    assert bot._model is detailed
