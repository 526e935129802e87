"""The small nested program form the level specs write their reference solutions in, and what
scripts/router_levels.py does with it: count blocks exactly as Sources/RouterKit/BlockCount.swift
does, list the blocks used (for toolboxes), write our JSON block format (as
Sources/RouterKit/BlockJSON.swift reads it) and write the same program as Python.

Statements
    actions  'F' forwards, 'L' left, 'R' right, 'A' turn around, 'W' wait, 'D' deliver, 'H' horn
    ('repeat', times, body)      times: a whole number, or a number expression (Python's range(n))
    ('until', cond, body)   ('while', cond, body)
    ('if', [(cond, body), ...], else_body or None)   ('call', name)
    ('set', name, expr)          "set name to"  (Python `name = expr`)
    ('change', name, expr)       "change name by" (Python `name += expr`)
Conditions
    'dest', 'fwd', 'left', 'right', 'dead', 'red', 'green', 'cow', ('not', cond)
    ('cmp', op, a, b)            op EQ NEQ LT LTE GT GTE; a, b number expressions
    ('and', a, b) ('or', a, b) ('bool', True/False)   Python only (no block; they count 1 each)
Number expressions
    a whole number (a "number" block), ('var', name), ('arith', op, a, b) with op ADD MINUS
    MULTIPLY DIVIDE (floor division, as Python's //) POWER MODULO
Python-only pieces that have no block (the mirror of a hand-written program makes them; they are
only counted, never run or written as blocks):
    ('print',)  ('break',)  ('continue',)  ('py', [bodies])  — 1 each, plus the bodies inside
    ('pyexpr',) a value that is no number block (text, a list, a call), ('pycond',) likewise — 1 each
A solution is a list of statements, or (main, {name: body}) with procedures.
"""

from __future__ import annotations

import operator

ACTIONS = {"F": "move_forwards", "L": "turn_left", "R": "turn_right", "A": "turn_around",
           "W": "wait", "D": "deliver", "H": "sound_horn"}
CONDITION_BLOCKS = {"dest": "at_destination", "fwd": "road_exists", "left": "road_exists",
                    "right": "road_exists", "dead": "dead_end", "red": "traffic_light",
                    "green": "traffic_light", "cow": "cow_crossing"}
COMPARE_OPS = {"EQ": "==", "NEQ": "!=", "LT": "<", "LTE": "<=", "GT": ">", "GTE": ">="}
ARITH_OPS = {"ADD": "+", "MINUS": "-", "MULTIPLY": "*", "DIVIDE": "//", "POWER": "**", "MODULO": "%"}
PYTHON_ONLY = ("print", "break", "continue")

# The toolbox in the engine's order (BlockType in Sources/RouterKit/Level.swift).
TOOLBOX_ORDER = ["move_forwards", "turn_left", "turn_right", "turn_around", "wait", "deliver", "sound_horn",
                 "controls_repeat", "controls_repeat_while", "controls_repeat_until", "controls_if",
                 "logic_negate", "at_destination", "road_exists", "dead_end", "traffic_light", "cow_crossing",
                 "declare_proc", "call_proc", "variables_numeric_set", "variables_increment", "variables_get",
                 "math_number", "math_arithmetic", "logic_compare"]


def split_program(solution):
    if isinstance(solution, tuple) and len(solution) == 2 and isinstance(solution[1], dict):
        return solution[0], solution[1]
    return solution, {}


def is_number(e) -> bool:
    return isinstance(e, int) and not isinstance(e, bool)


def parts(s):
    """A statement's conditions, its numbers (typed in the block's own field, or an expression
    plugged in there) and its bodies: the one description of the statement forms every walk uses."""
    if isinstance(s, str) or s[0] == "call" or s[0] in PYTHON_ONLY:
        return [], [], []
    if s[0] == "repeat":
        return [], [s[1]], [s[2]]
    if s[0] in ("until", "while"):
        return [s[1]], [], [s[2]]
    if s[0] == "if":
        return [c for c, _ in s[1]], [], [b for _, b in s[1]] + ([] if s[2] is None else [s[2]])
    if s[0] in ("set", "change"):
        return [], [s[2]], []
    if s[0] == "py":
        return [], [], list(s[1])
    raise ValueError(f"unknown statement {s!r}")


def walk_statements(body, visit):
    """Calls `visit(statement, conditions, numbers)` for every statement of `body`, then walks the
    bodies inside it."""
    for s in body:
        conditions, numbers, bodies = parts(s)
        visit(s, conditions, numbers)
        for b in bodies:
            walk_statements(b, visit)


def statement_block(s):
    """The block a statement is (None for Python-only pieces, which have none)."""
    if isinstance(s, str):
        return ACTIONS[s]
    return {"repeat": "controls_repeat", "until": "controls_repeat_until", "while": "controls_repeat_while",
            "if": "controls_if", "call": "call_proc", "set": "variables_numeric_set",
            "change": "variables_increment"}.get(s[0])


