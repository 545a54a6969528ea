"""What one seat may know (``view``): the bag's order, the goal pile and others' hidden goals
are re-dealt; what the seat has seen stays; nothing made from a view foresees the real game."""

from __future__ import annotations

from nfgalaxy.bots.greedy import GreedyBot
from nfgalaxy.core.rng import Rng
from nfgalaxy.games.new_frontiers.rules import NewFrontiers
from tests.rules.scenario import pick, table


def _goal_game_with_hidden_goals(seed: int = 1) -> tuple[NewFrontiers, int]:
    """A 3-player goals game where the seat to move put goals under the pile itself and
    another player, who drew goals since, holds a goal face down."""
    state = table(players=3, seed=seed, goals=True)
    keepers: list[int] = []
    for _ in range(3000):
        seat = state.to_move()
        if (
            len(set(keepers)) >= 2
            and seat in keepers
            and any(holder != seat for holder, _g in state.goals_hidden)
            and state.queue[0][0] == "select"
        ):
            return state, seat
        options = state.legal_decisions()
        goals = [d for d in options if d.kind == "select" and d.args == ("goals",)]
        others = [d for d in options if d not in goals]
        secret = [d for d in options if d.kind == "keep_secret"]
        if seat in keepers[-1:]:
            goals = []  # somebody else sets goals next
        decision = (secret or goals or others)[0]
        if decision.kind == "keep_goal":
            keepers.append(seat)
        state.apply(decision)
    raise AssertionError("no such position in this game")


def _twin(state: NewFrontiers, seat: int) -> NewFrontiers:
    """The same game but for what ``seat`` cannot see: another draw order of the bag, another
    generator, and another player's hidden goal swapped with an unseen goal of the pile."""
    twin = state.copy(fork=False)
    twin.rng = Rng(0xBADC0FFEE)
    Rng(99).shuffle(twin.bag)
    mine = {g for h in state.history if h["kind"] == "keep_goal" and h["seat"] == seat
            for g in h["args"][1:]}  # fmt: skip
    hidden = next(h for h in twin.goals_hidden if h[0] != seat)
    unseen = next(i for i, g in enumerate(twin.goal_pile) if g not in mine)
    hidden[1], twin.goal_pile[unseen] = twin.goal_pile[unseen], hidden[1]
    twin._legal = None
    return twin


def test_a_view_keeps_what_the_seat_knows() -> None:
    state, seat = _goal_game_with_hidden_goals()
    view = state.view(seat, Rng(1))
    assert view.to_move() == seat
    assert [p.to_json() for p in view.players] == [p.to_json() for p in state.players]
    assert sorted(view.bag) == sorted(state.bag)
    assert view.goals_revealed == state.goals_revealed
    assert [h for h in view.goals_hidden if h[0] == seat] == [
        h for h in state.goals_hidden if h[0] == seat
    ]
    assert sorted(view.goal_pile + [g for _s, g in view.goals_hidden]) == sorted(
        state.goal_pile + [g for _s, g in state.goals_hidden]
    )
    assert view.legal_decisions() == state.legal_decisions()
    assert view.history == []  # others' choices of hidden goals are in the real one


def test_goals_the_seat_put_under_the_pile_stay_where_it_put_them() -> None:
    state, seat = _goal_game_with_hidden_goals()
    last = [h for h in state.history if h["kind"] == "keep_goal" and h["seat"] == seat][-1]
    mine = [g for g in last["args"][1:] if g in state.goal_pile]
    assert mine, "the goals the seat put under are still in the pile"
    for rng in range(20):
        view = state.view(seat, Rng(rng))
        for goal in mine:
            assert view.goal_pile.index(goal) == state.goal_pile.index(goal)


def test_different_generators_deal_different_hidden_parts() -> None:
    state, seat = _goal_game_with_hidden_goals()
    views = [state.view(seat, Rng(r)) for r in range(12)]
    assert len({v.rng.state for v in views}) == 12
    assert len({tuple(v.goal_pile) for v in views}) > 1
    others = {tuple(g for s, g in v.goals_hidden if s != seat) for v in views}
    assert len(others) > 1
    # And the worlds drawn next differ: the view's own generator draws them.
    displays = set()
    for view in views:
        pick(view, "select", "explore")
        displays.add(tuple(view.display))
    assert len(displays) > 1


def test_games_differing_only_in_what_the_seat_cannot_see_give_the_same_view() -> None:
    state, seat = _goal_game_with_hidden_goals()
    twin = _twin(state, seat)
    assert twin.to_json() != state.to_json()
    for r in range(5):
        assert state.view(seat, Rng(r)).to_json() == twin.view(seat, Rng(r)).to_json()
        quiet = state.view(seat, Rng(r), quiet=True).to_json()
        assert quiet == twin.view(seat, Rng(r), quiet=True).to_json()


def test_the_greedy_bot_decides_the_same_on_games_the_seat_cannot_tell_apart() -> None:
    state, seat = _goal_game_with_hidden_goals()
    twin = _twin(state, seat)
    assert GreedyBot(5).choose(state) == GreedyBot(5).choose(twin)
    assert GreedyBot(6).choose(state) == GreedyBot(6).choose(twin)


def test_a_view_while_another_player_chooses_goals_hides_the_goals_drawn() -> None:
    state = table(players=3, seed=4, goals=True)
    chooser = state.to_move()
    pick(state, "select", "goals")
    drawn = list(state.turn["drawn"])
    seat = (chooser + 1) % 3
    seen = {tuple(state.view(seat, Rng(r)).turn["drawn"]) for r in range(12)}
    assert len(seen) > 1
    assert state.view(chooser, Rng(3)).turn["drawn"] == drawn  # the chooser sees them


def test_a_quiet_view_records_nothing_and_labels_nothing() -> None:
    state, seat = _goal_game_with_hidden_goals()
    view = state.view(seat, Rng(2), quiet=True)
    assert view.events == [] and view.log == []
    assert all(d.label == "" for d in view.legal_decisions() if d.kind != "select")
    view.apply(view.legal_decisions()[0])
    while view.to_move() is not None and not view.is_over():
        view.apply(view.legal_decisions()[-1])
    assert view.events == [] and view.log == []


def test_neither_a_view_nor_a_clone_foresees_the_real_draws() -> None:
    state = table(players=4, seed=8)
    rng_before = state.rng.state
    clone = state.clone()
    assert state.rng.state == rng_before  # making a copy draws nothing from the game
    assert clone.rng.state != state.rng.state
    view = state.view(state.to_move(), Rng(1))
    assert view.rng.state != state.rng.state
    real = state.copy(fork=False)  # an exact copy does foresee them
    for game in (state, clone, view, real):
        pick(game, "select", "explore")
    assert real.display == state.display
    assert clone.display != state.display and view.display != state.display


def test_a_quiet_copy_plays_exactly_the_game_a_labelled_copy_plays() -> None:
    for seed, goals in ((3, False), (4, True), (9, True)):
        state = table(players=4, seed=seed, goals=goals)
        loud, quiet = state.copy(fork=False), state.copy(quiet=True, fork=False)
        rng = Rng(seed)
        while not loud.is_over():
            offered = loud.legal_decisions()
            assert quiet.legal_decisions() == offered  # the same decisions, in the same order
            decision = offered[rng.below(len(offered))]
            loud.apply(decision)
            quiet.apply(decision)
        assert quiet.is_over() and quiet.events == []
        expected = loud.to_json()
        expected["events"] = []
        assert quiet.to_json() == expected
