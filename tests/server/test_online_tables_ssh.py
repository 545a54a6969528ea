"""Online tables through real OpenSSH clients (issue 43): two players with keys of their own,
each in a terminal (tmux) of their own, against a real ``nfgalaxy serve`` process on a SQLite
file. One sets up a table in the lobby, the other joins it, they play and each sees the
other's decisions; a client killed mid-game comes back to its seat; a server killed with
SIGKILL and started again carries the table on with every decision it confirmed. A keyless
guest may watch a table, and cannot sit at one.

What the panes show is read with ``tmux capture-pane``; what was decided is read from the
store (a decision a screen showed is one the store committed). A key pressed as a screen is
drawn may be lost on a loaded machine, so a decision's key is pressed again if nothing came
of it (the store says whether it did: a second press never decides twice, the position is
taken).
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from nfgalaxy.tables import open_store
from nfgalaxy.tables.model import SeatSpec, TableSpec, TableStatus
from nfgalaxy.tables.online import OnlineTable
from nfgalaxy.tables.referee import Referee
from nfgalaxy.tables.store import TableStore
from nfgalaxy.ui.game_ui import app_games
from tests.tables.serve_process import ServeProcess

pytestmark = pytest.mark.skipif(
    shutil.which("ssh") is None or shutil.which("tmux") is None,
    reason="needs the OpenSSH client and tmux",
)

WIDTH, HEIGHT = 150, 45
#: How long a screen has to show what is waited for (a loaded 2-core machine).
PATIENCE = 20.0


class Terminals:
    """The test's own tmux server (a socket of its own: other tests' sessions are not
    touched), one session per terminal."""

    def __init__(self) -> None:
        self.socket = f"nfg-online-{os.getpid()}-{time.monotonic_ns()}"

    def tmux(self, *arguments: str) -> str:
        done = subprocess.run(
            ["tmux", "-L", self.socket, *arguments], capture_output=True, text=True, check=False
        )
        return done.stdout

    def open(self, name: str, command: str) -> Pane:
        # The pane outlives the client (the shell waits), so its end can be seen.
        subprocess.run(
            ["tmux", "-L", self.socket, "new-session", "-d", "-s", name, "-x", str(WIDTH),
             "-y", str(HEIGHT), f"{command}; sleep 600"],
            check=True,
        )  # fmt: skip
        return Pane(self, name)

    def close(self) -> None:
        self.tmux("kill-server")


class Pane:
    def __init__(self, terminals: Terminals, name: str) -> None:
        self.terminals = terminals
        self.name = name

    def text(self) -> str:
        return self.terminals.tmux("capture-pane", "-t", self.name, "-p")

    def wait(self, text: str | Callable[[str], bool], seconds: float = PATIENCE) -> str:
        """The screen once it shows ``text`` (or ``text(screen)`` holds)."""
        holds = text if callable(text) else lambda shown: text in shown
        deadline = time.monotonic() + seconds
        shown = ""
        while time.monotonic() < deadline:
            shown = self.text()
            if holds(shown):
                return shown
            time.sleep(0.1)
        raise AssertionError(f"{self.name}: {text!r} not on the screen:\n{shown}")

    def keys(self, *keys: str) -> None:
        self.terminals.tmux("send-keys", "-t", self.name, *keys)

    def type(self, text: str) -> None:
        self.terminals.tmux("send-keys", "-t", self.name, "-l", text)

    def _client(self) -> list[int]:
        """The process ids of the pane's client (the shell's children)."""
        pid = self.terminals.tmux("display", "-p", "-t", self.name, "#{pane_pid}").strip()
        found = subprocess.run(
            ["ps", "-o", "pid=", "--ppid", pid], capture_output=True, text=True, check=False
        )
        return [int(child) for child in found.stdout.split()]

    def wait_client_ended(self, seconds: float = PATIENCE) -> None:
        deadline = time.monotonic() + seconds
        while self._client() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not self._client(), f"{self.name}: the ssh client is still running"

    def kill_client(self) -> None:
        """The player's ssh dies (its terminal closed): the server sees the connection drop."""
        for child in self._client():  # the pane's shell runs only the client
            os.kill(child, signal.SIGKILL)
        self.wait_client_ended()
        self.terminals.tmux("kill-session", "-t", self.name)


def _key(directory: Path, name: str) -> Path:
    path = directory / name
    subprocess.run(
        ["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", name, "-f", str(path)], check=True
    )
    return path


def _ssh(port: int, user: str, key: Path | None) -> str:
    common = (
        "ssh -tt -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR "
        "-o IdentityAgent=none -o IdentitiesOnly=yes "
    )
    who = f"-i {key} -o PasswordAuthentication=no" if key else "-o PubkeyAuthentication=no"
    return f"{common}{who} -p {port} {user}@127.0.0.1"


