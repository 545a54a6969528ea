"""The replay viewer's estimates: what the search makes of each option of one decision.

The search is the end-of-game review's (``REVIEW_LEVEL``), run in the bots' worker process so
the screen stays responsive while a bar shows it is at work. It judges from what the deciding
seat could know (a search never peeks), and its rows name that seat's options, so the viewer
asks for them only in that seat's view.
"""

from __future__ import annotations

import threading
from concurrent.futures import CancelledError, Future
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import ProgressBar, Static

from nfgalaxy.bots.review import REVIEW_LEVEL
from nfgalaxy.bots.search import SearchBot
from nfgalaxy.bots.worker import Thinker
from nfgalaxy.core.decision import Decision
from nfgalaxy.core.protocol import GameState
from nfgalaxy.ui.handoff import ReceivesHandoffs, hand_over

#: The options listed, best first.
SHOWN = 6


def estimate_lines(
    rows: list[tuple[Decision, float, int]], offered: list[Decision], chosen: Decision
) -> list[str]:
    """The options weighed, best first, in the words offered, the one chosen marked."""
    words = {decision: decision for decision in offered}
    lines = [
        f"{value:4.0%}  {words.get(decision, decision)}"
        f"{'   ← chosen' if decision == chosen else ''}"
        for decision, value, visits in rows[:SHOWN]
        if visits
    ]
    shown = {decision for decision, _v, visits in rows[:SHOWN] if visits}
    if chosen not in shown:
        value = next((v for d, v, n in rows if d == chosen and n), None)
        said = f"{value:.0%}" if value is not None else "not weighed"
        lines.append(f"{said}  {words.get(chosen, chosen)}   ← chosen")
    return lines


class EstimatePanel(ReceivesHandoffs, Vertical):
    """Hidden until asked; a bar while the search runs, then its win estimates."""

    DEFAULT_CSS = """
    EstimatePanel { height: auto; max-height: 10; padding: 0 1; display: none; }
    EstimatePanel.-shown { display: block; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.thinker: Thinker | None = None
        #: The position the estimates are (being) made for, or None.
        self.position: int | None = None
        self.lines: list[str] = []

    def compose(self) -> ComposeResult:
        yield ProgressBar(total=None, show_eta=False, id="estimate-bar")
        yield Static("", id="estimate-text")

    def clear(self) -> None:
        """Nothing shown (the viewer moved on): an answer still coming is dropped."""
        self.position = None
        self.lines = []
        self.remove_class("-shown")

    def start(self, position: int, state: GameState, chosen: Decision) -> None:
        """Weigh the options of the seat to move in ``state`` (the decision ``chosen`` was
        made there)."""
        if self.position == position:
            return  # already under way, or shown
        self.position, self.lines = position, []
        self.add_class("-shown")
        bar = self.query_one(ProgressBar)
        bar.display = True
        bar.update(total=None)
        self.query_one("#estimate-text", Static).update(
            "The search weighs each option from what this seat knew…"
        )
        if self.thinker is None:
            self.thinker = Thinker()
        offered = state.legal_decisions()
        ui_thread = threading.get_ident()
        future = self.thinker.analyse(SearchBot(position, REVIEW_LEVEL), state, keep=chosen)

        def done(result: Future[list[tuple[Decision, float, int]]]) -> None:
            if result.cancelled():
                return
            error = result.exception()
            if isinstance(error, (CancelledError, BrokenProcessPool)) and self.thinker is None:
                return  # the screen left while the search ran
            answer = (error,) if error is not None else (None, result.result())
            hand_over(self, ui_thread, self._arrived, position, offered, chosen, *answer)

        future.add_done_callback(done)

    def _arrived(
        self,
        position: int,
        offered: list[Decision],
        chosen: Decision,
        error: BaseException | None,
        rows: list[tuple[Decision, float, int]] | None = None,
    ) -> None:
        if position != self.position:
            return  # the viewer moved on
        self.query_one(ProgressBar).display = False
        text = self.query_one("#estimate-text", Static)
        if error is not None or rows is None:
            text.update(f"No estimate: {error!r}")
            return
        self.lines = estimate_lines(rows, offered, chosen)
        text.update("The search's win estimate for each option:\n" + "\n".join(self.lines))

    def on_unmount(self) -> None:
        if self.thinker is not None:
            thinker, self.thinker = self.thinker, None
            thinker.close()
