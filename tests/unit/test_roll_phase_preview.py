"""Roll's preview of a phase selection or a wild die (``ui/phases.py``): what the phase's
workers do, how many the player would have there, and the tile on top of the stack."""

from __future__ import annotations

from nfgalaxy.bots.random_bot import RandomBot
from nfgalaxy.core.decision import Decision
from nfgalaxy.core.registry import new_game
from nfgalaxy.games.roll.rules.common import SELECT, WILD
from nfgalaxy.games.roll.state import DEV, WORLD
from nfgalaxy.games.roll.ui.phases import explain_phase


def assigning(seed: int = 3):
    """A game at its first Assign step, the player to move holding two Home dice: one showing
    Develop (in Develop), one Explore (in Explore), no phase selected yet."""
    state = new_game("roll-for-the-galaxy", players=2, seed=seed)
    bot = RandomBot(seed)
    while state.legal_decisions()[0].kind not in (SELECT, WILD):
        state.apply(bot.choose(state))
    p = state.players[state.to_move()]
    p.workers = [
        {"id": 1, "colour": "home", "face": "develop", "column": "develop"},
        {"id": 2, "colour": "home", "face": "explore", "column": "explore"},
    ]
    p.selector, p.selected = -1, ""
    p.stack_dice[DEV] = []
    return state, p


def words(state, kind: str, *args: str) -> str:
    return " ".join(explain_phase(state, Decision(kind, args, "label")).split())


def test_a_selection_counts_the_die_it_moves_into_the_phase() -> None:
    state, p = assigning()
    top = state.side(p.stacks[DEV][0]).name
    moved = words(state, SELECT, "home", "explore", "explore", "develop")
    assert "You would have 2 workers there" in moved and f"On top: {top}," in moved
    assert "each developer goes on your top development" in moved
    assert "Selecting makes sure the phase is played" in moved
    stays = words(state, SELECT, "home", "develop", "develop", "develop")
    assert "You would have 1 worker there" in stays


def test_a_wild_die_adds_one_worker_and_an_empty_stack_is_said() -> None:
    state, p = assigning()
    assert "You would have 1 worker there" in words(state, WILD, "home", "ship")
    p.stacks[WORLD] = []
    settle = words(state, WILD, "home", "settle")
    assert "Your stack is empty: the workers would go back to the cup" in settle
    assert "Selecting" not in settle  # a wild die selects nothing


def test_other_decisions_keep_their_own_words() -> None:
    state, _p = assigning()
    assert explain_phase(state, Decision("done")) is None
