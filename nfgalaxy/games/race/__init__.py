"""Race for the Galaxy (Tom Lehmann): the card game of the Galaxy family.

The cards of the base game, The Gathering Storm and Rebel vs Imperium are data
(``data/cards.toml``, explained in ``DATA.md``); a game plays the cards of its level (option
``expansion``, ``rules/levels.py``). They are loaded into the immutable definitions of
``components.py`` by ``cards.py`` and cross-checked against the sources
by ``statistics.py``. ``state.py`` holds the mutable game state, ``scoring.py`` the end-game VP,
and ``rules/`` the engine: setup, the round of secretly chosen phases, Explore, Develop, Settle,
Consume and Produce, views for hidden information, and the advanced 2-player game. The package
plugs into nfgalaxy through ``DESCRIPTOR``; ``ui/`` draws it in the Textual app, and
``text.py`` plays it line by line (``nfgalaxy play --game race``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nfgalaxy.core.descriptor import (
    GameDescriptor,
    GameOption,
    OptionKind,
    lazy,
)
from nfgalaxy.games.race.identity import AUTO, GAME_ID, LEVELS, SWITCH

if TYPE_CHECKING:
    from nfgalaxy.games.race.rules import RaceGame


def new(players: int, seed: int = 0, options: dict[str, Any] | None = None) -> RaceGame:
    """A new game. ``options``: expansion (base, tgs, rvi), goals and takeovers (true, false,
    or "on"/"off"/"auto": by the level), scenario (bool: the 2-player RvI scenario), advanced
    (bool, 2 players only), names (list), tiles (path of a corrected card file).
    ``ValueError`` for a player count or an option the level does not allow."""
    from nfgalaxy.games.race.cards import SOURCE
    from nfgalaxy.games.race.rules import RaceGame

    return SOURCE.start_game(RaceGame.new, players, seed, options or {})


def load(data: dict[str, Any]) -> RaceGame:
    """Restore a state saved with ``to_json``; raises ``ValueError`` for a damaged save."""
    from nfgalaxy.games.race.cards import SOURCE
    from nfgalaxy.games.race.rules import RaceGame

    return SOURCE.restore_game(RaceGame.from_json, data)


DESCRIPTOR = GameDescriptor(
    id=GAME_ID,
    title="Race for the Galaxy",
    summary=(
        "Choose phases secretly, build a tableau of worlds and developments: 2–4 players, "
        "2–5 with The Gathering Storm, 2–6 with Rebel vs Imperium."
    ),
    min_players=2,
    max_players=6,
    new_game=new,
    load=load,
    heuristics=lazy("nfgalaxy.games.race.heuristics:HEURISTIC"),
    tiles_report=lazy("nfgalaxy.games.race.report:TILES_REPORT"),
    text=lazy("nfgalaxy.games.race.text:TEXT"),
    ui=lazy("nfgalaxy.games.race.ui:GAME_UI"),
    invariants=lazy("nfgalaxy.games.race.invariants:problems"),
    phase_chosen=lazy("nfgalaxy.games.race.phase_chosen:phase_chosen"),
    aliases=("race", "rftg"),
    score_keys=("chips", "printed", "bonus", "goals", "tiebreak"),
    options=(
        GameOption(
            "expansion",
            "Expansion",
            "the cards played: auto = the base game for 2–4 players, The Gathering Storm for 5, "
            "Rebel vs Imperium for 6; base (2–4), tgs = + The Gathering Storm (2–5), "
            "rvi = + The Gathering Storm + Rebel vs Imperium (2–6)",
            kind=OptionKind.CHOICE,
            default=AUTO,
            choices=(AUTO, *LEVELS),
            choice_labels=(
                "By the number of players",
                "Base game (2–4)",
                "+ The Gathering Storm (2–5)",
                "+ Gathering Storm + Rebel vs Imperium (2–6)",
            ),
        ),
        GameOption(
            "goals",
            "Goals (auto: on with tgs, rvi)",
            "the goals of The Gathering Storm (§B5): auto = on with tgs and rvi; not in the base "
            "game",
            kind=OptionKind.CHOICE,
            default="auto",
            # New Frontiers' --goals is a switch; a word here needs a flag of its own.
            flag="--goal-tiles",
            choices=SWITCH,
        ),
        GameOption(
            "takeovers",
            "Takeovers (auto: on with rvi)",
            "takeovers of Rebel vs Imperium (§B6): auto = on with rvi; not below rvi",
            kind=OptionKind.CHOICE,
            default="auto",
            choices=SWITCH,
        ),
        GameOption(
            "scenario",
            "Rebel vs Imperium 2-player scenario (§B9)",
            "the 2-player scenario Rebel vs Imperium (§B9, expansion rvi): the first player "
            "the Rebels (Rebel Cantina), the second the Imperium (Imperium Warlord)",
        ),
        GameOption(
            "advanced",
            "Advanced 2-player game (two action cards a round, §18)",
            "the advanced 2-player game: two action cards a round (2 players only, §18)",
        ),
        GameOption(
            "first_game",
            "First-game hands (not available)",
            "the first game's preset hands (§5.3): not available, no source lists them",
        ),
        GameOption(
            "optional_start_worlds",
            "2018 start worlds (not available)",
            "the optional start worlds -1 to -6 (§20): not available, their powers are unknown",
        ),
        GameOption(
            "tiles",
            "Card file (blank: built-in set)",
            "a corrected card file (TOML)",
            kind=OptionKind.PATH,
            default=None,
        ),
    ),
)


def __getattr__(name: str) -> object:
    """``RaceGame`` for callers that take it from the package, loaded when first asked for
    (the descriptor alone must not load the engine)."""
    if name == "RaceGame":
        from nfgalaxy.games.race.rules import RaceGame

        return RaceGame
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["DESCRIPTOR", "GAME_ID", "RaceGame", "load", "new"]
