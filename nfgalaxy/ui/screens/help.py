"""Help: a rules summary and the key reference, in Markdown."""

from __future__ import annotations

from importlib import resources

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Markdown


def help_text(name: str = "help.md") -> str:
    return resources.files("nfgalaxy.ui").joinpath(name).read_text(encoding="utf-8")


class HelpScreen(Screen[None]):
    """The rules summary and keys of one game (each game has its own Markdown file)."""

    BINDINGS = [Binding("escape,q,question_mark", "app.pop_screen", "Back")]

    def __init__(self, help_file: str = "help.md") -> None:
        super().__init__()
        self.help_file = help_file

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll():
            yield Markdown(help_text(self.help_file))
        yield Footer()
