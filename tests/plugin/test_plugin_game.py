"""A game from another package plugs in through the ``nfgalaxy.games`` entry point alone."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent


@pytest.fixture
def site(tmp_path: Path) -> dict[str, str]:
    """A folder on the import path holding ``toy_nim`` and its distribution's metadata."""
    shutil.copy(HERE / "toy_nim.py", tmp_path / "toy_nim.py")
    info = tmp_path / "toy_nim-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toy-nim\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[nfgalaxy.games]\ntoy-nim = toy_nim:DESCRIPTOR\n")
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(tmp_path), env.get("PYTHONPATH", "")])
    return env


def _run(env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "nfgalaxy", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_registry_lists_a_game_declared_by_another_package(site) -> None:
    code = "from nfgalaxy.core.registry import game_ids; print(' '.join(game_ids()))"
    result = subprocess.run(
        [sys.executable, "-c", code], env=site, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert "toy-nim" in result.stdout.split()


def test_the_commands_play_the_new_game_by_id_and_alias(site) -> None:
    result = _run(site, "simulate", "--game", "nim", "--players", "3", "--games", "4", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["game"] == "toy-nim" and sum(data["wins"]) == pytest.approx(4)
    piped = subprocess.run(
        [
            sys.executable,
            "-m",
            "nfgalaxy",
            "play",
            "--game",
            "toy-nim",
            "--players",
            "2",
            "--seed",
            "1",
        ],
        env=site,
        input="1\n" * 20,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert piped.returncode == 0, piped.stderr
    assert "Toy Nim, seed 1" in piped.stdout and "takes" in piped.stdout


def test_a_switch_of_another_game_is_refused_for_it(site) -> None:
    result = _run(site, "simulate", "--game", "nim", "--goals", "--games", "1")
    assert result.returncode == 2 and "--goals is a New Frontiers option" in result.stderr
