"""Load and validate the Race for the Galaxy card data from TOML.

The built-in data lives in ``data/cards.toml``: the base game (95 designs, 114 cards), The
Gathering Storm (19 new designs, 22 cards) and Rebel vs Imperium (37 new designs, 45 cards),
transcribed from the shared card facts file (sections A, B, C). ``CardSet.at_level`` picks the
cards of one level (base, base + TGS, base + TGS + RvI) with that level's copies. An owner of
the physical game can correct it with a file of their own (``race-for-the-galaxy-cards.toml``
in the user data dir, or a path): its cards replace built-in cards with the same id and add new
ones, or, with ``replace_all = true`` at the top, replace the whole set (base cards only: then
only the base level can be played). Whatever is loaded is checked against
the schema below, the power vocabulary of ``vocabulary.py`` (``CODES``) and the counts of the
sources (``statistics.check``); a bad file raises ``TileDataError`` naming the card and field at
fault, and ``resolve`` keeps the built-in set.
"""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path
from typing import Any

from nfgalaxy.core.tilefiles import Entry, TileDataError, TileSource, read_toml
from nfgalaxy.games.race.components import (
    LEVELS,
    Card,
    CardKind,
    CardSet,
    Counted,
    GoodKind,
    GoodsMode,
    Keyword,
    Phase,
    Power,
    ScoringTerm,
    StartColour,
)
from nfgalaxy.games.race.vocabulary import CODES

BUILTIN = "cards.toml"
USER_FILE = "race-for-the-galaxy-cards.toml"
#: The sets this data may name, which are also the levels a game is played at, in order.
SETS = LEVELS
ID_PATTERN = re.compile(r"[a-z0-9]+(?:_[a-z0-9]+)*")


def _names(enum_type: Any) -> dict[str, Any]:
    return {member.value: member for member in enum_type}


_KINDS = _names(CardKind)
_GOODS = _names(GoodKind)
_MODES = _names(GoodsMode)
_COLOURS = _names(StartColour)
_KEYWORDS = _names(Keyword)
_PHASES = _names(Phase)
_COUNTED = _names(Counted)

# --- powers ----------------------------------------------------------------------------------

_BOOL_PARAMETERS = frozenset(
    {"rebel", "temporary", "discard_self", "not_alien", "this_world", "different_kinds"}
    | {"trade_powers", "optional", "imperium", "military_worlds", "other_world"}
)
#: Integer parameters and their ranges; ``value`` may be negative (−1 Military) but 0 only
#: where the code allows it (``Code.zero_value``: Rebel Cantina's pay-for-military).
_INT_PARAMETERS = {"value": (-9, 9), "times": (1, 4), "vp": (1, 9), "cards": (1, 9)}
_INT_PARAMETERS["per_other"] = (1, 9)


def _parameter(entry: Entry, where: str, key: str, value: Any, zero: bool) -> Any:
    """One power parameter, converted to the type ``Power`` holds."""
    if key in _BOOL_PARAMETERS:
        if not isinstance(value, bool):
            raise entry.fail(where, f"expected true or false, got {value!r}")
        return value
    if key in _INT_PARAMETERS:
        low, high = _INT_PARAMETERS[key]
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise entry.fail(where, f"expected an integer {low}..{high}, got {value!r}")
        if value == 0 and not (zero and key == "value"):
            raise entry.fail(where, "0 changes nothing; leave the power out")
        return value
    if key == "keyword":
        if not isinstance(value, str) or value not in _KEYWORDS:
            raise entry.fail(where, f"{value!r} is not one of {', '.join(_KEYWORDS)}")
        return _KEYWORDS[value]
    if not isinstance(value, str) or value not in _GOODS:
        raise entry.fail(where, f"{value!r} is not one of {', '.join(_GOODS)}")
    return _GOODS[value]


