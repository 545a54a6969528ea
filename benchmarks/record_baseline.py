"""Record the final scores of a fixed set of seeded random-bot games (the behaviour baseline).

The engines' behaviour for humans must not change when their internals do: the same seed and
decisions give the same game. ``tests/conformance/test_baseline_games.py`` replays these games
and compares. Run this only when a rules change is *meant* to change games:

    python benchmarks/record_baseline.py > tests/data/baseline_games.json
"""

from __future__ import annotations

import hashlib
import json
import sys

from nfgalaxy.bots.random_bot import RandomBot
from nfgalaxy.core.protocol import new_game

#: (game id, options) pairs; each is played with 2..5 players and seeds 1..SEEDS.
CASES: list[tuple[str, dict]] = [
    ("new-frontiers", {}),
    ("new-frontiers", {"goals": True, "first_game": False}),
    ("roll-for-the-galaxy", {}),
]
SEEDS = 6


def play(game: str, players: int, seed: int, options: dict) -> dict:
    """One random-bot game; the decision log's hash pins every step, not only the score."""
    state = new_game(game, players=players, seed=seed, options=options)
    bots = [RandomBot(seed * 31 + i) for i in range(players)]
    decisions = []
    while not state.is_over():
        seat = state.to_move()
        decision = bots[seat].choose(state)
        decisions.append(decision.to_json())
        state.apply(decision)
    digest = hashlib.sha256(json.dumps(decisions, sort_keys=True).encode()).hexdigest()[:16]
    return {
        "game": game,
        "options": options,
        "players": players,
        "seed": seed,
        "decisions": len(decisions),
        "decision_hash": digest,
        "totals": [s["total"] for s in state.scores()],
        "winners": state.winners(),
    }


def main() -> int:
    games = [
        play(game, players, seed, options)
        for game, options in CASES
        for players in range(2, 6)
        for seed in range(1, SEEDS + 1)
    ]
    json.dump({"games": games}, sys.stdout, indent=1)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
