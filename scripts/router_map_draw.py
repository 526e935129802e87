"""Draws a level's ASCII map (the format in scripts/router_levels.py) from roads given as walks,
so a spiral or a staircase is written as the drive it is ("E3 N2 W1") instead of by hand.

    draw([walk((0, 1), "E3 N2")], houses=[(3, 3)], decor={(5, 5): "T"})

From the shell, to paste into an episode file in scripts/levels:

    python3 scripts/router_map_draw.py "0,7 E6 S5 W4 N2" "3,2 S2" --scenery 75
    python3 scripts/router_map_draw.py --python program.py --depot 0,3 --heading E --scenery 12

The first road's first square is the depot. Every later road is a side road (it may start on a
square of an earlier one). A house may be on a road's end or in its middle.
"""

from __future__ import annotations

import os
import sys

COLUMNS, ROWS = 10, 8
STEPS = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}


def walk(start, moves: str) -> list[tuple[int, int]]:
    """The squares of a drive from `start`: "E3 N2" is three squares east, then two north."""
    x, y = start
    squares = [(x, y)]
    for move in moves.split():
        dx, dy = STEPS[move[0]]
        for _ in range(int(move[1:] or 1)):
            x, y = x + dx, y + dy
            squares.append((x, y))
    return squares


def draw(roads, houses=(), decor=None, cows=None, scenery=0) -> str:
    """`scenery`: a seed for a few trees, bushes and ponds placed off the road (0: none)."""
    if scenery:
        decor = {**sprinkle(roads, scenery), **(decor or {})}
    tiles = {(x, y): "." for x in range(COLUMNS) for y in range(ROWS)}
    links = set()
    for road in roads:
        for a, b in zip(road, road[1:]):
            if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
                raise ValueError(f"{a} and {b} are not neighbours")
            links.add(frozenset((a, b)))
        for square in road:
            if square not in tiles:
                raise ValueError(f"{square} is off the map")
            tiles[square] = "o"
    tiles[roads[0][0]] = "D"
    for house in houses:
        tiles[house] = "H"
    for square, kind in (cows or {}).items():
        tiles[square] = kind
    for square, kind in (decor or {}).items():
        if tiles[square] != ".":
            raise ValueError(f"decor {kind} on the road at {square}")
        tiles[square] = kind
    lines = []
    for y in range(ROWS - 1, -1, -1):
        row = "".join(tiles[(x, y)] + ("-" if frozenset(((x, y), (x + 1, y))) in links else " ")
                      for x in range(COLUMNS))
        lines.append(row[:-1].rstrip())
        if y > 0:
            below = "".join(("|" if frozenset(((x, y), (x, y - 1))) in links else " ") + " " for x in range(COLUMNS))
            lines.append(below.rstrip())
    return "\n" + "\n".join(lines) + "\n"


def scatter(text: str) -> dict:
    """Decor written as "T 1,2  t 8,6  b 4,0  p 6,3"."""
    parts = text.split()
    return {tuple(int(v) for v in where.split(",")): kind for kind, where in zip(parts[::2], parts[1::2])}


def trace(depot, heading: str, solution, houses=()) -> list[tuple[int, int]]:
    """The squares a program without road questions drives on an open field: depot first. Draw
    the map from it, and the program fits the road by construction (the generator still checks)."""
    from router_sim import Sim

    class Open:
        max_fuel, lights = 1000, []

    neighbours = {(x, y): [(x + dx, y + dy) for dx, dy in STEPS.values()
                           if 0 <= x + dx < COLUMNS and 0 <= y + dy < ROWS]
                  for x in range(COLUMNS) for y in range(ROWS)}
    built = {"depot": depot, "heading": heading, "neighbours": neighbours, "houses": list(houses), "cows": {}}
    sim = Sim(Open(), built)
    ok, reason = sim.run(solution)
    if not ok and "UNDELIVERED" not in reason and "OUT_OF_INSTRUCTIONS" not in reason:
        raise ValueError(f"the program can't be traced: {reason}")
    return sim.visited


def sprinkle(roads, seed: int, count: int = 7) -> dict:
    """A few trees, bushes and a pond off the road, the same every time for the same seed; never
    right beside the road, so the road reads clearly."""
    import random
    rng = random.Random(seed)
    road = {square for r in roads for square in r}
    near = {(x + dx, y + dy) for x, y in road for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    free = sorted((x, y) for x in range(COLUMNS) for y in range(ROWS) if (x, y) not in near)
    rng.shuffle(free)
    kinds = ["T", "t", "b", "T", "t", "p", "b"]
    return {square: kinds[i % len(kinds)] for i, square in enumerate(free[:count])}


def trace_python(depot, heading: str, source: str, houses=()) -> list[tuple[int, int]]:
    """Like `trace`, for a Python program (run by CPython): the squares it drives on an open field."""
    from router_sim import run_python

    class Open:
        id, max_fuel, lights = "trace", 1000, []

    neighbours = {(x, y): [(x + dx, y + dy) for dx, dy in STEPS.values()
                           if 0 <= x + dx < COLUMNS and 0 <= y + dy < ROWS]
                  for x in range(COLUMNS) for y in range(ROWS)}
    built = {"depot": depot, "heading": heading, "neighbours": neighbours, "houses": list(houses), "cows": {}}
    ok, reason, sim = run_python(Open(), built, source)
    if not ok and not reason.startswith("not delivered"):
        raise ValueError(f"the program can't be traced: {reason}")
    return sim.visited


def main(argv) -> int:
    import argparse
    parser = argparse.ArgumentParser(description="Print a level map drawn from drives, to paste into scripts/levels.")
    parser.add_argument("roads", nargs="*", help='a road as "x,y MOVES", e.g. "0,7 E6 S5"; the first starts at the depot')
    parser.add_argument("--python", help="a Python program whose drive on an open field is the first road")
    parser.add_argument("--depot", default="0,0", help="where the program starts (with --python)")
    parser.add_argument("--heading", default="E", choices=list(STEPS), help="where the van faces (with --python)")
    parser.add_argument("--house", action="append", default=[], help="x,y of a house (default: the first road's end)")
    parser.add_argument("--scenery", type=int, default=0, help="a seed for trees, bushes and a pond off the road")
    args = parser.parse_args(argv)

    def square(text):
        x, y = (int(v) for v in text.split(","))
        return x, y

    try:
        roads = []
        houses = [square(h) for h in args.house]
        if args.python:
            with open(args.python, encoding="utf-8") as file:
                roads.append(trace_python(square(args.depot), args.heading, file.read(), houses))
        for road in args.roads:
            start, _, moves = road.partition(" ")
            roads.append(walk(square(start), moves))
        if not roads:
            parser.error("give at least one road or --python")
        print(draw(roads, houses=houses or [roads[0][-1]], scenery=args.scenery).strip("\n"))
    except (ValueError, KeyError, OSError) as error:
        print(f"router_map_draw: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.dont_write_bytecode = True
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    sys.exit(main(sys.argv[1:]))
