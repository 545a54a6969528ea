"""Help: a rules summary and the key reference, in Markdown."""

from __future__ import annotations

from importlib import resources

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Markdown


def help_text() -> str:
    return resources.files("nfgalaxy.ui").joinpath("help.md").read_text(encoding="utf-8")


class HelpScreen(Screen[None]):
    BINDINGS = [Binding("escape,q,question_mark", "app.pop_screen", "Back")]

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll():
            yield Markdown(help_text())
        yield Footer()
