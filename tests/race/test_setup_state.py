"""Setup (§5), the state's card bookkeeping (§4, §15) and saves.

Examples B2 and B4 of the rules spec; every one of the 114 cards is in exactly one place.
"""

from __future__ import annotations

import json

import pytest
from race_scenario import CARDS, conserved, offered, pick, refused, table

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.race.rules import RaceGame, Step
from nfgalaxy.games.race.rules.common import DISCARD
from nfgalaxy.games.race.rules.levels import REVISION
from nfgalaxy.games.race.rules.setup import player_order
from nfgalaxy.games.race.state import START_HAND


@pytest.mark.parametrize(("players", "pool"), [(2, 24), (3, 36), (4, 48)])
def test_b2_vp_pool_is_12_per_player(players: int, pool: int) -> None:
    assert RaceGame.new(CARDS, players, 5, {}).vp_pool == pool


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deals_a_start_world_and_six_cards_to_each_player(players: int) -> None:
    g = RaceGame.new(CARDS, players, 11, {})
    starts = {card.id for card in CARDS.start_worlds}
    for p in g.players:
        assert p.tableau == [p.start] and p.start in starts
        assert len(p.hand) == START_HAND
    assert len({p.start for p in g.players}) == players
    # §5.4: the unused start worlds are shuffled in with the game cards (and may be dealt).
    unused = g.deck + [c for p in g.players for c in p.hand]
    assert sum(unused.count(s) for s in starts) == 5 - players
    assert conserved(g)


@pytest.mark.parametrize("seed", range(12))
def test_b4_standard_setup_four_players(seed: int) -> None:
    g = table(players=4, seed=seed)
    alpha = any(p.start == "alpha_centauri" for p in g.players)
    assert all(len(p.hand) == 4 for p in g.players)
    assert len(g.discards) == 8
    assert len(g.deck) == (85 if alpha else 86)
    for p in g.players:
        # §5.6: only the windfall start world (Alpha Centauri) begins with a good.
        assert list(p.goods) == (["alpha_centauri"] if p.start == "alpha_centauri" else [])
    assert conserved(g)


def test_b30_player_order_is_clockwise_from_the_lowest_start_world() -> None:
    # P1 New Sparta (3), P2 Old Earth (0), P3 Alpha Centauri (2): P2, P3, P1.
    assert player_order(CARDS, ["new_sparta", "old_earth", "alpha_centauri"]) == [1, 2, 0]
    for seed in range(8):
        g = RaceGame.new(CARDS, 3, seed, {})
        lowest = min(range(3), key=lambda s: CARDS[g.players[s].start].start_number or 0)
        assert g.order[0] == lowest
        assert g.order == [(lowest + i) % 3 for i in range(3)]
        assert [g.queue[i][1] for i in range(3)] == g.order


def test_initial_discard_is_two_of_the_six_and_secret_in_the_log() -> None:
    g = RaceGame.new(CARDS, 2, 3, {})
    seat = g.to_move()
    p = g.players[seat]
    pairs = offered(g, DISCARD)
    assert all(len(pair) == 2 for pair in pairs)
    assert len(pairs) == len(set(pairs)) <= 15
    assert "§5.5" in refused(g, DISCARD, p.hand[0]).rule
    before = list(g.log)
    pick(g, DISCARD, *pairs[0])
    assert len(p.hand) == 4
    new_lines = g.log[len(before) :]
    assert new_lines == [f"{p.name} discards 2 cards face down."]
    assert not any(CARDS[c].name in " ".join(new_lines) for c in pairs[0])


def test_setup_is_determined_by_the_seed() -> None:
    a, b = RaceGame.new(CARDS, 3, 42, {}), RaceGame.new(CARDS, 3, 42, {})
    assert a.to_json() == b.to_json()
    c = RaceGame.new(CARDS, 3, 43, {})
    assert a.deck != c.deck


