"""The win model: softmax chances, the Newton fit, weights files and the fitter's command."""

from __future__ import annotations

import math

import pytest

from nfgalaxy.bots import fit_win_model
from nfgalaxy.core.rng import Rng
from nfgalaxy.core.win_model import (
    Features,
    Position,
    PositionTable,
    WinModel,
    WinModelError,
    fit,
    judge,
    log_loss,
    parse,
    softmax,
)

FEATURES = Features(("a", "b"), lambda state, seat: state[seat], "nfgalaxy")


def _uniform(rng: Rng) -> float:
    return rng.next64() / 2**64


def _sampled(weights: list[float], count: int, seats: int = 3) -> list[Position]:
    """Positions drawn at random, each won by a seat drawn from the true model's chances."""
    rng = Rng(7)
    positions: list[Position] = []
    for _ in range(count):
        rows = [[_uniform(rng) * 4 - 2, _uniform(rng) * 10] for _ in range(seats)]
        chances = softmax([sum(w * x for w, x in zip(weights, r, strict=True)) for r in rows])
        draw, winner = _uniform(rng), seats - 1
        for seat, chance in enumerate(chances):
            draw -= chance
            if draw < 0:
                winner = seat
                break
        positions.append((rows, [1.0 if s == winner else 0.0 for s in range(seats)]))
    return positions


def test_softmax_gives_chances_that_sum_to_one_and_keep_the_order() -> None:
    chances = softmax([1.0, 3.0, 2.0])
    assert sum(chances) == pytest.approx(1.0)
    assert chances[1] > chances[2] > chances[0]
    assert softmax([1000.0, 0.0])[0] == pytest.approx(1.0)  # no overflow


def test_the_fit_recovers_the_weights_that_made_the_outcomes() -> None:
    truth = [1.5, -0.3]
    positions = _sampled(truth, 4000)
    weights = fit(positions, ridge=1e-6)
    assert weights == pytest.approx(truth, abs=0.15)
    assert log_loss(weights, positions) < log_loss([0.0, 0.0], positions) - 0.1


def test_a_shared_win_counts_as_a_share() -> None:
    shared: Position = ([[1.0, 0.0], [1.0, 0.0]], [0.5, 0.5])
    assert log_loss([0.0, 0.0], [shared]) == pytest.approx(math.log(2))


def test_weights_are_read_per_player_count_and_the_nearest_count_stands_in() -> None:
    model = parse(
        FEATURES,
        "[weights.2]\na = 1.0\nb = 0.0\n\n[weights.4]\na = 0.0\nb = 2.0\n",
        "test",
    )
    assert isinstance(model, WinModel)
    assert model.for_players(2) == (1.0, 0.0)
    assert model.for_players(3) == (1.0, 0.0)  # a tie goes to the fewer players
    assert model.for_players(6) == (0.0, 2.0)
    state = [[1.0, 0.0], [0.0, 0.0]]
    assert model.chances(state, 2) == pytest.approx(softmax([1.0, 0.0]))


@pytest.mark.parametrize(
    ("text", "complaint"),
    [
        ("[weights.2]\nb = 1.0\na = 1.0\n", "fit the model again"),
        ("[weights.2]\na = 1.0\n", "fit the model again"),
        ('[weights.2]\na = 1.0\nb = "x"\n', "must give each feature a number"),
        ("[weights.2]\na = 1.0\nb = true\n", "must give each feature a number"),
        ("[weights.two]\na = 1.0\nb = 1.0\n", "is not a player count"),
        ("[weights]\n", "no [weights.N] table"),
        ("[other]\n", "weights"),
        ("[weights.2\n", "test"),
    ],
)
def test_a_weights_file_that_does_not_fit_the_features_is_refused(text, complaint) -> None:
    with pytest.raises(WinModelError, match=complaint.replace("[", r"\[").replace(".", r"\.")):
        parse(FEATURES, text, "test")


