"""A learned position value: each seat's chance to win, by a small network over a game's win
features (``nfgalaxy.core.win_model.Features``), trained by self-play
(``nfgalaxy.bots.train_value``).

The fitted win model scores each seat by a weighted sum of its features and turns the scores
into chances with a softmax over the seats. The network keeps that shape, so it drops in where
the win model judges (``chances(state, seats)``), and adds what a weighted sum cannot say: a
hidden layer that sees a seat's features beside their lead over the others' mean, so that a
lead may count differently with the position around it (a production world is worth more to a
player ahead on goods, four VP more to a player level on cards). A seat's score is

    a · x_i + v · tanh(W [x_i, x_i - mean_{j≠i} x_j] + b)

with ``x`` the features standardised by their mean and spread over positions of greedy games.
Training starts from the fitted win model (``a`` its weights, ``v`` zero), so a net trained for
a single game is the win model exactly, and training can only move it where the games say.

One net serves one *setup*: a player count, in the games the features know (``Features.
applies``: the options that change the game, as the win model). Its weights ship in the game's
``data`` folder (``value_net_2p.npz`` for the compact features at 2 players,
``value_net_cards_2p.npz`` for the detailed ones) with what made them: the game, the setup, the
feature names in order, the layer shapes, the command line, the commit, the games trained and
the seed. A file of another game, setup or feature list is refused (``ValueNetError``): weights
read against the wrong features would judge nonsense.

Numpy runs the layers: a few hundred multiply-adds per seat, a few microseconds a judgement in
numpy where its feature counts already take a hundred.
"""

from __future__ import annotations

import io
import json
import os
import tempfile
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from nfgalaxy.core.win_model import WEIGHTS_FILE, Features

#: The arrays of a net, in the order they are saved, trained and checked.
PARAMS = ("linear", "hidden_w", "hidden_b", "out")


class ValueNetError(ValueError):
    """A weights file that does not belong to the game, setup or features it is loaded for."""


def setup_name(players: int) -> str:
    """The setup a net serves: its player count (the options are those its features know)."""
    return f"{players}p"


def file_name(features: Features, players: int) -> str:
    """The weights file of ``features`` at ``players``: named after the win model's file, so a
    game's compact and detailed features each have their own (``win_model_cards.toml`` gives
    ``value_net_cards_2p.npz``)."""
    stem = Path(features.file).stem.removeprefix(Path(WEIGHTS_FILE).stem).strip("_")
    return f"value_net_{stem + '_' if stem else ''}{setup_name(players)}.npz"


def weights_path(features: Features, players: int) -> Path:
    """The shipped file's place in the game package (in the source tree for an editable
    install)."""
    return Path(str(resources.files(features.package).joinpath("data"))) / file_name(
        features, players
    )


@dataclass(frozen=True)
class Provenance:
    """What made a net, saved with its weights: the command line to make it again, the commit
    it was made at, and the self-play games it was trained on from its seed."""

    command: str
    commit: str
    games: int
    seed: int

    def fields(self) -> dict[str, Any]:
        """As a weights file's description holds it."""
        return asdict(self)


@dataclass
class ValueNet:
    """A net for one game and setup (see the module docstring). ``mean`` and ``scale``
    standardise the features; ``params`` holds ``PARAMS``' arrays."""

    game: str
    players: int
    features: Features
    mean: np.ndarray
    scale: np.ndarray
    params: dict[str, np.ndarray]
    provenance: Provenance

    @property
    def hidden(self) -> int:
        return int(self.params["hidden_b"].shape[0])

    # ------------------------------------------------------------------ judging

    def chances(self, state: Any, seats: int) -> list[float]:
        """Each seat's chance to win, summing to 1 (as ``WinModel.chances``)."""
        if seats != self.players:
            raise ValueNetError(f"a net for {self.players} players cannot judge a game of {seats}")
        of = self.features.of
        raw = np.array([[of(state, s) for s in range(seats)]], dtype=float)
        return [float(p) for p in softmax(self.scores(raw)[0])]

    def scores(self, raw: np.ndarray) -> np.ndarray:
        """Each seat's score for positions ``raw`` (positions × seats × features)."""
        return self.forward(raw)[0]

    def forward(self, raw: np.ndarray) -> tuple[np.ndarray, tuple[np.ndarray, ...]]:
        """Scores (positions × seats) and what ``backward`` needs of the pass."""
        x = (raw - self.mean) / self.scale
        seats = x.shape[1]
        others = (x.sum(axis=1, keepdims=True) - x) / (seats - 1)
        z = np.concatenate([x, x - others], axis=2)
        h = np.tanh(z @ self.params["hidden_w"] + self.params["hidden_b"])
        scores = x @ self.params["linear"] + h @ self.params["out"]
        return scores, (x, z, h)

    def backward(self, cache: tuple[np.ndarray, ...], grad: np.ndarray) -> dict[str, np.ndarray]:
        """The gradient of a loss for every array, given its gradient by the scores."""
        x, z, h = cache
        inner = grad[:, :, None] * self.params["out"] * (1.0 - h * h)
        return {
            "linear": np.einsum("psk,ps->k", x, grad),
            "out": np.einsum("psh,ps->h", h, grad),
            "hidden_w": z.reshape(-1, z.shape[2]).T @ inner.reshape(-1, inner.shape[2]),
            "hidden_b": inner.sum(axis=(0, 1)),
        }

    # ------------------------------------------------------------------ the file

    def meta(self) -> dict[str, Any]:
        """What the file says of itself beside the arrays."""
        return {
            "game": self.game,
            "setup": setup_name(self.players),
            "features": list(self.features.names),
            "shapes": {name: list(self.params[name].shape) for name in PARAMS},
            **self.provenance.fields(),
        }

    def to_bytes(self) -> bytes:
        return to_npz(self.meta(), {"mean": self.mean, "scale": self.scale, **self.params})

    def save(self, path: Path) -> None:
        """Write the file atomically: a half-written one would stop the search loading."""
        write_atomically(path, self.to_bytes())


