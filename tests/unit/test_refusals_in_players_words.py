"""A refused decision is explained in the game's words, never with the engine's step names."""

from __future__ import annotations

import random

import pytest

from nfgalaxy.core import Decision, IllegalDecision, new_game
from nfgalaxy.games.new_frontiers.rules.common import Step as NfStep
from nfgalaxy.games.roll.rules.common import Step as RollStep

#: Decision kinds that never appear in a legal list, plus one bogus argument list per kind.
BOGUS_ARGS: tuple[tuple[object, ...], ...] = ((), ("no-such-tile",), ("no-such-tile", 99, "x"))


def internal_words(message: str, steps: type) -> list[str]:
    """The engine's words found in ``message``: step names, quoted steps, Python reprs."""
    found = [s.value for s in steps if "_" in s.value and s.value in message]
    found += [f"'{s.value}'" for s in steps if f"'{s.value}'" in message]
    found += [w for w in ("step '", "expects", "[", "]", "()", "None") if w in message]
    return found


def refusals(game: str, seed: int, kinds: set[str]) -> list[tuple[str, str]]:
    """(step, message) for decisions refused at every decision point of one random game."""
    state = new_game(game, players=3, seed=seed)
    rng = random.Random(seed)
    seen: list[tuple[str, str]] = []
    while not state.is_over():
        legal = state.legal_decisions()
        kinds |= {d.kind for d in legal}
        for kind in sorted(kinds):
            for args in BOGUS_ARGS:
                decision = Decision(kind, args)
                if decision in legal:
                    continue
                with pytest.raises(IllegalDecision) as refused:
                    state.clone().apply(decision)
                seen.append((str(state.queue[0][0]), refused.value.message))
        state.apply(rng.choice(legal))
    return seen


@pytest.mark.parametrize(("game", "steps"), [("new-frontiers", NfStep), ("roll", RollStep)])
def test_every_refusal_is_worded_for_players(game: str, steps: type) -> None:
    kinds: set[str] = set()
    seen = refusals(game, 5, kinds)
    assert len({step for step, _ in seen}) > 5  # refusals were tried at many steps
    bad = {(step, message) for step, message in seen if internal_words(message, steps)}
    assert not bad, sorted(bad)[:5]
    assert any("choose one of the decisions offered" in message for _, message in seen)


def test_a_step_named_by_a_plain_string_still_gets_its_words() -> None:
    """Queues restored from a save hold step names as plain strings; on Python 3.11 asking
    ``name in Step`` of one raised TypeError instead of answering the player."""
    from nfgalaxy.games.new_frontiers.rules.explain import not_now as nf_not_now
    from nfgalaxy.games.roll.rules.explain import not_now as roll_not_now

    assert "Ann is to choose an action tile" in nf_not_now("select", "Ann")
    assert "Bo is to recruit dice" in roll_not_now("manage", "Bo")
    for not_now in (nf_not_now, roll_not_now):
        assert not_now("no such step", "Cy").startswith("that is not possible now")
