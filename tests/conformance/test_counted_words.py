"""Counts read as a player writes them, in every game: '1 die', '2 dice', never '1 dice' or
'good(s)'. Play-testers saw both; the log and the decision labels of random games of every
installed game are read here."""

from __future__ import annotations

import re

import pytest

from nfgalaxy.bots.random_bot import RandomBot
from nfgalaxy.core.registry import descriptor, game_ids, new_game

# A counted noun with its plural left open: "2 goal(s)" (a power's printed text may say
# "any phase(s)"; that is the tile's own wording).
NUMBER_AND_MAYBE_PLURAL = re.compile(r"\b\d+ \w+\(s\)")
# "1" followed by a plural noun: "1 dice", "1 goods", "1 cards"… ("1 VP" and "$1" are fine).
ONE_AND_A_PLURAL = re.compile(
    r"(?<![\d$.])\b1 (dice|goods|colonists|goals|tiles|cards|worlds|workers|bots|humans|"
    r"credits|developments|shippers|producers|slots|chips)\b"
)


def _texts(game: str, players: int, seed: int) -> list[str]:
    state = new_game(game, players=players, seed=seed)
    bot = RandomBot(seed)
    seen: list[str] = []
    while not state.is_over():
        seen += [d.label for d in state.legal_decisions()]
        state.apply(bot.choose(state))
    return seen + list(state.log)


@pytest.mark.parametrize("game", game_ids())
def test_counts_in_the_log_and_the_labels_agree_with_their_number(game: str) -> None:
    found = descriptor(game)
    for seed, players in enumerate(range(found.min_players, found.max_players + 1), start=3):
        for text in _texts(game, players, seed):
            assert not NUMBER_AND_MAYBE_PLURAL.search(text), text
            assert not ONE_AND_A_PLURAL.search(text), text
