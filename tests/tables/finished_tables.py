"""Tables played to their end by random decisions, for the tests of records and ratings."""

from __future__ import annotations

import random

from nfgalaxy.tables.model import SeatKind, SeatSpec, Table, TableSpec
from nfgalaxy.tables.referee import Referee
from nfgalaxy.tables.store import TableStore


def play_out(store: TableStore, table: Table, seed: int = 3) -> Table:
    """Play a started table to its end: each human seat through its occupant, each bot
    seat through ``play_bot``, by random legal decisions."""
    referee = Referee(store)
    choose = random.Random(seed)
    while not (game := referee.game(table.id)).is_over():
        seat = game.to_move()
        decision = choose.choice(game.legal_decisions())
        if table.spec.seats[seat].kind is SeatKind.BOT:
            referee.play_bot(table.id, seat, decision)
        else:
            referee.play(table.id, table.occupants[seat], decision)
    return store.table(table.id)


def finished_table(
    store: TableStore,
    people: list[str],
    bots: tuple[str, ...] = (),
    *,
    game: str = "new-frontiers",
    seed: int = 5,
    rated: bool = False,
    ladder: bool = False,
    choices: int = 3,
) -> Table:
    """A table of ``people`` (registered fingerprints, the first its host) and bots of the
    levels ``bots``, started and played out."""
    seats = tuple(SeatSpec() for _ in people) + tuple(SeatSpec.bot(level) for level in bots)
    spec = TableSpec(game, seats, seed=seed, rated=rated, ladder=ladder)
    table = Referee(store).new_table(spec, people[0])
    for fingerprint in people[1:]:
        store.join(table.id, fingerprint)
    return play_out(store, store.start(table.id), choices)
