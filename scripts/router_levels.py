#!/usr/bin/env python3
"""Authoring tool for Tessera's own Rapid Router levels.

The levels live in scripts/levels, one TOML file per episode (the source of truth): its number,
name and summary, then a [[level]] table per level with its id, texts, theme, an ASCII map
(router_map_draw.py can draw one from a drive), toolbox extras and limits, lights, and its
reference solution: `solution`, a Python literal in the nested program form of router_program.py,
and/or `python_solution`, a hand-written Python program (counted as the engine counts it by
router_python_mirror.py). A key left out takes the default of `Spec` below. Running this script

    python3 scripts/router_levels.py            # check every level and write the files
    python3 scripts/router_levels.py --check    # check only (exit 1 on a problem)
    python3 scripts/router_levels.py --show 12  # print one level's map, route and run

turns every map into our JSON level format (`Sources/RouterKit/Levels/<id>.json`, with the road
graph's connections symmetric and `road[0]` the depot), writes `episodes.json`, and writes each
reference solution as `Sources/RouterKit/Levels/solutions/<id>.json`: the `program` object a run request
sends, `{"blocks": …}` in our JSON block format or `{"python": "…"}` for Python levels. Before
writing it runs every solution through a small simulator (router_sim.py) of the rules in
shared/reference/rapid-router.md §4 and §5 and insists on a delivery at full marks (shortest route,
block count = the model solution). The Swift test `LevelSolutionTests` then runs the same solutions
through the real engine.

Map format: 15 lines of up to 19 characters, north at the top. Even lines are the tile rows
y = 7 … 0, odd lines the vertical links between two rows. In a tile row, even columns are the
tiles x = 0 … 9 and odd columns the horizontal links. Tiles:
    D depot (road[0])   H house   o road   w road with a white cow   n road with a brown cow
    . grass             T tree1   t tree2   b bush   p pond   (decor, never on the road)
Links: '-' joins two tiles side by side, '|' joins a tile with the one below it.
"""

from __future__ import annotations

import itertools
import json
import os
import sys
from collections import deque

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
# The program form and the simulator live beside this file; router_level_texts.py reads some of
# their names as router_levels.<name>.
from router_program import (ACTIONS, TOOLBOX_ORDER, BlockWriter, program_blocks,  # noqa: E402,F401
                            python_source, pythonize, split_program, used_blocks)
from router_python_mirror import MirrorError, mirror  # noqa: E402
from router_sim import HEADINGS, Sim, run_python  # noqa: E402,F401

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LEVELS_DIR = os.path.join(ROOT, "Sources", "RouterKit", "Levels")
SOLUTIONS_DIR = os.path.join(ROOT, "Sources", "RouterKit", "Levels", "solutions")
ENGLISH_LEVEL_WORDS = os.path.join(ROOT, "Sources", "Languages", "catalogues", "en", "levels.json")

COLUMNS, ROWS = 10, 8
DECOR = {"T": "tree1", "t": "tree2", "b": "bush", "p": "pond"}
COWS = {"w": "WHITE", "n": "BROWN"}
ROAD = set("DHo") | set(COWS)

# --------------------------------------------------------------------------------------------
# Levels
# --------------------------------------------------------------------------------------------

# The level content (the `Spec` form and the episode files it is read from) is in
# router_level_source.py; its names are re-exported here.
from router_level_source import SourceError, Spec, load_specs  # noqa: E402,F401


def parse_map(text: str):
    lines = text.strip("\n").split("\n")
    if len(lines) != 2 * ROWS - 1:
        raise ValueError(f"a map has {2 * ROWS - 1} lines, this one {len(lines)}")
    lines = [line.ljust(2 * COLUMNS - 1) for line in lines]
    tiles: dict[tuple[int, int], str] = {}
    edges: set[frozenset] = set()
    for row in range(ROWS):
        y = ROWS - 1 - row
        line = lines[2 * row]
        if len(line) > 2 * COLUMNS - 1:
            raise ValueError(f"row y={y} is too long: {line!r}")
        for x in range(COLUMNS):
            ch = line[2 * x]
            tiles[(x, y)] = ch
            if x < COLUMNS - 1:
                link = line[2 * x + 1]
                if link == "-":
                    edges.add(frozenset({(x, y), (x + 1, y)}))
                elif link != " ":
                    raise ValueError(f"bad link {link!r} at row y={y}")
        if row < ROWS - 1:
            below = lines[2 * row + 1]
            for x in range(COLUMNS):
                link = below[2 * x]
                if link == "|":
                    edges.add(frozenset({(x, y), (x, y - 1)}))
                elif link != " ":
                    raise ValueError(f"bad vertical link {link!r} under ({x}, {y})")
                if x < COLUMNS - 1 and below[2 * x + 1] != " ":
                    raise ValueError(f"stray character under row y={y}")
    for edge in edges:
        for tile in edge:
            if tiles[tile] not in ROAD:
                raise ValueError(f"a link touches {tile}, which is not road ({tiles[tile]!r})")
    return tiles, edges


