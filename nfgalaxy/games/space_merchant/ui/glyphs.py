"""How a space looks on the map, and its description in words.

Every space has a glyph of its own kind (colour never carries meaning alone): a dot's shape
says its colour, a penalty is ``$``, a ?-box ``?`` until its marker is revealed, then what the
marker made of it (``R`` a relic to take, ``$`` a penalty, a telegate's number, ``P`` an open
spaceport). Only what every player sees is drawn: face-down markers and undiscovered cultures
stay hidden, and a culture the viewer observed privately is shown to that viewer alone.
"""

from __future__ import annotations

from rich.markup import escape

from nfgalaxy.games.space_merchant.board import KIND_WORDS, Colour, SpaceKind, SystemKind
from nfgalaxy.games.space_merchant.content import BASE, MarkerKind
from nfgalaxy.games.space_merchant.rules.game import MerchantGame

#: Terminal colours of the board's colours, and of the players' ships (by seat).
COLOUR_STYLE = {Colour.BLUE: "#5f9fff", Colour.YELLOW: "#e8d44d", Colour.RED: "#ff5f5f"}
SHIP_COLOURS = ("#00d7d7", "#ff87ff", "#87ff5f", "#ffaf00", "#d7d7ff", "#ff8787")
DOT_GLYPH = {Colour.BLUE: "●", Colour.YELLOW: "◆", Colour.RED: "▲"}
KIND_GLYPH = {
    SpaceKind.PENALTY: "$",
    SpaceKind.ASTEROID: "*",
    SpaceKind.QBOX: "?",
    SpaceKind.NAVIGATION: "N",
    SpaceKind.ORBIT: "○",
    SpaceKind.SPACE_CITY: "C",
    SpaceKind.SURFACE_CITY: "c",
    SpaceKind.GALACTIC_BASE: "G",
}
#: The map's key, short, under the map (the help has ``LEGEND``).
KEY = (
    "● blue ◆ yellow ▲ red · $ penalty · ? ?-box · * asteroid · R relic · N nav · "
    "○ orbit · P port · c C city · G base · 1–6 gate · + several ships"
)
#: The map's key in words, in the help.
LEGEND = (
    "● blue ◆ yellow ▲ red dot · $ penalty · ? ?-box · * asteroid · R relic · N navigation · "
    "○ orbit · P spaceport · c surface city · C space city · G Galactic Base · 1–6 telegate · "
    "ships: their seat's number, reversed; + where two or more ships share a space (in the "
    "colour of the one to move, if it is there; the line under the map names them all) · a "
    "?-box whose marker is face up shows what it became: a telegate's number, P, $ or R"
)


def ship_style(seat: int) -> str:
    return f"bold #000000 on {SHIP_COLOURS[seat % len(SHIP_COLOURS)]}"


def glyph(state: MerchantGame, space_id: str) -> tuple[str, str]:
    """The glyph of a space as it is now, and its style (the colour a drive sees)."""
    space = state.space(space_id)
    colour = COLOUR_STYLE[state.colour(space_id)]
    if state.face_down(space_id):
        return "?", "bold"
    marker = state.face_up(space_id)
    if marker is not None:
        if marker.kind is MarkerKind.TELEGATE:
            return str(marker.telegate), "bold"
        if marker.kind is MarkerKind.OPEN_SPACEPORT:
            return "P", "bold"
        if marker.kind is MarkerKind.PENALTY:
            return "$", f"bold {colour}"
    if state.lying.get(space_id):
        return "R", "bold"
    if marker is not None:  # a relic box whose relic was taken: an asteroid now
        return "*", ""
    if space_id in state.spaceports:
        return "P", f"bold {SHIP_COLOURS[state.spaceports[space_id] % len(SHIP_COLOURS)]}"
    if space.kind is SpaceKind.DOT:
        return DOT_GLYPH[state.colour(space_id)], colour
    if space.kind is SpaceKind.TELEGATE and space.telegate is not None:
        return str(space.telegate), "bold"
    if space.kind is SpaceKind.PENALTY:
        return "$", f"bold {colour}"
    style = colour if space.kind.may_be_coloured else "bold"
    return KIND_GLYPH.get(space.kind, "·"), style


