"""The whole suite: saves go to a temporary folder, never the user's data directory, and the
app seats greedy bots by default (``NFGALAXY_BOT``), which answer at once; the search levels'
own tests seat them explicitly."""

from __future__ import annotations

import gc
import os

import pytest
from textual._styles_cache import StylesCache

#: The collector's thresholds in the test process. A test process builds and tears down
#: hundreds of apps, each a web of widgets that only the cycle collector frees; at Python's
#: (700, 10, 10) it ran a full collection every few decisions of a played game, and the
#: collector took a fifth of a UI test's time (6.3 s of a 2-player Race game played to the end
#: with a base-game hot-seat test, 34.6 s in all). Collecting the young less often frees the
#: same garbage in fewer, larger passes.
GC_THRESHOLDS = (20_000, 20, 20)
gc.set_threshold(*GC_THRESHOLDS)


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


@pytest.fixture(autouse=True)
def release_textual_caches():
    """After each test, what Textual's draw caches still hold of its apps' widgets.
    ``StylesCache.get_inner_outer`` is an ``lru_cache`` on a method: its keys keep up to 1,024
    widgets' style caches (and the lines drawn with them) alive after their app has gone, some
    7,000 objects an app, which every later full collection in the process walked again."""
    yield
    StylesCache.get_inner_outer.cache_clear()
