"""After the game: where each player's decisions cost the most, as the search judges them.

The game is replayed from its seed and decisions (every engine is deterministic); at each
decision of a reviewed seat that had a real choice, the search weighs the position from that
seat's own view, with the decision actually made kept in the race to the end, so it is judged
on as many sampled worlds as the search's own favourite. The difference of their win estimates
is what the decision cost. The search may pass its judgement through any ``analyse`` function
(the app sends each position to the bots' worker process, so the review never freezes it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from nfgalaxy.bots.levels import SearchLevel
from nfgalaxy.bots.reasons import position_reasons, reasons_words
from nfgalaxy.bots.search import Estimate, SearchBot
from nfgalaxy.core.decision import Decision
from nfgalaxy.core.protocol import GameState
from nfgalaxy.core.replay import replay

#: Quick enough to review a whole game in seconds per dozen decisions, deep enough to judge.
REVIEW_LEVEL = SearchLevel("review", iterations=80, seconds=0.5)

#: A search of one position: (state, seat's decision made there, seed) -> estimates.
Analyse = Callable[[GameState, Decision, int], list[Estimate]]


@dataclass(frozen=True)
class Slip:
    """A decision that cost its player an estimated share of a win."""

    seat: int
    round: int
    #: How many decisions of the game came before it.
    index: int
    chosen: Decision
    best: Decision
    chosen_value: float
    best_value: float
    #: What the judgement of the position rested on, from the seat's view ("ahead on VP;
    #: behind on cards in hand"; ``nfgalaxy.bots.reasons``), or "" where the game cannot say.
    reasons: str = ""

    @property
    def cost(self) -> float:
        return max(0.0, self.best_value - self.chosen_value)


def search_analyse(state: GameState, chosen: Decision, seed: int) -> list[Estimate]:
    """The default judge: the search, in this process."""
    return SearchBot(seed, REVIEW_LEVEL).analyse(state, keep=chosen)


def decision_points(state: GameState, seats: set[int]) -> Iterator[tuple[int, GameState, Decision]]:
    """Each decision of ``seats`` that had more than one option: (its index in the history, the
    position before it, the decision made). The positions are copies, free to search on."""
    position = replay(state, 0)
    for index, entry in enumerate(state.history):
        decision = Decision.from_json(entry)
        seat = position.to_move()
        if seat in seats and len(position.legal_decisions()) > 1:
            yield index, position.clone(), decision
        position.apply(decision)


def count_points(state: GameState, seats: set[int]) -> int:
    """How many decisions ``review`` will weigh (for its progress bar)."""
    return sum(1 for _ in decision_points(state, seats))


def review(
    state: GameState,
    seats: set[int],
    analyse: Analyse = search_analyse,
    progress: Callable[[int], None] | None = None,
) -> list[Slip]:
    """Every reviewed decision that the search would have made otherwise, costliest first.
    ``progress(done)`` is told after each position."""
    slips: list[Slip] = []
    for done, (index, position, chosen) in enumerate(decision_points(state, seats), 1):
        labelled = {d: d for d in position.legal_decisions()}
        estimates = analyse(position, chosen, index)
        if progress is not None:
            progress(done)
        if not estimates or estimates[0].decision == chosen:
            continue
        value = {e.decision: e.value for e in estimates}
        best = estimates[0]
        seat = position.to_move()
        assert seat is not None
        slips.append(
            Slip(
                seat=seat,
                round=position.round,
                index=index,
                chosen=labelled.get(chosen, chosen),
                best=labelled.get(best.decision, best.decision),
                chosen_value=value.get(chosen, 0.0),
                best_value=best.value,
                reasons=reasons_words(position_reasons(position, seat, index)),
            )
        )
    slips.sort(key=lambda slip: (-slip.cost, slip.index))
    return slips
