"""Players: a key's fingerprint and a display name that is theirs alone on the server."""

from __future__ import annotations

import pytest

from nfgalaxy.tables.errors import NameRefused, UnknownPlayer
from nfgalaxy.tables.model import NAME_MAX

UNPRINTABLE_OR_BLANK = [
    "",
    "   ",
    "\x1b[31mAnn",  # a terminal escape: it would paint other players' screens
    "Ann\n",
    "Ann\tBob",
    "A\u200bnn",  # a zero-width space: looks like "Ann"
    "\u202eAnn",  # a right-to-left override
    " Ann",
    "x" * (NAME_MAX + 1),
]


def test_a_player_is_found_by_their_key_and_by_their_name_whatever_its_case(store):
    ann = store.register("SHA256:ann", "Ann Smith")
    assert (ann.fingerprint, ann.name) == ("SHA256:ann", "Ann Smith")
    assert store.player("SHA256:ann") == ann
    assert store.player_named("ann smith") == ann
    assert store.player("SHA256:nobody") is None
    assert store.player_named("Bob") is None


def test_a_name_of_twenty_printable_characters_is_accepted(store):
    name = "Zoë の宇宙 ★" + "x" * (NAME_MAX - 9)
    assert len(name) == NAME_MAX
    assert store.register("SHA256:zoe", name).name == name


def test_a_taken_name_is_refused_in_any_case_or_width_and_nothing_is_stored(database, store):
    store.register("SHA256:ann", "Ann")
    for name in ("Ann", "ANN", "ann", "Ａｎｎ"):
        with pytest.raises(NameRefused, match="taken"):
            store.register("SHA256:other", name)
    assert store.player("SHA256:other") is None
    assert database.execute("SELECT COUNT(*) FROM players") == [(1,)]


def test_a_blank_long_or_unprintable_name_is_refused_with_a_reason_and_nothing_stored(
    database, store
):
    for name in UNPRINTABLE_OR_BLANK:
        with pytest.raises(NameRefused) as refused:
            store.register("SHA256:ann", name)
        assert refused.value.reason, name
    assert database.execute("SELECT COUNT(*) FROM players") == [(0,)]


def test_a_key_picks_a_name_once_then_renames_and_frees_the_old_one(store):
    store.register("SHA256:ann", "Ann")
    with pytest.raises(NameRefused, match="already has a name"):
        store.register("SHA256:ann", "Annie")
    assert store.rename("SHA256:ann", "Annie").name == "Annie"
    assert store.rename("SHA256:ann", "ANNIE").name == "ANNIE"  # one's own name, recased
    assert store.register("SHA256:bob", "Ann").name == "Ann"


def test_renaming_to_a_taken_or_unprintable_name_is_refused_and_the_name_kept(store):
    store.register("SHA256:ann", "Ann")
    store.register("SHA256:bob", "Bob")
    for name in ("bob", "Bob\x07"):
        with pytest.raises(NameRefused):
            store.rename("SHA256:ann", name)
    assert store.player("SHA256:ann").name == "Ann"
    with pytest.raises(UnknownPlayer):
        store.rename("SHA256:nobody", "Nobody")
