"""The step-queue engine loop shared by every game.

A game is a queue of steps ``[name, player, arg]``. Each step name has a handler pair: an
*options* function (the legal decisions for the player, or ``None`` for a step that runs on its
own) and a *run* function that carries the step out with the chosen decision. The loop below
answers the protocol's questions (who decides, what may they decide, apply it) the same way for
every game, runs automatic steps, and makes forced single choices for the player.

Undo is decided here too, from the history alone: each entry records the seat that decided and
whether applying it revealed anything new (it drew from the game's random generator, or the game
called ``information_revealed``: a reveal of secret choices). A seat may take back its last
decision if it made it and it revealed nothing; the earlier state is rebuilt by replaying the
seed and the decisions before it (``nfgalaxy.core.replay``), so undo can never differ from the
game that would have been.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any, ClassVar

from nfgalaxy.core.decision import Decision, IllegalDecision
from nfgalaxy.core.events import Event, EventLog

Step = list  # [name, player, arg]
Options = Callable[[Any, int, Any], list[Decision]]
Run = Callable[[Any, int, Any, Decision | None], None]
Handlers = dict[str, tuple[Options | None, Run]]


class StepQueueGame(ABC):
    """Protocol methods over ``self.queue`` and the class's ``HANDLERS`` table.

    A subclass sets ``HANDLERS``, ``over``, ``queue``, ``history``, ``_legal`` and implements
    ``_explain`` (why a decision is refused, naming the rule).
    """

    HANDLERS: ClassVar[Handlers] = {}
    END_RULE: ClassVar[str] = "game end"
    over: bool
    queue: list[Step]
    history: list[dict[str, Any]]
    _legal: list[Decision] | None
    rng: Any
    #: Set by a handler when secret information becomes known (e.g. simultaneous choices are
    #: revealed); the decision being applied then cannot be taken back.
    _revealed: bool = False
    #: Steps whose player is asked even when only one decision is possible: a secret choice
    #: made simultaneously with others. Were a forced choice made for the player, the others
    #: would learn from its absence (or its timing) that the player had nothing else to choose.
    ALWAYS_ASK: ClassVar[frozenset[str]] = frozenset()

    #: The game's event renderers (kind -> words), for ``record``.
    RENDERERS: ClassVar[dict[str, Callable[..., str]]] = {}
    events: list[Event]
    _log: EventLog
    quiet: bool

    def record(
        self,
        kind: str,
        seat: int | None = None,
        components: tuple[str, ...] = (),
        numbers: tuple[int, ...] = (),
    ) -> None:
        """Record an event with its words, rendered now by the game's ``RENDERERS``; a quiet
        copy (made for search) records nothing. A game may render later instead (override)."""
        if self.quiet:
            return
        text = self.RENDERERS[kind](self, seat, components, numbers)
        self.events.append(Event(kind, seat, components, numbers, text))
        self._log.add_rendered(text)

    def step_name(self) -> str:
        """The name of the step waiting for a decision (for interfaces): 'assign', 'ship'…"""
        return self.queue[0][0] if self.queue and not self.over else ""

    def to_move(self) -> int | None:
        if self.over or not self.queue:
            return None
        return self.queue[0][1]

    def legal_decisions(self) -> list[Decision]:
        if self.over:
            return []
        if self._legal is None:
            name, player, arg = self.queue[0]
            options = self.HANDLERS[name][0]
            self._legal = options(self, player, arg) if options else []
        return list(self._legal)

    def apply(self, decision: Decision) -> None:
        """Apply a decision of the player to move; refuses illegal ones with the rule broken."""
        if self.over:
            raise IllegalDecision(self.END_RULE, "the game is over")
        legal = self._legal if self._legal is not None else self.legal_decisions()
        # Bots hand back the very object offered: found by identity here, without a call
        # (this runs for every decision of every playout a search makes).
        for chosen in legal:
            if chosen is decision:
                break
        else:
            found = _find(legal, decision)
            if found is None:
                raise self._explain(decision)
            chosen = found
        name, seat, arg = self.queue.pop(0)
        # ``Decision.to_json`` and the seat, built in one go.
        entry = {"kind": chosen.kind, "args": list(chosen.args), "seat": seat}
        self.history.append(entry)
        self._legal = None
        rng = self.rng
        drawn_before = rng.state
        self._revealed = False
        self.HANDLERS[name][1](self, seat, arg, chosen)
        self._advance()
        if self._revealed or rng.state != drawn_before:
            entry["reveals"] = True
            self._revealed = False

    def information_revealed(self) -> None:
        """Called by a rule that makes secret information known: no undo across it."""
        self._revealed = True

    def undo_point(self, seat: int) -> int | None:
        """How far ``seat`` may go back: to before its last decision, if that was the last one
        made, by this seat, and it revealed nothing (see the module docstring)."""
        if self.over or not self.history:
            return None
        last = self.history[-1]
        if last.get("seat") != seat or last.get("reveals"):
            return None
        return len(self.history) - 1

    def is_over(self) -> bool:
        return self.over

    @abstractmethod
    def _explain(self, decision: Decision) -> IllegalDecision:
        """Why ``decision`` is refused now, naming the rule it breaks (each game knows its
        rules)."""

    def _advance(self) -> None:
        """Run automatic steps and forced single decisions until a real choice or the end.

        Most steps of a game run on their own, so this is the hot loop of every playout: a
        step without an options function runs at once, without asking for (empty) options.
        ``self.queue`` is read again after every step, as a step may replace the queue."""
        handlers = self.HANDLERS
        while not self.over:
            queue = self.queue
            if not queue:
                break
            name, player, arg = queue[0]
            decide, run = handlers[name]
            if decide is None:
                del queue[0]
                run(self, player, arg, None)
                continue
            options = decide(self, player, arg)
            if len(options) > 1 or (options and name in self.ALWAYS_ASK):  # a real choice
                self._legal = options
                return
            del queue[0]  # nothing to choose, or a forced choice
            run(self, player, arg, options[0] if options else None)
        self._legal = None

    def _push(self, *steps: Step) -> None:
        """Put steps at the front of the queue, in the order given."""
        self.queue[0:0] = [list(s) for s in steps]


def _find(legal: list[Decision], decision: Decision) -> Decision | None:
    """The offered decision equal to ``decision`` (one rebuilt from JSON, say). ``apply`` tries
    identity first: comparing dataclasses field by field was a hot spot of playouts."""
    for offered in legal:
        if offered == decision:
            return offered
    return None
