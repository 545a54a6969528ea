"""Race's choices of several cards are composed in the hand (issue 42, point 2): Space (or a
click) chooses a card or puts it back, a live line keeps count, Enter confirms and sends the
engine's own decisions; a wrong count is refused with the count in words, and the choice can
be changed freely until it is confirmed. The decision list still offers the engine's
decisions one at a time."""

from __future__ import annotations

from typing import Any

from nfgalaxy.bots import make_bot
from nfgalaxy.core.protocol import new_game
from nfgalaxy.games.race.rules import RaceGame
from nfgalaxy.games.race.rules import levels as race_levels
from nfgalaxy.games.race.ui.compose import HAND, composition
from nfgalaxy.games.race.ui.hand import HandGrid
from nfgalaxy.games.race.ui.strip import setup_words
from nfgalaxy.table import Seat
from nfgalaxy.ui.app import NfGalaxyApp
from nfgalaxy.ui.screens.game import GameScreen
from nfgalaxy.ui.widgets.footer import KeysFooter
from tests.conformance.test_player_words import SPEC_OR_FORMULA
from tests.race.test_expansion_setup import game, with_start
from tests.ui.layout import screen_grid, settle, text_in
from tests.ui.test_race_app import start_race
from tests.ui.test_race_layout import until_asked

SIZE = (120, 40)


def reach(step: str, seed: int, want: int = 2, **options: Any) -> RaceGame:
    """A 2-player game played by random bots until seat 0 is to compose ``step`` of at least
    ``want`` cards (the engine alone: quick, and the same game every time)."""
    state = new_game("race-for-the-galaxy", players=2, seed=seed, options=options)
    bots = [make_bot("random", seat) for seat in range(2)]
    for _ in range(3000):
        if state.step_name() == step and state.to_move() == 0:
            found = composition(state, 0)
            if found is not None and found.count >= want:
                return state
        state.apply(bots[state.to_move()].choose(state))
    raise AssertionError(f"seat 0 was never asked {step} with seed {seed}")


async def show(app: NfGalaxyApp, pilot, state: RaceGame) -> GameScreen:
    """The game on the app, seat 0 at the keyboard, seat 1 a bot; until seat 0 is asked and
    the screen is still (the hand is fitted to its room, and scrolled, after a refresh)."""
    await pilot.pause()
    app.show_game(state, [Seat(state.name(0)), Seat(state.name(1), "greedy")])
    await until_asked(app, pilot)
    await settle(app, pilot)
    assert isinstance(app.screen, GameScreen)
    return app.screen


def line(app: NfGalaxyApp) -> str:
    return text_in(app, app.screen.query_one("#choice-line"))


def footer(app: NfGalaxyApp) -> str:
    """The footer's rows (two where one cannot hold its keys), as one line."""
    rows = app.screen.query_one(KeysFooter).region.height or 1
    return " ".join(screen_grid(app)[-rows:])


def said(app: NfGalaxyApp) -> list[str]:
    return [n.message for n in app._notifications]


async def press(pilot, *keys: str) -> None:
    await pilot.press(*keys)
    await pilot.pause()


async def test_start_discards_are_chosen_in_the_hand_and_sent_as_the_one_engine_decision() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=5)
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_race(app, pilot, ["human", "greedy"])
        await until_asked(app, pilot)
        state = screen.state
        hand = screen.query_one(HandGrid)
        assert state.step_name() == "start_discard" and app.focused is hand
        assert len(screen.query_one("#decisions").decisions) == 15  # still listed, one by one
        assert "Space Choose / put back" in footer(app) and "Confirm choice" in footer(app)
        assert "Discard 2 of your 6 cards: 0 of 2 chosen · left in hand 6" in line(app)
        cards = list(hand.card_ids)
        await press(pilot, "space")
        assert "1 of 2 chosen · left in hand 5" in line(app)
        assert f"Chosen: {state.card_name(cards[0])}" in line(app)
        before = len(state.history)
        await press(pilot, "enter")  # one card is not two
        assert "Choose 2 cards to discard, 1 chosen." in said(app)
        assert len(state.history) == before
        await press(pilot, "right", "space")
        assert "2 of 2 chosen · left in hand 4" in line(app)
        await press(pilot, "left", "space")  # changed: the first goes back
        assert "1 of 2 chosen" in line(app)
        hand.cells[2].scroll_visible(animate=False)
        await pilot.pause()
        await pilot.click(hand.cells[2])  # a click chooses too
        await pilot.pause()
        assert "2 of 2 chosen" in line(app) and hand.cells[2].has_class("-chosen")
        assert "✓ discard" in str(hand.cells[2].content)  # in words, not colour alone
        await press(pilot, "enter")
        await until_asked(app, pilot)
        mine = [entry for entry in state.history if entry["seat"] == 0]
        assert mine[0] == {"kind": "discard", "args": sorted(cards[1:3]), "seat": 0}
        assert not screen.query_one("#choice-line").display  # the action choice is a list