def culture_words(state: MerchantGame, system: str, viewer: int | None) -> str:
    """Who lives in a habitable system, as ``viewer`` may know it: the discovered culture,
    the one the viewer observed (marked as private), or ``?``."""
    if state.board.system(system).kind is SystemKind.GALACTIC_BASE:
        return ""
    if system not in state.culture_at:
        return ""
    if system in state.discovered:
        culture = state.content.culture(state.culture_at[system])
        return f"{culture.id} {culture.name}"
    if viewer is not None:
        known = state.players[viewer].known_cultures.get(system)
        if known is not None:
            return f"{known} {state.content.culture(known).name} (seen, private)"
    return "?"


def system_label(state: MerchantGame, system: str, viewer: int | None) -> str:
    """A cluster's name on the map: the system and, where known, its culture's ID."""
    name = state.board.system(system).name or system
    kind = state.board.system(system).kind
    if kind is SystemKind.HAZARD:
        return f"{name} (hazard)"
    if kind is not SystemKind.HABITABLE:
        return name
    if system in state.discovered:
        return f"{name} [{state.culture_at[system]}]"
    if viewer is not None and system in state.players[viewer].known_cultures:
        return f"{name} [{state.players[viewer].known_cultures[system]}?]"
    return f"{name} [?]"


def space_kind_words(state: MerchantGame, space_id: str) -> str:
    """What a space is now, in words: its kind, colour and what a revealed marker made it."""
    space = state.space(space_id)
    colour = state.colour(space_id)
    if state.face_down(space_id):
        return "?-box, its marker face down"
    marker = state.face_up(space_id)
    if marker is not None:
        if marker.kind is MarkerKind.TELEGATE:
            return f"telegate {marker.telegate} (a revealed ?-marker)"
        if marker.kind is MarkerKind.OPEN_SPACEPORT:
            return "open spaceport (a revealed ?-marker)"
        if marker.kind is MarkerKind.PENALTY:
            return f"{colour.value} penalty ${marker.penalty} (a revealed ?-marker)"
        relic = ", ".join(r.replace("_", " ") for r in state.lying.get(space_id, []))
        return f"asteroid with the relic {relic}" if relic else "asteroid (its relic taken)"
    words = KIND_WORDS.get(space.kind, space.kind.value)
    if space.kind is SpaceKind.PENALTY:
        words = f"{colour.value} penalty oval ${space.penalty}"
    elif space.kind.may_be_coloured:
        words = f"{colour.value} {words}"
    if space.kind is SpaceKind.TELEGATE and space.telegate is not None:
        words = f"telegate {space.telegate}"
    if space.orbit_site:
        words += f" ({space.orbit_site})"
    if space_id in state.spaceports:
        words += f", spaceport of {state.players[state.spaceports[space_id]].name}"
    relics = state.lying.get(space_id)
    if relics:
        words += ", relic here: " + ", ".join(r.replace("_", " ") for r in relics)
    return words


def describe_space(state: MerchantGame, space_id: str, viewer: int | None) -> str:
    """One line (Rich markup) about a space: where it is, what it is, who is there."""
    space = state.space(space_id)
    system = state.board.system(space.system)
    where = system.name or system.id
    if system.kind is SystemKind.LINE:
        where = f"line {where}"
    culture = culture_words(state, system.id, viewer)
    if culture:
        where += f" ({culture})"
    kind = space_kind_words(state, space_id)
    name = f"{space.name}: " if space.name and space.name not in (kind, where) else ""
    exits = state.board.exits(space_id)
    words = f"{escape(name)}{escape(kind)}"
    if exits:
        words += " · exits: " + " ".join(
            f"{n}→{escape(state.space(t).label)}" for n, t in exits.items()
        )
    ships = [state.players[s] for s in state.order if state.players[s].space == space_id]
    if ships:
        # Several ships on one space are one "+" on the map: said here, where it is read.
        words += " · ships (+ on the map): " if len(ships) > 1 else " · ships: "
        words += ", ".join(
            f"[{ship_style(p.seat)}] {p.seat + 1} [/] {escape(p.name)}" for p in ships
        )
    return f"[b]{escape(where)}[/b] · {words}"


def place_name(state: MerchantGame, culture: str) -> str:
    """A culture's name, or Galactic Base."""
    return "Galactic Base" if culture == BASE else state.content.culture(culture).name


def place_words(state: MerchantGame, space_id: str) -> str:
    """A space as a player names it (``Board.place``, without its id), after its glyph."""
    return f"{glyph(state, space_id)[0]} {state.place(space_id, with_id=False)}"
