"""The setup options of a Race game, checked and settled before anything is dealt.

A game is played at one level (``expansion``: base, base + The Gathering Storm, base + TGS +
Rebel vs Imperium; §B1, §B12). The level decides the player count (2–4, 2–5, 2–6), whether
goals (§B5, from TGS) and takeovers (§B6, RvI) may be played and whether they are on when not
asked for, and whether the 2-player scenario "Rebel vs Imperium" (§B9) can be set up. Every
option that is wrong for the level is refused with the rule, so a player learns why. The
settled options are what the game keeps in ``g.options`` (and so in its save): the level,
goals and takeovers as plain true or false, and the revision of the rules it plays.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from nfgalaxy.games.race.components import LEVEL_NAMES, LEVELS
from nfgalaxy.games.race.identity import AUTO as AUTO
from nfgalaxy.games.race.identity import SWITCH as SWITCH

#: Players per level (§B1): the base game 2–4, with TGS 2–5, with RvI 2–6.
PLAYERS: Mapping[str, tuple[int, int]] = {"base": (2, 4), "tgs": (2, 5), "rvi": (2, 6)}

_SWITCH_VALUES = {"auto": None, "on": True, "off": False}
#: The level from which goals and takeovers exist, and the rule that brings them.
GOALS_FROM, TAKEOVERS_FROM = "tgs", "rvi"
SET_NAMES: Mapping[str, str] = {"tgs": "The Gathering Storm", "rvi": "Rebel vs Imperium"}

#: The rules' revision a new game plays. 2: Pilgrimage World takes a single good (§10.2), New
#: Military Tactics may be discarded with a world paid for (§9.3), and the discard pile becomes
#: the deck the moment the last card is drawn (§4). A game keeps its revision in its options;
#: saves from before have none and play on as revision 1, so their decisions still replay
#: exactly (undo replays them) under the rules they were played with.
REVISION = 2

#: Setups the rules describe that our sources cannot supply: asked for, they are refused with
#: the reason (the descriptor offers them so that a player learns why, not that they are absent).
UNAVAILABLE = {
    "first_game": (
        "the first game's preset hands cannot be dealt: the rulebook says they are the 4 cards "
        "printed with each start world's number, and no source we have lists them (§5.3)"
    ),
    "optional_start_worlds": (
        "the optional start worlds -1 to -6 of the 2018 printing cannot be used: their powers "
        "are in no source we have (§20; card data section F.2)"
    ),
}

#: The 2-player scenario (§B9): the start worlds of the two sides, in seat order (the first
#: player named plays the Rebels), and the card each side adds to its hand after the initial
#: discard; those two are out of the deck.
SCENARIO_STARTS = ("rebel_cantina", "imperium_warlord")
SCENARIO_CARDS = ("rebel_alliance", "imperium_seat")


def level_of(options: Any) -> str:
    """The level of a game's options (``expansion``): base when not given, so a save made
    before the expansions is a base game. ``ValueError`` for an unknown level."""
    level = options.get("expansion") if isinstance(options, Mapping) else None
    if level is None:
        return "base"
    if level not in LEVELS:
        words = ", ".join((AUTO, *LEVELS))
        raise ValueError(f"option expansion: {level!r} is not one of {words} (§B12)")
    return str(level)


def level_for(options: Mapping[str, Any], players: int) -> str:
    """The level of a new game: the one asked for, or with ``auto`` (or nothing) the smallest
    that seats ``players`` — base for 2–4, The Gathering Storm for 5, Rebel vs Imperium for 6
    (the fifth and sixth players' cards come with those boxes, §B1)."""
    if options.get("expansion") in (None, AUTO):
        fitting = [level for level in LEVELS if PLAYERS[level][0] <= players <= PLAYERS[level][1]]
        return fitting[0] if fitting else "base"  # no level fits: check_players says why
    return level_of(options)


def reaches(level: str, first: str) -> bool:
    """Whether ``level`` includes the set ``first`` (rvi includes tgs)."""
    return LEVELS.index(level) >= LEVELS.index(first)


def check_players(level: str, players: int) -> None:
    low, high = PLAYERS[level]
    if not low <= players <= high:
        raise ValueError(
            f"Race for the Galaxy with expansion {level} ({LEVEL_NAMES[level]}) is for {low} to "
            f"{high} players (§B1: base 2–4, tgs 2–5, rvi 2–6)"
        )


def switch(options: Mapping[str, Any], name: str, level: str, first: str, what: str) -> bool:
    """An on/off option that exists from level ``first`` on and is on there when not asked
    for: true, false, "on", "off", or "auto"/None (by the level). ``ValueError`` for another
    value, or for "on" below ``first``."""
    raw = options.get(name)
    if isinstance(raw, str):
        if raw not in _SWITCH_VALUES:
            raise ValueError(f"option {name}: {raw!r} is not one of {', '.join(SWITCH)}")
        raw = _SWITCH_VALUES[raw]
    if raw is None:
        return reaches(level, first)
    if not isinstance(raw, bool):
        raise ValueError(f"option {name}: {raw!r} is not one of {', '.join(SWITCH)}")
    if raw and not reaches(level, first):
        later = " or ".join(LEVELS[LEVELS.index(first) :])
        raise ValueError(
            f"{what} come with {SET_NAMES[first]}: not with expansion {level} "
            f"({LEVEL_NAMES[level]}); choose expansion {later}"
        )
    return raw


def settle_options(players: int, seed: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """The options the game keeps, from those asked for; ``ValueError`` naming the rule for a
    player count or an option the level does not allow."""
    level = level_for(options, players)
    check_players(level, players)
    advanced = bool(options.get("advanced", False))
    if advanced and players != 2:
        raise ValueError("the advanced game (two action cards a round) is for 2 players (§18)")
    for option, why in UNAVAILABLE.items():
        if options.get(option):
            raise ValueError(why)
    goals = switch(options, "goals", level, GOALS_FROM, "goals (§B5)")
    takeovers = switch(options, "takeovers", level, TAKEOVERS_FROM, "takeovers (§B6)")
    scenario = bool(options.get("scenario", False))
    if scenario:
        if level != "rvi":
            raise ValueError(
                "the 2-player scenario Rebel vs Imperium (§B9) is played with Rebel vs Imperium: "
                "choose expansion rvi"
            )
        if players != 2:
            raise ValueError("the scenario Rebel vs Imperium (§B9) is for 2 players")
        if not takeovers:
            raise ValueError("the scenario Rebel vs Imperium is played with takeovers (§B9.5)")
    names = list(options.get("names") or [])
    names += [f"Player {i + 1}" for i in range(len(names), players)]
    # The card file is kept so a save or a replay (undo) is played with the same cards.
    return {
        "players": players,
        "seed": seed,
        "names": names[:players],
        "advanced": advanced,
        "tiles": options.get("tiles"),
        "expansion": level,
        "goals": goals,
        "takeovers": takeovers,
        "scenario": scenario,
        "revision": int(options.get("revision", REVISION)),
    }
