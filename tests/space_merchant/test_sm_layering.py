"""The Space Merchant package imports only the core and itself (STYLE.md layering). The
import-linter contracts in pyproject.toml list the registered games; until this one is
registered, this test keeps it in line."""

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
        for name in imported_modules(path):
            ours = name.split(".")[0] == "nfgalaxy"
            allowed = name.startswith(ALLOWED) if ours else name.split(".")[0] in STDLIB
            if not allowed:
                offenders.append(f"{path.name}: {name}")
    assert offenders == []


def test_the_game_is_not_registered_until_it_plays() -> None:
    from importlib.metadata import entry_points

    points = entry_points(group="nfgalaxy.games")
    assert not any("space_merchant" in point.value for point in points)
    assert not hasattr(package, "DESCRIPTOR")
