"""The small simulator scripts/router_levels.py checks every reference solution with before the
real engine runs it: the rules of shared/reference/rapid-router.md §4 (moves, crashes, cows,
traffic lights, fuel, the 10,000-step cap) and the interpreter's whole-number variables. A
hand-written Python reference program runs in CPython with `my_van` driving this simulator.
"""

from __future__ import annotations

import sys

from router_program import ACTIONS, arithmetic, is_number, split_program

HEADINGS = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
LEFT = {"N": "W", "W": "S", "S": "E", "E": "N"}
RIGHT = {v: k for k, v in LEFT.items()}

class Stop(Exception):
    def __init__(self, reason):
        super().__init__(reason)
        self.reason = reason


class Sim:
    def __init__(self, spec, built):
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
        self.vars: dict[str, int] = {}   # the program's variables: whole numbers, global
        self.printed: list[str] = []     # what a Python reference program printed

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

    def value(self, e) -> int:
        if is_number(e):
            return e
        if e[0] == "var":
            if e[1] not in self.vars:
                raise Stop(f"the variable {e[1]!r} has no value yet")
            return self.vars[e[1]]
        try:
            return arithmetic(e[1], self.value(e[2]), self.value(e[3]))
        except ValueError as error:
            raise Stop(str(error)) from None

    def cond(self, c):
        if isinstance(c, tuple):
            if c[0] == "not":
                return not self.cond(c[1])
            if c[0] == "and":
                return self.cond(c[1]) and self.cond(c[2])
            if c[0] == "or":
                return self.cond(c[1]) or self.cond(c[2])
            if c[0] == "bool":
                return c[1]
            if c[0] == "cmp":
                a, b = self.value(c[2]), self.value(c[3])
                return {"EQ": a == b, "NEQ": a != b, "LT": a < b, "LTE": a <= b, "GT": a > b, "GTE": a >= b}[c[1]]
            raise ValueError(c)
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
                self.step()
                for _ in range(max(0, self.value(s[1]))):
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
            elif s[0] == "set":
                self.step()
                self.vars[s[1]] = self.value(s[2])
            elif s[0] == "change":
                self.step()
                if s[1] not in self.vars:
                    raise Stop(f"the variable {s[1]!r} has no value yet")
                self.vars[s[1]] += self.value(s[2])
            else:
                raise ValueError(f"the simulator can't run {s!r}")

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


def run_python(spec, built, source: str):
    """Runs a hand-written Python solution with CPython on a fresh Sim; returns (ok, reason, sim)."""
    import types
    sim = Sim(spec, built)
    module = types.ModuleType("van")
    module.Van = lambda: _PythonVan(sim)
    saved = sys.modules.get("van")
    sys.modules["van"] = module
    lines = 0

    def budget(frame, event, arg):
        # Ten times the engine's step cap in Python lines: a loop that never drives still ends.
        nonlocal lines
        if event == "line":
            lines += 1
            if lines > 100_000:
                raise Stop("QUERY_INFINITE_LOOP (the program runs on without finishing)")
        return budget

    def show(*values, sep=" ", end="\n"):
        sim.printed.append(sep.join(str(v) for v in values))

    try:
        sys.settrace(budget)
        try:
            exec(compile(source, f"level {spec.id}", "exec"), {"__name__": "__main__", "print": show})
        finally:
            sys.settrace(None)
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
