"""Words a player reads never cite the rules specification or a formula, and a count of one is
never followed by a plural (issue 42, point 4): decision labels, what a decision would do, the
log, and every tile's inspector text, over random games of every game in the app."""

from __future__ import annotations

import random
import re

import pytest

from nfgalaxy.core.protocol import new_game
from nfgalaxy.ui.game_ui import app_games, game_ui

#: A section of the rules specification, or a formula.
SPEC_OR_FORMULA = re.compile(r"§|\bceil\(|\bfloor\(|\bmax\(|\bmin\(")
#: "1 cards", "1 more cards", "1 VP chips".
PLURAL_AFTER_ONE = re.compile(
    r"(?<![\d.,$-])\b1 (more |VP )?(cards|worlds|goods|dice|colonists|chips|tiles|players|"
    r"rounds|decisions|futures|lines|spaces|credits|citizens|workers|devices)\b"
)


def _problems(text: str) -> list[str]:
    found = [m.group(0) for m in SPEC_OR_FORMULA.finditer(text)]
    return found + [m.group(0) for m in PLURAL_AFTER_ONE.finditer(text)]


@pytest.mark.parametrize("game", [g.id for g in app_games()])
def test_what_a_player_reads_cites_no_rule_section_or_formula_and_counts_one_in_the_singular(
    game: str,
) -> None:
    ui = game_ui(game)
    bad: dict[str, str] = {}
    for seed in (1, 2):
        state = new_game(game, players=3, seed=seed)
        rng = random.Random(seed)
        for _ in range(600):
            if state.is_over():
                break
            options = state.legal_decisions()
            for decision in options:
                for text in (decision.label, ui.explain_decision(state, decision) or ""):
                    for problem in _problems(text):
                        bad.setdefault(problem, text)
            state.apply(rng.choice(options))
        for line in state.log:
            for problem in _problems(line):
                bad.setdefault(problem, line)
    tiles = ui.tiles_of(state)
    for tile in getattr(tiles, "by_id", {}).values():
        text = ui.describe_tile(tile)
        for problem in _problems(text):
            bad.setdefault(problem, text[:160])
    assert not bad, "\n".join(f"{problem!r} in {text!r}" for problem, text in bad.items())
