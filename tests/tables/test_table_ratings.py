"""Ratings: openskill's Plackett-Luce model, moved once by each rated table's result."""

from __future__ import annotations

import itertools
import threading

import pytest
from openskill.models import PlackettLuce

from nfgalaxy.records import GameRecord
from nfgalaxy.records.record import placings
from nfgalaxy.tables.errors import SpecRefused
from nfgalaxy.tables.model import Result, SeatSpec, TableSpec, TableStatus
from nfgalaxy.tables.ratings import Skill, updated
from nfgalaxy.tables.table_records import table_record
from tests.tables.conftest import ANN, BOB, CAT
from tests.tables.finished_tables import finished_table

FRESH = Skill(25.0, 25 / 3)


# -- the rating system ----------------------------------------------------------------


def test_a_new_rater_has_the_models_documented_defaults_and_ordinal_zero():
    assert Skill.new() == FRESH
    assert Skill.new().ordinal == pytest.approx(0.0)


def test_the_documented_example_of_the_library_is_what_the_library_gives():
    # openskill's README: two teams of two new players, the first wins.
    model = PlackettLuce()
    new = model.rating
    [[a, _], [x, _]] = model.rate([[new(), new()], [new(), new()]])
    assert (a.mu, a.sigma) == pytest.approx((26.964294621803063, 8.177962604389991))
    assert x.mu == pytest.approx(23.035705378196937)


@pytest.mark.parametrize("places", [[1, 2], [1, 2, 3], [1, 2, 2, 4], [1, 1, 3, 4, 5],
                                    [2, 1, 3, 3, 5, 6], [1, 1], [1, 1, 1]])  # fmt: skip
def test_an_update_is_the_librarys_own_for_each_order_and_tie_of_2_to_6(places):
    skills = [Skill(25 + seat, 8 - seat / 2) for seat in range(len(places))]
    model = PlackettLuce()
    expected = model.rate(
        [[model.rating(mu=s.mu, sigma=s.sigma)] for s in skills], ranks=[float(p) for p in places]
    )
    assert [(s.mu, s.sigma) for s in updated(skills, places)] == [
        pytest.approx((team[0].mu, team[0].sigma)) for team in expected
    ]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_winner_goes_up_the_last_goes_down_and_equals_who_tie_stay_equal(players):
    after = updated([FRESH] * players, list(range(1, players + 1)))
    assert after[0].mu > FRESH.mu > after[-1].mu
    assert all(s.sigma < FRESH.sigma for s in after)
    tied = updated([FRESH] * players, [1] * players)
    assert all(s == tied[0] for s in tied) and tied[0].mu == pytest.approx(FRESH.mu)


def test_a_rated_game_needs_two_raters_each_with_a_place():
    with pytest.raises(ValueError):
        updated([FRESH], [1])
    with pytest.raises(ValueError):
        updated([FRESH, FRESH], [1])


def test_places_follow_the_winners_then_the_totals_ties_sharing_a_place():
    scores = [{"total": t} for t in (30, 41, 41, 30, 12)]
    assert placings(scores, [1]) == [3, 1, 2, 3, 5]
    assert placings(scores, [1, 2]) == [3, 1, 1, 3, 5]


# -- rated tables ---------------------------------------------------------------------


def test_a_rated_table_is_for_players_only_and_a_ladder_table_has_a_bot():
    with pytest.raises(SpecRefused, match="bot-ladder"):
        TableSpec("new-frontiers", (SeatSpec(), SeatSpec.bot("random")), seed=1, rated=True)
    with pytest.raises(SpecRefused, match="at least one bot"):
        TableSpec("new-frontiers", (SeatSpec(), SeatSpec()), seed=1, ladder=True)
    ladder = TableSpec("new-frontiers", (SeatSpec(), SeatSpec.bot("random")), seed=1, ladder=True)
    assert ladder.rated


def _expected(store, table) -> list[Skill]:
    record: GameRecord = table_record(store, table)
    return updated([FRESH] * len(record.players), record.placings())