def build(spec: Spec):
    tiles, edges = parse_map(spec.map)
    depots = [c for c, ch in tiles.items() if ch == "D"]
    if len(depots) != 1:
        raise ValueError("a map needs exactly one depot D")
    depot = depots[0]
    neighbours: dict[tuple, list] = {c: [] for c, ch in tiles.items() if ch in ROAD}
    for edge in edges:
        a, b = tuple(edge)
        neighbours[a].append(b)
        neighbours[b].append(a)
    # road order: depot first, then breadth first (neighbours in N, E, S, W order)
    order = [depot]
    seen = {depot}
    queue = deque([depot])
    while queue:
        c = queue.popleft()
        for h in "NESW":
            d = (c[0] + HEADINGS[h][0], c[1] + HEADINGS[h][1])
            if d in neighbours[c] and d not in seen:
                seen.add(d)
                order.append(d)
                queue.append(d)
    unreachable = set(neighbours) - seen
    if unreachable:
        raise ValueError(f"road tiles not joined to the depot: {sorted(unreachable)}")
    index = {c: i for i, c in enumerate(order)}
    road = [{"coordinate": list(c), "connections": sorted(index[d] for d in neighbours[c])} for c in order]
    if len(neighbours[depot]) != 1:
        raise ValueError("the depot must be a dead end with one road out")
    out = neighbours[depot][0]
    heading = next(h for h, (dx, dy) in HEADINGS.items() if (depot[0] + dx, depot[1] + dy) == out)
    houses = sorted((c for c, ch in tiles.items() if ch == "H"), key=lambda c: (c[1], c[0]))
    cows = {}
    for c, ch in sorted(tiles.items(), key=lambda t: (t[0][1], t[0][0])):
        if ch in COWS:
            cows.setdefault(COWS[ch], []).append(c)
    decor = [{"name": DECOR[ch], "coordinate": list(c)}
             for c, ch in sorted(tiles.items(), key=lambda t: (-t[0][1], t[0][0])) if ch in DECOR]
    for c, ch in tiles.items():
        if ch not in ROAD and ch not in DECOR and ch != ".":
            raise ValueError(f"unknown tile {ch!r} at {c}")
    return {
        "order": order, "index": index, "neighbours": neighbours, "road": road, "heading": heading,
        "houses": houses, "cows": cows, "decor": decor, "depot": depot,
    }


def shortest(neighbours, a, b) -> int:
    """Edges on a shortest road route from a to b."""
    dist = {a: 0}
    queue = deque([a])
    while queue:
        c = queue.popleft()
        if c == b:
            return dist[c]
        for d in neighbours[c]:
            if d not in dist:
                dist[d] = dist[c] + 1
                queue.append(d)
    raise ValueError(f"no road from {a} to {b}")


def optimal_nodes(built) -> int:
    best = None
    for order in itertools.permutations(built["houses"]):
        total, at = 0, built["depot"]
        for house in order:
            total += shortest(built["neighbours"], at, house)
            at = house
        best = total if best is None else min(best, total)
    return best + 1


# The simulator (Sim, run_python) is in router_sim.py; the program form in router_program.py.

def counted_program(spec: Spec):
    """The program whose blocks the level is counted by: the Swift test counts the written file."""
    if spec.python_solution is not None:
        try:
            return mirror(spec.python_solution)
        except (MirrorError, SyntaxError) as error:
            raise ValueError(f"python solution: {error}") from None
    return spec.solution


