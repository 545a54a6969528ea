"""Balance report for the New Frontiers tile set, from greedy-bot games.

Reconstructed tiles are a design, so simulation is how we check them: this prints each home
colony's win rate and average score (home sides chosen at random, everything else by greedy
bots), and what each "?" tile's condition scored for the players who owned it.
Run ``python benchmarks/balance_new_frontiers.py --games 300``.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict

from nfgalaxy.bots import make_bot
from nfgalaxy.core import new_game
from nfgalaxy.core.rng import Rng
from nfgalaxy.games.new_frontiers.rules import NewFrontiers


def play(seed: int, players: int) -> NewFrontiers:
    """A greedy-bot game in which every home side is chosen at random, so each is measured."""
    state = new_game("new-frontiers", players=players, seed=seed, options={"first_game": False})
    assert isinstance(state, NewFrontiers)
    bots = [make_bot("greedy", seed * 10 + i) for i in range(players)]
    sides = Rng(seed)
    while not state.is_over():
        options = state.legal_decisions()
        if options[0].kind == "home":
            state.apply(options[sides.below(len(options))])
        else:
            state.apply(bots[state.to_move()].choose(state))
    return state


def report(games: int, players: int, seed: int) -> dict:
    home_games: dict[str, int] = defaultdict(int)
    home_wins: dict[str, float] = defaultdict(float)
    home_score: dict[str, int] = defaultdict(int)
    bonus: dict[str, list[int]] = defaultdict(list)
    names: dict[str, str] = {}
    rounds = 0
    for index in range(games):
        state = play(seed + index, players)
        rounds += state.round
        winners = state.winners()
        for player, score in zip(state.players, state.score_details(), strict=True):
            home_games[player.home] += 1
            home_score[player.home] += score.total
            names[player.home] = state.tiles.world(player.home).name
            if player.seat in winners:
                home_wins[player.home] += 1 / len(winners)
            for tile_id, vp in score.bonus_detail:
                bonus[tile_id].append(vp)
                names[tile_id] = state.tiles.by_id[tile_id].name
    fair = 1 / players
    homes = {
        names[h]: {
            "games": n,
            "win_rate": round(home_wins[h] / n, 3),
            "vs_fair": round(home_wins[h] / n / fair, 2),
            "average_score": round(home_score[h] / n, 1),
        }
        for h, n in sorted(home_games.items(), key=lambda kv: -home_wins[kv[0]] / kv[1])
    }
    bonuses = {
        names[t]: {"owners": len(v), "average_vp": round(sum(v) / len(v), 1), "max_vp": max(v)}
        for t, v in sorted(bonus.items(), key=lambda kv: -sum(kv[1]) / len(kv[1]))
    }
    return {
        "games": games,
        "players": players,
        "average_rounds": round(rounds / games, 1),
        "home_colonies": homes,
        "question_mark_tiles": bonuses,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(json.dumps(report(args.games, args.players, args.seed), indent=2))


if __name__ == "__main__":
    main()
