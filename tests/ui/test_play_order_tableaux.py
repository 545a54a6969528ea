"""The tableaux follow play order (issue 42.4): the viewer's (or the one to move's) first, then
the others round the table from it as the rules pass the turn, not the others by seat number
or the start player's order with the first one taken out (2, 0, 1 seen from 0 is 0, 1, 2:
1 plays after 0)."""

from __future__ import annotations

from nfgalaxy.core.protocol import new_game
from nfgalaxy.core.seats import round_from
from nfgalaxy.games.new_frontiers.ui.board import tableau_order as nf_order
from nfgalaxy.games.race.ui.board import tableau_order as race_order
from nfgalaxy.games.roll.ui.board import tableau_order as roll_order
from nfgalaxy.games.roll.ui.phase_tiles import phase_tiles_text
from nfgalaxy.games.roll.ui.tableau import RollTableau
from nfgalaxy.games.space_merchant.pack import generate_pack
from nfgalaxy.games.space_merchant.rules.game import MerchantGame
from nfgalaxy.games.space_merchant.ui.end import merchant_details
from nfgalaxy.table import Seat
from nfgalaxy.ui.app import NfGalaxyApp
from tests.ui.test_race_layout import until_asked


def test_round_from_goes_on_round_the_table_from_the_first_seat() -> None:
    assert round_from([2, 0, 1], 0) == [0, 1, 2]
    assert round_from([2, 3, 4, 5, 0, 1], 4) == [4, 5, 0, 1, 2, 3]
    assert round_from([2, 0, 1], None) == [2, 0, 1]
    assert round_from(range(3), 7) == [0, 1, 2]


def test_race_lists_the_others_round_the_table_from_the_viewer() -> None:
    state = next(
        g
        for seed in range(1, 40)
        if (g := new_game("race-for-the-galaxy", players=4, seed=seed)).order[0] == 2
    )
    assert state.order == [2, 3, 0, 1]
    assert race_order(state, 0) == [0, 1, 2, 3]  # was 0, 2, 3, 1
    assert race_order(state, None) == round_from(state.order, state.to_move())


def test_roll_lists_the_others_clockwise_from_the_viewer() -> None:
    """Roll's player order is clockwise from the lowest faction (§10); the engine's order is
    by faction number (0, 2, 1 here), which does not go round the table."""
    state = new_game("roll-for-the-galaxy", players=3, seed=1)
    assert state.order == [0, 2, 1]
    assert roll_order(state, 0) == [0, 1, 2]
    assert roll_order(state, 2) == [2, 0, 1]


def test_new_frontiers_lists_the_others_on_the_priority_track_from_the_mover() -> None:
    state = new_game("new-frontiers", players=3, seed=3)
    assert [seat for seat, _disc in state.order] == [2, 1, 0] and state.to_move() == 2
    assert nf_order(state) == [2, 1, 0]  # was 2, 0, 1: by seat number


async def test_the_roll_screen_shows_the_empires_in_that_order() -> None:
    state = new_game("roll-for-the-galaxy", players=3, seed=1)
    app = NfGalaxyApp(bot_delay=0, seed=1)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        app.show_game(
            state, [Seat(state.name(0)), *(Seat(state.name(s), "greedy") for s in (1, 2))]
        )
        await until_asked(app, pilot)
        empires = app.screen.query_one("#empires")
        shown = [w.id for w in empires.children if isinstance(w, RollTableau)]
        assert shown == ["tableau-0", "tableau-1", "tableau-2"]


def test_roll_names_the_players_who_selected_a_phase_in_player_order() -> None:
    """Clockwise from the lowest faction (seat 1 here), not by seat number."""
    state = new_game("roll-for-the-galaxy", players=3, seed=2)
    assert state.order[0] == 1
    for p in state.players:
        p.selected = "explore"
    state.revealed, state.phases = True, ["explore"]
    names = [state.players[s].name for s in (1, 2, 0)]
    assert f"Explore: {', '.join(names)}" in phase_tiles_text(state).plain


def test_space_merchant_ends_with_the_merchants_in_turn_order() -> None:
    state = next(
        g
        for seed in range(1, 40)
        if (g := MerchantGame.new(generate_pack(5), seed, {"players": 3})).order[0] != 0
    )
    lines = merchant_details(state)
    assert [line.split(":")[0] for line in lines] == [state.players[s].name for s in state.order]
