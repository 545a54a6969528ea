"""The end of the game (§11): victory at the end of one's own turn, or the richest player when
the bank cannot pay. The option ``round_limit`` is no rule of the game but a bound
(``common.ROUND_LIMIT`` rounds by default; None or 0: none): after that round the game ends as
when the bank is empty, the richest winning. Games between merchants who play to win end long
before it; it ends the games of merchants who have all gone broke, which could go on forever.
"""

from __future__ import annotations

from nfgalaxy.games.space_merchant.rules.base import MerchantBase
from nfgalaxy.games.space_merchant.state import Player


def richest(g: MerchantBase) -> list[int]:
    """Highest net worth (§11, §13 item 12), then highest cash (§11 [GAP]); still tied, the
    victory is shared."""
    worths = {p.seat: (g.net_worth(p), p.cash) for p in g.players}
    best = max(worths.values())
    return sorted(seat for seat, w in worths.items() if w == best)


def end_with_richest(g: MerchantBase, reason: str) -> None:
    """End the game at once; the richest win."""
    g.winner_seats = richest(g)
    g.end_reasons.append(reason)
    g.over = True
    g.queue = []
    for seat in g.winner_seats:
        g.record("win", seat, (), (g.net_worth(g.players[seat]),))


def check_victory(g: MerchantBase, p: Player) -> bool:
    """§11: ``p``, whose turn is ending, wins with a net worth of at least the target."""
    worth = g.net_worth(p)
    if worth < int(g.options["victory"]):
        return False
    g.over = True
    g.winner_seats = [p.seat]
    g.end_reasons.append(f"{p.name} reached a net worth of ${worth}")
    g.record("win", p.seat, (), (worth,))
    g.queue = []
    return True


def round_limit_reached(g: MerchantBase, seat: int) -> bool:
    """Whether the turn of ``seat`` ending now is the last turn of the last round allowed."""
    limit = g.options.get("round_limit")
    return bool(limit) and seat == g.order[-1] and g.round >= int(limit)