def _power(entry: Entry, raw: Any, index: int) -> Power:
    where = f"powers[{index}]"
    if not isinstance(raw, dict):
        raise entry.fail(where, "expected a table")
    phase = raw.get("phase")
    if not isinstance(phase, str) or phase not in _PHASES:
        raise entry.fail(f"{where}.phase", f"{phase!r} is not one of {', '.join(_PHASES)}")
    phase = _PHASES[phase]
    code_name = raw.get("code")
    code = CODES[phase].get(code_name) if isinstance(code_name, str) else None
    if code is None:
        known = ", ".join(CODES[phase])
        raise entry.fail(f"{where}.code", f"{code_name!r} is not a {phase.value} code ({known})")
    text = raw.get("text")
    if not isinstance(text, str) or not text.strip():
        raise entry.fail(f"{where}.text", "missing: every power keeps the card's wording")
    values: dict[str, Any] = {"phase": phase, "code": code_name, "text": text}
    for key, value in raw.items():
        if key in values:
            continue
        if key != "optional" and key not in code.required | code.accepted:
            raise entry.fail(f"{where}.{key}", f"not a parameter of {phase.value}/{code_name}")
        values[key] = _parameter(entry, f"{where}.{key}", key, value, code.zero_value)
    missing = sorted(code.required - values.keys())
    if missing:
        raise entry.fail(f"{where}.{missing[0]}", f"missing: {phase.value}/{code_name} needs it")
    power = Power(**values)
    _check_power(entry, where, power)
    return power


def _check_power(entry: Entry, where: str, power: Power) -> None:
    """Rules between parameters that the per-code parameter lists cannot express."""
    if power.code == "military":
        conditional = power.goods is not None or power.rebel or power.temporary
        if power.value < 0 and conditional:
            raise entry.fail(f"{where}.value", "negative Military is never conditional")
        if power.goods is not None and power.rebel:
            raise entry.fail(f"{where}.rebel", "Military is against a good kind or Rebels")
    elif power.value < 0:
        raise entry.fail(f"{where}.value", f"only Military may be negative, got {power.value}")
    if power.discard_self and not power.optional:
        raise entry.fail(f"{where}.optional", "discarding a card from the tableau is a 'may'")
    if power.this_world and power.goods is not None:
        raise entry.fail(f"{where}.this_world", "not together with goods")
    if power.code in ("discard_goods", "discard_hand") and not (power.vp or power.cards):
        raise entry.fail(f"{where}.vp", f"{power.code} needs vp or cards")
    if power.different_kinds and power.goods is not None:
        raise entry.fail(f"{where}.different_kinds", "not together with goods")
    _check_expansion_power(entry, where, power)
    if power.code == "discard_goods_set" and power.times < 2:
        raise entry.fail(f"{where}.times", "a set has at least 2 goods")


def _check_expansion_power(entry: Entry, where: str, power: Power) -> None:
    """Combinations of the expansions' parameters (§B6, §B7) that no card prints."""
    if power.military_worlds and (power.goods or power.rebel or power.temporary):
        raise entry.fail(f"{where}.military_worlds", "Military per military world is unconditional")
    if power.code == "takeover":
        if power.rebel and power.imperium:
            raise entry.fail(f"{where}.imperium", "a takeover targets Rebel or IMPERIUM owners")
        if power.value and not power.imperium:
            raise entry.fail(f"{where}.value", "only the IMPERIUM-owner takeover adds Military")
    if power.code == "draw_per_card" and (power.keyword is None) == (not power.military_worlds):
        raise entry.fail(f"{where}.keyword", "draw per card with a keyword or per military world")


def _powers(entry: Entry) -> tuple[Power, ...]:
    raw = entry.get("powers", list)
    return tuple(_power(entry, item, i) for i, item in enumerate(raw))


# --- scoring ---------------------------------------------------------------------------------

_TERM_FIELDS = {"vp", "counts", "text", "card", "kind", "military", "goods", "goods_mode"}
_TERM_FIELDS |= {"keyword", "cost", "power_phase", "per", "tiers"}
_CARD_FILTERS = {"kind", "military", "goods", "goods_mode", "keyword", "cost", "power_phase"}


