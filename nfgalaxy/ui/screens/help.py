"""Help: a game's rules summary and key reference, in Markdown (each game brings its own)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Markdown

from nfgalaxy.ui.widgets.header import TitleHeader


class HelpScreen(Screen[None]):
    """The rules summary and keys of one game."""

    BINDINGS = [Binding("escape,q,question_mark", "app.pop_screen", "Back")]

    def __init__(self, markdown: str) -> None:
        super().__init__()
        self.markdown = markdown

    def compose(self) -> ComposeResult:
        yield TitleHeader()
        with VerticalScroll():
            yield Markdown(self.markdown)
        yield Footer()