# --------------------------------------------------------------------------------------------
# Block counting: the reference §5 rules with the engine's quirks (BlockCount.swift)
# --------------------------------------------------------------------------------------------

def count_condition(cond) -> int:
    if isinstance(cond, tuple):
        if cond[0] == "not":
            return 1 + count_condition(cond[1])
        if cond[0] in ("and", "or"):
            return 1 + count_condition(cond[1]) + count_condition(cond[2])
        if cond[0] == "cmp":
            return 1 + count_expression(cond[2])  # quirk: the right operand is not counted
        if cond[0] in ("bool", "pycond"):
            return 1
        raise ValueError(f"unknown condition {cond!r}")
    return 1


def count_expression(e) -> int:
    if is_number(e) or (isinstance(e, tuple) and e[0] == "var"):
        return 2  # quirk: a number or a variable's value counts 2
    if isinstance(e, tuple) and e[0] == "arith":
        return 1 + count_expression(e[2]) + count_expression(e[3])
    if isinstance(e, tuple) and e[0] == "pyexpr":
        return 1
    raise ValueError(f"unknown number expression {e!r}")


def count_field(e) -> int:
    """A number typed in a block's own field (repeat times, set/change value) counts nothing."""
    return 0 if is_number(e) else count_expression(e)


def count_blocks(body) -> int:
    """Every statement 1, loops add their condition and body, `if` adds every condition and
    branch body, `not` its operand, set/change and repeat an expression plugged into them."""
    total = 0
    for s in body:
        conditions, numbers, bodies = parts(s)
        total += (1 + sum(count_condition(c) for c in conditions) + sum(count_field(e) for e in numbers)
                  + sum(count_blocks(b) for b in bodies))
    return total


def program_blocks(solution) -> int:
    main, procs = split_program(solution)
    return count_blocks(main) + sum(1 + count_blocks(b) for b in procs.values())


def used_blocks(solution) -> dict[str, int]:
    """How many of each block type the program uses (for toolboxes and limits), as the engine's
    `blockUses` lists them: a number in a block's own field is not a number block."""
    uses: dict[str, int] = {}

    def add(name):
        uses[name] = uses.get(name, 0) + 1

    def expr(e):
        if is_number(e):
            add("math_number")
        elif e[0] == "var":
            add("variables_get")
        elif e[0] == "arith":
            add("math_arithmetic")
            expr(e[2])
            expr(e[3])

    def field(e):
        if not is_number(e):
            expr(e)

    def cond(c):
        if not isinstance(c, tuple):
            add(CONDITION_BLOCKS[c])
        elif c[0] == "not":
            add("logic_negate")
            cond(c[1])
        elif c[0] in ("and", "or"):
            cond(c[1])
            cond(c[2])
        elif c[0] == "cmp":
            add("logic_compare")
            expr(c[2])
            expr(c[3])

    def visit(s, conditions, numbers):
        if statement_block(s):
            add(statement_block(s))
        for c in conditions:
            cond(c)
        for e in numbers:
            field(e)

    main, procs = split_program(solution)
    walk_statements(main, visit)
    for body in procs.values():
        add("declare_proc")
        walk_statements(body, visit)
    return uses


# --------------------------------------------------------------------------------------------
# Our JSON block program format (documented at the top of Sources/RouterKit/BlockJSON.swift);
# block ids are left out: the reader makes them up in document order.
# --------------------------------------------------------------------------------------------

class BlockWriter:
    def expression(self, e):
        if is_number(e):
            return {"type": "math_number", "value": e}
        if e[0] == "var":
            return {"type": "variables_get", "name": e[1]}
        return {"type": "math_arithmetic", "op": e[1], "a": self.expression(e[2]), "b": self.expression(e[3])}

    def field(self, e):
        """A number typed into the block itself, or an expression block plugged into it."""
        return e if is_number(e) else self.expression(e)

    def condition(self, c):
        if isinstance(c, tuple):
            if c[0] == "not":
                return {"type": "logic_negate", "condition": self.condition(c[1])}
            if c[0] == "cmp":
                return {"type": "logic_compare", "op": c[1], "a": self.expression(c[2]), "b": self.expression(c[3])}
            if c[0] in ("and", "or"):
                return {"type": "logic_operation", "op": c[0].upper(), "a": self.condition(c[1]),
                        "b": self.condition(c[2])}
            if c[0] == "bool":
                return {"type": "logic_boolean", "value": c[1]}
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
                out.append({"type": "controls_repeat", "times": self.field(s[1]), "do": self.statements(s[2])})
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
            elif s[0] in ("set", "change"):
                out.append({"type": "variables_numeric_set" if s[0] == "set" else "variables_increment",
                            "name": s[1], "value": self.field(s[2])})
            else:
                raise ValueError(f"{s!r} has no block")
        return out

    def program(self, solution):
        main, procs = split_program(solution)
        program = {"blocks": self.statements(main)}
        if procs:
            program["procedures"] = [{"name": name, "do": self.statements(body)} for name, body in procs.items()]
        return program


