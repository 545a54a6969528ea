"""``nfgalaxy stats``: the statistics of players and bots, in words and terminal charts.

The same lines (``describe``) are the app's statistics screen: a sparkline of the scores of
the last games, a bar of each favourite phase. ``--json`` prints the figures instead.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterable
from typing import Any

from nfgalaxy.records.charts import bar, sparkline
from nfgalaxy.records.record import GameRecord
from nfgalaxy.records.statistics import Statistics, statistics

#: How many of the latest games a sparkline shows.
LAST_GAMES = 30
#: How many favourite phases are shown, and the width of their bars.
FAVOURITES = 5
BAR_WIDTH = 20


def add_stats_command(sub: Any, game_type: Any) -> argparse.ArgumentParser:
    """``nfgalaxy stats``, on the main parser's ``sub``."""
    stats = sub.add_parser(
        "stats", help="statistics of players and bots from the finished games, with charts"
    )
    stats.add_argument(
        "--game", dest="only_game", metavar="GAME", type=game_type, default=None,
        help="only this game's (an id or alias)",
    )  # fmt: skip
    stats.add_argument("--player", default=None, help="only this player (a name, or a bot kind)")
    stats.add_argument("--json", action="store_true", help="print one JSON document")
    return stats


def run(args: argparse.Namespace, records: Iterable[GameRecord]) -> int:
    found = statistics(records, player=args.player, game=args.only_game)
    if args.json:
        print(json.dumps([s.to_json() for s in found], indent=2))
        return 0
    if not found:
        print("No finished games" + (f" of {args.player}" if args.player else "") + " to count.")
        return 0
    for number, stats in enumerate(found):
        if number:
            print()
        print("\n".join(describe(stats)))
    return 0


def describe(stats: Statistics, title: str | None = None) -> list[str]:
    """A player's statistics at a game as lines of text, with charts."""
    from nfgalaxy.records.commands import title as game_title

    who = f"bot {stats.name}" if stats.is_bot else stats.name
    games = f"{stats.games} game{'s' if stats.games != 1 else ''}"
    lines = [
        f"{title or game_title(stats.game)} — {who}: {games}, {stats.wins} won "
        f"({stats.win_share:.0%})",
        f"  score      average {stats.average_score:5.1f}  "
        f"{sparkline(stats.scores[-LAST_GAMES:])}  (last {min(stats.games, LAST_GAMES)})",
        f"  place      average {stats.average_placing:5.2f}  "
        f"{sparkline([-p for p in stats.placings[-LAST_GAMES:]])}  (higher is better)",
        f"  length     average {stats.average_rounds:5.1f} rounds",
    ]
    if stats.phases:
        most = stats.phases[0][1]
        width = max(len(name) for name, _ in stats.phases[:FAVOURITES])
        chosen = sum(count for _, count in stats.phases)
        for number, (name, count) in enumerate(stats.phases[:FAVOURITES]):
            label = "  favourite" if number == 0 else ""
            lines.append(
                f"{label:<12}{name:<{width}}  {bar(count, most, BAR_WIDTH)} "
                f"{count} ({count / chosen:.0%})"
            )
    return lines
