#!/usr/bin/env python3
"""Authoring tool for Tessera's own Rapid Router levels.

The levels live in scripts/router_level_specs.py (the source of truth): each is a small ASCII map
plus its texts, toolbox and reference solution. Running this script

    python3 scripts/router_levels.py            # check every level and write the files
    python3 scripts/router_levels.py --check    # check only (exit 1 on a problem)
    python3 scripts/router_levels.py --show 12  # print one level's map, route and run

turns every map into our JSON level format (`Sources/RouterKit/Levels/<id>.json`, with the road
graph's connections symmetric and `road[0]` the depot), writes `episodes.json`, and writes each
reference solution (`Tests/RouterKitTests/Solutions/<id>.json` in our JSON block format, or
`<id>.py` for Python levels). Before writing it runs every solution through a small simulator of
the rules in shared/reference/rapid-router.md §4 and §5 and insists on a delivery at full marks
(shortest route, block count = the model solution). The Swift test `LevelSolutionTests` then runs
the same solutions through the real engine.

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
from dataclasses import dataclass, field

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LEVELS_DIR = os.path.join(ROOT, "Sources", "RouterKit", "Levels")
SOLUTIONS_DIR = os.path.join(ROOT, "Tests", "RouterKitTests", "Solutions")

COLUMNS, ROWS = 10, 8
HEADINGS = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
LEFT = {"N": "W", "W": "S", "S": "E", "E": "N"}
RIGHT = {v: k for k, v in LEFT.items()}
DECOR = {"T": "tree1", "t": "tree2", "b": "bush", "p": "pond"}
COWS = {"w": "WHITE", "n": "BROWN"}
ROAD = set("DHo") | set(COWS)

# --------------------------------------------------------------------------------------------
# Programs: a tiny nested form.
#   actions  'F' forwards, 'L' left, 'R' right, 'A' turn around, 'W' wait, 'D' deliver, 'H' horn
#   ('repeat', n, body)   ('until', cond, body)   ('while', cond, body)
#   ('if', [(cond, body), ...], else_body or None)   ('call', name)
#   conditions 'dest', 'fwd', 'left', 'right', 'dead', 'red', 'green', 'cow', ('not', cond)
# A solution is a list of statements, or (main, {name: body}) with procedures.
# --------------------------------------------------------------------------------------------

ACTIONS = {"F": "move_forwards", "L": "turn_left", "R": "turn_right", "A": "turn_around",
           "W": "wait", "D": "deliver", "H": "sound_horn"}
CONDITION_BLOCKS = {"dest": "at_destination", "fwd": "road_exists", "left": "road_exists",
                    "right": "road_exists", "dead": "dead_end", "red": "traffic_light",
                    "green": "traffic_light", "cow": "cow_crossing"}


def split_program(solution):
    if isinstance(solution, tuple) and len(solution) == 2 and isinstance(solution[1], dict):
        return solution[0], solution[1]
    return solution, {}


def count_condition(cond) -> int:
    if isinstance(cond, tuple) and cond[0] == "not":
        return 1 + count_condition(cond[1])
    return 1


def count_blocks(body) -> int:
    """The reference §5 rules: every statement 1, loops add their condition and body, `if` adds
    every condition and branch body, `not` its operand."""
    total = 0
    for s in body:
        if isinstance(s, str):
            total += 1
        elif s[0] == "repeat":
            total += 1 + count_blocks(s[2])
        elif s[0] in ("until", "while"):
            total += 1 + count_condition(s[1]) + count_blocks(s[2])
        elif s[0] == "if":
            total += 1
            for cond, branch in s[1]:
                total += count_condition(cond) + count_blocks(branch)
            if s[2] is not None:
                total += count_blocks(s[2])
        elif s[0] == "call":
            total += 1
        else:
            raise ValueError(f"unknown statement {s!r}")
    return total


def program_blocks(solution) -> int:
    main, procs = split_program(solution)
    return count_blocks(main) + sum(1 + count_blocks(b) for b in procs.values())


def used_blocks(solution) -> dict[str, int]:
    """How many of each block type the program uses (for toolboxes and limits)."""
    uses: dict[str, int] = {}

    def add(name):
        uses[name] = uses.get(name, 0) + 1

    def cond(c):
        if isinstance(c, tuple):
            add("logic_negate")
            cond(c[1])
        else:
            add(CONDITION_BLOCKS[c])

    def walk(body):
        for s in body:
            if isinstance(s, str):
                add(ACTIONS[s])
            elif s[0] == "repeat":
                add("controls_repeat")
                walk(s[2])
            elif s[0] == "until":
                add("controls_repeat_until")
                cond(s[1])
                walk(s[2])
            elif s[0] == "while":
                add("controls_repeat_while")
                cond(s[1])
                walk(s[2])
            elif s[0] == "if":
                add("controls_if")
                for c, b in s[1]:
                    cond(c)
                    walk(b)
                if s[2] is not None:
                    walk(s[2])
            elif s[0] == "call":
                add("call_proc")

    main, procs = split_program(solution)
    walk(main)
    for body in procs.values():
        add("declare_proc")
        walk(body)
    return uses


# --------------------------------------------------------------------------------------------
# Levels
# --------------------------------------------------------------------------------------------

@dataclass
class Spec:
    id: str
    episode: int
    name: str
    lesson: str
    hint: str
    theme: str
    map: str
    solution: object
    extra_blocks: list = field(default_factory=list)   # distractors, in toolbox order after the needed ones
    limits: dict = field(default_factory=dict)         # block name -> cap
    lights: list = field(default_factory=list)         # ((x, y), heading, "RED"/"GREEN", start, red, green)
    max_fuel: int = 50
    algorithm: bool = True
    python: bool = False
    python_view: bool = False                          # show the Python of the blocks beside them
    model_solutions: list | None = None                # defaults to the solution's own count
    character: str = "van"
    # A hand-written reference program for a Python level (real Python: print, lists, def with
    # parameters…). It is run here by CPython against the same simulator (run_python below) and
    # written to Solutions/<id>.py instead of the Python generated from `solution`, which still
    # gives the level's toolbox, block count and route.
    python_solution: str | None = None


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


# --------------------------------------------------------------------------------------------
# A small simulator of the reference rules (§4), to check solutions before the real engine runs.
# --------------------------------------------------------------------------------------------

class Stop(Exception):
    def __init__(self, reason):
        super().__init__(reason)
        self.reason = reason


class Sim:
    def __init__(self, spec: Spec, built):
        self.spec, self.b = spec, built
        self.prev = built["depot"]
        dx, dy = HEADINGS[built["heading"]]
        self.curr = (self.prev[0] + dx, self.prev[1] + dy)
        self.fuel = spec.max_fuel
        self.visited = [self.prev, self.curr]
        self.delivered = set()
        self.cows = {c for cs in built["cows"].values() for c in cs}
        self.lights = [{"source": tuple(l[0]), "dir": l[1], "state": l[2], "t": l[3], "red": l[4], "green": l[5]}
                       for l in spec.lights]
        self.steps = 0
        self.log = []

    def heading(self):
        dx, dy = self.curr[0] - self.prev[0], self.curr[1] - self.prev[1]
        return next(h for h, v in HEADINGS.items() if v == (dx, dy))

    def target(self, rel):
        h = self.heading()
        h = {"fwd": h, "left": LEFT[h], "right": RIGHT[h]}[rel]
        dx, dy = HEADINGS[h]
        t = (self.curr[0] + dx, self.curr[1] + dy)
        return t if t in self.b["neighbours"][self.curr] else None

    def light_here(self):
        for light in self.lights:
            dx, dy = HEADINGS[light["dir"]]
            if light["source"] == self.prev and (light["source"][0] + dx, light["source"][1] + dy) == self.curr:
                return light
        return None

    def tick(self):
        for light in self.lights:
            light["t"] += 1
            if light["state"] == "RED" and light["t"] >= light["red"]:
                light["state"], light["t"] = "GREEN", 0
            elif light["state"] == "GREEN" and light["t"] >= light["green"]:
                light["state"], light["t"] = "RED", 0

    def step(self):
        self.steps += 1
        if self.steps > 10_000:
            raise Stop("QUERY_INFINITE_LOOP")

    def act(self, a):
        self.step()
        if a == "D":
            if self.curr in self.b["houses"] and self.curr not in self.delivered:
                self.delivered.add(self.curr)
                self.tick()
                self.log.append("D")
                return
            raise Stop(f"DELIVER_AT_NON_DESTINATION at {self.curr}")
        if a == "H":
            self.cows.discard(self.curr)
            target = self.curr
        elif a == "W":
            target = self.curr
        elif a == "A":
            target = self.prev
        else:
            target = self.target({"F": "fwd", "L": "left", "R": "right"}[a])
        cow_square = self.prev if a == "W" else self.curr
        if a != "H" and cow_square in self.cows:
            raise Stop(f"COLLISION_WITH_COW at {cow_square}")
        if target is None:
            raise Stop(f"CRASH doing {a} at {self.curr} heading {self.heading()}")
        if self.fuel < 0:
            raise Stop("OUT_OF_FUEL")
        light = self.light_here()
        if light and light["state"] == "RED" and target != self.curr:
            raise Stop(f"THROUGH_RED_LIGHT at {self.curr}")
        self.fuel -= 1
        self.tick()
        if target != self.curr:
            self.prev, self.curr = self.curr, target
            self.visited.append(target)
        self.log.append(a)

    def cond(self, c):
        if isinstance(c, tuple):
            return not self.cond(c[1])
        if c == "dest":
            return self.curr in self.b["houses"] and self.curr not in self.delivered
        if c in ("fwd", "left", "right"):
            return self.target(c) is not None
        if c == "dead":
            return len(self.b["neighbours"][self.curr]) == 1
        if c in ("red", "green"):
            light = self.light_here()
            return light is not None and light["state"] == c.upper()
        if c == "cow":
            return self.curr in self.cows
        raise ValueError(c)

    def run_body(self, body, procs):
        for s in body:
            if isinstance(s, str):
                self.act(s)
            elif s[0] == "repeat":
                for _ in range(s[1]):
                    self.step()
                    self.run_body(s[2], procs)
            elif s[0] in ("until", "while"):
                while True:
                    self.step()
                    holds = self.cond(s[1])
                    if (s[0] == "until") == holds:
                        break
                    self.run_body(s[2], procs)
            elif s[0] == "if":
                self.step()
                for c, b in s[1]:
                    if self.cond(c):
                        self.run_body(b, procs)
                        break
                else:
                    if s[2] is not None:
                        self.run_body(s[2], procs)
            elif s[0] == "call":
                self.step()
                self.run_body(procs[s[1]], procs)

    def run(self, solution):
        main, procs = split_program(solution)
        try:
            self.run_body(main, procs)
        except Stop as stop:
            return False, stop.reason
        houses = self.b["houses"]
        if len(houses) == 1:
            ok = self.curr == houses[0]
            return ok, "delivered" if ok else f"OUT_OF_INSTRUCTIONS at {self.curr}"
        ok = self.delivered == set(houses)
        return ok, "delivered" if ok else f"UNDELIVERED_DESTINATIONS {sorted(set(houses) - self.delivered)}"


# --------------------------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------------------------

TOOLBOX_ORDER = ["move_forwards", "turn_left", "turn_right", "turn_around", "wait", "deliver", "sound_horn",
                 "controls_repeat", "controls_repeat_while", "controls_repeat_until", "controls_if",
                 "logic_negate", "at_destination", "road_exists", "dead_end", "traffic_light", "cow_crossing",
                 "declare_proc", "call_proc"]


def level_json(spec: Spec, built) -> dict:
    needed = set(used_blocks(spec.solution)) | set(spec.extra_blocks)
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
    count = program_blocks(spec.solution)
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
        "scoring": {"routeMax": route_max, "algorithmMax": 10 if spec.algorithm else 0,
                    "modelSolutions": spec.model_solutions or [count]},
        "blocklyEnabled": not spec.python,
        "pythonEnabled": spec.python,
        "pythonViewEnabled": spec.python_view,
        "decor": built["decor"],
    }


# Our JSON block program format (documented at the top of Sources/RouterKit/BlockJSON.swift);
# block ids are left out: the reader makes them up in document order.
class BlockWriter:
    def condition(self, c):
        if isinstance(c, tuple):
            return {"type": "logic_negate", "condition": self.condition(c[1])}
        block = {"type": CONDITION_BLOCKS[c]}
        if c in ("fwd", "left", "right"):
            block["direction"] = {"fwd": "FORWARD", "left": "LEFT", "right": "RIGHT"}[c]
        if c in ("red", "green"):
            block["colour"] = c.upper()
        return block

    def statements(self, body):
        out = []
        for s in body:
            if isinstance(s, str):
                out.append({"type": ACTIONS[s]})
            elif s[0] == "repeat":
                out.append({"type": "controls_repeat", "times": s[1], "do": self.statements(s[2])})
            elif s[0] in ("until", "while"):
                out.append({"type": f"controls_repeat_{s[0]}", "condition": self.condition(s[1]),
                            "do": self.statements(s[2])})
            elif s[0] == "if":
                block = {"type": "controls_if",
                         "branches": [{"condition": self.condition(c), "do": self.statements(b)} for c, b in s[1]]}
                if s[2] is not None:
                    block["else"] = self.statements(s[2])
                out.append(block)
            elif s[0] == "call":
                out.append({"type": "call_proc", "name": s[1]})
        return out

    def program(self, solution):
        main, procs = split_program(solution)
        program = {"blocks": self.statements(main)}
        if procs:
            program["procedures"] = [{"name": name, "do": self.statements(body)} for name, body in procs.items()]
        return program


PY_CONDITIONS = {"dest": "my_van.at_destination()", "fwd": "my_van.is_road_forward()",
                 "left": "my_van.is_road_left()", "right": "my_van.is_road_right()",
                 "dead": "my_van.at_dead_end()", "red": "my_van.at_red_traffic_light()",
                 "green": "my_van.at_green_traffic_light()", "cow": "my_van.is_animal_crossing()"}


def python_condition(c):
    if isinstance(c, tuple):
        return "not " + python_condition(c[1])
    return PY_CONDITIONS[c]


def python_source(solution) -> str:
    main, procs = split_program(solution)
    lines = ["from van import Van", "", "my_van = Van()", ""]

    def emit(body, depth):
        pad = "    " * depth
        for s in body:
            if isinstance(s, str):
                lines.append(f"{pad}my_van.{ACTIONS[s]}()")
            elif s[0] == "repeat":
                lines.append(f"{pad}for count in range({s[1]}):")
                emit(s[2], depth + 1)
            elif s[0] == "until":
                lines.append(f"{pad}while not {python_condition(s[1])}:")
                emit(s[2], depth + 1)
            elif s[0] == "while":
                lines.append(f"{pad}while {python_condition(s[1])}:")
                emit(s[2], depth + 1)
            elif s[0] == "if":
                for i, (c, b) in enumerate(s[1]):
                    lines.append(f"{pad}{'if' if i == 0 else 'elif'} {python_condition(c)}:")
                    emit(b, depth + 1)
                if s[2] is not None:
                    lines.append(f"{pad}else:")
                    emit(s[2], depth + 1)
            elif s[0] == "call":
                lines.append(f"{pad}{s[1]}()")

    for name, body in procs.items():
        lines.append(f"def {name}():")
        emit(body, 1)
        lines.append("")
    emit(main, 0)
    return "\n".join(lines) + "\n"


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


def pythonize(body):
    """Python has no 'repeat until': `while not c:` is a while loop over a `not` (and is counted so)."""
    out = []
    for s in body:
        if isinstance(s, str) or s[0] == "call":
            out.append(s)
        elif s[0] == "repeat":
            out.append(("repeat", s[1], pythonize(s[2])))
        elif s[0] == "until":
            out.append(("while", ("not", s[1]), pythonize(s[2])))
        elif s[0] == "while":
            out.append(("while", s[1], pythonize(s[2])))
        elif s[0] == "if":
            out.append(("if", [(c, pythonize(b)) for c, b in s[1]], None if s[2] is None else pythonize(s[2])))
    return out


class _PythonVan:
    """`from van import Van` for a reference solution run by CPython: every method drives the Sim."""

    def __init__(self, sim):
        self._sim = sim

    def __getattr__(self, name):
        sim = self._sim
        actions = {v: k for k, v in ACTIONS.items()}
        queries = {"at_destination": "dest", "is_road_forward": "fwd", "is_road_left": "left",
                   "is_road_right": "right", "at_dead_end": "dead", "at_red_traffic_light": "red",
                   "at_green_traffic_light": "green", "is_animal_crossing": "cow"}
        if name in actions:
            return lambda: sim.act(actions[name])
        if name in queries:
            return lambda: (sim.step(), sim.cond(queries[name]))[1]
        if name == "is_road":
            return lambda d: (sim.step(), sim.cond({"FORWARD": "fwd", "LEFT": "left", "RIGHT": "right"}[d]))[1]
        if name == "at_traffic_light":
            return lambda colour: (sim.step(), sim.cond(colour.lower()))[1]
        raise AttributeError(f"my_van has no method {name}")


def run_python(spec: Spec, built, source: str):
    """Runs a hand-written Python solution with CPython on a fresh Sim; returns (ok, reason, sim)."""
    import types
    sim = Sim(spec, built)
    module = types.ModuleType("van")
    module.Van = lambda: _PythonVan(sim)
    saved = sys.modules.get("van")
    sys.modules["van"] = module
    printed = []
    try:
        exec(compile(source, f"level {spec.id}", "exec"), {"__name__": "__main__", "print": lambda *a: printed.append(a)})
    except Stop as stop:
        return False, stop.reason, sim
    except Exception as error:  # a mistake in the reference program itself
        return False, f"python error: {error!r}", sim
    finally:
        if saved is None:
            sys.modules.pop("van", None)
        else:
            sys.modules["van"] = saved
    houses = built["houses"]
    ok = sim.curr == houses[0] if len(houses) == 1 else sim.delivered == set(houses)
    return ok, "delivered" if ok else f"not delivered, van at {sim.curr}", sim


def check(spec: Spec):
    """Builds the level, runs its solution and returns (level json, problems, sim)."""
    if spec.python:
        main, procs = split_program(spec.solution)
        main, procs = pythonize(main), {name: pythonize(body) for name, body in procs.items()}
        spec.solution = (main, procs) if procs else main
    problems = []
    built = build(spec)
    level = level_json(spec, built)
    sim = Sim(spec, built)
    ok, reason = sim.run(spec.solution)
    if not ok:
        problems.append(f"solution fails: {reason}")
    else:
        optimal = optimal_nodes(built)
        travelled = len(sim.visited) - 2
        if len(set(sim.visited)) != len(sim.visited):
            problems.append("the route visits a tile twice")
        if travelled + 2 != optimal:
            problems.append(f"route is {travelled + 2} tiles, the shortest {optimal}")
        if sim.fuel < -1:
            problems.append("fuel below -1")
    count = program_blocks(spec.solution)
    if count not in level["scoring"]["modelSolutions"]:
        problems.append(f"block count {count} not in {level['scoring']['modelSolutions']}")
    for name, cap in spec.limits.items():
        if used_blocks(spec.solution).get(name, 0) > cap:
            problems.append(f"{name} used more than its limit {cap}")
    if spec.python_solution is not None:
        if not spec.python:
            problems.append("python_solution on a level without python=True")
        ok, reason, py_sim = run_python(spec, built, spec.python_solution)
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
SPEC_MODULES = ["router_level_specs", "router_level_specs_numbers", "router_level_specs_den1",
                "router_level_specs_den2"]


def load_specs():
    import importlib
    episodes, levels = [], []
    for name in SPEC_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as error:
            if error.name == name:
                continue
            raise
        episodes += module.EPISODES
        levels += module.LEVELS
    return episodes, levels


def main(argv):
    EPISODES, LEVELS = load_specs()
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
        print("log:", "".join(sim.log), "blocks:", program_blocks(spec.solution), "fuel left:", sim.fuel)
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
        if spec.python:
            with open(os.path.join(SOLUTIONS_DIR, f"{spec.id}.py"), "w", encoding="utf-8") as f:
                f.write(spec.python_solution or python_source(spec.solution))
        else:
            write_json(os.path.join(SOLUTIONS_DIR, f"{spec.id}.json"), BlockWriter().program(spec.solution))
    episodes = [{"number": number, "name": name, "summary": summary, "levelIDs": episode_ids[number]}
                for number, name, summary in EPISODES]
    write_json(os.path.join(LEVELS_DIR, "episodes.json"), episodes)
    return 0


if __name__ == "__main__":
    sys.dont_write_bytecode = True
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    sys.exit(main(sys.argv[1:]))
