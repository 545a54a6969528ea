"""A player's SSH key is who they are: their saves come back on every connection with that key,
whatever user name they type; keyless guests are told their game ends with the connection."""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncssh
import pytest
from ssh_helpers import (
    TERM,
    assert_terminal_given_back,
    autosaves,
    connect,
    read_to_end,
    running,
    start_game,
    to_new_game,
    until_quiet,
)

from nfgalaxy.server.identity import (
    Identity,
    key_directory_name,
    old_user_directories_note,
)
from nfgalaxy.server.ssh import TAKEOVER_MESSAGE, GameServer, ServeConfig, SSHConnection

GUEST_NOTICE = b"as a guest"


def new_key() -> asyncssh.SSHKey:
    return asyncssh.generate_private_key("ssh-ed25519")


async def first_screen(conn) -> bytes:
    proc = await conn.create_process(encoding=None, **TERM)
    screen = await to_new_game(proc)
    screen += await until_quiet(proc)
    proc.close()
    return screen


def test_a_key_names_one_directory_that_no_name_can_reach(tmp_path: Path) -> None:
    alice, bob = new_key(), new_key()
    name = key_directory_name(alice)
    assert name == key_directory_name(asyncssh.import_public_key(alice.export_public_key()))
    assert name != key_directory_name(bob)
    assert "/" not in name and name == name.lower()
    saves = Identity(alice, "g1").prepare(tmp_path)
    assert saves == tmp_path / "keys" / name
    assert (saves / "public_key").read_bytes() == alice.export_public_key()
    assert Identity(None, "g1").saves_dir(tmp_path) == tmp_path / "guests" / "g1"


def test_a_key_only_shown_and_not_proved_gives_no_identity(tmp_path: Path) -> None:
    server = GameServer(ServeConfig(data_root=tmp_path))
    conn = SSHConnection(server)
    conn.validate_public_key("mallory", new_key())  # asked whether a key would do: no proof
    assert conn.get_kbdint_challenge("mallory", "", "") is True  # then in as a guest
    conn.auth_completed()
    assert not conn.identity.lasting


def test_old_per_name_saves_are_pointed_out_not_touched(tmp_path: Path) -> None:
    assert old_user_directories_note(tmp_path) is None
    old = tmp_path / "users" / "alice-0123456789"
    old.mkdir(parents=True)
    note = old_user_directories_note(tmp_path)
    assert note is not None and str(tmp_path / "users") in note and old.exists()


async def test_the_same_key_finds_its_game_again_under_any_name(tmp_path: Path) -> None:
    key = new_key()
    server = await running(tmp_path)
    try:
        async with connect(server, "alice", key) as conn:
            proc, _ = await start_game(conn)
            proc.close()
        saves = tmp_path / "server" / "keys" / key_directory_name(key)
        assert autosaves(saves / "saves")
        await asyncio.sleep(0.5)  # the connection is gone: a key's saves stay
        assert autosaves(saves / "saves")
        async with connect(server, "someone-else", key) as conn:
            screen = await first_screen(conn)
        assert b"Continue" in screen and GUEST_NOTICE not in screen
    finally:
        await server.shutdown()


async def test_different_keys_never_see_each_others_saves(tmp_path: Path) -> None:
    alice, bob = new_key(), new_key()
    server = await running(tmp_path)
    try:
        async with connect(server, "alice", alice) as conn:
            proc, _ = await start_game(conn)
            proc.close()
        async with connect(server, "alice", bob) as conn:  # bob types alice's name
            screen = await first_screen(conn)
        assert b"Continue" not in screen
        keys = tmp_path / "server" / "keys"
        assert sorted(p.name for p in keys.iterdir()) == sorted(
            key_directory_name(k) for k in (alice, bob)
        )
        assert not autosaves(keys / key_directory_name(bob) / "saves")
    finally:
        await server.shutdown()


async def test_a_keyless_guest_is_told_the_game_ends_with_the_connection(tmp_path: Path) -> None:
    server = await running(tmp_path)
    try:
        async with connect(server, "alice") as conn:
            screen = await first_screen(conn)
        assert GUEST_NOTICE in screen
        assert not (tmp_path / "server" / "keys").exists()
    finally:
        await server.shutdown()


async def test_a_second_connection_with_the_same_key_takes_the_game_over(tmp_path: Path) -> None:
    key = new_key()
    server = await running(tmp_path)
    try:
        async with connect(server, "alice", key) as old, connect(server, "alice", key) as new:
            proc, seen = await start_game(old)
            again = await new.create_process(encoding=None, **TERM)
            seen += await read_to_end(proc)
            screen = await to_new_game(again)
            screen += await until_quiet(again)
            again.close()
        assert_terminal_given_back(seen, TAKEOVER_MESSAGE)  # the old one was ended cleanly
        assert b"Continue" in screen  # and the new one continues its game
    finally:
        await server.shutdown()


async def test_authorized_keys_admit_only_their_keys_and_no_guests(tmp_path: Path) -> None:
    alice, stranger = new_key(), new_key()
    authorized = tmp_path / "authorized_keys"
    authorized.write_bytes(alice.export_public_key())
    server = await running(tmp_path, authorized_keys=authorized)
    try:
        async with connect(server, "anyone", alice) as conn:
            proc, _ = await start_game(conn)
            proc.close()
        assert (tmp_path / "server" / "keys" / key_directory_name(alice) / "saves").is_dir()
        with pytest.raises(asyncssh.PermissionDenied):
            async with connect(server, "anyone", stranger):
                pass
        with pytest.raises(asyncssh.PermissionDenied):
            async with connect(server, "anyone"):  # keyless
                pass
    finally:
        await server.shutdown()


async def test_an_authorized_keys_file_without_a_key_is_refused_by_name(tmp_path: Path) -> None:
    bad = tmp_path / "authorized_keys"
    bad.write_text("not a key\n")
    with pytest.raises(ValueError, match=r"--authorized-keys .*authorized_keys"):
        await running(tmp_path, authorized_keys=bad)