def to_npz(meta: dict[str, Any], arrays: dict[str, np.ndarray]) -> bytes:
    """A weights file: its description (JSON) beside its arrays."""
    out = io.BytesIO()
    np.savez(out, meta=np.array(json.dumps(meta)), **arrays)
    return out.getvalue()


def softmax(scores: np.ndarray) -> np.ndarray:
    """Softmax over the last axis."""
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def write_atomically(path: Path, data: bytes) -> None:
    """``data`` into ``path`` through a temporary file beside it and ``os.replace``: a reader
    sees the old file or the new one, never half of one."""
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}-", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.chmod(temp, 0o644)  # a shipped file anyone may read, not mkstemp's owner-only
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def parse(data: bytes, features: Features, game: str, players: int, where: str) -> ValueNet:
    """The net in a weights file's ``data`` for ``game`` and ``features`` at ``players``;
    ``ValueNetError`` names what differs (``where`` names the file)."""
    meta, loaded = read_arrays(
        data, features.names, game, players, where, "a value net", ValueNetError
    )
    k = len(features.names)
    shapes = {
        name: tuple(loaded[name].shape) for name in ("mean", "scale", *PARAMS) if name in loaded
    }
    h = shapes.get("hidden_b", (0,))[0] if shapes.get("hidden_b") else 0
    expected = {
        "mean": (k,),
        "scale": (k,),
        "linear": (k,),
        "hidden_w": (2 * k, h),
        "hidden_b": (h,),
        "out": (h,),
    }
    if shapes != expected:
        raise ValueNetError(f"{where}: layer shapes {shapes}, but the features need {expected}")
    provenance = Provenance(
        str(meta["command"]), str(meta["commit"]), int(meta["games"]), int(meta["seed"])
    )
    params = {name: loaded[name] for name in PARAMS}
    return ValueNet(game, players, features, loaded["mean"], loaded["scale"], params, provenance)


def read_arrays(
    data: bytes,
    names: Sequence[str],
    game: str,
    players: int,
    where: str,
    what: str,
    error: type[ValueError],
) -> tuple[dict[str, Any], dict[str, np.ndarray]]:
    """The description and the arrays of a weights file of ``what`` (a value net, a choice
    model), refused with ``error`` if it is not one, or is another game's or setup's, or was
    made for other features than ``names``."""
    try:
        with np.load(io.BytesIO(data), allow_pickle=False) as arrays:
            meta = json.loads(str(arrays["meta"]))
            loaded = {
                name: np.array(arrays[name], dtype=float) for name in arrays.files if name != "meta"
            }
    except (OSError, ValueError, KeyError) as err:
        raise error(f"{where}: not {what}'s weights file ({err})") from err
    if meta.get("game") != game:
        raise error(f"{where}: weights of the game {meta.get('game')!r}, not {game!r}")
    if meta.get("setup") != setup_name(players):
        raise error(
            f"{where}: weights for the setup {meta.get('setup')!r}, not {setup_name(players)!r}"
        )
    check_names(tuple(meta.get("features", ())), names, where, error)
    return meta, loaded


def check_names(
    found: Sequence[str],
    wanted: Sequence[str],
    where: str,
    error: type[ValueError] = ValueNetError,
) -> None:
    """Refuse feature names that are not ``wanted`` with ``error``, saying which differ
    first (a choice model's file is checked the same way)."""
    if tuple(found) == tuple(wanted):
        return
    missing = [n for n in wanted if n not in found]
    extra = [n for n in found if n not in wanted]
    if missing or extra:
        what = "; ".join(
            part
            for part in (
                f"missing {', '.join(missing)}" if missing else "",
                f"unknown {', '.join(extra)}" if extra else "",
            )
            if part
        )
    else:
        what = "the same names in another order"
    raise error(f"{where}: the features differ from the game's ({what}); train it again")


def read(path: Path, features: Features, game: str, players: int) -> ValueNet:
    """The net in the file at ``path`` (see ``parse``)."""
    return parse(path.read_bytes(), features, game, players, str(path))


@cache
def load(features: Features, game: str, players: int) -> ValueNet | None:
    """The shipped net of ``game``'s ``features`` at ``players``, or None if there is none."""
    source = resources.files(features.package).joinpath("data", file_name(features, players))
    if not source.is_file():
        return None
    where = f"{features.package} {file_name(features, players)}"
    return parse(source.read_bytes(), features, game, players, where)
