"""Every refused decision names the rule it breaks; decisions rebuilt from JSON are accepted."""

from __future__ import annotations

from race_scenario import (
    CARDS,
    A,
    B,
    offered,
    pick,
    refused,
    reveal,
    set_player,
    set_tableaux,
    table,
)

from nfgalaxy.core.decision import Decision, IllegalDecision
from nfgalaxy.core.rng import Rng
from nfgalaxy.games.race.rules import RaceGame, Step
from nfgalaxy.games.race.rules.common import GOOD, NAME, PLACE, SELL, USE
from nfgalaxy.games.race.state import Action


def two_player(
    tableau: list[str], hand: list[str], goods: list[str] | None = None, filler: int = 0
) -> RaceGame:
    g = table(players=2, seed=31)
    set_tableaux(g, {A: tableau, B: ["new_sparta"]})
    set_player(g, A, hand=hand, goods=goods or [], filler=filler)
    return g


def test_develop_only_developments_settle_only_worlds() -> None:
    g = two_player(["old_earth"], ["export_duties", "asteroid_belt", "drop_ships"], filler=3)
    reveal(g, {A: Action.DEVELOP, B: Action.SETTLE})
    assert refused(g, PLACE, "asteroid_belt").rule == "§8.2"
    assert refused(g, PLACE, "rebel_base").rule == "§8.2, §9.1"  # not in hand
    pick(g, PLACE, "export_duties")
    while g.phase == "develop":
        g.apply(g.legal_decisions()[0])
    assert refused(g, PLACE, "drop_ships").rule == "§9.1"


def test_sell_only_a_good_you_have() -> None:
    tableau = ["old_earth", "asteroid_belt", "gem_world", "artist_colony"]
    g = two_player(tableau, [], goods=["asteroid_belt", "gem_world"])
    reveal(g, {A: Action.TRADE})
    assert refused(g, SELL, "artist_colony").rule == "§10.1"


def test_consume_only_goods_the_power_accepts() -> None:
    novelty = ["gem_world", "spice_world", "artist_colony", "secluded_world"]
    tableau = ["old_earth", "consumer_markets", *novelty, "asteroid_belt"]
    goods = [*novelty, "asteroid_belt"]
    g = two_player(tableau, [], goods=goods)
    reveal(g, {A: Action.CONSUME_X2})
    pick(g, USE, "consumer_markets#0")
    assert sorted(offered(g, GOOD)) == sorted((w,) for w in novelty)
    assert refused(g, GOOD, "asteroid_belt").rule == "§10.2"  # Consumer Markets: Novelty


def test_gambling_world_names_one_to_seven() -> None:
    g = two_player(["gambling_world"], [])
    reveal(g, {A: Action.CONSUME_X2})
    assert [args[0] for args in offered(g, NAME)] == list(range(1, 8))
    assert refused(g, NAME, 8).rule == "§10.2"


def test_decisions_rebuilt_from_json_are_accepted() -> None:
    tableau = ["epsilon_eridani", "contact_specialist", "space_marines"]
    g = two_player(tableau, ["rebel_miners"], filler=2)
    reveal(g, {A: Action.SETTLE, B: Action.PRODUCE})
    pick(g, PLACE, "rebel_miners")
    assert sorted(offered(g)) == [("conquer",), ("pay_military",)]
    for offered_decision in g.legal_decisions():
        rebuilt = Decision.from_json(offered_decision.to_json())
        assert rebuilt == offered_decision
    g.apply(Decision.from_json({"kind": "settle_by", "args": ["conquer"]}))
    assert "rebel_miners" in g.players[A].tableau


def test_every_refusal_is_in_the_games_words_never_a_step_name() -> None:
    """A refused decision names the rule and says what the player is asked, in the game's
    words: no internal step name (``choose_placement``…) reaches a player."""
    # Names like ``choose_placement``; one-word steps ("pay", "sell") are words of the game.
    steps = {str(s) for s in Step if "_" in s}
    seen: set[str] = set()
    for seed in range(12):
        g = RaceGame.new(CARDS, 2 + seed % 3, seed, {})
        rng = Rng(seed)
        while not g.is_over():
            seen.add(g.queue[0][0])
            try:
                g.apply(Decision("nonsense", ("x",)))
            except IllegalDecision as refusal:
                assert refusal.rule.startswith("§")
                words = str(refusal)
                assert not any(step in words for step in steps), words
                assert "step" not in words and "'" not in words, words
                assert "nonsense" not in words
            else:
                raise AssertionError("a nonsense decision was accepted")
            options = g.legal_decisions()
            g.apply(options[rng.below(len(options))])
    assert {Step.CHOOSE_ACTION, Step.CHOOSE_PLACEMENT, Step.START_DISCARD} <= seen