def level_json(spec: Spec, built) -> dict:
    program = counted_program(spec)
    needed = set(used_blocks(program)) | set(spec.extra_blocks)
    unknown = needed - set(TOOLBOX_ORDER)
    if unknown:
        raise ValueError(f"unknown blocks {unknown}")
    toolbox = []
    for name in TOOLBOX_ORDER:
        if name in needed:
            entry = {"block": name}
            if name in spec.limits:
                entry["limit"] = spec.limits[name]
            toolbox.append(entry)
    count = program_blocks(program)
    route_max = 20 if int(spec.id) < 13 else 10
    lights = [{"source": list(l[0]), "direction": l[1], "startingState": l[2], "startTime": l[3],
               "redDuration": l[4], "greenDuration": l[5]} for l in spec.lights]
    cows = [{"kind": kind, "minCows": len(cs), "maxCows": len(cs), "potentialCoordinates": [list(c) for c in cs]}
            for kind, cs in built["cows"].items()]
    return {
        "id": spec.id,
        "name": spec.name,
        "episode": spec.episode,
        "lesson": spec.lesson,
        "hint": spec.hint,
        "theme": spec.theme,
        "character": spec.character,
        "road": built["road"],
        "originHeading": built["heading"],
        "destinations": [list(h) for h in built["houses"]],
        "trafficLights": lights,
        "cows": cows,
        "maxFuel": spec.max_fuel,
        "toolbox": toolbox,
        "scoring": {"routeMax": route_max, "algorithmMax": 10 if spec.algorithm and not spec.python else 0,
                    "modelSolutions": spec.model_solutions or [count]},
        "blocklyEnabled": not spec.python,
        "pythonEnabled": spec.python,
        "pythonViewEnabled": spec.python_view,
        "decor": built["decor"],
    }


# Our JSON block program format (documented at the top of Sources/RouterKit/BlockJSON.swift);
# block ids are left out: the reader makes them up in document order.
def render(built, sim=None) -> str:
    rows = []
    path = set(sim.visited) if sim else set()
    for y in range(ROWS - 1, -1, -1):
        row = ""
        for x in range(COLUMNS):
            c = (x, y)
            if c == built["depot"]:
                ch = "D"
            elif c in built["houses"]:
                ch = "H"
            elif c in built["neighbours"]:
                ch = "*" if c in path else "o"
            else:
                ch = "."
            row += ch
        rows.append(f"{y} {row}")
    rows.append("  " + "".join(str(x) for x in range(COLUMNS)))
    return "\n".join(rows)


def check(spec: Spec):
    """Builds the level, runs its solution and returns (level json, problems, sim)."""
    if spec.python and spec.solution is not None:
        main, procs = split_program(spec.solution)
        main, procs = pythonize(main), {name: pythonize(body) for name, body in procs.items()}
        spec.solution = (main, procs) if procs else main
    problems = []
    built = build(spec)
    level = level_json(spec, built)
    sim = Sim(spec, built)
    if spec.solution is None and spec.python_solution is None:
        problems.append("the level has no solution")
    ok, reason = sim.run(spec.solution) if spec.solution is not None else (True, "")
    if not ok:
        problems.append(f"solution fails: {reason}")
    elif spec.solution is not None:
        optimal = optimal_nodes(built)
        travelled = len(sim.visited) - 2
        if len(set(sim.visited)) != len(sim.visited):
            problems.append("the route visits a tile twice")
        if travelled + 2 != optimal:
            problems.append(f"route is {travelled + 2} tiles, the shortest {optimal}")
        if sim.fuel < -1:
            problems.append("fuel below -1")
    program = counted_program(spec)
    count = program_blocks(program)
    if count not in level["scoring"]["modelSolutions"]:
        problems.append(f"block count {count} not in {level['scoring']['modelSolutions']}")
    for name, cap in spec.limits.items():
        if used_blocks(program).get(name, 0) > cap:
            problems.append(f"{name} used more than its limit {cap}")
    if spec.python_solution is not None:
        if not spec.python:
            problems.append("python_solution on a level without python=True")
        ok, reason, py_sim = run_python(spec, built, spec.python_solution)
        if spec.solution is None:
            sim = py_sim
        if not ok:
            problems.append(f"python solution fails: {reason}")
        elif len(py_sim.visited) != optimal_nodes(built) or len(set(py_sim.visited)) != len(py_sim.visited):
            problems.append("the python solution's route is not the shortest")
    for light in spec.lights:
        src = tuple(light[0])
        dx, dy = HEADINGS[light[1]]
        dst = (src[0] + dx, src[1] + dy)
        if dst not in built["neighbours"].get(src, []):
            problems.append(f"light {light} does not sit on a road link")
    if len(spec.lesson) > 240 or len(spec.hint) > 240:
        problems.append("lesson or hint too long")
    return level, problems, sim


