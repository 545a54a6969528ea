"""nfgalaxy: the Galaxy family of space-empire board games in a terminal."""

__version__ = "0.1.0"
