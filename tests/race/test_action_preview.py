"""The preview of an action card (``ui/actions.py``): each card's phase and bonus in the
chooser's own numbers, read through the rules' functions."""

from __future__ import annotations

from race_scenario import A, set_player, table

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.race.rules.common import ACTION
from nfgalaxy.games.race.state import Action
from nfgalaxy.games.race.ui.actions import explain_action


def words(g, *cards: Action) -> str:
    return explain_action(g, Decision(ACTION, tuple(c.value for c in cards)))


def test_explore_counts_the_cards_bonus_and_the_explore_powers() -> None:
    g = table(players=2, seed=3)
    # Galactic Renaissance: +2 drawn, keep +1 (two Explore powers of one card).
    set_player(g, A, tableau=["old_earth", "galactic_renaissance"], hand=[])
    assert "you would draw 9 and keep 2" in words(g, Action.EXPLORE_5)  # 2 + 5 + 2, 1 + 1
    assert "you would draw 5 and keep 3" in words(g, Action.EXPLORE_1_1)  # 2 + 1 + 2, 1+1+1
    set_player(g, A, tableau=["old_earth"])
    assert "you would draw 7 and keep 1" in words(g, Action.EXPLORE_5)


def test_trade_and_produce_speak_of_the_players_own_goods_and_worlds() -> None:
    g = table(players=2, seed=3)
    set_player(g, A, tableau=["old_earth", "alpha_centauri"], hand=[], goods=["alpha_centauri"])
    # Rare sells for 3, and Old Earth's trade power adds 1 for any good.
    assert "your goods would sell: Rare for 4 cards" in words(g, Action.TRADE)
    assert "you hold 1 good" in words(g, Action.CONSUME_X2)
    assert "(you have 0)" in words(g, Action.PRODUCE)  # its one windfall world is full
    set_player(g, A, goods=[])
    assert "you have no good" in words(g, Action.TRADE)
    assert "(you have 1)" in words(g, Action.PRODUCE)


def test_both_cards_of_an_advanced_choice_are_explained() -> None:
    g = table(players=2, seed=3, advanced=True)
    set_player(g, A, tableau=["old_earth"], hand=[])
    text = words(g, Action.SETTLE, Action.SETTLE_2)
    assert "[b]Settle[/b]: phase III, Settle" in text and "(yours: +0)" in text
    assert "a second Settle phase" in text


def test_a_decision_that_is_not_an_action_card_is_left_to_its_own_words() -> None:
    g = table(players=2, seed=3)
    assert explain_action(g, Decision("pass")) is None
