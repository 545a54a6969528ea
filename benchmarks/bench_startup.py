"""Start-up: how long until the first screen is drawn, against a bare Textual app, measured
in one run so both see the same machine.

Each program is started as a new Python process (imports included: a player waits for them
too), runs headless at 120x40, and quits as soon as its first screen is composed and drawn.
The two are started in turn, ``--runs`` times each, and the medians and their ratio printed
(``--json`` for one document). The data directory is a new empty one, as on a first start.

    python benchmarks/bench_startup.py [--runs 7] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

#: The program that quits once its first screen is drawn; ``{app}`` makes the app.
HARNESS = """
import sys
{imports}
app = {app}
async def first_screen(pilot):
    await pilot.pause()
    app.exit()
app.run(headless=True, size=(120, 40), auto_pilot=first_screen)
"""
BARE = HARNESS.format(
    imports=(
        "from textual.app import App\n"
        "from textual.widgets import Footer, Header, Label\n"
        "class Bare(App):\n"
        "    def compose(self):\n"
        "        yield Header()\n"
        "        yield Label('Hello')\n"
        "        yield Footer()\n"
    ),
    app="Bare()",
)
NFGALAXY = HARNESS.format(imports="from nfgalaxy.ui.app import NfGalaxyApp", app="NfGalaxyApp()")


def once(program: str, data_dir: str) -> float:
    """Seconds from starting the process to its exit after the first screen."""
    # An installed program starts from compiled bytecode: let the first start write it.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["NFGALAXY_DATA_DIR"] = data_dir
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", program], env=env, check=True, capture_output=True)
    return time.perf_counter() - started


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    bare: list[float] = []
    ours: list[float] = []
    with tempfile.TemporaryDirectory() as data_dir:
        once(NFGALAXY, data_dir)  # a first start writes caches (bytecode, settings)
        once(BARE, data_dir)
        for run in range(args.runs):
            bare.append(once(BARE, data_dir))
            ours.append(once(NFGALAXY, data_dir))
            if not args.json:
                print(f"\rrun {run + 1}/{args.runs}", end="", file=sys.stderr, flush=True)
    if not args.json:
        print(file=sys.stderr)
    result = {
        "runs": args.runs,
        "bare_textual_s": round(statistics.median(bare), 3),
        "nfgalaxy_s": round(statistics.median(ours), 3),
    }
    result["ratio"] = round(result["nfgalaxy_s"] / result["bare_textual_s"], 2)
    if args.json:
        print(json.dumps(result))
        return
    print(
        f"first screen: nfgalaxy {result['nfgalaxy_s']:.3f} s, a bare Textual app "
        f"{result['bare_textual_s']:.3f} s (medians of {args.runs}): {result['ratio']:.2f}x"
    )


if __name__ == "__main__":
    main()
