"""Giving the client's terminal back as it was, whatever way a session ends.

The app (Textual) switches the client's terminal to the alternate screen, turns on mouse
reporting, focus events, bracketed paste, the kitty keyboard protocol and hides the cursor; it
undoes this only when it quits by itself. When the server stops it (idle timeout, shutdown, a
takeover) the app is killed by a signal and undoes nothing, so the server sends the restoring
sequences itself, after the app's last output and before the channel closes.
"""

from __future__ import annotations

# Cancels an escape sequence a killed app may have left half-written (VT100 CAN: every parser
# returns to its ground state), so the sequences below are read as sequences.
CANCEL = b"\x18"

# Each is harmless when the mode is already off, so these are always sent.
MODES_OFF = (
    b"\x1b[?2026l"  # end a synchronized update the app may have been killed inside
    b"\x1b[0m"  # default colours and attributes
    b"\x1b[?1000l\x1b[?1002l\x1b[?1003l"  # mouse: clicks, drags, any motion
    b"\x1b[?1005l\x1b[?1006l\x1b[?1015l\x1b[?1016l"  # mouse encodings: UTF-8, SGR, urxvt, pixels
    b"\x1b[?1004l"  # focus in/out events
    b"\x1b[?2004l"  # bracketed paste
    b"\x1b[?2048l"  # in-band resize reports
    b"\x1b[?7h"  # line wrap back on
)

# Only while the app is on the alternate screen: popping the kitty keyboard flags or restoring
# the cursor (part of leaving with 1049) after the app already left would undo the shell's own.
LEAVE_ALTERNATE = b"\x1b[<u\x1b[?1049l"

SHOW_CURSOR = b"\x1b[?25h"

_ALT_ON = (b"\x1b[?1049h", b"\x1b[?1047h", b"\x1b[?47h")
_ALT_OFF = (b"\x1b[?1049l", b"\x1b[?1047l", b"\x1b[?47l")
_LONGEST = max(len(s) for s in _ALT_ON + _ALT_OFF)


def restore_sequence(on_alternate_screen: bool) -> bytes:
    """The bytes that give the terminal back: modes off, normal screen, cursor shown."""
    leave = LEAVE_ALTERNATE if on_alternate_screen else b""
    return CANCEL + MODES_OFF + leave + SHOW_CURSOR


class ScreenWatch:
    """Follows the app's output to know whether it has the client on the alternate screen.

    A sequence may be split between two reads, so the tail of the previous read is kept."""

    def __init__(self) -> None:
        self.alternate = False
        self._tail = b""

    def feed(self, data: bytes) -> None:
        text = self._tail + data
        last_on = max(text.rfind(s) for s in _ALT_ON)
        last_off = max(text.rfind(s) for s in _ALT_OFF)
        if last_on > last_off:
            self.alternate = True
        elif last_off > last_on:
            self.alternate = False
        self._tail = text[-(_LONGEST - 1) :]
