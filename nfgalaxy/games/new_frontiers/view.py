"""What one seat may know of a New Frontiers game: everything else re-dealt (determinisation).

Public in New Frontiers: every tableau, the explore display, the supplies, the action tiles and
the log. Hidden: the order of the world bag (its contents follow by elimination), the goal pile,
the goals another player holds face down, and the goals another player is choosing among. A view
re-deals the hidden goals among the places the seat cannot tell apart, keeps the goals the seat
itself put under the pile where it put them (unless another player has drawn from the pile
since), and gets a random generator of its own, so no copy can foresee the real game's draws.
The re-deal depends only on what the seat knows (the unseen goals are sorted before they are
shuffled), so two games the seat cannot tell apart give the same view for the same ``rng``.
"""

from __future__ import annotations

from typing import Any

from nfgalaxy.core.rng import Rng

#: A ``NewFrontiers`` state (not imported: the game module imports this one).
NewFrontiers = Any

KEEP_GOAL = "keep_goal"


def _goals_known_in_pile(state: NewFrontiers, seat: int) -> set[str]:
    """Goals the seat put under the pile, while no other player has drawn goals since."""
    for entry in reversed(state.history):
        if entry.get("kind") != KEEP_GOAL:
            continue
        if entry.get("seat") != seat:
            return set()
        return {g for g in entry.get("args", [])[1:] if g in state.goal_pile}
    return set()


def seat_view(state: NewFrontiers, seat: int, rng: Rng, quiet: bool = False) -> NewFrontiers:
    """A full, playable copy holding only what ``seat`` may know (see the module docstring)."""
    view = state.copy(quiet=quiet)
    view.rng = Rng(rng.next64())
    view.history = []  # other players' choices of hidden goals are in it
    view.bag.sort()  # the draw order is the view's own generator's
    if state.options.get("goals"):
        _redeal_goals(state, view, seat, rng)
        view._legal = None  # the decisions offered may name a re-dealt goal
    return view


def _redeal_goals(state: NewFrontiers, view: NewFrontiers, seat: int, rng: Rng) -> None:
    known = _goals_known_in_pile(state, seat)
    slots: list[tuple[str, int]] = [
        ("pile", i) for i, goal in enumerate(view.goal_pile) if goal not in known
    ]
    slots += [("hidden", i) for i, (holder, _g) in enumerate(view.goals_hidden) if holder != seat]
    choosing = view.queue and view.queue[0][0] == KEEP_GOAL and view.queue[0][1] != seat
    if choosing:
        slots += [("drawn", i) for i in range(len(view.turn.get("drawn", [])))]
    unseen = sorted(_goal_at(view, place, i) for place, i in slots)
    rng.shuffle(unseen)
    for (place, i), goal in zip(slots, unseen, strict=True):
        if place == "pile":
            view.goal_pile[i] = goal
        elif place == "hidden":
            view.goals_hidden[i][1] = goal
        else:
            view.turn["drawn"][i] = goal


def _goal_at(view: NewFrontiers, place: str, index: int) -> str:
    if place == "pile":
        return view.goal_pile[index]
    if place == "hidden":
        return view.goals_hidden[index][1]
    return view.turn["drawn"][index]
