"""Themes loaded from TOML files, and the remembered choice.

The shipped themes are in ``themes/`` at the top of the repository, installed with the game
into ``<prefix>/share/nfgalaxy/themes``; a player may add their own in the user data dir's
``themes`` folder. A bad theme file is reported by name and skipped: the game always starts.
"""

from __future__ import annotations

import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

from textual.theme import Theme

from nfgalaxy.ui.settings import data_dir, remember, remembered

DEFAULT_THEME = "nfgalaxy-dark"
_COLOURS = (
    "primary",
    "secondary",
    "accent",
    "foreground",
    "background",
    "surface",
    "panel",
    "success",
    "warning",
    "error",
)


@dataclass(frozen=True)
class LoadedThemes:
    themes: list[Theme]
    problems: list[str]  # one line per theme file that was skipped, naming it


def theme_dirs() -> list[Path]:
    """Shipped themes (installed copy, or the source tree), then the player's own."""
    installed = Path(sys.prefix) / "share" / "nfgalaxy" / "themes"
    source = Path(__file__).resolve().parents[2] / "themes"
    return [installed, source, data_dir() / "themes"]


def parse_theme(path: Path) -> Theme:
    """A Textual theme from a TOML file; raises ``ValueError`` naming the file and field."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ValueError(f"{path.name}: cannot be read as TOML ({exc})") from None
    name = data.get("name")
    if not isinstance(name, str) or not name:
        raise ValueError(f"{path.name}: field 'name' is missing")
    if not isinstance(data.get("primary"), str):
        raise ValueError(f"{path.name}: field 'primary' (a colour) is missing")
    colours = {}
    for key in _COLOURS:
        value = data.get(key)
        if value is not None and not isinstance(value, str):
            raise ValueError(f"{path.name}: field '{key}' must be a colour string")
        if value is not None:
            colours[key] = value
    try:
        theme = Theme(name=name, dark=bool(data.get("dark", True)), **colours)
        theme.to_color_system()  # parses every colour now, not when the theme is shown
    except Exception as exc:  # Textual raises several error types for bad colours
        raise ValueError(f"{path.name}: {exc}") from None
    return theme


def load_themes() -> LoadedThemes:
    themes: dict[str, Theme] = {}
    problems: list[str] = []
    for folder in theme_dirs():
        if not folder.is_dir():
            continue
        for path in sorted(folder.glob("*.toml")):
            try:
                theme = parse_theme(path)
            except ValueError as error:
                problems.append(str(error))
                continue
            themes.setdefault(theme.name, theme)
    return LoadedThemes(list(themes.values()), problems)


def remembered_theme() -> str | None:
    theme = remembered("theme")
    return theme if isinstance(theme, str) else None


def remember_theme(name: str) -> None:
    """Store the theme choice; raises ``OSError`` if the settings cannot be written."""
    remember("theme", name)
