"""What the Consume guide says each option gives is what the engine then gives: every consume
power and sale offered in random games is played on an exact copy and compared."""

from __future__ import annotations

import random

import pytest

from nfgalaxy.games.race import new
from nfgalaxy.games.race.rules import RaceGame, Step
from nfgalaxy.games.race.ui.guide import guide_text
from nfgalaxy.games.race.ui.yields import power_yield, sale_yield

#: Powers whose yield is known before they are used (the others depend on a later choice).
KNOWN = {"discard_goods", "discard_goods_set", "discard_all_goods", "draw", "gain_vp"}


def finish_power(copy: RaceGame, seat: int) -> None:
    """Take the goods the power asks for (any of them: the count is what pays)."""
    while copy.step_name() == Step.CONSUME_GOOD and copy.to_move() == seat:
        copy.apply(copy.legal_decisions()[0])


def check_use(state: RaceGame, seat: int, decision) -> str:
    p = state.players[seat]
    key = decision.args[0]
    code = state.power_of(key).code
    if code not in KNOWN:
        return ""
    expected = power_yield(state, p, key)
    copy = state.copy(fork=False)
    events = len(copy.events)
    copy.apply(decision)
    finish_power(copy, seat)
    if code == "draw":
        # This power's own draw: another mandatory power may follow on its own.
        card = key.partition("#")[0]
        new = copy.events[events:]
        drawn = sum(e.numbers[0] for e in new if e.kind == "draw" and e.components == (card,))
        assert drawn == expected.cards or not (state.deck or state.discards), key
        return code
    consumed = [e for e in copy.events[events:] if e.kind == "consume" and e.seat == seat]
    assert consumed, (key, copy.log[events:])
    assert consumed[0].numbers == (expected.goods, expected.vp, expected.cards), key
    return code


def check_sale(state: RaceGame, seat: int, decision) -> str:
    arg = str(state.queue[0][2])
    expected = sale_yield(state, state.players[seat], arg, decision.args[0])
    copy = state.copy(fork=False)
    events = len(copy.events)
    copy.apply(decision)
    sold = [e for e in copy.events[events:] if e.kind == "sell"]
    assert sold and sold[0].numbers[0] == expected, decision
    return "sell"


@pytest.mark.parametrize(
    ("level", "games", "expected"),
    [
        # Enough games for a draw power (New Economy) to be offered as a choice.
        ("base", 12, {"discard_goods", "sell", "draw"}),
        # Galactic Exchange, Alien Toy Shop and Galactic Salon among the cards (§B7).
        ("rvi", 10, {"discard_goods", "sell", "draw", "gain_vp"}),
    ],
)
def test_the_consume_guide_gives_what_the_engine_gives(
    level: str, games: int, expected: set[str]
) -> None:
    seen: set[str] = set()
    for seed in range(games):
        state = new(2 + seed % 3, seed=seed, options={"expansion": level})
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_move()
            offered = state.legal_decisions()
            step = state.step_name()
            if step == Step.CONSUME:
                for decision in offered:
                    if decision.kind == "use":
                        seen.add(check_use(state, seat, decision))
            elif step == Step.SELL:
                for decision in offered:
                    seen.add(check_sale(state, seat, decision))
            if step in (Step.CONSUME, Step.SELL, Step.PAY):
                guide = guide_text(state, seat)
                assert guide is not None
                if step != Step.PAY:  # a line per option, numbered as in the decisions
                    assert f"{len(offered):>2}. " in guide.plain
            state.apply(rng.choice(offered))
    assert expected <= seen, seen


def test_the_guide_is_hidden_from_a_seat_not_to_move() -> None:
    state = new(2, seed=1)
    rng = random.Random(1)
    while state.step_name() != Step.PAY:
        assert not state.is_over(), "nobody paid in a whole game"
        state.apply(rng.choice(state.legal_decisions()))
    mover = state.to_move()
    assert guide_text(state, mover) is not None
    assert guide_text(state, 1 - mover) is None and guide_text(state, None) is None
