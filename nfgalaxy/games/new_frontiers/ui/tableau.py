"""A player's empire: home colony, colonies, explored worlds, developments and stocks."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Group
from rich.text import Text

from nfgalaxy.core.words import counted
from nfgalaxy.games.new_frontiers import abilities as ab
from nfgalaxy.games.new_frontiers.components import Phase
from nfgalaxy.games.new_frontiers.rules import NewFrontiers
from nfgalaxy.games.new_frontiers.ui.glyphs import good, world_mark, world_number
from nfgalaxy.ui.widgets.panel import DrawnStatic


def _vp(value: int | None) -> str:
    return "?" if value is None else str(value)


#: The compact form's longest name where a line would not fit its width with whole names;
#: a longer one is cut with an ellipsis, so that it reads as shortened, not misspelt
#: ("Epsilon Eridan" was "Epsilon Eridani" cut at 14).
SHORT_NAME = 15


def _name(name: str, short: bool) -> str:
    if not short or len(name) <= SHORT_NAME:
        return name
    return name[: SHORT_NAME - 1] + "…"


def _fitted(line: Callable[[bool], Text], width: int, large: bool) -> Text:
    """A group's line with whole names, or with short ones where it is compact and whole
    names would not fit in ``width`` (0: unknown, whole): a wide terminal shows every name."""
    whole = line(False)
    if large or not width or whole.cell_len <= width:
        return whole
    return line(True)


def _group(label: str, parts: list[Text]) -> Text:
    """One line of the empire: its label, then the tiles two spaces apart (— for none)."""
    text = Text(f"{label}: ", style="bold")
    text.append_text(Text("  ").join(parts) if parts else Text("—", style="dim"))
    return text


def tableau_text(
    state: NewFrontiers, seat: int, large: bool, private: bool = False, width: int = 0
) -> Group:
    """The empire as text; ``large`` lists every tile, the compact form one line per group
    (within ``width`` columns, if known, by shortening long names only where needed).

    ``private`` adds what only this player may see (their hidden goal): the caller passes it
    only when that player, a human, is at the keyboard.
    """
    tiles = state.tiles
    player = state.players[seat]
    military = ab.base_military(player.abilities(tiles, Phase.SETTLE))
    slots = player.slots_used(tiles)
    head = Text.assemble(
        (player.name, "bold"),
        f"  ${player.credits}  {counted(player.vp, 'VP chip')}  "
        f"{counted(player.colonists, 'colonist')}  "
        f"military {military}  slots {slots}/12  worlds {player.world_count()}/9",
    )
    if player.stock_worlds or any(player.stock_goods) or player.stock_credits:
        head.append(
            f"  stockpile: {counted(len(player.stock_worlds), 'world')}, "
            f"{counted(sum(player.stock_goods), 'good')}, "
            f"${player.stock_credits}",
            style="italic",
        )
    lines: list[Text] = [head]

    def colonies(short: bool) -> Text:
        parts = []
        for index, colony in enumerate(player.colonies):
            world = tiles.world(colony)
            part = Text()
            part.append_text(world_mark(world))  # its style is the mark's alone
            part.append(f" {_name(world.name, short)} {world_number(world)} {_vp(world.vp)}VP")
            if index == 0:
                part.append(" (home)", style="dim")
            if colony in player.goods:
                part.append(" ")
                part.append_text(good(player.goods[colony]))
            parts.append(part)
        return _group("Colonies", parts)

    def explored(short: bool) -> Text:
        parts = []
        for world_id in player.explored:
            world = tiles.world(world_id)
            part = Text()
            part.append_text(world_mark(world))  # its style is the mark's alone
            part.append(f" {_name(world.name, short)} {world_number(world)}")
            part.append(f" {world.colonists}c {_vp(world.vp)}VP")
            parts.append(part)
        return _group("Explored", parts)

    def developments(short: bool) -> Text:
        names = (tiles.developments[dev_id] for dev_id in player.developments)
        return _group(
            "Developments", [Text(f"{_name(d.name, short)} {_vp(d.vp)}VP") for d in names]
        )

    lines += [_fitted(line, width, large) for line in (colonies, explored, developments)]
    if private:
        for holder, goal_id in state.goals_hidden:
            if holder == seat:
                goal = state.tiles.goals[goal_id]
                lines.append(Text(f"Your hidden goal: {goal.name} — {goal.text}", style="italic"))
    if large:
        for colony in player.colonies + player.developments:
            tile = tiles.by_id[colony]
            if tile.text:
                lines.append(Text(f"  {tile.name}: {tile.text}", style="dim"))
    return Group(*lines)


class Tableau(DrawnStatic):
    """One player's empire; the player to move is shown large, the others compact."""

    shown: tuple[NewFrontiers, int, bool, bool] | None = None

    def show(self, state: NewFrontiers, seat: int, large: bool, private: bool = False) -> None:
        self.shown = (state, seat, large, private)
        self.set_class(large, "active")
        self.border_title = state.players[seat].name + (" — to move" if large else "")
        width = self.content_size.width
        self.draw_content(tableau_text(state, seat, large, private, width))

    def on_resize(self) -> None:
        """Names are shortened by the room a line has: drawn again at another width."""
        if self.shown is not None:
            self.show(*self.shown)
