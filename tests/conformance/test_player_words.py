"""Words a player reads never cite the rules specification or a formula, and a count of one is
never followed by a plural (issue 42, point 4): decision labels, what a decision would do, the
log, and every tile's inspector text, over random games of every game in the app, and every
game's screen as a player plays. "$" means credits only: Race has none, and Roll writes it
before an amount, on the credit track and as the Ship phase's key, never as a die face."""

from __future__ import annotations

import random
import re

import pytest

from nfgalaxy.core.protocol import new_game
from nfgalaxy.ui.app import NfGalaxyApp
from nfgalaxy.ui.game_ui import app_games, game_ui
from nfgalaxy.ui.screens.game import GameScreen
from nfgalaxy.ui.widgets.decisions import DecisionList
from tests.ui.hotseat import screen_text

#: A section of the rules specification, or a formula.
SPEC_OR_FORMULA = re.compile(r"§|\bceil\(|\bfloor\(|\bmax\(|\bmin\(")
#: "1 cards", "1 more cards", "1 VP chips".
PLURAL_AFTER_ONE = re.compile(
    r"(?<![\d.,$-])\b1 (more |VP )?(cards|worlds|goods|dice|colonists|chips|tiles|players|"
    r"rounds|decisions|futures|lines|spaces|credits|citizens|workers|devices)\b"
)


#: "$" as credits: before an amount ("$3", "+$2") or on Roll's credit track ("$··3···").
CREDITS = re.compile(r"\$(?=[\d·])")
#: Roll's Ship phase key where the keys are listed ("e v t p $") and on its column ("$ V Ship").
SHIP_KEY = re.compile(r"\be v t p \$|\$ (V )?Ship\b")
#: The games that write "$" only for credits (Race has no credits, so never).
DOLLAR_GAMES = ("race-for-the-galaxy", "roll-for-the-galaxy")


def _problems(text: str) -> list[str]:
    found = [m.group(0) for m in SPEC_OR_FORMULA.finditer(text)]
    return found + [m.group(0) for m in PLURAL_AFTER_ONE.finditer(text)]


def dollars_not_credits(text: str) -> list[str]:
    """Each "$" in ``text`` that is not credits (nor Roll's Ship key), with its neighbours."""
    text = SHIP_KEY.sub("", text)
    return [
        text[max(m.start() - 16, 0) : m.end() + 16]
        for m in re.finditer(r"\$", text)
        if not CREDITS.match(text, m.start())
    ]


def _read_random_games(game: str) -> dict[str, list[str]]:
    """Every decision label and what it would do, the log, and every tile's inspector text of
    two random games, by where they were read."""
    ui = game_ui(game)
    read: dict[str, list[str]] = {"labels": [], "log": [], "tiles": []}
    for seed in (1, 2):
        state = new_game(game, players=3, seed=seed)
        rng = random.Random(seed)
        for _ in range(600):
            if state.is_over():
                break
            options = state.legal_decisions()
            for decision in options:
                read["labels"] += [decision.label, ui.explain_decision(state, decision) or ""]
            state.apply(rng.choice(options))
        read["log"] += state.log
    tiles = ui.tiles_of(state)
    read["tiles"] += [ui.describe_tile(tile) for tile in getattr(tiles, "by_id", {}).values()]
    return read


@pytest.mark.parametrize("game", [g.id for g in app_games()])
def test_what_a_player_reads_cites_no_rule_section_or_formula_and_counts_one_in_the_singular(
    game: str,
) -> None:
    bad: dict[str, str] = {}
    for texts in _read_random_games(game).values():
        for text in texts:
            for problem in _problems(text):
                bad.setdefault(problem, text[:160])
    assert not bad, "\n".join(f"{problem!r} in {text!r}" for problem, text in bad.items())


@pytest.mark.parametrize("game", DOLLAR_GAMES)
def test_race_and_roll_write_dollar_only_for_credits(game: str) -> None:
    """Roll's Ship face and Race's Trade have marks of their own, and a Race card's price is
    paid in cards: a "$" there read as money."""
    bad = {
        where: found
        for where, texts in _read_random_games(game).items()
        if (found := [d for text in texts for d in dollars_not_credits(text)])
    }
    assert not bad, bad


async def read_screens(game: str, decisions: int) -> list[str]:
    """The whole terminal at each of the first ``decisions`` decisions of one human against
    two bots (tall, so the tableaux and the log are on it), each taken from the list."""
    app = NfGalaxyApp(bot_delay=0, seed=3)
    screens: list[str] = []
    async with app.run_test(size=(160, 80)) as pilot:
        setup = app.screen
        setup.query_one("#game").value = game
        await pilot.pause()
        for index in range(len(setup.query(".seat"))):
            kind = ("human", "random", "random")[index] if index < 3 else "empty"
            setup.query_one(f"#kind-{index}").value = kind
        await pilot.pause()
        setup.query_one("#start").press()
        for _ in range(decisions):
            for _ in range(300):
                await pilot.pause()
                screen = app.screen
                if isinstance(screen, GameScreen) and screen.query_one(DecisionList).decisions:
                    break
            else:
                raise AssertionError("the bots never handed over")
            screens.append(screen_text(app))
            screen.play(screen.query_one(DecisionList).decisions[0])
    return screens


@pytest.mark.parametrize("game", [g.id for g in app_games()])
async def test_the_screens_count_one_singular_and_race_and_roll_write_dollar_for_credits(
    game: str,
) -> None:
    bad: dict[str, str] = {}
    for text in await read_screens(game, 5):
        for line in text.splitlines():
            found = _problems(line) + (dollars_not_credits(line) if game in DOLLAR_GAMES else [])
            for problem in found:
                bad.setdefault(problem, line.strip())
    assert not bad, "\n".join(f"{problem!r} in {line!r}" for problem, line in bad.items())