def format_json(value, indent=0) -> str:
    """Indented JSON that keeps small objects and lists on one line (road tiles, blocks)."""
    flat = json.dumps(value, ensure_ascii=False)
    if not isinstance(value, (dict, list)) or len(flat) + indent <= 100:
        return flat
    pad = " " * (indent + 2)
    if isinstance(value, list):
        items = [pad + format_json(item, indent + 2) for item in value]
        return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"
    items = [pad + json.dumps(key) + ": " + format_json(item, indent + 2) for key, item in value.items()]
    return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"


def write_json(path, value):
    with open(path, "w", encoding="utf-8") as f:
        f.write(format_json(value) + "\n")


# The level specs, in playing order: the first module holds episodes 1–10; each later module (if
# present) adds episodes with ids from its own FIRST_ID, so several authors can work at once.
def main(argv):
    try:
        EPISODES, LEVELS = load_specs()
    except SourceError as error:
        print(f"router_levels: {error}", file=sys.stderr)
        return 1
    ids = [int(spec.id) for spec in LEVELS]
    assert len(set(ids)) == len(ids) and ids == sorted(ids), "ids are unique and ascending"
    if ids != list(range(1, len(ids) + 1)):
        print("note: level ids have gaps (fine while episodes are being written):",
              [i for i in range(1, ids[-1] + 1) if i not in set(ids)][:10])
    if "--show" in argv:
        wanted = argv[argv.index("--show") + 1]
        spec = next(spec for spec in LEVELS if spec.id == wanted)
        level, problems, sim = check(spec)
        print(render(build(spec), sim))
        print("log:", "".join(sim.log), "blocks:", program_blocks(counted_program(spec)), "fuel left:", sim.fuel)
        for line in getattr(sim, "printed", []):
            print("printed:", line)
        print("problems:", problems or "none")
        return 0
    failures = 0
    levels = []
    for spec in LEVELS:
        try:
            level, problems, _ = check(spec)
        except ValueError as error:
            level, problems = None, [str(error)]
        if problems:
            failures += 1
            print(f"level {spec.id} {spec.name}: " + "; ".join(problems))
        levels.append(level)
    episode_ids = {}
    for spec in LEVELS:
        episode_ids.setdefault(spec.episode, []).append(spec.id)
    if failures:
        print(f"{failures} level(s) with problems")
        return 1
    print(f"{len(LEVELS)} levels in {len(EPISODES)} episodes: every solution delivers at full marks")
    if "--check" in argv:
        return 0
    os.makedirs(SOLUTIONS_DIR, exist_ok=True)
    for spec, level in zip(LEVELS, levels):
        write_json(os.path.join(LEVELS_DIR, f"{spec.id}.json"), level)
        # The reference solution as a run request's `program` sends it: Python text or blocks.
        program = ({"python": spec.python_solution or python_source(spec.solution)} if spec.python
                   else BlockWriter().program(spec.solution))
        write_json(os.path.join(SOLUTIONS_DIR, f"{spec.id}.json"), program)
    # An episode whose levels are still being written is left out until it has some.
    episodes = [{"number": number, "name": name, "summary": summary, "levelIDs": episode_ids[number]}
                for number, name, summary in EPISODES if number in episode_ids]
    write_json(os.path.join(LEVELS_DIR, "episodes.json"), episodes)
    # The English catalogue's `levels` area: the same words, where every other language's are
    # (Sources/Languages/catalogues/<code>/levels.json), so translators see every key.
    english = {"episode": {str(e["number"]): {"name": e["name"], "summary": e["summary"]} for e in episodes},
               "level": {spec.id: {"name": level["name"], "lesson": level["lesson"], "hint": level["hint"]}
                         for spec, level in zip(LEVELS, levels)}}
    with open(ENGLISH_LEVEL_WORDS, "w", encoding="utf-8") as f:
        json.dump(english, f, ensure_ascii=False, indent=2)
        f.write("\n")
    return 0


if __name__ == "__main__":
    sys.dont_write_bytecode = True
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    sys.exit(main(sys.argv[1:]))
