"""Race for the Galaxy over ``nfgalaxy serve``, unchanged: a guest chooses Race on the new-game
screen with the keyboard, discards the two start cards (chosen in the hand) and picks an
action card by its number; the reveal names it in the strip."""

from __future__ import annotations

import re
from pathlib import Path

from tests.server.ssh_helpers import TERM, connect, read_until, running, to_new_game

TAB, RIGHT, ENTER, SPACE, CTRL_S = b"\t", b"\x1b[C", b"\r", b" ", b"\x13"


def plain(output: bytes) -> str:
    """The terminal output without its control sequences (colours, cursor moves)."""
    return re.sub(r"\x1b\[[0-9;?<>]*[A-Za-z]", "", output.decode("utf-8", "replace"))


async def test_a_guest_plays_race_over_ssh(tmp_path: Path) -> None:
    server = await running(tmp_path)
    try:
        async with connect(server) as conn:
            proc = await conn.create_process(encoding=None, **TERM)
            await to_new_game(proc)
            proc.stdin.write(TAB + TAB + RIGHT)  # the game chooser, on to the next by title
            await read_until(proc, b"Expansion")  # Race's own options, the first of them
            proc.stdin.write(CTRL_S)
            await read_until(proc, b"Phases")
            await read_until(proc, b"Discard", seconds=60)
            # The two cards discarded at the start, chosen in the hand: Space on one, → to the
            # next, Space on it, Enter confirms the pair.
            proc.stdin.write(SPACE + RIGHT + SPACE)
            await read_until(proc, b"2 of 2", seconds=30)
            proc.stdin.write(ENTER)
            await read_until(proc, b"Explore (+5)", seconds=60)
            proc.stdin.write(b"4")  # Settle, by its number
            seen = await read_until(proc, b"Actions revealed", seconds=60)
            # After the reveal the strip names who chose which phase: Settle, by the guest.
            if b"Player Settle" not in seen:  # the strip may be drawn after the log
                seen += await read_until(proc, b"Player Settle", seconds=30)
            assert re.search(r"III Settle: [^│]*Player Settle", plain(seen))
            proc.close()
    finally:
        await server.shutdown()
