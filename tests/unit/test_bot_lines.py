"""Bots explain their moves: one line of the log per run of a bot's decisions, composed only
from the public events those decisions produced, so no secret choice is told before its reveal
(issue 17, point 9)."""

from __future__ import annotations

import re

import pytest

from nfgalaxy.bots.explain import MARK, bot_line, table_log
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


def test_the_log_reads_a_bots_run_once_in_its_place_and_in_its_round() -> None:
    events = [
        Event("select", 1, text="Bot 2 chooses Settle."),
        Event("settle", 1, text="Bot 2 settles Alien Outpost."),
        Event("round", None, text="— Round 2 —"),
        Event("take", 0, text="Ann takes 2 colonists."),
        Event("stock", 1, text="Bot 2 stocks: +$2."),
        Event(
            "note", text=f"{MARK} Bot 2: chooses Settle; settles Alien Outpost."
        ),  # an old save's
        Event("explore", 1, text="Bot 2 explores."),
        Event("draw", 1, text="Bot 2 draws 2 worlds."),
    ]
    assert table_log(events, {1: "Bot 2"}) == [
        f"{MARK} Bot 2: chooses Settle; settles Alien Outpost.",
        "— Round 2 —",
        "Ann takes 2 colonists.",
        "Bot 2 stocks: +$2.",
        f"{MARK} Bot 2: explores; draws 2 worlds.",
    ]
    # A human's events are never summed up: they read as they are.
    assert table_log(events[:2], {}) == ["Bot 2 chooses Settle.", "Bot 2 settles Alien Outpost."]


def _play(game: str, kinds: list[str], seed: int, decisions: int = 400):
    """Play through the table; yield (table, seat, revealed before, after) after each."""
    state = new_game(game, players=len(kinds), seed=seed)
    table = Table(state, [Seat(f"S{i}", kind) for i, kind in enumerate(kinds)])
    for _ in range(decisions):
        if table.state.is_over():
            break
        seat = table.to_move()
        revealed = getattr(table.state, "revealed", True)
        if table.is_bot(seat):
            decision = table.bots[seat].choose(table.state)
        else:
            decision = table.state.legal_decisions()[0]
        table.submit(decision)
        yield table, seat, revealed, getattr(table.state, "revealed", True)


@pytest.mark.parametrize("game", ["new-frontiers", "roll", "race"])
def test_every_event_is_told_once_a_bots_runs_in_one_line_each_in_time_order(game: str) -> None:
    table = list(_play(game, ["random"] * 3, seed=11))[-1][0]
    events = [e for e in table.state.events if e.kind != "note"]
    lines = table.log_lines()
    summaries = [line for line in lines if line.startswith(MARK)]
    assert summaries, "no bot made two public moves in a row"
    # Read back in order, the lines are the events' words, a summary standing for its run.
    index = 0
    for line in lines:
        if not line.startswith(MARK):
            assert line == events[index].text, (index, line)
            index += 1
            continue
        name, _, clauses = line[len(MARK) + 1 : -1].partition(": ")
        seat = next(s for s in table.bots if table.state.name(s) == name)
        run = 0
        while index + run < len(events) and events[index + run].seat == seat:
            run += 1
        assert run > 1, line
        for clause in clauses.split("; "):
            clause = clause.split(" (×")[0].removeprefix("and ")
            if not clause.endswith("more"):
                assert any(clause in e.text for e in events[index : index + run]), clause
        index += run
    assert index == len(events)


@pytest.mark.parametrize("game", ["roll", "race"])
def test_no_line_tells_a_secret_choice_before_the_reveal(game: str) -> None:
    secret_runs = 0
    seen = 0
    for table, _seat, before, after in _play(game, ["greedy"] * 3, seed=5):
        lines = table.log_lines()
        new, seen = lines[seen:], len(lines)
        if not before and not after:  # choosing in secret, and nothing revealed yet
            secret_runs += 1
            for line in new:
                words = "|".join(re.escape(word) for word in SECRET_WORDS[game])
                assert not re.search(rf"\b({words})\b", line), line
    assert secret_runs > 0


def test_the_log_after_an_undo_reads_as_it_did_before_the_decision() -> None:
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
        log = table.log_lines()
        options = table.state.legal_decisions()
        table.submit(options[-1])
        if table.may_undo(seat) and any(line.startswith(MARK) for line in log):
            table.undo(seat)
            assert table.log_lines() == log
            undone += 1
            table.submit(options[-1])
    assert undone > 0