def _serve(root: Path, database: Path) -> ServeProcess:
    return ServeProcess(root, "--database", str(database)).ready()


class Table:
    """Table 1 as the store has it, and the log its players' screens show."""

    def __init__(self, database: Path, players: dict[int, str]) -> None:
        self.store: TableStore = open_store(database)
        self.referee = Referee(self.store)
        self.players = players

    def length(self) -> int:
        return len(self.store.decisions(1))

    def to_move(self) -> int | None:
        return self.referee.game(1).to_move()

    def last_line(self, seat: int) -> str:
        """The last line of the log on ``seat``'s screen (its view, its names)."""
        return OnlineTable(self.referee, 1, self.players[seat]).log_lines()[-1]


def _decide(table: Table, panes: dict[int, Pane], keys: tuple[str, ...] = ("Enter",)) -> int:
    """The seat to move decides on its own screen (``keys``: by default Enter, the decision
    highlighted); the other's screen shows it. The seat that decided."""
    seat = table.to_move()
    assert seat is not None, "the game ended"
    other = panes[1 - seat]
    before = table.length()
    for _ in range(3):
        panes[seat].wait(lambda shown: "your move" in shown)
        panes[seat].keys(*keys)
        deadline = time.monotonic() + 6
        while table.length() == before and time.monotonic() < deadline:
            time.sleep(0.1)
        if table.length() > before:
            break
    assert table.length() == before + 1, f"seat {seat + 1}'s {keys} decided nothing"
    # The line's start: the log wraps a long line at its own width, never its first words.
    line = " ".join(table.last_line(1 - seat).split())[:20]
    other.wait(lambda shown: line in " ".join(shown.split()))
    return seat


def _play(
    table: Table, panes: dict[int, Pane], decisions: int, keys: tuple[str, ...] = ("Enter",)
) -> set[int]:
    return {_decide(table, panes, keys) for _ in range(decisions)}


def _play_until_both_decided(
    table: Table, panes: dict[int, Pane], keys: tuple[str, ...], at_least: int, at_most: int
) -> set[int]:
    """Decisions until both seats have decided and ``at_least`` were played (a turn of some
    games is many decisions of one seat); the seats that decided."""
    seats: set[int] = set()
    for played in range(at_most):
        seats.add(_decide(table, panes, keys))
        if played + 1 >= at_least and len(seats) == 2:
            break
    return seats


def _row(shown: str, label: str, value: str) -> bool:
    """Whether a line of the screen holds ``label`` and, after it, ``value`` (a form's row)."""
    return any(label in line and value in line.split(label, 1)[1] for line in shown.splitlines())


def _connect(terminals: Terminals, name: str, port: int, key: Path | None) -> Pane:
    return terminals.open(name, _ssh(port, name, key))


class Meeting:
    """Ann and Bob, each with a key of their own, in terminals of their own against a real
    ``nfgalaxy serve``: Ann sets up table 1 in the lobby, Bob joins it, Ann starts it and
    both are at their seats."""

    def __init__(self, tmp_path: Path) -> None:
        self.database = tmp_path / "tables.sqlite"
        self.root = tmp_path / "server"
        self.keys = {"ann": _key(tmp_path, "ann"), "bob": _key(tmp_path, "bob")}
        self.terminals = Terminals()
        self.server = _serve(self.root, self.database)
        self.panes: dict[int, Pane] = {}
        self.connections = 0

    def connect(self, player: str) -> Pane:
        self.connections += 1
        name = f"{player}{self.connections}"
        return self.terminals.open(name, _ssh(self.server.port, player, self.keys[player]))

    def meet(self, game: str | None = None) -> Table:
        """``game`` (by id; None: the form's first, New Frontiers) is chosen in the form."""
        ann = self.connect("ann")
        ann.wait("Pick the name")
        ann.type("Ann")
        ann.keys("Enter")
        ann.wait("You are Ann")
        ann.keys("c")  # a new table: New Frontiers, two seats, live, as the form opens
        ann.wait("Create table")
        if game is not None:  # the game list has the focus: open it, go down, take it
            ann.keys("Enter")
            ann.wait("Dismiss menu")
            for _ in range([g.id for g in app_games()].index(game)):
                ann.keys("Down")
                time.sleep(0.2)
            ann.keys("Enter")
            title = next(g.title for g in app_games() if g.id == game)
            ann.wait(lambda shown: "Dismiss menu" not in shown and _row(shown, "Game", title))
        ann.keys("C-s")
        ann.wait("Table 1 is set up")

        bob = self.connect("bob")
        bob.wait("Pick the name")
        bob.type("Bob")
        bob.keys("Enter")
        bob.wait("Players online: Ann, Bob")  # the serve process's word of who is here
        bob.keys("j")
        bob.wait("The number of the table")
        bob.type("1")
        bob.keys("Enter")
        bob.wait("You sit at table 1")

        ann.wait("2 taken, 0 free")  # her lobby read again: Bob sits
        ann.keys("s")  # start: Ann is put at her seat
        ann.wait("· table 1")
        # Bob, waiting in his lobby, is taken to his seat when she starts it: no key of his.
        bob.wait("· table 1")
        self.panes = {0: ann, 1: bob}
        with open_store(self.database) as store:
            seats = {
                n: store.player_named(name).fingerprint for n, name in ((0, "Ann"), (1, "Bob"))
            }
        table = Table(self.database, seats)
        assert table.store.table(1).status is TableStatus.PLAYING
        return table

    def bob_drops_out_and_comes_back(self) -> None:
        """Bob's terminal dies mid-game; he connects again and is at his seat at once."""
        self.panes[1].kill_client()
        self.panes[1] = self.connect("bob")
        self.panes[1].wait("Back at your seat at table 1")

    def close(self) -> None:
        self.terminals.close()
        self.server.stop()