async def test_ancient_race_discards_three_in_the_hand() -> None:
    state = reach("start_discard", 9, want=3, expansion="rvi")
    app = NfGalaxyApp(bot_delay=0, seed=9)
    async with app.run_test(size=SIZE) as pilot:
        screen = await show(app, pilot, state)
        assert "Discard 3 of your 6 cards: 0 of 3 chosen" in line(app)
        # The phase strip's setup line says so too (issue 42.4: it said "discard 2").
        assert "Setup: discard 3 of your 6 cards" in text_in(app, screen.query_one("#strip"))
        await press(pilot, "space", "right", "space", "enter")
        assert "Choose 3 cards to discard, 2 chosen." in said(app)
        cards = screen.query_one(HandGrid).card_ids[:3]
        before = len(state.history)
        await press(pilot, "right", "space", "enter")
        await pilot.pause()
        assert state.history[before] == {"kind": "discard", "args": sorted(cards), "seat": 0}


async def test_paying_is_composed_and_sent_as_one_decision_per_card() -> None:
    state = reach("pay", 4, want=2)
    p = state.players[0]
    cost = p.owed
    app = NfGalaxyApp(bot_delay=0, seed=4)
    async with app.run_test(size=SIZE) as pilot:
        screen = await show(app, pilot, state)
        hand = screen.query_one(HandGrid)
        assert app.focused is hand
        size = len(p.hand)
        placed = state.card_name(p.tableau[-1])
        assert (
            f"Pay for {placed}: 0 of {cost} chosen · cost after reductions {cost} · "
            f"left in hand {size}"
        ) in line(app)
        await press(pilot, "enter")
        assert f"Choose {cost} cards to pay with, 0 chosen." in said(app)
        keys = ["space"] + ["right", "space"] * (cost - 1)
        await press(pilot, *keys)
        assert f"{cost} of {cost} chosen · cost after reductions {cost} · " in line(app)
        assert f"left in hand {size - cost}" in line(app)
        chosen = hand.chosen_cards()
        before = len(state.history)
        await press(pilot, "enter")
        await pilot.pause()
        paid = state.history[before : before + cost]
        assert [(e["kind"], e["args"], e["seat"]) for e in paid] == [
            ("pay", [card], 0) for card in chosen
        ]
        assert p.owed == 0


async def test_explore_keeps_the_cards_chosen_among_those_explored() -> None:
    state = reach("explore_keep", 2, want=2)
    p = state.players[0]
    keep, drawn = p.keep, len(p.explored)
    app = NfGalaxyApp(bot_delay=0, seed=2)
    async with app.run_test(size=SIZE) as pilot:
        screen = await show(app, pilot, state)
        hand = screen.query_one(HandGrid)
        assert f"Keep {keep} of the {drawn} cards explored: 0 of {keep} chosen" in line(app)
        await press(pilot, "end", "space")  # a hand card is not one explored
        assert any("choose among the cards you explored" in n for n in said(app))
        assert "0 of" in line(app)
        await press(pilot, "home", "space")
        assert f"1 of {keep} chosen · the other {drawn - keep} discarded" in line(app)
        await press(pilot, "enter")
        assert f"Choose {keep} cards to keep, 1 chosen." in said(app)
        await press(pilot, *["right", "space"] * (keep - 1))
        kept = hand.chosen_cards()
        before = len(state.history)
        await press(pilot, "enter")
        await pilot.pause()
        entries = state.history[before : before + keep]
        assert [(e["kind"], e["args"]) for e in entries] == [("keep", [c]) for c in kept]
        assert all(card in p.hand for card in kept)


