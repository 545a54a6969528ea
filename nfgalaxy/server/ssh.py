"""``nfgalaxy serve``: the app over SSH, one child process under a pseudo-terminal per session.

The server offers the game and nothing else: no shell, no exec, no SFTP, no forwarding. Each
session runs ``python -m nfgalaxy`` in its own process group on its own pty, so a slow bot or a
crash in one session cannot stall or break another; bytes are pumped between the SSH channel and
the pty, with the client's terminal type and size (and resizes) passed on. Saves are kept per
SSH key (see ``identity``), or per connection for keyless guests, in directories nobody else is
pointed at. Whatever ends a session, the client's terminal is given back as it was (``terminal``).
The online tables' store, the bot runner and the word of who is connected are ``tables``'; each
child is told where the store is and who its player is, and runs the code this server runs.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import fcntl
import os
import re
import secrets
import shutil
import signal
import struct
import sys
import termios
import time
from dataclasses import dataclass
from pathlib import Path

import asyncssh

import nfgalaxy
from nfgalaxy.server.identity import Identity, old_user_directories_note
from nfgalaxy.server.tables import ServerTables, TablesDatabase
from nfgalaxy.server.terminal import ScreenWatch, restore_sequence

FULL_MESSAGE = "Sorry, the nfgalaxy server is full. Please try again in a few minutes.\r\n"
NO_PTY_MESSAGE = "nfgalaxy needs an interactive terminal: connect with `ssh -t`.\r\n"
IDLE_MESSAGE = "\r\nIdle for too long: your game is saved. Goodbye.\r\n"
SHUTDOWN_MESSAGE = "\r\nThe nfgalaxy server is shutting down. Your game is saved. Goodbye.\r\n"
TAKEOVER_MESSAGE = "\r\nYou connected again with the same key: your game continues there.\r\n"


@dataclass(frozen=True)
class ServeConfig:
    host: str = "127.0.0.1"
    port: int = 2222
    max_sessions: int = 32
    idle_timeout: float = 30 * 60
    host_key: Path | None = None
    authorized_keys: Path | None = None
    data_root: Path | None = None
    bot_delay: float = 0.6
    input_rate: float = 4096.0  # bytes per second a session may type, on average
    input_burst: int = 16384  # and at once: a larger paste is cut off, not queued
    #: The tables' store: None for the SQLite file in the data directory, else a SQLite path
    #: or a ``postgresql://`` URL (with ``database_schema``, by default ``nfgalaxy``).
    database: str | None = None
    database_schema: str | None = None
    run_bots: bool = True


def parse_duration(text: str) -> float:
    """Seconds from ``90``, ``90s``, ``30m`` or ``1h``."""
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([smh]?)\s*", text)
    if not match:
        raise ValueError(f"not a duration: {text!r} (use e.g. 90s, 30m, 1h)")
    value = float(match.group(1))
    return value * {"": 1, "s": 1, "m": 60, "h": 3600}[match.group(2)]


def default_data_root() -> Path:
    base = os.environ.get("NFGALAXY_DATA_DIR")
    if base:
        return Path(base) / "server"
    from platformdirs import user_data_dir

    return Path(user_data_dir("nfgalaxy")) / "server"


def load_or_create_host_key(path: Path) -> asyncssh.SSHKey:
    """The server's host key, generated (ed25519, mode 0600) on first start."""
    if path.exists():
        return asyncssh.read_private_key(str(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    key = asyncssh.generate_private_key("ssh-ed25519")
    key.write_private_key(str(path))
    os.chmod(path, 0o600)
    return key


class TokenBucket:
    """Input rate cap: bytes beyond the allowance are dropped, so a flood cannot queue up."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def take(self, amount: int) -> int:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        allowed = min(amount, int(self.tokens))
        self.tokens -= allowed
        return allowed


class GameServer:
    """Owns the listening socket, the live sessions and the limits."""

    def __init__(self, config: ServeConfig) -> None:
        self.config = config
        self.root = config.data_root or default_data_root()
        self.host_key_path = config.host_key or self.root / "ssh_host_ed25519_key"
        self.sessions: set[GameSession] = set()
        self.connections = 0
        self.sessions_begun = 0  # orders sessions: a newer one takes over an older one
        #: Guests' saves being removed once their games stop (kept so shutdown waits for them).
        self.cleanups: set[asyncio.Task[None]] = set()
        self.acceptor: asyncssh.SSHAcceptor | None = None
        # Checked here rather than by asyncssh, which would then not tell us which key a
        # client proved it holds: that key is the client's identity.
        self.authorized: asyncssh.SSHAuthorizedKeys | None = None
        database = (
            TablesDatabase.given(config.database, config.database_schema)
            if config.database
            else TablesDatabase.default(self.root)
        )
        self.tables = ServerTables(database, run_bots=config.run_bots)

    def connected_players(self) -> list[str]:
        """The fingerprints of the keys with a session here now."""
        return [
            s.connection.identity.fingerprint
            for s in self.sessions
            if s.connection.identity.lasting and not s.ended
        ]

    async def start(self) -> None:
        key = load_or_create_host_key(self.host_key_path)
        # The store first: a database this nfgalaxy must not write stops the server before
        # anyone can connect.
        await self.tables.start(self.connected_players)
        try:
            await self._listen(key)
        except BaseException:
            await self.tables.stop()
            raise

    async def _listen(self, key: asyncssh.SSHKey) -> None:
        if self.config.authorized_keys is not None:
            path = self.config.authorized_keys
            try:
                self.authorized = asyncssh.read_authorized_keys(str(path))
            except ValueError as error:  # asyncssh's words for a file with no usable key line
                raise ValueError(f"--authorized-keys {path}: {error}") from error
        self.acceptor = await asyncssh.create_server(
            lambda: SSHConnection(self),
            self.config.host,
            self.config.port,
            server_host_keys=[key],
            allow_scp=False,
            agent_forwarding=False,
            x11_forwarding=False,
            encoding=None,
            login_timeout=60,
            keepalive_interval=60,
        )
        self.fingerprint = key.get_fingerprint()

    @property
    def port(self) -> int:
        assert self.acceptor is not None
        return self.acceptor.get_port()

    async def shutdown(self) -> None:
        """Tell every session, end the games (autosaved after each decision), stop listening."""
        if self.acceptor is not None:
            self.acceptor.close()
        await asyncio.gather(*(s.end(SHUTDOWN_MESSAGE) for s in list(self.sessions)))
        await asyncio.gather(*list(self.cleanups))
        if self.acceptor is not None:
            await self.acceptor.wait_closed()
        await self.tables.stop()


class SSHConnection(asyncssh.SSHServer):
    """One client connection: authentication, refusals, and the saves directory it may use.

    Authentication is always asked for, even on an open server, because a client offers its
    key only when asked: a key it proves it holds becomes its identity. On an open server a
    client without a key still gets in, as a guest, through keyboard-interactive auth with no
    questions (what OpenSSH tries after its keys) or any password."""

    def __init__(self, server: GameServer) -> None:
        self.server = server
        self.full = False
        self.peer = ""
        self.guest_id = secrets.token_hex(8)
        self.offered: asyncssh.SSHKey | None = None  # the key last accepted by validate_public_key
        self.identity = Identity(None, self.guest_id)

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.server.connections += 1
        self.full = self.server.connections > self.server.config.max_sessions
        peer = conn.get_extra_info("peername")
        self.peer = str(peer[0]) if peer else ""

    def connection_lost(self, exc: Exception | None) -> None:
        self.server.connections -= 1
        if not self.identity.lasting:
            task = asyncio.get_event_loop().create_task(self._forget_guest())
            self.server.cleanups.add(task)
            task.add_done_callback(self.server.cleanups.discard)

    async def _forget_guest(self) -> None:
        """A guest's saves end with the connection, once its games have stopped: an app still
        being stopped autosaves, and would write the directory again after it was removed."""
        mine = [s for s in list(self.server.sessions) if s.connection is self]
        await asyncio.gather(*(s.end("") for s in mine))
        shutil.rmtree(self.saves_dir(), ignore_errors=True)

    def begin_auth(self, username: str) -> bool:
        return True  # always ask, so that a client with a key shows it

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        """Any key on an open server, only listed ones with ``--authorized-keys``.

        asyncssh calls this both when a client asks whether a key would do (no proof) and
        when it signs with it; success follows the signed call at once, so the key remembered
        here when ``auth_completed`` runs is the one the client proved it holds."""
        authorized = self.server.authorized
        if authorized is not None and authorized.validate(key, self.peer, self.peer) is None:
            self.offered = None
            return False
        self.offered = key
        return True

    def _guests_allowed(self) -> bool:
        return self.server.authorized is None

    def kbdint_auth_supported(self) -> bool:
        return self._guests_allowed()

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> bool:
        self.offered = None  # a key merely shown earlier proves nothing
        return self._guests_allowed()  # True: in without a question

    def password_auth_supported(self) -> bool:
        return self._guests_allowed()

    def validate_password(self, username: str, password: str) -> bool:
        self.offered = None
        return self._guests_allowed()

    def auth_completed(self) -> None:
        self.identity = Identity(self.offered, self.guest_id)

    def saves_dir(self) -> Path:
        """A key's saves are kept for good; a guest's only for this connection."""
        return self.identity.saves_dir(self.server.root)

    def session_requested(self) -> GameSession:
        return GameSession(self.server, self)

    # No forwarding of any kind: the server offers the game and nothing else.
    def connection_requested(self, *args: object) -> bool:
        return False

    def server_requested(self, *args: object) -> bool:
        return False

    def unix_connection_requested(self, *args: object) -> bool:
        return False

    def unix_server_requested(self, *args: object) -> bool:
        return False


class GameSession(asyncssh.SSHServerSession):
    """A terminal session: the app in a child process on a pty, bytes pumped both ways."""

    def __init__(self, server: GameServer, connection: SSHConnection) -> None:
        self.server = server
        self.connection = connection
        self.chan: asyncssh.SSHServerChannel | None = None
        self.term: str | None = None
        self.size = (80, 24)
        self.master: int | None = None
        self.process: asyncio.subprocess.Process | None = None
        self.bucket = TokenBucket(server.config.input_rate, server.config.input_burst)
        self.last_input = time.monotonic()
        self.reading = False
        self.screen = ScreenWatch()
        self.order = 0
        self.ended = False
        self.ending: asyncio.Task | None = None
        self.watchdog: asyncio.Task | None = None

    # ------------------------------------------------------------------ requests

    def connection_made(self, chan: asyncssh.SSHServerChannel) -> None:
        self.chan = chan

    def pty_requested(
        self, term_type: str, term_size: tuple[int, int, int, int], term_modes: object
    ) -> bool:
        self.term = term_type or "xterm"
        if term_size[0] and term_size[1]:
            self.size = (term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        return False  # no commands: only the game

    def subsystem_requested(self, subsystem: str) -> bool:
        return False  # no SFTP or other subsystems

    def session_started(self) -> None:
        assert self.chan is not None
        if self.connection.full:
            self.chan.write(restore_sequence(False) + FULL_MESSAGE.encode())
            self.chan.exit(1)
            return
        if self.term is None:
            self.chan.write(NO_PTY_MESSAGE.encode())
            self.chan.exit(1)
            return
        self.server.sessions_begun += 1
        self.order = self.server.sessions_begun
        self.server.sessions.add(self)
        asyncio.get_event_loop().create_task(self.run())

    # ------------------------------------------------------------------ the child

    async def run(self) -> None:
        assert self.chan is not None
        await self._take_over_from_same_key()
        if self.ended:
            return  # the client left while the other session was being ended
        identity = self.connection.identity
        try:
            saves = identity.prepare(self.server.root)
        except OSError as error:
            reason = error.strerror or str(error)
            await self._finish(1, f"\r\nThe server cannot keep your saves ({reason}).\r\n")
            return
        master, slave = os.openpty()
        self.master = master
        self._set_size(self.size)
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": str(saves),
            "LANG": "C.UTF-8",
            "TERM": self.term or "xterm",
            "NFGALAXY_DATA_DIR": str(saves),
            "NFGALAXY_SERVED": "1",  # the app then reads no file a player names by path
            # The code this server runs, not whatever is installed: a worktree's server (and
            # its tests) serves its own app.
            "PYTHONPATH": str(Path(nfgalaxy.__file__).resolve().parent.parent),
            **self.server.tables.database.environment(
                identity.fingerprint if identity.lasting else None
            ),
        }
        if not identity.lasting:
            env["NFGALAXY_GUEST"] = "1"  # the app warns that the game ends with the connection
        client_env = self.chan.get_environment()
        for name in ("COLORTERM", "NO_COLOR"):
            if name in client_env:
                env[name] = str(client_env[name])
        command = [
            sys.executable,
            "-m",
            "nfgalaxy",
            "--bot-delay",
            str(self.server.config.bot_delay),
        ]
        try:
            self.process = await asyncio.create_subprocess_exec(
                *command,
                stdin=slave,
                stdout=slave,
                stderr=slave,
                env=env,
                cwd=str(saves),
                start_new_session=True,
                preexec_fn=_take_controlling_terminal,
            )
        finally:
            os.close(slave)
        if self.ended:  # the client left while the app was starting
            await self._stop_child()
            return
        if identity.lasting:
            await self.server.tables.present([identity.fingerprint])
        os.set_blocking(master, False)
        self._start_reading()
        self.watchdog = asyncio.get_event_loop().create_task(self._watch_idle())
        status = await self.process.wait()
        if self.ending is None:  # the app quit by itself (or crashed): nothing else ends it
            await self._drain()
            await self._finish(0 if status == 0 else 1)

    async def _take_over_from_same_key(self) -> None:
        """End this key's other sessions before starting: they share one save directory, and
        a player who reconnects after losing the network wants the game they were playing,
        autosaved by the old session, not a second game racing it for the autosave."""
        identity = self.connection.identity
        if not identity.lasting:
            return
        mine = identity.saves_dir(self.server.root)
        others = [
            s
            for s in self.server.sessions
            if s.order < self.order and s.connection.identity.saves_dir(self.server.root) == mine
        ]  # only older ones: two starting at once must not end each other
        await asyncio.gather(*(s.end(TAKEOVER_MESSAGE) for s in others))

    def _start_reading(self) -> None:
        if self.master is not None and not self.reading:
            asyncio.get_event_loop().add_reader(self.master, self._pump_out)
            self.reading = True

    def _stop_reading(self) -> None:
        if self.master is not None and self.reading:
            asyncio.get_event_loop().remove_reader(self.master)
            self.reading = False

    def _pump_out(self) -> None:
        assert self.master is not None and self.chan is not None
        try:
            data = os.read(self.master, 65536)
        except OSError as error:
            if error.errno in (errno.EAGAIN, errno.EWOULDBLOCK):
                return
            data = b""  # EIO: the child closed the terminal
        if not data:
            self._stop_reading()
            return
        self._send(data)

    def _send(self, data: bytes) -> None:
        self.screen.feed(data)
        assert self.chan is not None
        try:
            self.chan.write(data)
        except BrokenPipeError:  # the client has gone: its connection_lost ends the session
            self._stop_reading()

    async def _drain(self) -> None:
        """Pass on what the app drew last before it exited."""
        self._stop_reading()
        if self.master is None or self.chan is None:
            return
        with contextlib.suppress(OSError):
            while data := os.read(self.master, 65536):
                self._send(data)

    def pause_writing(self) -> None:
        self._stop_reading()  # the client is slow: stop reading the app until it catches up

    def resume_writing(self) -> None:
        if not self.ended:
            self._start_reading()

    def _set_size(self, size: tuple[int, int]) -> None:
        if self.master is not None:
            columns, rows = size
            fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))

    # ------------------------------------------------------------------ input

    def data_received(self, data: bytes, datatype: object) -> None:
        self.last_input = time.monotonic()
        if self.master is None or self.ended:
            return
        allowed = self.bucket.take(len(data))
        if allowed <= 0:
            return
        with contextlib.suppress(BlockingIOError, OSError):
            os.write(self.master, data[:allowed])

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        if width and height:
            self.size = (width, height)
            self._set_size(self.size)  # the kernel sends SIGWINCH to the app

    def eof_received(self) -> bool:
        asyncio.get_event_loop().create_task(self.end(""))
        return True  # keep our side open until the terminal is restored and the exit sent

    def connection_lost(self, exc: Exception | None) -> None:
        asyncio.get_event_loop().create_task(self.end(""))

    # ------------------------------------------------------------------ ending

    async def _watch_idle(self) -> None:
        timeout = self.server.config.idle_timeout
        while not self.ended:
            await asyncio.sleep(min(5.0, max(0.5, timeout / 4)))
            if time.monotonic() - self.last_input > timeout:
                await self.end(IDLE_MESSAGE)
                return

    async def end(self, message: str) -> None:
        """Stop the app (its game is autosaved after every decision) and close the channel.

        Every caller (client gone, idle, shutdown) waits for the same ending, so a shutdown
        does not return while a child is still being stopped."""
        if self.ending is None:
            self.ending = asyncio.ensure_future(self._end(message))
        await asyncio.shield(self.ending)

    async def _end(self, message: str) -> None:
        if self.ended:
            return
        self.ended = True
        await self._stop_child()  # its output keeps flowing to the client until it exits
        await self._drain()
        await self._finish(0, message)

    async def _stop_child(self) -> None:
        process = self.process
        if process is None or process.returncode is not None:
            return
        for sig, wait in ((signal.SIGHUP, 2.0), (signal.SIGTERM, 2.0), (signal.SIGKILL, 2.0)):
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, sig)
            try:
                await asyncio.wait_for(process.wait(), wait)
                return
            except TimeoutError:
                continue

    async def _finish(self, status: int, message: str = "") -> None:
        """Close the session: the terminal restored after the app's last output, then the
        message on the normal screen, then the exit status (which closes the channel)."""
        self.ended = True
        self._stop_reading()
        if self.watchdog is not None and self.watchdog is not asyncio.current_task():
            self.watchdog.cancel()
        if self.master is not None:
            with contextlib.suppress(OSError):
                os.close(self.master)
            self.master = None
        self.server.sessions.discard(self)
        if self.chan is not None:
            with contextlib.suppress(Exception):  # the client may be gone already
                self.chan.write(restore_sequence(self.screen.alternate) + message.encode())
            with contextlib.suppress(Exception):
                self.chan.exit(status)
        identity = self.connection.identity
        if identity.lasting and identity.fingerprint not in self.server.connected_players():
            await self.server.tables.gone(identity.fingerprint)


def _take_controlling_terminal() -> None:
    """In the child, after setsid: make the pty (stdin) its controlling terminal."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


async def serve(config: ServeConfig, ready: asyncio.Event | None = None) -> None:
    """Run until SIGTERM or SIGINT, then shut down cleanly."""
    server = GameServer(config)
    await server.start()
    print(f"nfgalaxy serving on {config.host}:{server.port}", flush=True)
    print(f"Host key: {server.host_key_path} ({server.fingerprint})", flush=True)
    mode = (
        f"only the keys in {config.authorized_keys}"
        if config.authorized_keys
        else "any SSH key (saves kept per key) and keyless guests (saves end with the connection)"
    )
    print(f"Access: {mode}; saves under {server.root}", flush=True)
    print(f"Tables: {server.tables.database.describe()}", flush=True)
    note = old_user_directories_note(server.root)
    if note:
        print(note, flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    if ready is not None:
        ready.set()
    await stop.wait()
    print("Shutting down: telling sessions and ending games…", flush=True)
    await server.shutdown()
    print("Stopped.", flush=True)
