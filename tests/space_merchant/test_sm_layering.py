"""The Space Merchant package imports only the core and itself (STYLE.md layering), its ``ui/``
aside (Textual, Rich and the app's base widgets, as every game's); the import-linter contracts
in pyproject.toml say the same for every registered game. The game is registered."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import nfgalaxy.games.space_merchant as package

ROOT = Path(package.__file__).parent
ALLOWED = ("nfgalaxy.core", "nfgalaxy.games.space_merchant")
STDLIB = sys.stdlib_module_names


def imported_modules(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_the_package_imports_only_the_core_itself_and_the_standard_library() -> None:
    offenders = []
    for path in ROOT.rglob("*.py"):
        if "ui" in path.relative_to(ROOT).parts:
            continue
        for name in imported_modules(path):
            ours = name.split(".")[0] == "nfgalaxy"
            allowed = name.startswith(ALLOWED) if ours else name.split(".")[0] in STDLIB
            if not allowed:
                offenders.append(f"{path.name}: {name}")
    assert offenders == []


def test_the_game_is_registered_under_its_id_and_aliases() -> None:
    from importlib.metadata import entry_points

    from nfgalaxy.core.registry import descriptor

    points = entry_points(group="nfgalaxy.games")
    assert any(point.value == "nfgalaxy.games.space_merchant:DESCRIPTOR" for point in points)
    assert descriptor("sm") is descriptor("merchant") is package.DESCRIPTOR
    assert package.DESCRIPTOR.id == "space-merchant"
