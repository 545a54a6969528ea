"""Hot-seat Race: the second player's screen shows nothing of the first player's secret action
card or face-down card before the reveal, and the first player's own screen shows them."""

from __future__ import annotations

from textual.widget import Widget

from nfgalaxy.games.race.rules import RaceGame
from nfgalaxy.games.race.ui.secrets import action_words
from nfgalaxy.ui.app import NfGalaxyApp
from nfgalaxy.ui.screens.game import GameScreen
from nfgalaxy.ui.screens.privacy import PrivacyScreen
from tests.ui.test_race_app import start_race

SIZE = (120, 40)


def screen_text(app: NfGalaxyApp, widget: Widget) -> str:
    """What the terminal shows in the widget's part of the screen, as plain text."""
    region = widget.region
    strips = app.screen._compositor.render_strips()
    return "\n".join(s.text[region.x : region.right] for s in strips[region.y : region.bottom])


def public_parts(app: NfGalaxyApp, game: GameScreen) -> dict[str, str]:
    """Everything on screen but the seat's own hand, preview and decisions."""
    return {
        "strip": screen_text(app, game.query_one("#strip")),
        "P1 tableau": screen_text(app, game.query_one("#tableau-0")),
        "log": screen_text(app, game.query_one("#log")),
    }


async def test_the_second_player_sees_nothing_of_the_first_players_secret_choices() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=3)
    async with app.run_test(size=SIZE) as pilot:
        game = await start_race(app, pilot, ["human", "human"])
        state = game.state
        assert isinstance(state, RaceGame)
        placed = ""
        checked: set[str] = set()
        for _ in range(300):
            await pilot.pause()
            if checked == {"action", "placement"}:
                break
            if isinstance(app.screen, PrivacyScreen):
                # Behind the privacy screen nobody's hand shows.
                assert game.query_one("#board").viewer is None
                await pilot.press("enter")
                continue
            if not game.query_one("#decisions").decisions:
                continue
            step, seat = state.step_name(), state.to_move()
            if step == "choose_action" and seat == 0:
                await pilot.press("4")  # Settle
                # The chooser alone would be told their card (the keyboard has passed on).
                assert "you chose Settle" in action_words(state, 0, 0)
                assert action_words(state, 0, 1) == "has chosen"
                continue
            if step == "choose_action" and seat == 1:
                for part, text in public_parts(app, game).items():
                    assert "Settle (secret" not in text and "P1 Settle" not in text, part
                    assert "you chose" not in text, part
                assert "has chosen" in public_parts(app, game)["P1 tableau"]
                checked.add("action")
                await pilot.press("4")
                continue
            if step == "choose_placement" and seat == 0:
                options = game.query_one("#decisions").decisions
                assert len(options) > 1, "P1 has no world to settle with this seed"
                placed = state.card_name(options[1].args[0])
                await pilot.press("2")
                continue
            if step == "choose_placement" and seat == 1:
                assert placed
                for part, text in public_parts(app, game).items():
                    assert placed not in text, f"{placed} shows in the {part}"
                assert "has chosen a card (face down)" in public_parts(app, game)["P1 tableau"]
                checked.add("placement")
                await pilot.press("1")
                continue
            await pilot.press("d", "enter")  # the first decision (from the list)
        assert checked == {"action", "placement"}
        for _ in range(20):  # after the reveal everyone sees the card being placed
            await pilot.pause()
            if isinstance(app.screen, PrivacyScreen):
                await pilot.press("enter")
            if placed in screen_text(app, game.query_one("#tableau-0")):
                break
        assert placed in screen_text(app, game.query_one("#tableau-0"))
