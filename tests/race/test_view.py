"""Hidden information (§4): a seat's view keeps what it knows and re-deals the rest."""

from __future__ import annotations

from collections import Counter

from race_scenario import CARDS, A, B, pick, reveal, set_player, set_tableaux, table

from nfgalaxy.core.rng import Rng
from nfgalaxy.games.race.rules import RaceGame, Step
from nfgalaxy.games.race.rules.common import ACTION, PLACE
from nfgalaxy.games.race.state import Action


def played(seed: int, decisions: int) -> RaceGame:
    g = RaceGame.new(CARDS, 3, seed, {})
    rng = Rng(seed)
    for _ in range(decisions):
        options = g.legal_decisions()
        g.apply(options[rng.below(len(options))])
    return g


def test_view_keeps_what_the_seat_knows() -> None:
    g = played(3, 120)
    for seat in range(3):
        v = g.view(seat, Rng(99))
        me, real = v.players[seat], g.players[seat]
        assert sorted(me.hand) == sorted(real.hand)
        assert me.explored == real.explored
        for q, r in zip(v.players, g.players, strict=True):
            assert q.tableau == r.tableau
            assert len(q.hand) == len(r.hand)
            assert set(q.goods) == set(r.goods)
            assert q.vp == r.vp
        assert (len(v.deck), len(v.discards), v.vp_pool) == (
            len(g.deck),
            len(g.discards),
            g.vp_pool,
        )
        assert not Counter(real.seen) - Counter(v.discards)  # its own discards stay known
        assert v.card_count() == g.cards.copies()
        assert v.history == []


def test_view_re_deals_the_deck_other_hands_and_goods() -> None:
    g = played(4, 150)
    v1, v2 = g.view(0, Rng(1)), g.view(0, Rng(2))
    assert v1.deck != v2.deck
    assert [sorted(q.hand) for q in v1.players[1:]] != [sorted(q.hand) for q in v2.players[1:]]
    assert g.view(0, Rng(1)).to_json() == v1.to_json()  # the same rng gives the same view


def test_view_hides_unrevealed_actions() -> None:
    g = table(players=2, seed=3)
    first = g.to_move()
    pick(g, ACTION, Action.SETTLE.value)
    other = 1 - first
    seen = {tuple(g.view(other, Rng(n)).players[first].actions) for n in range(40)}
    assert len(seen) > 1  # the real choice cannot be read from the view
    assert g.view(first, Rng(5)).players[first].actions == [Action.SETTLE.value]


def test_view_hides_unrevealed_placements() -> None:
    g = table(players=2, seed=12)
    set_tableaux(g, {A: ["old_earth"], B: ["new_sparta"]})
    set_player(g, A, hand=["export_duties", "investment_credits"], filler=3)
    set_player(g, B, hand=["space_marines"], filler=3)
    reveal(g, {A: Action.DEVELOP, B: Action.DEVELOP})
    first = g.to_move()
    pick(g, PLACE, "export_duties" if first == A else "space_marines")
    other = 1 - first
    assert g.queue[0][:2] == [Step.CHOOSE_PLACEMENT, other]
    placed = {g.view(other, Rng(n)).players[first].placing for n in range(40)}
    assert len(placed) > 1
    for n in range(10):
        v = g.view(other, Rng(n))
        chosen = v.players[first].placing
        assert chosen == "" or chosen in v.players[first].hand


def test_quiet_view_records_nothing_and_plays_to_the_end() -> None:
    g = played(6, 90)
    v = g.view(1, Rng(3), quiet=True)
    assert v.quiet and v.log == []
    rng = Rng(8)
    while not v.is_over():
        options = v.legal_decisions()
        assert all(d.label == "" for d in options)
        v.apply(options[rng.below(len(options))])
    assert v.log == [] and v.card_count() == g.cards.copies()
    assert not g.is_over()


def test_undo_never_crosses_a_reveal_or_a_draw() -> None:
    g = table(players=2, seed=3)
    first = g.to_move()
    pick(g, ACTION, Action.DEVELOP.value)
    assert g.undo_point(first) == len(g.history) - 1  # still secret, nothing revealed
    second = g.to_move()
    pick(g, ACTION, Action.EXPLORE_5.value)  # the reveal, then Explore draws
    assert g.undo_point(second) is None


def test_undo_never_crosses_a_card_drawn_after_a_decision() -> None:
    for tableau, drew in ((["old_earth", "public_works"], True), (["old_earth"], False)):
        g = table(players=2, seed=3)
        set_tableaux(g, {A: tableau, B: ["new_sparta"]})
        set_player(g, A, hand=["space_marines"], filler=3)
        reveal(g, {A: Action.DEVELOP})
        pick(g, PLACE, "space_marines")
        g.apply(g.legal_decisions()[0])  # pay 1 of 3 cards
        assert g.history[-1]["seat"] == A
        # Public Works draws a card after the payment: the payment can no longer be undone.
        assert (g.undo_point(A) is None) == drew


def test_a_card_discarded_from_a_tableau_stays_in_the_pile_in_every_view() -> None:
    g = table(players=2, seed=15)
    set_tableaux(g, {A: ["old_earth", "colony_ship"], B: ["new_sparta"]})
    set_player(g, A, hand=["new_earth"], filler=2)
    set_player(g, B, hand=[], filler=2)
    reveal(g, {A: Action.PRODUCE, B: Action.SETTLE})
    pick(g, PLACE, "new_earth")  # forced to use Colony Ship (B9)
    while g.queue[0][1] == B and g.queue[0][0] == Step.CHOOSE_PLACEMENT:
        g.apply(g.legal_decisions()[0])
    assert "colony_ship" in g.discards
    for n in range(12):
        assert "colony_ship" in g.view(B, Rng(n)).discards


def test_view_re_deals_the_others_start_worlds_before_the_rvi_reveal() -> None:
    """§B4.2, §5.7: the two start worlds dealt face down, and later the one kept, are known
    to their owner only until the start worlds are revealed together."""
    g = RaceGame.new(CARDS, 3, 6, {"expansion": "rvi"})
    g.apply(g.legal_decisions()[0])  # seat 0 keeps a start world
    g.apply(g.legal_decisions()[0])  # and discards 2 cards
    kept = g.players[0].start_worlds
    seen_pairs, seen_kept = set(), set()
    for n in range(30):
        v = g.view(2, Rng(n))
        assert v.card_count() == g.cards.copies()
        assert v.players[2].start_worlds == g.players[2].start_worlds  # its own stay
        pair = v.players[1].start_worlds
        colours = {v.cards[c].start_colour.value for c in pair}
        assert colours == {"blue", "red"}
        (one,) = v.players[0].start_worlds
        assert v.cards[one].is_start_world
        seen_pairs.add(tuple(pair))
        seen_kept.add(one)
    assert len(seen_pairs) > 1 and len(seen_kept) > 1  # neither can be read from the view
    assert g.view(0, Rng(1)).players[0].start_worlds == kept
