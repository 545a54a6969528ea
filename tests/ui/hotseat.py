"""A hot-seat game driven through the app with every key the screen offers, checking that no
screen shown to the human at the keyboard holds another seat's secret.

The checks do not know any game's secrets by name. They rest on the engine's own account of
hidden information: ``view(seat, rng)`` is a full game that keeps everything ``seat`` may know
and re-deals the rest. A screen shown to a seat is drawn again from such views, with the real
game swapped out under it; if any part of it changes, it showed something the seat may not know
(another's hand, dice, action card, placement or declaration). The other checks follow the
people, not the widgets: the keyboard passes to another human only through a privacy screen
naming them, no key takes back another seat's decision, and nothing said on screen during one
player's turn (a notice, a hint) is still there for the next.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from nfgalaxy.core.rng import Rng
from nfgalaxy.ui.app import NfGalaxyApp
from nfgalaxy.ui.hints import THINKING
from nfgalaxy.ui.screens.game import GameScreen
from nfgalaxy.ui.screens.privacy import PrivacyScreen
from nfgalaxy.ui.widgets.decisions import DecisionList

#: Keys that hand the game to the next step by deciding (the holder's own decision, judged
#: by the engine) rather than show or take back anything: the probe leaves them to the flow.
DECIDING = {"enter", "space"} | set("123456789")
#: Keys that leave the app: nothing is shown after them.
LEAVING = {"ctrl+q"}
#: Twins (re-dealt views) a screen is compared with: with two, a secret that a single re-deal
#: happened to deal the same (a die rolled to the same face) is still caught.
TWINS = 2


def screen_text(app: NfGalaxyApp) -> str:
    """The terminal as the player sees it now, as plain text."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def steady_text(app: NfGalaxyApp, pilot: Any) -> str:
    """The screen once it has stopped changing (a footer redrawn after new bindings)."""
    text = screen_text(app)
    for _ in range(20):
        await pilot.pause()
        again = screen_text(app)
        if again == text:
            return text
        text = again
    return text


def notices(app: NfGalaxyApp) -> list[str]:
    return [f"{n.title}: {n.message}" for n in app._notifications]


def enabled_keys(app: NfGalaxyApp) -> list[str]:
    """A key for every binding enabled on the screen now (the footer's and the hidden ones);
    of several keys for one action of one widget (``?`` and F1 for help), the first."""
    seen: set[tuple[int, str]] = set()
    keys = []
    for key, active in sorted(app.active_bindings.items()):
        action = (id(active.node), active.binding.action)
        if active.enabled and action not in seen:
            seen.add(action)
            keys.append(key)
    return keys


@dataclass
class Coverage:
    """What a run went through, so a test can insist it met the moments that matter."""

    handovers: int = 0
    keys: set[str] = field(default_factory=set)
    undone: int = 0
    refused_undos: int = 0
    steps: set[str] = field(default_factory=set)
    bot_waits: int = 0


