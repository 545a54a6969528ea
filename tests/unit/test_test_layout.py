"""The test folders have no ``__init__.py``, so pytest imports each test module by its file name:
two modules with one name stop the whole run at collection. Games add folders of their own, so
this is checked rather than remembered."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

TESTS = Path(__file__).parents[1]


def test_no_two_test_modules_share_a_file_name() -> None:
    modules = [
        path
        for path in TESTS.rglob("*.py")
        # pytest imports each conftest.py afresh by its path, whatever its name.
        if path.name not in ("__init__.py", "conftest.py")
        and not (path.parent / "__init__.py").exists()
    ]
    names = Counter(path.name for path in modules)
    assert [name for name, count in names.items() if count > 1] == []
