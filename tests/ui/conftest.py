"""UI tests never touch the real user data dir: saves go to a temporary folder."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("NFGALAXY_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"
