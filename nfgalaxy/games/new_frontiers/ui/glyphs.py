"""New Frontiers' letters and glyphs that carry meaning without colour: goods, world kinds."""

from __future__ import annotations

from rich.text import Text

from nfgalaxy.games.new_frontiers.components import GoodsType, Kind, World

#: Each kind has a letter and a style; the letter alone tells the kinds apart.
KIND_STYLE = {
    Kind.NOVELTY: "bold #56b4e9",
    Kind.RARE: "bold #e69f00",
    Kind.GENES: "bold #009e73",
    Kind.ALIEN: "bold #f0e442",
}


def good(kind: int) -> Text:
    """A good: the kind's letter in a box, e.g. [G]."""
    k = Kind(kind)
    return Text(f"[{k.letter}]", style=KIND_STYLE[k])


def world_mark(world: World) -> Text:
    """Kind letter plus production (p) / windfall (w) mark; ◆ for the any-kind refinery, · gray."""
    if world.any_kind:
        return Text("◆p", style="bold magenta")
    if world.kind is None:
        return Text("· ", style="dim")
    suffix = "p" if world.goods is GoodsType.PRODUCTION else "w"
    return Text(f"{world.kind.letter}{suffix}", style=KIND_STYLE[world.kind])


def world_number(world: World) -> str:
    """Defence shown as ⚔N, cost as $N."""
    return f"⚔{world.number}" if world.military else f"${world.number}"