async def test_explore_mix_discards_are_chosen_in_the_whole_hand() -> None:
    state = reach("explore_discard", 7, want=2, expansion="rvi")
    p = state.players[0]
    app = NfGalaxyApp(bot_delay=0, seed=7)
    async with app.run_test(size=SIZE) as pilot:
        screen = await show(app, pilot, state)
        hand = screen.query_one(HandGrid)
        size = len(p.hand)
        assert f"Explore mix: discard 2 from your hand: 0 of 2 chosen · left in hand {size}" in (
            line(app)
        )
        await press(pilot, "space", "right", "space", "right", "space")
        assert "3 of 2 chosen (1 too many)" in line(app)
        await press(pilot, "enter")
        assert "Choose 2 cards to discard, 3 chosen." in said(app)
        await press(pilot, "space")  # the third goes back
        gone = hand.chosen_cards()
        before = len(state.history)
        await press(pilot, "enter")
        await pilot.pause()
        assert len(p.hand) == size - 2
        assert [e["args"] for e in state.history[before : before + 2]] == [[c] for c in gone]


async def test_the_hand_limit_discards_are_chosen_in_the_hand() -> None:
    state = reach("hand_limit", 3, want=2)
    p = state.players[0]
    extra = len(p.hand) - 10
    app = NfGalaxyApp(bot_delay=0, seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await show(app, pilot, state)
        assert f"Discard down to the hand limit of 10: 0 of {extra} chosen" in line(app)
        await press(pilot, *["space", "right"] * extra)
        assert f"{extra} of {extra} chosen · left in hand 10" in line(app)
        before = len(state.history)
        await press(pilot, "enter")
        await pilot.pause()
        assert len(p.hand) == 10
        mine = state.history[before : before + extra]
        assert [(e["kind"], e["seat"]) for e in mine] == [("discard", 0)] * extra


async def test_the_advanced_games_two_action_cards_are_chosen_in_the_hand() -> None:
    state = reach("choose_action", 5, advanced=True)
    app = NfGalaxyApp(bot_delay=0, seed=5)
    async with app.run_test(size=SIZE) as pilot:
        screen = await show(app, pilot, state)
        hand = screen.query_one(HandGrid)
        assert app.focused is hand
        assert hand.card_ids[1:4] == ["action:explore_5", "action:explore_1_1", "action:develop"]
        assert "Choose 2 action cards: 0 of 2 chosen" in line(app)
        assert "Develop (second card)" in str(hand.cells[4].content)
        await press(pilot, "space")  # Explore (+5)
        await press(pilot, "right", "right", "right", "space")  # Develop (second card)
        assert "Chosen: Explore (+5), Develop (second card)" in line(app)
        before = len(state.history)
        await press(pilot, "enter")  # the engine refuses the pair, with its rule
        assert any("only together with the first" in n for n in said(app))
        assert len(state.history) == before
        await press(pilot, "home", "space", "right", "right", "space")  # for Develop
        assert "Chosen: Develop (second card), Develop" in line(app)
        await press(pilot, "enter")
        await pilot.pause()
        assert sorted(state.players[0].actions) == ["develop", "develop_2"]


def test_the_setup_line_counts_the_discards_of_the_start_world_kept() -> None:
    """Before an RvI start world is kept, the line says what each choice means; after, the
    count of the world kept (Ancient Race keeps 3 of the 6, so 3 go)."""
    state = with_start("rvi", "ancient_race")
    assert state.step_name() == "start_world" and state.to_move() == 0
    assert setup_words(state, 0) == (
        "Setup: keep a start world, then discard 2 of your 6 cards (3 if you keep Ancient Race)"
    )
    state.apply(next(d for d in state.legal_decisions() if d.args == ("ancient_race",)))
    assert setup_words(state, 0) == "Setup: discard 3 of your 6 cards"


def test_a_card_kept_out_of_the_start_discard_says_why_without_a_rule_section() -> None:
    state = game("rvi", 2, seed=3, scenario=True)
    seat = state.to_move()
    found = composition(state, seat)
    assert found is not None
    side_card = next(c for c in state.players[seat].hand if c in race_levels.SCENARIO_CARDS)
    why = found.why_not(HAND, side_card)
    assert why == "it joins your hand after the initial discard", why
    assert not SPEC_OR_FORMULA.search(why)
