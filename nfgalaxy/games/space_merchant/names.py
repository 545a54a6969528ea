"""Invented names for generated boards and content.

Generated packs must never pass for the published game, so every name is made up here from
syllables and word lists of our own: systems, cities, cultures and their wares. Names are drawn
from the generator's seeded ``Rng`` and never repeat within one pack (``NameBook``).
"""

from __future__ import annotations

from nfgalaxy.core.rng import Rng

_ONSETS = ("b", "d", "f", "g", "k", "l", "m", "n", "p", "r", "s", "t", "v", "z", "th", "sh")
_ONSETS += ("kr", "tr", "dr", "br", "st", "qu", "y", "h")
_VOWELS = ("a", "e", "i", "o", "u", "a", "e", "o", "ai", "io", "ou")
_CODAS = ("", "", "", "", "", "n", "r", "s", "l", "x", "m")

_CITY_SUFFIXES = ("Landing", "Dome", "Spires", "Hollow", "Reach", "Haven", "Crossing", "Deep")
_CITY_SUFFIXES += ("Terrace", "Vault", "Mesa", "Arcology")
_STATION_SUFFIXES = ("Station", "Ring", "Platform", "Anchorage", "Wheel", "Hub")
_HAZARD_SUFFIXES = ("Nebula", "Rift", "Maelstrom", "Shoals", "Expanse", "Drift")

_ADJECTIVES = ("Singing", "Velvet", "Frozen", "Hollow", "Glowing", "Patient", "Folded")
_ADJECTIVES += ("Quiet", "Humming", "Woven", "Bottled", "Ancestral", "Spiral", "Dreaming")
_ADJECTIVES += ("Fractal", "Tidal", "Ember", "Crystal", "Whispering", "Ornamental", "Lucky")
_ADJECTIVES += ("Vintage", "Sleeping", "Floating", "Candied", "Polished", "Restless")
_NOUNS = ("Moss", "Ore", "Lanterns", "Tea", "Masks", "Engines", "Seeds", "Resin", "Shells")
_NOUNS += ("Clocks", "Tapestries", "Spores", "Lenses", "Echoes", "Honey", "Marbles", "Kites")
_NOUNS += ("Salts", "Antiques", "Incense", "Coral", "Gears", "Fungi", "Chimes", "Tonic")
_NOUNS += ("Mirrors", "Feathers", "Batteries", "Lace", "Puzzles")


def syllables(rng: Rng, count: int) -> str:
    """A made-up word of ``count`` syllables, capitalised."""
    word = "".join(
        rng.choice(list(_ONSETS)) + rng.choice(list(_VOWELS)) + rng.choice(list(_CODAS))
        for _ in range(count)
    )
    return word.capitalize()


class NameBook:
    """Hands out names that are unique within one generated pack."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self.used: set[str] = set()

    def _fresh(self, make) -> str:
        for _ in range(1000):
            name = make()
            if name not in self.used:
                self.used.add(name)
                return name
        raise RuntimeError("ran out of invented names")  # 1000 misses: a bug, not bad luck

    def word(self) -> str:
        """A proper name of two or three syllables."""
        return self._fresh(lambda: syllables(self.rng, 2 + (self.rng.below(4) == 0)))

    def place(self, suffixes: tuple[str, ...]) -> str:
        return self._fresh(lambda: f"{syllables(self.rng, 2)} {self.rng.choice(list(suffixes))}")

    def city(self) -> str:
        return self.place(_CITY_SUFFIXES)

    def station(self) -> str:
        return self.place(_STATION_SUFFIXES)

    def hazard(self) -> str:
        return self.place(_HAZARD_SUFFIXES)

    def ware(self) -> str:
        """A trade good: an adjective and a noun ("Velvet Moss")."""
        return self._fresh(
            lambda: f"{self.rng.choice(list(_ADJECTIVES))} {self.rng.choice(list(_NOUNS))}"
        )