def test_two_players_meet_see_each_others_moves_and_one_dropped_out_gets_his_seat_back(
    tmp_path: Path,
) -> None:
    meeting = Meeting(tmp_path)
    try:
        table = meeting.meet()
        assert _play(table, meeting.panes, 3) == {0, 1}, "both players decided"
        meeting.bob_drops_out_and_comes_back()
        _play(table, meeting.panes, 1)
    finally:
        meeting.close()


@pytest.mark.parametrize("game", ["race-for-the-galaxy", "roll-for-the-galaxy", "space-merchant"])
def test_every_game_is_set_up_joined_and_played_over_ssh(tmp_path: Path, game: str) -> None:
    """New Frontiers is played in the tests above; each other game is chosen in the table
    form, joined and played by both (the decision list's keys, wherever a turn put the
    focus: ``d`` gives it the keys, Enter takes the decision highlighted)."""
    meeting = Meeting(tmp_path)
    try:
        table = meeting.meet(game)
        assert table.store.table(1).spec.game == game
        seats = _play_until_both_decided(table, meeting.panes, ("d", "Enter"), 4, 24)
        assert seats == {0, 1}, "both players decided"
    finally:
        meeting.close()


def test_a_table_played_over_ssh_goes_on_after_the_server_is_killed_with_sigkill(
    tmp_path: Path,
) -> None:
    meeting = Meeting(tmp_path)
    try:
        table = meeting.meet()
        assert _play(table, meeting.panes, 4) == {0, 1}, "both players decided"
        meeting.bob_drops_out_and_comes_back()
        _play(table, meeting.panes, 2)
        # The server is killed: every decision a screen showed was committed.
        confirmed = table.length()
        meeting.server.kill()
        meeting.server = _serve(meeting.root, meeting.database)
        assert table.length() == confirmed
        for seat, player in ((0, "ann"), (1, "bob")):
            meeting.panes[seat].wait_client_ended()  # its connection went with the server
            meeting.panes[seat] = meeting.connect(player)
        for pane in meeting.panes.values():
            pane.wait("Back at your seat at table 1")
        _play(table, meeting.panes, 2)
        assert table.length() == confirmed + 2
    finally:
        meeting.close()


def test_a_keyless_guest_may_watch_a_table_but_not_sit_at_one(tmp_path: Path) -> None:
    database = tmp_path / "tables.sqlite"
    with open_store(database) as store:
        for fingerprint, name in (("SHA256:ann", "Ann"), ("SHA256:bob", "Bob")):
            store.register(fingerprint, name)
        spec = TableSpec("new-frontiers", (SeatSpec(), SeatSpec()), seed=3)
        playing = Referee(store).new_table(spec, "SHA256:ann")
        store.join(playing.id, "SHA256:bob")
        store.start(playing.id)
        waiting = store.create(spec, "SHA256:ann")
    terminals = Terminals()
    server = _serve(tmp_path / "server", database)
    try:
        guest = _connect(terminals, "guest", server.port, None)
        guest.wait("you may watch the tables")  # no name asked of a guest
        guest.keys("c")
        guest.wait("only a player with a key")  # told why, with no form opened
        guest.keys("j")
        guest.wait("only a player with a key")
        assert "The number of the table" not in guest.text()
        guest.keys("w")  # watch a table by its number
        guest.wait("The number of the table to watch")
        guest.type(str(playing.id))
        guest.keys("Enter")
        guest.wait("You are watching this table")
        guest.wait(f"· table {playing.id}")
        guest.keys("Enter", "Enter")  # nothing a guest presses decides
        time.sleep(1.0)
        with open_store(database) as store:
            assert store.decisions(playing.id) == []
            assert store.table(waiting.id).occupants == ("SHA256:ann", None)
    finally:
        terminals.close()
        server.stop()