def _term(entry: Entry, raw: Any, index: int) -> ScoringTerm:
    where = f"scoring[{index}]"
    if not isinstance(raw, dict):
        raise entry.fail(where, "expected a table")
    term = Entry(entry.source, f"{entry.label} {where}", raw)
    term.check_known(_TERM_FIELDS)
    counts = term.choice("counts", _COUNTED)
    given = set(raw)
    if counts is Counted.CARDS and not given & _CARD_FILTERS:
        raise term.fail("counts", "counting cards needs at least one filter")
    if counts is not Counted.CARDS and given & _CARD_FILTERS:
        raise term.fail(sorted(given & _CARD_FILTERS)[0], f"not a filter of {counts.value}")
    if (counts is Counted.NAMED_CARD) != ("card" in given):
        raise term.fail("card", "a named_card term, and only it, names a card")
    if (counts is Counted.VP_CHIPS) != ("per" in given):
        raise term.fail("per", "a vp_chips term, and only it, says per how many VP")
    card = term.get("card", str, None)
    if card is not None and not ID_PATTERN.fullmatch(card):
        raise term.fail("card", f"{card!r} is not a card id")
    military = term.get("military", bool, None)
    tiers = _tiers(term, counts)
    return ScoringTerm(
        vp=0 if tiers else term.int_in("vp", 1, 10),
        tiers=tiers,
        counts=counts,
        text=term.get("text", str),
        card=card,
        kind=term.choice("kind", _KINDS, None),
        military=military,
        goods=term.choice("goods", _GOODS, None),
        goods_mode=term.choice("goods_mode", _MODES, None),
        keyword=term.choice("keyword", _KEYWORDS, None),
        cost=term.int_in("cost", 0, 9, None),
        power_phase=term.choice("power_phase", _PHASES, None),
        per=term.int_in("per", 2, 10) if "per" in given else 1,
    )


def _tiers(term: Entry, counts: Counted) -> tuple[int, ...]:
    """A ``good_kinds`` term's VP for 1–4 different kinds, increasing; no ``vp`` beside."""
    if (counts is Counted.GOOD_KINDS) != ("tiers" in term.raw):
        raise term.fail("tiers", "a good_kinds term, and only it, has tiers")
    if "tiers" not in term.raw:
        return ()
    if "vp" in term.raw:
        raise term.fail("vp", "a good_kinds term scores by its tiers")
    tiers = term.get("tiers", list)
    kinds = len(GoodKind)
    if len(tiers) != kinds or any(isinstance(t, bool) or not isinstance(t, int) for t in tiers):
        raise term.fail("tiers", f"expected {kinds} integers: VP for 1 to {kinds} kinds")
    if any(not 1 <= a < b <= 20 for a, b in pairwise(tiers)):
        raise term.fail("tiers", "VP grow with each kind (1..20)")
    return tuple(tiers)


# --- cards -----------------------------------------------------------------------------------

_CARD_FIELDS = {"id", "name", "kind", "set", "count", "source", "cost", "defense", "vp"}
_CARD_FIELDS |= {"military", "goods", "goods_mode", "start_number", "start_colour", "keywords"}
_CARD_FIELDS |= {"powers", "scoring", "note", "counts", "hand_limit", "game_end", "start_keep"}
_CARD_FIELDS |= {"no_production"}
_WORLD_ONLY = ("military", "goods", "goods_mode", "defense", "start_number", "start_colour")
SIX = 6


def _card(entry: Entry) -> Card:
    entry.check_known(_CARD_FIELDS)
    card_id = entry.get("id", str)
    if not ID_PATTERN.fullmatch(card_id):
        raise entry.fail("id", f"{card_id!r} is not a slug (lower case words joined by _)")
    kind = entry.choice("kind", _KINDS)
    source = entry.get("source", str)
    if not source.strip():
        raise entry.fail("source", "name the data file section and row")
    values: dict[str, Any] = {
        "id": card_id,
        "name": entry.get("name", str),
        "kind": kind,
        "set": entry.choice("set", {name: name for name in SETS}),
        "source": source,
        "keywords": _keywords(entry),
        "powers": _powers(entry),
        "note": entry.get("note", str, ""),
    }
    values |= _copies(entry, values["set"])
    values |= _flags(entry)
    values |= _world_fields(entry) if kind is CardKind.WORLD else _development_fields(entry)
    values["scoring"] = _scoring(entry, kind, values.get("cost"))
    if values["scoring"]:
        if "vp" in entry.raw:
            raise entry.fail("vp", "a card with scoring terms has variable VP: leave vp out")
    else:
        values["vp"] = entry.int_in("vp", -1, 9)
    card = Card(**values)
    for index, power in enumerate(card.powers):
        if power.this_world and card.goods is None:
            raise entry.fail(f"powers[{index}].this_world", "this card holds no goods")
    _check_flags(entry, card)
    return card


