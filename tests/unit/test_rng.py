"""The generator's draws: ``below`` repeats ``next64`` inline, so the two must never drift."""

from __future__ import annotations

import pytest

from nfgalaxy.core.rng import Rng


def test_below_draws_exactly_what_next64_gives_modulo_n() -> None:
    fast, reference = Rng(12345), Rng(12345)
    for n in [1, 2, 3, 5, 7, 10, 55, 100, 2**33 + 1] * 200:
        assert fast.below(n) == reference.next64() % n
    assert fast.state == reference.state


def test_below_refuses_an_empty_range() -> None:
    rng = Rng(1)
    with pytest.raises(ValueError, match="n >= 1"):
        rng.below(0)
    assert rng.state == 1  # nothing was drawn
