"""The engine never imports the UI: core, games and bots must work without Textual."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "nfgalaxy"
ENGINE_DIRS = ("core", "games", "bots")


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_engine_sources_do_not_import_textual_or_rich() -> None:
    offenders = []
    for folder in ENGINE_DIRS:
        for path in (PACKAGE / folder).rglob("*.py"):
            bad = _imports(path) & {"textual", "rich"}
            if bad:
                offenders.append(f"{path.relative_to(PACKAGE)} imports {sorted(bad)}")
    assert offenders == []


def test_playing_a_game_loads_no_textual_module() -> None:
    code = (
        "import sys\n"
        "from nfgalaxy.simulate import play_game\n"
        "play_game('new-frontiers', ['random', 'greedy'], seed=3)\n"
        "leaked = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')]\n"
        "assert not leaked, leaked\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
