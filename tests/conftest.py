"""The whole suite: saves go to a temporary folder, never the user's data directory, and the
app seats greedy bots by default (``NFGALAXY_BOT``), which answer at once; the search levels'
own tests seat them explicitly."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("NFGALAXY_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.fixture(autouse=True)
def quick_default_bots(monkeypatch):
    monkeypatch.setenv("NFGALAXY_BOT", "greedy")
