"""``nfgalaxy records``, ``export`` and ``import`` on the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nfgalaxy.cli import main
from nfgalaxy.core.registry import descriptor
from nfgalaxy.records import RecordStore
from tests.unit.recorded_games import GAMES, recorded


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("NFGALAXY_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_records_lists_each_game_with_its_players_scores_and_winner(data: Path, capsys) -> None:
    first = recorded(GAMES[0], 1, "2026-11-01T09:00:00")
    second = recorded(GAMES[1], 1, "2026-12-01T09:00:00")
    RecordStore(data / "records").add(first)
    RecordStore(data / "records").add(second)
    status, out, _ = run(capsys, "records")
    lines = out.splitlines()
    assert status == 0 and len(lines) == 2
    assert lines[0].startswith(f"{second.id}  2026-12-01 09:00  {descriptor(GAMES[1]).title}")
    winner = first.winners[0]
    total = first.scores[winner]["total"]
    assert f"Bot {winner} (random) {total}*" in lines[1]
    assert f"{first.rounds} rounds, {len(first.decisions)} decisions" in lines[1]
    status, out, _ = run(capsys, "records", "--game", GAMES[0])
    assert out.splitlines() == [lines[1]]
    status, out, _ = run(capsys, "records", "--since", "2026-11-15")
    assert out.splitlines() == [lines[0]]
    status, out, _ = run(capsys, "records", "--player", "nobody")
    assert out.strip() == "No finished games kept match."
    status, out, _ = run(capsys, "records", "--json", "--until", "2026-11-01")
    listed = json.loads(out)
    assert [r["id"] for r in listed] == [first.id] and "decisions" not in listed[0]


def test_export_then_import_elsewhere_keeps_the_same_game(
    data: Path, tmp_path: Path, capsys, monkeypatch
) -> None:
    record = recorded()
    RecordStore(data / "records").add(record)
    target = tmp_path / "out.json"
    status, _, err = run(capsys, "export", record.id[:5], "-o", str(target))
    assert status == 0 and str(target) in err
    document = json.loads(target.read_text())
    assert document["format"] == "nfgalaxy-record" and document["version"] == 1
    status, out, _ = run(capsys, "export", record.id)
    assert json.loads(out) == document
    monkeypatch.setenv("NFGALAXY_DATA_DIR", str(tmp_path / "elsewhere"))
    status, out, _ = run(capsys, "import", str(target))
    assert status == 0 and out.startswith(f"Game {record.id} kept")
    assert RecordStore(tmp_path / "elsewhere" / "records").records() == [record]
    status, out, _ = run(capsys, "import", str(target))
    assert status == 0 and "kept already" in out


def test_a_forged_import_is_refused_with_the_first_illegal_decision_and_nothing_kept(
    data: Path, tmp_path: Path, capsys
) -> None:
    document = recorded().to_document()
    document["decisions"][2]["args"] = ["forged"]
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(document))
    status, out, err = run(capsys, "import", str(path))
    assert status == 1 and out == ""
    assert f"{path} is refused: decision 3 (" in err and "is not legal" in err
    assert not (data / "records").exists()


def test_unknown_ids_and_bad_files_are_told_in_words(data: Path, tmp_path: Path, capsys) -> None:
    status, _, err = run(capsys, "export", "123456")
    assert status == 1 and "no record '123456'" in err
    status, _, err = run(capsys, "replay", "123456")
    assert status == 1 and err.startswith("nfgalaxy replay: no record '123456'")
    path = tmp_path / "not.json"
    path.write_text('{"format": "something else"}')
    status, _, err = run(capsys, "import", str(path))
    assert status == 1 and "this is not a game record of nfgalaxy" in err
    status, _, err = run(capsys, "import", str(tmp_path / "missing.json"))
    assert status == 1 and "missing.json: there is no such file" in err


def test_replay_opens_the_app_on_the_record_found(data: Path, capsys, monkeypatch) -> None:
    from nfgalaxy.ui.app import NfGalaxyApp

    record = recorded()
    RecordStore(data / "records").add(record)
    opened = []
    monkeypatch.setattr(NfGalaxyApp, "run", lambda app: opened.append(app.first_replay))
    status, _, err = run(capsys, "replay", record.id[:6])
    assert status == 0 and err == "" and opened == [record]


def test_a_tournament_keeps_its_games_among_the_records_when_asked(data: Path, capsys) -> None:
    from nfgalaxy.records import check

    argv = ["tournament", "--game", GAMES[0], "--bots", "random,greedy", "--games", "2"]
    status, _, _ = run(capsys, *argv, "--seed", "3")
    assert status == 0 and not (data / "records").exists()  # only when asked
    status, out, _ = run(capsys, *argv, "--seed", "3", "--keep-games")
    assert status == 0
    kept = RecordStore(data / "records").records()
    assert len(kept) == 2 and {r.source for r in kept} == {"tournament"}
    # The line-up rotates one seat a game: each bot sat in each seat once.
    assert sorted(tuple(p.kind for p in r.players) for r in kept) == [
        ("greedy", "random"),
        ("random", "greedy"),
    ]
    for record in kept:
        assert check(record).scores() == [dict(s) for s in record.scores]
    status, out, _ = run(capsys, "records", "--json")
    assert [r["source"] for r in json.loads(out)] == ["tournament", "tournament"]
