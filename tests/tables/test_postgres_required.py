"""In CI a skipped PostgreSQL test is a failure (issue 43): ``.ci/run`` sets
``NFGALAXY_REQUIRE_POSTGRES=1``, and then a store test that finds no PostgreSQL server fails,
naming the variable, where elsewhere it is skipped. Checked by running one store test with
the server pointed at a port where nothing listens."""

from __future__ import annotations

import os
import subprocess
import sys

from conftest import ROOT

NOWHERE = "postgresql://127.0.0.1:1/nothing"
ONE_TEST = (
    "tests/tables/test_table_decisions.py::"
    "test_the_log_reads_from_a_position_on_in_order[postgresql]"
)


def _run_without_a_server(require: bool) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NFGALAXY_TEST_POSTGRES": NOWHERE, "PYTHONPATH": str(ROOT)}
    env.pop("NFGALAXY_REQUIRE_POSTGRES", None)
    if require:
        env["NFGALAXY_REQUIRE_POSTGRES"] = "1"
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "0", "-rs", ONE_TEST],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_ci_sets_the_variable_that_makes_a_skipped_postgresql_test_fail() -> None:
    ci = (ROOT / ".ci" / "run").read_text()
    assert "export NFGALAXY_REQUIRE_POSTGRES=1" in ci


def test_without_a_server_a_postgresql_test_fails_when_required_and_is_skipped_otherwise() -> None:
    required = _run_without_a_server(require=True)
    assert required.returncode == 1, required.stdout[-2000:]
    assert "1 failed" in required.stdout and "may not be skipped" in required.stdout
    allowed = _run_without_a_server(require=False)
    assert allowed.returncode == 0, allowed.stdout[-2000:]
    assert "1 skipped" in allowed.stdout and "unreachable" in allowed.stdout
