"""The code base stays ruff-clean and ruff-formatted (the house style), checked by the suite.

ruff is a test dependency: a missing ruff fails the test rather than skipping it, so a broken
install cannot pass as clean.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ["nfgalaxy", "tests", "benchmarks"]


def _ruff() -> str:
    ruff = shutil.which("ruff")
    assert ruff is not None, 'ruff is missing: install the test extras (pip install -e ".[test]")'
    return ruff


def test_ruff_check_is_clean() -> None:
    result = subprocess.run([_ruff(), "check", *SOURCES], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format_leaves_nothing_to_change() -> None:
    result = subprocess.run(
        [_ruff(), "format", "--check", *SOURCES], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr
