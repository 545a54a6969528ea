"""Roll for the Galaxy dice and worlds as letters on colours: the letter alone tells them apart."""

from __future__ import annotations

from rich.text import Text

from nfgalaxy.games.roll.components import DieColour, WorldColour

#: Dice look like dice: a letter on the die's colour (the letter alone tells colours apart).
DIE_STYLE = {
    "white": "bold black on #e8e8e8",
    "red": "bold white on #c0392b",
    "purple": "bold white on #8e44ad",
    "blue": "bold black on #56b4e9",
    "brown": "bold white on #8b5a2b",
    "green": "bold black on #2ecc71",
    "yellow": "bold black on #f0e442",
}

#: Worlds: the colour letter (N, R, G, A; - for gray) in the colour of their goods.
WORLD_STYLE = {
    "blue": "bold #56b4e9",
    "brown": "bold #c08040",
    "green": "bold #2ecc71",
    "yellow": "bold #f0e442",
    "gray": "dim",
}

#: The Ship face's mark (on a die, in the faces table, in the help).
SHIP_MARK = "⇄"
#: A die face as one mark: the phase's initial, ⇄ for Ship (goods go out for credits or VP),
#: * for wild. No mark is also a colour letter (H is the Home die; Ship was H once, and "HH"
#: read as two Home dice), and none is ``$``, which on this screen always means credits.
FACE_MARK = {
    "explore": "E",
    "develop": "D",
    "settle": "S",
    "produce": "P",
    "ship": SHIP_MARK,
    "wild": "*",
}


def faces_table(dice: dict) -> str:
    """Every die colour's six faces and how many such dice the box holds, as a Markdown table
    (for the help): a player can see which colour rolls what."""
    rows = [
        "| Die | In the box | Faces |",
        "|---|---|---|",
    ]
    for colour, kind in dice.items():
        faces = " ".join(FACE_MARK[face.value] for face in kind.faces)
        rows.append(f"| {colour.letter} {colour.label} | {kind.count} | {faces} |")
    return "\n".join(rows)


def die(colour: str, face: str = "", mark: str = "") -> Text:
    """A die: its colour letter on its colour, then the face shown (if any) and a marker."""
    label = DieColour(colour).letter + (FACE_MARK[face] if face else "")
    return Text(f"{label}{mark}", style=DIE_STYLE[colour])


def dice_count(n: int) -> str:
    """A number of dice in words a player reads: "1 die", "3 dice"."""
    return f"{n} {'die' if n == 1 else 'dice'}"


def dice_row(counts: dict[str, int]) -> Text:
    """Dice by colour, e.g. H H M N, or — for none."""
    text = Text()
    for colour, n in counts.items():
        for _ in range(n):
            text.append_text(die(colour))
            text.append(" ")
    return text if text.plain else Text("—", style="dim")


def roll_world_mark(colour: str) -> Text:
    return Text(WorldColour(colour).letter, style=WORLD_STYLE[colour])