def _copies(entry: Entry, first: str) -> dict[str, Any]:
    """``count`` (the same copies at every level from the card's set on) or ``counts``, a
    table of level = copies where the number changes, beginning with the card's set; 0 takes
    the card out from that level on."""
    if ("count" in entry.raw) == ("counts" in entry.raw):
        raise entry.fail("count", "give count, or counts per level, not both")
    if "count" in entry.raw:
        return {"count": entry.int_in("count", 1, 3)}
    raw = entry.get("counts", dict)
    steps: list[tuple[str, int]] = []
    for level, copies in raw.items():
        if level not in SETS:
            raise entry.fail(f"counts.{level}", f"not a level ({', '.join(SETS)})")
        if isinstance(copies, bool) or not isinstance(copies, int) or not 0 <= copies <= 3:
            raise entry.fail(f"counts.{level}", f"expected an integer 0..3, got {copies!r}")
        steps.append((level, copies))
    steps.sort(key=lambda step: SETS.index(step[0]))
    if not steps or steps[0][0] != first or steps[0][1] == 0:
        raise entry.fail("counts", f"begins with the card's set: {first} = 1..3 copies")
    if len(steps) == 1:
        raise entry.fail("counts", "one level only: write count")
    return {"count": max(copies for _, copies in steps), "counts": tuple(steps)}


def _flags(entry: Entry) -> dict[str, Any]:
    """The card-wide rules of some expansion cards (hand limit, game end, initial cards)."""
    return {
        "hand_limit": entry.int_in("hand_limit", 11, 20, None),
        "game_end": entry.int_in("game_end", 13, 20, None),
        "start_keep": entry.int_in("start_keep", 1, 5, None),
        "no_production": entry.get("no_production", bool, False),
    }


def _check_flags(entry: Entry, card: Card) -> None:
    if card.start_keep is not None and not card.is_start_world:
        raise entry.fail("start_keep", "only a start world changes the initial cards")
    if card.no_production and not (
        card.goods_mode is GoodsMode.PRODUCTION
        and any(power.code == "discard_to_produce" for power in card.powers)
    ):
        raise entry.fail("no_production", "only a production world with discard_to_produce has it")


def _keywords(entry: Entry) -> frozenset[Keyword]:
    words = entry.strings("keywords", tuple(_KEYWORDS))
    if "keywords" not in entry.raw:
        raise entry.fail("keywords", "missing (write [] for none)")
    if len(set(words)) != len(words):
        raise entry.fail("keywords", "names a keyword twice")
    return frozenset(_KEYWORDS[word] for word in words)


def _world_fields(entry: Entry) -> dict[str, Any]:
    military = entry.get("military", bool)
    values: dict[str, Any] = {"military": military}
    if military:
        if "cost" in entry.raw:
            raise entry.fail("cost", "a military world has a defense, not a cost")
        values["defense"] = entry.int_in("defense", 1, 9)
    else:
        if "defense" in entry.raw:
            raise entry.fail("defense", "only military worlds have a defense")
        values["cost"] = entry.int_in("cost", 0, 9)
    goods = entry.choice("goods", {"none": None, **_GOODS})
    values["goods"] = goods
    if goods is None and "goods_mode" in entry.raw:
        raise entry.fail("goods_mode", "a world without goods has no goods mode")
    if goods is not None:
        values["goods_mode"] = entry.choice("goods_mode", _MODES)
    if ("start_number" in entry.raw) != ("start_colour" in entry.raw):
        raise entry.fail("start_colour", "a start world has both a number and a colour")
    if "start_number" in entry.raw:
        values["start_number"] = entry.int_in("start_number", -6, 11)
        values["start_colour"] = entry.choice("start_colour", _COLOURS)
    return values


