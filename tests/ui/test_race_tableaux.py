"""The others' powers without the inspector (issue 42, point 3): every tableau shows each
card's powers in short form, as the hand does, and ``t`` steps through the tableaux (five or
six cannot all be on screen), bringing each into view."""

from __future__ import annotations

from nfgalaxy.bots import make_bot
from nfgalaxy.core.protocol import new_game
from nfgalaxy.core.seats import round_from
from nfgalaxy.games.race.rules import RaceGame
from nfgalaxy.games.race.ui.faces import power_short
from nfgalaxy.games.race.ui.tableau import RaceTableau
from nfgalaxy.table import Seat
from nfgalaxy.ui.app import NfGalaxyApp
from nfgalaxy.ui.screens.game import GameScreen
from tests.ui.layout import screen_grid, text_in
from tests.ui.test_race_layout import until_asked


def played(players: int, seed: int, rounds: int, **options) -> RaceGame:
    """Greedy bots play until round ``rounds``, seat 0 to move."""
    state = new_game("race-for-the-galaxy", players=players, seed=seed, options=options)
    bots = [make_bot("greedy", seat) for seat in range(players)]
    while not (state.round >= rounds and state.to_move() == 0):
        state.apply(bots[state.to_move()].choose(state))
    return state


async def show(app: NfGalaxyApp, pilot, state: RaceGame) -> GameScreen:
    await pilot.pause()
    seats = [Seat(state.name(0))] + [
        Seat(state.name(s), "greedy") for s in range(1, len(state.players))
    ]
    app.show_game(state, seats)
    await until_asked(app, pilot)
    assert isinstance(app.screen, GameScreen)
    return app.screen


def words(text: str) -> str:
    return " ".join(text.split())


async def test_another_players_tableau_shows_each_cards_powers() -> None:
    state = played(3, 4, 4)
    other = state.players[1]
    powers = [power_short(p) for c in other.tableau for p in state.cards[c].powers]
    assert len(powers) >= 2, "the other player has too few powers with this seed"
    app = NfGalaxyApp(bot_delay=0, seed=4)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await show(app, pilot, state)
        tableau = screen.query_one("#tableau-1", RaceTableau)
        await pilot.press("b")
        for _ in range(4):
            if app.focused is tableau:
                break
            await pilot.press("t")
            await pilot.pause()
        assert app.focused is tableau
        shown = words(text_in(app, tableau))
        for card_id in other.tableau:
            assert state.card_name(card_id) in shown
        for power in powers:
            assert words(power) in shown, power


async def test_t_steps_through_six_tableaux_each_in_view() -> None:
    state = played(6, 7, 2, expansion="rvi")
    app = NfGalaxyApp(bot_delay=0, seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await show(app, pilot, state)
        await pilot.press("b")
        await pilot.pause()
        assert "t Next tableau" in screen_grid(app)[-1]
        order = round_from(state.order, 0)  # play order round the table from the viewer
        assert state.order == [2, 3, 4, 5, 0, 1] and order == [0, 1, 2, 3, 4, 5]
        for seat in [*order, order[0]]:  # the viewer's first, the others, then round again
            await pilot.press("t")
            await pilot.pause()
            await pilot.pause()
            focused = app.focused
            assert isinstance(focused, RaceTableau) and focused.id == f"tableau-{seat}"
            empires = screen.query_one("#empires").region
            assert empires.contains(focused.region.x, focused.region.y)  # its top in view
            assert state.name(seat) in text_in(app, focused)
