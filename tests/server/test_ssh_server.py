"""``nfgalaxy serve`` with real SSH clients: play, refusals, limits, isolation, fuzz, shutdown.

Every server listens on a free port on 127.0.0.1 only; every loop is bounded in count and time.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import asyncssh
import pytest
from ssh_helpers import (
    TERM,
    assert_terminal_given_back,
    autosaves,
    connect,
    read_to_end,
    read_until,
    running,
    start_game,
    to_new_game,
)

from nfgalaxy.server.ssh import (
    FULL_MESSAGE,
    IDLE_MESSAGE,
    NO_PTY_MESSAGE,
    SHUTDOWN_MESSAGE,
    TokenBucket,
    parse_duration,
)


def test_durations() -> None:
    assert parse_duration("30m") == 1800 and parse_duration("90") == 90
    assert parse_duration("1h") == 3600
    with pytest.raises(ValueError):
        parse_duration("soon")


def test_input_rate_cap_drops_a_flood() -> None:
    bucket = TokenBucket(rate=100, burst=1000)
    assert bucket.take(5000) == 1000
    assert bucket.take(10) == 0


#: A log line of something the guest did: "Player sells ...", "Player chooses ..." (not the
#: list's title "Player: choose", the header's "Player to move" nor "Player order").
_GUEST_DID = re.compile(rb"Player (?!order|to )[a-z][^\x1b\r\n|]{0,30}")


def _guest_decisions(root: Path) -> int:
    """Decisions of the human's seat in the server's autosave of the guest's game (0 if none
    is saved yet)."""
    for path in (root / "server").rglob("autosaves/*.json"):
        if path.name.startswith("."):
            continue  # a save being written (its temporary file, renamed into place at once)
        try:
            save = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            continue  # replaced by the next decision's save as it was read
        human = [i for i, seat in enumerate(save["seats"]) if seat["kind"] == "human"]
        return sum(1 for d in save["decisions"] if d.get("seat") in human)
    return 0


async def test_asyncssh_client_starts_a_game_and_makes_a_move(tmp_path: Path) -> None:
    server = await running(tmp_path)
    try:
        async with connect(server) as conn:
            proc, start = await start_game(conn)
            # The guest's turn: the decision list's title. (Waiting for "choose" alone was
            # met by a bot's "Bot 2 chooses ..." in the log, and the guest's Enter then fell
            # while the bots were still deciding.)
            seen = start + await read_until(proc, b"Player: choose")
            # The guest's first decision may be an action tile or a decision in a phase a bot
            # chose (selling a good...): whatever it is, the move is seen in the game the
            # server autosaves after every decision (a decision of the human's seat), or on
            # the screen as a log line "Player <does> ..." that was not there before; the
            # screen alone once missed it on a quiet machine. A key pressed as the list is
            # drawn may still be lost on a loaded machine: Enter again after 20 s, three
            # times in all.
            before = set(_GUEST_DID.findall(seen))
            decided = _guest_decisions(tmp_path)
            attempts = 3
            for attempt in range(attempts):
                proc.stdin.write(b"\r")
                deadline = time.monotonic() + 20
                moved = False
                while not moved and time.monotonic() < deadline:
                    with contextlib.suppress(TimeoutError):
                        seen += await asyncio.wait_for(proc.stdout.read(65536), 1)
                    moved = bool(set(_GUEST_DID.findall(seen)) - before) or (
                        _guest_decisions(tmp_path) > decided
                    )
                if moved:
                    break
                assert attempt < attempts - 1, (
                    f"no move after {attempts} Enters ({decided} decisions of the guest's seat "
                    f"saved before, {_guest_decisions(tmp_path)} after): {seen[-600:]!r}"
                )
            proc.close()
    finally:
        await server.shutdown()


async def test_openssh_client_in_a_real_terminal(tmp_path: Path) -> None:
    if shutil.which("ssh") is None or shutil.which("tmux") is None:
        pytest.skip("needs the OpenSSH client and tmux")
    server = await running(tmp_path)
    session = f"nfg-ssh-{os.getpid()}"
    command = (
        f"ssh -tt -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null "
        f"-o LogLevel=ERROR -p {server.port} player@127.0.0.1"
    )
    subprocess.run(
        ["tmux", "new-session", "-d", "-s", session, "-x", "150", "-y", "45", command], check=True
    )

    async def screen_shows(text: str, seconds: float = 30) -> str:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            shown = subprocess.run(
                ["tmux", "capture-pane", "-t", session, "-p"], capture_output=True, text=True
            ).stdout
            if text in shown:
                return shown
            await asyncio.sleep(0.2)
        raise AssertionError(f"{text!r} not on the screen:\n{shown}")

    try:
        await screen_shows("Players online")  # the lobby: n for a game of one's own
        subprocess.run(["tmux", "send-keys", "-t", session, "n"], check=True)
        await screen_shows("Start game")
        subprocess.run(["tmux", "send-keys", "-t", session, "Enter"], check=True)
        # The table is drawn in parts over the connection: each part is waited for (on a
        # loaded machine the capture that first showed "To move" had the rest still to come).
        for part in ("To move", "World bag", "Supply"):
            await screen_shows(part)
        # A resize reaches the app: the table is redrawn to the new width.
        subprocess.run(
            ["tmux", "resize-window", "-t", session, "-x", "110", "-y", "40"], check=True
        )
        await screen_shows("Action tiles")
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
        await server.shutdown()


async def test_refusals_no_pty_exec_forwarding_and_sftp(tmp_path: Path) -> None:
    server = await running(tmp_path)
    try:
        async with connect(server) as conn:
            result = await conn.run(check=False)  # a shell without a pty
            assert result.stdout.strip() == NO_PTY_MESSAGE.strip()
            assert result.exit_status == 1
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.run("cat /etc/passwd", check=False)
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.create_connection(asyncssh.SSHTCPSession, "127.0.0.1", 22)
            with pytest.raises((asyncssh.ChannelOpenError, asyncssh.SFTPError)):
                async with conn.start_sftp_client():
                    pass
    finally:
        await server.shutdown()


async def test_a_connection_over_the_cap_is_told_the_server_is_full(tmp_path: Path) -> None:
    server = await running(tmp_path, max_sessions=1)
    try:
        async with connect(server) as first:
            proc, _ = await start_game(first)
            async with connect(server) as second:
                result = await second.run(term_type="xterm", check=False, encoding=None)
                assert result.stdout.endswith(FULL_MESSAGE.encode())
                assert result.exit_status == 1
            proc.stdin.write(b"\x1b[B")  # the first session still answers
            await asyncio.sleep(0.2)
            proc.close()
    finally:
        await server.shutdown()


async def test_random_bytes_do_not_break_the_server_or_other_sessions(tmp_path: Path) -> None:
    server = await running(tmp_path)
    rng = random.Random(7)
    try:
        async with connect(server) as fuzzed, connect(server) as other:
            target = await fuzzed.create_process(encoding=None, **TERM)
            await to_new_game(target)
            for _ in range(1000):
                target.stdin.write(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 48))))
            target.stdin.write(b"x" * 200_000)  # a huge paste: cut to the input cap
            await asyncio.sleep(1)
            proc, _ = await start_game(other)
            proc.close()
            target.close()
        async with connect(server) as later:  # and the server still takes new players
            proc, _ = await start_game(later)
            proc.close()
    finally:
        await server.shutdown()


@pytest.mark.parametrize("count", [6, pytest.param(20, marks=pytest.mark.slow)])
async def test_simultaneous_sessions_all_respond(tmp_path: Path, count: int) -> None:
    """Every session starts and answers a key while the others run (20 at once, the serving
    figure, in the slow run: 15 s of the everyday suite's budget)."""
    server = await running(tmp_path)
    all_started = asyncio.Event()
    started: list[float] = []
    try:

        async def one() -> None:
            async with connect(server) as conn:
                begin = time.monotonic()
                proc, _ = await start_game(conn)
                started.append(time.monotonic() - begin)
                if len(started) == count:
                    all_started.set()
                await all_started.wait()
                proc.stdin.write(b"\x1b[B")  # every session still answers a key
                await asyncio.sleep(0.5)
                proc.close()

        sessions = [asyncio.create_task(one()) for _ in range(count)]
        await asyncio.wait_for(all_started.wait(), 240)
        memory = _children_rss_mb()
        await asyncio.wait_for(asyncio.gather(*sessions), 60)
        assert len(started) == count and len(memory) >= count
        print(
            f"\n{count} sessions: slowest start {max(started):.1f}s; memory per session (MB): "
            f"{sorted(memory)}"
        )
    finally:
        await server.shutdown()


async def test_guest_saves_last_only_as_long_as_the_connection(tmp_path: Path) -> None:
    server = await running(tmp_path)
    try:
        async with connect(server, "alice") as conn:
            proc, _ = await start_game(conn)
            guests = list((tmp_path / "server" / "guests").iterdir())
            assert len(guests) == 1 and autosaves(guests[0] / "saves")
            proc.close()
        async with connect(server, "alice") as conn:  # the same name is not the same guest
            proc = await conn.create_process(encoding=None, **TERM)
            screen = await to_new_game(proc)
            assert b"Continue" not in screen
            proc.close()
        guests = tmp_path / "server" / "guests"
        for _ in range(100):  # the app is stopped first (it may autosave as it goes)
            if not any(guests.iterdir()):
                break
            await asyncio.sleep(0.1)
        assert not any(guests.iterdir())
    finally:
        await server.shutdown()


def _children_rss_mb() -> list[int]:
    """Resident memory of this process's children (the app sessions), in MB."""
    out = subprocess.run(
        ["ps", "-o", "rss=", "--ppid", str(os.getpid())], capture_output=True, text=True
    ).stdout
    return [int(x) // 1024 for x in out.split()]


async def test_an_idle_session_is_closed_with_a_message(tmp_path: Path) -> None:
    # 8 s, not 2: idle counts from the Enter that starts the game, whose screen must come
    # first (see the terminal-restore test's idle timeout).
    server = await running(tmp_path, idle_timeout=8)
    try:
        async with connect(server) as conn:
            proc, _ = await start_game(conn)
            await read_until(proc, IDLE_MESSAGE.strip().encode()[:20], seconds=30)
            await asyncio.wait_for(proc.wait_closed(), 20)
        assert not server.sessions
    finally:
        await server.shutdown()


def test_serve_command_shuts_down_cleanly_on_sigterm(tmp_path: Path) -> None:
    env = {**os.environ, "NFGALAXY_DATA_DIR": str(tmp_path)}
    server = subprocess.Popen(
        [sys.executable, "-m", "nfgalaxy", "--bot-delay", "0", "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    try:
        first = server.stdout.readline()
        port = int(re.search(r":(\d+)$", first.strip()).group(1))
        assert "Host key:" in server.stdout.readline()

        async def session_told() -> bytes:
            async with connect(port, "g") as conn:
                proc = await conn.create_process(encoding=None, **TERM)
                seen = await to_new_game(proc)
                server.send_signal(signal.SIGTERM)
                return seen + await read_to_end(proc)

        # Told, and the terminal given back (normal screen, mouse off) before the goodbye.
        assert_terminal_given_back(asyncio.run(session_told()), SHUTDOWN_MESSAGE)
        assert server.wait(timeout=30) == 0
        assert "Stopped." in server.stdout.read()
    finally:
        if server.poll() is None:
            server.kill()


@pytest.mark.parametrize("port", ["65536", "-1"])
def test_serve_refuses_a_port_that_cannot_exist(port: str, capsys) -> None:
    from nfgalaxy.cli import main

    with pytest.raises(SystemExit) as stop:
        main(["serve", "--port", port])
    assert stop.value.code == 2 and "--port must be 0 to 65535" in capsys.readouterr().err
