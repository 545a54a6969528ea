"""The one-widget choice of the new-game form (``Cycle``): the keys and a click step through
its words, setting its value tells the form, and a value it does not offer is refused."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult

from nfgalaxy.ui.widgets.cycle import Cycle

KINDS = [("Human", "human"), ("Bot: normal (search)", "normal"), ("Empty seat", "empty")]


class OneCycle(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.changes: list[object] = []

    def compose(self) -> ComposeResult:
        yield Cycle(KINDS, value="human", id="kind")

    def on_cycle_changed(self, event: Cycle.Changed) -> None:
        self.changes.append(event.value)


def shown(app: App[None]) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def test_the_arrows_space_and_enter_step_through_the_words_and_wrap() -> None:
    app = OneCycle()
    async with app.run_test(size=(40, 5)) as pilot:
        cycle = app.query_one(Cycle)
        assert app.focused is cycle
        assert "◂ Human" in shown(app)
        await pilot.press("right")
        assert cycle.value == "normal"
        await pilot.press("space", "enter")
        assert cycle.value == "human", "stepping on from the last word wraps to the first"
        await pilot.press("left")
        assert cycle.value == "empty"
        await pilot.pause()
        assert "Empty seat" in shown(app)
        assert app.changes == ["normal", "empty", "human", "empty"]


async def test_a_click_steps_on_and_setting_the_value_is_told_as_a_change() -> None:
    app = OneCycle()
    async with app.run_test(size=(40, 5)) as pilot:
        cycle = app.query_one(Cycle)
        await pilot.click("#kind")
        assert cycle.value == "normal"
        cycle.value = "empty"
        await pilot.pause()
        assert app.changes == ["normal", "empty"]
        with pytest.raises(ValueError, match="none of the choices"):
            cycle.value = "expert"
        assert cycle.value == "empty"


def test_a_cycle_needs_choices_and_a_value_among_them() -> None:
    with pytest.raises(ValueError, match="at least one"):
        Cycle([], value="human")
    with pytest.raises(ValueError, match="none of the choices"):
        Cycle(KINDS, value="hard")
