"""The store's ratings: each rater's skill per game, moved once by each rated table's result.

A rated table is rated in the transaction that finishes it (``TableStore`` calls ``_rate``),
and ``rated_at`` marks it then: the status moves to finished once, under the table's row lock,
and ``_rate`` does nothing for a table marked already, so however many front ends finish or
rate a table, its result moves the ratings once. The raters' rows are locked in one order
(their keys sorted) before they are read, so two tables finishing at once with a player in
common are rated one after the other, each from the other's result, and never deadlock.
"""

from __future__ import annotations

from nfgalaxy.records.record import placings
from nfgalaxy.tables.dialect import Transaction
from nfgalaxy.tables.model import Table, TableStatus
from nfgalaxy.tables.player_store import PlayerStore
from nfgalaxy.tables.ratings import (
    BOT_RATER,
    Rating,
    RatingChange,
    Skill,
    is_bot,
    raters,
    updated,
)


class RatingStore(PlayerStore):
    """Ratings over the players (tables are ``TableStore``'s, which rates them)."""

    def _rate(self, tx: Transaction, table: Table) -> bool:
        """Move the ratings by a finished rated table's result, unless done already; True
        when done now."""
        if not table.spec.rated or table.status is not TableStatus.FINISHED or not table.result:
            return False
        now = self._clock()
        if not tx.change(
            "UPDATE tables SET rated_at = ? WHERE id = ? AND rated_at IS NULL", (now, table.id)
        ):
            return False
        game = table.spec.game
        who = raters(table)
        fresh = Skill.new()
        for rater in sorted(set(who)):
            tx.change(
                "INSERT INTO ratings (game, rater, mu, sigma, games, updated) "
                "VALUES (?, ?, ?, ?, 0, ?) ON CONFLICT DO NOTHING",
                (game, rater, fresh.mu, fresh.sigma, now),
            )
            # The row's lock (PostgreSQL), taken in the sorted order before it is read.
            tx.change(
                "UPDATE ratings SET updated = ? WHERE game = ? AND rater = ?", (now, game, rater)
            )
        rows = tx.rows(
            "SELECT rater, mu, sigma, games FROM ratings WHERE game = ? AND rater IN "
            f"({', '.join('?' for _ in who)})",
            (game, *who),
        )
        before = {rater: Skill(float(mu), float(sigma)) for rater, mu, sigma, _ in rows}
        number = {rater: int(games) + 1 for rater, _, _, games in rows}
        # Two bots of one level at a table are one rater: its seats are rated as seats, and
        # the level takes the mean of its seats' moves.
        places = placings(table.result.scores, table.result.winners)
        after = updated([before[r] for r in who], places)
        for seat, (rater, skill, place) in enumerate(zip(who, after, places, strict=True)):
            old = before[rater]
            tx.change(
                "INSERT INTO rating_changes (table_id, seat, rater, game, number, place, "
                "mu_before, sigma_before, mu, sigma, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (table.id, seat, rater, game, number[rater], place, old.mu, old.sigma, skill.mu,
                 skill.sigma, now),
            )  # fmt: skip
        for rater in set(who):
            seats = [skill for r, skill in zip(who, after, strict=True) if r == rater]
            tx.change(
                "UPDATE ratings SET mu = ?, sigma = ?, games = games + 1 "
                "WHERE game = ? AND rater = ?",
                (sum(s.mu for s in seats) / len(seats), sum(s.sigma for s in seats) / len(seats),
                 game, rater),
            )  # fmt: skip
        return True

    def ladder(self, game: str) -> list[Rating]:
        """Every rater of ``game``, the highest ordinal first (the ladder's order)."""
        return self._ratings("r.game = ?", game)

    def ratings_of(self, rater: str) -> list[Rating]:
        """A rater's rating at each game they were rated at, by game."""
        return self._ratings("r.rater = ?", rater)

    def _ratings(self, where: str, value: str) -> list[Rating]:
        with self._transaction(write=False) as tx:
            rows = tx.rows(
                "SELECT r.game, r.rater, r.mu, r.sigma, r.games, p.name FROM ratings r "
                "LEFT JOIN players p ON p.fingerprint = r.rater "
                f"WHERE {where} AND r.games > 0 "
                "ORDER BY r.game, r.mu - 3 * r.sigma DESC, r.rater",
                (value,),
            )
        return [_rating(*row) for row in rows]

    def rating_changes(self, game: str, rater: str) -> list[RatingChange]:
        """What each rated game of ``game`` did to ``rater``'s rating, oldest first."""
        with self._transaction(write=False) as tx:
            rows = tx.rows(
                "SELECT table_id, seat, rater, place, mu_before, sigma_before, mu, sigma, at "
                "FROM rating_changes WHERE game = ? AND rater = ? ORDER BY number, seat",
                (game, rater),
            )
        return [
            RatingChange(int(t), int(seat), r, int(place), Skill(float(m0), float(s0)),
                         Skill(float(m1), float(s1)), float(at))
            for t, seat, r, place, m0, s0, m1, s1, at in rows
        ]  # fmt: skip


def _rating(game: str, rater: str, mu: float, sigma: float, games: int, name: str | None):
    shown = f"Bot ({rater.removeprefix(BOT_RATER)})" if is_bot(rater) else (name or rater)
    return Rating(game, rater, shown, Skill(float(mu), float(sigma)), int(games))
