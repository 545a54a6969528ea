"""The game as nfgalaxy knows it: the descriptor's options, a pack file given with ``--tiles``
(validated; refused, the generated board is played and the log says why), the tiles report and
line-by-line play's words."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nfgalaxy.core.registry import descriptor, load_game, new_game
from nfgalaxy.games.space_merchant import DESCRIPTOR
from nfgalaxy.games.space_merchant.board import GENERATED_LABEL
from nfgalaxy.games.space_merchant.invariants import problems
from nfgalaxy.games.space_merchant.pack import generate_pack, save_pack
from nfgalaxy.games.space_merchant.report import TILES_REPORT
from nfgalaxy.games.space_merchant.rules.common import ROUND_LIMIT
from nfgalaxy.games.space_merchant.text import TEXT


def test_the_descriptor_names_the_rules_parameters_and_the_round_limit_as_no_rule() -> None:
    assert descriptor("space-merchant") is DESCRIPTOR
    assert (DESCRIPTOR.min_players, DESCRIPTOR.max_players) == (2, 6)
    defaults = DESCRIPTOR.defaults()
    assert defaults["victory"] == 2000 and defaults["bank"] is None and defaults["tiles"] is None
    assert defaults["round_limit"] == ROUND_LIMIT
    limit = DESCRIPTOR.option("round_limit")
    assert limit is not None and "not a rule" in limit.label and "not a rule" in limit.help


def test_options_reach_the_game_and_bad_ones_are_refused() -> None:
    g = new_game("sm", players=3, seed=4, options={"victory": 500, "bank": 5000, "board": 7})
    assert g.options["victory"] == 500 and g.bank == 5000 - 3 * 60
    assert g.board.seed == 7 and problems(g) == []
    for bad in ({"victory": 0}, {"bank": -1}, {"telegate_cost": 2}, {"round_limit": "x"}):
        with pytest.raises(ValueError):
            new_game("sm", players=2, seed=1, options=bad)


def test_the_round_limit_can_be_switched_off() -> None:
    g = new_game("sm", players=2, seed=1, options={"round_limit": 0})
    g.round = 10_000
    from nfgalaxy.games.space_merchant.rules.ending import round_limit_reached

    assert not round_limit_reached(g, g.order[-1])


def test_a_pack_file_is_played_and_saved_with_the_game(tmp_path: Path) -> None:
    path = tmp_path / "pack.json"
    save_pack(generate_pack(9), path)
    g = new_game("sm", players=2, seed=3, options={"tiles": str(path)})
    assert g.board.seed == 9 and g.options["tiles"] == str(path)
    again = load_game(json.loads(json.dumps(g.to_json())))
    assert again.board.seed == 9


def test_a_bad_pack_file_leaves_the_generated_board_in_play_and_says_why(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text(json.dumps({"format": "nfgalaxy-space-merchant-pack"}), encoding="utf-8")
    g = new_game("sm", players=2, seed=3, options={"tiles": str(path)})
    assert g.board.label == GENERATED_LABEL and g.options["tiles"] is None
    assert str(path) in g.log[0] and "generated board and content are used instead" in g.log[0]
    pack, problem = TILES_REPORT.resolve(str(path))
    assert problem is not None and pack.board.label == GENERATED_LABEL


def test_the_tiles_report_is_labelled_and_its_json_is_a_pack_file(tmp_path: Path) -> None:
    pack, problem = TILES_REPORT.resolve(None)
    assert problem is None
    text = TILES_REPORT.text(pack)
    assert text.splitlines()[1] == f"{GENERATED_LABEL} (seed 1)"
    assert "CULTURES (14)" in text and "BONUS MARKERS (48" in text
    path = tmp_path / "shown.json"
    path.write_text(json.dumps(TILES_REPORT.json(pack)), encoding="utf-8")
    loaded, problem = TILES_REPORT.resolve(str(path))
    assert problem is None and loaded.labels == pack.labels


def test_line_by_line_play_shows_only_what_the_seat_knows() -> None:
    g = new_game("sm", players=2, seed=2)
    while g.step_name() == "species":
        g.apply(g.legal_decisions()[0])
    system = sorted(g.culture_at)[0]
    culture = g.content.culture(g.culture_at[system]).name
    g.players[0].known_cultures[system] = g.culture_at[system]
    mine, theirs = TEXT.empire(g, 0, 0), TEXT.empire(g, 0, 1)
    assert culture in mine and "only you know" in mine and culture not in theirs
    table = TEXT.table(g, 1)
    assert GENERATED_LABEL in table and "Player 2 (you)" in table
