"""What a game's model of the others' secret choices looks at (``nfgalaxy.bots.choice_model``).

The search plays every seat but its own by a policy, and a secret choice another player has
already made is re-dealt in each sampled world (``view``): the search cannot know it. How well
it plays then rests on how it guesses those choices. The greedy policy assumes the one best
by its own judgement (and pays for a playout of each option to find it), the view's re-deal
assumes any option alike. A *choice model* says instead how likely each option is, from the
chooser's position, as fitted to the choices of stronger players (``nfgalaxy.bots.
fit_choice_model``): the search samples others' choices from it.

A game describes what its model looks at with ``ChoiceFeatures``: the decision kinds it
predicts, the numbers of the chooser's position it predicts them from, and how to make the
others' unrevealed choices again in a sampled world with a chooser. The engine stays pure:
the model and its weights live with the bots; this module only names what they read.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from nfgalaxy.core.decision import Decision

#: Chooses one of ``options`` for ``seat`` in ``state``.
Chooser = Callable[[Any, int, list[Decision]], Decision]


def _always(state: Any) -> bool:
    return True


def class_of(decision: Decision) -> str:
    """The name a choice model knows a decision by: its arguments, as a player would list
    them (``explore_5+settle``). A decision's label is for people and may be left out."""
    return "+".join(str(arg) for arg in decision.args) or decision.kind


@dataclass(frozen=True)
class ChoiceFeatures:
    """What a game's choice model looks at: decisions of ``kinds`` are predicted from the
    chooser's ``names`` (``of(state, seat)``, in that order); ``package``'s ``data`` folder
    holds the weights, one file per player count; ``applies(state)`` says whether the model
    knows games set up like this one. ``again(world, seat, chooser)`` makes the choices of
    ``kinds`` that the others made and have not revealed again, by ``chooser``, in a world
    sampled for ``seat`` (where the view re-dealt them alike)."""

    names: tuple[str, ...]
    of: Callable[[Any, int], Sequence[float]]
    kinds: frozenset[str]
    package: str
    again: Callable[[Any, int, Chooser], None]
    applies: Callable[[Any], bool] = _always

    def covers(self, options: Sequence[Decision]) -> bool:
        """Whether a choice among ``options`` is one the model predicts."""
        return len(options) > 1 and options[0].kind in self.kinds
