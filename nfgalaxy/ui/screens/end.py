"""End of game: the score table, and the story of the game a player would rather look at than
read: each player's VP round by round as bars, the game's own summary of who chose what
(with the bonuses and tie-break), and a key to the full log.

VP per round is found by replaying the game from its seed and decisions (every engine is
deterministic) and reading ``scores()`` each time the round changes, so it needs nothing of
the game but the protocol and works for every game and for loaded saves.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Footer, RichLog, Static

from nfgalaxy.core.decision import Decision, IllegalDecision
from nfgalaxy.core.registry import descriptor
from nfgalaxy.ui.game_ui import game_ui
from nfgalaxy.ui.widgets.header import TitleHeader
from nfgalaxy.ui.widgets.review import ReviewPanel


def vp_by_round(state: Any) -> list[list[int]] | None:
    """Per seat, its total VP when each round ended, the last being the final score; None if
    the game cannot be replayed (a save whose decisions no longer fit the rules)."""
    options = dict(state.options)
    try:
        fresh = descriptor(state.game_id).new_game(
            int(options["players"]), int(options["seed"]), options
        )
        rows: list[list[int]] = [[] for _ in state.scores()]
        current = fresh.round
        for entry in state.history:
            fresh.apply(Decision.from_json(entry))
            if fresh.round != current and not fresh.is_over():
                current = fresh.round
                for row, score in zip(rows, fresh.scores(), strict=True):
                    row.append(score["total"])
    except (IllegalDecision, KeyError, ValueError):
        return None
    for row, score in zip(rows, state.scores(), strict=True):
        row.append(score["total"])
    return rows


#: Bar heights, lowest first; a round at 0 VP still shows the lowest, so every round is seen.
BARS = "▁▂▃▄▅▆▇█"


def vp_bars(values: list[int], top: int) -> str:
    """A bar per round, every player on the same scale (``top``: the highest VP of anyone), so
    the rows compare at a glance; two characters a round while that fits in 32."""
    width = 2 if 2 * len(values) <= 32 else 1
    top = max(top, 1)
    steps = len(BARS) - 1
    return "".join(BARS[-(-max(v, 0) * steps // top)] * width for v in values)


def vp_numbers(values: list[int]) -> str:
    """The VP after each round in numbers; a long game gives its first and last few, so the
    row stays one line beside the bars."""
    if len(values) <= 10:
        return " ".join(map(str, values)) + " VP"
    return " ".join(map(str, values[:2])) + " … " + " ".join(map(str, values[-3:])) + " VP"


class LogScreen(Screen[None]):
    """The whole log of the game, to scroll through after it ended."""

    BINDINGS = [Binding("escape,l", "app.pop_screen", "Back")]

    def __init__(self, lines: list[str], title: str) -> None:
        super().__init__()
        self.lines = list(lines)
        self.log_title = title

    def compose(self) -> ComposeResult:
        yield TitleHeader()
        yield RichLog(id="full-log", wrap=True, markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.title = self.log_title
        self.sub_title = "The full log"
        log = self.query_one(RichLog)
        for line in self.lines:
            log.write(line)
        log.focus()


class EndScreen(Screen[None]):
    DEFAULT_CSS = """
    EndScreen #story { height: 1fr; }
    EndScreen #vp-heading { padding: 1 2 0 2; text-style: bold; }
    EndScreen #vp-chart { height: auto; margin: 0 2; }
    EndScreen .vp-row { height: auto; }
    EndScreen .vp-name { width: 22; }
    EndScreen .vp-bars { width: auto; min-width: 34; padding-right: 2; }
    EndScreen .vp-values { width: 1fr; height: auto; }
    """

    BINDINGS = [
        Binding("l", "show_log", "Full log"),
        Binding("r", "review", "Review my decisions"),
        Binding("n", "new_game", "New game"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self, state: Any, humans: list[int] | None = None) -> None:
        super().__init__()
        self.state = state
        #: The seats whose decisions ``r`` reviews (the humans at the table).
        self.humans = list(humans or [])
        self.ui = game_ui(state.game_id)
        #: Per seat, VP at the end of each round (None if the game could not be replayed).
        self.vp_rounds = vp_by_round(state)

    def compose(self) -> ComposeResult:
        yield TitleHeader()
        names = [self.state.players[w].name for w in self.state.winners()]
        verdict = ("Winner: " if len(names) == 1 else "Shared victory: ") + ", ".join(names)
        reasons = ", ".join(self.state.end_reasons)
        with VerticalScroll(id="story"):
            yield Static(
                f"{verdict}   (game over after round {self.state.round}: {reasons})", id="winner"
            )
            yield DataTable(id="scores", cursor_type="row")
            yield Static("VP round by round", id="vp-heading")
            with Vertical(id="vp-chart"):
                yield from self._chart_rows()
            yield Static("\n".join(self.ui.bonus_details(self.state)), id="details")
            if self.humans:
                yield ReviewPanel(self.state, self.humans, id="review")
        yield Footer()

    def _chart_rows(self) -> ComposeResult:
        """A row per player: name, a bar per round of VP after it, and the numbers (the
        bars show the race, the numbers say it exactly)."""
        if self.vp_rounds is None:
            yield Static("(not available: this game could not be replayed)", classes="vp-row")
            return
        top = max(max(values) for values in self.vp_rounds)
        for seat, (player, values) in enumerate(
            zip(self.state.players, self.vp_rounds, strict=True)
        ):
            with Horizontal(classes="vp-row", id=f"vp-row-{seat}"):
                yield Static(player.name, classes="vp-name")
                yield Static(vp_bars(values, top), classes="vp-bars")
                yield Static(vp_numbers(values), classes="vp-values")

    def on_mount(self) -> None:
        # The end has its own header line: the game that ended, not the app's list of games.
        self.title = descriptor(self.state.game_id).title
        self.sub_title = f"Game over after round {self.state.round}"
        table = self.query_one(DataTable)
        table.add_columns("Player", *(heading for _, heading in self.ui.score_columns))
        for player, score in zip(self.state.players, self.state.scores(), strict=True):
            table.add_row(
                player.name, *(score[key] for key, _ in self.ui.score_columns), key=player.name
            )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "review":
            return bool(self.humans)  # a game of bots only has nobody to review
        return True

    def action_review(self) -> None:
        panel = self.query_one(ReviewPanel)
        panel.start()
        self.query_one("#story", VerticalScroll).scroll_to_widget(panel)

    def action_show_log(self) -> None:
        self.app.push_screen(LogScreen(self.state.log, self.title))

    def action_new_game(self) -> None:
        self.app.action_new_game()
