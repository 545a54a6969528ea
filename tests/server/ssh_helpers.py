"""Shared helpers for the ``nfgalaxy serve`` tests: a server on a free port, clients, reading.

Under ``serve`` the app opens on the lobby of the online tables (a key new to the server picks
its display name first); ``to_new_game`` goes on from there to a game of one's own (``n``).

Clients never use the tester's own keys or agent: a guest connects without a key (an empty
password, accepted from keyless guests), a key holder with exactly the key given.
"""

from __future__ import annotations

import asyncio
import re
import secrets
import time
from pathlib import Path

import asyncssh

from nfgalaxy.server.ssh import GameServer, ServeConfig

TERM = {"term_type": "xterm-256color", "term_size": (140, 44)}


def autosaves(saves: Path) -> list[Path]:
    """The autosave files (one per game) in a player's ``saves`` directory."""
    return sorted((saves / "autosaves").glob("*.json"))


async def running(tmp_path: Path, **changes) -> GameServer:
    config = ServeConfig(port=0, data_root=tmp_path / "server", bot_delay=0, **changes)
    server = GameServer(config)
    await server.start()
    return server


def connect(
    server: GameServer | int,
    username: str = "guest",
    key: asyncssh.SSHKey | None = None,
    **kwargs,
):
    """A client with exactly ``key``, or a keyless guest when there is none."""
    port = server if isinstance(server, int) else server.port
    auth: dict[str, object] = (
        {"client_keys": [key]} if key is not None else {"client_keys": None, "password": ""}
    )
    return asyncssh.connect(
        "127.0.0.1",
        port,
        username=username,
        known_hosts=None,
        agent_path=None,
        **auth,
        **kwargs,
    )


#: What the lobby shows once drawn, and what the display-name screen asks.
LOBBY = b"Players online"
NAME_ASKED = b"Pick the name"


async def read_until(proc, text: bytes | tuple[bytes, ...], seconds: float = 30) -> bytes:
    """The output until ``text`` (or any of several) arrived."""
    texts = (text,) if isinstance(text, bytes) else text
    seen = b""
    deadline = time.monotonic() + seconds
    while not any(t in seen for t in texts):
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError(f"{text!r} never arrived; last output: {seen[-400:]!r}")
        chunk = await asyncio.wait_for(proc.stdout.read(65536), left)
        if not chunk:
            raise AssertionError(f"session closed before {text!r}; output: {seen[-400:]!r}")
        seen += chunk
    return seen


async def read_to_end(proc, seconds: float = 30) -> bytes:
    """Everything the client receives until the server closes the session."""
    seen = b""
    deadline = time.monotonic() + seconds
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError(f"the session never closed; last output: {seen[-400:]!r}")
        chunk = await asyncio.wait_for(proc.stdout.read(65536), left)
        if not chunk:
            return seen
        seen += chunk


async def settled_screen(proc, text: bytes, quiet: float = 1.0, seconds: float = 30) -> bytes:
    """The output until ``text`` arrived and then nothing more for ``quiet`` seconds: the whole
    screen, so that what is absent from it is really absent (not just drawn later)."""
    seen = await read_until(proc, text, seconds)
    return seen + await until_quiet(proc, quiet, seconds)


async def until_quiet(proc, quiet_for: float = 1.0, seconds: float = 30) -> bytes:
    """The output until nothing more came for ``quiet_for`` seconds."""
    seen = b""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            chunk = await asyncio.wait_for(proc.stdout.read(65536), quiet_for)
        except TimeoutError:
            return seen
        if not chunk:
            return seen
        seen += chunk
    raise AssertionError(f"the screen never settled; last output: {seen[-400:]!r}")


def fresh_name() -> str:
    """A display name no other player of a test's server has."""
    return f"P{secrets.token_hex(4)}"


async def to_lobby(proc, name: str | None = None) -> bytes:
    """The output until the lobby is drawn, picking ``name`` (or a fresh one) if asked."""
    # The name is asked over the lobby, drawn with it: the whole first screen is read.
    seen = await read_until(proc, LOBBY)
    seen += await until_quiet(proc, 0.4)
    if NAME_ASKED in seen:
        proc.stdin.write((name or fresh_name()).encode() + b"\r")
        seen += await read_until(proc, b"You are ")
    return seen


async def to_new_game(proc, name: str | None = None) -> bytes:
    """From the lobby the session opens on to the new-game screen (``n``: a game of one's
    own); the output until the new-game screen is drawn."""
    seen = await to_lobby(proc, name)
    proc.stdin.write(b"n")
    return seen + await read_until(proc, b"Start game")


async def start_game(conn) -> tuple[object, bytes]:
    """Open a terminal session, press Enter on the new-game screen; the process and output."""
    proc = await conn.create_process(encoding=None, **TERM)
    seen = await to_new_game(proc)
    proc.stdin.write(b"\r")
    seen += await read_until(proc, b"Action tiles")
    return proc, seen


# Terminal modes the app turns on (DEC private mode numbers), each turned off by ``l``.
APP_MODES = ("1049", "1000", "1002", "1003", "1005", "1006", "1015", "1016", "1004", "2004")
_KITTY_PUSH = re.compile(rb"\x1b\[>[0-9]+u")
_SGR = re.compile(rb"\x1b\[([0-9;:]*)m")
_MODE_OFF_OR_RESET = re.compile(rb"\x18|\x1b\[\?[0-9;]+[hl]|\x1b\[0?m|\x1b\[<u")


def assert_terminal_given_back(output: bytes, message: str = "") -> None:
    """The client's terminal is as before the session: every mode the app turned on is off
    again, the cursor shown, colours reset, and after leaving the alternate screen nothing is
    drawn: only mode resets and then ``message`` (on the normal screen) follow."""
    for mode in APP_MODES:
        on = output.rfind(f"\x1b[?{mode}h".encode())
        off = output.rfind(f"\x1b[?{mode}l".encode())
        assert on < off or on == -1, f"mode {mode} left on: {output[-300:]!r}"
    assert output.rfind(b"\x1b[?25h") > output.rfind(b"\x1b[?25l"), "the cursor stays hidden"
    pushes = [m.start() for m in _KITTY_PUSH.finditer(output)]
    assert not pushes or output.rfind(b"\x1b[<u") > pushes[-1], "kitty keyboard left on"
    sgr = _SGR.findall(output)
    assert sgr and sgr[-1] in (b"", b"0"), f"colours not reset: last SGR {sgr[-1:]!r}"
    leave = output.rfind(b"\x1b[?1049l")
    assert leave != -1
    after = _MODE_OFF_OR_RESET.sub(b"", output[leave:])
    assert after == message.encode(), f"drawn after the terminal was restored: {after[:3000]!r}"
