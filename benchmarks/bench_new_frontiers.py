"""Benchmark: New Frontiers random-bot games per second and greedy-bot think time.

Kept for existing habits: the same as ``python benchmarks/bench_games.py --game new-frontiers``
(see that file for the options). Run it as a script: its folder is then on the import path.
"""

from __future__ import annotations

from bench_games import main

if __name__ == "__main__":
    main("new-frontiers")
