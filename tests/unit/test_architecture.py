"""The layering of STYLE.md holds: a game is one package, shared code never names a game.

import-linter's contracts live in ``pyproject.toml``; ``lint-imports`` is a test dependency, so
a missing tool fails here instead of skipping. Cycles are found with grimp (import-linter's
graph library); module size is capped so rules stay split by phase.
"""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

import grimp

from nfgalaxy.core.registry import game_ids, load_problems

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "nfgalaxy"
SHARED = (
    "core",
    "bots",
    "ui",
    "server",
    "tables",
    "records",
    "cli.py",
    "simulate.py",
    "textplay.py",
    "table.py",
)
MAX_LINES = 800


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module.split(".")[0])
    return names


def _engine_sources() -> list[Path]:
    """Core, bots and every game's engine (a game's ``ui/`` may use Textual)."""
    found = [*(PACKAGE / "core").rglob("*.py"), *(PACKAGE / "bots").rglob("*.py")]
    for game in (PACKAGE / "games").iterdir():
        if game.is_dir():
            found += [p for p in game.rglob("*.py") if "ui" not in p.relative_to(game).parts]
    return found


def test_import_linter_contracts_are_kept() -> None:
    tool = shutil.which("lint-imports")
    assert tool is not None, 'lint-imports is missing: install the test extras (".[test]")'
    result = subprocess.run([tool], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def test_no_module_imports_itself_back() -> None:
    graph = grimp.build_graph("nfgalaxy")
    cycles = []
    for module in sorted(graph.modules):
        for imported in graph.find_modules_directly_imported_by(module):
            if graph.chain_exists(importer=imported, imported=module):
                chain = graph.find_shortest_chain(importer=imported, imported=module)
                cycles.append(" -> ".join([module, *chain]))
    assert cycles == []


def test_engine_sources_do_not_import_textual_or_rich() -> None:
    offenders = []
    for path in _engine_sources():
        bad = _imports(path) & {"textual", "rich"}
        if bad:
            offenders.append(f"{path.relative_to(PACKAGE)} imports {sorted(bad)}")
    assert offenders == []


def test_no_module_is_over_800_lines() -> None:
    long = {
        str(path.relative_to(PACKAGE)): n
        for path in PACKAGE.rglob("*.py")
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert long == {}


def test_shared_code_never_names_a_game() -> None:
    """Not even in strings: a game's id, title or module path appears only in its package.
    (Aliases are left out: "roll" is also an everyday word.)"""
    names = set()
    for point in entry_points(group="nfgalaxy.games"):
        game = point.load()
        names |= {game.id, game.title, point.value.split(":")[0]}
    pattern = re.compile("|".join(re.escape(n) for n in sorted(names)))
    offenders = []
    for part in SHARED:
        target = PACKAGE / part
        for path in [target] if target.is_file() else target.rglob("*.py"):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if pattern.search(line):
                    offenders.append(f"{path.relative_to(PACKAGE)}:{number}: {line.strip()}")
    assert offenders == []


def test_both_games_are_installed_entry_points_and_load() -> None:
    names = sorted(e.name for e in entry_points(group="nfgalaxy.games"))
    assert {"new-frontiers", "roll-for-the-galaxy"} <= set(names)
    assert load_problems() == []
    assert {"new-frontiers", "roll-for-the-galaxy"} <= set(game_ids())


def test_playing_a_game_loads_no_textual_module() -> None:
    code = (
        "import sys\n"
        "from nfgalaxy.core.registry import game_ids\n"
        "from nfgalaxy.simulate import play_game\n"
        "for game in game_ids():\n"
        "    play_game(game, ['random', 'greedy'], seed=3)\n"
        "leaked = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')]\n"
        "assert not leaked, leaked\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
