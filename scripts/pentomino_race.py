#!/usr/bin/env python3
"""Whole-process race: our pentomino solver against any other solver's command line.

Every board, raw and distinct: each round runs every contestant once per board and mode, in
alternating order (ours first in even rounds, last in odd ones), so machine noise hits both
alike; the figure is the median wall time of the whole process (start, search, print, exit).

  python3 scripts/pentomino_race.py --runs 21 \
      --other "sugyan=/tmp/sugyan-driver/target/release/sugyan-driver -s optimized-small -b {board} {distinct}" \
      --distinct-flag=-u

sugyan-driver is a few lines of our own beside sugyan/pentomino's library (its fastest solver,
`optimized-small`; its CLI's default solver takes minutes on the rectangles). Offline, its crates come
from Debian (`apt-get install librust-derive-more-dev librust-num-traits-dev librust-num-derive-dev`,
num-derive 0.3 in place of 0.4, a `.cargo/config.toml` replacing crates-io with the directory
/usr/share/cargo/registry); the CLI itself needs clap 4.4, which Debian does not have.

In an --other command line `{board}` becomes the board id (6x10 5x12 4x15 3x20 8x8, or the name
--board-map gives it) and `{distinct}` becomes --distinct-flag in distinct runs and nothing in raw
ones; `{distinct:--flag}` names the flag for that command alone. `name=` before the command names the column. Ratios are ours / the first other (below 1:
ours is faster). Before timing, our output is checked against the published counts.
"""
import argparse
import json
import os
import re
import shlex
import statistics
import subprocess
import sys
import time

BOARDS = {"6x10": (9356, 2339), "5x12": (4040, 1010), "4x15": (1472, 368), "3x20": (8, 2), "8x8": (520, 65)}
HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OURS = os.path.join(HERE, "..", ".build-rel", "release", "tessera-pentomino")


def command(template, board, distinct, distinct_flag, board_map):
    text = template.replace("{board}", board_map.get(board, board))
    text = re.sub(r"\{distinct(?::([^}]*))?\}", lambda m: (m.group(1) or distinct_flag) if distinct else "", text)
    return shlex.split(text)


def wall(argv):
    started = time.perf_counter()
    done = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    elapsed = time.perf_counter() - started
    if done.returncode != 0:
        sys.exit(f"{argv} exited with {done.returncode}")
    return elapsed


def check_ours(ours, boards):
    for board in boards:
        raw, distinct = BOARDS[board]
        for flag in (["--distinct"], []):
            out = subprocess.run([*ours, "--board", board, *flag, "--json", "--print", "0"],
                                 capture_output=True, text=True, check=True).stdout
            got = json.loads(out)
            if (got["solutions"], got["distinct"]) != (raw, distinct):
                sys.exit(f"ours on {board} {flag}: {got['solutions']}/{got['distinct']}, expected {raw}/{distinct}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ours", default=DEFAULT_OURS,
                        help="our solver (tessera-pentomino, or e.g. '.build-rel/release/tessera pentomino solve')")
    parser.add_argument("--other", action="append", default=[], help="[name=]command line with {board} and {distinct}")
    parser.add_argument("--distinct-flag", default="-u", help="what {distinct} becomes in distinct runs")
    parser.add_argument("--board-map", default="", help="e.g. 6x10=rect6x10,8x8=rect8x8-2x2")
    parser.add_argument("--boards", default=",".join(BOARDS), help="comma-separated board ids")
    parser.add_argument("--runs", type=int, default=21)
    args = parser.parse_args()

    ours = shlex.split(args.ours)
    boards = [b for b in args.boards.split(",") if b]
    board_map = dict(pair.split("=", 1) for pair in args.board_map.split(",") if pair)
    others = []
    for index, spec in enumerate(args.other):
        name, _, cmd = spec.partition("=") if "=" in spec.split(" ", 1)[0] else (f"other{index + 1}", "", spec)
        others.append((name, cmd))
    check_ours(ours, boards)

    # Start-up alone: `--version` (ours) — what every run pays before searching.
    startup = [wall([*ours, "--version"]) for _ in range(args.runs)]

    times = {}
    for round_ in range(args.runs):
        for board in boards:
            for distinct in (True, False):
                runs = [("ours", [*ours, "--board", board, *(["--distinct"] if distinct else []), "--print", "0"])]
                runs += [(name, command(cmd, board, distinct, args.distinct_flag, board_map)) for name, cmd in others]
                if round_ % 2:
                    runs.reverse()
                for name, argv in runs:
                    times.setdefault((board, distinct, name), []).append(wall(argv))

    print(f"{args.runs} alternating runs each, median wall time of the whole process, ms")
    print(f"ours --version: {statistics.median(startup) * 1000:.1f} ms")
    names = ["ours"] + [name for name, _ in others]
    widths = [max(12, len(name) + 2) for name in names]
    header = f"{'board':6} {'mode':9}" + "".join(f"{name:>{width}}" for name, width in zip(names, widths))
    if others:
        ratio_width = max(16, len(names[1]) + 7)
        header += f"{'ours/' + names[1]:>{ratio_width}}"
    print(header)
    for board in boards:
        for distinct in (True, False):
            medians = [statistics.median(times[(board, distinct, name)]) * 1000 for name in names]
            line = f"{board:6} {'distinct' if distinct else 'raw':9}" + "".join(f"{m:{width}.1f}" for m, width in zip(medians, widths))
            if others:
                line += f"{medians[0] / medians[1]:{ratio_width}.2f}"
            print(line)


if __name__ == "__main__":
    main()