def _development_fields(entry: Entry) -> dict[str, Any]:
    for name in _WORLD_ONLY:
        if name in entry.raw:
            raise entry.fail(name, "only worlds have this field")
    return {"cost": entry.int_in("cost", 1, SIX)}


def _scoring(entry: Entry, kind: CardKind, cost: int | None) -> tuple[ScoringTerm, ...]:
    raw = entry.get("scoring", list, [])
    if raw and (kind is not CardKind.DEVELOPMENT or cost != SIX):
        raise entry.fail("scoring", "only 6-cost developments score at game end")
    return tuple(_term(entry, item, i) for i, item in enumerate(raw))


# --- files -----------------------------------------------------------------------------------


def parse(text: str, source: str, base: CardSet | None = None) -> CardSet:
    """Parse a card file. With ``base``, its cards replace or add to the base set by id."""
    data = read_toml(text, source)
    for key in data:
        if key not in {"card", "replace_all"}:
            raise TileDataError(f"{source}: unknown top-level entry '{key}'")
    replace_all = data.get("replace_all", False)
    if not isinstance(replace_all, bool):
        raise TileDataError(f"{source}: 'replace_all' must be true or false")
    raw_cards = data.get("card", [])
    if not isinstance(raw_cards, list):
        raise TileDataError(f"{source}: 'card' must be an array of tables ([[card]])")
    cards: dict[str, Card] = {} if replace_all or base is None else dict(base.cards)
    seen: set[str] = set()
    for index, raw in enumerate(raw_cards):
        entry = Entry.top(source, "card", raw, index)
        card = _card(entry)
        if card.id in seen:
            raise entry.fail("id", f"{card.id!r} is used twice")
        seen.add(card.id)
        cards[card.id] = card
    _check_set(source, cards)
    return CardSet(cards=cards, source=source)


def _check_set(source: str, cards: dict[str, Card]) -> None:
    """What no single card can check, at each level the data reaches: unique names (so a name
    says which card it is within a game) and start numbers, cards named in scoring present."""
    for level in CardSet(cards).levels:
        names: dict[str, str] = {}
        starts: dict[int, str] = {}
        playing = {card_id: card for card_id, card in cards.items() if card.count_at(level)}
        for card in playing.values():
            where = f"{source}: card '{card.id}'"
            if card.name in names:
                raise TileDataError(
                    f"{where}: field 'name': also the name of '{names[card.name]}' "
                    f"(both played at level {level})"
                )
            names[card.name] = card.id
            if card.start_number is not None:
                if card.start_number in starts:
                    raise TileDataError(
                        f"{where}: field 'start_number': {card.start_number} is also "
                        f"'{starts[card.start_number]}'"
                    )
                starts[card.start_number] = card.id
            for index, term in enumerate(card.scoring):
                if term.card is not None and term.card not in playing:
                    missing = (
                        f"no card has the id {term.card!r}"
                        if term.card not in cards
                        else f"{term.card!r} is not played at level {level}"
                    )
                    raise TileDataError(f"{where}: field 'scoring[{index}].card': {missing}")


def _check(cards: CardSet) -> list[str]:
    from nfgalaxy.games.race.statistics import check

    return check(cards)


def _parse(text: str, source: str, base: CardSet | None) -> CardSet:
    return parse(text, source, base=base)


SOURCE: TileSource[CardSet] = TileSource("nfgalaxy.games.race", BUILTIN, USER_FILE, _parse, _check)
builtin = SOURCE.builtin
load_file = SOURCE.load_file
resolve = SOURCE.resolve


def user_card_file() -> Path:
    """Where the game looks for an owner's corrected card file."""
    return SOURCE.user_file


__all__ = [
    "TileDataError",
    "builtin",
    "load_file",
    "parse",
    "resolve",
    "user_card_file",
]
