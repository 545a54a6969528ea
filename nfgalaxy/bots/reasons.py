"""What a judgement of a position rests on, in words: "ahead on VP and production; behind on
cards in hand".

A hint's percentage says how the search rates a decision, not why. The game's fitted win model
(``nfgalaxy.core.win_model``) scores each seat as a weighted sum of plain counts of its position,
so a seat's edge over its strongest rival splits exactly into one part per count: its weight
times the difference of the two seats' counts. A count that also appears scaled by the game left
(``vp`` and ``vp*left``) is one reason, its two parts summed. The largest parts either way are
the reasons. They are read from the seat's own view of the position (what it may know: the
others' hands and dice are re-dealt there), so they never tell one player another's secret.

A game names its counts for players in ``Features.words``; a count it does not name is left out
rather than shown by its code name. So is a count the model weighs against its holder where
the position is: with counts that go together it may weigh one against the others (in Race,
cards in the tableau, given their VP and powers), and "ahead on fewer credits" tells a player
of a correction in the fit, not of their position. Nothing here names a game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from nfgalaxy.core.registry import descriptor
from nfgalaxy.core.rng import Rng
from nfgalaxy.core.win_model import Features, WinModel
from nfgalaxy.core.win_model import load as load_win_model

#: A count's name scaled by the game left ends so (see the games' ``win_features``).
SCALED = "*left"
#: A part smaller than this (in the model's score: 0.1 is about a tenth more or less likely to
#: win, as against an even position) is no reason worth naming.
SMALLEST = 0.1
#: Reasons named each way.
MOST = 2


@dataclass(frozen=True)
class Reason:
    """One count's part in the seat's edge over its strongest rival, in the model's score:
    above 0 it favours the seat."""

    words: str
    part: float


def _model(state: Any) -> WinModel | None:
    rules = descriptor(state.game_id).heuristics()
    if rules.win_features is None:
        return None
    features: Features = rules.win_features()
    if not features.words or not features.applies(state):
        return None
    return load_win_model(features)


def count_parts(state: Any, seat: int, seed: int = 0) -> dict[str, tuple[float, bool]]:
    """Each named count's part in ``seat``'s edge over its strongest rival (the model's score
    of the seat less the rival's), from the seat's own view, with whether the seat has more of
    it; empty where the game has no fitted model with words for its counts, or is over."""
    model = _model(state)
    if model is None or state.is_over():
        return {}
    seats = len(state.scores())
    if seats < 2:
        return {}
    view = state.view(seat, Rng(seed), quiet=True)
    weights = model.for_players(seats)
    counts = [model.features.of(view, s) for s in range(seats)]
    scores = [sum(w * x for w, x in zip(weights, c, strict=True)) for c in counts]
    rival = max((s for s in range(seats) if s != seat), key=lambda s: scores[s])
    words = dict(model.features.words)
    parts: dict[str, float] = {}
    more: dict[str, bool] = {}
    for name, weight, mine, theirs in zip(
        model.features.names, weights, counts[seat], counts[rival], strict=True
    ):
        base = name.removesuffix(SCALED)
        said = words.get(base)
        if said is None:
            continue
        parts[said] = parts.get(said, 0.0) + weight * (mine - theirs)
        if name == base:
            more[said] = mine > theirs
    return {said: (part, more.get(said, part > 0)) for said, part in parts.items()}


def position_reasons(state: Any, seat: int, seed: int = 0) -> list[Reason]:
    """The counts that most favour ``seat`` and most count against it, largest first (see
    ``count_parts``): those whose part is worth naming, and only where more of the count is
    what counts for the seat (see the module docstring)."""
    parts = count_parts(state, seat, seed)
    ranked = sorted(parts.items(), key=lambda item: -abs(item[1][0]))
    return [
        Reason(said, part)
        for said, (part, more) in ranked
        if abs(part) >= SMALLEST and (part > 0) == more
    ]


def reasons_words(reasons: list[Reason]) -> str:
    """ "ahead on VP and production; behind on cards in hand", or "" with nothing to say."""
    ahead = [r.words for r in reasons if r.part > 0][:MOST]
    behind = [r.words for r in reasons if r.part < 0][:MOST]
    said = [
        f"{side} on {' and '.join(which)}"
        for side, which in (("ahead", ahead), ("behind", behind))
        if which
    ]
    return "; ".join(said)
