"""The end screen's review: where each human's decisions cost the most estimated value.

The search weighs every decision a human made with a real choice (``nfgalaxy.bots.review``);
each position goes to the bots' worker process, so the screen stays responsive, and a bar
shows how far the review has got. It starts only when asked: a review of a long game takes a
while and uses a core.
"""

from __future__ import annotations

import threading
from concurrent.futures import CancelledError
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import ProgressBar, Static

from nfgalaxy.bots.review import REVIEW_LEVEL, Slip, count_points, review
from nfgalaxy.bots.search import Estimate, SearchBot
from nfgalaxy.bots.worker import Thinker
from nfgalaxy.core.decision import Decision
from nfgalaxy.ui.handoff import ReceivesHandoffs, hand_over

#: The costliest decisions shown per player.
SHOWN = 5


def slip_lines(slips: list[Slip], names: list[str], seats: list[int]) -> list[str]:
    """Per reviewed player, their costliest decisions in words, or that none cost anything."""
    lines: list[str] = []
    for seat in seats:
        own = [s for s in slips if s.seat == seat][:SHOWN]
        lines.append(f"{names[seat]}:")
        if not own:
            lines.append("  every decision was the search's own choice, or as good.")
        for slip in own:
            lines.append(
                f"  round {slip.round}: chose {slip.chosen} ({slip.chosen_value:.0%} to win);"
                f" the search preferred {slip.best} ({slip.best_value:.0%}),"
                f" a cost of {slip.cost:.0%}"
                + (f"; you were {slip.reasons}" if slip.reasons else "")
            )
    return lines


class ReviewPanel(ReceivesHandoffs, Vertical):
    """A bar while the review runs, then the costliest decisions of each human."""

    DEFAULT_CSS = """
    ReviewPanel { height: auto; margin: 1 2; }
    ReviewPanel ProgressBar { margin: 0 0 1 0; }
    """

    def __init__(self, state: Any, humans: list[int], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.state = state
        self.humans = list(humans)
        self.thinker: Thinker | None = None
        self.started = False
        self.slips: list[Slip] | None = None

    def compose(self) -> ComposeResult:
        yield Static(
            "Press r to review your decisions: the search weighs each one you made.",
            id="review-text",
        )

    def start(self) -> None:
        """Begin the review (once), in a thread that waits on the worker process."""
        if self.started or not self.humans:
            return
        self.started = True
        self.ui_thread = threading.get_ident()
        self.thinker = Thinker()
        bar = ProgressBar(total=None, show_eta=True, id="review-bar")
        self.mount(bar, before=0)
        self.query_one("#review-text", Static).update("Reviewing your decisions…")
        self.run_worker(self._work, thread=True, exclusive=True, name="review")

    def _work(self) -> None:
        thinker = self.thinker
        assert thinker is not None
        seats = set(self.humans)
        total = count_points(self.state, seats)
        self._from_thread(self._set_total, total)

        def analyse(position: Any, chosen: Decision, seed: int) -> list[Estimate]:
            bot = SearchBot(seed, REVIEW_LEVEL)
            rows = thinker.analyse(bot, position, keep=chosen).result()
            return [Estimate(decision, value, visits) for decision, value, visits in rows]

        try:
            slips = review(
                self.state, seats, analyse, lambda done: self._from_thread(self._advance, done)
            )
        except (CancelledError, BrokenProcessPool):
            if thinker.closed:
                return  # the panel left (the app quit) mid-review: nobody waits for it
            raise
        self._from_thread(self._finish, slips)

    def _from_thread(self, callback, *args) -> None:
        hand_over(self, self.ui_thread, callback, *args)

    def _set_total(self, total: int) -> None:
        self.query_one(ProgressBar).update(total=max(total, 1), progress=0)

    def _advance(self, done: int) -> None:
        self.query_one(ProgressBar).update(progress=done)

    def _finish(self, slips: list[Slip]) -> None:
        self.slips = slips
        names = [self.state.name(seat) for seat in range(len(self.state.scores()))]
        text = ["Where your decisions cost the most, as the search judges them:"]
        text += slip_lines(slips, names, self.humans)
        self.query_one("#review-text", Static).update("\n".join(text))
        bar = self.query_one(ProgressBar)
        bar.update(progress=bar.total)

    def on_unmount(self) -> None:
        if self.thinker is not None:
            self.thinker.close()
