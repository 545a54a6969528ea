"""Race's screen fits at its busiest moment (issue 42, point 3): a 6-player Rebel vs Imperium
game, the human exploring with +5 (seven cards drawn beside a hand of five) and reading a
long card. At 80x24, 120x40 and 200x60 every card of the hand and every decision row lie
whole inside what the screen shows, the hand starts at its first card after the terminal
shrinks and grows again, and larger terminals give the cards more of their text."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widget import Widget

from nfgalaxy.bots import make_bot
from nfgalaxy.core.protocol import new_game
from nfgalaxy.games.race.report import power_words
from nfgalaxy.games.race.rules import RaceGame
from nfgalaxy.games.race.ui.card_grid import CardGrid, Density
from nfgalaxy.games.race.ui.faces import card_full
from nfgalaxy.games.race.ui.hand import HandGrid
from nfgalaxy.games.race.ui.inspector import builtin_catalogue, catalogue_of, race_card_details
from nfgalaxy.games.race.ui.strip import NUMERALS, PHASE_WORDS, phases_line
from nfgalaxy.ui.app import NfGalaxyApp
from nfgalaxy.ui.screens.game import GameScreen
from nfgalaxy.ui.widgets.decisions import DecisionList
from nfgalaxy.ui.widgets.preview import DecisionPreview, tiles_of_decision
from tests.ui.layout import screen_grid, settle, snapshot_at, text_in
from tests.ui.test_fitting_screens import first_lines
from tests.ui.test_layout_sizes import SIZES
from tests.ui.test_race_app import RACE
from tests.ui.test_race_tableaux import show


def busiest(seed: int = 7) -> RaceGame:
    """A 6-player RvI game played by the engine (greedy bots; the human takes the first
    decision offered) to the human's Explore (+5) in round 2: seven cards to keep one of."""
    names = [f"P{seat + 1}" for seat in range(6)]
    state = new_game(RACE, players=6, seed=seed, options={"expansion": "rvi", "names": names})
    bots = [make_bot("greedy", seat) for seat in range(6)]
    while not (state.step_name() == "explore_keep" and state.to_move() == 0 and state.round > 1):
        seat = state.to_move()
        if seat:
            state.apply(bots[seat].choose(state))
            continue
        offered = state.legal_decisions()
        explore = state.step_name() == "choose_action" and state.round > 1
        state.apply(next((d for d in offered if explore and "explore_5" in d.args), offered[0]))
    return state


async def reach_busiest(app: NfGalaxyApp, pilot: Any) -> GameScreen:
    """The busiest moment on screen, the hand's cursor on the card with the longest text."""
    game = await show(app, pilot, busiest())
    await settle(app, pilot)
    state = game.state
    hand = game.query_one(HandGrid)
    longest = max(
        (i for i, card in enumerate(hand.card_ids) if card is not None),
        key=lambda i: len(card_full(state.cards[hand.card_ids[i]]).plain),
    )
    hand.focus(scroll_visible=False)  # as the board gives it the keys (take_focus)
    hand.move_to(longest)
    await settle(app, pilot)
    return game


def whole_in_sight(widget: Widget) -> bool:
    """The widget lies inside the screen and inside the part every scrolling ancestor shows
    (neither cut at an edge nor scrolled away)."""
    region = widget.region
    if not region or not widget.screen.region.contains_region(region):
        return False
    for ancestor in widget.ancestors:
        scrolls = isinstance(ancestor, Widget) and ancestor.is_scrollable
        if scrolls and not ancestor.scrollable_content_region.contains_region(region):
            return False
    return True


#: Every box-drawing character (the cells' borders, whatever their style).
BOXES = str.maketrans(dict.fromkeys(map(chr, range(0x2500, 0x2580)), " "))


def words_in(app: NfGalaxyApp, widget: Widget) -> str:
    """The words the screen shows in ``widget``, borders left out: a name wrapped in its
    cell reads whole."""
    return " ".join(text_in(app, widget).translate(BOXES).split())


def assert_hand_and_decisions_in_sight(app: NfGalaxyApp, game: GameScreen) -> None:
    state: RaceGame = game.state
    hand = game.query_one(HandGrid)
    p = state.players[0]
    assert len(p.explored) == 7 and len(p.hand) >= 5
    cards = [i for i, card in enumerate(hand.card_ids) if card is not None]
    assert len(cards) == len(p.explored) + len(p.hand)
    for index in cards:
        cell = hand.cells[index]
        name = state.cards[hand.card_ids[index]].name
        assert whole_in_sight(cell), (app.size, name, cell.region)
        assert " ".join(name.split()) in words_in(app, cell), (app.size, name)
    assert whole_in_sight(game.query_one("#choice-line")), app.size
    decisions = game.query_one(DecisionList)
    assert decisions.max_scroll_y == 0 and whole_in_sight(decisions), app.size
    shown = text_in(app, decisions)
    for decision in decisions.decisions:
        assert " ".join(decision.label.split()) in shown, (app.size, decision.label)


