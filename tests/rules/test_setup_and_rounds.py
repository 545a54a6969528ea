"""Setup (§3), round order (§4) and the bonus-only actions (§5.1, §5.7), with WE-1, WE-2, WE-21."""

from __future__ import annotations

import pytest
from scenario import choose, give, kinds, pick, table

from nfgalaxy.core import Decision, IllegalDecision
from nfgalaxy.games.new_frontiers.components import GoodsType
from nfgalaxy.games.new_frontiers.state import ActionTile


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_supplies_scale_with_player_count(players: int) -> None:
    state = table(players)
    # 12 colonists per player, one of each on the home colony (§3.2 step 10).
    assert state.colonist_supply == 11 * players
    assert state.vp_general == 12 * players
    copies = {2: 1, 3: 2, 4: 2, 5: 3}[players]
    for dev_id, left in state.supply.items():
        dev = state.tiles.developments[dev_id]
        assert left == (1 if dev.large else copies)
    # 8 large tiles + 16 small stacks are in play, one face each.
    assert len(state.supply) == 24
    assert all(len(p.colonies) == 1 for p in state.players)
    assert len(state.bag) == 60


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_starting_credits_favour_the_last_players(players: int) -> None:
    state = table(players, seed=9)
    order = [seat for seat, disc in state.order if disc == 0]
    credits = [state.players[s].credits for s in order]
    expected = {2: [3, 4], 3: [3, 3, 4], 4: [3, 3, 4, 4], 5: [3, 3, 3, 4, 4]}[players]
    assert credits == expected


def test_two_players_have_two_discs_on_spaces_2_to_5() -> None:
    state = table(2, seed=3)
    first, second = state.order[0][0], state.order[1][0]
    assert [d[0] for d in state.order] == [first, second, first, second]
    assert state.to_move() == first


def test_first_game_uses_marked_sides_and_windfall_home_gets_its_good() -> None:
    state = table(5, seed=11)
    for player in state.players:
        home = state.tiles.world(player.home)
        assert home.home is not None and home.home.first_game
        has_good = player.home in player.goods
        assert has_good == (home.goods is GoodsType.WINDFALL)
    assert all(state.tiles.developments[d].first_game for d in state.supply)


def test_later_games_let_each_player_choose_a_home_side() -> None:
    state = table(3, seed=2, first_game=False)
    assert kinds(state) == {"home"}
    assert len(state.legal_decisions()) == 2


def test_we1_first_selection_start_player_acts_first_and_alone_gets_bonus() -> None:
    state = table(4, seed=4)
    start = state.order[0][0]
    credits = {p.seat: p.credits for p in state.players}
    state.apply(Decision("select", ("retreat",)))
    assert state.players[start].credits == credits[start] + 2
    assert all(p.credits == credits[p.seat] for p in state.players if p.seat != start)
    assert state.to_move() == state.order[1][0]
    assert "retreat" not in {d.args[0] for d in state.legal_decisions()}


def test_we2_third_action_executes_from_the_chooser_around_the_track() -> None:
    state = table(4, seed=5)
    red, blue, green, yellow = (d[0] for d in state.order)
    assert state.exec_order(state.order[2]) == [green, yellow, red, blue]


def test_a_chosen_tile_cannot_be_chosen_again_in_the_round() -> None:
    state = table(3, seed=6)
    state.apply(Decision("select", ("retreat",)))
    before = state.to_json()
    with pytest.raises(IllegalDecision):
        state.apply(Decision("select", ("retreat",)))
    assert state.to_json() == before


def test_we21_ambassador_in_a_two_player_game() -> None:
    state = table(2, seed=8)
    a, b = state.order[0][0], state.order[1][0]
    state.apply(Decision("select", ("retreat",)))  # A1
    state.apply(Decision("select", ("ambassador",)))  # B1 moves to first
    assert [d for d in state.order] == [[b, 0], [a, 0], [a, 1], [b, 1]]
    assert state.to_move() == a  # A2 selects next, then B2
    state.apply(Decision("select", ("develop",)))
    while state.queue and state.queue[0][0] != "select":
        pick(state, "pass")
    assert state.to_move() == b
    pick(state, "select", "produce")
    while state.round == 1:
        state.apply(state.legal_decisions()[-1])
    # Next round: B, A, A, B.
    assert [d[0] for d in state.order] == [b, a, a, b]
    assert state.to_move() == b


def test_we20_ambassador_takes_the_last_vp_chip_and_the_round_is_finished() -> None:
    state = table(3, seed=10)
    state.vp_general = 1
    give(state, 0, vp=35)  # keep the chip count consistent for the reader: 36 - 1
    chooser = state.order[0][0]
    state.apply(Decision("select", ("ambassador",)))
    assert state.order[0][0] == chooser
    assert state.vp_general == 0 and state.end_reasons == ["VP chips"]
    assert not state.is_over()
    while not state.is_over():
        state.apply(state.legal_decisions()[0])
    assert state.round == 1  # final scoring right after the round


def test_produce_tile_collects_a_credit_each_round_it_is_not_chosen() -> None:
    state = table(3, seed=12)
    for _ in range(2):
        for tile in ("retreat", "ambassador", "develop"):
            pick(state, "select", tile)
            while state.queue and state.queue[0][0] not in ("select", "start_round"):
                state.apply(state.legal_decisions()[-1])
    assert state.produce_credits == 2
    chooser = state.to_move()
    before = state.players[chooser].credits
    choose(state, chooser, "produce")
    while state.queue[0][0] != "select" and not state.is_over():
        state.apply(state.legal_decisions()[0])
    assert state.players[chooser].credits >= before + 2
    assert state.produce_credits == 0


def test_retreat_tile_is_replaced_by_set_galactic_goals_in_the_goals_variant() -> None:
    state = table(4, seed=13, goals=True)
    offered = {d.args[0] for d in state.legal_decisions()}
    assert ActionTile.GOALS.value in offered and ActionTile.RETREAT.value not in offered
    assert len(state.goal_pile) == 8