def test_the_fitter_writes_a_file_the_game_can_read(tmp_path, capsys) -> None:
    out = tmp_path / "win_model.toml"
    code = fit_win_model.main(
        ["--game", "race", "--players", "2", "--games", "4", "--seed", "3", "--out", str(out)]
    )
    assert code == 0
    text = out.read_text()
    assert "held-out games" in text and "--games 4" in text
    from nfgalaxy.games.race.win_features import FEATURES as RACE

    model = parse(RACE, text, str(out))
    assert set(model.weights) == {2}
    assert "wrote" in capsys.readouterr().err


def test_the_detailed_fit_is_the_same_whatever_the_jobs(tmp_path) -> None:
    """``--detailed`` writes weights for the detailed features; ``--jobs 2`` plays the games
    in two processes and fits the very same weights."""
    from nfgalaxy.games.race.win_features import DETAILED

    texts = []
    for jobs in ("1", "2"):
        out = tmp_path / f"cards-{jobs}.toml"
        args = ["--game", "race", "--players", "2", "--games", "4", "--seed", "5"]
        assert fit_win_model.main([*args, "--detailed", "--jobs", jobs, "--out", str(out)]) == 0
        texts.append(out.read_text())
    assert texts[0] == texts[1]
    assert "--detailed" in texts[0]
    assert set(parse(DETAILED, texts[0], "test").weights) == {2}


@pytest.mark.parametrize(
    ("args", "complaint"),
    [
        (["--game", "nope"], "unknown game"),
        (["--game", "race", "--players", "9"], "2 to 6 players"),
        (["--game", "race", "--games", "2"], "at least 4"),
        (["--game", "race", "--jobs", "0"], "--jobs: at least 1"),
        (["--game", "new-frontiers", "--detailed"], "no detailed win model"),
    ],
)
def test_the_fitter_refuses_what_it_cannot_fit(args, complaint, capsys) -> None:
    with pytest.raises(SystemExit) as stopped:
        fit_win_model.main(args)
    assert stopped.value.code == 2
    assert complaint in capsys.readouterr().err


def test_the_fit_takes_positions_of_different_seat_counts_together() -> None:
    """Games of two and of three players fitted at once recover the same weights."""
    truth = [1.0, 0.4]
    positions = _sampled(truth, 2000, seats=2) + _sampled(truth, 2000, seats=3)
    assert fit(positions, ridge=1e-6) == pytest.approx(truth, abs=0.15)


def test_a_table_of_positions_fits_and_judges_as_the_positions_do() -> None:
    """The fitter keeps its positions in tables (single precision, grouped by seat count):
    the weights, the log-loss and the favourite's wins are those of the plain lists, and a
    fit over two tables is the fit over their positions together."""
    truth = [1.0, 0.4]
    positions = _sampled(truth, 600, seats=2) + _sampled(truth, 400, seats=3)
    plain = fit(positions, ridge=1e-4)
    first, second = PositionTable(positions[:700]), PositionTable()
    for at in range(700, 1000, 100):  # added a game at a time, as the fitter does
        second.add(positions[at : at + 100])
    assert len(first) == 700 and len(second) == 300
    assert fit([first, second], ridge=1e-4) == pytest.approx(plain, rel=1e-4)
    loss, hits = judge(plain, PositionTable(positions))
    assert loss == pytest.approx(log_loss(plain, positions), rel=1e-5)
    favourites = 0
    for seats, shares in positions:
        scores = [sum(w * x for w, x in zip(plain, f, strict=True)) for f in seats]
        favourites += shares[scores.index(max(scores))] > 0
    assert hits == pytest.approx(favourites / len(positions))
    assert 0.4 < hits < 0.9  # the model knows something, and the outcomes were drawn
    with pytest.raises(WinModelError, match="no positions"):
        fit(PositionTable())


def test_a_model_names_its_own_weights_file() -> None:
    """A detailed model is stored beside the compact one, in the file its features name."""
    from nfgalaxy.core import win_model

    detailed = Features(("a", "b"), lambda state, seat: state[seat], "nfgalaxy", file="x.toml")
    assert detailed.file == "x.toml" and FEATURES.file == win_model.WEIGHTS_FILE
    assert win_model.load(detailed) is None  # no such file in the package: no model
