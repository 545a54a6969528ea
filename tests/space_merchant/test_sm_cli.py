"""The command line plays Space Merchant by its id and aliases: ``tiles`` labelled as a
generated board (text and a pack file as JSON), ``simulate``, and a refused ``--tiles`` file
said on the error stream with the generated board kept."""

from __future__ import annotations

import json
from pathlib import Path

from nfgalaxy.cli import main
from nfgalaxy.games.space_merchant.board import GENERATED_LABEL


def test_tiles_prints_the_generated_board_with_its_label_and_seed(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["tiles", "--game", "sm"]) == 0
    out = capsys.readouterr().out
    assert f"{GENERATED_LABEL} (seed 1)" in out and "CULTURES" in out
    assert main(["tiles", "--game", "merchant", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["board"]["label"] == GENERATED_LABEL and data["board"]["seed"] == 1


def test_a_bad_tiles_file_is_refused_on_the_error_stream(capsys, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    assert main(["tiles", "--game", "space-merchant", "--tiles", str(bad)]) == 1
    captured = capsys.readouterr()
    assert str(bad) in captured.err and GENERATED_LABEL in captured.out


def test_simulate_plays_games_to_the_end(capsys) -> None:  # type: ignore[no-untyped-def]
    argv = ["simulate", "--game", "sm", "--players", "2", "--bots", "greedy,random"]
    assert main([*argv, "--games", "2", "--seed", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "space-merchant" and sum(data["wins"]) == 2
