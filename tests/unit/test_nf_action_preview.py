"""New Frontiers' preview of an action tile (``ui/actions.py``): the action everyone takes and
where the chooser stands for it."""

from __future__ import annotations

from nfgalaxy.bots.random_bot import RandomBot
from nfgalaxy.core.decision import Decision
from nfgalaxy.core.registry import new_game
from nfgalaxy.games.new_frontiers.rules.common import SELECT
from nfgalaxy.games.new_frontiers.ui.actions import explain_action


def at_first_selection(seed: int = 3):
    state = new_game("new-frontiers", players=3, seed=seed)
    bot = RandomBot(seed)
    while state.legal_decisions()[0].kind != SELECT:
        state.apply(bot.choose(state))
    return state


def words(state, tile: str) -> str:
    decision = next(d for d in state.legal_decisions() if d.args == (tile,))
    return " ".join(explain_action(state, decision).split())


def test_each_tile_says_the_action_and_the_choosers_standing() -> None:
    state = at_first_selection()
    you = state.players[state.to_move()]
    you.credits, you.colonists = 7, 2
    assert "may buy one development" in words(state, "develop") and "You: $7." in words(
        state, "develop"
    )
    settle = words(state, "settle")
    assert "You: 2 colonists (3 with the bonus)" in settle and "no explored world" in settle
    world = state.bag.pop()
    you.explore(world)
    needs = state.world(world).colonists
    assert f"{state.world(world).name} (needs {needs} colonist" in words(state, "settle")
    explore = words(state, "explore")
    assert f"{len(state.bag)} worlds in the bag" in explore
    assert f"You: {you.world_count()} of 9 worlds" in explore


def test_the_label_with_its_bonus_comes_first_and_other_decisions_are_left_alone() -> None:
    state = at_first_selection()
    text = explain_action(state, next(d for d in state.legal_decisions() if d.args == ("trade",)))
    assert text.startswith("[b]Choose Trade/Consume (bonus: +1 VP before the action)[/b]")
    assert explain_action(state, Decision("pass")) is None
