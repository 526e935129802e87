"""A hand-written Python reference program, read into the nested program form of
scripts/router_program.py the way the engine's compiler (Sources/RouterPython/PythonCompiler.swift)
turns Python into its program tree, so the generator counts its blocks and lists the blocks it
uses exactly as the Swift test `LevelSolutionTests` will (model solutions, toolbox).

Mirrored rules (from PythonCompiler.swift):
- `from van import Van` and `my_van = Van()` are no blocks; `pass` and `global` neither.
- `x = e` is set; `x += e` change by e; `x -= e` change by -e (a number stays a number, anything
  else becomes 0 - e); `x *= e`, `x //= e`, `x %= e` are set x to (x op e).
- `for i in range(n)` / `range(a, b)` is a repeat (n, or b - a, or the expression) unless `i` is
  read anywhere in the program: then it is `i = a`, `while i < b:` … `i += 1`.
- `-e` is 0 - e (a negative number stays a number); `/` is floor division.
- `elif` chains are one if block; an `if` written inside an `else:` is a nested if block.
Python the engine is still learning (print, break, continue, return, lists, text, functions with
parameters) is a guess: 1 per statement plus what is inside it, 1 per value that is no number
block, and no toolbox block. The runtime may count them differently; the Swift test tells.
"""

from __future__ import annotations

import ast

from router_program import ACTIONS

QUERIES = {"at_destination": "dest", "is_road_forward": "fwd", "is_road_left": "left", "is_road_right": "right",
           "at_dead_end": "dead", "at_red_traffic_light": "red", "at_green_traffic_light": "green",
           "is_animal_crossing": "cow"}
METHODS = {v: k for k, v in ACTIONS.items()}
COMPARES = {ast.Eq: "EQ", ast.NotEq: "NEQ", ast.Lt: "LT", ast.LtE: "LTE", ast.Gt: "GT", ast.GtE: "GTE"}
ARITH = {ast.Add: "ADD", ast.Sub: "MINUS", ast.Mult: "MULTIPLY", ast.Div: "DIVIDE", ast.FloorDiv: "DIVIDE",
         ast.Mod: "MODULO", ast.Pow: "POWER"}


class MirrorError(ValueError):
    pass


def mirror(source: str):
    """The nested form of a Python program: a list of statements, or (main, {name: body})."""
    tree = ast.parse(source)
    reads = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)}
    reads |= {node.target.id for node in ast.walk(tree) if isinstance(node, ast.AugAssign)
              and isinstance(node.target, ast.Name)}
    defined = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
    return _Mirror(reads, defined).module(tree)