class HotSeat:
    """Drives one game on the app: decisions at random (seeded), every offered key probed at
    each hand-over, and every screen checked against the keyboard holder's knowledge."""

    def __init__(self, app: NfGalaxyApp, pilot: Any, seed: int, step_of=None) -> None:
        self.app = app
        self.pilot = pilot
        self.seed = seed
        self.rng = random.Random(seed)
        self.twin_rng = Rng(seed)
        self.holder: int | None = None
        self.coverage = Coverage()
        #: The screens of the position at hand already drawn again from twins.
        self.verified: dict[tuple[int, int, int | None], set[str]] = {}
        #: The engine's name for the decision at hand (for coverage), if the game has one.
        self.step_of = step_of or (lambda state: getattr(state, "step_name", lambda: "")())

    @property
    def game(self) -> GameScreen:
        games = [s for s in self.app.screen_stack if isinstance(s, GameScreen)]
        assert games, "no game screen"
        return games[0]

    async def settle(self, times: int = 1) -> None:
        for _ in range(times):
            await self.pilot.pause()

    async def steady_text(self) -> str:
        return await steady_text(self.app, self.pilot)

    # ------------------------------------------------------------------ the checks

    def humans(self) -> list[int]:
        return self.game.table.humans()

    def check_game_screen(self, where: str) -> None:
        """The game screen shows the holder's knowledge at most, and offers decisions to
        nobody but them."""
        game = self.game
        assert game.viewer() in (self.holder, None), (
            f"{where}: the screen shows seat {game.viewer()}'s private view while "
            f"seat {self.holder} holds the keyboard"
        )
        if game.query_one(DecisionList).decisions:
            assert game.state.to_move() == self.holder, (
                f"{where}: seat {game.state.to_move()}'s decisions are offered to "
                f"seat {self.holder}"
            )

    async def check_twins(self, where: str) -> None:
        """Drawn again from re-dealt views of the holder's knowledge, the screen is the same."""
        game = self.game
        if self.holder is None or not isinstance(self.app.screen, GameScreen):
            return
        self.check_game_screen(where)
        mover = game.state.to_move()
        if mover is None or game.table.is_bot(mover):
            return  # a bot's move may land any moment: it must not land on a twin
        real = game.table._state
        shown = await self.steady_text()
        position = (len(real.history), game.table.version, self.holder)
        if shown in self.verified.get(position, set()):
            return  # this very screen was drawn again from twins already
        offered = [d.label for d in game.query_one(DecisionList).decisions]
        try:
            for _ in range(TWINS):
                twin = real.view(self.holder, self.twin_rng)
                twin.history = list(real.history)  # what undo and the footer read
                if offered:
                    assert [d.label for d in twin.legal_decisions()] == offered, (
                        f"{where}: the decisions offered rest on what the holder cannot know"
                    )
                game.table._state = twin
                game.refresh_table()
                again = await self.steady_text()
                if again != shown:
                    raise AssertionError(
                        f"{where}: the screen shown to seat {self.holder} changes when what "
                        f"they cannot know is re-dealt:\n{_diff(shown, again)}"
                    )
        finally:
            game.table._state = real
            game.refresh_table()
            await self.settle(1)
        self.verified = {position: self.verified.get(position, set()) | {shown}}

    def check_history(self, before: list[dict[str, Any]], key: str) -> None:
        """No key takes back another seat's decision, or anything but the last one."""
        after = self.game.state.history
        if len(after) < len(before):
            assert after == before[: len(after)], f"{key}: the history was rewritten"
            taken = before[len(after) :]
            assert len(taken) == 1, f"{key}: {len(taken)} decisions taken back at once"
            assert taken[0].get("seat") == self.holder, (
                f"{key}: seat {self.holder} took back seat {taken[0].get('seat')}'s decision"
            )
            self.coverage.undone += 1
        else:
            assert after[: len(before)] == before, f"{key}: the history was rewritten"

    # ------------------------------------------------------------------ the keys

    async def probe_keys(self, where: str, every: bool) -> None:
        """Press ``u`` and the palette's Undo, and with ``every`` every other key offered now
        except those that decide; after each, check the history, the screen and the notices,
        and come back to the game screen."""
        keys = {"u"}
        if every:
            keys |= set(enabled_keys(self.app)) | {b.key for b in GameScreen.BINDINGS}
        for key in sorted(keys):  # a disabled key too: hidden from the footer is not enough
            if key in DECIDING | LEAVING or not isinstance(self.app.screen, GameScreen):
                continue
            await self.press_and_check(key, where)
        await self.palette_undo(where)

    async def press_and_check(self, key: str, where: str) -> None:
        before = list(self.game.state.history)
        may_undo = self.game.can_undo()
        await self.pilot.press(key)
        await self.settle()
        if key == "h":  # let the hint come (or not) before the screen is judged
            decisions = self.game.query_one(DecisionList)
            for _ in range(200):
                if decisions.border_subtitle != THINKING:
                    break
                await self.pilot.pause(0.05)
        self.coverage.keys.add(key)
        self.check_history(before, f"{where}, key {key!r}")
        if key == "u" and not may_undo:
            self.coverage.refused_undos += 1
        await self.back_to_the_game(f"{where}, key {key!r}")

    async def palette_undo(self, where: str) -> None:
        """The command palette offers Undo exactly when ``u`` would take something back, and
        choosing it there is held to the same rules."""
        game = self.game
        titles = [c.title for c in self.app.get_system_commands(game)]
        assert ("Undo" in titles) == game.can_undo(), f"{where}: the palette's Undo"
        if "Undo" not in titles:
            return
        before = list(game.state.history)
        await self.pilot.press("ctrl+p")
        await self.settle()
        await self.pilot.press(*"Undo")
        await self.settle(5)
        await self.pilot.press("enter")
        await self.settle()
        self.coverage.keys.add("palette: Undo")
        self.check_history(before, f"{where}, the palette's Undo")
        assert len(self.game.state.history) == len(before) - 1, "the palette's Undo did nothing"
        await self.back_to_the_game(f"{where}, the palette's Undo")

    async def back_to_the_game(self, where: str) -> None:
        """Close whatever a key opened (help, inspector, save, palette); a privacy screen is
        the flow's to answer."""
        for _ in range(4):
            screen = self.app.screen
            if isinstance(screen, (GameScreen, PrivacyScreen)):
                break
            await self.pilot.press("escape")
            await self.settle()
        if isinstance(self.app.screen, PrivacyScreen):
            self.check_privacy(where)
        else:
            assert isinstance(self.app.screen, GameScreen), f"{where}: stuck on {self.app.screen}"
            await self.check_twins(where)

    def check_privacy(self, where: str) -> None:
        """A privacy screen names the human to move, and the keyboard is due to pass."""
        screen = self.app.screen
        assert isinstance(screen, PrivacyScreen)
        state = self.game.state
        seat = state.to_move()
        assert seat is not None and seat in self.humans(), f"{where}: privacy with no human"
        assert screen.player_name == self.game.seats[seat].name, f"{where}: names the wrong one"
        assert seat != self.holder, f"{where}: a privacy screen for the holder themself"

    # ------------------------------------------------------------------ the flow

    async def play(self, handovers: int, every_key: int = 5, max_steps: int = 3000) -> None:
        """Play until ``handovers`` hand-overs were made (or the game ends): ``u`` and the
        palette's Undo are tried at each, every key at one in ``every_key``, the first too."""
        game = self.game
        for _ in range(max_steps):
            await self.settle(1)
            if game.state.is_over() or self.coverage.handovers >= handovers:
                return
            screen = self.app.screen
            if isinstance(screen, PrivacyScreen):
                await self.hand_over(every=self.coverage.handovers % every_key == 0)
                continue
            if not isinstance(screen, GameScreen):
                await self.back_to_the_game("between turns")
                continue
            seat = game.state.to_move()
            if seat is None or game.table.is_bot(seat):
                await self.while_a_bot_thinks()
                continue
            if not game.query_one(DecisionList).decisions:
                continue
            if self.holder is None:
                self.holder = seat  # the first human of all, or the only one
            self.check_game_screen("a human's turn")
            self.coverage.steps.add(self.step_of(game.state))
            game.play(pick(self.seed, game.state))
            mover = game.state.to_move()
            if mover is not None and game.table.is_bot(mover):
                await self.while_a_bot_thinks()  # at once: its answer comes after its delay
                continue
            await self.settle(1)
            if game.can_undo() and self.rng.random() < 0.3:
                await self.press_and_check("u", "after the holder's own decision")
                assert game.state.to_move() == self.holder, "undo gave the turn to another"
        raise AssertionError("the game did not reach its hand-overs")

    async def while_a_bot_thinks(self) -> None:
        """A bot is on move: the screen shows nobody's secrets but the holder's, and ``u``
        takes back only the holder's own decision (the bot's answer is then dropped)."""
        self.coverage.bot_waits += 1
        if self.holder is not None and isinstance(self.app.screen, GameScreen):
            self.check_game_screen("a bot's turn")
            if self.coverage.bot_waits % 5 == 1:
                await self.press_and_check("u", "a bot's turn")
        await self.settle(2)

    async def hand_over(self, every: bool) -> None:
        """At the privacy screen: keys there change nothing; then the named player takes the
        keyboard, sees no notice of the last turn, and every key is probed before they decide."""
        where = f"hand-over {self.coverage.handovers + 1}"
        self.check_privacy(where)
        before = list(self.game.state.history)
        if every:
            for key in ("u", "h", "d", "b", "l", "s"):
                await self.pilot.press(key)
                await self.settle()
                assert self.game.state.history == before, f"{where}: {key!r} behind the privacy"
                await self.back_to_the_game(where)
            titles = [c.title for c in self.app.get_system_commands(self.app.screen)]
            assert "Undo" not in titles, f"{where}: the palette offers Undo behind the privacy"
        said_before = notices(self.app)
        seat = self.game.state.to_move()
        await self.pilot.press("enter")
        await self.settle()
        self.holder = seat
        self.coverage.handovers += 1
        left = [n for n in notices(self.app) if n in said_before]
        assert not left, f"{where}: the last player's notices stay on screen: {left}"
        await self.check_twins(where)
        await self.probe_keys(where, every)


def pick(seed: int, state: Any) -> Any:
    """The decision the run takes: at random, but a function of the seed and the number of
    decisions made, so an undo and its decision again lead the same way, and a game played
    on the engine alone (to find a seed that reaches a moment) goes the way the app's will."""
    options = state.legal_decisions()
    return options[random.Random(seed * 100_003 + len(state.history)).randrange(len(options))]


def _diff(shown: str, again: str) -> str:
    rows = [
        f"  real: {a!r}\n  twin: {b!r}"
        for a, b in zip(shown.splitlines(), again.splitlines(), strict=False)
        if a != b
    ]
    return "\n".join(rows[:6])
