"""The whole suite: saves go to a temporary folder, never the user's data directory, and the
app seats greedy bots by default (``NFGALAXY_BOT``), which answer at once; the search levels'
own tests seat them explicitly."""

from __future__ import annotations

import os

import pytest


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: one worker more than the cores. A quarter of the suite's worker time is
    spent waiting, not computing (SSH servers, real terminals in tmux, subprocesses, idle
    timeouts): on two cores, two workers left the cores idle while both waited."""
    return (os.cpu_count() or 1) + 1


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("NFGALAXY_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.fixture(autouse=True)
def quick_default_bots(monkeypatch):
    monkeypatch.setenv("NFGALAXY_BOT", "greedy")