def test_a_rated_table_moves_its_players_ratings_once_as_it_finishes(database, store, players):
    table = finished_table(store, [ANN, BOB, CAT], rated=True)
    assert table.status is TableStatus.FINISHED
    expected = _expected(store, table)
    ladder = store.ladder(table.spec.game)
    by_player = {r.rater: r for r in ladder}
    for fingerprint, skill in zip((ANN, BOB, CAT), expected, strict=True):
        assert by_player[fingerprint].skill == pytest.approx(skill)
        assert by_player[fingerprint].games == 1
    assert [r.ordinal for r in ladder] == sorted((r.ordinal for r in ladder), reverse=True)
    assert {r.name for r in ladder} == {"Ann", "Bob", "Cat"}
    # Another front end rating it again changes nothing: a table is rated once.
    other = database.connect()
    assert other.rate(table.id) is False
    assert store.ladder(table.spec.game) == ladder
    changes = store.rating_changes(table.spec.game, ANN)
    assert len(changes) == 1 and changes[0].after == pytest.approx(by_player[ANN].skill)


def test_a_second_rated_game_starts_from_the_first_ones_ratings(store, players):
    first = finished_table(store, [ANN, BOB], rated=True, seed=1)
    after_first = {r.rater: r.skill for r in store.ladder(first.spec.game)}
    second = finished_table(store, [BOB, ANN], rated=True, seed=2)
    record = table_record(store, second)
    expected = updated([after_first[BOB], after_first[ANN]], record.placings())
    now = {r.rater: r for r in store.ladder(second.spec.game)}
    assert (now[BOB].skill, now[ANN].skill) == (pytest.approx(expected[0]),
                                                 pytest.approx(expected[1]))  # fmt: skip
    assert now[ANN].games == now[BOB].games == 2
    assert [c.table_id for c in store.rating_changes(first.spec.game, ANN)] == [first.id, second.id]


def test_a_table_not_rated_moves_no_rating(store, players):
    table = finished_table(store, [ANN, BOB])
    assert store.ladder(table.spec.game) == [] and store.rate(table.id) is False


def test_bots_of_a_ladder_table_are_rated_by_their_level(store, players):
    played = finished_table(store, [ANN], ("random",), ladder=True)
    expected = _expected(store, played)
    ladder = {r.rater: r for r in store.ladder(played.spec.game)}
    assert ladder["bot:random"].name == "Bot (random)" and ladder["bot:random"].is_bot
    assert ladder["bot:random"].skill == pytest.approx(expected[1])
    assert ladder[ANN].skill == pytest.approx(expected[0])
    assert [r.game for r in store.ratings_of("bot:random")] == [played.spec.game]


def test_finishing_through_the_store_rates_too_and_only_once(database, store, players):
    table = store.create(TableSpec("new-frontiers", (SeatSpec(), SeatSpec()), seed=1,
                                   rated=True), ANN)  # fmt: skip
    store.join(table.id, BOB)
    store.start(table.id)
    result = Result(({"total": 30}, {"total": 20}), (0,))
    store.finish(table.id, result)
    ann, bob = updated([FRESH, FRESH], [1, 2])
    ladder = {r.rater: r.skill for r in store.ladder("new-frontiers")}
    assert ladder == {ANN: pytest.approx(ann), BOB: pytest.approx(bob)}
    assert database.connect().rate(table.id) is False


def test_two_front_ends_finishing_tables_with_a_player_in_common_lose_no_update(
    database, store, players
):
    spec = TableSpec("new-frontiers", (SeatSpec(), SeatSpec()), seed=1, rated=True)
    tables = []
    for guest in (BOB, CAT) * 3:
        table = store.create(spec, ANN)
        store.join(table.id, guest)
        tables.append(store.start(table.id).id)
    fronts = [database.connect(), database.connect()]
    won = Result(({"total": 30}, {"total": 20}), (0,))

    def finish(front, mine):
        for table_id in mine:
            front.finish(table_id, won)

    workers = [
        threading.Thread(target=finish, args=(front, tables[n::2]))
        for n, front in enumerate(fronts)
    ]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=60)
    changes = store.rating_changes("new-frontiers", ANN)
    assert len(changes) == 6 and {r.rater: r.games for r in store.ladder("new-frontiers")} == {
        ANN: 6, BOB: 3, CAT: 3,
    }  # fmt: skip
    # Each game starts from the one before: no update read a rating another was changing.
    assert all(a.after == b.before for a, b in itertools.pairwise(changes))
    assert changes[0].before == FRESH
