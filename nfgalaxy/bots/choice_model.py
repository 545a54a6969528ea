"""A learned model of the others' secret choices: how likely each option is for the chooser.

A game's ``ChoiceFeatures`` (``nfgalaxy.core.choice_model``) name the decisions it predicts
and the numbers of the chooser's position it reads. The model is a multinomial logit: an
option of class ``c`` (``class_of``: its arguments, as ``settle`` or ``develop+settle``) scores

    w_c · [1, x]

with ``x`` the features standardised by their mean and spread over the positions it was fitted
on, and the options offered share the chances by a softmax over their scores. It is fitted
(``nfgalaxy.bots.fit_choice_model``) to what a search level chose at positions of games of
greedy bots, so the search can sample what a strong player would choose instead of assuming
the greedy one, and at the cost of a few dot products instead of a playout of every option.

One model serves one player count, in the games the features know (``applies``). Its weights
ship in the game's ``data`` folder as ``choice_model_<N>p.npz``, with the game, the setup, the
feature names and classes in order, the command line, the commit, the games it was fitted on
and the seed; a file of another game, setup or feature list is refused (``ChoiceModelError``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from nfgalaxy.bots.value_net import (
    Provenance,
    read_arrays,
    setup_name,
    to_npz,
    write_atomically,
)
from nfgalaxy.core.choice_model import ChoiceFeatures, class_of
from nfgalaxy.core.decision import Decision
from nfgalaxy.core.rng import Rng


class ChoiceModelError(ValueError):
    """A weights file that does not belong to the game, setup or features it is loaded for."""


def file_name(players: int) -> str:
    return f"choice_model_{setup_name(players)}.npz"


def weights_path(features: ChoiceFeatures, players: int) -> Path:
    """The shipped file's place in the game package (in the source tree for an editable
    install)."""
    return Path(str(resources.files(features.package).joinpath("data"))) / file_name(players)


@dataclass
class ChoiceModel:
    """Fitted weights for a game's ``ChoiceFeatures`` at one player count (see the module
    docstring): ``weights`` has a row for each of ``classes``, a bias and a weight for each
    standardised feature."""

    game: str
    players: int
    features: ChoiceFeatures
    classes: tuple[str, ...]
    mean: np.ndarray
    scale: np.ndarray
    weights: np.ndarray
    provenance: Provenance

    def __post_init__(self) -> None:
        self._index = {name: i for i, name in enumerate(self.classes)}

    # ------------------------------------------------------------------ predicting

    def rows(self, options: list[Decision]) -> list[int] | None:
        """Each option's class row, or None if an option is of a class never fitted (the
        model cannot say how likely it is)."""
        rows = [self._index.get(class_of(d), -1) for d in options]
        return None if -1 in rows else rows

    def chances(self, state: Any, seat: int, options: list[Decision]) -> list[float] | None:
        """How likely ``seat`` is to choose each of ``options`` in ``state`` (summing to 1),
        or None where the model does not know an option."""
        rows = self.rows(options)
        if rows is None:
            return None
        x = (np.asarray(self.features.of(state, seat), dtype=float) - self.mean) / self.scale
        scores = self.weights[rows, 0] + self.weights[rows, 1:] @ x
        e = np.exp(scores - scores.max())
        return [float(p) for p in e / e.sum()]

    def sample(self, state: Any, seat: int, options: list[Decision], rng: Rng) -> Decision | None:
        """One of ``options`` drawn by ``chances`` with ``rng`` (one draw), or None where the
        model does not know an option."""
        chances = self.chances(state, seat, options)
        if chances is None:
            return None
        u = (rng.next64() >> 11) / float(1 << 53)
        total = 0.0
        for decision, p in zip(options, chances, strict=True):
            total += p
            if u < total:
                return decision
        return options[-1]

    # ------------------------------------------------------------------ the file

    def meta(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "setup": setup_name(self.players),
            "features": list(self.features.names),
            "classes": list(self.classes),
            **self.provenance.fields(),
        }

    def to_bytes(self) -> bytes:
        return to_npz(
            self.meta(), {"mean": self.mean, "scale": self.scale, "weights": self.weights}
        )

    def save(self, path: Path) -> None:
        """Write the file atomically: a half-written one would stop the search loading."""
        write_atomically(path, self.to_bytes())


def parse(
    data: bytes, features: ChoiceFeatures, game: str, players: int, where: str
) -> ChoiceModel:
    """The model in a weights file's ``data`` for ``game``'s ``features`` at ``players``;
    ``ChoiceModelError`` names what differs (``where`` names the file)."""
    meta, loaded = read_arrays(
        data, features.names, game, players, where, "a choice model", ChoiceModelError
    )
    classes = tuple(str(c) for c in meta.get("classes", ()))
    k = len(features.names)
    shapes = {name: tuple(loaded[name].shape) for name in ("mean", "scale", "weights")}
    expected = {"mean": (k,), "scale": (k,), "weights": (len(classes), k + 1)}
    if not classes or shapes != expected:
        raise ChoiceModelError(f"{where}: array shapes {shapes}, but the features need {expected}")
    provenance = Provenance(
        str(meta["command"]), str(meta["commit"]), int(meta["games"]), int(meta["seed"])
    )
    return ChoiceModel(
        game,
        players,
        features,
        classes,
        loaded["mean"],
        loaded["scale"],
        loaded["weights"],
        provenance,
    )


def read(path: Path, features: ChoiceFeatures, game: str, players: int) -> ChoiceModel:
    """The model in the file at ``path`` (see ``parse``)."""
    return parse(path.read_bytes(), features, game, players, str(path))


@cache
def load(features: ChoiceFeatures, game: str, players: int) -> ChoiceModel | None:
    """The shipped model of ``game``'s ``features`` at ``players``, or None if there is none."""
    source = resources.files(features.package).joinpath("data", file_name(players))
    if not source.is_file():
        return None
    where = f"{features.package} {file_name(players)}"
    return parse(source.read_bytes(), features, game, players, where)
