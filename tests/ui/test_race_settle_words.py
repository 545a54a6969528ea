"""On screen, a world to settle says what it takes (issue 42, point 3): the decision list's
"Settle X (conquer: military 2 vs 2 needed)" and the same words under the card in the hand."""

from __future__ import annotations

from nfgalaxy.bots import make_bot
from nfgalaxy.core.protocol import new_game
from nfgalaxy.games.race.rules import RaceGame, Step
from nfgalaxy.ui.app import NfGalaxyApp
from tests.ui.layout import text_in
from tests.ui.test_race_composed import show


def settle_choice_with_a_conquest(seed: int) -> RaceGame:
    """Random bots until seat 0 chooses a world to settle and one would be conquered."""
    state = new_game("race-for-the-galaxy", players=2, seed=seed)
    bots = [make_bot("random", seat) for seat in range(2)]
    for _ in range(5000):
        asked = state.step_name() == Step.CHOOSE_PLACEMENT and state.to_move() == 0
        if asked and any("conquer: military" in d.label for d in state.legal_decisions()):
            return state
        state.apply(bots[state.to_move()].choose(state))
    raise AssertionError("no conquest offered to seat 0")


async def test_the_settle_choice_and_the_hand_say_what_each_world_takes() -> None:
    state = settle_choice_with_a_conquest(3)
    label = next(d.label for d in state.legal_decisions() if "conquer: military" in d.label)
    world = label.removeprefix("Settle ").split(" (")[0]
    words = label.split(" (", 1)[1].removesuffix(")")
    app = NfGalaxyApp(bot_delay=0, seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await show(app, pilot, state)
        decisions = screen.query_one("#decisions")
        decisions.highlighted = next(
            i for i, d in enumerate(decisions.decisions) if d.label == label
        )
        await pilot.pause()
        assert " ".join(label.split()) in text_in(app, decisions)
        hand = screen.query_one("#hand")
        cell = hand.cells[
            next(i for i, c in enumerate(hand.card_ids) if c and state.card_name(c) == world)
        ]
        assert f"→ {words}" in str(cell.content)