# --------------------------------------------------------------------------------------------
# The same program as Python (levels' Python view, and Python levels without a hand-written one)
# --------------------------------------------------------------------------------------------

PY_CONDITIONS = {"dest": "my_van.at_destination()", "fwd": "my_van.is_road_forward()",
                 "left": "my_van.is_road_left()", "right": "my_van.is_road_right()",
                 "dead": "my_van.at_dead_end()", "red": "my_van.at_red_traffic_light()",
                 "green": "my_van.at_green_traffic_light()", "cow": "my_van.is_animal_crossing()"}
# Binding strength, to bracket only where Python needs it.
_STRENGTH = {"ADD": 1, "MINUS": 1, "MULTIPLY": 2, "DIVIDE": 2, "MODULO": 2, "POWER": 3}


def python_expression(e, strength=0) -> str:
    if is_number(e):
        return str(e) if e >= 0 or strength == 0 else f"({e})"
    if e[0] == "var":
        return e[1]
    mine = _STRENGTH[e[1]]
    # Left-associative, except power: the side that would regroup gets brackets at equal strength.
    left = python_expression(e[2], mine + (1 if e[1] == "POWER" else 0))
    right = python_expression(e[3], mine + (0 if e[1] == "POWER" else 1))
    text = f"{left} {ARITH_OPS[e[1]]} {right}"
    return f"({text})" if mine < strength else text


def python_condition(c) -> str:
    if isinstance(c, tuple):
        if c[0] == "not":
            return "not " + python_condition(c[1])
        if c[0] == "cmp":
            return f"{python_expression(c[2])} {COMPARE_OPS[c[1]]} {python_expression(c[3])}"
        if c[0] in ("and", "or"):
            return f"{python_condition(c[1])} {c[0]} {python_condition(c[2])}"
        if c[0] == "bool":
            return str(c[1])
    return PY_CONDITIONS[c]


def _names(solution) -> set[str]:
    """Every variable the program sets or reads (a `for` counter must not be one of them)."""
    names: set[str] = set()

    def expr(e):
        if isinstance(e, tuple):
            if e[0] == "var":
                names.add(e[1])
            elif e[0] == "arith":
                expr(e[2])
                expr(e[3])

    def cond(c):
        if isinstance(c, tuple):
            for part in c[1:]:
                if isinstance(part, tuple) and part[0] in ("not", "cmp", "and", "or"):
                    cond(part)
                else:
                    expr(part)

    def visit(s, conditions, numbers):
        if not isinstance(s, str) and s[0] in ("set", "change"):
            names.add(s[1])
        for c in conditions:
            cond(c)
        for e in numbers:
            expr(e)

    main, procs = split_program(solution)
    for body in [main, *procs.values()]:
        walk_statements(body, visit)
    return names


def python_source(solution) -> str:
    main, procs = split_program(solution)
    lines = ["from van import Van", "", "my_van = Van()", ""]
    # A `for` whose counter the program also uses as a variable would become a counted while
    # loop in the engine (and count differently): pick a name the program does not use.
    taken = _names(solution)
    counter = next(name for name in ("count", "counter", "times", "i", "j", "k") if name not in taken)

    def emit(body, depth):
        pad = "    " * depth
        for s in body:
            if isinstance(s, str):
                lines.append(f"{pad}my_van.{ACTIONS[s]}()")
            elif s[0] == "repeat":
                lines.append(f"{pad}for {counter} in range({python_expression(s[1])}):")
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
            elif s[0] == "set":
                lines.append(f"{pad}{s[1]} = {python_expression(s[2])}")
            elif s[0] == "change":
                if is_number(s[2]) and s[2] < 0:
                    lines.append(f"{pad}{s[1]} -= {-s[2]}")
                else:
                    lines.append(f"{pad}{s[1]} += {python_expression(s[2])}")
            else:
                lines.append(f"{pad}{s[0]}")

    for name, body in procs.items():
        lines.append(f"def {name}():")
        emit(body, 1)
        lines.append("")
    emit(main, 0)
    return "\n".join(lines) + "\n"


def pythonize(body):
    """Python has no 'repeat until': `while not c:` is a while loop over a `not` (and is counted so)."""
    out = []
    for s in body:
        if isinstance(s, str) or s[0] in ("call", "set", "change") or s[0] in PYTHON_ONLY:
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


_ARITHMETIC = {"ADD": operator.add, "MINUS": operator.sub, "MULTIPLY": operator.mul, "DIVIDE": operator.floordiv,
               "MODULO": operator.mod, "POWER": operator.pow}


def arithmetic(op: str, a: int, b: int) -> int:
    """Whole-number arithmetic as the engine does it (Machine.apply): floor division and modulo
    as Python's; a problem is a ValueError (the engine stops the run with a message)."""
    if op not in _ARITHMETIC:
        raise ValueError(f"unknown arithmetic {op}")
    if op in ("DIVIDE", "MODULO") and b == 0:
        raise ValueError("divide by zero")
    if op == "POWER" and b < 0:
        raise ValueError("negative power")
    return _ARITHMETIC[op](a, b)