def test_draw_reshuffles_the_discard_pile_when_the_deck_is_empty() -> None:
    g = table(players=2, seed=2)
    g.discards += g.deck[:-1]
    g.deck = g.deck[-1:]
    top = g.deck[-1]
    pile = len(g.discards)
    drawn = g.draw(3)
    assert drawn[0] == top and len(drawn) == 3
    assert g.discards == []
    assert len(g.deck) == pile - 2
    assert "The discard pile is shuffled into a new deck" in g.log[-1]
    g.players[0].hand += drawn
    assert conserved(g)
    g.deck, g.discards = [], []
    assert g.draw(2) == []  # App. A.4: nothing to draw from


def test_the_discard_pile_becomes_the_deck_the_moment_the_last_card_is_drawn() -> None:
    """Seed 004: "Wenn der Nachziehstapel aufgebraucht ist, werden die Karten des
    Abwurfhaufens gemischt und als neuer Nachziehstapel bereitgelegt." (§4): at once, so the
    cards discarded after the deck ran out start a new pile and are not in the new deck."""
    g = table(players=2, seed=2)
    a = g.players[0]
    g.discards += g.deck[:-1]
    g.deck = g.deck[-1:]
    pile = sorted(g.discards)
    a.hand += g.draw(1)  # the deck's last card
    assert sorted(g.deck) == pile and g.discards == []
    assert "The discard pile is shuffled into a new deck" in g.log[-1]
    later = [a.hand.pop(), a.hand.pop()]
    g.discard(later, a)
    a.hand += g.draw(1)
    assert g.discards == later and len(g.deck) == len(pile) - 1
    assert conserved(g)


def test_save_round_trip_gives_an_identical_game() -> None:
    g = table(players=3, seed=9)
    for _ in range(40):
        g.apply(g.legal_decisions()[-1])
    data = json.loads(json.dumps(g.to_json()))
    loaded = RaceGame.from_json(data, CARDS)
    assert loaded.to_json() == g.to_json()
    assert loaded.legal_decisions() == g.legal_decisions()
    for _ in range(30):
        d = g.legal_decisions()[0]
        g.apply(d)
        loaded.apply(d)
    assert loaded.to_json() == g.to_json()


def test_a_game_keeps_its_rules_revision_and_a_save_from_before_plays_revision_1() -> None:
    """A save replays its decisions (undo) under the rules it was played with: one made before
    the revision was kept lacks it, and plays on as revision 1 (``levels.REVISION``)."""
    g = table(players=2, seed=1)
    assert g.options["revision"] == REVISION == g.revision()
    data = g.to_json()
    del data["options"]["revision"]
    assert RaceGame.from_json(data, CARDS).revision() == 1


def test_damaged_saves_are_refused() -> None:
    g = table(players=2, seed=1)
    data = g.to_json()
    with pytest.raises(ValueError, match="not a Race"):
        RaceGame.from_json({**data, "game": "roll-for-the-galaxy"}, CARDS)
    with pytest.raises(ValueError, match="unknown cards"):
        RaceGame.from_json({**data, "deck": [*data["deck"], "no_such_card"]}, CARDS)
    with pytest.raises(ValueError, match="damaged"):
        RaceGame.from_json({**data, "queue": [["no_step", 0, 0]]}, CARDS)


def test_clone_is_independent_and_draws_differently() -> None:
    g = table(players=2, seed=4)
    copy = g.clone()
    assert copy.to_json()["deck"] == g.to_json()["deck"]
    copy.players[0].hand.clear()
    assert g.players[0].hand
    assert copy.rng.state != g.rng.state
    assert g.queue[0][0] == Step.CHOOSE_ACTION


@pytest.mark.parametrize(("players", "advanced"), [(2, True), (3, False), (4, False)])
def test_replaying_the_seed_and_decisions_gives_the_same_game(players: int, advanced: bool) -> None:
    """What undo and save checks rely on (``core.replay``): the game is its seed plus its
    decisions."""
    g = RaceGame.new(CARDS, players, 77, {"advanced": advanced, "names": ["Ann"]})
    for i in range(150):
        if g.is_over():
            break
        options = g.legal_decisions()
        g.apply(options[(i * 7) % len(options)])
    again = RaceGame.new(CARDS, g.options["players"], g.options["seed"], g.options)
    for entry in g.history:
        again.apply(Decision.from_json(entry))
    assert again.to_json() == g.to_json()
    assert g.name(0) == "Ann" and g.name(players - 1) == f"Player {players}"
