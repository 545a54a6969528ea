"""Bots explain their moves: one line of the log per run of a bot's decisions, composed only
from the public events those decisions produced, so no secret choice is told before its reveal
(issue 17, point 9)."""

from __future__ import annotations

import re

import pytest

from nfgalaxy.bots.explain import MARK, bot_line
from nfgalaxy.core.events import Event
from nfgalaxy.core.registry import new_game
from nfgalaxy.games.race.state import ACTION_LABELS
from nfgalaxy.games.roll.rules.common import PHASE_LABELS
from nfgalaxy.table import Seat, Table

SECRET_WORDS = {
    "roll": set(PHASE_LABELS.values()),
    "race": {label.split(" (")[0] for label in ACTION_LABELS.values()},
}


def test_a_bot_line_joins_the_bots_own_events_in_one_sentence() -> None:
    events = [
        Event("select", 1, ("settle",), text="Bot 2 chooses Settle."),
        Event("take", 0, text="Ann takes 2 colonists."),
        Event("settle", 1, ("W1",), (5,), text="Bot 2 settles Alien Outpost with 5 military."),
        Event("stock", 1, text="Bot 2 stocks: +$2."),
        Event("stock", 1, text="Bot 2 stocks: +$2."),
    ]
    line = bot_line("Bot 2", 1, events)
    assert line == (
        f"{MARK} Bot 2: chooses Settle; settles Alien Outpost with 5 military; stocks: +$2 (×2)."
    )


def test_a_run_that_made_nothing_public_says_nothing() -> None:
    events = [Event("reveal", None, text="Reveal: everyone selects Explore.")]
    assert bot_line("Bot 2", 1, events) is None
    assert bot_line("Bot 2", 1, [Event("note", 1, text="Bot 2 thinks.")]) is None


def test_a_run_that_made_one_event_public_is_not_said_twice() -> None:
    chose = Event("chose", 1, text="Bot 2 has chosen.")
    assert bot_line("Bot 2", 1, [chose, Event("phase", None, text="Phase: Settle.")]) is None
    assert bot_line("Bot 2", 1, [chose, chose]) == f"{MARK} Bot 2: has chosen (×2)."


def test_the_end_of_the_game_belongs_to_the_end_screen_not_to_the_last_move() -> None:
    events = [
        Event("develop", 1, text="Bot 2 develops Space Mall for $3."),
        Event("stock", 1, text="Bot 2 stocks: +$2."),
        Event("game_over", None, text="Game over."),
        Event("score", 1, text="Bot 2: 20 VP"),
    ]
    assert bot_line("Bot 2", 1, events, over=True) == (
        f"{MARK} Bot 2: develops Space Mall for $3; stocks: +$2."
    )


def _play(game: str, kinds: list[str], seed: int, decisions: int = 400):
    """Play through the table; yield (table, seat, bot lines written, revealed before, after,
    the number of events before the decision)."""
    state = new_game(game, players=len(kinds), seed=seed)
    table = Table(state, [Seat(f"S{i}", kind) for i, kind in enumerate(kinds)])
    for _ in range(decisions):
        if table.state.is_over():
            break
        seat = table.to_move()
        before, revealed = len(table.state.log), getattr(table.state, "revealed", True)
        events = len(table.state.events)
        if table.is_bot(seat):
            decision = table.bots[seat].choose(table.state)
        else:
            decision = table.state.legal_decisions()[0]
        table.submit(decision)
        written = [line for line in table.state.log[before:] if line.startswith(MARK)]
        yield table, seat, written, revealed, getattr(table.state, "revealed", True), events


@pytest.mark.parametrize("game", ["new-frontiers", "roll", "race"])
def test_every_run_of_a_bots_decisions_that_made_news_gets_one_line(game: str) -> None:
    runs = lines = 0
    last = None
    start: int | None = None  # the events before the run under way
    for table, seat, written, _before, _after, events in _play(game, ["random"] * 3, seed=11):
        start = events if start is None else start
        log = table.state.log
        for line in written:
            lines += 1
            name = table.state.name(seat)
            assert line.startswith(f"{MARK} {name}: ") and line.endswith(".")
            assert "\n" not in line
            # Every clause is something the log already said about this player.
            earlier = [t for t in log[: log.index(line)] if not t.startswith(MARK)]
            for clause in line[len(f"{MARK} {name}: ") : -1].split("; "):
                clause = clause.split(" (×")[0].removeprefix("and ")
                if clause.endswith("more"):
                    continue
                assert any(clause in text for text in earlier), (clause, line)
        if table.state.is_over() or table.to_move() != seat:
            runs += 1
            news = []
            for event in table.state.events[start:]:
                if table.state.is_over() and event.seat is None:
                    break  # the end of the game: the end screen's, not the move's
                if event.seat == seat and event.kind != "note":
                    news.append(event)
            # Two public events or more: one line; one: its own line says it, none more.
            assert len(written) == (len(news) > 1), (news, written)
            start = None
        else:
            assert written == []  # a run still going is not explained yet
        last = table
    assert last is not None and lines > runs // 10


@pytest.mark.parametrize("game", ["roll", "race"])
def test_no_line_tells_a_secret_choice_before_the_reveal(game: str) -> None:
    secret_runs = 0
    for _table, _seat, written, before, after, _events in _play(game, ["greedy"] * 3, seed=5):
        if not before and not after:  # choosing in secret, and nothing revealed yet
            secret_runs += 1
            for line in written:
                words = "|".join(re.escape(word) for word in SECRET_WORDS[game])
                assert not re.search(rf"\b({words})\b", line), line
    assert secret_runs > 0


def test_bot_lines_come_back_in_place_after_an_undo() -> None:
    state = new_game("new-frontiers", players=3, seed=4)
    table = Table(state, [Seat("Ann"), Seat("Bot 1", "random"), Seat("Bot 2", "random")])
    undone = 0
    for _ in range(120):
        if table.state.is_over():
            break
        seat = table.to_move()
        if table.is_bot(seat):
            table.submit(table.bots[seat].choose(table.state))
            continue
        log = list(table.state.log)
        options = table.state.legal_decisions()
        table.submit(options[-1])
        if table.may_undo(seat) and any(line.startswith(MARK) for line in log):
            table.undo(seat)
            assert list(table.state.log) == log
            undone += 1
            table.submit(options[-1])
    assert undone > 0