class _Mirror:
    def __init__(self, reads: set[str], defined: set[str]):
        self.reads = reads
        self.defined = defined
        self.vans: set[str] = set()

    def module(self, tree):
        main, procs = [], {}
        for node in tree.body:
            if isinstance(node, ast.FunctionDef):
                procs[node.name] = self.block(node.body)
            else:
                main += self.block([node])
        return (main, procs) if procs else main

    def block(self, nodes):
        out = []
        for node in nodes:
            out += self.statement(node)
        return out

    def statement(self, node):
        if isinstance(node, (ast.ImportFrom, ast.Import, ast.Pass, ast.Global)):
            return []
        if isinstance(node, ast.Assign):
            if isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Name) and node.value.func.id == "Van":
                self.vans |= {t.id for t in node.targets if isinstance(t, ast.Name)}
                return []
            if len(node.targets) != 1 or not isinstance(node.targets[0], ast.Name):
                return [("py", [])]  # x, y = … or items[0] = …
            return [("set", node.targets[0].id, self.expression(node.value))]
        if isinstance(node, ast.AugAssign):
            if not isinstance(node.target, ast.Name) or type(node.op) not in ARITH:
                return [("py", [])]
            name, amount = node.target.id, self.expression(node.value)
            if isinstance(node.op, ast.Add):
                return [("change", name, amount)]
            if isinstance(node.op, ast.Sub):
                return [("change", name, self.negated(amount))]
            return [("set", name, ("arith", ARITH[type(node.op)], ("var", name), amount))]
        if isinstance(node, ast.Expr):
            return [self.call(node.value)]
        if isinstance(node, ast.While):
            return [("while", self.condition(node.test), self.block(node.body))]
        if isinstance(node, ast.If):
            branches, otherwise = [(self.condition(node.test), self.block(node.body))], None
            rest = node.orelse
            # `elif` is a further branch; an `if` indented under `else:` is a block of its own.
            while len(rest) == 1 and isinstance(rest[0], ast.If) and rest[0].col_offset == node.col_offset:
                branches.append((self.condition(rest[0].test), self.block(rest[0].body)))
                rest = rest[0].orelse
            if rest:
                otherwise = self.block(rest)
            return [("if", branches, otherwise)]
        if isinstance(node, ast.For):
            return self.for_loop(node)
        if isinstance(node, (ast.Break, ast.Continue)):
            return [("break",) if isinstance(node, ast.Break) else ("continue",)]
        if isinstance(node, ast.Return):
            return [("py", [])]
        raise MirrorError(f"line {node.lineno}: {type(node).__name__} is not mirrored")

    def call(self, value):
        if not isinstance(value, ast.Call):
            raise MirrorError(f"line {value.lineno}: a line on its own should call something")
        func = value.func
        if isinstance(func, ast.Attribute) and func.attr in METHODS:
            return METHODS[func.attr]
        if isinstance(func, ast.Name) and func.id == "print":
            return ("print",)
        if isinstance(func, ast.Name) and func.id in self.defined:
            return ("call", func.id)
        return ("py", [])  # items.append(x) and other Python calls

    def for_loop(self, node):
        call = node.iter
        body = self.block(node.body)
        if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "range"
                and 1 <= len(call.args) <= 2 and isinstance(node.target, ast.Name)):
            return [("py", [body])]  # for x in a list
        start = self.expression(call.args[0]) if len(call.args) == 2 else 0
        end = self.expression(call.args[-1])
        name = node.target.id
        if name in self.reads:
            return [("set", name, start), ("while", ("cmp", "LT", ("var", name), end), body + [("change", name, 1)])]
        if isinstance(start, int) and isinstance(end, int):
            times = max(0, end - start)
        elif start == 0:
            times = end
        else:
            times = ("arith", "MINUS", end, start)
        return [("repeat", times, body)]

    def condition(self, node):
        if isinstance(node, ast.Constant) and isinstance(node.value, bool):
            return ("bool", node.value)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            return ("not", self.condition(node.operand))
        if isinstance(node, ast.BoolOp):
            op = "and" if isinstance(node.op, ast.And) else "or"
            result = self.condition(node.values[0])
            for value in node.values[1:]:
                result = (op, result, self.condition(value))
            return result
        if isinstance(node, ast.Compare) and not all(type(op) in COMPARES for op in node.ops):
            return ("pycond",)  # `x in items`, `x is None`
        if isinstance(node, ast.Compare):
            if len(node.ops) != 1:
                raise MirrorError(f"line {node.lineno}: compare two things at a time")
            return ("cmp", COMPARES[type(node.ops[0])], self.expression(node.left), self.expression(node.comparators[0]))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            method = node.func.attr
            if method in QUERIES:
                return QUERIES[method]
            if (method in ("is_road", "at_traffic_light") and len(node.args) == 1
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                word = node.args[0].value.upper()
                return {"FORWARD": "fwd", "LEFT": "left", "RIGHT": "right", "RED": "red", "GREEN": "green"}[word]
        return ("pycond",)  # `x in items`, a function's answer, a comparison of text

    def expression(self, node):
        if isinstance(node, ast.Constant) and isinstance(node.value, int) and not isinstance(node.value, bool):
            return node.value
        if isinstance(node, ast.Name):
            return ("var", node.id)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return self.negated(self.expression(node.operand))
        if isinstance(node, ast.BinOp) and type(node.op) in ARITH:
            return ("arith", ARITH[type(node.op)], self.expression(node.left), self.expression(node.right))
        return ("pyexpr",)  # text, a list, items[i], len(items), a function's answer

    @staticmethod
    def negated(e):
        if isinstance(e, int):
            return -e
        return ("arith", "MINUS", 0, e)