async def test_the_hand_and_every_choice_are_in_sight_at_each_size_and_after_resizing() -> None:
    """Each size in turn on one game: 200x60, shrunk to 80x24, grown to 120x40; the hand
    starts at its first card each time (it kept a stale scroll after shrinking), every card
    and choice in sight."""
    app = NfGalaxyApp(bot_delay=0, seed=7)
    async with app.run_test(size=(200, 60)) as pilot:
        game = await reach_busiest(app, pilot)
        hand = game.query_one(HandGrid)
        for size in [(200, 60), (80, 24), (120, 40)]:
            await pilot.resize_terminal(*size)
            await settle(app, pilot)
            assert_hand_and_decisions_in_sight(app, game)
            assert hand.scroll_offset == (0, 0), size
            assert hand.cells[0].region.y == hand.content_region.y, size  # its first row


async def test_larger_terminals_show_more_of_each_card() -> None:
    """At 200x60 the cards keep their borders and price lines; at 80x24 they are one line
    each, the whole text in the card preview below."""
    app = NfGalaxyApp(bot_delay=0, seed=7)
    async with app.run_test(size=(200, 60)) as pilot:
        game = await reach_busiest(app, pilot)
        hand: CardGrid = game.query_one(HandGrid)
        assert hand.density is not Density.LINE and hand.columns >= 3
        await pilot.resize_terminal(80, 24)
        await settle(app, pilot)
        assert hand.density is Density.LINE


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_race_busiest_snapshot(size: tuple[int, int]) -> None:
    await snapshot_at("race_busiest", size, 7, reach_busiest)


def test_the_phase_strip_breaks_between_phases_and_fits_one_line_at_120_columns() -> None:
    """At 120 columns the strip (116 inside its border) split "V Produce" after its "V"."""
    state = busiest()
    for width, lines in ((116, 1), (60, 2)):
        shown = phases_line(state, width).plain.splitlines()
        assert len(shown) == lines and all(len(line) <= width for line in shown), shown
        for numeral, label in zip(NUMERALS.values(), PHASE_WORDS.values(), strict=True):
            assert any(f"{numeral} {label}" in line for line in shown), (label, shown)


def test_the_decision_preview_begins_a_cards_powers_in_its_first_four_lines() -> None:
    """At 80x24 a preview has 4 lines of 36 columns: it showed the card's name, kind, goods and
    a blank line, and never its powers."""
    for card in builtin_catalogue().by_id.values():
        if not card.powers:
            continue
        shown = " ".join(first_lines(race_card_details(card), 36, 4).split())
        power = " ".join(power_words(card.powers[0]).split())
        assert power[:24] in shown, card.name
        if len(card.name) + len(card.id) <= 32 and len(power) <= 60:
            assert power in shown, card.name


async def test_names_are_whole_at_200_columns() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=7)
    async with app.run_test(size=(200, 60)) as pilot:
        game = await reach_busiest(app, pilot)
        state = game.state
        assert "…" not in "\n".join(screen_grid(app))
        mine = words_in(app, game.query_one("#tableau-0"))
        for card_id in state.players[0].tableau:
            assert state.cards[card_id].name in mine


async def test_at_80x24_the_decision_preview_stays_while_the_choices_fit_beside_it() -> None:
    """Race's board previews the hand's cards, so at 80x24 the shared preview gives its rows to
    the decisions only while they need them: the two start worlds keep their text in sight."""
    names = ["P1", "P2", "P3"]
    state = new_game(RACE, players=3, seed=5, options={"expansion": "rvi", "names": names})
    assert state.step_name() == "start_world" and state.to_move() == 0
    app = NfGalaxyApp(bot_delay=0, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await show(app, pilot, state)
        await settle(app, pilot)
        decisions, preview = game.query_one(DecisionList), game.query_one(DecisionPreview)
        assert len(decisions.decisions) == 2 and decisions.max_scroll_y == 0
        assert preview.display and whole_in_sight(preview)
        card = tiles_of_decision(decisions.decisions[0], catalogue_of(game.state))[0]
        assert card.name in words_in(app, preview)
