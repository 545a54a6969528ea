"""The player's settings between runs: one small JSON file in the user data directory.

Several things are remembered (the theme, the last new-game setup), each under its own key of
one file, so remembering one keeps the others. A missing, unreadable or foreign file reads as
no settings: the app always starts, on its defaults. Writes go to a temporary file first and
replace the old one in one step, so a crash never leaves half a file.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any


def data_dir() -> Path:
    """The user data directory (``NFGALAXY_DATA_DIR`` overrides it)."""
    base = os.environ.get("NFGALAXY_DATA_DIR")
    if base:
        return Path(base)
    from platformdirs import user_data_dir

    return Path(user_data_dir("nfgalaxy"))


def settings_path() -> Path:
    return data_dir() / "settings.json"


def read_settings() -> dict[str, Any]:
    """Everything remembered, or nothing if the file is missing or not ours."""
    try:
        data = json.loads(settings_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def remembered(key: str) -> Any:
    """What is remembered under ``key`` (None if nothing is): the caller checks its shape."""
    return read_settings().get(key)


def remember(key: str, value: Any) -> None:
    """Remember ``value`` (plain JSON) under ``key``, keeping every other key; raises
    ``OSError`` if the settings cannot be written."""
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    settings = read_settings()
    settings[key] = value
    temp = path.with_suffix(".tmp")
    temp.write_text(json.dumps(settings, indent=1), encoding="utf-8")
    os.replace(temp, path)
