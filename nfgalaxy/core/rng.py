"""A small seeded random number generator whose whole state is one integer.

Python's ``random.Random`` carries 625 words of state; ours is a single 64-bit counter
(SplitMix64), so a state snapshot in JSON stays tiny, cloning is free, and the same seed gives
the same draws on every platform and Python version.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_FORK = 0xC0FFEE5EED0F0CC5  # any odd constant: copies draw from a stream of their own


_new = object.__new__


class Rng:
    """SplitMix64: every bag draw, coin flip and shuffle of a game comes from here."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``0..n-1`` (the modulo bias is below 2**-50 for game sizes).

        ``next64`` is written out again here: this is the draw of every random decision in a
        search playout, and a second Python call per draw was a measurable share of it."""
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        z = self.state = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return (z ^ (z >> 31)) % n

    def coin(self) -> bool:
        return self.next64() >> 63 == 1

    def shuffle(self, items: list) -> None:
        """Fisher–Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self) -> Rng:
        """A generator for a copy of a game: a different stream, derived from this one's state
        without advancing it, so the copy cannot replay (foresee) this game's draws."""
        z = ((self.state ^ _FORK) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        forked = _new(Rng)  # every search copy forks: ``__init__``'s call and mask skipped
        forked.state = z ^ (z >> 31)
        return forked

    def choice(self, items: list):
        return items[self.below(len(items))]


def random_seed() -> int:
    """A fresh seed for a new game (from the operating system, not from any game's stream)."""
    import random

    return random.SystemRandom().randrange(1, 2**31)
